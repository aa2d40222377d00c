import Foundation
import InterlinearTestSupport
import Testing

/// `Schemas/` holds the versions the commands write and no other: each schema's title (`interlinear.NAME/N`) is
/// named by some source file, and a superseded version lives in `Schemas/history/`, named by none.
@Suite struct SchemaFolderTests {
    /// Every Swift source's text under `Sources/` and `Benchmarks/`, read as plain text.
    static let sourceText: String = {
        var text = ""
        for folder in ["Sources", "Benchmarks"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                text += (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            }
        }
        return text
    }()

    static func titles(in folder: String) throws -> [String] {
        let url = packageRoot.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".schema.json") }
            .sorted().map { name in
                let data = try Data(contentsOf: url.appendingPathComponent(name))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                return try #require(object?["title"] as? String, "\(name) has no title")
            }
    }

    @Test func everyCurrentSchemaHasAProducer() throws {
        let titles = try Self.titles(in: "Schemas")
        #expect(titles.count >= 5)
        for title in titles {
            #expect(
                Self.sourceText.contains("\"\(title)\"") || Self.sourceText.contains("(\(title))"),
                "no source names \(title): move it to Schemas/history if nothing writes it")
        }
    }

    @Test func noSupersededSchemaHasAProducer() throws {
        for title in try Self.titles(in: "Schemas/history") {
            #expect(!Self.sourceText.contains("\"\(title)\""), "\(title) is in history but a source still writes it")
        }
    }
}
