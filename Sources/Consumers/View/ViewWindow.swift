import CSDL2
import CX11Loader
import Foundation
import InterlinearATSPI
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearRender

/// The desktop window of `interlinear view`: an SDL window showing a `ChapterView` painted by the render stage.
///
/// The event loop sleeps in `SDL_WaitEvent` until input arrives; while a screen-reader adapter exists it also wakes
/// when the adapter has a D-Bus request (`LinkWake`), and on a long safety timeout (`ScreenReaderChannel.waitTimeout`,
/// short only if no wake thread could start). It drains every
/// pending event before painting, and paints only when something visible changed, so a burst of wheel events is
/// one frame and an idle window draws nothing. While no screen reader is active the view builds no element.
///
/// It is the AT-SPI adapter's `AccessibleHost`: the tree it shows, its origin on screen, its title, and focus
/// requests from the screen reader (`ViewWindow+AccessibleHost.swift`).
package final class ViewWindow {
    package let view: ChapterView
    package let settings: WindowSettings
    /// The window's channel to the screen-reader adapter (no adapter with `--screen-reader off`).
    package private(set) var channel: ScreenReaderChannel
    /// Frames painted since the window opened (an expose that only re-shows the picture is not one).
    package private(set) var framesDrawn = 0
    /// Cells painted in the last frame: the visible ones only.
    package private(set) var cellsDrawn = 0
    /// Event-loop wake-ups: one per batch of events (a screen-reader request is one; so is a safety timeout).
    package private(set) var wakeUps = 0
    /// Snapshots written.
    package private(set) var snapshots = 0

    /// `SDL_Window *`.
    private let window: OpaquePointer
    var windowPointer: OpaquePointer { window }
    private var frame: FrameBuffer?
    private var painter: ChapterPainter
    /// The details pane's shaped text, interned and shaped by the session.
    private let captions: ShapeCacheCaptions
    /// The status line's and pane's face (`WindowPainter.barFont`) through the font chain; nil when that family is
    /// not installed: cairo's toy font API then finds what fontconfig offers instead.
    private let barFace: PlainTextFont?
    /// The view's `layoutCount` the painter was made for.
    private var painterLayout: Int
    private var dirty = true
    /// Wakes the loop when the screen-reader link has a request (nil without a link, or without descriptors).
    private var wake: LinkWake?
    /// Whether the screen reader consumed the last key press: the SDL key and text events made from that same X
    /// event are then not the window's.
    private var keyConsumed = false
    /// The prompts' input method, opened when a prompt first takes text (SDL was started without one).
    private var inputMethod = PromptInputMethod(deferred: false)

    /// Opens and shows the window (painted once the loop runs) and, unless `--screen-reader off`, starts the
    /// AT-SPI adapter with this window as its host. Throws `ViewError` without a display, and
    /// `RenderError` when the chapter's font cannot be opened for drawing.
    package init(view: ChapterView, settings: WindowSettings) throws {
        self.view = view
        self.settings = settings
        painter = try Self.painter(of: view)
        let session = view.catalog.session
        captions = ShapeCacheCaptions(cache: session.cache, intern: session.intern)
        painterLayout = view.layoutCount
        barFace = try? PlainTextFont(
            family: WindowPainter.barFont, cacheDirectory: view.catalog.session.cachePolicy.directory)
        channel = ScreenReaderChannel(link: nil, view: view)
        // Xlib converts window titles through the C library's character set: without a UTF-8 LC_CTYPE, SDL cannot
        // set the UTF-8 title (_NET_WM_NAME), and "interlinear — John 1" reaches the desktop garbled.
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        // Without a display SDL falls back to its invisible "offscreen" driver (after libwayland complains on
        // stderr): say so instead, unless the user chose a driver with SDL_VIDEODRIVER.
        let environment = ProcessInfo.processInfo.environment
        let chosen = environment["SDL_VIDEODRIVER"].map { !$0.isEmpty } ?? false
        guard chosen || !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        else { throw ViewError("cannot open a window: no display (DISPLAY and WAYLAND_DISPLAY are not set)") }
        if !chosen && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            // X11 only: an unreachable DISPLAY is then one clear error, not a Wayland attempt's noise.
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
            // Before SDL's start, so that SDL's own handler passes errors on to this one and puts it back when SDL
            // quits: SDL can send its wake-up event to the window it has just destroyed, and the error arrives as
            // its quit closes the display.
            x11_loader_tolerate_errors()
        }
        // The window is painted by cairo into memory and copied to the window surface: SDL needs no OpenGL for that.
        // Without this hint SDL backs the surface with an accelerated renderer, which on a machine without a GPU is
        // Mesa's software OpenGL (LLVM and all) brought up before the first frame. SDL_FRAMEBUFFER_ACCELERATION
        // in the environment still overrides it.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // SDL's own SIGINT/SIGTERM handlers turn those signals into a quit event: the window closes cleanly.
        let (started, deferred) = PromptInputMethod.deferring(in: environment) {
            SessionBusAutolaunch.refused(in: environment) { SDL_Init(SDL_INIT_VIDEO) }
        }
        guard started == 0 else {
            throw ViewError("cannot open a window: \(String(cString: SDL_GetError()))")
        }
        inputMethod = PromptInputMethod(deferred: deferred)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        guard chosen || (driver != "offscreen" && driver != "dummy") else {
            SDL_Quit()
            throw ViewError("cannot open a window: SDL found no display, only its \(driver) driver")
        }
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED (a function-like macro in C)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let window = SDL_CreateWindow(view.title, centered, centered, settings.width, settings.height, flags)
        else {
            let reason = String(cString: SDL_GetError())
            SDL_Quit()
            throw ViewError("cannot open a window: \(reason)")
        }
        self.window = window
        SDL_SetWindowMinimumSize(window, 120, 80)
        SDL_StartTextInput()
        X11Keys.enable()
        if settings.fitsScreen { Self.fitScreen(window) }
        // The window manager (if any) may have given another size than asked.
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        _ = view.resize(width: Float(width), height: Float(height))
        if settings.screenReader != .off {
            // Mode auto without a desktop bus leaves the adapter inactive; mode on without one is an error.
            let adapter = try AtspiAdapter(host: self, applicationName: "interlinear", mode: settings.screenReader)
            channel = ScreenReaderChannel(link: adapter, view: view)
            if !adapter.fileDescriptors.isEmpty, let wake = LinkWake(descriptors: adapter.fileDescriptors) {
                self.wake = wake
                channel.wokenByRequests = true
            }
        }
    }

    /// Shrinks the window, frame included, to the usable part of the screen it opened on: the default height is a
    /// phone's, taller than many laptops' screens, where the status line and its key hint would be cut off.
    private static func fitScreen(_ window: OpaquePointer) {
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(max(SDL_GetWindowDisplayIndex(window), 0), &usable) == 0 else { return }
        // The frame the window manager adds; none without one (then the call fails and leaves zeros).
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        _ = SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right)
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        let fitted = (
            min(width, max(usable.w - left - right, 120)), min(height, max(usable.h - top - bottom, 80))
        )
        guard fitted != (width, height) else { return }
        SDL_SetWindowSize(window, fitted.0, fitted.1)
        SDL_SetWindowPosition(
            window, usable.x + left + (usable.w - left - right - fitted.0) / 2,
            usable.y + top + (usable.h - top - bottom - fitted.1) / 2)
    }

    deinit {
        wake?.stop()
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The window's content origin on screen, in pixels (no decorations are inside an SDL window). Asked of SDL
    /// each time: the window manager may move the window without telling the view anything else.
    package var origin: (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (x, y)
    }

    /// Pixels per point of the window's surface (1 on X11; 2 on a doubled HiDPI display).
    package private(set) var scale: Double = 1

    // MARK: Event loop

    /// Runs until the user quits (q, Esc, closing the window, SIGINT or SIGTERM).
    package func run() throws {
        var event = SDL_Event()
        var quit = false
        service()
        while !quit {
            if dirty { try draw() }
            let got: Int32
            if let timeout = channel.waitTimeout {
                got = SDL_WaitEventTimeout(&event, timeout)
            } else {
                got = SDL_WaitEvent(&event)
            }
            wakeUps += 1
            if got == 1 {
                repeat {
                    quit = try handle(event)
                } while !quit && SDL_PollEvent(&event) == 1
            }
            if !quit { service() }
        }
    }

    /// Lets the screen-reader link run (a reader that comes on may move the focus: drawn), then lets the wake watch
    /// its descriptors again.
    private func service() {
        let change = channel.service()
        if change.needsRedraw { dirty = true }
        if let wake, let link = channel.link { wake.serviced(descriptors: link.fileDescriptors) }
    }

    /// Handles one event; returns whether to quit.
    private func handle(_ event: SDL_Event) throws -> Bool {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return true
        case SDL_SYSWMEVENT:
            // The X key event comes first: the screen reader hears every key before the window acts on it.
            if let stroke = X11Keys.stroke(event.syswm) {
                let consumed = channel.offer(stroke)
                if stroke.pressed { keyConsumed = consumed }
            }
            // A prompt's text through the window's input method (SDL's text events are not read meanwhile).
            if !keyConsumed, let text = inputMethod.text(event.syswm) {
                for character in text where try apply(view.handle(.character(character))) { return true }
            }
        case SDL_KEYDOWN:
            guard !keyConsumed, let key = SDLKeys.key(event.key) else { return false }
            return try apply(view.handle(key))
        case SDL_TEXTINPUT:
            guard !keyConsumed, !inputMethod.active else { return false }
            for character in SDLKeys.characters(event.text) where try apply(view.handle(.character(character))) {
                return true
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return try apply(view.click(x: Float(event.button.x), y: Float(event.button.y)))
        case SDL_MOUSEWHEEL:
            var dy = event.wheel.preciseY
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy }
            // Wheel up (positive) moves back up the chapter.
            return try apply(view.scroll(by: -dy * ChapterView.lineStep))
        case SDL_WINDOWEVENT:
            return try handleWindow(event.window)
        default:
            break
        }
        return false
    }

    private func handleWindow(_ event: SDL_WindowEvent) throws -> Bool {
        switch SDL_WindowEventID(rawValue: UInt32(event.event)) {
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            return try apply(view.resize(width: Float(event.data1), height: Float(event.data2)))
        case SDL_WINDOWEVENT_EXPOSED:
            // The picture is unchanged: show it again without painting.
            if let frame, !dirty { try frame.present(on: window) } else { dirty = true }
        case SDL_WINDOWEVENT_FOCUS_GAINED:
            channel.windowFocus(true)
        case SDL_WINDOWEVENT_FOCUS_LOST:
            channel.windowFocus(false)
        default:
            break
        }
        return false
    }

    /// Acts on what a key or event changed: redraw, retitle, tell the screen reader, snapshot. Returns quit.
    @discardableResult
    func apply(_ change: ViewChange) throws -> Bool {
        if change.contains(.quit) { return true }
        if change.needsRedraw { dirty = true }
        if change.contains(.chapter) {
            SDL_SetWindowTitle(window, view.title)
            X11Title.set(view.title, on: window)
        }
        channel.tell(change)
        inputMethod.promptOpen(view.prompt != nil, window: window)
        if change.contains(.snapshot) { try snapshot() }
        return false
    }

    // MARK: Drawing

    /// Paints the visible cells, the focus ring and the status line, and shows the frame.
    private func draw() throws {
        guard let surface = SDL_GetWindowSurface(window) else {
            throw ViewError("no window surface: \(String(cString: SDL_GetError()))")
        }
        let pixelWidth = surface.pointee.w, pixelHeight = surface.pointee.h
        if frame?.pixelWidth != pixelWidth || frame?.pixelHeight != pixelHeight {
            frame = try FrameBuffer(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }
        guard let frame else { return }
        try preparePainter()
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        // HiDPI: the surface may have more pixels than the window has points; paint at that scale.
        scale = width > 0 ? Double(pixelWidth) / Double(width) : 1
        var painted = WindowPainter.paint(
            view, with: painter, captions: captions, font: barFace, into: frame.context, scale: scale,
            windowWidth: Double(width), windowHeight: Double(height))
        // The status bar wraps: when it needs another number of lines, the table shrinks or grows; paint again.
        let lines = view.setStatusLines(painted.statusLines)
        if !lines.isEmpty {
            channel.tell(lines)
            try preparePainter()
            painted = WindowPainter.paint(
                view, with: painter, captions: captions, font: barFace, into: frame.context, scale: scale,
                windowWidth: Double(width), windowHeight: Double(height))
        }
        cellsDrawn = painted.cells
        framesDrawn += 1
        dirty = false
        try frame.present(on: window)
        if framesDrawn == 1 {
            // The first window surface makes SDL re-create the X window, title included: fix the title after it.
            X11Title.set(view.title, on: window)
        }
    }

    /// A painter for the view's current layout, in its theme.
    private func preparePainter() throws {
        if painterLayout != view.layoutCount {
            painter = try Self.painter(of: view)
            painterLayout = view.layoutCount
        }
        painter.style = Theme.named(view.theme).paint
    }

    /// A painter of the view's layout, from a snapshot of its runs in the session's shape cache.
    static func painter(of view: ChapterView) throws -> ChapterPainter {
        let session = view.catalog.session
        return try ChapterPainter(
            chapter: view.chapter, layout: view.layout,
            runs: session.cache.snapshot(of: ChapterPainter.texts(of: view.layout)), fonts: session.fonts)
    }

    // MARK: Snapshots

    /// Writes the current frame to `--snapshot` (atomically) and one JSON line describing it to stdout.
    private func snapshot() throws {
        guard let path = settings.snapshotPath else { return }
        if dirty || frame == nil { try draw() }
        guard let frame else { return }
        let data = try frame.png()
        do {
            try AtomicFile.write(data, to: URL(fileURLWithPath: path))
        } catch {
            // The window stays open: a failed snapshot is reported, not fatal (and stderr may fail too: no trap).
            let line = "interlinear: error: " + EscapedText.escaped("cannot write snapshot \(path): \(error)") + "\n"
            try? ByteSink(descriptor: STDERR_FILENO).write(Array(line.utf8))
            return
        }
        snapshots += 1
        let record = ViewSnapshot(
            window: self, file: path, pixelWidth: frame.pixelWidth,
            pixelHeight: frame.pixelHeight)
        // Written completely or thrown (SystemError), never trapped: the command reports it like any output failure.
        let json = try record.jsonLine()
        try json.withUnsafeBytes { try ByteSink(descriptor: STDOUT_FILENO).write($0) }
    }
}
