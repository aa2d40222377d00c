import Foundation
import InterlinearTestSupport
import Testing

/// A schema cannot drift from the documents the commands write: `Oracles/schema_drift.py` reads a schema and real
/// documents as plain JSON and lists the properties the schema names that no document wrote, the keys a document
/// wrote that the schema does not name, objects whose keys are out of the sorted order every document keeps (in
/// release builds too, where the writer does not check it), and schema objects that accept keys they do not name.
/// Each list must be empty. The documents are chosen to hold every optional part (a Hebrew chapter, a word query).
@Suite struct SchemaDriftTests {
    static let oracle = packageRoot.appendingPathComponent("Tests/InterlinearCLITests/Oracles/schema_drift.py")

    /// Writes each command's stdout to a file and compares the files with `schema`.
    /// A command's arguments, and the environment it runs in when not the tests' own.
    struct Command: ExpressibleByArrayLiteral {
        var arguments: [String]
        var environment: [String: String]?
        init(arrayLiteral elements: String...) { arguments = elements }
        init(_ arguments: [String], environment: [String: String]) {
            self.arguments = arguments
            self.environment = environment
        }
    }

    static func expectNoDrift(
        _ schema: String, _ commands: [Command], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(schema)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, command) in commands.enumerated() {
            let arguments = command.arguments
            let result = try run(interlinearBinary, arguments, environment: command.environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            let file = folder.appendingPathComponent("\(index).json")
            try result.stdout.write(to: file)
            files.append(file.path)
        }
        let schemaPath = packageRoot.appendingPathComponent("Schemas/\(schema).schema.json").path
        let result = try run(URL(fileURLWithPath: "/usr/bin/python3"), [oracle.path, schemaPath] + files)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let report = try #require(
            try JSONSerialization.jsonObject(with: result.stdout) as? [String: [String]], sourceLocation: sourceLocation
        )
        for list in ["unseen", "unknown", "unsorted", "open"] {
            #expect(report[list] == [], "\(schema) \(list): \(report[list] ?? [])", sourceLocation: sourceLocation)
        }
    }

    @Test func layoutAndAccessibilityDocuments() throws {
        // A verse outside the edition's text (as John 7:53 is; here John 1:1 marked so in a copy of its chapter file).
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("drift-corpus-\(getpid())")
        let folder43 = corpus.appendingPathComponent("chapters/43-John")
        try FileManager.default.createDirectory(at: folder43, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: corpus) }
        let john = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        let marked = john.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("v\t1\t") ? $0 + "\toutside" : $0
        }
        try marked.joined(separator: "\n").write(
            to: folder43.appendingPathComponent("01.tsv"), atomically: true, encoding: .utf8)
        var outside = testEnvironment
        outside["INTERLINEAR_CORPUS"] = corpus.path
        try Self.expectNoDrift(
            "layout-4",
            [["typeset", "John 1"], ["typeset", "Genesis 1"], Command(["typeset", "John 1"], environment: outside)])
        try Self.expectNoDrift(
            "a11y-5",
            [
                ["a11y", "John 1", "--screen-reader", "on", "--all"],
                ["a11y", "Genesis 1", "--screen-reader", "on", "--all"],
                // A hit test, and moves of which one scrolls (its announcement a string, the others' null).
                [
                    "a11y", "John 1", "--screen-reader", "on", "--hit-test", "100,300", "--from", "John.1.3.w1",
                    "--move", "next", "--count", "80",
                ],
            ])
        try Self.expectNoDrift("bench-2", [["bench", "John 1", "--iterations", "1", "--json"]])
        // Notes of every kind, on a verse and on words.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-notes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.sqlite").path
        for arguments in [
            ["add", "John 1:1", "logos", "--word", "5", "--label", "study"], ["add", "John 1:2", "--bookmark"],
            ["add", "John 1:3", "--highlight", "green"],
        ] {
            #expect(try run(interlinearBinary, ["note"] + arguments + ["--notes", notes]).status == 0)
        }
        try Self.expectNoDrift("notes-1", [["note", "export", "--notes", notes]])
    }

    @Test(
        .enabled(if: DefineCommandTests.storeAvailable, "the bible-alignments source data is missing (scripts/setup)"))
    func defineAndSearchDocuments() throws {
        let store = try DefineCommandTests.store.get().path
        try Self.expectNoDrift(
            "define-2", [["define", "G3056", "H430", "John 1:1 w4", "--json", "--corpus", store]])
        try Self.expectNoDrift(
            "search-3",
            [
                ["search", "G3056", "--json", "--corpus", store],
                ["search", "\"in the beginning\"", "--json", "--corpus", store],
                ["search", "logos", "--json", "--corpus", store],
            ])
    }

    /// The oracle finds what it looks for: a schema that names a property nothing writes and accepts any other.
    @Test func theOracleSeesADriftedSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-self-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("s.json"), document = folder.appendingPathComponent("d.json")
        try Data(#"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}}}"#.utf8).write(
            to: schema)
        try Data(#"{"c":1,"a":2}"#.utf8).write(to: document)
        let result = try run(URL(fileURLWithPath: "/usr/bin/python3"), [Self.oracle.path, schema.path, document.path])
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: [String]])
        #expect(report["unseen"] == ["/properties/b"])
        #expect(report["unknown"] == ["/c"])
        #expect(report["unsorted"] == ["/"])
        #expect(report["open"] == [""])
    }
}
