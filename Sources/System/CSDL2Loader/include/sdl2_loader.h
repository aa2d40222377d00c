// SDL2 loaded when the window first needs it (see sdl2_loader.c). The SDL functions `interlinear view` calls are
// defined there with SDL's own prototypes, so the View module calls them as usual through CSDL2.
#pragma once

/// Whether libSDL2 is loaded (1) or could not be (0); tries to load it the first time.
int sdl2_loader_available(void);
