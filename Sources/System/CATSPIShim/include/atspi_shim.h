#ifndef ATSPI_SHIM_H
#define ATSPI_SHIM_H
/*
 * The sd-bus object tables (vtables) of the AT-SPI interfaces the adapter exports. sd-bus builds vtables with C
 * macros that Swift cannot import, so they live here; every method, property read and object lookup is forwarded
 * to one Swift callback of each kind (registered once with atspi_shim_set_callbacks), which dispatches on the
 * interface and member names. Nothing else is done in C.
 */
#include <systemd/sd-bus.h>

/// A method call of an exported interface: reply with sd_bus_send, return >= 0; or set error, return < 0.
typedef int (*atspi_shim_method_t)(sd_bus_message *call, void *userdata, sd_bus_error *error);
/// A property read: append the value to reply.
typedef int (*atspi_shim_property_t)(const char *path, const char *interface, const char *property,
                                     sd_bus_message *reply, void *userdata, sd_bus_error *error);
/// A property write (only Application.Id): read the value from value.
typedef int (*atspi_shim_set_property_t)(const char *path, const char *interface, const char *property,
                                         sd_bus_message *value, void *userdata, sd_bus_error *error);
/// Whether the object at path implements interface now: 1 if it does, 0 if not (then it does not exist for it).
typedef int (*atspi_shim_find_t)(const char *path, const char *interface, void *userdata);
/// The child object paths of path, as a malloc'ed NULL-terminated array of malloc'ed strings (sd-bus frees it).
typedef char **(*atspi_shim_enumerate_t)(const char *path, void *userdata);

/// Installs the Swift callbacks; call once before atspi_shim_register.
void atspi_shim_set_callbacks(atspi_shim_method_t method, atspi_shim_property_t property,
                              atspi_shim_set_property_t set_property, atspi_shim_find_t find,
                              atspi_shim_enumerate_t enumerate);

/// Registers the fallback vtables of Accessible, Application, Component, Text and Action under
/// /org/a11y/atspi/accessible, a node enumerator there, and the Cache object at /org/a11y/atspi/cache.
/// Returns a negative errno on failure. The slots are floating: they live as long as the bus.
int atspi_shim_register(sd_bus *bus, void *userdata);

/// malloc'ed copies for the enumerator's result (Swift cannot call strdup's result type safely across modules).
char **atspi_shim_strv_new(size_t count);
int atspi_shim_strv_set(char **strv, size_t index, const char *value);
void atspi_shim_strv_free(char **strv);

#endif
