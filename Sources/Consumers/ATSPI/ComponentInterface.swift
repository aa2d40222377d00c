import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// `org.a11y.atspi.Component`: extents computed at call time from the element's cell-relative frame, the table's
/// prefix sums, the current scroll offset and the window's position. Nothing is stored per scroll, so nothing goes
/// stale and no bounds event is ever needed.
extension AtspiAdapter {
    /// AT-SPI coordinate types.
    enum CoordinateType: UInt32 {
        case screen = 0
        case window = 1
        case parent = 2
    }

    /// A node's rectangle in window coordinates (the tree's viewport space); nil for the application.
    func windowRect(of node: ObjectNode) -> Rect? {
        let tree = self.tree
        let viewport = tree.viewport
        switch node {
        case .application: return nil
        case .frame:
            return Rect(
                x: 0, y: 0, width: viewport.originX + viewport.width, height: viewport.originY + viewport.height)
        // The status line: the window's strip below the table.
        case .statusBar, .statusMessage:
            let size = host.windowSize
            let top = viewport.originY + viewport.height
            return Rect(x: 0, y: top, width: Float(size.width), height: max(0, Float(size.height) - top))
        case .document: return viewport.screenRect
        case .cell(let cell): return tree.screenFrame(ofCell: cell).bounds
        case .element(let id): return tree.screenFrame(of: id)?.bounds
        }
    }

    /// Where the coordinates of a type start, in window coordinates.
    func coordinateOrigin(_ type: CoordinateType, of node: ObjectNode) -> (x: Float, y: Float) {
        switch type {
        case .screen:
            let origin = host.windowOrigin
            return (-Float(origin.x), -Float(origin.y))
        case .window: return (0, 0)
        case .parent:
            guard let parent = parent(of: node), let rect = windowRect(of: parent) else { return (0, 0) }
            return (rect.x, rect.y)
        }
    }

    /// Integer extents: the smallest pixel rectangle covering the frame, in the requested coordinates.
    func extents(of node: ObjectNode, _ type: CoordinateType) -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        guard let rect = windowRect(of: node) else { return (0, 0, 0, 0) }
        let origin = coordinateOrigin(type, of: node)
        let x0 = pixel((rect.x - origin.x).rounded(.down)), y0 = pixel((rect.y - origin.y).rounded(.down))
        let x1 = pixel((rect.maxX - origin.x).rounded(.up)), y1 = pixel((rect.maxY - origin.y).rounded(.up))
        return (x0, y0, x1 &- x0, y1 &- y0)
    }

    /// A pixel coordinate that never traps: non-finite values are 0, huge ones are clamped.
    func pixel(_ value: Float) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(-1_000_000_000, min(1_000_000_000, value)))
    }

    /// The element a point selects, in the node's subtree: for the chapter, the element under the point or else
    /// the NEAREST element (a point in a gap between words or lines still lands on a word — deliberately, so a
    /// finger or mouse exploring the page never finds "nothing"); for a verse or the whole translation, its own
    /// nearest child; for the window, the chapter. Nil outside the node.
    func accessible(at point: (x: Float, y: Float), in node: ObjectNode) -> ObjectNode? {
        guard let rect = windowRect(of: node), rect.contains(x: point.x, y: point.y) else { return nil }
        let tree = self.tree
        switch node {
        case .application: return nil
        case .frame:
            if tree.viewport.screenRect.contains(x: point.x, y: point.y) { return .document }
            return windowRect(of: .statusBar)?.contains(x: point.x, y: point.y) == true ? .statusBar : nil
        case .statusBar: return .statusMessage
        case .statusMessage: return nil
        case .document: return tree.hitTest(x: point.x, y: point.y).map { .element($0.id) }
        case .cell, .element:
            guard let (cell, range) = childRange(of: node), let container = tree.container(at: cell),
                let cellRect = windowRect(of: .cell(cell))
            else { return nil }
            var best: (kind: Element.Kind, distance: Float)?
            for element in container.elements[range] {
                let f = element.frame
                let d = Rect(x: cellRect.x + f.x, y: cellRect.y + f.y, width: f.width, height: f.height)
                    .distance(toX: point.x, y: point.y)
                if d < best?.distance ?? .infinity { best = (element.kind, d) }
            }
            return best.map { .element(ElementID(cell: cell, kind: $0.kind)) }
        }
    }

    func componentMethod(
        _ member: String, node: ObjectNode, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        func readPoint() -> (x: Float, y: Float)? {
            let x = reader.int32(), y = reader.int32()
            guard let type = CoordinateType(rawValue: reader.uint32()) else { return nil }
            let origin = coordinateOrigin(type, of: node)
            return (Float(x) + origin.x, Float(y) + origin.y)
        }
        switch member {
        case "Contains":
            let inside = readPoint().map { p in windowRect(of: node)?.contains(x: p.x, y: p.y) ?? false } ?? false
            writer.bool(inside)
        case "GetAccessibleAtPoint":
            writer.reference(readPoint().flatMap { accessible(at: $0, in: node) }.map(reference) ?? .null)
        case "GetExtents":
            let e = extents(of: node, CoordinateType(rawValue: reader.uint32()) ?? .screen)
            writer.open("r", "iiii")
            writer.int32(e.x); writer.int32(e.y); writer.int32(e.width); writer.int32(e.height)
            writer.close()
        case "GetPosition":
            let e = extents(of: node, CoordinateType(rawValue: reader.uint32()) ?? .screen)
            writer.int32(e.x); writer.int32(e.y)
        case "GetSize":
            let e = extents(of: node, .window)
            writer.int32(e.width); writer.int32(e.height)
        case "GetLayer": writer.uint32(node == .frame ? 7 : 3)  // ATSPI_LAYER_WINDOW, ATSPI_LAYER_WIDGET
        case "GetMDIZOrder": writer.int16(0)
        case "GetAlpha": writer.double(1)
        case "GrabFocus":
            guard case .element(let id) = node else { writer.bool(false); break }
            requestFocus(id)
            writer.bool(true)
        case "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint":
            writer.bool(false)  // the layout is not the screen reader's to change
        default: return false
        }
        return true
    }
}
