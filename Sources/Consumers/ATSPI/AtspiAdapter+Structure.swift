import InterlinearAccessibility
import InterlinearCorpus

/// The shape of the exported tree: Application → Frame (the window) → the chapter (document) → one container per
/// verse → its elements, the verse's whole translation holding the translation words. Counts, children and indexes
/// all come from the layer's containers and its `parent(of:)`, so they agree both ways for every container,
/// non-word children (verse number, note marker, the whole translation and its words) included.
extension AtspiAdapter {
    /// Where a verse's elements split: the container sorts the whole translation after every direct child of the
    /// verse and before its own words, so the verse's children are `elements[..<split]` and the translation's
    /// children are `elements[split...]`.
    private func split(_ container: CellContainer) -> Int {
        container.index(of: .verseTranslation).map { $0 + 1 } ?? container.elementCount
    }

    /// The range of container indexes holding a node's children; nil for nodes that are not verses or the whole
    /// translation. A verse's range builds its container (the first request for that verse).
    func childRange(of node: ObjectNode) -> (cell: VerseIndex, range: Range<Int>)? {
        switch node {
        case .cell(let cell):
            guard let container = tree.container(at: cell) else { return (cell, 0..<0) }
            return (cell, 0..<split(container))
        case .element(let id) where id.kind == .verseTranslation:
            guard let container = tree.container(at: id.cell), container.index(of: id.kind) != nil else {
                return (id.cell, 0..<0)
            }
            return (id.cell, split(container)..<container.elementCount)
        default: return nil
        }
    }

    /// The number of children.
    func childCount(of node: ObjectNode) -> Int {
        switch node {
        case .application, .statusBar: 1
        case .frame: 2
        case .statusMessage: 0
        case .document: tree.cellCount
        case .cell, .element: childRange(of: node)?.range.count ?? 0
        }
    }

    /// The child at an index, or nil outside `0..<childCount`.
    func child(of node: ObjectNode, at index: Int) -> ObjectNode? {
        guard index >= 0 else { return nil }
        switch node {
        case .application: return index == 0 ? .frame : nil
        case .frame: return index == 0 ? .document : index == 1 ? .statusBar : nil
        case .statusBar: return index == 0 ? .statusMessage : nil
        case .statusMessage: return nil
        case .document: return index < tree.cellCount ? .cell(VerseIndex(index)) : nil
        case .cell, .element:
            guard let (cell, range) = childRange(of: node), index < range.count else { return nil }
            return tree.elementID(cell: cell, index: range.lowerBound + index).map(ObjectNode.element)
        }
    }

    /// Every child, in reading order.
    func children(of node: ObjectNode) -> [ObjectNode] {
        switch node {
        case .application: return [.frame]
        case .frame: return [.document, .statusBar]
        case .statusBar: return [.statusMessage]
        case .statusMessage: return []
        case .document: return tree.layout.cells.indices.map(ObjectNode.cell)
        case .cell, .element:
            guard let (cell, range) = childRange(of: node), let container = tree.container(at: cell) else { return [] }
            return range.map { .element(ElementID(cell: cell, kind: container.elements[$0].kind)) }
        }
    }

    /// The parent; nil for the application (its parent is the registry's desktop).
    func parent(of node: ObjectNode) -> ObjectNode? {
        switch node {
        case .application: nil
        case .frame: .application
        case .statusBar: .frame
        case .statusMessage: .statusBar
        case .document: .frame
        case .cell: .document
        case .element(let id): tree.parent(of: id).map(ObjectNode.element) ?? .cell(id.cell)
        }
    }

    /// The index in the parent; −1 for the application (the desktop numbers its applications itself).
    func indexInParent(of node: ObjectNode) -> Int {
        switch node {
        case .application: return -1
        case .frame, .document, .statusMessage: return 0
        case .statusBar: return 1
        case .cell(let cell): return Int(cell)
        case .element(let id):
            guard let container = tree.container(at: id.cell), let index = container.index(of: id.kind) else {
                return -1
            }
            return tree.parent(of: id) == nil ? index : index - split(container)
        }
    }
}
