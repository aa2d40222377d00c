import Foundation
import InterlinearCorpus
import Testing

/// diatheke, SWORD's own command-line front end, as the tests' independent source of Strong's dictionary entries
/// (issue 29): `interlinear define`, the reader's define key and the window's "define" action are all compared with
/// what it prints, its markup stripped here.
public enum Diatheke {
    /// A SWORD library folder for diatheke holding Debian's two Strong's modules, with StrongsHebrew's `.conf` given
    /// the `Encoding=UTF-8` its data has but the packaged file lacks (without it SWORD reads the Hebrew as Latin-1,
    /// and diatheke prints "××œ×”×™×" for אלהים). The module data is Debian's, linked, not copied.
    public static let library: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-sword-\(getpid())")
        let mods = folder.appendingPathComponent("mods.d")
        try? FileManager.default.createDirectory(at: mods, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("modules").path,
            withDestinationPath: "/usr/share/sword/modules")
        for (name, extra) in [("strongsgreek.conf", ""), ("strongshebrew.conf", "\nEncoding=UTF-8\n")] {
            let conf = (try? String(contentsOfFile: "/usr/share/sword/mods.d/\(name)", encoding: .utf8)) ?? ""
            try? (conf + extra).write(to: mods.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }()

    /// What `diatheke -b MODULE -k N` prints for entry N, as markup and as text (the Beta Code spellings of
    /// `<orth type="writing">` left out, as no reader is to see them, tags removed, the five XML entities decoded,
    /// white space collapsed); nil when the module's key is not N (diatheke then shows the entry before).
    public static func entry(_ module: String, _ number: Int) throws -> (markup: String, text: String)? {
        var environment = ProcessInfo.processInfo.environment
        environment["SWORD_PATH"] = library.path
        environment["HOME"] = library.path  // no ~/.sword modules mixed in
        let program = try #require(SystemTool.find("diatheke"))
        let result = try run(program, ["-b", module, "-k", String(number)], environment: environment)
        #expect(result.status == 0, "diatheke \(module) \(number): \(result.stderr)")
        var output = result.stdoutText
        let prefix = String(format: "%05d: ", number)
        guard output.hasPrefix(prefix) else { return nil }
        output.removeFirst(prefix.count)
        if let trailer = output.range(of: "(\(module))", options: .backwards) {
            output.removeSubrange(trailer.lowerBound...)
        }
        var text = output.replacingOccurrences(
            of: #"<orth type="writing">[^<]*</orth>"#, with: " ", options: .regularExpression
        ).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return (output, text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    /// diatheke's text of an entry as an English voice is to get it: each `<orth>` in Greek or Hebrew script
    /// (SWORD's untyped `<orth>`) made the placeholder `scriptRun`, each Beta Code `<orth type="writing">` left out,
    /// Strong's pronunciation (`<pron>`) without its hyphens ("log'-os" → "log'os": apart, an English voice says
    /// "-os" as the letters O S), then the rest as `entry` makes its text, split into words, each in plain letters
    /// (`plainLetters`).
    public static func voiceWords(_ markup: String) -> [String] {
        var text = markup
        while let pron = text.range(of: #"<pron[^>]*>[^<-]*-[^<]*</pron>"#, options: .regularExpression) {
            text.replaceSubrange(pron, with: text[pron].replacingOccurrences(of: "-", with: ""))
        }
        text = text.replacingOccurrences(
            of: #"<orth type="writing">[^<]*</orth>"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<orth>[^<]*</orth>", with: " \(scriptRun) ", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: { $0.isWhitespace }).map { plainLetters(String($0)) }
    }

    /// Entry N as a `LexiconEntry`, its parts read from diatheke's markup here (the first `<orth>`, `<orth
    /// type="trans">` and `<pron>`; the King James list after the last ":--" or ": -", braces dropped), not by the
    /// importer: for suites that need a real entry without SWORD's library. Nil when the module has no entry N.
    package static func lexiconEntry(_ module: String, _ number: Int) throws -> LexiconEntry? {
        guard let (markup, text) = try entry(module, number) else { return nil }
        let language: SourceLanguage = module == "StrongsHebrew" ? .hebrew : .greek
        func part(_ pattern: String) -> String {
            guard let range = markup.range(of: pattern + "[^<]*<", options: .regularExpression) else { return "" }
            return String(markup[range].drop { $0 != ">" }.dropFirst().dropLast())
        }
        let list = LexiconEntry.kingJamesMark(in: text, language).map { text[$0.upperBound...] } ?? ""
        return LexiconEntry(
            language: language, number: number, headword: part("<orth>"),
            transliteration: part(#"<orth[^>]*type="trans"[^>]*>"#),
            pronunciation: part("<pron[^>]*>").filter { $0 != "{" && $0 != "}" }, derivation: "", definition: "",
            kjvUsage: list.filter { $0 != "{" && $0 != "}" }.trimmingCharacters(in: .whitespaces), text: text)
    }

    /// Stands for a run of Greek or Hebrew script in `voiceWords`.
    public static let scriptRun = "\u{1}"

    /// A transliteration in plain letters, by Unicode's canonical decomposition: the letters without their
    /// combining marks, the curly single quotation marks Strong's writes for ʾaleph and ʿayin as apostrophes.
    public static func plainLetters(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.decomposedStringWithCanonicalMapping.unicodeScalars
                    .filter { $0.properties.generalCategory != .nonspacingMark }
                    .map { ["\u{2018}", "\u{2019}", "\u{201B}"].contains($0) ? "'" : $0 }))
    }

    /// The inner text of the first `<tag>` (with exactly these attributes) in diatheke's markup, tags removed.
    public static func element(_ open: String, _ close: String, in markup: String) -> String? {
        guard let start = markup.range(of: open),
            let end = markup.range(of: close, range: start.upperBound..<markup.endIndex)
        else { return nil }
        return String(markup[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
