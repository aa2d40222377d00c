import InterlinearTypesetting

/// A rectangle in points.
public struct Rect: Sendable, Equatable, Codable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Float { x + width }
    public var maxY: Float { y + height }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(x px: Float, y py: Float) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// Distance from a point to the rectangle's nearest edge; 0 inside.
    public func distance(toX px: Float, y py: Float) -> Float {
        let dx = max(x - px, 0, px - maxX)
        let dy = max(y - py, 0, py - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The window onto the table: where it sits on screen, how big it is, and how far it is scrolled.
/// Scrolling changes `scrollY` and nothing else.
public struct Viewport: Sendable, Equatable {
    /// The viewport's top-left corner in screen coordinates.
    public var originX: Float
    public var originY: Float
    public var width: Float
    public var height: Float
    /// Content offset at the top of the viewport.
    public var scrollY: Float

    public init(originX: Float = 0, originY: Float = 0, width: Float, height: Float, scrollY: Float = 0) {
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
        self.scrollY = scrollY
    }

    /// The viewport's rectangle in screen coordinates.
    public var screenRect: Rect { Rect(x: originX, y: originY, width: width, height: height) }
}

/// The table of cells: cell origins as prefix sums, and the cells a viewport shows.
public struct Table: Sendable {
    /// `origins[i]` is the top of cell i; the last entry is the content height.
    public let origins: [Float]

    public init(layout: ChapterLayout) {
        self.init(heights: layout.cells.map(\.height))
    }

    /// A table of cells with these heights, in any unit (points, or rows for a terminal).
    public init(heights: [Float]) {
        var origins = [Float](); origins.reserveCapacity(heights.count + 1)
        var y: Float = 0
        for height in heights {
            origins.append(y)
            y += height
        }
        origins.append(y)
        self.origins = origins
    }

    public var cellCount: Int { origins.count - 1 }
    public var contentHeight: Float { origins[origins.count - 1] }

    /// The largest scroll offset that still fills the viewport.
    public func maxScroll(viewportHeight: Float) -> Float { max(0, contentHeight - viewportHeight) }

    /// `scrollY` clamped to the scrollable range, and whether it had to be clamped.
    public func clamp(scrollY: Float, viewportHeight: Float) -> (scrollY: Float, clamped: Bool) {
        let limit = maxScroll(viewportHeight: viewportHeight)
        let value = scrollY.isFinite ? min(max(scrollY, 0), limit) : 0
        return (value, value != scrollY)
    }

    /// The cell containing content offset `y` (clamped to the first or last cell); O(log n).
    public func cell(atContentY y: Float) -> Int {
        var lo = 0, hi = cellCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if origins[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return max(lo, 0)
    }

    /// The cells that intersect the viewport; O(log n).
    public func visibleCells(in viewport: Viewport) -> Range<Int> {
        guard cellCount > 0, viewport.height > 0 else { return 0..<0 }
        let first = cell(atContentY: viewport.scrollY)
        let bottom = viewport.scrollY + viewport.height
        var last = cell(atContentY: bottom)
        if last > first, origins[last] >= bottom { last -= 1 }
        return first..<(last + 1)
    }

    /// Converts a cell-relative frame to screen coordinates for this viewport.
    @inline(__always)
    public func screenFrame(x: Float, y: Float, width: Float, height: Float, cell: Int, in viewport: Viewport) -> Rect {
        Rect(
            x: viewport.originX + x, y: viewport.originY + origins[cell] + y - viewport.scrollY, width: width,
            height: height)
    }
}
