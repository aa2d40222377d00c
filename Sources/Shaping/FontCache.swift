import CFontconfig
import InterlinearCorpus

#if canImport(Glibc)
import Glibc
#endif

/// Remembers which font files fontconfig chose, so a later process opens them with FreeType directly instead of
/// initialising fontconfig (parsing its XML configuration and loading every font's cache: most of what a cold
/// `typeset "John 1"` spent before shaping; benchmarks `typeset-cold` and `typeset-warm`).
///
/// The answer is reused only while everything it depends on is unchanged, checked with one `stat` per path:
/// fontconfig's configuration files and folders, its font folders (each one, subfolders included: adding, removing
/// or replacing a font changes a folder's mtime), its cache folders, the user's configuration and font folders even
/// while they do not exist, the font files themselves; and fontconfig's version and the environment variables it
/// reads (`FONTCONFIG_*`, the locale, `HOME`, the XDG folders). That is what `FcConfigUptoDate` checks, plus what it
/// cannot see from outside a running configuration. fontconfig and FreeType themselves are stamped by their library
/// files (`FontLibraries`), so checking the cache loads neither.
///
/// It also remembers HarfBuzz's version with the library file the dynamic loader chose and the loader's cache
/// (`ShaperLibrary`), checked the same way (and `LD_LIBRARY_PATH`, `LD_PRELOAD` in the environment): a warm run
/// names the shape cache file by that version without loading HarfBuzz. A file without them, or whose library
/// changed, is not used, and is written again.
///
/// The file (`FontCacheFile`) is untrusted: bounded, validated, and when anything is wrong with it (corrupt,
/// truncated, foreign, stale) it is ignored and written again after fontconfig has answered. It is replaced
/// atomically, so concurrent processes never see half a file, and only through `CacheFolder` (never through a
/// symbolic link, never opening a FIFO). Failing to write it is not an error.
enum FontCache {
    /// The file's name in the cache folder (`CachePolicy.directory`).
    static let fileName = "fonts-1.cache"

    /// The fonts cached for a family and Hebrew family, and HarfBuzz's version, if the file at `path` is valid and
    /// nothing they depend on has changed since it was written; nil otherwise (and for any problem reading it).
    static func lookup(
        path: String, family: String, hebrewFamily: String?
    ) -> (chain: FontCacheFile.Chain, shaperVersion: String)? {
        guard let bytes = read(path),
            let file = try? FontCacheFile.parse(bytes),
            let shaper = file.shaper,
            isCurrent(file),
            let chain = file.chains.first(where: { $0.family == family && $0.hebrewFamily == hebrewFamily }),
            FileStamp.state(of: chain.primary.path) == chain.primary.file,
            chain.hebrew.map({ FileStamp.state(of: $0.path) == $0.file }) ?? true
        else { return nil }
        return (chain, shaper.version)
    }

    /// Records a chain fontconfig just resolved in this process, under `configuration` (the stock one) or, when
    /// nil, the one `FcInit` loaded: keeps the other chains of a file written in the same state, replaces the
    /// rest. Errors are ignored: the cache is an optimisation, and the next run asks fontconfig again.
    static func store(path: String, chain: FontCacheFile.Chain, configuration: StockFontConfiguration?) {
        guard let stamps = currentStamps(configuration) else { return }
        var file = FontCacheFile(
            fontconfigVersion: FcGetVersion(), environment: environmentFingerprint(),
            stamps: stamps, chains: [chain], shaper: ShaperLibrary.current())
        if let bytes = read(path),
            let old = try? FontCacheFile.parse(bytes),
            old.fontconfigVersion == file.fontconfigVersion, old.environment == file.environment, old.stamps == stamps
        {
            let others = old.chains.filter { $0.family != chain.family || $0.hebrewFamily != chain.hebrewFamily }
            file.chains = [chain] + others.prefix(FontCacheFile.maxChains - 1)
        }
        let encoded = file.encoded()
        guard encoded.count <= FontCacheFile.maxSize else { return }
        guard let (folder, name) = place(path) else { return }
        folder.write(name, encoded)
    }

    /// The cache folder and file name of `path` (`CacheFolder`: never through a link, never a FIFO); nil when
    /// the folder is refused.
    private static func place(_ path: String) -> (CacheFolder, String)? {
        guard let slash = path.lastIndex(of: "/"), let folder = CacheFolder.open(String(path[..<slash])) else {
            return nil
        }
        return (folder, String(path[path.index(after: slash)...]))
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let (folder, name) = place(path) else { return nil }
        return folder.read(name, limit: FontCacheFile.maxSize)
    }

    /// Whether the file was written in this environment, with every stamp unchanged: fontconfig's and FreeType's
    /// library files among them (`FontLibraries`), which stand for fontconfig's version without loading it.
    static func isCurrent(_ file: FontCacheFile) -> Bool {
        guard file.environment == environmentFingerprint() else { return false }
        for stamp in file.stamps where FileStamp.state(of: stamp.path) != stamp.state { return false }
        for stamp in file.shaper?.files ?? [] where FileStamp.state(of: stamp.path) != stamp.state { return false }
        return true
    }

    /// The environment variables fontconfig's answer depends on: where its configuration, fonts and caches are,
    /// and the locale `FcDefaultSubstitute` takes the language from; and those that decide which HarfBuzz the
    /// dynamic loader finds.
    static let environmentVariables = [
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG", "HOME",
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "LD_LIBRARY_PATH", "LD_PRELOAD",
    ]

