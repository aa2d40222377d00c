import CSystemdBus
import InterlinearAccessibility

/// One key press or release as X11 reports it, in the form AT-SPI's device events carry: Orca
/// matches its key bindings by the hardware key code and the modifier state, and names keys by the keysym.
public struct KeyStroke: Sendable, Equatable {
    public var pressed: Bool
    /// The X keysym (`KP_Enter` is 0xff8d).
    public var keysym: UInt32
    /// The X hardware key code (what Orca's key bindings compare with).
    public var keycode: UInt32
    /// The X modifier state (Shift 1, Lock 2, Control 4, Mod1 8, Mod2/NumLock 16, …).
    public var modifiers: UInt32
    /// The X server time of the event, in milliseconds.
    public var timestamp: UInt32
    /// The character typed, or the keysym's name for a key that types none (`Tab`, `KP_Enter`).
    public var text: String
    /// Whether `text` is a typed character rather than a key name.
    public var isText: Bool

    public init(
        pressed: Bool, keysym: UInt32, keycode: UInt32, modifiers: UInt32, timestamp: UInt32, text: String,
        isText: Bool
    ) {
        self.pressed = pressed
        self.keysym = keysym
        self.keycode = keycode
        self.modifiers = modifiers
        self.timestamp = timestamp
        self.text = text
        self.isText = isText
    }
}

/// Keys to the registry first, as atk-bridge does for GTK: Orca 43 hears only the keys a toolkit forwards to
/// `org.a11y.atspi.DeviceEventController.NotifyListenersSync`; the reply says whether a listener (Orca) consumed
/// the key, and a consumed key is not acted on by the window. Without this, Where Am I, flat review, say all, key
/// echo and learn mode are dead in the window.
extension AtspiAdapter {
    static let deviceEventControllerPath = "/org/a11y/atspi/registry/deviceeventcontroller"

    /// How long the window waits for the registry's answer. The registry waits for its listeners itself; a screen
    /// reader that hangs must not freeze the window for longer than this, and the key is then the window's.
    static let keyReplyTimeout: Duration = .milliseconds(1500)

    /// The reply slot of one forwarded key (retained by the pending call until its callback runs).
    private final class KeyReply {
        var consumed: Bool?
    }

    /// Forwards a key to the registry's listeners and waits for their verdict, answering our own requests
    /// meanwhile (a listener may ask about the focused object before it answers, as Orca's Where Am I does).
    /// Returns whether the screen reader consumed the key; false at once while inactive, and on any failure.
    public func keyEvent(_ stroke: KeyStroke) -> Bool {
        guard let a11y else { return false }
        stats.keysForwarded += 1
        let reply = KeyReply()
        let box = Unmanaged.passRetained(reply).toOpaque()
        do {
            let call = try a11y.methodCall(
                destination: Self.registryName, path: Self.deviceEventControllerPath,
                interface: "org.a11y.atspi.DeviceEventController",
                member: "NotifyListenersSync"
            ) { w in
                // `(uiiiisb)`: the introspection data says `(uiuuisb)`, but the registry's demarshaller reads the
                // key code and modifiers as INT32 (or, legacy, INT16) and answers anything else InvalidArgs.
                w.open("r", "uiiiisb")
                w.uint32(stroke.pressed ? 0 : 1)  // ATSPI_KEY_PRESSED_EVENT, ATSPI_KEY_RELEASED_EVENT
                w.int32(Int32(bitPattern: stroke.keysym))
                w.int32(Int32(bitPattern: stroke.keycode))
                w.int32(Int32(bitPattern: stroke.modifiers))
                w.int32(Int32(bitPattern: stroke.timestamp))
                w.string(stroke.text)
                w.bool(stroke.isText)
                w.close()
            }
            try a11y.callAsync(
                call, userdata: box,
                callback: { message, userdata, _ in
                    guard let userdata else { return 0 }
                    let reply = Unmanaged<KeyReply>.fromOpaque(userdata).takeRetainedValue()
                    guard let message else { reply.consumed = false; return 1 }
                    if let error = sd_bus_message_get_error(message), error.pointee.name != nil {
                        reply.consumed = false
                        return 1
                    }
                    var reader = MessageReader(message)
                    let consumed = reader.bool()
                    reply.consumed = reader.status >= 0 && consumed
                    return 1
                }, timeout: 2_000_000)
        } catch {
            Unmanaged<KeyReply>.fromOpaque(box).release()
            lastError = "\(error)"
            return false
        }
        let clock = ContinuousClock(), deadline = clock.now + Self.keyReplyTimeout
        while reply.consumed == nil, clock.now < deadline {
            guard let connection = self.a11y, connection.process() != nil else { break }
            if reply.consumed != nil { break }
            _ = connection.wait(microseconds: 5_000)
        }
        let consumed = reply.consumed ?? false
        if consumed { stats.keysConsumed += 1 }
        return consumed
    }
}
