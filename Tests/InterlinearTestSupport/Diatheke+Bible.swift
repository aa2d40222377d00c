import Foundation
import Testing

extension Diatheke {
    /// The King James module the tests read (Debian's `sword-text-kjv`).
    public static let kingJames = "engKJV2006eb"

    /// diatheke's output for `key` of a Bible module, one entry per verse number: "John 1:3: text" lines (a verse
    /// may run over several lines in OSIS output), the module's name trailer removed.
    public static func verses(_ key: String, options: [String], module: String = kingJames) throws -> [Int: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = FileManager.default.temporaryDirectory.path  // no ~/.sword modules mixed in
        let program = try #require(SystemTool.find("diatheke"))
        let result = try run(program, ["-b", module] + options + ["-k", key], environment: environment)
        #expect(result.status == 0, "diatheke \(key): \(result.stderr)")
        var verses: [Int: String] = [:]
        var current: Int?
        // A psalm's verse 1 comes after its title, indented.
        let pattern = try NSRegularExpression(
            pattern: "^\\s*\(NSRegularExpression.escapedPattern(for: key)):([0-9]+): ")
        for line in result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line)
            if text == "(\(module))" { break }
            if let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let number = Range(match.range(at: 1), in: text).flatMap({ Int(text[$0]) })
            {
                current = number
                verses[number] = String(text[Range(match.range, in: text)!.upperBound...])
            } else if let current {
                verses[current, default: ""] += "\n" + text
            }
        }
        return verses
    }

    /// The words of one verse of diatheke's OSIS output (`-o n -f OSIS`) with the Strong's numbers of the `<w>`
    /// element each lies in ("H0430" → 430), tags removed, split at white space.
    public static func taggedWords(_ markup: String) -> [(text: String, numbers: Set<Int>)] {
        var words: [(text: String, numbers: Set<Int>)] = []
        var word = "", numbers = Set<Int>(), open = Set<Int>()
        var rest = Substring(markup)
        func character(_ c: Character) {
            if c.isWhitespace {
                if !word.isEmpty { words.append((word, numbers)) }
                word = ""
                numbers = []
            } else {
                word.append(c)
                numbers.formUnion(open)
            }
        }
        while let c = rest.first {
            if c == "<", let close = rest.firstIndex(of: ">") {
                let tag = rest[rest.startIndex...close]
                if tag.hasPrefix("<w ") {
                    let found = tag.matches(of: /strong:[GH]0*([0-9]+)/).compactMap { Int($0.output.1) }
                    open = Set(found)
                } else if tag.hasPrefix("</w") {
                    open = []
                }
                rest = rest[rest.index(after: close)...]
            } else {
                character(c)
                rest = rest.dropFirst()
            }
        }
        character(" ")
        return words
    }

    /// The King James words of a chapter, verse by verse, each with its Strong's numbers, in the module's order.
    public static func kingJamesWords(_ chapter: String) throws -> [Int: [(text: String, numbers: Set<Int>)]] {
        try verses(chapter, options: ["-o", "n", "-f", "OSIS"]).mapValues(taggedWords)
    }
}
