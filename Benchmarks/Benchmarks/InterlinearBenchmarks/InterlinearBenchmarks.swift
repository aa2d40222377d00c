import Benchmark
import InterlinearCorpus
import InterlinearTypesetting
import TypesettingShards

/// `swift package benchmark`: label creation against one object per label (interleaved, a ratio per iteration), John
/// 1 load / cold / warm, accessibility (scrolling with the reader off and on, a late start, hit tests, swipes), the
/// whole New Testament cold on one and two threads. Every benchmark reports wall-clock time and mallocs.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 2_000)
    let work = Workload.shared

    // Ours (contiguous labels, the shape cache emptied first) against one object per label shaped on creation, both
    // in every iteration, in alternating order, so both sides meet the same machine load; the ratio is taken within
    // the iteration and its percentiles are the figure to quote. (Two benchmarks run one after the other gave ratios
    // that moved with whatever else the machine was doing.)
    let ours = BenchmarkMetric.custom("ours (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let heavy = BenchmarkMetric.custom("one object per label (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom(
        "one object per label / ours (x100)", polarity: .prefersLarger, useScalingFactor: false)
    for count in [1_000, 2_000, 5_000, 10_000] {
        Benchmark(
            "Labels \(count): ours and one object per label, interleaved",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, ours, heavy, ratio], warmupIterations: 3,
                maxDuration: .seconds(2), maxIterations: 2_000)
        ) { benchmark in
            for iteration in benchmark.scaledIterations {
                var times: (ours: Duration, heavy: Duration) = (.zero, .zero)
                let clock = ContinuousClock()
                for side in iteration % 2 == 0 ? [0, 1] : [1, 0] {
                    if side == 0 {
                        times.ours = clock.measure { blackHole(work.createLabels(count)) }
                    } else {
                        times.heavy = clock.measure { blackHole(work.createHeavyLabels(count)) }
                    }
                }
                let oursNanoseconds = nanoseconds(times.ours), heavyNanoseconds = nanoseconds(times.heavy)
                benchmark.measurement(ours, oursNanoseconds)
                benchmark.measurement(heavy, heavyNanoseconds)
                benchmark.measurement(ratio, heavyNanoseconds * 100 / max(oursNanoseconds, 1))
            }
        }
    }

    Benchmark("John 1: load from Corpus/ (into a fresh session)") { benchmark in
        for _ in benchmark.scaledIterations {
            let session = work.freshSession()
            benchmark.startMeasurement()
            blackHole(try session.chapter(work.john))
            benchmark.stopMeasurement()
        }
    }
    Benchmark("John 1: typeset cold (chapter loaded, shape cache empty)") { benchmark in
        work.cache.reset()
        benchmark.startMeasurement()
        blackHole(work.session.layout(work.johnChapter))
        benchmark.stopMeasurement()
    }
    Benchmark("John 1: typeset warm (re-layout at another width)") { benchmark in
        _ = work.session.layout(work.johnChapter)
        benchmark.startMeasurement()
        blackHole(work.session.layout(work.johnChapter, options: work.warmOptions))
        benchmark.stopMeasurement()
    }

    accessibilityBenchmarks(work)

    let nt = NewTestamentWorkload.shared
    let ntConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 10,
        skip: !nt.available)
    if !nt.available {
        print("Skipping the New Testament benchmarks: the corpus lacks the whole NT; run `interlinear import` first.")
    }
    Benchmark("NT: typeset cold, 1 thread", configuration: ntConfiguration) { benchmark in
        blackHole(nt.single?.layoutAll(options: nt.options, cold: true))
    }
    Benchmark("NT: typeset cold, 2 threads (2 shards)", configuration: ntConfiguration) { benchmark in
        blackHole(TypesettingShard.layoutConcurrently(nt.pair, options: nt.options, cold: true))
    }
}

/// A duration in whole nanoseconds.
private func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
}
