#include <harfbuzz/hb.h>
#include <dlfcn.h>

// glibc's Dl_info and dladdr, declared under names of their own: <dlfcn.h> declares them only for _GNU_SOURCE,
// which Swift's Glibc module is not built with.
struct interlinear_dl_info {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
};
extern int interlinear_dladdr(const void *address, struct interlinear_dl_info *info) __asm__("dladdr");

/// The file of the libharfbuzz.so.0 this process loaded (the one the dynamic loader chose: LD_LIBRARY_PATH, its
/// cache), as the loader names it; NULL while HarfBuzz is not loaded. Valid while the library stays loaded (a
/// loaded library is never unloaded here).
static inline const char *interlinear_harfbuzz_file(void) {
    void *handle = dlopen("libharfbuzz.so.0", RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) return 0;
    void *symbol = dlsym(handle, "hb_version_string");
    struct interlinear_dl_info info = {0};
    const char *file = symbol && interlinear_dladdr(symbol, &info) ? info.dli_fname : 0;
    dlclose(handle);  // RTLD_NOLOAD took a reference; the library stays loaded
    return file;
}
