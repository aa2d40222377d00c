import InterlinearATSPI

/// How `interlinear view` opens its window.
package struct WindowSettings: Sendable {
    /// The window's size in points (pixels on a display without scaling); the chapter is laid out at `width`.
    package var width: Int32
    package var height: Int32
    /// Where the chapter starts scrolled to, in points (clamped to the content).
    package var scrollY: Float
    /// Where F12 writes a PNG of the window's current frame; nil: F12 does nothing.
    package var snapshotPath: String?
    /// Whether to export the chapter to screen readers (`auto` follows the desktop's `IsEnabled`).
    package var screenReader: ScreenReaderMode
    /// Whether the size is the default one, made smaller where the screen is (a size the user gave is kept).
    package var fitsScreen = false

    package init(
        width: Int32, height: Int32, scrollY: Float = 0, snapshotPath: String? = nil,
        screenReader: ScreenReaderMode = .auto
    ) {
        self.width = width
        self.height = height
        self.scrollY = scrollY
        self.snapshotPath = snapshotPath
        self.screenReader = screenReader
    }
}

/// A failure of the window system or of drawing, reported as one line.
package struct ViewError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
