// SDL2, loaded on first use instead of at process start.
//
// libSDL2 pulls about forty shared libraries into a process (X11, Wayland, PulseAudio, ALSA, libsndfile and its
// codecs, ...): linked normally, every `interlinear` command paid to load and relocate them (about 10 M instructions,
// measured with callgrind), though only `view` opens a window. Here each SDL function the View module calls is
// defined with SDL's own prototype (from its header, so a mismatch does not compile) and forwards to the real one,
// found with dlsym in libSDL2-2.0.so.0, opened the first time any of them is called. Without libSDL2 the functions
// fail the way SDL reports failures (SDL_Init returns -1, SDL_GetError says why), so `view` says it cannot open a
// window, and every other command works: before, a missing libSDL2 stopped the binary from starting at all.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <dlfcn.h>
#include <stdio.h>
#include "sdl2_loader.h"

static const char *const library = "libSDL2-2.0.so.0";
static char failure[512];

static void *sdl2(void) {
    static void *handle;
    static int tried;
    void *loaded = __atomic_load_n(&handle, __ATOMIC_ACQUIRE);
    if (loaded || __atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return loaded;
    loaded = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!loaded) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "SDL2 is not installed (%s: %s); install libsdl2-2.0-0", library,
                 reason ? reason : "not found");
    }
    __atomic_store_n(&handle, loaded, __ATOMIC_RELEASE);
    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
    return loaded;
}

int sdl2_loader_available(void) { return sdl2() != NULL; }

static void *resolve(const char *name) {
    void *handle = sdl2();
    return handle ? dlsym(handle, name) : NULL;
}

// A function returning a value: `fallback` when SDL2 or the symbol is missing.
#define FORWARD(type, name, params, args, fallback)                                                      \
    type name params {                                                                                   \
        static type(*real) params;                                                                       \
        type(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                  \
        if (!found) {                                                                                    \
            found = (type(*) params)resolve(#name);                                                      \
            if (!found) return fallback;                                                                 \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                            \
        }                                                                                                \
        return found args;                                                                               \
    }

// A function returning nothing: nothing happens when SDL2 or the symbol is missing.
#define FORWARD_VOID(name, params, args)                                                                 \
    void name params {                                                                                   \
        static void(*real) params;                                                                       \
        void(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                  \
        if (!found) {                                                                                    \
            found = (void(*) params)resolve(#name);                                                      \
            if (!found) return;                                                                          \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                            \
        }                                                                                                \
        found args;                                                                                      \
    }

const char *SDL_GetError(void) {
    static const char *(*real)(void);
    const char *(*found)(void) = __atomic_load_n(&real, __ATOMIC_ACQUIRE);
    if (!found) {
        found = (const char *(*)(void))resolve("SDL_GetError");
        if (!found) return failure[0] ? failure : "SDL2 has no SDL_GetError";
        __atomic_store_n(&real, found, __ATOMIC_RELEASE);
    }
    return found();
}

FORWARD(int, SDL_Init, (Uint32 flags), (flags), -1)
FORWARD_VOID(SDL_Quit, (void), ())
FORWARD(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value), SDL_FALSE)
FORWARD(const char *, SDL_GetCurrentVideoDriver, (void), (), NULL)
FORWARD(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags),
        (title, x, y, w, h, flags), NULL)
FORWARD_VOID(SDL_DestroyWindow, (SDL_Window * window), (window))
FORWARD(SDL_Surface *, SDL_CreateRGBSurfaceWithFormatFrom,
        (void *pixels, int width, int height, int depth, int pitch, Uint32 format),
        (pixels, width, height, depth, pitch, format), NULL)
FORWARD_VOID(SDL_FreeSurface, (SDL_Surface * surface), (surface))
FORWARD_VOID(SDL_GetVersion, (SDL_version * version), (version))
FORWARD_VOID(SDL_GetWindowPosition, (SDL_Window * window, int *x, int *y), (window, x, y))
FORWARD_VOID(SDL_GetWindowSize, (SDL_Window * window, int *w, int *h), (window, w, h))
FORWARD(SDL_Surface *, SDL_GetWindowSurface, (SDL_Window * window), (window), NULL)
FORWARD(SDL_bool, SDL_GetWindowWMInfo, (SDL_Window * window, SDL_SysWMinfo *info), (window, info), SDL_FALSE)
FORWARD(int, SDL_PollEvent, (SDL_Event * event), (event), 0)
FORWARD(int, SDL_WaitEvent, (SDL_Event * event), (event), 0)
FORWARD(int, SDL_WaitEventTimeout, (SDL_Event * event, int timeout), (event, timeout), 0)
FORWARD(int, SDL_SetClipboardText, (const char *text), (text), -1)
FORWARD_VOID(SDL_SetWindowMinimumSize, (SDL_Window * window, int w, int h), (window, w, h))
FORWARD_VOID(SDL_SetWindowTitle, (SDL_Window * window, const char *title), (window, title))
FORWARD_VOID(SDL_StartTextInput, (void), ())
FORWARD(int, SDL_UpdateWindowSurface, (SDL_Window * window), (window), -1)
FORWARD(int, SDL_UpperBlit, (SDL_Surface * src, const SDL_Rect *srcrect, SDL_Surface *dst, SDL_Rect *dstrect),
        (src, srcrect, dst, dstrect), -1)
