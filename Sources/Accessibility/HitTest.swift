import InterlinearCorpus
import InterlinearTable

/// Touch exploration: the element under a finger, or else the nearest one, never a random one (gbible's bug).
extension AccessibilityTree {
    /// The element a touch selects, and how far the touch was from it (0 when inside).
    package struct Hit: Sendable, Equatable {
        package var id: ElementID
        package var distance: Float
    }

    /// The element containing the screen point, or else the nearest element (Euclidean distance to its frame).
    /// Finds the cell under the point in O(log n) with the table, then widens to neighbouring cells only while
    /// they could hold something nearer; builds only those cells' containers. Nil with the screen reader off or an
    /// empty chapter.
    package func hitTest(x: Float, y: Float) -> Hit? {
        guard screenReaderEnabled, cellCount > 0, x.isFinite, y.isFinite else { return nil }
        // Work in content coordinates: one subtraction, no screen frame per element.
        let cx = x - viewport.originX
        let cy = y - viewport.originY + viewport.scrollY
        let center = table.cell(atContentY: cy)
        var best: Hit?
        func consider(_ row: Int) {
            let cell = VerseIndex(row)
            guard let container = container(at: cell) else { return }
            let top = table.origins[row]
            for element in container.elements {
                let f = element.frame
                let distance = Rect(x: f.x, y: f.y + top, width: f.width, height: f.height).distance(toX: cx, y: cy)
                // Ties go to the smaller element (a label inside a block, a button over text).
                if let current = best, distance > current.distance { continue }
                if let current = best, distance == current.distance,
                    let area = self.element(current.id).map({ $0.frame.width * $0.frame.height }),
                    area <= f.width * f.height
                {
                    continue
                }
                best = Hit(id: ElementID(cell: cell, kind: element.kind), distance: distance)
            }
        }
        consider(center)
        // A cell can only be nearer than the best so far if its band is; its band's distance is a lower bound.
        var up = center - 1, down = center + 1
        while up >= 0 || down < cellCount {
            var widened = false
            if up >= 0 {
                let gap = max(0, cy - table.origins[up + 1])
                if best == nil || gap < best!.distance { consider(up); up -= 1; widened = true } else { up = -1 }
            }
            if down < cellCount {
                let gap = max(0, table.origins[down] - cy)
                if best == nil || gap < best!.distance {
                    consider(down); down += 1; widened = true
                } else {
                    down = cellCount
                }
            }
            if !widened { break }
        }
        return best
    }
}
