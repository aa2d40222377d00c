import Foundation
import InterlinearCorpus

/// The files of a braille table list, checked before liblouis compiles them: liblouis follows `include` lines
/// without a bound (a table that includes itself overflowed its stack) and reads whatever a name opens (`/dev/zero`
/// until it crashed, a FIFO for ever). Each table and every table it includes is resolved as liblouis resolves it
/// (an absolute path; else beside the including table, the current folder, `LOUIS_TABLEPATH`, then liblouis's own
/// tables), and must be a regular file of at most `maxFileBytes`; an include that leads back to a table on its own
/// chain, or a chain deeper than `maxDepth`, is refused.
enum BrailleTableFiles {
    /// Debian's largest table (zh-tw.ctb) is 1.5 MB.
    static let maxFileBytes = 8 << 20
    static let maxDepth = 32
    static let maxFiles = 1_024

    /// liblouis's own tables (Debian's liblouis-data).
    static let dataFolder = "/usr/share/liblouis/tables"

    /// Checks every table of `list` (names separated by commas); throws `Louis.Failure` naming the table.
    static func check(_ list: String) throws {
        var checked = Set<String>()
        for name in list.split(separator: ",").map(String.init) where !name.isEmpty {
            // A name liblouis cannot find is `tableExists`'s to report.
            guard let path = resolve(name, besides: nil) else { continue }
            try check(path, chain: [], checked: &checked)
        }
    }

    private static func check(_ path: String, chain: [String], checked: inout Set<String>) throws {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if chain.contains(real) {
            throw Louis.Failure(
                description: "the braille table \(chain[0]) includes itself ("
                    + (chain + [real]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                    + "); liblouis would never finish reading it")
        }
        guard !checked.contains(real) else { return }
        guard chain.count < maxDepth, checked.count < maxFiles else {
            throw Louis.Failure(
                description: "the braille table \(chain.first ?? path) includes tables more than \(maxDepth) deep "
                    + "or more than \(maxFiles) of them")
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(real, limit: maxFileBytes, what: "a braille table")
        } catch let error as CorpusError {
            throw Louis.Failure(description: "the braille table \(path) \(error.message)")
        }
        checked.insert(real)
        let folder = (real as NSString).deletingLastPathComponent
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, words[0] == "include" else { continue }
            guard let included = resolve(String(words[1]), besides: folder) else {
                throw Louis.Failure(
                    description: "the braille table \(path) includes \(words[1]), which is not found")
            }
            try check(included, chain: chain + [real], checked: &checked)
        }
    }

    /// The file liblouis reads for `name`, if there is one.
    static func resolve(_ name: String, besides folder: String?) -> String? {
        if name.hasPrefix("/") { return exists(name) ? name : nil }
        var folders: [String] = []
        if let folder { folders.append(folder) }
        folders.append(FileManager.default.currentDirectoryPath)
        if let path = ProcessInfo.processInfo.environment["LOUIS_TABLEPATH"] {
            folders += path.split(separator: ",").map(String.init)
        }
        folders.append(dataFolder)
        return folders.map { ($0 as NSString).appendingPathComponent(name) }.first(where: exists)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
}
