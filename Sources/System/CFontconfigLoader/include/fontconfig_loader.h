// fontconfig loaded when a process first looks a font up (see fontconfig_loader.c). The fontconfig functions the
// engine calls are defined there with fontconfig's own prototypes, so Swift calls them as usual through CFontconfig.
#pragma once

/// Why libfontconfig (or a fontconfig function) could not be loaded, in one line naming the Debian package; NULL
/// when it is loaded. Loads it the first time.
const char *fontconfig_loader_failure(void);

/// The libfontconfig file the dynamic loader opened, as an absolute path (the font cache records its state); NULL
/// when it cannot be loaded or told. Loads it the first time.
const char *fontconfig_loader_file(void);
