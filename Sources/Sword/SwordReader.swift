import InterlinearCorpus

/// SWORD's modules as the program reads them: through libsword in a child process (`SwordProcess`), never in this
/// one. libsword trusts its files (a damaged index crashed or hung the program, or grew it to gigabytes); the child
/// checks each module's `.conf` and files before libsword sees them and runs with limits on its memory and CPU
/// time, and whatever it sends back is checked here. A module that is damaged, or that libsword fails on, is a
/// `ModuleDamage` naming the module and file; a missing library or module a `SwordError`.
public final class SwordReader {
    private let process = SwordProcess()

    public init() {}

    /// An installed Bible module as its `.conf` describes it.
    public struct BibleModule: Sendable, Equatable {
        public let name: String
        public let abbreviation: String
        public let description: String
        public let licence: String
    }

    public func bibles() throws -> [BibleModule] {
        let strings = try ask(["bibles"], module: "", width: 4)
        return stride(from: 0, to: strings.count, by: 4).map {
            BibleModule(
                name: strings[$0], abbreviation: strings[$0 + 1], description: strings[$0 + 2],
                licence: strings[$0 + 3])
        }
    }

    /// The installed commentaries' names and `.conf` settings: name, Description, SourceType, Lang,
    /// DistributionLicense, each commentary in turn.
    func commentaries() throws -> [[String]] {
        let strings = try ask(["commentaries"], module: "", width: 5)
        return stride(from: 0, to: strings.count, by: 5).map { Array(strings[$0..<$0 + 5]) }
    }

    /// A dictionary's version (its `.conf`'s `Version`) and its entries' keys and markup, in key order.
    func lexicon(_ module: String) throws -> (version: String, entries: [(key: String, markup: String)]) {
        let strings = try ask(["lexicon", module], module: module, width: 2, header: 1)
        let entries = stride(from: 1, to: strings.count, by: 2).map { (strings[$0], strings[$0 + 1]) }
        return (strings.first ?? "", entries)
    }

    /// The key libsword settles on for `key` in a dictionary (the nearest entry when `key` has none) and its markup.
    func entry(_ module: String, key: String) throws -> (key: String, markup: String) {
        let strings = try ask(["entry", module, key], module: module, width: 2)
        return strings.count == 2 ? (strings[0], strings[1]) : ("", "")
    }

    /// The markup of every verse of `chapters` of the book `osis`: (chapter, verse, markup).
    func verses(_ module: String, book osis: String, chapters: [Int]) throws -> [(Int, Int, String)] {
        let strings = try ask(["verses", module, osis] + chapters.map(String.init), module: module, width: 3)
        return stride(from: 0, to: strings.count, by: 3).compactMap { start in
            guard let chapter = Int(strings[start]), chapters.contains(chapter), let verse = Int(strings[start + 1]),
                (1...LibswordBible.maxVerse).contains(verse)
            else { return nil }
            return (chapter, verse, strings[start + 2])
        }
    }

    /// The strings of the answer to `request`, whose count is `header` plus a multiple of `width`; a refusal
    /// thrown as the error it names.
    private func ask(_ request: [String], module: String, width: Int, header: Int = 0) throws -> [String] {
        guard request.allSatisfy({ !$0.contains("\t") && !$0.contains("\n") && $0.utf8.count <= 256 }) else {
            throw SwordError("a SWORD module name or key holds a tab, a newline or more than 256 bytes")
        }
        let answer = try process.ask(request, module: module)
        if let refusal = answer.refusal {
            switch refusal[0] {
            case "damaged":
                throw ModuleDamage(
                    module: refusal[1].isEmpty ? module : refusal[1], file: refusal[2].isEmpty ? nil : refusal[2],
                    refusal[3])
            default: throw SwordError(refusal[3])
            }
        }
        guard answer.strings.count >= header, (answer.strings.count - header) % width == 0 else {
            throw ModuleDamage(
                module: module, file: nil, "libsword's reader sent \(answer.strings.count) fields, not whole records")
        }
        return answer.strings
    }
}
