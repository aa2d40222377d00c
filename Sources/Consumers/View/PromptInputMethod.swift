import CSDL2
import CX11Loader
import Foundation

/// Typed text for the window's prompts (`:` and `/`) through an X input method the window opens the first time a
/// prompt takes text. SDL opens Xlib's built-in method at its start whatever the window will do, and opening it
/// parses the locale's whole Compose file, though no key is composed until the user types into a prompt; every
/// other key of the window is an ASCII character or a named key, which SDL gives without a method.
///
/// So when SDL would open that built-in method (`XMODIFIERS` names no input method), SDL is started with a method
/// name no server answers to (`deferring`): SDL's `XOpenIM` fails at once and SDL reads keys without one. While a
/// prompt is open, text comes from here instead of SDL's text events: Xlib's method of the locale (Compose
/// sequences, dead keys, any keyboard layout's letters) on the window, read from the X key events SDL hands over
/// (`SDL_SYSWMEVENT`, each before SDL's own events for the same key). Where `XMODIFIERS` names a method (IBus, fcitx,
/// an XIM server), SDL's start is left as it was, SDL reads the keys and this stays closed.
final class PromptInputMethod {
    /// Whether SDL was started without a method of its own (so prompts need this one).
    let deferred: Bool
    /// The window's input context (its method lives as long: neither is closed before the display is).
    private var context: XIC?
    private var tried = false
    /// Whether prompt text comes from here now (a prompt is open and the method opened).
    private(set) var active = false

    init(deferred: Bool) { self.deferred = deferred }

    /// The name SDL's start sees in `XMODIFIERS` when it is deferred: no XIM server registers it, so Xlib's
    /// `XOpenIM` asks the X server for the servers' list, finds none, and returns no method.
    static let unansweredName = "@im=interlinear-deferred"

    /// Runs `body` (SDL's start) with `XMODIFIERS` naming `unansweredName` when `environment`'s names no input
    /// method, then puts the variable back as it was; returns `body`'s result and whether SDL was deferred. The
    /// variable is changed only around `body`, before the window starts any thread of its own.
    static func deferring<T>(in environment: [String: String], _ body: () throws -> T) rethrows -> (T, deferred: Bool) {
        let modifiers = environment["XMODIFIERS"]
        guard !(modifiers ?? "").contains("@im=") else { return (try body(), false) }
        setenv("XMODIFIERS", unansweredName, 1)
        defer {
            if let modifiers { setenv("XMODIFIERS", modifiers, 1) } else { unsetenv("XMODIFIERS") }
        }
        return (try body(), true)
    }

    /// A prompt opened or closed: the method takes the window's keys while one is open (opened the first time).
    func promptOpen(_ open: Bool, window: OpaquePointer) {
        guard deferred, open != active else { return }
        if open {
            if !tried {
                tried = true
                openMethod(window)
            }
            guard let context else { return }
            XSetICFocus(context)
            active = true
        } else {
            if let context { XUnsetICFocus(context) }
            active = false
        }
    }

    private func openMethod(_ window: OpaquePointer) {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
            let display = info.info.x11.display
        else { return }
        // The user's XMODIFIERS (put back after SDL's start), as SDL would have read them.
        _ = XSetLocaleModifiers("")
        guard let method = XOpenIM(display, nil, nil, nil) else { return }
        context = x11_loader_create_ic(UnsafeMutableRawPointer(method), info.info.x11.window).map { OpaquePointer($0) }
    }

    /// The text a key press typed through the method while a prompt is open; nil otherwise, for a key that typed
    /// nothing (a dead key, Enter, an arrow) or typed a control character (SDL sends no text event for those either).
    func text(_ event: SDL_SysWMEvent) -> String? {
        guard active, let context, let message = event.msg, message.pointee.subsystem == SDL_SYSWM_X11 else {
            return nil
        }
        var xevent = message.pointee.msg.x11.event
        guard xevent.type == KeyPress else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var status: Int32 = 0  // Xlib's Status (a macro for int)
        let count = Xutf8LookupString(context, &xevent.xkey, &buffer, Int32(buffer.count), &keysym, &status)
        guard status == XLookupChars || status == XLookupBoth, count > 0, count <= buffer.count else { return nil }
        let bytes = buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }
        guard let first = bytes.first, first >= 0x20, first != 0x7F else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
