/// The bytes of the font cache file (`FontCache`): which font files fontconfig chose for a family (and for the
/// Hebrew family beside it), and the state of everything fontconfig's choice depends on, so a later process can
/// check that nothing changed and open the files without starting fontconfig.
///
/// The file is untrusted input (another program, a full disk or a crash may have written it): `parse` bounds every
/// size and count, checks the magic, version, length and checksum, and refuses anything it would not itself
/// write, so an accepted file re-encodes to exactly its bytes. Pure Swift (no system modules), so the fuzz harness
/// (`Fuzz/font-cache`) compiles it alone.
///
/// Layout, little-endian: magic `ILFONTS\0`, format version (u32), body length (u32), FNV-1a 64 of the body (u64),
/// then the body: fontconfig's version (i32), the environment fingerprint (bytes), the stamps (u16 count, each a
/// path and a `FileState`), the chains (u16 count, each the requested family, the optional Hebrew family, the
/// primary font and the optional Hebrew font with its place in the chain; a font is its path, face index, family,
/// state and metrics), the optional shaper (HarfBuzz's version,
/// and its files as stamps). Bytes and strings are a u16 length and the bytes; an optional is a flag byte (0 or 1)
/// and, when 1, the value.
struct FontCacheFile: Equatable, Sendable {
    static let magic: [UInt8] = Array("ILFONTS".utf8) + [0]
    /// 4: fontconfig's and FreeType's library files among the stamps, which are checked instead of fontconfig's
    /// version (`FontLibraries`); a file of 3, without them, is written again. 3: the shaper after the chains, a
    /// font's metrics after its state. 2: the Hebrew font's place is its chain index, 0 or 1 (`FontChain`); in 1
    /// it was its place in fontconfig's sorted list.
    static let formatVersion: UInt32 = 4
    /// The largest file read or written.
    static let maxSize = 64 * 1024
    static let headerSize = 24
    static let maxStamps = 1024
    static let maxChains = 16
    /// The most files a shaper names (its library and the dynamic loader's cache).
    static let maxShaperFiles = 8
    /// The longest path, family name or fingerprint.
    static let maxField = 4096

    /// What `stat` said about a path: enough to tell that a file or folder changed (any write changes the mtime;
    /// a replaced file has another inode). An absent path is all zeros with `exists` false.
    struct FileState: Equatable, Sendable {
        var exists: Bool
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64

        static let absent = FileState(
            exists: false, device: 0, inode: 0, size: 0, modifiedSeconds: 0,
            modifiedNanoseconds: 0)
    }

    /// A path fontconfig's answer depends on (a configuration file or folder, a font folder, a cache folder, the
    /// user's configuration that may not exist yet) and its state when the answer was cached.
    struct Stamp: Equatable, Sendable {
        var path: [UInt8]
        var state: FileState
    }

    /// A font file fontconfig chose.
    struct FontRecord: Equatable, Sendable {
        var path: [UInt8]
        var index: Int32
        /// The family fontconfig gave the file.
        var family: String
        /// The file itself, so a replaced or rewritten font is noticed.
        var file: FileState
        /// Its face's metrics as FreeType read them, so a later process lays out without opening the file.
        var metrics: Metrics
    }

    /// A face's vertical metrics in font units, as FreeType gives them (`FT_FaceRec`'s `units_per_EM`, `ascender`,
    /// `descender`, `height`); `Font` divides by the units per em.
    struct Metrics: Equatable, Sendable {
        var unitsPerEm: UInt16
        var ascender: Int16
        var descender: Int16
        var height: Int16
    }

    /// The fonts of one `FontChain`: the requested family's file (chain index 0), and the Hebrew family's with
    /// the index it has in the chain (0 when it is the primary's own file, 1 otherwise).
    struct Chain: Equatable, Sendable {
        var family: String
        var hebrewFamily: String?
        var primary: FontRecord
        var hebrew: FontRecord?
        var hebrewIndex: Int32
    }

