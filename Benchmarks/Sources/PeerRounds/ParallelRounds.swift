import CMeasure
import Foundation

/// 1-thread and N-thread cold layouts of one chapter, alternating round by round in this process, first with the
/// other cores as they are ("idle": nothing of ours runs there), then with a spinning process beside them
/// ("busy"), in every round: the two conditions see the same machine load from the rest of the system.
struct ParallelRounds {
    /// N-thread time over 1-thread time, per round: below 1 the parallel path is faster.
    let idle: Spread
    let busy: Spread
    let oneThreadIdle, oneThreadBusy, parallelIdle, parallelBusy: Spread
    let rounds: Int
    let loadBefore: String, loadAfter: String

    init(_ bench: ChapterBench, rounds: Int) throws {
        let one = bench.cold(threads: 1), many = bench.cold(threads: bench.threads)
        let spinner = spinner_start()
        guard spinner > 0 else { throw PeerRoundsError("cannot start the spinning process") }
        defer { spinner_stop(spinner) }
        loadBefore = loadAverage()
        var t1i: [Double] = [], tni: [Double] = [], t1b: [Double] = [], tnb: [Double] = []
        for round in 0..<rounds {
            reportProgress("parallel round \(round + 1)/\(rounds)")
            // Which goes first alternates, so neither always follows the other.
            let firstOne = round % 2 == 0
            func pair(_ a: inout [Double], _ b: inout [Double]) {
                if firstOne {
                    a.append(one.time())
                    b.append(many.time())
                } else {
                    b.append(many.time())
                    a.append(one.time())
                }
            }
            pair(&t1i, &tni)
            spinner_resume(spinner)
            usleep(20_000)  // let it take its core
            pair(&t1b, &tnb)
            spinner_pause(spinner)
        }
        loadAfter = loadAverage()
        self.rounds = rounds
        idle = ratios(tni, over: t1i)
        busy = ratios(tnb, over: t1b)
        oneThreadIdle = Spread(t1i)
        oneThreadBusy = Spread(t1b)
        parallelIdle = Spread(tni)
        parallelBusy = Spread(tnb)
    }
}

/// The first three fields of /proc/loadavg.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// One line on stderr, so stdout stays the report.
func reportProgress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
