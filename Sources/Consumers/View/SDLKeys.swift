import CSDL2

/// SDL input to the view's keys. Keys that name an action (arrows, Tab, Page Up, F12, …) come from key-down events;
/// characters (`:`, digits, `q`, `[`, `]`) from text input, so they follow the keyboard layout: `:` is whatever
/// the user's layout types as a colon.
enum SDLKeys {
    /// The key a key press means, or nil for keys that arrive as text or mean nothing here.
    static func key(_ event: SDL_KeyboardEvent) -> Key? {
        let sym = event.keysym.sym
        let mod = UInt32(event.keysym.mod)
        let shift = mod & KMOD_SHIFT.rawValue != 0
        let ctrl = mod & KMOD_CTRL.rawValue != 0
        func is_(_ code: SDL_KeyCode) -> Bool { sym == Int32(bitPattern: code.rawValue) }
        let alt = mod & KMOD_ALT.rawValue != 0
        if ctrl && (is_(SDLK_EQUALS) || is_(SDLK_PLUS) || is_(SDLK_KP_PLUS)) { return .zoomIn }
        if ctrl && (is_(SDLK_MINUS) || is_(SDLK_KP_MINUS)) { return .zoomOut }
        if alt && is_(SDLK_LEFT) { return .back }
        if alt && is_(SDLK_RIGHT) { return .forward }
        if is_(SDLK_F1) { return .help }
        if is_(SDLK_UP) { return .up }
        if is_(SDLK_DOWN) { return .down }
        if is_(SDLK_PAGEUP) { return ctrl ? .previousChapter : .pageUp }
        if is_(SDLK_PAGEDOWN) { return ctrl ? .nextChapter : .pageDown }
        if is_(SDLK_HOME) { return .home }
        if is_(SDLK_END) { return .end }
        if is_(SDLK_TAB) { return shift ? .shiftTab : .tab }
        if is_(SDLK_LEFT) { return .left }
        if is_(SDLK_RIGHT) { return .right }
        if is_(SDLK_RETURN) || is_(SDLK_KP_ENTER) { return .enter }
        if is_(SDLK_ESCAPE) { return .escape }
        if is_(SDLK_BACKSPACE) { return .backspace }
        if is_(SDLK_F12) { return .snapshot }
        return nil
    }

    /// The characters of a text-input event.
    static func characters(_ event: SDL_TextInputEvent) -> String {
        withUnsafeBytes(of: event.text) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
