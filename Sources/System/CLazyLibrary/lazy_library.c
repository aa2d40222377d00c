// Opening a library on first use (see lazy_library.h): once, under the library's lock, with the reason kept.
#define _GNU_SOURCE  // dladdr
#include "lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>

void *lazy_library_handle(struct lazy_library *library) {
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE)) return library->handle;
    pthread_mutex_lock(&library->lock);
    if (!library->state) {
        // RTLD_LOCAL: the library's symbols stay out of the global scope, so nothing else binds to them by accident.
        library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (!library->handle) {
            const char *reason = dlerror();
            snprintf(library->failure, sizeof library->failure,
                     "cannot load %s (%s); install the Debian package %s", library->name,
                     reason ? reason : library->soname, library->package);
        }
        __atomic_store_n(&library->state, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&library->lock);
    return library->handle;
}

void *lazy_library_symbol(struct lazy_library *library, const char *symbol) {
    void *handle = lazy_library_handle(library);
    if (!handle) return NULL;
    void *found = dlsym(handle, symbol);
    if (!found) {
        pthread_mutex_lock(&library->lock);
        // An older library without a function the program was built against: say which, once.
        if (!library->failure[0])
            snprintf(library->failure, sizeof library->failure,
                     "%s (%s) has no %s; install a newer %s", library->name, library->soname, symbol,
                     library->package);
        pthread_mutex_unlock(&library->lock);
    }
    return found;
}

const char *lazy_library_failure(struct lazy_library *library) {
    lazy_library_handle(library);
    pthread_mutex_lock(&library->lock);
    const char *failure = library->failure[0] ? library->failure : NULL;
    pthread_mutex_unlock(&library->lock);
    return failure;
}

const char *lazy_library_file(struct lazy_library *library, const char *symbol) {
    void *found = lazy_library_symbol(library, symbol);
    Dl_info info;
    if (!found || !dladdr(found, &info) || !info.dli_fname || info.dli_fname[0] != '/') return NULL;
    return info.dli_fname;
}
