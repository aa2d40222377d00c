// libsystemd's sd-bus, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's
// lazy_library.h).
//
// libsystemd (with libgcrypt, libgpg-error, liblzma, libzstd, liblz4, libcap) cost every `interlinear` process
// loading and relocating them (callgrind, benchmark `typeset-warm`), though only the AT-SPI adapter (`view`,
// and its test host) talks to D-Bus. Each sd-bus function the adapter, CATSPIShim and the adapter's tests call is
// defined here with sd-bus's own prototype and forwards to the real one. Without libsystemd they fail the way sd-bus reports
// failure: a negative errno, here -ELIBACC ("cannot access a needed shared library"), or NULL; the adapter checks
// systemd_bus_loader_failure before it connects and says so in one line.
//
// One data symbol: SD_BUS_VTABLE_START (CATSPIShim's static vtables) stores &sd_bus_object_vtable_format, which
// libsystemd defines, so a program built against headers newer than the library fails to link. With the library
// opened later there is nothing to link against, so it is defined here instead, hidden (never exported, so it can
// not interpose on the library's own), with the format these headers write; sd-bus reads only whether the pointer is
// set (a NULL one would make it ignore the vtables' features). The guard it stood for is kept at load time: a
// libsystemd without the symbol (older than 242) is reported as too old instead of being used.
#include <errno.h>
#include <systemd/sd-bus.h>
#include <lazy_library.h>
#include "systemd_bus_loader.h"

LAZY_LIBRARY(libsystemd, "libsystemd.so.0", "libsystemd", "libsystemd0");

__attribute__((visibility("hidden"))) const unsigned sd_bus_object_vtable_format = 242;

const char *systemd_bus_loader_failure(void) {
    // Looked up (not used) so that a library older than the vtables' format is reported, as linking reported it.
    lazy_library_symbol(&libsystemd, "sd_bus_object_vtable_format");
    return lazy_library_failure(&libsystemd);
}

LAZY_FORWARD(libsystemd, int, sd_bus_add_fallback_vtable, (sd_bus *bus, sd_bus_slot **slot, const char *prefix,
        const char *interface, const sd_bus_vtable *vtable, sd_bus_object_find_t find, void *userdata), (bus, slot,
        prefix, interface, vtable, find, userdata), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_add_match, (sd_bus *bus, sd_bus_slot **slot, const char *match,
        sd_bus_message_handler_t callback, void *userdata), (bus, slot, match, callback, userdata), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_add_node_enumerator, (sd_bus *bus, sd_bus_slot **slot, const char *path,
        sd_bus_node_enumerator_t callback, void *userdata), (bus, slot, path, callback, userdata), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_add_object_vtable, (sd_bus *bus, sd_bus_slot **slot, const char *path,
        const char *interface, const sd_bus_vtable *vtable, void *userdata), (bus, slot, path, interface, vtable,
        userdata), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error,
        sd_bus_message **reply), (bus, m, usec, ret_error, reply), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_call_async, (sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m,
        sd_bus_message_handler_t callback, void *userdata, uint64_t usec), (bus, slot, m, callback, userdata, usec),
        -ELIBACC)
LAZY_FORWARD_VOID(libsystemd, sd_bus_close, (sd_bus *bus), (bus))
LAZY_FORWARD_VOID(libsystemd, sd_bus_error_free, (sd_bus_error *e), (e))
LAZY_FORWARD(libsystemd, int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name,
        message), -ELIBACC)
LAZY_FORWARD(libsystemd, sd_bus*, sd_bus_flush_close_unref, (sd_bus *bus), (bus), NULL)
LAZY_FORWARD(libsystemd, int, sd_bus_get_fd, (sd_bus *bus), (bus), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type,
        p), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_close_container, (sd_bus_message *m), (m), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents),
        (m, type, contents), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_exit_container, (sd_bus_message *m), (m), -ELIBACC)
LAZY_FORWARD(libsystemd, const sd_bus_error*, sd_bus_message_get_error, (sd_bus_message *m), (m), NULL)
LAZY_FORWARD(libsystemd, const char*, sd_bus_message_get_interface, (sd_bus_message *m), (m), NULL)
LAZY_FORWARD(libsystemd, const char*, sd_bus_message_get_member, (sd_bus_message *m), (m), NULL)
LAZY_FORWARD(libsystemd, const char*, sd_bus_message_get_path, (sd_bus_message *m), (m), NULL)
LAZY_FORWARD(libsystemd, int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m,
        const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination,
        path, interface, member), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call,
        m), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_new_signal, (sd_bus *bus, sd_bus_message **m, const char *path,
        const char *interface, const char *member), (bus, m, path, interface, member), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents),
        (m, type, contents), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p),
        -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_rewind, (sd_bus_message *m, int complete), (m, complete), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_seal, (sd_bus_message *m, uint64_t cookie, uint64_t timeout_usec),
        (m, cookie, timeout_usec), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_set_auto_start, (sd_bus_message *m, int b), (m, b), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types), -ELIBACC)
LAZY_FORWARD(libsystemd, sd_bus_message*, sd_bus_message_unref, (sd_bus_message *m), (m), NULL)
LAZY_FORWARD(libsystemd, int, sd_bus_new, (sd_bus **ret), (ret), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_open_user, (sd_bus **ret), (ret), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie),
        -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_set_fd, (sd_bus *bus, int input_fd, int output_fd), (bus, input_fd, output_fd),
        -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b), -ELIBACC)
LAZY_FORWARD(libsystemd, int, sd_bus_start, (sd_bus *bus), (bus), -ELIBACC)
LAZY_FORWARD(libsystemd, sd_bus*, sd_bus_unref, (sd_bus *bus), (bus), NULL)
LAZY_FORWARD(libsystemd, int, sd_bus_wait, (sd_bus *bus, uint64_t timeout_usec), (bus, timeout_usec), -ELIBACC)
