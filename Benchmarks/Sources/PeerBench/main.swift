import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearStore

// `PeerBench REF [--nt] [--nt-iterations N]`: heap allocations per layout (with the malloc-interposer preloaded,
// as `scripts/bench-peers` runs it beside PeerRounds' timings) and the whole New Testament on one thread and on two
// shards. Prints one `interlinear.peer-bench/1` document (`Schemas/peer-bench-1.schema.json`).

/// A failure reported as one line.
struct PeerBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The command line, parsed.
struct PeerBenchArguments {
    var reference: ChapterReference
    var newTestament = false
    var ntIterations = 3

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var reference: ChapterReference?
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw PeerBenchError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--nt": newTestament = true
            case "--nt-iterations":
                guard let n = Int(try value(argument)), (1...100).contains(n) else {
                    throw PeerBenchError("--nt-iterations must be between 1 and 100")
                }
                ntIterations = n
            default:
                guard reference == nil, let parsed = ChapterReference(parsing: argument) else {
                    throw PeerBenchError(
                        "unexpected argument '\(argument)'; usage: PeerBench REF [--nt] [--nt-iterations N]")
                }
                reference = parsed
            }
        }
        guard let reference else { throw PeerBenchError("missing the chapter reference, such as \"John 1\"") }
        self.reference = reference
    }
}

func runPeerBench(_ arguments: PeerBenchArguments) throws -> Data {
    let font = "Gentium Plus"
    // The store (after `interlinear import`) with the committed chapters behind it, as the commands read.
    let session = try Interlinear(library: ChapterLibrary.open(), font: font)
    let chapter = try session.chapter(arguments.reference)
    var document: [String: Any] = [
        "schema": "interlinear.peer-bench/1", "reference": chapter.reference.description,
        "font": font,
    ]
    document.merge(ChapterAllocations(chapter, session: session).fields) { $1 }
    if arguments.newTestament {
        let bench = try NewTestamentBench(library: session.library, font: font, iterations: arguments.ntIterations)
        document["newTestament"] = bench.measure()
    }
    return try JSONSerialization.data(
        withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
}

/// One line on stderr, then the exit status.
func fail(_ error: any Error, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PeerBench: error: \(error)\n".utf8))
    exit(status)
}

let arguments: PeerBenchArguments
do { arguments = try PeerBenchArguments(Array(CommandLine.arguments.dropFirst())) } catch { fail(error, status: 64) }
do { FileHandle.standardOutput.write(try runPeerBench(arguments)) } catch { fail(error, status: 1) }
