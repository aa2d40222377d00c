// Shared by the harnesses that build D-Bus messages (`bus-args`, `atspi-args`; listed among their sources).

import CSystemdBus
import Foundation

/// A bus to make messages on: sd-bus creates messages only for an open bus, so one end of a socket pair, started
/// (the authentication it writes goes unread).
func openSocketBus() -> OpaquePointer {
    var new: OpaquePointer?
    var ends: [Int32] = [0, 0]
    guard sd_bus_new(&new) >= 0, let new, socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0,
        sd_bus_set_fd(new, ends[0], ends[0]) >= 0, sd_bus_start(new) >= 0
    else { fatalError("cannot open a bus") }
    return new
}