    static func environmentFingerprint() -> [UInt8] {
        var bytes: [UInt8] = []
        for name in environmentVariables {
            bytes.append(contentsOf: name.utf8)
            if let value = getenv(name) {
                let text = UnsafeRawBufferPointer(start: value, count: strlen(value))
                let kept = name == "LD_PRELOAD" ? preloadsBesidesValgrind(text) : Array(text)
                // Valgrind's preloads alone fingerprint as no LD_PRELOAD at all, as a native run has.
                if !(name == "LD_PRELOAD" && kept.isEmpty && !text.isEmpty) {
                    bytes.append(UInt8(ascii: "="))
                    bytes.append(contentsOf: kept)
                }
            }
            bytes.append(0)
        }
        return bytes
    }

    /// `LD_PRELOAD` without valgrind's own preloads (`…/vgpreload_*.so`, which valgrind adds to every program it
    /// runs): they replace malloc and friends and define no HarfBuzz, so they cannot change which HarfBuzz the
    /// dynamic loader finds. With them in the fingerprint, the first run under valgrind after a native one found the
    /// font cache stale and rebuilt it, and a "warm" measurement was not warm. Entries are separated by spaces or
    /// colons, as ld.so reads them; the others are kept as given, in order.
    static func preloadsBesidesValgrind(_ value: UnsafeRawBufferPointer) -> [UInt8] {
        // Byte by byte: generic collection splitting here cost a protocol-conformance scan at every start under
        // valgrind (benchmark `typeset-warm`).
        var kept: [UInt8] = []
        var start = 0
        while start < value.count {
            var end = start
            while end < value.count, value[end] != UInt8(ascii: " "), value[end] != UInt8(ascii: ":") { end += 1 }
            var name = end
            while name > start, value[name - 1] != UInt8(ascii: "/") { name -= 1 }
            if end > start, !isValgrindPreload(UnsafeRawBufferPointer(rebasing: value[name..<end])) {
                if !kept.isEmpty { kept.append(UInt8(ascii: ":")) }
                kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[start..<end]))
            }
            start = end + 1
        }
        return kept
    }

    /// Whether a file name is one of valgrind's preloads: `vgpreload_…so`.
    private static func isValgrindPreload(_ name: UnsafeRawBufferPointer) -> Bool {
        let prefix: StaticString = "vgpreload_", suffix: StaticString = ".so"
        guard name.count >= prefix.utf8CodeUnitCount + suffix.utf8CodeUnitCount else { return false }
        for index in 0..<prefix.utf8CodeUnitCount where name[index] != prefix.utf8Start[index] { return false }
        let tail = name.count - suffix.utf8CodeUnitCount
        for index in 0..<suffix.utf8CodeUnitCount where name[tail + index] != suffix.utf8Start[index] { return false }
        return true
    }

    /// Every path fontconfig's answer depends on, with its state now; nil when there are more than a file may hold,
    /// or fontconfig's and FreeType's library files cannot be told. Needs fontconfig initialised (`FcInit`) when
    /// `configuration` is nil. The stock configuration's configuration files are the ones a full one lists
    /// (fonts.conf, conf.d and its snippets), so either way the stamps are the same.
    static func currentStamps(_ configuration: StockFontConfiguration? = nil) -> [FontCacheFile.Stamp]? {
        guard let libraries = FontLibraries.files() else { return nil }
        let config = configuration?.config
        var paths = Set((configuration?.configurationPaths ?? []).map { Array($0.utf8) })
        paths.formUnion(libraries)
        for list in [
            FcConfigGetConfigFiles(config), FcConfigGetConfigDirs(config), FcConfigGetFontDirs(config),
            FcConfigGetCacheDirs(config),
        ] {
            guard let list else { continue }
            while let item = FcStrListNext(list) {
                let path = Array(
                    UnsafeBufferPointer(
                        start: item, count: strlen(UnsafeRawPointer(item).assumingMemoryBound(to: CChar.self))))
                if path.first == UInt8(ascii: "/") { paths.insert(path) }
            }
            FcStrListDone(list)
        }
        // The user's configuration and fonts, which fontconfig lists only while they exist.
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        func xdg(_ variable: String, _ fallback: String) -> String {
            if let value = getenv(variable).map({ String(cString: $0) }), value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        if home.hasPrefix("/") {
            for path in [
                xdg("XDG_CONFIG_HOME", ".config") + "/fontconfig", home + "/.fonts.conf",
                home + "/.fonts.conf.d", xdg("XDG_DATA_HOME", ".local/share") + "/fonts", home + "/.fonts",
            ] {
                paths.insert(Array(path.utf8))
            }
        }
        guard paths.count <= FontCacheFile.maxStamps else { return nil }
        return paths.sorted { $0.lexicographicallyPrecedes($1) }.map {
            FontCacheFile.Stamp(path: $0, state: FileStamp.state(of: $0))
        }
    }
}

/// The state `stat` gives a path, as the cache file records it.
enum FileStamp {
    static func state(of path: [UInt8]) -> FontCacheFile.FileState {
        var info = stat()
        // The C string on the stack: a warm run checks every stamp of the font cache file, and two arrays a path
        // (`path + [0]`) were a visible part of its start (benchmark `typeset-warm`).
        let found = withUnsafeTemporaryAllocation(of: CChar.self, capacity: path.count + 1) { name in
            path.withUnsafeBufferPointer { bytes in
                for index in bytes.indices { name[index] = CChar(bitPattern: bytes[index]) }
            }
            name[path.count] = 0
            return stat(name.baseAddress!, &info) == 0
        }
        guard found else { return .absent }
        return FontCacheFile.FileState(
            exists: true, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    static func state(of path: String) -> FontCacheFile.FileState { state(of: Array(path.utf8)) }
}