    /// The HarfBuzz the chains' runs are shaped with: its version (which the shape cache's key names) and its files
    /// with their state when it was asked (the library the dynamic loader chose, the loader's cache), so a later
    /// process that finds them unchanged names the shape file without loading HarfBuzz (`FontCache`).
    struct Shaper: Equatable, Sendable {
        var version: String
        var files: [Stamp]
    }

    /// fontconfig's version when the file was written, for the record: the state of its library file, among the
    /// stamps, is what is checked (`FontCache.isCurrent`), so checking does not load fontconfig.
    var fontconfigVersion: Int32
    /// The environment variables fontconfig reads, as `NAME=value` (or `NAME` when unset), NUL-separated.
    var environment: [UInt8]
    var stamps: [Stamp]
    var chains: [Chain]
    var shaper: Shaper?

    // MARK: Encoding

    func encoded() -> [UInt8] {
        var body = Writer()
        body.int32(fontconfigVersion)
        body.bytes(environment)
        body.uint16(UInt16(clamping: stamps.count))
        for stamp in stamps.prefix(Int(UInt16.max)) {
            body.bytes(stamp.path)
            body.state(stamp.state)
        }
        body.uint16(UInt16(clamping: chains.count))
        for chain in chains.prefix(Int(UInt16.max)) {
            body.string(chain.family)
            body.flag(chain.hebrewFamily != nil)
            if let hebrewFamily = chain.hebrewFamily { body.string(hebrewFamily) }
            body.font(chain.primary)
            body.flag(chain.hebrew != nil)
            if let hebrew = chain.hebrew { body.font(hebrew) }
            body.int32(chain.hebrewIndex)
        }
        body.flag(shaper != nil)
        if let shaper {
            body.string(shaper.version)
            body.uint16(UInt16(clamping: shaper.files.count))
            for stamp in shaper.files.prefix(Int(UInt16.max)) {
                body.bytes(stamp.path)
                body.state(stamp.state)
            }
        }
        return Self.sealing(body.out)
    }

    /// A body with the header in front: magic, version, its length and its checksum.
    static func sealing(_ body: [UInt8]) -> [UInt8] {
        var file = Writer()
        file.out.append(contentsOf: magic)
        file.uint32(formatVersion)
        file.uint32(UInt32(clamping: body.count))
        file.uint64(checksum(body[...]))
        file.out.append(contentsOf: body)
        return file.out
    }

    /// FNV-1a, 64 bits: catches a torn or bit-flipped file (not an attack: nothing here is secret, and a file that
    /// passes is still checked against the disk before it is used).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { bytes in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }

    // MARK: Parsing

