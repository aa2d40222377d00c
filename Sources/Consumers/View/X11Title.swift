import CSDL2

/// The window title as X11 clients read it. SDL 2.26 writes `WM_NAME` in the locale's own encoding (type "UTF-8",
/// which Xlib's `XmbTextPropertyToTextList` — and so `xdotool search --name` — cannot convert) and, outside a UTF-8
/// locale, no `_NET_WM_NAME` at all. This sets both in standard forms: `_NET_WM_NAME` as UTF8_STRING (what desktops
/// show) and `WM_NAME` as STRING or COMPOUND_TEXT (what older clients and xdotool read).
enum X11Title {
    /// Sets the title of an SDL window on X11; does nothing under another video driver. Needs a UTF-8 LC_CTYPE.
    static func set(_ title: String, on window: OpaquePointer) {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
            let display = info.info.x11.display
        else { return }
        let xwindow = info.info.x11.window
        var utf8 = Array(title.utf8CString)
        utf8.withUnsafeMutableBufferPointer { buffer in
            var list: UnsafeMutablePointer<CChar>? = buffer.baseAddress
            var property = XTextProperty()
            if Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property) == Success {
                XSetWMName(display, xwindow, &property)
                XFree(property.value)
            }
            property = XTextProperty()
            if Xutf8TextListToTextProperty(display, &list, 1, XUTF8StringStyle, &property) == Success {
                XSetTextProperty(display, xwindow, &property, XInternAtom(display, "_NET_WM_NAME", 0))
                XFree(property.value)
            }
        }
        XFlush(display)
    }
}
