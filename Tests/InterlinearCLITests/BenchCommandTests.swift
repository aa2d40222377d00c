import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear bench` through the built binary: the JSON document, its figures' consistency, and bad input.
@Suite struct BenchCommandTests {
    @Test func johnOneReportIsValidAndConsistent() throws {
        let result = try interlinear("bench", "John 1", "--iterations", "2", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "bench-2") == nil)
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
        #expect(json["schema"] as? String == "interlinear.bench/2")
        #expect(json["allocationsPerLabel"] == nil && json["newTestament"] == nil)
    }

    /// The benchmark harness stays out of the product: no allocation probe, no New Testament shards.
    @Test func theHarnessOptionsAreGone() throws {
        for option in ["--nt", "--labels-out"] {
            let result = try interlinear("bench", "John 1", "--iterations", "1", option)
            #expect(result.status == 64, "\(option) is not a bench option any more")
        }
    }

    @Test(arguments: [
        ["bench", "Hezekiah 3"], ["bench", "John 1", "--iterations", "0"], ["bench", "John 1", "--width", "5"],
    ])
    func badInputFailsWithOneLine(arguments: [String]) throws {
        let result = try run(interlinearBinary, arguments, directory: packageRoot)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("interlinear: error:") == true)
    }
}
