import Foundation
import Testing

@testable import InterlinearView

/// Where the window takes a session bus to be named, as libdbus and sd-bus look for one before libdbus would
/// autolaunch its own (D-Bus specification, "Well-known Message Bus Instances"; sd-bus's `sd_bus_open_user`):
/// `DBUS_SESSION_BUS_ADDRESS`, else a socket at `$XDG_RUNTIME_DIR/bus`.
@Suite struct SessionBusAutolaunchTests {
    /// A folder holding `bus` as a listening Unix socket (made here with socket(2) and bind(2)), a regular file, or
    /// nothing.
    func runtimeFolder(_ bus: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("bus").path
        switch bus {
        case "socket":
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (n, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[n] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        case "file":
            try Data("not a socket".utf8).write(to: URL(fileURLWithPath: path))
        default:
            break
        }
        return folder
    }

    @Test func anAddressNamesTheBus() {
        #expect(SessionBusAutolaunch.sessionBusNamed(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"]))
        #expect(!SessionBusAutolaunch.sessionBusNamed(["DBUS_SESSION_BUS_ADDRESS": ""]))
        #expect(!SessionBusAutolaunch.sessionBusNamed([:]))
    }

    @Test func aSocketInTheRuntimeFolderNamesTheBus() throws {
        let socketFolder = try runtimeFolder("socket"), fileFolder = try runtimeFolder("file")
        let emptyFolder = try runtimeFolder(nil)
        defer { for f in [socketFolder, fileFolder, emptyFolder] { try? FileManager.default.removeItem(at: f) } }
        #expect(SessionBusAutolaunch.sessionBusNamed(["XDG_RUNTIME_DIR": socketFolder.path]))
        #expect(!SessionBusAutolaunch.sessionBusNamed(["XDG_RUNTIME_DIR": fileFolder.path]))
        #expect(!SessionBusAutolaunch.sessionBusNamed(["XDG_RUNTIME_DIR": emptyFolder.path]))
        // A relative runtime folder is not one (the specification asks for an absolute path).
        #expect(!SessionBusAutolaunch.sessionBusNamed(["XDG_RUNTIME_DIR": "relative"]))
    }
}
