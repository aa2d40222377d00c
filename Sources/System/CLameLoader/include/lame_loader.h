// LAME loaded when `export --audio` first encodes (see lame_loader.c). The functions the exporter calls are defined
// there with LAME's own prototypes, so Swift calls them as usual through CLame.
#pragma once

/// Why libmp3lame (or one of its functions) could not be loaded, in one line naming the Debian package; NULL when it
/// is loaded. Loads it the first time.
const char *lame_loader_failure(void);
