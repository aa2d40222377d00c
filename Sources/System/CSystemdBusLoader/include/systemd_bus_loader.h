// libsystemd's sd-bus loaded when the AT-SPI adapter first talks to D-Bus (see systemd_bus_loader.c). The sd-bus
// functions the adapter calls are defined there with sd-bus's own prototypes, so Swift calls them as usual.
#pragma once

/// Why libsystemd (or an sd-bus function) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *systemd_bus_loader_failure(void);
