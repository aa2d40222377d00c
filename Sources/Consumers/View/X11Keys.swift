import CSDL2
import InterlinearATSPI

/// The window's raw X11 key events as AT-SPI device events. SDL's own key events carry neither the X hardware key
/// code nor the X modifier state, and Orca matches its key bindings by exactly those (it maps `KP_Enter` to a key
/// code through the X keymap), so the window asks SDL for the X events themselves (`SDL_SYSWMEVENT`, delivered just
/// before the SDL key event made from the same X event) and reads them with Xlib, as GDK does for atk-bridge.
enum X11Keys {
    /// Asks SDL to deliver window-system events (needed once, before the loop). Does nothing but queue a few more
    /// events when the screen reader is off: the window drops them at once.
    static func enable() { _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }

    /// The key press or release in a window-system event, or nil for anything else (or another video driver).
    static func stroke(_ event: SDL_SysWMEvent) -> KeyStroke? {
        guard let message = event.msg, message.pointee.subsystem == SDL_SYSWM_X11 else { return nil }
        var xevent = message.pointee.msg.x11.event
        guard xevent.type == KeyPress || xevent.type == KeyRelease else { return nil }
        var buffer = [CChar](repeating: 0, count: 16)
        var keysym: KeySym = 0
        let count = XLookupString(&xevent.xkey, &buffer, Int32(buffer.count - 1), &keysym, nil)
        let typed =
            count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        // As atk-bridge does: the character when it is a visible one (or typed with Control), else the key's name.
        let control = xevent.xkey.state & UInt32(ControlMask) != 0
        let visible =
            typed.unicodeScalars.count == 1
            && typed.unicodeScalars.allSatisfy {
                $0.properties.generalCategory != .control && !$0.properties.isWhitespace
            }
        let isText = !typed.isEmpty && (visible || control)
        let name = XKeysymToString(keysym).map { String(cString: $0) } ?? ""
        return KeyStroke(
            pressed: xevent.type == KeyPress, keysym: UInt32(truncatingIfNeeded: keysym),
            keycode: xevent.xkey.keycode, modifiers: xevent.xkey.state,
            timestamp: UInt32(truncatingIfNeeded: xevent.xkey.time),
            text: isText ? typed : name, isText: isText)
    }
}
