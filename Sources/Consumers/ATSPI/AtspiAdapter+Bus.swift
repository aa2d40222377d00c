import CATSPIShim
import CSystemdBus
import Foundation
import InterlinearAccessibility

/// Following the desktop's switch (`org.a11y.Status.IsEnabled` on the session bus, exported by
/// at-spi-bus-launcher as `org.a11y.Bus`) and joining or leaving the accessibility bus.
///
/// The launcher is never D-Bus-activated by us in mode `auto`: every call to it waits until `org.a11y.Bus` has an
/// owner and is sent without auto-start, because calling it while a launcher is still starting would start a
/// second one (and a second accessibility bus the screen reader does not see).
extension AtspiAdapter {
    static let launcherName = "org.a11y.Bus"
    static let registryName = "org.a11y.atspi.Registry"

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> AtspiAdapter? {
        userdata.map { Unmanaged<AtspiAdapter>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Subscribes to the launcher's owner changes and IsEnabled changes, then reads the current state.
    func watchStatus() throws {
        guard let session else { return }
        try session.addMatch(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.launcherName)'",
            userdata: userdata
        ) { message, userdata, _ in
            guard let message, let adapter = AtspiAdapter.from(userdata) else { return 0 }
            var reader = MessageReader(message)
            _ = reader.string()
            _ = reader.string()
            let owner = reader.string()
            adapter.launcherChanged(running: reader.status >= 0 && !owner.isEmpty)
            return 0
        }
        // Both directions: Orca starting sets it true, Orca quitting (or a user) sets it false.
        try session.addMatch(
            "type='signal',path='/org/a11y/bus',interface='org.freedesktop.DBus.Properties',"
                + "member='PropertiesChanged',arg0='org.a11y.Status'",
            userdata: userdata
        ) { message, userdata, _ in
            guard let message, let adapter = AtspiAdapter.from(userdata) else { return 0 }
            var reader = MessageReader(message)
            if let enabled = reader.statusEnabledChange() { adapter.desktopChanged(enabled: enabled) }
            return 0
        }
        let reply = try session.call(
            try session.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameHasOwner", build: { $0.string(Self.launcherName) }))
        defer { sd_bus_message_unref(reply) }
        var reader = MessageReader(reply)
        let owned = reader.bool()
        if owned {
            launcherChanged(running: true)
        } else if mode == .on {
            // Asked to export regardless: start the launcher the way toolkits do (D-Bus activation).
            launcherRunning = true
            update()
        }
    }

    /// The launcher appeared or went away.
    func launcherChanged(running: Bool) {
        launcherRunning = running
        desktopEnabled = running ? readIsEnabled() : false
        update()
    }

    /// IsEnabled changed on the desktop.
    func desktopChanged(enabled: Bool) {
        desktopEnabled = enabled
        update()
    }

    /// Joins or leaves the accessibility bus to match the mode and the desktop's switch.
    func update() {
        let wanted = mode == .on || (mode == .auto && launcherRunning && desktopEnabled)
        if wanted && a11y == nil {
            do {
                try activate(address: try accessibilityBusAddress())
                lastError = nil
            } catch {
                lastError = "\(error)"
            }
        } else if !wanted && a11y != nil {
            deactivate()
        }
    }

    /// `org.a11y.Status.IsEnabled`, read without starting anything; false when it cannot be read.
    func readIsEnabled() -> Bool {
        guard let session, launcherRunning,
            let call = try? session.methodCall(
                destination: Self.launcherName, path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
                member: "Get", autoStart: false,
                build: {
                    $0.string("org.a11y.Status"); $0.string("IsEnabled")
                }),
            let reply = try? session.call(call, timeout: 2_000_000)
        else { return false }
        defer { sd_bus_message_unref(reply) }
        guard sd_bus_message_enter_container(reply, CChar(UInt8(ascii: "v")), "b") > 0 else { return false }
        var reader = MessageReader(reply)
        let value = reader.bool()
        return reader.status >= 0 && value
    }

    /// The accessibility bus's address from the launcher (`org.a11y.Bus.GetAddress`), which starts that bus.
    func accessibilityBusAddress() throws -> String {
        if let address = environment("AT_SPI_BUS_ADDRESS"), !address.isEmpty { return address }
        guard let session else { throw BusError("no session bus", -107) }
        let call = try session.methodCall(
            destination: Self.launcherName, path: "/org/a11y/bus",
            interface: "org.a11y.Bus", member: "GetAddress",
            autoStart: mode == .on)
        let reply = try session.call(call, timeout: 3_000_000)
        defer { sd_bus_message_unref(reply) }
        var reader = MessageReader(reply)
        let address = reader.string()
        guard reader.status >= 0, !address.isEmpty else {
            throw BusError("org.a11y.Bus.GetAddress returned no address", -22)
        }
        return address
    }

    /// Joins the accessibility bus: exports the objects (answered lazily from the tree), turns the tree's screen
    /// reader on and embeds the application in the registry's desktop.
    func activate(address: String) throws {
        let bus = try BusConnection.connect(address: address)
        guard let raw = bus.bus else { throw BusError("bus closed", -107) }
        let r = atspi_shim_register(raw, userdata)
        guard r >= 0 else { throw BusError("cannot export the accessible objects", r) }
        a11y = bus
        stats.activations += 1
        let tree = self.tree
        tree.screenReaderEnabled = true
        documentPath = ObjectNode.document.path(in: tree)
        announcedVisible = 0..<0
        announcedFocus = nil
        // Embed as toolkits do: Socket.Embed on the registry's root with our root's reference; the reply is the
        // desktop, our application's parent. Asynchronous: the registry may call us before it answers.
        let call = try bus.methodCall(
            destination: Self.registryName, path: ObjectNode.applicationPath,
            interface: "org.a11y.atspi.Socket", member: "Embed"
        ) {
            $0.reference(ObjectReference(busName: bus.uniqueName, path: ObjectNode.applicationPath))
        }
        try bus.callAsync(call, userdata: userdata) { reply, userdata, _ in
            guard let reply, let adapter = AtspiAdapter.from(userdata) else { return 0 }
            adapter.embedded(reply: reply)
            return 1
        }
    }

    /// The registry answered Embed.
    func embedded(reply: OpaquePointer) {
        if let error = sd_bus_message_get_error(reply), error.pointee.name != nil {
            lastError = "the registry refused Embed: " + String(cString: error.pointee.name)
            return
        }
        var reader = MessageReader(reply)
        desktop = reader.reference()
        // A window that is already active when the screen reader arrives: say so, as a toolkit would on activation.
        if windowActive { emitWindowActivated() }
    }

    /// Leaves the accessibility bus: the tree releases every element and the connection closes, so the registry
    /// drops the application and every object path stops answering.
    func deactivate() {
        host.accessibilityTree.screenReaderEnabled = false
        a11y?.close()
        a11y = nil
        desktop = nil
        announcedVisible = 0..<0
        announcedFocus = nil
        stats.deactivations += 1
    }

    func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}

extension BusConnection {
    /// A method call with its arguments.
    func methodCall(
        destination: String, path: String, interface: String, member: String, autoStart: Bool = true,
        build: (inout MessageWriter) -> Void
    ) throws -> OpaquePointer {
        let m = try methodCall(
            destination: destination, path: path, interface: interface, member: member,
            autoStart: autoStart)
        var writer = MessageWriter(m)
        build(&writer)
        guard writer.status >= 0 else {
            sd_bus_message_unref(m)
            throw BusError("cannot build a \(member) call", writer.status)
        }
        return m
    }
}
