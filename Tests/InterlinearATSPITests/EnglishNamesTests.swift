import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearATSPI

/// The window's accessible names, descriptions and action names, as the AT-SPI adapter gives them to Orca, for every
/// object of John 1, Genesis 1, Psalm 23 and Isaiah 53 at both granularities: espeak-ng's English voice spells none
/// of the English ones out (`EnglishVoice`), and a Hebrew chapter never says "Greek".
@Suite(
    "AT-SPI names through an English voice (espeak-ng)", .serialized,
    .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")))
struct EnglishNamesTests {
    /// The view's part of the adapter's host: only the tree is asked for here.
    final class Host: AccessibleHost {
        let accessibilityTree: AccessibilityTree
        init(_ tree: AccessibilityTree) { accessibilityTree = tree }
        var windowOrigin: (x: Int32, y: Int32) { (0, 0) }
        var windowTitle: String { "\(accessibilityTree.chapter.reference.description) — interlinear" }
        func focusRequested(_ id: ElementID) {}
    }

    @Test(
        "no English name, description or action spelled out",
        arguments: ["John 1", "Genesis 1", "Psalm 23", "Isaiah 53"])
    func nothingSpelled(_ reference: String) throws {
        var utterances: [String] = []
        var language = SourceLanguage.greek
        for granularity in Granularity.allCases {
            let tree = try ObjectNodeTests.tree(reference, granularity: granularity)
            language = tree.chapter.language
            let host = Host(tree)  // the adapter holds its host unowned
            let adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: .off)
            tree.screenReaderEnabled = true
            var nodes: [ObjectNode] = [.application, .frame, .document]
            for cell in tree.layout.cells.indices {
                nodes.append(.cell(cell))
                for element in tree.container(at: cell)?.elements ?? [] {
                    nodes.append(.element(ElementID(cell: cell, kind: element.kind)))
                }
            }
            for node in nodes {
                let said = adapter.utterance(of: node)
                if said.language == "en" || said.language.hasSuffix("-Latn") { utterances.append(said.name) }
                utterances.append(said.description)
                for action in adapter.actions(of: node) { utterances += [action.name, action.description] }
            }
            withExtendedLifetime(host) {}
        }
        if language == .hebrew {
            #expect(
                !utterances.contains { $0.contains("Greek") }, "\(utterances.filter { $0.contains("Greek") }.prefix(3))"
            )
        }
        let voice = try EnglishVoice()
        let unique = Array(Set(utterances.filter { !$0.isEmpty })).sorted()
        let spelled = zip(unique, try voice.phonemes(unique)).filter { voice.isSpelled($0.1) }
        print("\(reference) AT-SPI: \(spelled.count) of \(unique.count) distinct English utterances spelled out")
        #expect(spelled.isEmpty, "\(spelled.count) spelled, e.g. \(spelled.prefix(3).map(\.0))")
    }
}
