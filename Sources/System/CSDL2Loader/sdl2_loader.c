// SDL2, loaded on first use instead of at process start (the mechanism is in CLazyLibrary's lazy_library.h).
//
// libSDL2 pulls about forty shared libraries into a process (X11, Wayland, PulseAudio, ALSA, libsndfile and its
// codecs, ...): linked normally, every `interlinear` command paid to load and relocate them (callgrind, benchmark
// `typeset-warm`), though only `view` opens a window. Here each SDL function the View module calls is
// defined with SDL's own prototype (from its header, so a mismatch does not compile) and forwards to the real one,
// found with dlsym in libSDL2-2.0.so.0, opened the first time any of them is called. Without libSDL2 the functions
// fail the way SDL reports failures (SDL_Init returns -1, SDL_GetError says why), so `view` says it cannot open a
// window, and every other command works: before, a missing libSDL2 stopped the binary from starting at all.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <lazy_library.h>
#include "sdl2_loader.h"

LAZY_LIBRARY(sdl2, "libSDL2-2.0.so.0", "SDL2", "libsdl2-2.0-0");

int sdl2_loader_available(void) { return lazy_library_handle(&sdl2) != NULL; }

// SDL's own way of saying why: when SDL2 is missing, why it is.
LAZY_FORWARD(sdl2, const char *, SDL_GetError, (void), (), lazy_library_failure(&sdl2))
LAZY_FORWARD(sdl2, int, SDL_Init, (Uint32 flags), (flags), -1)
LAZY_FORWARD_VOID(sdl2, SDL_Quit, (void), ())
LAZY_FORWARD(sdl2, SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value), SDL_FALSE)
LAZY_FORWARD(sdl2, const char *, SDL_GetCurrentVideoDriver, (void), (), NULL)
LAZY_FORWARD(sdl2, SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags),
        (title, x, y, w, h, flags), NULL)
LAZY_FORWARD_VOID(sdl2, SDL_DestroyWindow, (SDL_Window * window), (window))
LAZY_FORWARD(sdl2, SDL_Surface *, SDL_CreateRGBSurfaceWithFormatFrom,
        (void *pixels, int width, int height, int depth, int pitch, Uint32 format),
        (pixels, width, height, depth, pitch, format), NULL)
LAZY_FORWARD_VOID(sdl2, SDL_FreeSurface, (SDL_Surface * surface), (surface))
LAZY_FORWARD_VOID(sdl2, SDL_GetVersion, (SDL_version * version), (version))
LAZY_FORWARD_VOID(sdl2, SDL_GetWindowPosition, (SDL_Window * window, int *x, int *y), (window, x, y))
LAZY_FORWARD_VOID(sdl2, SDL_GetWindowSize, (SDL_Window * window, int *w, int *h), (window, w, h))
LAZY_FORWARD(sdl2, SDL_Surface *, SDL_GetWindowSurface, (SDL_Window * window), (window), NULL)
LAZY_FORWARD(sdl2, SDL_bool, SDL_GetWindowWMInfo, (SDL_Window * window, SDL_SysWMinfo *info), (window, info), SDL_FALSE)
LAZY_FORWARD(sdl2, int, SDL_PollEvent, (SDL_Event * event), (event), 0)
LAZY_FORWARD(sdl2, Uint8, SDL_EventState, (Uint32 type, int state), (type, state), 0)
LAZY_FORWARD(sdl2, int, SDL_WaitEvent, (SDL_Event * event), (event), 0)
LAZY_FORWARD(sdl2, int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout), (event, timeout), 0)
LAZY_FORWARD(sdl2, int, SDL_SetClipboardText, (const char *text), (text), -1)
LAZY_FORWARD(sdl2, int, SDL_GetWindowDisplayIndex, (SDL_Window * window), (window), -1)
LAZY_FORWARD(sdl2, int, SDL_GetDisplayUsableBounds, (int displayIndex, SDL_Rect *rect), (displayIndex, rect), -1)
LAZY_FORWARD(sdl2, int, SDL_GetWindowBordersSize, (SDL_Window * window, int *top, int *left, int *bottom, int *right),
             (window, top, left, bottom, right), -1)
LAZY_FORWARD_VOID(sdl2, SDL_SetWindowSize, (SDL_Window * window, int w, int h), (window, w, h))
LAZY_FORWARD_VOID(sdl2, SDL_SetWindowPosition, (SDL_Window * window, int x, int y), (window, x, y))
LAZY_FORWARD_VOID(sdl2, SDL_SetWindowMinimumSize, (SDL_Window * window, int w, int h), (window, w, h))
LAZY_FORWARD_VOID(sdl2, SDL_SetWindowTitle, (SDL_Window * window, const char *title), (window, title))
LAZY_FORWARD_VOID(sdl2, SDL_StartTextInput, (void), ())
LAZY_FORWARD(sdl2, int, SDL_UpdateWindowSurface, (SDL_Window * window), (window), -1)
LAZY_FORWARD(sdl2, int, SDL_UpperBlit,
        (SDL_Surface * src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect),
        (src, srcrect, dst, dstrect), -1)
LAZY_FORWARD(sdl2, Uint32, SDL_RegisterEvents, (int numevents), (numevents), (Uint32)-1)
LAZY_FORWARD(sdl2, int, SDL_PushEvent, (SDL_Event * event), (event), -1)
