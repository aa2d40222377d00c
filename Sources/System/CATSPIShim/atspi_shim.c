#include "atspi_shim.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus-vtable.h>

static atspi_shim_method_t shim_method;
static atspi_shim_property_t shim_property;
static atspi_shim_set_property_t shim_set_property;
static atspi_shim_find_t shim_find;
static atspi_shim_enumerate_t shim_enumerate;

void atspi_shim_set_callbacks(atspi_shim_method_t method, atspi_shim_property_t property,
                              atspi_shim_set_property_t set_property, atspi_shim_find_t find,
                              atspi_shim_enumerate_t enumerate) {
    shim_method = method;
    shim_property = property;
    shim_set_property = set_property;
    shim_find = find;
    shim_enumerate = enumerate;
}

static int on_method(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    return shim_method(m, userdata, error);
}

static int on_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                  sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus;
    return shim_property(path, interface, property, reply, userdata, error);
}

static int on_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                  sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus;
    return shim_set_property(path, interface, property, value, userdata, error);
}

static int on_find(sd_bus *bus, const char *path, const char *interface, void *userdata, void **found,
                   sd_bus_error *error) {
    (void)bus; (void)error;
    if (!shim_find(path, interface, userdata)) return 0;
    *found = userdata;
    return 1;
}

static int on_enumerate(sd_bus *bus, const char *prefix, void *userdata, char ***nodes, sd_bus_error *error) {
    (void)bus; (void)error;
    char **list = shim_enumerate(prefix, userdata);
    if (!list) return -ENOMEM;
    *nodes = list;
    return 0;
}

/* UNPRIVILEGED: without it sd-bus asks the bus daemon for the caller's credentials (a synchronous round trip)
 * on every call. Anyone who can reach the user's accessibility bus may read the tree, as with every toolkit. */
#define M(name, in, out) SD_BUS_METHOD(name, in, out, on_method, SD_BUS_VTABLE_UNPRIVILEGED)
#define P(name, type) SD_BUS_PROPERTY(name, type, on_get, 0, 0)

