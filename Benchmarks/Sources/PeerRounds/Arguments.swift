import InterlinearCorpus

/// `PeerRounds [REF] [--rounds N] [--parallel-rounds N] [--threads N] [--nt] [--nt-rounds N] [--nt-pango]
/// [--nt-files DIR] [--instructions] [--only PHASE]… [--keep-dumps DIR]`.
struct Arguments {
    static let usage = """
        usage: PeerRounds [REF] [--rounds N] [--parallel-rounds N] [--threads N] [--nt] [--nt-rounds N] [--nt-pango] [--nt-files DIR] [--instructions] [--only PHASE]… [--keep-dumps DIR]
        """
    var reference: ChapterReference
    /// Rounds of ours against the peers on the chapter (0 skips them).
    var rounds = 21
    /// Rounds of 1 thread against `threads`, idle and beside a spinning process (0 skips them).
    var parallelRounds = 21
    var threads = 2
    var newTestament = false
    var ntRounds = 5
    /// A folder of NT chapter files: their load is measured too.
    var ntFiles: String?
    /// Pango on every NT label too (about 10 s a round here).
    var ntPango = false
    /// Instruction counts of every phase by callgrind (a second run of this program under valgrind).
    var instructions = false
    /// Only the phases whose names contain one of these (all when empty): for profiling one phase.
    var only: [String] = []
    /// Where callgrind's dumps are kept (for callgrind_annotate); by default they are deleted.
    var keepDumps: String?
    /// The child under callgrind: count the phases, print nothing.
    var countPhases = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var reference: ChapterReference?
        func count(_ option: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let text = rest.popFirst(), let n = Int(text), range.contains(n) else {
                throw PeerRoundsError("\(option) needs a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--rounds": rounds = try count(argument, 0...1000)
            case "--parallel-rounds": parallelRounds = try count(argument, 0...1000)
            case "--threads": threads = try count(argument, 2...4)
            case "--nt": newTestament = true
            case "--nt-rounds": ntRounds = try count(argument, 1...100)
            case "--nt-pango": ntPango = true
            case "--nt-files":
                guard let folder = rest.popFirst() else { throw PeerRoundsError("--nt-files needs a folder") }
                ntFiles = folder
            case "--instructions": instructions = true
            case "--count-phases": countPhases = true
            case "--keep-dumps":
                guard let folder = rest.popFirst() else { throw PeerRoundsError("--keep-dumps needs a folder") }
                keepDumps = folder
            case "--only":
                guard let name = rest.popFirst() else { throw PeerRoundsError("--only needs part of a phase name") }
                only.append(name)
            default:
                guard reference == nil, !argument.hasPrefix("-"), let parsed = ChapterReference(parsing: argument)
                else {
                    throw PeerRoundsError("unexpected argument '\(argument)'; \(Self.usage)")
                }
                reference = parsed
            }
        }
        guard let chosen = reference ?? ChapterReference(parsing: "John 1") else { throw PeerRoundsError("no chapter") }
        self.reference = chosen
    }

    /// The phases asked for.
    func selected(_ phases: [Phase]) -> [Phase] {
        only.isEmpty ? phases : phases.filter { phase in only.contains { phase.name.contains($0) } }
    }

    /// The child's arguments under callgrind.
    var childArguments: [String] {
        [reference.description, "--threads", "\(threads)", "--count-phases"] + (newTestament ? ["--nt"] : [])
            + (ntPango ? ["--nt-pango"] : []) + (ntFiles.map { ["--nt-files", $0] } ?? [])
            + only.flatMap { ["--only", $0] }
    }
}
