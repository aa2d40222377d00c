import Glibc
import InterlinearCorpus

/// A SWORD module's data files checked before libsword opens them: libsword trusts its indexes (an offset past the
/// end of the data is read as if it were there, a block size is allocated as given), so a damaged copy crashed,
/// hung or took gigabytes. Each driver interlinear reads has fixed-size index entries pointing into a data file;
/// every entry is checked to lie inside the data it points into, and every block to be of a size a module holds.
/// What libsword does past these checks (inflating a block, reading the entries inside it) runs in the reader's
/// child process (`SwordProcess`), with time and memory limits.
public enum ModuleFiles {
    /// One index file and the data file its entries point into.
    struct Pair {
        let index: String
        let data: String
        /// Bytes of one index entry: a 32-bit offset, then the size (16- or 32-bit), then, for compressed
        /// texts' block indexes, the inflated size.
        let entryBytes: Int
        let sizeBytes: Int
    }

    /// The largest file a module holds (Debian's largest, the KJV's Old Testament blocks, is under 4 MB).
    static let maxFileBytes = 256 << 20
    /// The largest block a compressed module inflates to (a whole book of the KJV with its markup: under 8 MB).
    static let maxBlockBytes = 64 << 20

    /// The files of `driver` (the `.conf`'s `ModDrv`) for each part of the module ("ot", "nt" for a Bible, one
    /// "dict" for a dictionary), in the order they are checked; nil for a driver interlinear does not read.
    static func layout(driver: String) -> [[String]]? {
        switch driver.lowercased() {
        // A commentary (zCom) is stored as a compressed text is.
        case "ztext", "ztext4", "zcom", "zcom4": [["ot.bzs", "ot.bzv", "ot.bzz"], ["nt.bzs", "nt.bzv", "nt.bzz"]]
        case "rawtext", "rawtext4": [["ot.vss", "ot"], ["nt.vss", "nt"]]
        case "zld": [["dict.idx", "dict.dat", "dict.zdx", "dict.zdt"]]
        case "rawld", "rawld4": [["dict.idx", "dict.dat"]]
        default: nil
        }
    }

    /// The drivers `layout` knows, for messages.
    static let drivers = "zText, zText4, zCom, zCom4, RawText, RawText4, zLD, RawLD and RawLD4"

    /// Whether `driver` keeps its files under a name prefix (a dictionary's `DataPath` ends in the files' stem:
    /// `./modules/lexdict/zld/strongsgreek/dict` → `dict.idx`, …) rather than in a folder (a Bible's).
    static func isPrefixed(_ driver: String) -> Bool {
        driver.lowercased().hasSuffix("ld") || driver.lowercased().hasSuffix("ld4")
    }

    /// The path of the file `layout` calls `name` for a module whose data path is `base`. A compressed text's
    /// files are named by its `BlockType` (`blocks`): "ot.bzs" for BOOK, "ot.czs" for CHAPTER, "ot.vzs" for VERSE.
    static func path(_ name: String, base: String, driver: String, blocks: BlockType = .book) -> String {
        if isPrefixed(driver) { return base + name.dropFirst("dict".count) }
        let named =
            blocks == .book || !name.dropFirst(3).hasPrefix("bz")
            ? name : name.prefix(3) + blocks.rawValue + name.dropFirst(4)
        return base.hasSuffix("/") ? base + named : base + "/" + named
    }

    /// A compressed text's `BlockType`, as the letter its files are named with.
    public enum BlockType: String, Sendable {
        case book = "b"
        case chapter = "c"
        case verse = "v"

        /// The `.conf` value's block type (BOOK when absent, as libsword reads it); nil for one libsword does not know.
        public init?(conf value: String?) {
            switch value?.lowercased() {
            case nil, "book": self = .book
            case "chapter": self = .chapter
            case "verse": self = .verse
            default: return nil
            }
        }
    }

    /// The folder holding a module's files.
    static func folder(base: String, driver: String) -> String {
        guard isPrefixed(driver), let slash = base.lastIndex(of: "/") else { return base }
        return String(base[...slash])
    }

