import InterlinearShaping

#if canImport(Glibc)
import Glibc
#endif

/// What a persisted shape cache file is keyed by: everything that decides a run's glyphs for a given string and
/// style. Its 64-bit hash names the file (`fileName`) and is checked in the file's header, so a file made under
/// any other key is never read — after a font or HarfBuzz upgrade the next run starts a new file.
///
/// - the format version and the glyph record's layout;
/// - the HarfBuzz version (`FontChain.shaperVersion`: `hb_version_string`, or the font cache's record of it while
///   the library file is unchanged, so a warm run does not load HarfBuzz to name the file);
/// - the features: none today (`hb_shape` gets no feature list); a change to that is a format version;
/// - each style's direction, script and language (`ShapingStyle`);
/// - the primary font file and the Hebrew font file with its index in the chain, each by path, face index, size
///   and modification time (`ShapeFile.Font.identity`). Not a hash of their contents: Gentium Plus is 1.8 MB and
///   Ezra SIL 0.3 MB, and hashing them would cost each run more than the whole warm typeset saves (benchmark
///   `typeset-warm`), where `stat` is one system call. A package upgrade replaces
///   the file (new size or time); an edit in place that keeps both to the nanosecond is not detected.
/// - Size independence: runs are shaped at units per em (`Font`), so one file serves every point size; the size
///   is not in the key.
/// - The fallback fonts are not in the key (finding them costs fontconfig's whole sort): a run that used one is
///   stored with the chain's fonts up to the highest it used, and served only while they are the same files
///   (`ShapeCache` checks that on first use).
struct ShapeCacheKey {
    let hash: UInt64
    /// What was hashed, for tests and for reading a file name back to its cause.
    let text: String

    /// The key of `chain` as it is installed now; nil when a font file cannot be looked at (then nothing is
    /// persisted).
    init?(chain: FontChain) {
        guard let primary = ShapeFile.Font.identity(of: chain.primary.descriptor) else { return nil }
        var text = "interlinear shape cache \(ShapeFileLayout.version); glyph \(MemoryLayout<ShapedGlyph>.stride)"
        text += "; harfbuzz " + chain.shaperVersion
        text += "; features none; styles"
        for style in ShapingStyle.allCases {
            text += " \(style.rawValue):\(style.hbDirection.rawValue)/\(style.hbScript.rawValue)/\(style.language)"
        }
        text += "; primary " + primary.keyText
        if let hebrew = chain.hebrewFont {
            guard let descriptor = chain.descriptor(at: hebrew), let identity = ShapeFile.Font.identity(of: descriptor)
            else { return nil }
            text += "; hebrew \(hebrew) " + identity.keyText
        } else {
            text += "; hebrew none"
        }
        self.text = text
        var bytes = text
        hash = bytes.withUTF8 { StableHasher.hash(UnsafeRawBufferPointer($0)) }
    }

    /// "shapes-0123456789abcdef.bin".
    var fileName: String {
        let hex = String(hash, radix: 16)
        return "shapes-" + String(repeating: "0", count: 16 - hex.count) + hex + ".bin"
    }
}

extension ShapeFile.Font {
    /// The identity of a font file as it is on disk now: path, face index, size and modification time; nil when
    /// it cannot be looked at.
    static func identity(of descriptor: FontDescriptor) -> ShapeFile.Font? {
        var info = stat()
        guard stat(descriptor.path, &info) == 0 else { return nil }
        return ShapeFile.Font(
            path: Array(descriptor.path.utf8), faceIndex: descriptor.index, size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    var keyText: String {
        "\(String(decoding: path, as: UTF8.self))|\(faceIndex)|\(size)|\(modifiedSeconds).\(modifiedNanoseconds)"
    }
}
