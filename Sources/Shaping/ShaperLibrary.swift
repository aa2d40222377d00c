import CHarfBuzz

#if canImport(CHarfBuzzLoader)
import CHarfBuzzLoader
#endif

/// The HarfBuzz this process shapes with, as the font cache remembers it (`FontCacheFile.Shaper`): asking loads it
/// (CHarfBuzzLoader), which a warm run avoids by reading the font cache instead.
enum ShaperLibrary {
    /// HarfBuzz's version ("8.3.0"), from the library itself ("missing" when it cannot be loaded).
    static var version: String { String(cString: hb_version_string()) }

    /// Why HarfBuzz cannot be loaded, in one line naming its Debian package; nil when it is loaded. Loads it.
    static var unavailable: String? {
        #if canImport(CHarfBuzzLoader)
        harfbuzz_loader_failure().map { String(cString: $0) }
        #else
        nil  // the fuzz harnesses that compile this stage link libharfbuzz itself (Fuzz/harnesses)
        #endif
    }

    /// The dynamic loader's cache: a library installed elsewhere and registered by `ldconfig` changes it.
    static let loaderCache = "/etc/ld.so.cache"

    /// The version and the files it depends on, with their state now: the library file the dynamic loader chose and
    /// its cache. Loads HarfBuzz. Nil when it is not installed or its file cannot be told (then nothing is cached,
    /// and every run asks HarfBuzz).
    static func current() -> FontCacheFile.Shaper? {
        let version = self.version
        guard let name = interlinear_harfbuzz_file() else { return nil }
        let file = Array(String(cString: name).utf8)
        guard file.first == UInt8(ascii: "/") else { return nil }
        let files = [file, Array(loaderCache.utf8)].map {
            FontCacheFile.Stamp(path: $0, state: FileStamp.state(of: $0))
        }
        guard files[0].state.exists else { return nil }
        return FontCacheFile.Shaper(version: version, files: files)
    }
}
