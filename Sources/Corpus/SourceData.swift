import Foundation

/// Where the corpus's source data lives: the data files of the PyPI package `bible-alignments`, downloaded without
/// its Python dependencies and unpacked by `scripts/setup` into the user's cache folder. Nothing is installed into
/// any Python: the importer reads the TSV/JSON files directly.
public enum SourceData {
    /// The package version the importer reads (its files and their columns).
    public static let version = "0.4.2"

    /// `$INTERLINEAR_SOURCES`, else `$XDG_CACHE_HOME/interlinear/sources/bible-alignments-0.4.2/data`, else the same
    /// under `~/.cache`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["INTERLINEAR_SOURCES"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let cache: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cache = URL(fileURLWithPath: home).appendingPathComponent(".cache")
        }
        return cache.appendingPathComponent("interlinear/sources/bible-alignments-\(version)/data")
    }

    /// Whether a folder holds the files the importer reads.
    public static func isComplete(_ directory: URL) -> Bool {
        BibleAlignmentsImporter.requiredFiles.allSatisfy {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }
}
