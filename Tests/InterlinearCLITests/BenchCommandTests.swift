import Foundation
import Testing
import InterlinearTestSupport

/// `interlinear bench` through the built binary: the JSON document, its figures' consistency, and bad input.
@Suite struct BenchCommandTests {
    @Test func johnOneReportIsValidAndConsistent() throws {
        let result = try interlinear("bench", "John 1", "--iterations", "2", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "bench-1") == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let labels = try #require(json["labels"] as? Int)
        let distinct = try #require(json["distinctStrings"] as? Int)
        #expect(labels >= 4000)
        #expect(distinct > 0 && distinct < labels)
        #expect(json["bytesPerLabel"] as? Int == 24)
        #expect((json["storeBytesPerLabel"] as? Double ?? 0) >= 24)
        #expect((json["coldNsPerLabel"] as? Double ?? 0) > 0)
        #expect((json["warmNsPerLabel"] as? Double ?? 0) > 0)
        #expect((json["loadMs"] as? Double ?? 0) > 0)
        #expect(json["warmWidth"] as? Double != json["width"] as? Double)
    }

    @Test func labelsFileListsEveryLabelForThePeers() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-labels-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try interlinear("bench", "Romans 8", "--iterations", "1", "--json", "--labels-out", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("#font\t") == true)
        let records = lines.dropFirst().filter { !$0.isEmpty }
        #expect(records.count == json["labels"] as? Int)
        #expect(Set(records.map { $0.split(separator: "\t", maxSplits: 2).last ?? "" }).count == json["distinctStrings"] as? Int)
        #expect(records.allSatisfy { $0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).count == 3 })
    }

    @Test(arguments: [["bench", "Hezekiah 3"], ["bench", "John 1", "--iterations", "0"], ["bench", "John 1", "--width", "5"]])
    func badInputFailsWithOneLine(arguments: [String]) throws {
        let result = try run(interlinearBinary, arguments, directory: packageRoot)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("interlinear: error:") == true)
    }
}