    /// Reads a cache file; throws `FontCacheFileError` for anything this code would not have written.
    static func parse(_ bytes: [UInt8]) throws(FontCacheFileError) -> FontCacheFile {
        guard bytes.count <= maxSize else { throw .tooLarge(bytes.count) }
        guard bytes.count >= headerSize else { throw .truncated }
        guard bytes[0..<8].elementsEqual(magic) else { throw .foreign }
        var header = Reader(data: bytes, at: 8)
        let version = try header.uint32()
        guard version == formatVersion else { throw .version(version) }
        let length = try header.uint32()
        guard Int(length) == bytes.count - headerSize else { throw .length }
        guard try header.uint64() == checksum(bytes[headerSize...]) else { throw .checksum }

        var body = Reader(data: bytes, at: headerSize)
        let fontconfigVersion = try body.int32()
        let environment = try body.bytes()
        let stampCount = Int(try body.uint16())
        guard stampCount <= maxStamps else { throw .count("stamps", stampCount) }
        var stamps: [Stamp] = []
        stamps.reserveCapacity(stampCount)
        for _ in 0..<stampCount {
            stamps.append(Stamp(path: try body.path(), state: try body.state()))
        }
        let chainCount = Int(try body.uint16())
        guard chainCount <= maxChains else { throw .count("chains", chainCount) }
        var chains: [Chain] = []
        for _ in 0..<chainCount {
            let family = try body.string()
            let hebrewFamily = try body.flag() ? try body.string() : nil
            let primary = try body.font()
            let hebrew = try body.flag() ? try body.font() : nil
            let hebrewIndex = try body.int32()
            if let hebrew {
                // Index 0 is the primary's place: the Hebrew font is there exactly when it is the primary's file.
                let samePlace = hebrew.path == primary.path && hebrew.index == primary.index
                guard hebrewIndex == (samePlace ? 0 : 1)
                else { throw .field("the Hebrew font's place in the chain") }
                guard hebrewFamily != nil else { throw .field("a Hebrew font without a Hebrew family") }
            } else {
                guard hebrewIndex == 0 else { throw .field("a place in the chain without a Hebrew font") }
            }
            chains.append(
                Chain(
                    family: family, hebrewFamily: hebrewFamily, primary: primary, hebrew: hebrew,
                    hebrewIndex: hebrewIndex))
        }
        var shaper: Shaper?
        if try body.flag() {
            let version = try body.string()
            let fileCount = Int(try body.uint16())
            guard fileCount <= maxShaperFiles else { throw .count("shaper files", fileCount) }
            var files: [Stamp] = []
            for _ in 0..<fileCount { files.append(Stamp(path: try body.path(), state: try body.state())) }
            shaper = Shaper(version: version, files: files)
        }
        guard body.at == bytes.count else { throw .trailing }
        return FontCacheFile(
            fontconfigVersion: fontconfigVersion, environment: environment, stamps: stamps,
            chains: chains, shaper: shaper)
    }

