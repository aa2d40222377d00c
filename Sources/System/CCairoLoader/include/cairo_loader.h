// cairo loaded when a command first draws (see cairo_loader.c). The cairo functions the render stage and the
// window call are defined there with cairo's own prototypes, so Swift calls them as usual through CCairo.
#pragma once

/// Why libcairo (or a cairo function) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *cairo_loader_failure(void);
