import CFontconfig
import InterlinearCorpus

#if canImport(Glibc)
import Glibc
#endif

/// A font file fontconfig chose: its path, face index, family and the characters it covers.
package struct FontDescriptor: Sendable, Equatable {
    public let path: String
    public let index: Int32
    public let family: String
}

/// Raised when the requested family is not installed. A typed value: a front end says how its users install it
/// (the command line names the Debian package, `debianPackage`).
public struct FontError: Error, CustomStringConvertible, Equatable {
    public let family: String
    /// Made by the font lookup; apps read it.
    package init(family: String, configuration: String? = nil) {
        self.family = family
        self.configuration = configuration
    }
    /// What is wrong instead, when that is why: fontconfig's configuration (`FONTCONFIG_FILE`), or HarfBuzz missing.
    public let configuration: String?
    /// The Debian package that provides the family, when it is one the engine knows.
    public var debianPackage: String? { configuration == nil ? FontLocator.debianPackage(for: family) : nil }
    public var description: String { configuration ?? "font '\(family)' is not installed" }
}

/// Finds fonts by family through fontconfig, in fontconfig's fallback order.
package enum FontLocator {
    /// The Debian package that provides a family the engine knows, or nil.
    public static func debianPackage(for family: String) -> String? {
        switch family.lowercased() {
        case "gentium plus", "gentium": return "fonts-sil-gentiumplus"
        case "gentium book plus": return "fonts-sil-gentiumplus-compact"
        case "dejavu sans", "dejavu serif", "dejavu sans mono": return "fonts-dejavu-core"
        case "ezra sil", "ezra sil sr": return "fonts-sil-ezra"
        case let name where name.hasPrefix("noto"): return "fonts-noto-core"
        default: return nil
        }
    }

    /// Why `FONTCONFIG_FILE` cannot be fontconfig's configuration, checked before fontconfig reads it: fontconfig
    /// would print its own line ("Fontconfig error: Cannot load config file …") and carry on without fonts, or
    /// block on a FIFO. A relative name is fontconfig's to resolve (against `FONTCONFIG_PATH`).
    static func configurationProblem() -> String? {
        guard let value = getenv("FONTCONFIG_FILE").map({ String(cString: $0) }), value.hasPrefix("/") else {
            return nil
        }
        var info = stat()
        let shown = EscapedText.escaped(value, limit: 120)
        guard stat(value, &info) == 0 else {
            return
                "FONTCONFIG_FILE=\(shown): \(systemMessage(errno)); unset it or point it at a fontconfig configuration file"
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return
                "FONTCONFIG_FILE=\(shown) is \(BoundedFile.fileTypeName(info.st_mode & S_IFMT)), not a file; unset it or "
                + "point it at a fontconfig configuration file"
        }
        return nil
    }

    /// The requested family first, then every other installed font in fontconfig's order of preference.
    /// Throws `FontError` when the first match is not the requested family.
    public static func fallbackList(family: String) throws -> [FontDescriptor] {
        if let problem = configurationProblem() { throw FontError(family: family, configuration: problem) }
        guard FcInit() != 0 else { throw FontError(family: family) }
        return try sorted(family: family, config: nil)
    }

    /// fontconfig's sorted list for `family` under `config` (nil: the one `FcInit` loaded).
    static func sorted(family: String, config: OpaquePointer?) throws(FontError) -> [FontDescriptor] {
        guard let pattern = FcPatternCreate() else { throw FontError(family: family) }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { throw FontError(family: family) }
        defer { FcFontSetDestroy(set) }
        var list: [FontDescriptor] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var name: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetString(font, FC_FAMILY, 0, &name)
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            guard path.hasSuffix(".ttf") || path.hasSuffix(".otf") || path.hasSuffix(".ttc") else { continue }
            let familyName =
                name.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
            list.append(FontDescriptor(path: path, index: index, family: familyName))
        }
        guard let first = list.first, first.family.lowercased() == family.lowercased() else {
            throw FontError(family: family)
        }
        return list
    }
}
