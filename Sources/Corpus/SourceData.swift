import Foundation

/// Where the corpus's source data lives: the data files of the PyPI package `bible-alignments`, downloaded without
/// its Python dependencies and unpacked into the user's cache folder (the checkout's setup script does it). Nothing is installed into
/// any Python: the importer reads the TSV/JSON files directly.
package enum SourceData {
    /// The package version the importer reads (its files and their columns).
    package static let version = "0.4.2"

    /// The package version whose `data/sources/WLC-LEB.tsv` holds the Hebrew Old Testament (later versions dropped
    /// it). The setup script keeps only that one file of it.
    package static let hebrewVersion = "0.3.5"
    /// The Hebrew file, relative to the 0.3.5 download's `data/` folder.
    package static let hebrewFile = "sources/WLC-LEB.tsv"
    /// The Berean Standard Bible's Old Testament, relative to the 0.4.2 download's `data/` folder.
    package static let oldTestamentTranslationFile = "eng/targets/BSB/ot_BSB.tsv"

    /// `$INTERLINEAR_SOURCES`, else `$XDG_CACHE_HOME/interlinear/sources/bible-alignments-0.4.2/data`, else the same
    /// under `~/.cache`.
    package static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["INTERLINEAR_SOURCES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return cacheDirectory(environment: environment).appendingPathComponent("bible-alignments-\(version)/data")
    }

    /// The 0.3.5 download's `data/` folder: `$INTERLINEAR_HEBREW_SOURCES`, else
    /// `…/interlinear/sources/bible-alignments-0.3.5/data` in the same cache folder as `defaultDirectory`.
    package static func hebrewDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["INTERLINEAR_HEBREW_SOURCES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return cacheDirectory(environment: environment).appendingPathComponent("bible-alignments-\(hebrewVersion)/data")
    }

    /// Whether both Old Testament files are present.
    package static func hasOldTestament(hebrew: URL, translation: URL) -> Bool {
        FileManager.default.fileExists(atPath: hebrew.appendingPathComponent(hebrewFile).path)
            && FileManager.default.fileExists(
                atPath: translation.appendingPathComponent(oldTestamentTranslationFile).path)
    }

    /// The version of the PyPI package `py-sblgnt` whose MorphGNT files give the SBLGNT as printed
    /// (`PrintedGreekText`). The setup script keeps only those files and the package's PKG-INFO.
    package static let printedGreekVersion = "0.10"
    /// The folder of the 27 MorphGNT files, relative to the py-sblgnt download's folder.
    package static let printedGreekFolder = "sblgnt"

    /// The py-sblgnt download's folder: `$INTERLINEAR_SBLGNT_SOURCES`, else `…/interlinear/sources/py-sblgnt-0.10`
    /// in the same cache folder as `defaultDirectory`.
    package static func printedGreekDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL
    {
        if let explicit = environment["INTERLINEAR_SBLGNT_SOURCES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return cacheDirectory(environment: environment).appendingPathComponent("py-sblgnt-\(printedGreekVersion)")
    }

    /// Whether the py-sblgnt download holds its 27 files.
    package static func hasPrintedGreek(_ directory: URL) -> Bool {
        PrintedGreekText.fileNames.allSatisfy {
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(printedGreekFolder).appendingPathComponent($0).path)
        }
    }

    /// `$XDG_CACHE_HOME/interlinear/sources`, else `~/.cache/interlinear/sources`.
    private static func cacheDirectory(environment: [String: String]) -> URL {
        UserFolders.cache(environment: environment).appendingPathComponent("interlinear/sources")
    }

    /// Whether a folder holds the files the importer reads.
    package static func isComplete(_ directory: URL) -> Bool {
        BibleAlignmentsImporter.requiredFiles.allSatisfy {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }
}
