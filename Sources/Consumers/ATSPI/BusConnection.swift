import CSystemdBus
import CSystemdBusLoader

/// A failure talking to D-Bus, with the sd-bus errno or D-Bus error name.
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ what: String, _ code: Int32) {
        description = "\(what): \(String(cString: strerror(-code)))"
    }

    init(_ description: String) { self.description = description }

    init(_ what: String, error: sd_bus_error) {
        let name = error.name.map { String(cString: $0) } ?? "unknown error"
        let message = error.message.map { String(cString: $0) } ?? ""
        description = "\(what): \(name)\(message.isEmpty ? "" : ": " + message)"
    }
}

/// One sd-bus connection (the session bus or the accessibility bus), used from one thread, never blocking in
/// `process()`. Closing flushes what is queued and drops the connection, so its unique name leaves the bus.
final class BusConnection {
    private(set) var bus: OpaquePointer?

    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
    static func session() throws -> BusConnection {
        try requireLibrary()
        var bus: OpaquePointer?
        let r = sd_bus_open_user(&bus)
        guard r >= 0, let bus else { throw BusError("cannot connect to the session bus", r) }
        return BusConnection(bus)
    }

    /// A bus at an address (the accessibility bus), as a client that says Hello.
    static func connect(address: String) throws -> BusConnection {
        try requireLibrary()
        var bus: OpaquePointer?
        var r = sd_bus_new(&bus)
        guard r >= 0, let bus else { throw BusError("cannot create a bus connection", r) }
        r = sd_bus_set_address(bus, address)
        if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
        if r >= 0 { r = sd_bus_start(bus) }
        guard r >= 0 else {
            sd_bus_close(bus)
            sd_bus_unref(bus)
            throw BusError("cannot connect to the accessibility bus at \(address)", r)
        }
        return BusConnection(bus)
    }

    /// libsystemd is loaded on first use: when it is missing (or too old), say so, naming its package.
    private static func requireLibrary() throws {
        if let missing = systemd_bus_loader_failure() { throw BusError(String(cString: missing)) }
    }

    private init(_ bus: OpaquePointer) { self.bus = bus }

    deinit { close() }

    func close() {
        guard let bus else { return }
        sd_bus_flush_close_unref(bus)
        self.bus = nil
    }

    /// The connection's socket, for an event loop that polls (nil when closed).
    var fileDescriptor: Int32? {
        guard let bus else { return nil }
        let fd = sd_bus_get_fd(bus)
        return fd >= 0 ? fd : nil
    }

    /// The connection's unique name (":1.42").
    var uniqueName: String {
        guard let bus else { return "" }
        var name: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &name) >= 0, let name else { return "" }
        return String(cString: name)
    }

    /// Handles every message already received, without waiting. Returns the number of messages handled, or nil
    /// if the connection broke.
    func process() -> Int? {
        guard let bus else { return nil }
        var handled = 0
        while true {
            let r = sd_bus_process(bus, nil)
            if r < 0 { return nil }
            if r == 0 { return handled }
            handled += 1
        }
    }

    /// Waits at most `microseconds` for something to process; false on timeout or a broken connection.
    func wait(microseconds: UInt64) -> Bool {
        guard let bus else { return false }
        return sd_bus_wait(bus, microseconds) > 0
    }

    /// A method call message to fill in; `autoStart` false never D-Bus-activates the destination.
    func methodCall(
        destination: String, path: String, interface: String, member: String,
        autoStart: Bool = true
    ) throws -> OpaquePointer {
        guard let bus else { throw BusError("bus closed", -107) }
        var m: OpaquePointer?
        let r = sd_bus_message_new_method_call(bus, &m, destination, path, interface, member)
        guard r >= 0, let m else { throw BusError("cannot create a \(member) call", r) }
        if !autoStart { sd_bus_message_set_auto_start(m, 0) }
        return m
    }

    /// Sends a call and waits for its reply (at most `timeout` microseconds). The caller unrefs the reply.
    func call(_ m: OpaquePointer, timeout: UInt64 = 5_000_000) throws -> OpaquePointer {
        defer { sd_bus_message_unref(m) }
        guard let bus else { throw BusError("bus closed", -107) }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let r = sd_bus_call(bus, m, timeout, &error, &reply)
        let member = sd_bus_message_get_member(m).map { String(cString: $0) } ?? "call"
        guard r >= 0, let reply else {
            if error.name != nil { throw BusError(member, error: error) }
            throw BusError(member, r)
        }
        return reply
    }

    /// Sends a call without waiting; `callback` runs from `process()` with the reply or error message.
    func callAsync(
        _ m: OpaquePointer, userdata: UnsafeMutableRawPointer,
        callback: sd_bus_message_handler_t, timeout: UInt64 = 5_000_000
    ) throws {
        defer { sd_bus_message_unref(m) }
        guard let bus else { throw BusError("bus closed", -107) }
        let r = sd_bus_call_async(bus, nil, m, callback, userdata, timeout)
        guard r >= 0 else { throw BusError("cannot send a call", r) }
    }

    /// Sends a message (a reply or a signal) and releases it.
    @discardableResult
    func send(_ m: OpaquePointer) -> Bool {
        defer { sd_bus_message_unref(m) }
        guard let bus else { return false }
        return sd_bus_send(bus, m, nil) >= 0
    }

    /// A signal message to fill in.
    func signal(path: String, interface: String, member: String) -> OpaquePointer? {
        guard let bus else { return nil }
        var m: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &m, path, interface, member) >= 0 else { return nil }
        return m
    }

    /// Subscribes to signals matching a D-Bus match rule for the connection's lifetime.
    func addMatch(_ rule: String, userdata: UnsafeMutableRawPointer, callback: sd_bus_message_handler_t) throws {
        guard let bus else { throw BusError("bus closed", -107) }
        let r = sd_bus_add_match(bus, nil, rule, callback, userdata)
        guard r >= 0 else { throw BusError("cannot subscribe to \(rule)", r) }
    }
}
