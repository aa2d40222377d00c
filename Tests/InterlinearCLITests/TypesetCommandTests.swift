import Foundation
import InterlinearTestSupport
import Testing

@Suite struct TypesetCommandTests {
    @Test(arguments: ["320", "390", "768", "1024"])
    func johnOneValidatesAgainstTheSchema(width: String) throws {
        let result = try interlinear("typeset", "John 1", "--width", width)
        #expect(result.status == 0, "\(result.stderr)")
        // The schema at one width (others change numbers, not shape: JSONDocumentTests checks them byte for byte).
        if width == "320" { #expect(try schemaViolation(result.stdout, schema: "layout-4") == nil) }
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(json["schema"] as? String == "interlinear.layout/4")
        #expect(json["reference"] as? String == "John 1")
        #expect(cells.count == 51)
        let labels = cells.flatMap { ($0["labels"] as? [[String: Any]]) ?? [] }
        #expect(labels.count >= 4000)
        #expect(json["labelCount"] as? Int == labels.count)
        let limit = try #require(Double(width))
        #expect(
            labels.allSatisfy {
                (($0["x"] as? Double) ?? -1) >= 0
                    && (($0["x"] as? Double) ?? 0) + (($0["width"] as? Double) ?? 0) <= limit + 0.01
            })
        #expect(cells.first?["id"] as? String == "John.1.1")
    }

    @Test(arguments: ["Jn 1", "john.1", "JOHN 1"])
    func referenceSpellingsAgree(reference: String) throws {
        let a = try interlinear("typeset", reference)
        let b = try interlinear("typeset", "John 1")
        #expect(a.status == 0 && a.stdout == b.stdout)
    }

    @Test func writesTheOutputFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rev22.json")
        let result = try interlinear("typeset", "Rev 22", "--tiers", "source,gloss", "--output", file.path)
        #expect(result.status == 0 && result.stdout.isEmpty)
        let data = try Data(contentsOf: file)
        #expect(try schemaViolation(data, schema: "layout-4") == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["rev22.json"], "no temporary file left")
    }

    /// Bad input: one line on stderr naming the problem, a non-zero exit, nothing on stdout.
    @Test(arguments: [
        (["typeset", "Hezekiah 1"], "unknown reference", 64),
        (["typeset", "John 99"], "John has 21 chapters; there is no John 99", 64),
        (["typeset", "John 1", "--width", "-5"], "--width", 64),
        (["typeset", "John 1", "--width", "nan"], "--width", 64),
        (["typeset", "John 1", "--font-size", "0"], "--font-size", 64),
        (["typeset", "John 1", "--tiers", "source,bogus"], "unknown tier 'bogus'", 64),
        (["typeset", "John 1", "--font", "No Such Family"], "apt-get install", 69),
        (["typeset", "John 1", "--output", "/nonexistent-dir/sub/x.json"], "cannot write output file", 73),
        (["typeset", "John 1", "--output", "/proc/version"], "cannot write output file", 74),
    ])
    func badInput(arguments: [String], message: String, status: Int32) throws {
        let result = try run(interlinearBinary, arguments, directory: packageRoot)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func malformedCorpusNamesFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("chapters/43-John/01.tsv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# interlinear corpus 2\n@\t43\t1\nv\t1\tIn\nw\t1\tἘν\tbroken\n".utf8).write(to: file)
        let output = dir.appendingPathComponent("out.json")
        let result = try interlinear("typeset", "John 1", "--corpus", dir.path, "--output", output.path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(file.path):4:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "no partial output")
    }
}
