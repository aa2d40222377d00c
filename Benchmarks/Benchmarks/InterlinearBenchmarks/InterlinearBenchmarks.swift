import Benchmark
import InterlinearCorpus
import InterlinearTypesetting
import TypesettingShards

/// `swift package benchmark`: label creation against one object per label, John 1 load / cold / warm, accessibility
/// (scrolling with the reader off and on, a late start, hit tests, swipes), the whole New Testament cold on one and
/// two threads. Every benchmark reports wall-clock time and mallocs.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 2_000)
    let work = Workload.shared

    for count in [1_000, 2_000, 5_000, 10_000] {
        Benchmark("Labels \(count): ours (contiguous, shape cache emptied first)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(work.createLabels(count)) }
        }
        Benchmark("Labels \(count): one object per label, shaped on creation") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(work.createHeavyLabels(count)) }
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
