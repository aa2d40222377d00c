import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearATSPI

/// The adapter's side of the "define" action when the window's store refuses the word's entry (a damaged row): the
/// screen reader hears that the entry could not be read and why, as the reader's `i` says it, never "No dictionary
/// entry", and the word's description is left as it was.
@Suite("AT-SPI: the define action of a word whose entry the store refuses")
struct DefineRefusalTests {
    /// How `CorpusStore` words its refusal of a damaged lexicon row.
    struct Refusal: Error, CustomStringConvertible {
        var field: String
        var description: String {
            "the corpus store /tmp/store.sqlite is damaged: a lexicon row for '\(field)' has a definition that holds "
                + "the control character \\e"
        }
    }

    @Test(arguments: ["John 1", "Genesis 1"])
    func aRefusedEntryIsSaidToBeUnreadable(_ reference: String) throws {
        let tree = try ObjectNodeTests.tree(reference)
        // A window whose store refuses every entry.
        let host = PartsActionAdapterTests.Host(tree, entries: { throw Refusal(field: $0) }) { nil }
        let adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: .off)
        host.accessibilityTree.screenReaderEnabled = true  // mode off turned it off
        let word = ObjectNode.element(ElementID(cell: 0, kind: .word(0)))
        let before = adapter.utterance(of: word).description
        let entry = try #require(adapter.actions(of: word).first { $0.action == .define })
        #expect(!adapter.perform(entry, on: word))
        let said = adapter.statusMessage
        // The refusal in words an English voice says (`Speakable.english`: the path's slashes are pauses).
        #expect(said.hasPrefix("The dictionary entry could not be read: the corpus store "), "\(said)")
        #expect(said.contains("is damaged: a lexicon row for") && !said.contains("No dictionary entry"), "\(said)")
        #expect(adapter.utterance(of: word).description == before)
        withExtendedLifetime(host) {}
    }
}
