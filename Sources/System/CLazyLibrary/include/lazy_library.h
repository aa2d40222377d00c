// A shared library opened the first time one of its functions is called, instead of at process start.
//
// Every `interlinear` process used to load and relocate every library any command needs (cairo, X11, libsystemd,
// speech-dispatcher, liblouis, SDL2 and what they pull in), though most commands need none of them. A loader target
// (CCairoLoader, CSystemdBusLoader, ...) defines each function its consumers call with the library's own prototype
// (from the library's header, so a mismatch does not compile) through LAZY_FORWARD, which finds the real function
// with dlsym in the library, opened with dlopen on the first call. When the library (or one function) is missing,
// the function fails the way the library reports failure (the `fallback` expression), and lazy_library_failure says
// why in one line, naming the Debian package, so the command that needs it can say so.
#pragma once

#include <pthread.h>

/// One library opened on first use. Define with LAZY_LIBRARY; read only through the functions below.
struct lazy_library {
    const char *soname;   // what dlopen opens, e.g. "libcairo.so.2"
    const char *name;     // what the user knows it as, e.g. "cairo"
    const char *package;  // the Debian package that installs it, e.g. "libcairo2"
    pthread_mutex_t lock; // serialises the first open and the failure text
    void *handle;         // dlopen's handle, NULL until opened or when it could not be
    int state;            // 0 not tried, 1 tried (handle says how it went); read and written atomically
    char failure[512];    // why the library or a function is missing; empty while nothing failed
};

/// A library named `soname` (installed by Debian's `package`), opened on first use.
#define LAZY_LIBRARY(variable, soname_, name_, package_)                                                 \
    static struct lazy_library variable = {                                                          \
        .soname = soname_, .name = name_, .package = package_, .lock = PTHREAD_MUTEX_INITIALIZER}

/// The library's dlopen handle, opening it the first time; NULL when it cannot be loaded.
void *lazy_library_handle(struct lazy_library *library);

/// The address of `symbol` in the library (opening it first); NULL, with the failure recorded, when it is missing.
void *lazy_library_symbol(struct lazy_library *library, const char *symbol);

/// One line saying why the library or one of its functions could not be loaded; NULL while nothing failed.
/// Opens the library first, so NULL means it is there.
const char *lazy_library_failure(struct lazy_library *library);

/// The file the dynamic loader opened for the library (found from `symbol`, one of its functions), as an absolute
/// path; NULL when it cannot be loaded or told. Opens it first. Valid while the library stays loaded (a loaded
/// library is never unloaded here). A cache that must notice another build of the library records this file's
/// state instead of asking the library its version, so checking the cache does not load it.
const char *lazy_library_file(struct lazy_library *library, const char *symbol);

/// Defines `type name params` to call the library's `name` with `args`; evaluates to `fallback` (an expression
/// that may use the parameters) when the library or the function is missing. The function is looked up once.
#define LAZY_FORWARD(library, type, name, params, args, fallback)                                       \
    type name params {                                                                                   \
        static type(*real) params;                                                                       \
        type(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                  \
        if (!found) {                                                                                    \
            found = (type(*) params)lazy_library_symbol(&library, #name);                                \
            if (!found) return fallback;                                                                 \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                            \
        }                                                                                                \
        return found args;                                                                               \
    }

/// LAZY_FORWARD for a function returning nothing: nothing happens when the library or the function is missing.
#define LAZY_FORWARD_VOID(library, name, params, args)                                                   \
    void name params {                                                                                   \
        static void(*real) params;                                                                       \
        void(*found) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                                  \
        if (!found) {                                                                                    \
            found = (void(*) params)lazy_library_symbol(&library, #name);                                \
            if (!found) return;                                                                          \
            __atomic_store_n(&real, found, __ATOMIC_RELEASE);                                            \
        }                                                                                                \
        found args;                                                                                      \
    }
