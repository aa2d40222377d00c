// HarfBuzz loaded when a process first shapes (see harfbuzz_loader.c). The HarfBuzz functions the shaping stage
// calls are defined there with HarfBuzz's own prototypes, so Swift calls them as usual through CHarfBuzz.
#pragma once

/// Why libharfbuzz (or a HarfBuzz function) could not be loaded, in one line naming the Debian package; NULL when
/// it is loaded. Loads it the first time.
const char *harfbuzz_loader_failure(void);
