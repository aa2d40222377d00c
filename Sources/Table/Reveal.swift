extension Table {
    /// The scroll offset that brings a cell-relative row range (`y` to `y + height` within `cell`) fully into view,
    /// clamped to the content, or nil if it is already fully visible. It scrolls as little as possible but shows the
    /// whole cell when the cell fits, so stepping through a verse scrolls once, not row by row. Pure arithmetic on
    /// the prefix sums: no accessibility element is needed, so a keyboard focus ring can use it with the screen
    /// reader off. Traps if `cell` is not in `0..<cellCount`.
    package func scrollOffsetRevealing(y: Float, height: Float, cell: Int, in viewport: Viewport) -> Float? {
        let top = origins[cell] + y
        let bottom = top + height
        let visibleTop = viewport.scrollY, visibleBottom = viewport.scrollY + viewport.height
        if top >= visibleTop && bottom <= visibleBottom { return nil }
        let cellTop = origins[cell], cellBottom = origins[cell + 1]
        let (from, to) = cellBottom - cellTop <= viewport.height ? (cellTop, cellBottom) : (top, bottom)
        // Above: align the top. Below: align the bottom, unless taller than the viewport: then show the top.
        let target = top < visibleTop || to - from > viewport.height ? from : to - viewport.height
        return clamp(scrollY: target, viewportHeight: viewport.height).scrollY
    }
}
