import InterlinearAccessibility
import InterlinearCorpus
import Testing

/// A small tree written out by hand: every node is (role, states, attributes, interfaces, children).
private final class HandTree: CollectionTree {
    struct Node: Hashable { let id: Int }
    struct Info {
        var role: UInt32
        var states: Set<UInt32> = []
        var attributes: [(String, String)] = []
        var interfaces: [String] = ["accessible"]
        var children: [Int] = []
    }
    var infos: [Int: Info] = [:]
    /// Nodes whose children were asked for (the walk pruned the others).
    var opened: Set<Int> = []
    var directHeadings: [Int: [Int]] = [:]

    func childCount(of node: Node) -> Int { opened.insert(node.id); return infos[node.id]!.children.count }
    func child(of node: Node, at index: Int) -> Node? { Node(id: infos[node.id]!.children[index]) }
    func collectionRole(of node: Node) -> UInt32 { infos[node.id]!.role }
    func hasState(_ state: UInt32, node: Node) -> Bool { infos[node.id]!.states.contains(state) }
    func collectionAttributes(of node: Node) -> [(String, String)] { infos[node.id]!.attributes }
    func implements(_ interface: String, node: Node) -> Bool {
        infos[node.id]!.interfaces.contains(interface.lowercased())
    }
    func descendantRoles(of node: Node) -> Set<UInt32>? {
        infos[node.id]!.role == 39 ? [83, 116] : nil  // a "panel" holds headings and statics only
    }
    func descendants(of node: Node, role: UInt32) -> [Node]? {
        guard role == 83, let list = directHeadings[node.id] else { return nil }
        return list.map(Node.init)
    }
}

@Suite struct CollectionQueryTests {
    // Roles as AT-SPI numbers them: heading 83, paragraph 73, static 116, panel 39, document frame 82.
    /// document 0 → paragraph 1 (heading 2 [level 2, showing], static 3), paragraph 4 (heading 5 [level 3],
    /// static 6 [action]), panel 7 (heading 8, static 9).
    private func tree() -> HandTree {
        let t = HandTree()
        t.infos[0] = .init(role: 82, children: [1, 4, 7])
        t.infos[1] = .init(role: 73, children: [2, 3])
        t.infos[2] = .init(role: 83, states: [25], attributes: [("level", "2")])
        t.infos[3] = .init(role: 116)
        t.infos[4] = .init(role: 73, children: [5, 6])
        t.infos[5] = .init(role: 83, attributes: [("level", "3")])
        t.infos[6] = .init(role: 116, interfaces: ["accessible", "action"])
        t.infos[7] = .init(role: 39, children: [8, 9])
        t.infos[8] = .init(role: 83, attributes: [("Level", "2")])
        t.infos[9] = .init(role: 116)
        return t
    }

    private func ids(
        _ t: HandTree, _ rule: CollectionRule, _ order: CollectionRule.SortOrder = .canonical,
        count: Int = 0, traverse: Bool = true
    ) -> [Int] {
        t.matches(in: .init(id: 0), rule: rule, sortOrder: order, count: count, traverse: traverse).map(\.id)
    }

    @Test func canonicalOrderCountReverseAndTraverse() {
        let t = tree()
        let headings = CollectionRule(roles: [83], roleMatch: .any)
        #expect(ids(t, headings) == [2, 5, 8])
        #expect(ids(t, headings, count: 2) == [2, 5])
        // Reverse canonical: the first `count` in canonical order, reversed (at-spi2-core).
        #expect(ids(t, headings, .reverseCanonical, count: 2) == [5, 2])
        #expect(ids(t, headings, .flow) == [])
        #expect(ids(t, headings, traverse: false) == [])
        #expect(ids(t, CollectionRule(roles: [73], roleMatch: .any), traverse: false) == [1, 4])
        // Everything, in depth-first order, the collection itself excluded.
        #expect(ids(t, CollectionRule()) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test func matchTypesAsAtSpi2Core() {
        let t = tree()
        #expect(ids(t, CollectionRule(roles: [83, 116], roleMatch: .all)) == [], "all of two roles: never")
        #expect(ids(t, CollectionRule(roles: [83, 116, 73, 39], roleMatch: .none)) == [])
        #expect(ids(t, CollectionRule(roles: [83], roleMatch: .empty)) == [])
        // Attributes: names and values without regard to ASCII case; `2:3` is two alternatives.
        #expect(ids(t, CollectionRule(attributes: [("level", "2")], roles: [83], roleMatch: .any)) == [2, 8])
        let either = CollectionRule.attributePairs(name: "level", value: "2:3")
        #expect(ids(t, CollectionRule(attributes: either, attributeMatch: .any)) == [2, 5, 8])
        #expect(ids(t, CollectionRule(attributes: either, attributeMatch: .all)) == [])
        #expect(CollectionRule.attributePairs(name: "x", value: "a\\:b").map(\.1) == ["a:b"])
        // States: showing (25).
        #expect(ids(t, CollectionRule(states: [25], roles: [83], roleMatch: .any)) == [2])
        #expect(ids(t, CollectionRule(states: [25], stateMatch: .none, roles: [83], roleMatch: .any)) == [5, 8])
        // Interfaces: "any" of none is never met.
        #expect(ids(t, CollectionRule(interfaces: ["action"])) == [6])
        #expect(ids(t, CollectionRule(interfaces: [], interfaceMatch: .any)) == [])
        #expect(
            ids(t, CollectionRule(roles: [116], roleMatch: .any, interfaces: ["Action"], interfaceMatch: .none))
                == [3, 9])
    }

    @Test func bitArraysAsOnTheWire() {
        #expect(CollectionRule.numbers(inBitArray: [0, 0, 1 << 19, 0]) == [83])
        #expect(CollectionRule.numbers(inBitArray: [Int32(bitPattern: 1 << 31), 1]) == [31, 32])
    }

    /// Pruning and direct listing give the walk's answer: a panel (which can hold headings) is opened unless the
    /// tree lists its headings itself; a query for paragraphs opens no paragraph.
    @Test func prunesWhatCannotMatch() {
        let t = tree()
        t.directHeadings[7] = [8]
        #expect(ids(t, CollectionRule(roles: [83], roleMatch: .any)) == [2, 5, 8])
        #expect(!t.opened.contains(7))
        let u = tree()
        #expect(ids(u, CollectionRule(roles: [73], roleMatch: .any)) == [1, 4])
        #expect(!u.opened.contains(7), "a panel holds no paragraph")
    }

    /// The role told from an element's kind is the role its built container gives it, for every element.
    @Test(arguments: A11yFixture.references) func rolesFromKindsMatchBuiltElements(reference: String) throws {
        for granularity in Granularity.allCases {
            let tree = try A11yFixture.tree(reference, granularity: granularity, notes: [1, 3])
            for cell in tree.layout.cells.indices {
                let container = try #require(tree.container(at: cell))
                for element in container.elements {
                    #expect(tree.role(of: ElementID(cell: cell, kind: element.kind)) == element.role)
                }
                #expect(tree.hasVerseNumber(cell: cell) == container.elements.contains { $0.kind == .verseNumber })
            }
        }
    }
}
