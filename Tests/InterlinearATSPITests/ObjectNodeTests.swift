import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearATSPI

/// Object paths are derived from the layer's node ids and map back one to one.
@Suite struct ObjectNodeTests {
    static func tree(_ reference: String = "John 1", granularity: Granularity = .word, notes: Set<Int> = []) throws
        -> AccessibilityTree
    {
        let session = try makeSession(options: LayoutOptions(width: 390))
        let chapter = try session.chapter(#require(ChapterReference(parsing: reference)))
        return session.accessibilityTree(
            for: chapter, granularity: granularity, notedVerses: notes,
            screenReaderEnabled: true)
    }

    @Test func everyElementPathRoundTrips() throws {
        for granularity in Granularity.allCases {
            let tree = try Self.tree(granularity: granularity, notes: [3])
            var nodes: [ObjectNode] = [.application, .frame, .document, .statusBar, .statusMessage]
            for cell in tree.layout.cells.indices {
                nodes.append(.cell(cell))
                for element in tree.container(at: cell)?.elements ?? [] {
                    nodes.append(.element(ElementID(cell: cell, kind: element.kind)))
                }
            }
            var paths = Set<String>()
            for node in nodes {
                let path = node.path(in: tree)
                #expect(ObjectNode(path: path, tree: tree) == node, "\(path)")
                // A D-Bus object path: "/" then elements of [A-Za-z0-9_], no empty element.
                #expect(
                    path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
                        .allSatisfy {
                            !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                        },
                    "\(path)")
                paths.insert(path)
            }
            #expect(paths.count == nodes.count)
        }
    }

    @Test func pathsNameTheContent() throws {
        let tree = try Self.tree()
        #expect(
            ObjectNode.element(ElementID(cell: 2, kind: .word(1))).path(in: tree)
                == "/org/a11y/atspi/accessible/John/1/3/w2")
        #expect(ObjectNode.document.path(in: tree) == "/org/a11y/atspi/accessible/John/1")
        #expect(
            ObjectNode(path: "/org/a11y/atspi/accessible/John/1/3/t4", tree: tree)
                == .element(ElementID(cell: 2, kind: .translation(3))))
    }

    @Test func foreignAndMalformedPathsNameNothing() throws {
        let tree = try Self.tree()
        for path in [
            "/org/a11y/atspi/accessible/John/2/3/w2", "/org/a11y/atspi/accessible/John/1/99",
            "/org/a11y/atspi/accessible/John/1/3/x1", "/org/a11y/atspi/accessible/John/1/3/w0",
            "/org/a11y/atspi/accessible", "/org/a11y/atspi/accessibleroot", "/elsewhere/root",
            "/org/a11y/atspi/accessible/John.1", "/org/a11y/atspi/accessible/Mark/1",
            // Other spellings of real nodes: the documented mapping is one to one (issue 25).
            "/org/a11y/atspi/accessible/john/1/3", "/org/a11y/atspi/accessible/John/1/3/w02",
            "/org/a11y/atspi/accessible/JOHN/1", "/org/a11y/atspi/accessible/John/01/3",
            "/org/a11y/atspi/accessible/John/1/03/t4",
        ] {
            #expect(ObjectNode(path: path, tree: tree) == nil, "\(path)")
        }
    }

    @Test func everyLayerRoleHasAnAtspiRole() {
        // One switch maps the layer's roles; none may fall back to a generic role by accident.
        let mapped = Role.allCases.map { AtspiRole($0) }
        #expect(mapped.count == Role.allCases.count)
        #expect(AtspiRole(.document) == .documentFrame)
        #expect(AtspiRole(.heading) == .heading)
        #expect(AtspiRole(.button) == .pushButton)
    }

    @Test func stateSetWordsPutStatesInTheirBits() {
        var states = AtspiStateSet()
        states.insert(.focused)  // 12
        states.insert(.readOnly)  // 43: the second word
        let (low, high) = states.words
        #expect(low == 1 << 12)
        #expect(high == 1 << (43 - 32))
    }
}
