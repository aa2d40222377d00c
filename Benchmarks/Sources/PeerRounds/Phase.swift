/// One thing measured: `prepare` sets it up untimed (say, empties the shape cache), `run` is what is timed or
/// counted. Every phase runs the same way whether it is timed in a round or counted under callgrind.
struct Phase {
    /// Its name in tables and callgrind dumps.
    let name: String
    let prepare: () -> Void
    let run: () -> Void

    init(_ name: String, prepare: @escaping () -> Void = {}, run: @escaping () -> Void) {
        self.name = name
        self.prepare = prepare
        self.run = run
    }

    /// Nanoseconds of one run, prepared first.
    func time() -> Double {
        prepare()
        return nanoseconds(run)
    }
}

/// Timings of phases over rounds, in one process: each round runs every phase once, starting one phase later than
/// the round before, so no phase always runs first (on a cold CPU cache) or right after a given other one.
func timeRounds(_ phases: [Phase], rounds: Int, progress: String) -> [String: [Double]] {
    var times: [String: [Double]] = [:]
    for round in 0..<rounds {
        reportProgress("\(progress) round \(round + 1)/\(rounds)")
        for k in 0..<phases.count {
            let phase = phases[(round + k) % phases.count]
            times[phase.name, default: []].append(phase.time())
        }
    }
    return times
}
