import Foundation
import InterlinearTypesetting

/// What PeerRounds prints: Markdown tables of medians of per-round ratios with their ranges, and instruction
/// counts.
struct Report {
    let arguments: Arguments
    let chapter: ChapterBench
    let newTestament: NewTestamentBench?
    var chapterTimes: [String: [Double]] = [:]
    var parallel: ParallelRounds?
    var ntTimes: [String: [Double]] = [:]
    var instructions: InstructionCounts?

    init(arguments: Arguments, chapter: ChapterBench, newTestament: NewTestamentBench?) {
        self.arguments = arguments
        self.chapter = chapter
        self.newTestament = newTestament
    }

    private var one: String { "ours cold 1 thread" }
    private var many: String { "ours cold \(arguments.threads) threads" }

    var markdown: String {
        var out: [String] = []
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last?
            .trimmingCharacters(in: .whitespaces) ?? "?"
        out.append(
            "Machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores; load average at the end \(loadAverage())."
        )
        out.append("Ratios are taken within each round (both sides back to back in this one process), then summarized:")
        out.append("median (middle half of the rounds; all rounds). Times: median (range).")
        if !chapterTimes.isEmpty { out += chapterTable(chapterTimes) }
        if let parallel { out += parallelTable(parallel) }
        if !ntTimes.isEmpty, let nt = newTestament { out += ntTable(ntTimes, nt) }
        if let instructions { out += instructionTable(instructions.counts) }
        return out.joined(separator: "\n")
    }

    private func row(_ name: String, _ times: [String: [Double]], _ a: String, _ b: String, digits: Int = 2) -> String {
        guard let x = times[a], let y = times[b] else { return "| \(name) | n/a | |" }
        return
            "| \(name) | \(ratios(x, over: y).ratio(digits)) | \(Spread(x).milliseconds()) / \(Spread(y).milliseconds()) |"
    }

    private func chapterTable(_ t: [String: [Double]]) -> [String] {
        let name = chapter.chapter.reference.description
        var rows = [
            "", "### \(name): ours and the peers, \(arguments.rounds) rounds",
            "\(grouped(chapter.labelCount)) labels, \(grouped(chapter.labels.distinct)) distinct strings.", "",
            "| figure | ratio: median (middle half; range) | time of each side: median (range) |", "|---|---|---|",
            row("ours cold, 1 thread / HarfBuzz floor", t, one, "HarfBuzz floor"),
            row("ours cold, \(arguments.threads) threads / HarfBuzz floor", t, many, "HarfBuzz floor"),
            row("ours cold, \(arguments.threads) threads / ours cold, 1 thread", t, many, one),
            row("one PangoLayout per label / ours cold, 1 thread", t, "Pango per label", one, digits: 1),
            row(
                "one PangoLayout per label / ours cold, \(arguments.threads) threads", t, "Pango per label", many,
                digits: 1),
            row("one PangoLayout per label / HarfBuzz floor", t, "Pango per label", "HarfBuzz floor", digits: 1),
            row("hb_shape per label / ours cold, 1 thread", t, "hb_shape per label", one, digits: 1),
        ]
        if let load = t["ours load"] {
            rows.append("| ours load (store), ms | \(Spread(load).milliseconds()) | \(load.count) rounds |")
        }
        if let warm = t["ours warm (another width)"] {
            let perLabel = Spread(warm.map { $0 / Double(max(chapter.labelCount, 1)) })
            rows.append(
                "| ours warm re-layout (another width), ns per label | \(format(perLabel.median, 1)) (\(format(perLabel.min, 1))–\(format(perLabel.max, 1))) | \(perLabel.values.count) rounds |"
            )
        }
        let frames = chapter.accessibility.frames
        if let off = t["reader off: 1,000 scrolls"] {
            let perScroll = Spread(off.map { $0 / 1_000 })
            rows.append(
                "| reader off: ns per scroll (1,000 scrolls) | \(format(perScroll.median, 1)) (\(format(perScroll.min, 1))–\(format(perScroll.max, 1))) | \(perScroll.values.count) rounds |"
            )
        }
        if let on = t["reader on: frames at 1,000 offsets"], frames > 0 {
            let perFrame = Spread(on.map { $0 / Double(frames) })
            rows.append(
                "| reader on: ns per frame of a visible element (\(grouped(frames)) frames at 1,000 offsets) | \(format(perFrame.median, 1)) (\(format(perFrame.min, 1))–\(format(perFrame.max, 1))) | \(perFrame.values.count) rounds |"
            )
        }
        rows.append("| bytes per label | \(MemoryLayout<Label>.stride) (`MemoryLayout<Label>.stride`) | |")
        return rows
    }