static const sd_bus_vtable accessible_vtable[] = {
    SD_BUS_VTABLE_START(0),
    P("Name", "s"), P("Description", "s"), P("Parent", "(so)"), P("ChildCount", "i"), P("Locale", "s"),
    P("AccessibleId", "s"),
    M("GetChildAtIndex", "i", "(so)"), M("GetChildren", "", "a(so)"), M("GetIndexInParent", "", "i"),
    M("GetRelationSet", "", "a(ua(so))"), M("GetRole", "", "u"), M("GetRoleName", "", "s"),
    M("GetLocalizedRoleName", "", "s"), M("GetState", "", "au"), M("GetAttributes", "", "a{ss}"),
    M("GetApplication", "", "(so)"), M("GetInterfaces", "", "as"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable application_vtable[] = {
    SD_BUS_VTABLE_START(0),
    P("ToolkitName", "s"), P("Version", "s"), P("AtspiVersion", "s"),
    SD_BUS_WRITABLE_PROPERTY("Id", "i", on_get, on_set, 0, SD_BUS_VTABLE_UNPRIVILEGED),
    M("GetLocale", "u", "s"), M("GetApplicationBusAddress", "", "s"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable component_vtable[] = {
    SD_BUS_VTABLE_START(0),
    M("Contains", "iiu", "b"), M("GetAccessibleAtPoint", "iiu", "(so)"), M("GetExtents", "u", "(iiii)"),
    M("GetPosition", "u", "ii"), M("GetSize", "", "ii"), M("GetLayer", "", "u"), M("GetMDIZOrder", "", "n"),
    M("GrabFocus", "", "b"), M("GetAlpha", "", "d"), M("SetExtents", "iiiiu", "b"), M("SetPosition", "iiu", "b"),
    M("SetSize", "ii", "b"), M("ScrollTo", "u", "b"), M("ScrollToPoint", "uii", "b"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable text_vtable[] = {
    SD_BUS_VTABLE_START(0),
    P("CharacterCount", "i"), P("CaretOffset", "i"),
    M("GetStringAtOffset", "iu", "sii"), M("GetText", "ii", "s"), M("SetCaretOffset", "i", "b"),
    M("GetTextBeforeOffset", "iu", "sii"), M("GetTextAtOffset", "iu", "sii"), M("GetTextAfterOffset", "iu", "sii"),
    M("GetCharacterAtOffset", "i", "i"), M("GetAttributeValue", "is", "s"), M("GetAttributes", "i", "a{ss}ii"),
    M("GetDefaultAttributes", "", "a{ss}"), M("GetCharacterExtents", "iu", "iiii"),
    M("GetOffsetAtPoint", "iiu", "i"), M("GetNSelections", "", "i"), M("GetSelection", "i", "ii"),
    M("AddSelection", "ii", "b"), M("RemoveSelection", "i", "b"), M("SetSelection", "iii", "b"),
    M("GetRangeExtents", "iiu", "iiii"), M("GetBoundedRanges", "iiiiuuu", "a(iisv)"),
    M("GetAttributeRun", "ib", "a{ss}ii"), M("GetDefaultAttributeSet", "", "a{ss}"),
    M("ScrollSubstringTo", "iiu", "b"), M("ScrollSubstringToPoint", "iiuii", "b"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable action_vtable[] = {
    SD_BUS_VTABLE_START(0),
    P("NActions", "i"),
    M("GetDescription", "i", "s"), M("GetName", "i", "s"), M("GetLocalizedName", "i", "s"),
    M("GetKeyBinding", "i", "s"), M("GetActions", "", "a(sss)"), M("DoAction", "i", "b"),
    SD_BUS_VTABLE_END
};

#define RULE "(aiia{ss}iaiiasib)"
static const sd_bus_vtable collection_vtable[] = {
    SD_BUS_VTABLE_START(0),
    M("GetMatches", RULE "uib", "a(so)"), M("GetMatchesTo", "o" RULE "uubib", "a(so)"),
    M("GetMatchesFrom", "o" RULE "uuib", "a(so)"), M("GetActiveDescendant", "", "(so)"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable document_vtable[] = {
    SD_BUS_VTABLE_START(0),
    P("CurrentPageNumber", "i"), P("PageCount", "i"),
    M("GetLocale", "", "s"), M("GetAttributeValue", "s", "s"), M("GetAttributes", "", "a{ss}"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable cache_vtable[] = {
    SD_BUS_VTABLE_START(0),
    M("GetItems", "", "a((so)(so)(so)iiassusau)"),
    SD_BUS_SIGNAL("AddAccessible", "((so)(so)(so)iiassusau)", 0),
    SD_BUS_SIGNAL("RemoveAccessible", "(so)", 0),
    SD_BUS_VTABLE_END
};

int atspi_shim_register(sd_bus *bus, void *userdata) {
    static const char *prefix = "/org/a11y/atspi/accessible";
    static const struct { const char *name; const sd_bus_vtable *vtable; } interfaces[] = {
        { "org.a11y.atspi.Accessible", accessible_vtable },
        { "org.a11y.atspi.Application", application_vtable },
        { "org.a11y.atspi.Component", component_vtable },
        { "org.a11y.atspi.Text", text_vtable },
        { "org.a11y.atspi.Action", action_vtable },
        { "org.a11y.atspi.Collection", collection_vtable },
        { "org.a11y.atspi.Document", document_vtable },
    };
    int r;
    for (size_t i = 0; i < sizeof interfaces / sizeof interfaces[0]; i++) {
        r = sd_bus_add_fallback_vtable(bus, NULL, prefix, interfaces[i].name, interfaces[i].vtable, on_find, userdata);
        if (r < 0) return r;
    }
    r = sd_bus_add_node_enumerator(bus, NULL, prefix, on_enumerate, userdata);
    if (r < 0) return r;
    return sd_bus_add_object_vtable(bus, NULL, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", cache_vtable, userdata);
}

char **atspi_shim_strv_new(size_t count) {
    return calloc(count + 1, sizeof(char *));
}

int atspi_shim_strv_set(char **strv, size_t index, const char *value) {
    strv[index] = strdup(value);
    return strv[index] ? 0 : -ENOMEM;
}

void atspi_shim_strv_free(char **strv) {
    if (!strv) return;
    for (char **p = strv; *p; p++) free(*p);
    free(strv);
}