    /// Checks the module's files under `base` (its data path: a folder, or a dictionary's folder and file stem) for
    /// `driver`: each part is all there or (a Bible's testament) all absent, at least one part is there, and each
    /// file is a regular file whose index entries lie in its data. Throws `ModuleDamage` naming the file.
    public static func check(module: String, driver: String, base: String, blocks: BlockType = .book) throws {
        guard let parts = layout(driver: driver) else {
            throw ModuleDamage(
                module: module, file: nil,
                "its driver \"\(driver)\" (ModDrv in its .conf) is not one interlinear reads (\(drivers))")
        }
        let folder = folder(base: base, driver: driver)
        guard isFolder(folder) else {
            throw ModuleDamage(module: module, file: folder, "(its data folder) is missing (DataPath in its .conf)")
        }
        var present = 0
        for part in parts {
            let paths = part.map { path($0, base: base, driver: driver, blocks: blocks) }
            let existing = paths.filter(exists)
            if existing.isEmpty && parts.count > 1 { continue }
            if let missing = paths.first(where: { !exists($0) }) {
                throw ModuleDamage(module: module, file: missing, "is missing (the module's other files are there)")
            }
            var files: [String: [UInt8]] = [:]
            for (name, path) in zip(part, paths) {
                do {
                    files[name] = try BoundedFile.read(path, limit: maxFileBytes, what: "a SWORD module file")
                } catch let error as CorpusError {
                    throw ModuleDamage(module: module, file: path, error.message)
                }
            }
            do {
                try check(driver: driver, files: files)
            } catch let problem as FileProblem {
                throw ModuleDamage(
                    module: module, file: paths[part.firstIndex(of: problem.file) ?? 0], problem.problem)
            }
            present += 1
        }
        guard present > 0 else {
            throw ModuleDamage(
                module: module, file: folder,
                "holds none of the module's files (\(path(parts[0][0], base: base, driver: driver, blocks: blocks)), …)"
            )
        }
    }

    /// Checks that the module's files that exist in `folder` are regular files: libsword opens every installed
    /// module's files when it starts, and opening a FIFO waits for a writer for ever.
    static func checkTypes(module: String, driver: String, base: String, blocks: BlockType = .book) throws {
        for name in (layout(driver: driver) ?? []).joined() {
            let path = path(name, base: base, driver: driver, blocks: blocks)
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG else {
                throw ModuleDamage(
                    module: module, file: path, "is \(BoundedFile.fileTypeName(type)), not a regular file")
            }
        }
    }

    /// What is wrong with one of the files handed to `check(driver:files:)`.
    struct FileProblem: Error {
        let file: String
        let problem: String
    }

    /// Checks one part's files, by name (`layout`'s), read whole: the index entries against their data.
    static func check(driver: String, files: [String: [UInt8]]) throws {
        switch driver.lowercased() {
        case "ztext", "ztext4", "zcom", "zcom4":
            let testament = files.keys.first { $0.hasSuffix(".bzs") }.map { String($0.prefix(2)) } ?? "nt"
            // A commentary on one testament (Spurgeon's on the Psalms) writes the other's blocks as empty files and
            // its verse index with no verse in it: no block, nothing to point into.
            let empty = files["\(testament).bzs"]?.isEmpty != false && files["\(testament).bzz"]?.isEmpty != false
            let blocks =
                empty
                ? []
                : try entries(
                    of: Pair(index: "\(testament).bzs", data: "\(testament).bzz", entryBytes: 12, sizeBytes: 4),
                    files: files, limit: maxBlockBytes)
            // A verse: block number, offset and size inside the inflated block.
            let wide = driver.lowercased().hasSuffix("4")
            let index = "\(testament).bzv"
            let verses = files[index] ?? []
            let width = wide ? 12 : 10
            guard verses.count % width == 0 else {
                throw FileProblem(file: index, problem: "is \(verses.count) bytes, not whole \(width)-byte entries")
            }
            for start in stride(from: 0, to: verses.count, by: width) {
                let block = Int(word(verses, start)), offset = Int(word(verses, start + 4))
                let size = Int(wide ? word(verses, start + 8) : UInt32(half(verses, start + 8)))
                guard size > 0 else { continue }
                guard block < blocks.count, offset + size <= blocks[block].inflated else {
                    throw FileProblem(
                        file: index,
                        problem: "entry \(start / width) points outside its block (\(block), \(offset)+\(size))")
                }
            }
        case "rawtext", "rawtext4":
            let testament = files.keys.first { $0.hasSuffix(".vss") }.map { String($0.prefix(2)) } ?? "nt"
            let wide = driver.lowercased() == "rawtext4"
            _ = try entries(
                of: Pair(
                    index: "\(testament).vss", data: testament, entryBytes: wide ? 8 : 6, sizeBytes: wide ? 4 : 2),
                files: files, limit: maxBlockBytes)
        case "zld":
            let blocks = try entries(
                of: Pair(index: "dict.zdx", data: "dict.zdt", entryBytes: 8, sizeBytes: 4), files: files,
                limit: maxBlockBytes)
            let records = try entries(
                of: Pair(index: "dict.idx", data: "dict.dat", entryBytes: 8, sizeBytes: 4), files: files,
                limit: maxBlockBytes)
            // A record: its key, a newline, then the block and the entry inside it (32 bits each).
            let data = files["dict.dat"] ?? []
            for (number, record) in records.enumerated() {
                let bytes = data[record.offset..<record.offset + record.size]
                guard let newline = bytes.firstIndex(of: 0x0A) else {
                    throw FileProblem(file: "dict.dat", problem: "record \(number) has no key line")
                }
                if bytes[bytes.startIndex..<newline].starts(with: Array("@LINK".utf8)) { continue }
                guard newline + 9 <= bytes.endIndex else {
                    throw FileProblem(file: "dict.dat", problem: "record \(number) ends before its block number")
                }
                let block = Int(word(data, newline + 1))
                guard block < blocks.count else {
                    throw FileProblem(
                        file: "dict.dat",
                        problem: "record \(number) names block \(block); dict.zdx has \(blocks.count)")
                }
            }
        case "rawld", "rawld4":
            let wide = driver.lowercased() == "rawld4"
            _ = try entries(
                of: Pair(index: "dict.idx", data: "dict.dat", entryBytes: wide ? 8 : 6, sizeBytes: wide ? 4 : 2),
                files: files, limit: maxBlockBytes)
        default:
            throw FileProblem(file: "", problem: "driver \(driver) is not one interlinear reads")
        }
    }

