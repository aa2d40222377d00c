import InterlinearAccessibility

/// The shape of the exported tree: Application → Frame (the window) → the chapter (document) → one container per
/// verse → its elements. Counts, children and indexes all come from the layer's containers, so they agree both
/// ways for every container, non-word children (verse number, note marker, translation words) included.
extension AtspiAdapter {
    /// The number of children; a verse's count builds its container (the first request for that verse).
    func childCount(of node: ObjectNode) -> Int {
        switch node {
        case .application, .frame: 1
        case .document: tree.cellCount
        case .cell(let cell): tree.container(at: cell)?.elementCount ?? 0
        case .element: 0
        }
    }

    /// The child at an index, or nil outside `0..<childCount`.
    func child(of node: ObjectNode, at index: Int) -> ObjectNode? {
        guard index >= 0 else { return nil }
        switch node {
        case .application: return index == 0 ? .frame : nil
        case .frame: return index == 0 ? .document : nil
        case .document: return index < tree.cellCount ? .cell(index) : nil
        case .cell(let cell): return tree.elementID(cell: cell, index: index).map(ObjectNode.element)
        case .element: return nil
        }
    }

    /// Every child, in reading order.
    func children(of node: ObjectNode) -> [ObjectNode] {
        switch node {
        case .application: return [.frame]
        case .frame: return [.document]
        case .document: return (0..<tree.cellCount).map(ObjectNode.cell)
        case .cell(let cell):
            guard let container = tree.container(at: cell) else { return [] }
            return container.elements.map { .element(ElementID(cell: cell, kind: $0.kind)) }
        case .element: return []
        }
    }

    /// The parent; nil for the application (its parent is the registry's desktop).
    func parent(of node: ObjectNode) -> ObjectNode? {
        switch node {
        case .application: nil
        case .frame: .application
        case .document: .frame
        case .cell: .document
        case .element(let id): .cell(id.cell)
        }
    }

    /// The index in the parent; −1 for the application (the desktop numbers its applications itself).
    func indexInParent(of node: ObjectNode) -> Int {
        switch node {
        case .application: -1
        case .frame, .document: 0
        case .cell(let cell): cell
        case .element(let id): tree.container(at: id.cell)?.index(of: id.kind) ?? -1
        }
    }
}
