import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// The `interlinear.a11y/5` JSON document (`Schemas/a11y-5.schema.json`; 5 added a Hebrew word's `parts` action, 4
/// the words' `define` action, 3 Hebrew: names in `hbo` and `hbo-Latn`, "Hebrew word"): an accessibility tree dump
/// in the shape of the Chrome DevTools Protocol's AXNode list, plus screen bounds, the layer's stats, a hit test and
/// focus moves. Roles are standard (WAI-ARIA, AT-SPI's `static`), with a role description where the standard name
/// alone would mislead; the name and the description each carry their language; positions count items of a set
/// (Greek words among the verse's words, translation words among the translation's), null for nodes in no set.
struct A11yDocument {
    static let schema = "interlinear.a11y/5"

    /// A rectangle in points rounded to hundredths: a node's bounds and the viewport.
    struct Bounds: Equatable {
        let x, y, width, height: Double
        init(_ rect: Rect) {
            x = rounded(rect.x)
            y = rounded(rect.y)
            width = rounded(rect.width)
            height = rounded(rect.height)
        }
    }

    struct Node {
        let nodeId: String
        /// null for the root.
        let parentId: String?
        let childIds: [String]
        let role: String
        /// What a screen reader says the node is when the role's standard name alone would mislead; null otherwise.
        let roleDescription: String?
        /// Heading level for headings; null otherwise.
        let headingLevel: Int?
        let name: String
        let description: String
        /// BCP 47 tag of the name.
        let language: String
        /// BCP 47 tag of the description.
        let descriptionLanguage: String
        let bounds: Bounds
        /// null when off-screen.
        let clippedBounds: Bounds?
        let offscreen: Bool
        /// null for a node that is not an item of a set.
        let posInSet: Int?
        let setSize: Int?
        let actions: [String]
    }

    // The records below declare their keys in sorted order: they are written in declaration order (`JSONFields`).

    struct Stats: JSONFields {
        let cells: Int
        let containersBuilt: Int
        let elementsBuilt: Int
        let framesComputed: Int
    }

    struct Hit: JSONFields {
        let distance: Double
        let inside: Bool
        let nodeId: String
        let x, y: Double
    }

    struct Move: JSONFields {
        /// What a reader announces when the move scrolled; null when it did not.
        let announcement: String?
        let from: String
        let name: String
        let scrollY: Double
        let scrolled: Bool
        let to: String
    }

    let reference: String
    let screenReader: Bool
    let granularity: String
    let walk: String
    let viewport: Bounds
    let contentHeight: Double
    let requestedScrollY: Double
    let scrollY: Double
    let scrollClamped: Bool
    var stats = Stats(cells: 0, containersBuilt: 0, elementsBuilt: 0, framesComputed: 0)
    var nodes: [Node] = []
    var hit: Hit?
    var moves: [Move] = []
    /// Whether a move stopped early at either end of the chapter.
    var reachedEnd = false

    init(tree: AccessibilityTree, requestedScrollY: Double, scrollClamped: Bool, walkAll: Bool) {
        let viewport = tree.viewport
        reference = tree.chapter.reference.description
        screenReader = tree.screenReaderEnabled
        granularity = tree.granularity.rawValue
        walk = walkAll ? "all" : "visible"
        self.viewport = Bounds(viewport.screenRect)
        contentHeight = rounded(tree.table.contentHeight)
        self.requestedScrollY = requestedScrollY
        scrollY = rounded(viewport.scrollY)
        self.scrollClamped = scrollClamped
    }

    /// Walks the cells (the visible ones, or all) as a screen reader would, building their containers on the way,
    /// and keeps the nodes (`encoded()` writes them; the command streams them instead, `encoded(walking:cells:)`).
    mutating func walk(_ tree: AccessibilityTree, cells: Range<VerseIndex>) {
        var walked: [Node] = []
        Self.walk(tree, cells: cells) { walked.append($0) }
        nodes += walked
    }

