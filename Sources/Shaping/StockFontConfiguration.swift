import CFontconfig
import InterlinearCorpus

#if canImport(Glibc)
import Glibc
#endif

/// fontconfig's configuration as the distribution ships it, loaded without its `conf.d` snippets, so a process
/// with no font cache finds the primary and Hebrew fonts without `FcInit` parsing every snippet's XML (most of what
/// a cold `typeset "John 1"` spent in fontconfig: benchmark `typeset-cold`, docs/performance.md).
///
/// What a named family's first match depends on is the font folders, the cache folders and the rules that edit a
/// pattern's family or reject fonts. `/etc/fonts/fonts.conf` is read as it is (the folders, the cache folders,
/// its own rules, any `<include>` an administrator added there) with its one `<include>` of `conf.d` left out;
/// that is used only when every `.conf` in `conf.d` is a link to a snippet fontconfig or fonts-dejavu ships
/// (`neutralSnippets`: hinting, antialiasing, aliases that only add fonts after a generic or an absent family,
/// bitmap rejection), so leaving them out cannot change which file a family installed under its own name
/// resolves to. It is refused, and the caller starts fontconfig in full (`FcInit`), whenever someone configured
/// fontconfig: `FONTCONFIG_FILE`, `FONTCONFIG_PATH` or `FONTCONFIG_SYSROOT` set; any of the user's files
/// (`$XDG_CONFIG_HOME/fontconfig/fonts.conf` or `conf.d`, `~/.fonts.conf`, `~/.fonts.conf.d`), which
/// `50-user.conf` would read; `/etc/fonts/local.conf`; any other snippet in `conf.d`; a `fonts.conf` without
/// exactly one `conf.d` include. A user who configured fontconfig gets exactly what fontconfig says.
///
/// Only the first match comes from here (`FontChain`): the fallback order depends on the generic aliases the
/// snippets hold, so it is always fontconfig's full answer, asked for when a glyph is first missing.
final class StockFontConfiguration {
    let config: OpaquePointer
    /// The configuration files and folders the answer depends on, as a full configuration lists them
    /// (`FcConfigGetConfigFiles`), for the font cache's stamps.
    let configurationPaths: [String]

