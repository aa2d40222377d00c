// FreeType loaded when a process first opens a font file (see freetype_loader.c). The FreeType functions the engine
// calls are defined there with FreeType's own prototypes, so Swift calls them as usual through CFreeType.
#pragma once

/// Why libfreetype (or a FreeType function) could not be loaded, in one line naming the Debian package; NULL when
/// it is loaded. Loads it the first time.
const char *freetype_loader_failure(void);

/// The libfreetype file the dynamic loader opened, as an absolute path (the font cache records its state); NULL
/// when it cannot be loaded or told. Loads it the first time.
const char *freetype_loader_file(void);