    /// The nodes of a walk, in order, each handed to `visit`: the chapter, then each cell and its elements. Each
    /// element's node id is made once (the verse lists it among its children, the element carries it, a
    /// translation word names the whole translation as its parent).
    static func walk(_ tree: AccessibilityTree, cells: Range<VerseIndex>, visit: (Node) -> Void) {
        let root = tree.rootNodeID
        let content = Rect(
            x: tree.viewport.originX, y: tree.viewport.originY - tree.viewport.scrollY,
            width: tree.layout.options.width, height: tree.table.contentHeight)
        let contentClip = content.intersection(tree.viewport.screenRect)
        visit(
            Node(
                nodeId: root, parentId: nil, childIds: tree.layout.cells.indices.map(tree.nodeID(ofCell:)),
                role: Role.document.rawValue, roleDescription: nil, headingLevel: nil,
                name: tree.documentUtterance.name, description: tree.documentUtterance.description,
                language: "en", descriptionLanguage: "en",
                bounds: Bounds(content), clippedBounds: contentClip.map(Bounds.init),
                offscreen: contentClip == nil, posInSet: nil, setSize: nil, actions: []))
        for cell in cells {
            let cellID = tree.nodeID(ofCell: cell)
            let container = tree.container(at: cell)
            let frame = tree.screenFrame(ofCell: cell)
            let speech = tree.utterance(ofCell: cell)
            let elements = container?.elements ?? []
            let ids = elements.map { ElementID(cell: cell, kind: $0.kind) }
            let names = ids.map(tree.nodeID(of:))
            let parents = ids.map(tree.parent(of:))
            // Plain loops over the cell's few elements (a generic `firstIndex(of:)` would look up ElementID's
            // Equatable conformance at run time, once per process: a conformance scan, benchmark `a11y-all-warm`).
            func name(of id: ElementID) -> String {
                for index in ids.indices where ids[index].kind == id.kind { return names[index] }
                return tree.nodeID(of: id)
            }
            func children(of parent: ElementID?) -> [String] {
                var list: [String] = []
                for index in names.indices where parents[index]?.kind == parent?.kind { list.append(names[index]) }
                return list
            }
            visit(
                Node(
                    nodeId: cellID, parentId: root, childIds: children(of: nil),
                    role: Role.group.rawValue, roleDescription: "verse", headingLevel: nil,
                    name: speech.name, description: speech.description, language: speech.language,
                    descriptionLanguage: speech.descriptionLanguage,
                    bounds: Bounds(frame.bounds), clippedBounds: frame.clipped.map(Bounds.init),
                    offscreen: frame.offscreen, posInSet: Int(cell) + 1, setSize: tree.cellCount, actions: []))
            for (index, element) in elements.enumerated() {
                let id = ids[index]
                guard let speech = tree.utterance(of: id) else { continue }
                let frame = tree.screenFrame(of: element.frame, cell: cell)
                let position = tree.position(of: id)
                visit(
                    Node(
                        nodeId: names[index], parentId: parents[index].map(name(of:)) ?? cellID,
                        childIds: element.kind == .verseTranslation ? children(of: id) : [],
                        role: element.role.rawValue,
                        roleDescription: element.roleDescription(language: tree.chapter.language),
                        headingLevel: element.headingLevel,
                        name: speech.name, description: speech.description, language: speech.language,
                        descriptionLanguage: speech.descriptionLanguage, bounds: Bounds(frame.bounds),
                        clippedBounds: frame.clipped.map(Bounds.init), offscreen: frame.offscreen,
                        posInSet: position?.posInSet, setSize: position?.setSize,
                        actions: element.actions(language: tree.chapter.language).map(\.rawValue)))
            }
        }
    }

    /// Records the stats last, so they count everything the dump itself asked for.
    mutating func finish(_ tree: AccessibilityTree) { stats = Self.stats(of: tree) }

    /// The layer's stats now.
    static func stats(of tree: AccessibilityTree) -> Stats {
        let s = tree.stats
        return Stats(
            cells: tree.cellCount, containersBuilt: s.containersBuilt, elementsBuilt: s.elementsBuilt,
            framesComputed: s.framesComputed)
    }
}
