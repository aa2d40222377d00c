// libsword, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// Only `import` (the Strong's lexicons) and the commands given a SWORD Bible read SWORD modules; libsword brings
// the C++ runtime, ICU, curl and zlib with it. Each flat-API function they call is defined here with SWORD's own
// prototype (flatapi.h) and forwards to the real one. Without libsword they fail the way the flat API reports
// nothing: handles are 0, strings NULL, popError says "no more entries"; the Sword module checks
// sword_loader_failure first and says so in one line.
#include <sword/flatapi.h>
#include <lazy_library.h>
#include "sword_loader.h"

LAZY_LIBRARY(sword, "libsword.so.1.9.0", "libsword", "libsword1.9.0");

const char *sword_loader_failure(void) { return lazy_library_failure(&sword); }

LAZY_FORWARD(sword, SWHANDLE, org_crosswire_sword_SWMgr_new, (void), (), 0)
LAZY_FORWARD(sword, SWHANDLE, org_crosswire_sword_SWMgr_newWithPath, (const char *path), (path), 0)
LAZY_FORWARD_VOID(sword, org_crosswire_sword_SWMgr_delete, (SWHANDLE hSWMgr), (hSWMgr))
LAZY_FORWARD(sword, const char *, org_crosswire_sword_SWMgr_version, (SWHANDLE hSWMgr), (hSWMgr), NULL)
LAZY_FORWARD(sword, const struct org_crosswire_sword_ModInfo *, org_crosswire_sword_SWMgr_getModInfoList,
        (SWHANDLE hSWMgr), (hSWMgr), NULL)
LAZY_FORWARD(sword, SWHANDLE, org_crosswire_sword_SWMgr_getModuleByName, (SWHANDLE hSWMgr, const char *moduleName),
        (hSWMgr, moduleName), 0)
LAZY_FORWARD_VOID(sword, org_crosswire_sword_SWMgr_setGlobalOption, (SWHANDLE hSWMgr, const char *option,
        const char *value), (hSWMgr, option, value))
LAZY_FORWARD(sword, char, org_crosswire_sword_SWModule_popError, (SWHANDLE hSWModule), (hSWModule), 1)
LAZY_FORWARD_VOID(sword, org_crosswire_sword_SWModule_setKeyText, (SWHANDLE hSWModule, const char *key),
        (hSWModule, key))
LAZY_FORWARD(sword, const char *, org_crosswire_sword_SWModule_getKeyText, (SWHANDLE hSWModule), (hSWModule), NULL)
LAZY_FORWARD_VOID(sword, org_crosswire_sword_SWModule_begin, (SWHANDLE hSWModule), (hSWModule))
LAZY_FORWARD_VOID(sword, org_crosswire_sword_SWModule_next, (SWHANDLE hSWModule), (hSWModule))
LAZY_FORWARD(sword, const char *, org_crosswire_sword_SWModule_getRawEntry, (SWHANDLE hSWModule), (hSWModule),
        NULL)
LAZY_FORWARD(sword, const char *, org_crosswire_sword_SWModule_stripText, (SWHANDLE hSWModule), (hSWModule), NULL)
LAZY_FORWARD(sword, const char *, org_crosswire_sword_SWModule_getConfigEntry, (SWHANDLE hSWModule,
        const char *key), (hSWModule, key), NULL)
LAZY_FORWARD(sword, const char **, org_crosswire_sword_SWModule_getEntryAttribute, (SWHANDLE hSWModule,
        const char *level1, const char *level2, const char *level3, char filteredBool), (hSWModule, level1, level2,
        level3, filteredBool), NULL)
LAZY_FORWARD(sword, const char **, org_crosswire_sword_SWModule_getKeyChildren, (SWHANDLE hSWModule), (hSWModule),
        NULL)
