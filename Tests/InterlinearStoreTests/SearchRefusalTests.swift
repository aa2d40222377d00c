import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// A query the search cannot run is refused in one line that still says what to do when the query is long or holds
/// control characters: the query is quoted short and escaped in the message itself (found by the search-query fuzz
/// harness: a Strong's query of NULs gave a message holding them, and a long query pushed the advice past the
/// message's bound).
@Suite struct SearchRefusalTests {
    static let hostile = "\u{1B}[2J\u{0}" + String(repeating: "G", count: 5_000)
    /// What a command line can carry of it (an argument cannot hold a NUL).
    static let hostileArgument = "\u{1B}[2J" + String(repeating: "G", count: 5_000)

    @Test(
        "a long, escaping query is quoted short and the advice survives",
        arguments: [
            (["--strongs"], hostileArgument, "is not a Strong's number such as G3056"),
            (["--text"], "(" + String(repeating: "light ", count: 1_000) + "\u{1B}[2J", "close every parenthesis"),
            (
                ["--morph"], "aorist " + String(repeating: "frobnicated ", count: 500) + "\u{7}",
                "try a code such as V-AAI-3S"
            ),
        ])
    func refusal(flags: [String], query: String, advice: String) throws {
        let result = try run(
            interlinearBinary, ["search", query] + flags + ["--corpus", try StoreFixture.committed.get().path])
        expectOneErrorLine(result, status: 64, [advice])
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 || $0.value == 7 })
        #expect(result.stderr.unicodeScalars.count <= "interlinear: error: ".count + EscapedText.messageLimit + 1)
    }

    /// The messages themselves, as a library caller gets them: no control character, within the message bound.
    @Test func theErrorItselfIsClean() throws {
        let store = try CorpusStore(url: StoreFixture.committed.get())
        #expect {
            try StoreSearch(store: store).run(SearchQuery(text: Self.hostile, kind: .strongs))
        } throws: { error in
            let message = String(describing: error)
            return !message.unicodeScalars.contains(where: EscapedText.needsEscape)
                && message.unicodeScalars.count <= EscapedText.messageLimit
                && message.hasSuffix("is not a Strong's number such as G3056 or H430")
        }
    }
}
