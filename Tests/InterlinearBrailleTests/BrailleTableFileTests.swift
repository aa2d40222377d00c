import Foundation
import InterlinearTestSupport
import Testing

/// Braille tables are files liblouis trusts (issue 39): a table that includes itself overflowed liblouis's stack and
/// `--table /dev/zero` crashed `braille` (exit 139 on `bff370a`), a FIFO hung it. Each is now refused before liblouis
/// sees it: one line naming the table, exit 69, no output file. A table that includes a real one still works.
@Suite("Braille table files", .serialized)
struct BrailleTableFileTests {
    /// A folder with `tables` (name → text) written in it, and an output path beside them.
    private func folder(_ tables: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("braille-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in tables {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    private func braille(table: String, in dir: URL) throws -> ProcessResult {
        let output = dir.appendingPathComponent("out.brf")
        return try run(
            interlinearBinary, ["braille", "John 1", "--table", table, "--output", output.path], directory: packageRoot)
    }

    private func expectRefused(_ result: ProcessResult, _ fragments: [String], in dir: URL) throws {
        expectOneErrorLine(result, status: 69, fragments)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.brf").path), "no output")
    }

    @Test
    func aTableIncludingItself() throws {
        let dir = try folder(["self.ctb": "include self.ctb\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefused(
            try braille(table: dir.appendingPathComponent("self.ctb").path, in: dir), ["self.ctb", "includes itself"],
            in: dir)
    }

    @Test
    func twoTablesIncludingEachOther() throws {
        let dir = try folder(["a.ctb": "# a\ninclude b.ctb\n", "b.ctb": "include en-ueb-g1.ctb\ninclude a.ctb\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefused(
            try braille(table: dir.appendingPathComponent("a.ctb").path, in: dir), ["a.ctb → b.ctb → a.ctb"], in: dir)
    }

    @Test func theZeroDevice() throws {
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        try expectRefused(try braille(table: "/dev/zero", in: dir), ["/dev/zero", "not a regular file"], in: dir)
    }

    @Test func aFIFO() throws {
        let dir = try folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.ctb").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectRefused(try braille(table: fifo, in: dir), ["pipe.ctb", "FIFO"], in: dir)
    }

    /// The checks refuse only what they should: a table of one's own that includes liblouis's UEB grade 1 table
    /// brailles John 1 exactly as that table does.
    @Test
    func aTableIncludingARealOne() throws {
        let dir = try folder(["mine.ctb": "# my table\ninclude en-ueb-g1.ctb\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let mine = try braille(table: dir.appendingPathComponent("mine.ctb").path, in: dir)
        #expect(mine.status == 0, "\(mine.stderr)")
        let ours = try Data(contentsOf: dir.appendingPathComponent("out.brf"))
        let plain = try braille(table: "en-ueb-g1.ctb", in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.brf")) == ours)
    }
}
