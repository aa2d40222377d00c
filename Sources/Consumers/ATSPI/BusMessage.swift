import CSystemdBus

/// Appends values to an sd-bus message. sd-bus's `sd_bus_message_append` is variadic and cannot be called from
/// Swift, so everything goes through the basic-type and container calls. The first failure is kept in `status`
/// and later appends are skipped, so a caller checks once at the end.
struct MessageWriter {
    let message: OpaquePointer
    private(set) var status: Int32 = 0

    init(_ message: OpaquePointer) { self.message = message }

    private mutating func run(_ body: (OpaquePointer) -> Int32) {
        guard status >= 0 else { return }
        let r = body(message)
        if r < 0 { status = r }
    }

    /// Appends a string. sd-bus refuses a string holding a Unicode noncharacter (U+FDD0…U+FDEF, U+nFFFE, U+nFFFF),
    /// which a Swift `String` may hold, and one refused string would fail the whole reply; such a string goes out
    /// with U+FFFD in their place.
    mutating func string(_ value: String) {
        let sendable =
            value.unicodeScalars.contains(where: Self.isNoncharacter) ? Self.replacingNoncharacters(value) : value
        run { m in sendable.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "s")), $0) } }
    }

    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    static func replacingNoncharacters(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            scalars.append(isNoncharacter(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    mutating func objectPath(_ value: String) {
        run { m in value.withCString { sd_bus_message_append_basic(m, CChar(UInt8(ascii: "o")), $0) } }
    }

    mutating func int32(_ value: Int32) {
        var v = value
        run { m in sd_bus_message_append_basic(m, CChar(UInt8(ascii: "i")), &v) }
    }

    mutating func uint32(_ value: UInt32) {
        var v = value
        run { m in sd_bus_message_append_basic(m, CChar(UInt8(ascii: "u")), &v) }
    }

    mutating func int16(_ value: Int16) {
        var v = value
        run { m in sd_bus_message_append_basic(m, CChar(UInt8(ascii: "n")), &v) }
    }

    mutating func bool(_ value: Bool) {
        var v: Int32 = value ? 1 : 0
        run { m in sd_bus_message_append_basic(m, CChar(UInt8(ascii: "b")), &v) }
    }

    mutating func double(_ value: Double) {
        var v = value
        run { m in sd_bus_message_append_basic(m, CChar(UInt8(ascii: "d")), &v) }
    }

    /// Opens a container: `type` is "a", "r" (struct), "e" (dict entry) or "v"; `contents` its signature.
    mutating func open(_ type: Character, _ contents: String) {
        run { m in contents.withCString { sd_bus_message_open_container(m, CChar(type.asciiValue ?? 0), $0) } }
    }

    mutating func close() { run { m in sd_bus_message_close_container(m) } }

    /// An object reference `(so)`: the bus name that owns the object and its path.
    mutating func reference(_ ref: ObjectReference) {
        open("r", "so")
        string(ref.busName)
        objectPath(ref.path)
        close()
    }

    /// A string dictionary `a{ss}`.
    mutating func stringDictionary(_ entries: [(String, String)]) {
        open("a", "{ss}")
        for (key, value) in entries {
            open("e", "ss")
            string(key)
            string(value)
            close()
        }
        close()
    }
}

/// Reads the arguments of an incoming message in order. A type mismatch, or a read past the end, leaves `status`
/// negative and the value zero or empty: sd-bus checks a method call's signature against the vtable, but not a
/// signal's or a reply's, so that is a sender's bad message as well as a bug here (the `bus-args` harness feeds both).
struct MessageReader {
    let message: OpaquePointer
    private(set) var status: Int32 = 0

    init(_ message: OpaquePointer) { self.message = message }

    mutating func int32() -> Int32 {
        var v: Int32 = 0
        let r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "i")), &v)
        if r <= 0 && status >= 0 { status = r < 0 ? r : -74 /* EBADMSG */ }
        return v
    }

    mutating func uint32() -> UInt32 {
        var v: UInt32 = 0
        let r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "u")), &v)
        if r <= 0 && status >= 0 { status = r < 0 ? r : -74 }
        return v
    }

    mutating func bool() -> Bool {
        var v: Int32 = 0
        let r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &v)
        if r <= 0 && status >= 0 { status = r < 0 ? r : -74 }
        return v != 0
    }

    mutating func string() -> String {
        var p: UnsafePointer<CChar>?
        let r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &p)
        if r <= 0 && status >= 0 { status = r < 0 ? r : -74 }
        return p.map { String(cString: $0) } ?? ""
    }

    /// Reads a `(so)` reference.
    mutating func reference() -> ObjectReference? {
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "r")), "so") > 0 else {
            status = -74; return nil
        }
        let name = string()
        var p: UnsafePointer<CChar>?
        let r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "o")), &p)
        _ = sd_bus_message_exit_container(message)
        guard r > 0, let p else { status = -74; return nil }
        return ObjectReference(busName: name, path: String(cString: p))
    }
}

/// An AT-SPI object reference: a bus name and an object path, `(so)` on the wire.
struct ObjectReference: Equatable, Sendable {
    var busName: String
    var path: String

    /// The null reference AT-SPI uses for "no object".
    static let null = ObjectReference(busName: "", path: "/org/a11y/atspi/null")
}