    private func parallelTable(_ p: ParallelRounds) -> [String] {
        let name = chapter.chapter.reference.description
        return [
            "", "### Cold \(name): \(arguments.threads) threads against 1 thread, \(p.rounds) rounds",
            "In each round both, in alternating order, with the other cores as they are, then both again beside a",
            "spinning process. Load average before \(p.loadBefore), after \(p.loadAfter).", "",
            "| condition | \(arguments.threads) threads / 1 thread: median (middle half; range) | 1 thread | \(arguments.threads) threads |",
            "|---|---|---|---|",
            "| no process of ours beside it | \(p.idle.ratio()) | \(p.oneThreadIdle.milliseconds()) | \(p.parallelIdle.milliseconds()) |",
            "| a spinning process beside it | \(p.busy.ratio()) | \(p.oneThreadBusy.milliseconds()) | \(p.parallelBusy.milliseconds()) |",
        ]
    }

    private func ntTable(_ t: [String: [Double]], _ nt: NewTestamentBench) -> [String] {
        var rows = [
            "", "### The whole New Testament, \(arguments.ntRounds) rounds",
            "\(nt.references.count) chapters, \(grouped(nt.labelCount)) labels, \(grouped(nt.distinctStrings)) distinct strings.",
            "",
            "| figure | ratio: median (middle half; range) | time of each side: median (range) |", "|---|---|---|",
            row("NT cold, 1 thread / its HarfBuzz floor", t, "NT cold 1 thread", "NT HarfBuzz floor"),
            row(
                "NT cold, \(arguments.threads) threads / 1 thread", t, "NT cold \(arguments.threads) threads",
                "NT cold 1 thread"),
            row("NT load (store) / NT cold, 1 thread", t, "NT load", "NT cold 1 thread"),
        ]
        if arguments.ntFiles != nil {
            rows.append(
                row("NT load (chapter files) / NT cold, 1 thread", t, "NT load from chapter files", "NT cold 1 thread"))
            rows.append(row("NT load: store / chapter files", t, "NT load", "NT load from chapter files"))
        }
        if arguments.ntPango {
            rows.append(
                row(
                    "NT one PangoLayout per label / NT cold, 1 thread", t, "NT Pango per label", "NT cold 1 thread",
                    digits: 1))
        }
        return rows
    }

    private func instructionTable(_ counts: [String: Int]) -> [String] {
        var rows = [
            "", "### Instructions (callgrind; each phase once after a warm-up run, all threads counted)", "",
            "| phase | instructions | per label |", "|---|---|---|",
        ]
        let ntLabels = newTestament?.labelCount ?? 0
        for (name, count) in counts.sorted(by: { $0.key < $1.key }) {
            if name == "ours load" {
                rows.append("| \(name) | \(grouped(count)) | |")
                continue
            }
            if name.hasPrefix("reader") {
                let per = name.hasPrefix("reader off") ? (1_000, "scroll") : (chapter.accessibility.frames, "frame")
                rows.append(
                    "| \(name) | \(grouped(count)) | \(format(Double(count) / Double(max(per.0, 1)), 1) ) per \(per.1) |"
                )
                continue
            }
            let labels = name.hasPrefix("NT") ? ntLabels : chapter.labelCount
            rows.append(
                "| \(name) | \(grouped(count)) | \(labels > 0 ? format(Double(count) / Double(labels), 1) : "n/a") |")
        }
        func ratio(_ name: String, _ a: String, _ b: String, digits: Int = 2) {
            guard let x = counts[a], let y = counts[b], y > 0 else { return }
            rows.append("| \(name) | \(format(Double(x) / Double(y), digits))× | |")
        }
        ratio("ours cold, 1 thread / HarfBuzz floor", one, "HarfBuzz floor")
        ratio("ours cold, \(arguments.threads) threads (all threads) / HarfBuzz floor", many, "HarfBuzz floor")
        ratio("one PangoLayout per label / ours cold, 1 thread", "Pango per label", one, digits: 1)
        ratio("hb_shape per label / ours cold, 1 thread", "hb_shape per label", one, digits: 1)
        ratio("NT load (store) / NT cold, 1 thread", "NT load", "NT cold 1 thread")
        ratio("NT load (chapter files) / NT cold, 1 thread", "NT load from chapter files", "NT cold 1 thread")
        ratio("NT load: store / chapter files", "NT load", "NT load from chapter files")
        ratio("NT cold, 1 thread / its HarfBuzz floor", "NT cold 1 thread", "NT HarfBuzz floor")
        ratio("NT one PangoLayout per label / NT cold, 1 thread", "NT Pango per label", "NT cold 1 thread", digits: 1)
        return rows
    }
}