    /// One index entry: where its bytes are in the data file, and (compressed texts) their inflated size.
    struct Entry {
        let offset: Int
        let size: Int
        let inflated: Int
    }

    /// `pair`'s index entries, each checked to lie in its data file and to be at most `limit` bytes (inflated too).
    /// An empty index or data file is refused: every module holds something.
    static func entries(of pair: Pair, files: [String: [UInt8]], limit: Int) throws -> [Entry] {
        let index = files[pair.index] ?? [], data = files[pair.data] ?? []
        guard !index.isEmpty else { throw FileProblem(file: pair.index, problem: "is empty") }
        guard !data.isEmpty else { throw FileProblem(file: pair.data, problem: "is empty") }
        guard index.count % pair.entryBytes == 0 else {
            throw FileProblem(
                file: pair.index, problem: "is \(index.count) bytes, not whole \(pair.entryBytes)-byte entries")
        }
        var found: [Entry] = []
        found.reserveCapacity(index.count / pair.entryBytes)
        for start in stride(from: 0, to: index.count, by: pair.entryBytes) {
            let offset = Int(word(index, start))
            let size = Int(pair.sizeBytes == 4 ? word(index, start + 4) : UInt32(half(index, start + 4)))
            let inflated = pair.entryBytes == 12 ? Int(word(index, start + 8)) : size
            let number = start / pair.entryBytes
            guard offset <= data.count, size <= data.count - offset else {
                throw FileProblem(
                    file: pair.index,
                    problem:
                        "entry \(number) points past the end of \(pair.data) (\(offset)+\(size) of \(data.count) bytes)"
                )
            }
            guard size <= limit, inflated <= limit else {
                throw FileProblem(
                    file: pair.index, problem: "entry \(number) is \(max(size, inflated)) bytes, more than \(limit)")
            }
            found.append(Entry(offset: offset, size: size, inflated: inflated))
        }
        return found
    }

    /// The little-endian 32-bit word at `start` (SWORD writes its indexes little-endian).
    static func word(_ bytes: [UInt8], _ start: Int) -> UInt32 {
        UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
            | UInt32(bytes[start + 3]) << 24
    }

    static func half(_ bytes: [UInt8], _ start: Int) -> UInt16 { UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8 }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// A SWORD module libsword cannot be trusted with, or that failed while libsword read it: one line naming the
/// module and the file (the CLI exits 65, bad data).
public struct ModuleDamage: Error, CustomStringConvertible, Sendable {
    public let module: String
    public let file: String?
    public let problem: String

    public init(module: String, file: String?, _ problem: String) {
        self.module = module
        self.file = file
        self.problem = problem
    }

    public var description: String {
        "the SWORD module \(module) is damaged: " + (file.map { "\($0) " } ?? "") + problem
            + "; reinstall it or remove it from the SWORD library"
    }
}
