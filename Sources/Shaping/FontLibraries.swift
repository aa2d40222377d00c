import CFontconfigLoader
import CFreeTypeLoader

/// FreeType and fontconfig, which find and open the font files, as the font cache remembers them: both are loaded on
/// first use (CFreeTypeLoader, CFontconfigLoader), which a warm run avoids by reading the font cache instead.
///
/// The cache is checked without loading them: instead of asking fontconfig its version, it records the state of
/// the files the dynamic loader opened for both libraries, with the loader's cache (`ShaperLibrary.loaderCache`),
/// as it does for HarfBuzz; another build of either installed there, or another file the loader would now find,
/// changes a stamp, and the cache is written again. The environment variables that steer the loader
/// (`LD_LIBRARY_PATH`, `LD_PRELOAD`) are in the cache's environment fingerprint.
enum FontLibraries {
    /// Why FreeType or fontconfig cannot be loaded, in one line naming its Debian package; nil when both are
    /// loaded. Loads them.
    static var unavailable: String? {
        (freetype_loader_failure() ?? fontconfig_loader_failure()).map { String(cString: $0) }
    }

    /// The paths the font cache stamps for them: each library's file and the loader's cache. Loads both. Nil when
    /// either file cannot be told (then nothing is cached, and every run asks fontconfig).
    static func files() -> [[UInt8]]? {
        guard let freetype = freetype_loader_file(), let fontconfig = fontconfig_loader_file() else { return nil }
        return [freetype, fontconfig].map { Array(String(cString: $0).utf8) } + [Array(ShaperLibrary.loaderCache.utf8)]
    }
}
