// SDL2 for the `interlinear view` window and its input. The application owns main(): no SDL_main. The functions
// are defined by CSDL2Loader, which loads libSDL2 on first use; these are SDL's own declarations.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
// The native X11 window, for its UTF-8 title (SDL 2.26 sets it in a form xdotool and some desktops cannot read).
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