    /// fontconfig's folder on Debian (its `sysconfdir`, where `FONTCONFIG_PATH` unset points).
    static let folder = "/etc/fonts"
    /// The line of `fonts.conf` that reads the snippets.
    static let snippetInclude = Array(#"<include ignore_missing="yes">conf.d</include>"#.utf8)
    /// Where a distribution's snippets live; a `conf.d` entry must link to one of these with its own name.
    static let snippetFolders = ["/usr/share/fontconfig/conf.avail/", "../conf.avail/", "/etc/fonts/conf.avail/"]
    /// fontconfig's and fonts-dejavu's snippets that do not change which file a named family that is installed
    /// resolves to. Left out on purpose: `05-reset-dirs-sample.conf` (it changes the font folders), the
    /// `70-*-bitmaps.conf` that accept bitmap fonts, and `50-user.conf`/`51-local.conf`, allowed only because
    /// the files they include are checked absent.
    static let neutralSnippets: Set<String> = [
        "09-autohint-if-no-hinting.conf", "10-autohint.conf", "10-hinting-full.conf", "10-hinting-medium.conf",
        "10-hinting-none.conf", "10-hinting-slight.conf", "10-no-antialias.conf", "10-no-sub-pixel.conf",
        "10-scale-bitmap-fonts.conf", "10-sub-pixel-bgr.conf", "10-sub-pixel-rgb.conf", "10-sub-pixel-vbgr.conf",
        "10-sub-pixel-vrgb.conf", "10-unhinted.conf", "10-yes-antialias.conf", "11-lcdfilter-default.conf",
        "11-lcdfilter-legacy.conf", "11-lcdfilter-light.conf", "20-unhint-small-vera.conf",
        "20-unhint-small-dejavu-lgc-sans-mono.conf", "20-unhint-small-dejavu-lgc-sans.conf",
        "20-unhint-small-dejavu-lgc-serif.conf", "20-unhint-small-dejavu-sans-mono.conf",
        "20-unhint-small-dejavu-sans.conf", "20-unhint-small-dejavu-serif.conf", "25-unhint-nonlatin.conf",
        "30-metric-aliases.conf", "40-nonlatin.conf", "45-generic.conf", "45-latin.conf", "48-spacing.conf",
        "49-sansserif.conf", "50-user.conf", "51-local.conf", "57-dejavu-sans-mono.conf", "57-dejavu-sans.conf",
        "57-dejavu-serif.conf", "58-dejavu-lgc-sans-mono.conf", "58-dejavu-lgc-sans.conf",
        "58-dejavu-lgc-serif.conf", "60-generic.conf", "60-latin.conf", "65-fonts-persian.conf", "65-khmer.conf",
        "65-nonlatin.conf", "69-unifont.conf", "70-no-bitmaps.conf", "80-delicious.conf", "90-synthetic.conf",
    ]

    /// The stock configuration, or nil when fontconfig was configured (see the type) or cannot load it.
    init?() {
        for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] where getenv(name) != nil {
            return nil
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        // A relative XDG_CONFIG_HOME is one fontconfig and this check might resolve differently: left to fontconfig.
        let configHome = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }
        if let configHome, !configHome.hasPrefix("/") { return nil }
        let userFiles = [
            (configHome ?? home + "/.config") + "/fontconfig/conf.d",
            (configHome ?? home + "/.config") + "/fontconfig/fonts.conf",
            home + "/.fonts.conf.d", home + "/.fonts.conf", Self.folder + "/local.conf",
        ]
        for path in userFiles where !Self.isAbsent(path) { return nil }
        guard let snippets = Self.neutralSnippetPaths(), var text = Self.configurationText() else { return nil }
        text.append(0)
        guard let config = FcConfigCreate() else { return nil }
        guard FcConfigParseAndLoadFromMemory(config, text, FcFalse) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
        configurationPaths = [Self.folder + "/fonts.conf", Self.folder + "/conf.d"] + snippets
    }

    deinit { FcConfigDestroy(config) }

    /// The file fontconfig puts first for `family`, or nil when no font is installed under that name (the caller
    /// then asks fontconfig in full, which gives the error).
    func firstMatch(family: String) -> FontDescriptor? {
        try? FontLocator.sorted(family: family, config: config).first
    }

    /// Whether nothing is at `path` (not even a dangling link); any other answer than "no such file" counts as
    /// present, so a configuration that cannot be looked at is left to fontconfig.
    private static func isAbsent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }

    /// The `.conf` entries of `conf.d` (the only ones fontconfig reads), each a link to a neutral snippet; nil when
    /// one is anything else.
    private static func neutralSnippetPaths() -> [String]? {
        guard let directory = opendir(folder + "/conf.d") else { return nil }
        defer { closedir(directory) }
        var paths: [String] = []
        for name in FolderEntries.names(directory) {
            guard name.hasSuffix(".conf") else { continue }
            guard neutralSnippets.contains(name) else { return nil }
            let path = folder + "/conf.d/" + name
            var target = [CChar](repeating: 0, count: 512)
            let length = readlink(path, &target, target.count - 1)
            guard length > 0 else { return nil }
            let link = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard snippetFolders.contains(where: { link == $0 + name }) else { return nil }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// `fonts.conf` with its `conf.d` include blanked out (the same length, so fontconfig's messages would keep
    /// their line numbers); nil when the include is not there exactly once.
    private static func configurationText() -> [UInt8]? {
        guard var text = try? BoundedFile.read(folder + "/fonts.conf", limit: 1 << 16, what: "fontconfig's fonts.conf"),
            !text.contains(0)
        else { return nil }
        var found: Int?
        let include = snippetInclude
        var at = 0
        while at + include.count <= text.count {
            if text[at] == include[0], text[at..<at + include.count].elementsEqual(include) {
                guard found == nil else { return nil }
                found = at
                at += include.count
            } else {
                at += 1
            }
        }
        guard let start = found else { return nil }
        text.replaceSubrange(
            start..<start + include.count, with: repeatElement(UInt8(ascii: " "), count: include.count))
        return text
    }
}
