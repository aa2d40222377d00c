import Foundation

/// What espeak-ng's English voice does with text (`espeak-ng -q -x -v en-us`: its phonemes, nothing sounded), and
/// whether it spelled anything out letter by letter. Spelling shows in its phoneme output in two ways, both learned
/// from espeak itself rather than from a list of characters:
/// - a character it cannot read is named one at a time ("e breve", "letter two B E", "o macron"), each name
///   followed by espeak's `_|` mark — which it writes nowhere else;
/// - a word it finds unpronounceable ("bdkl", "USA") is said as the names of its letters run together, each name
///   with its own stress ("b,i:d,i:k,eI'El"): a phoneme word made entirely of two or more letter names as espeak
///   says each letter alone.
///
/// `EnglishVoice(voice: "la")` is espeak's Latin voice, checked the same way with its own letter names.
public struct EnglishVoice {
    public let executable: URL
    /// espeak-ng's voice (`-v`): "en-us", or "la" for the Latin a commentator quotes.
    public let voice: String
    /// The phonemes of each letter a–z said alone, with secondary stress written as primary.
    public let letterNames: [String]
    /// The phoneme line of the sentinel that separates utterances in one batch.
    private let sentinel: String
    private static let sentinelText = "Zanzibar."

    public init(voice: String = "en-us") throws {
        guard let espeak = SystemTool.find("espeak-ng") else {
            throw SpawnFailure("espeak-ng is not installed (apt-get install espeak-ng, or run scripts/setup)")
        }
        executable = espeak
        self.voice = voice
        let alone = try Self.run(espeak, voice: voice, lines: [Self.sentinelText])
        sentinel = alone.first ?? ""
        // Capitals, each a sentence: a lone "a" would be the article.
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "\($0)." }
        let said = try Self.batch(espeak, voice: voice, letters, sentinel: sentinel)
        letterNames = said.map { Self.unifiedStress($0.joined(separator: " ")) }
    }

    /// espeak's phoneme lines for each utterance, in order: one batch, one process.
    public func phonemes(_ utterances: [String]) throws -> [[String]] {
        try Self.batch(executable, voice: voice, utterances, sentinel: sentinel)
    }

    /// Whether espeak spelled anything in these phoneme lines.
    public func isSpelled(_ lines: [String]) -> Bool {
        lines.contains { line in
            line.contains("_|")
                || line.split(separator: " ").contains { lettersRunTogether(Self.unifiedStress(String($0))) }
        }
    }

    /// Whether a phoneme word is two or more letter names and nothing else.
    func lettersRunTogether(_ word: String) -> Bool {
        let characters = Array(word.unicodeScalars)
        let names = letterNames.map { Array($0.unicodeScalars) }.filter { !$0.isEmpty }
        // longest[i]: the most names that cover characters[i...] exactly (nil: none do).
        var most = [Int?](repeating: nil, count: characters.count + 1)
        most[characters.count] = 0
        for start in stride(from: characters.count - 1, through: 0, by: -1) {
            for name in names where start + name.count <= characters.count {
                guard let rest = most[start + name.count], Array(characters[start..<start + name.count]) == name else {
                    continue
                }
                most[start] = max(most[start] ?? 0, rest + 1)
            }
        }
        return (most[0] ?? 0) >= 2
    }

    private static func unifiedStress(_ phonemes: String) -> String {
        phonemes.replacingOccurrences(of: ",", with: "'")
    }

    /// Each utterance on its own line followed by a sentinel sentence, through one espeak process reading a file; the
    /// output is cut at the sentinel's phonemes.
    private static func batch(_ espeak: URL, voice: String, _ utterances: [String], sentinel: String) throws
        -> [[String]]
    {
        var lines: [String] = []
        for utterance in utterances {
            // A line break is no clause break to espeak: each utterance ends a sentence, so the sentinel is its own.
            var line = utterance.split(whereSeparator: \.isNewline).joined(separator: " ")
            if let last = line.last, !".!?;:,".contains(last) { line += "." }
            lines.append(line)
            lines.append(sentinelText)
        }
        let output = try run(espeak, voice: voice, lines: lines)
        var groups: [[String]] = [], current: [String] = []
        for line in output {
            if line == sentinel { groups.append(current); current = [] } else { current.append(line) }
        }
        guard groups.count == utterances.count, current.isEmpty else {
            throw SpawnFailure("espeak-ng gave \(groups.count) utterances for \(utterances.count)")
        }
        return groups
    }

    private static func run(_ espeak: URL, voice: String, lines: [String]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interlinear-espeak-\(UUID().uuidString).txt")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try InterlinearTestSupport.run(espeak, ["-q", "-x", "-v", voice, "-f", file.path])
        guard result.status == 0 else { throw SpawnFailure("espeak-ng failed: \(result.stderr)") }
        return result.stdoutText.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}
