import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearStore

// `PeerBench REF [--labels-out FILE] [--nt] [--nt-iterations N] [--nt-labels-out FILE]`: what `scripts/bench-peers`
// needs beside `interlinear bench`'s timings — the label strings for the peer programs, heap allocations per layout
// (with the malloc-interposer preloaded) and the whole New Testament on one thread and on two shards. Prints one
// `interlinear.peer-bench/1` document (`Schemas/peer-bench-1.schema.json`).

/// A failure reported as one line.
struct PeerBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The command line, parsed.
struct PeerBenchArguments {
    var reference: ChapterReference
    var labelsOut: String?
    var newTestament = false
    var ntIterations = 3
    var ntLabelsOut: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var reference: ChapterReference?
        func value(_ option: String) throws -> String {
            guard let value = rest.popFirst() else { throw PeerBenchError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--labels-out": labelsOut = try value(argument)
            case "--nt": newTestament = true
            case "--nt-labels-out": ntLabelsOut = try value(argument)
            case "--nt-iterations":
                guard let n = Int(try value(argument)), (1...100).contains(n) else {
                    throw PeerBenchError("--nt-iterations must be between 1 and 100")
                }
                ntIterations = n
            default:
                guard reference == nil, let parsed = ChapterReference(parsing: argument) else {
                    throw PeerBenchError("unexpected argument '\(argument)'; usage: PeerBench REF [--labels-out FILE] [--nt] [--nt-iterations N] [--nt-labels-out FILE]")
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
    var document: [String: Any] = ["schema": "interlinear.peer-bench/1", "reference": chapter.reference.description,
                                   "font": font]
    document.merge(ChapterAllocations(chapter, session: session).fields) { $1 }
    if let path = arguments.labelsOut {
        try labelLines([(chapter, session.layout(chapter))], font: session.fonts.primary.descriptor)
            .write(toFile: path, atomically: true, encoding: .utf8)
    }
    if arguments.newTestament {
        let bench = try NewTestamentBench(library: session.library, font: font, iterations: arguments.ntIterations)
        document["newTestament"] = bench.measure()
        if let path = arguments.ntLabelsOut { try bench.labelRecords().write(toFile: path, atomically: true, encoding: .utf8) }
    }
    return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
}

/// One line on stderr, then the exit status.
func fail(_ error: any Error, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PeerBench: error: \(error)\n".utf8))
    exit(status)
}

let arguments: PeerBenchArguments
do { arguments = try PeerBenchArguments(Array(CommandLine.arguments.dropFirst())) } catch { fail(error, status: 64) }
do { FileHandle.standardOutput.write(try runPeerBench(arguments)) } catch { fail(error, status: 1) }
