import CMeasure
import Foundation

/// Instruction counts of phases by callgrind: this program runs again under `valgrind --tool=callgrind` with
/// `--count-phases`, where each phase runs once to warm up and once between `callgrind_phase_begin` and
/// `callgrind_phase_end`, which dumps that phase's counts (every thread's) to a file of its own. Instruction counts
/// do not move with the machine's load, so they back the headline ratios.
struct InstructionCounts {
    /// Instructions by phase name.
    let counts: [String: Int]

    /// Runs the child and reads its dumps. `arguments` are the child's, `--count-phases` among them.
    init(arguments: [String], keepingDumpsIn kept: String? = nil) throws {
        let valgrind = "/usr/bin/valgrind"
        guard FileManager.default.isExecutableFile(atPath: valgrind) else {
            throw PeerRoundsError("--instructions needs valgrind (Debian package valgrind; scripts/setup installs it)")
        }
        let folder =
            kept.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("peer-rounds-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix("callgrind.out") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        let log = folder.appendingPathComponent("valgrind.log")
        // Valgrind 3.19 gives up on the debug information Swift 6.3 writes ("possibly corrupted debuginfo"), so it
        // runs a copy without it (symbols stay; instruction counts do not depend on debug information).
        let program = folder.appendingPathComponent("PeerRounds")
        try runTool("/usr/bin/objcopy", ["--strip-debug", try executablePath(), program.path])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments =
            [
                "--tool=callgrind", "--callgrind-out-file=\(folder.path)/callgrind.out",
                "--log-file=\(log.path)", program.path,
            ] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(5)
            throw PeerRoundsError(
                "the run under callgrind failed (status \(process.terminationStatus)): "
                    + tail.joined(separator: " | "))
        }
        var counts: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix("callgrind.out") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard let (phase, instructions) = Self.parse(text) else { continue }
            counts[phase] = instructions
        }
        self.counts = counts
    }

    /// The phase name (from "desc: Trigger: Client Request: NAME") and the instruction total ("totals:", else
    /// "summary:") of one dump; nil for a dump no phase made (the one at exit).
    static func parse(_ text: String) -> (String, Int)? {
        let trigger = "desc: Trigger: Client Request: "
        var phase: String?, total: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix(trigger) { phase = String(line.dropFirst(trigger.count)) }
            if line.hasPrefix("totals:") || (total == nil && line.hasPrefix("summary:")) {
                total = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            }
        }
        guard let phase, let total else { return nil }
        return (phase, total)
    }

    /// In the child: each phase warmed up, then counted.
    static func countPhases(_ phases: [Phase]) throws {
        guard callgrind_running() != 0 else {
            throw PeerRoundsError("--count-phases runs only under callgrind (use --instructions)")
        }
        for phase in phases {
            reportProgress("counting \(phase.name)")
            phase.prepare()
            phase.run()
            phase.prepare()
            callgrind_phase_begin()
            phase.run()
            callgrind_phase_end(phase.name)
        }
    }
}

/// Runs a program to its end; throws unless it exits with 0.
func runTool(_ path: String, _ arguments: [String]) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw PeerRoundsError("\(path) is missing (Debian package binutils)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PeerRoundsError(
            "\(path) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
    }
}

/// This program's file, to run it again under valgrind.
func executablePath() throws -> String {
    let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    return path
}