    /// Little-endian fields appended to a byte array.
    private struct Writer {
        var out: [UInt8] = []
        mutating func uint16(_ value: UInt16) {
            for shift in stride(from: 0, to: 16, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        mutating func uint32(_ value: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        mutating func uint64(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }
        mutating func int64(_ value: Int64) { uint64(UInt64(bitPattern: value)) }
        mutating func flag(_ value: Bool) { out.append(value ? 1 : 0) }
        mutating func bytes(_ value: [UInt8]) {
            let kept = value.prefix(FontCacheFile.maxField)
            uint16(UInt16(kept.count))
            out.append(contentsOf: kept)
        }
        mutating func string(_ value: String) { bytes(Array(value.utf8)) }
        mutating func state(_ state: FileState) {
            flag(state.exists)
            uint64(state.device)
            uint64(state.inode)
            int64(state.size)
            int64(state.modifiedSeconds)
            int64(state.modifiedNanoseconds)
        }
        mutating func font(_ font: FontRecord) {
            bytes(font.path)
            int32(font.index)
            string(font.family)
            state(font.file)
            uint16(font.metrics.unitsPerEm)
            uint16(UInt16(bitPattern: font.metrics.ascender))
            uint16(UInt16(bitPattern: font.metrics.descender))
            uint16(UInt16(bitPattern: font.metrics.height))
        }
    }

    /// Little-endian fields read from a byte array, every read bounds-checked.
    private struct Reader {
        let data: [UInt8]
        var at: Int

        mutating func take(_ count: Int) throws(FontCacheFileError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= data.count - at else { throw .truncated }
            defer { at += count }
            return data[at..<at + count]
        }

        /// A little-endian integer, loaded whole after one bounds check (a slice and a loop a byte cost as much
        /// as the rest of a warm run's font lookup: benchmark `typeset-warm`).
        mutating func unsigned<Value: FixedWidthInteger & UnsignedInteger>(
            _: Value.Type
        ) throws(FontCacheFileError) -> Value {
            let width = MemoryLayout<Value>.size
            guard width <= data.count - at else { throw .truncated }
            let value = data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Value.self) }
            at += width
            return Value(littleEndian: value)
        }

        mutating func uint16() throws(FontCacheFileError) -> UInt16 { try unsigned(UInt16.self) }
        mutating func uint32() throws(FontCacheFileError) -> UInt32 { try unsigned(UInt32.self) }
        mutating func uint64() throws(FontCacheFileError) -> UInt64 { try unsigned(UInt64.self) }
        mutating func int32() throws(FontCacheFileError) -> Int32 { Int32(bitPattern: try uint32()) }
        mutating func int64() throws(FontCacheFileError) -> Int64 { Int64(bitPattern: try uint64()) }

        mutating func flag() throws(FontCacheFileError) -> Bool {
            switch try unsigned(UInt8.self) {
            case 0: return false
            case 1: return true
            default: throw .field("a flag that is neither 0 nor 1")
            }
        }

        mutating func bytes() throws(FontCacheFileError) -> [UInt8] {
            let count = Int(try uint16())
            guard count <= FontCacheFile.maxField else {
                throw .field("a field longer than \(FontCacheFile.maxField) bytes")
            }
            return Array(try take(count))
        }

        /// An absolute path without NUL bytes (a C string `stat` and FreeType can take).
        mutating func path() throws(FontCacheFileError) -> [UInt8] {
            let path = try bytes()
            guard path.first == UInt8(ascii: "/"), !path.contains(0) else {
                throw .field("a path that is not absolute")
            }
            return path
        }

        /// Valid UTF-8 without NUL or other C0 controls (a family name).
        mutating func string() throws(FontCacheFileError) -> String {
            let raw = try bytes()
            // Decoding replaces each invalid sequence, so the text is the bytes exactly when they are valid UTF-8.
            // (Not `String(validating:as:)`, whose generic metadata cost more than the whole parse of a name.)
            let text = String(decoding: raw, as: UTF8.self)
            guard !raw.contains(where: { $0 < 0x20 || $0 == 0x7F }), text.utf8.elementsEqual(raw)
            else { throw .field("a name that is not printable UTF-8") }
            return text
        }

        mutating func state() throws(FontCacheFileError) -> FileState {
            let state = FileState(
                exists: try flag(), device: try uint64(), inode: try uint64(), size: try int64(),
                modifiedSeconds: try int64(), modifiedNanoseconds: try int64())
            guard state.exists || state == .absent else { throw .field("an absent file with a state") }
            guard (0..<1_000_000_000).contains(state.modifiedNanoseconds), state.size >= 0
            else { throw .field("a file state out of range") }
            return state
        }

        mutating func font() throws(FontCacheFileError) -> FontRecord {
            let record = FontRecord(
                path: try path(), index: try int32(), family: try string(), file: try state(),
                metrics: Metrics(
                    unitsPerEm: try uint16(), ascender: Int16(bitPattern: try uint16()),
                    descender: Int16(bitPattern: try uint16()), height: Int16(bitPattern: try uint16())))
            guard record.index >= 0, record.file.exists, record.metrics.unitsPerEm > 0 else {
                throw .field("a font record")
            }
            return record
        }
    }
}

/// Why a font cache file was not used. Never shown to users (the file is then rebuilt); one line, for tests and
/// debugging.
enum FontCacheFileError: Error, Equatable, CustomStringConvertible {
    case tooLarge(Int)
    case truncated
    case foreign
    case version(UInt32)
    case length
    case checksum
    case count(String, Int)
    case field(String)
    case trailing

    var description: String {
        switch self {
        case .tooLarge(let size): "font cache file of \(size) bytes, over \(FontCacheFile.maxSize)"
        case .truncated: "font cache file is truncated"
        case .foreign: "not a font cache file"
        case .version(let version): "font cache file format \(version), expected \(FontCacheFile.formatVersion)"
        case .length: "font cache file length does not match its header"
        case .checksum: "font cache file checksum does not match"
        case .count(let what, let count): "font cache file lists \(count) \(what), over the limit"
        case .field(let what): "font cache file holds \(what)"
        case .trailing: "font cache file has bytes after its last record"
        }
    }
}
