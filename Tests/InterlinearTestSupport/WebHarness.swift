import Foundation
import Synchronization
import Testing

/// The web reader's harnesses (Tests/Web), each taking URLs: axe-core 4.12 in Chromium (`axe_check.py`), Orca 43
/// reading Chromium (`orca_web.sh`), the continuous page's DOM bound (`dom_bound.py`). Until `interlinear serve`
/// runs, they read exported pages served from a folder on loopback (`LoopbackFolder`).
public enum WebHarness {
    public static let folder = packageRoot.appendingPathComponent("Tests/Web")

    /// axe-core 4.12, as scripts/setup takes it out of PyPI's axe-playwright-python 0.1.8.
    public static var axeScript: URL { Validators.venv.appendingPathComponent("share/axe-core-4.12/axe.min.js") }

    /// Why the browser checks cannot run here; nil when they can (under CI they run, and fail without their tools).
    public static var browserMissing: String? {
        if SystemTool.isCI { return nil }
        var missing = ["chromium", "chromedriver"].filter { SystemTool.find($0) == nil }
        if !FileManager.default.fileExists(atPath: axeScript.path) { missing.append(axeScript.path) }
        if !FileManager.default.isExecutableFile(atPath: Validators.python.path) { missing.append("selenium") }
        return missing.isEmpty ? nil : "missing \(missing.joined(separator: ", ")) (run scripts/setup)"
    }

    /// Why Orca cannot read Chromium here; nil when it can.
    public static var orcaMissing: String? {
        if SystemTool.isCI { return nil }
        let tools = ["chromium", "Xvfb", "xdotool", "dbus-run-session", "gdbus", "orca", "espeak-ng"]
        var missing = tools.filter { SystemTool.find($0) == nil }
        if !FileManager.default.fileExists(atPath: "/usr/libexec/at-spi-bus-launcher") {
            missing.append("at-spi2-core")
        }
        return missing.isEmpty ? nil : "missing \(missing.joined(separator: ", ")) (run scripts/setup)"
    }

    /// What axe-core found on one page in one way (scheme, JavaScript on or off).
    public struct AxePage: Decodable, Sendable {
        public struct Violation: Decodable, Sendable {
            public let id: String
            public let impact: String?
            public let count: Int
            public let nodes: [String]
        }
        public let url: String
        public let scheme: String
        public let javascript: Bool
        public let axe: String
        public let violations: [Violation]
        public let passes: Int
        public let incomplete: [String]
    }

    /// Runs axe-core 4.12 (WCAG 2.2 A/AA and color-contrast-enhanced) on each URL, light and dark, script on and off;
    /// with `openDetails`, with the pages' disclosures open (`axe_check.py --open-details`).
    public static func axe(_ urls: [String], openDetails: Bool = false) throws -> [AxePage] {
        let script = folder.appendingPathComponent("axe_check.py").path
        let result = try run(
            Validators.python, [script] + (openDetails ? ["--open-details"] : []) + [axeScript.path] + urls)
        try #require(result.status == 0, "axe_check.py: \(result.stderr)")
        struct Report: Decodable { let pages: [AxePage] }
        return try JSONDecoder().decode(Report.self, from: result.stdout).pages
    }

    /// What Orca said: each key press's utterances, and everything it said in the run.
    public struct OrcaRun: Sendable {
        public struct Press: Decodable, Sendable {
            public let url: String
            public let label: String
            public let press: Int
            public let key: String
            public let said: [String]
        }
        public let presses: [Press]
        public let utterances: [String]
        /// `CHECK` lines that failed (Orca or Chromium not starting, a page never read).
        public let failures: [String]
        public let log: String
    }

    /// Runs `orca_web.sh` with `arguments` (`--headings URL`, `--keys URL KEYS`, `--presses N`).
    public static func orca(_ arguments: [String]) throws -> OrcaRun {
        let workdir = FileManager.default.temporaryDirectory.appendingPathComponent("orca-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        // Output to a file, not a pipe: we wait for the harness itself, never for whatever might inherit a pipe.
        let logFile = workdir.appendingPathComponent("harness.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: logFile)
        let process = Process()
        process.executableURL = folder.appendingPathComponent("orca_web.sh")
        process.arguments = ["--workdir", workdir.path] + arguments
        process.environment = testEnvironment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        let text = String(decoding: try Data(contentsOf: logFile), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let presses = try lines.filter { $0.hasPrefix("PRESS ") }.map {
            try JSONDecoder().decode(OrcaRun.Press.self, from: Data($0.dropFirst(6).utf8))
        }
        let utterances = try lines.first { $0.hasPrefix("UTTERANCES ") }.map {
            try JSONDecoder().decode([String].self, from: Data($0.dropFirst(11).utf8))
        }
        let failures = lines.filter { $0.hasPrefix("CHECK ") && $0.contains(" FAIL") }
        let status = process.terminationStatus
        if status == 0 && failures.isEmpty { try? FileManager.default.removeItem(at: workdir) }
        return OrcaRun(
            presses: presses, utterances: utterances ?? [],
            failures: failures + (status == 0 ? [] : ["orca_web.sh exited \(status)"]),
            log: lines.filter { !$0.hasPrefix("UTTERANCES ") && !$0.hasPrefix("INFO") }.joined(separator: "\n")
                + "\n(files: \(workdir.path))")
    }
}

/// A folder served on a free loopback port by Python's http.server (`Tests/Web/serve_folder.py`), ended by its id.
public final class LoopbackFolder: @unchecked Sendable {
    public let base: String
    private let process: Process

    public init(_ folder: URL) throws {
        let urlFile = folder.appendingPathComponent(".serve-url-\(UUID().uuidString)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            WebHarness.folder.appendingPathComponent("serve_folder.py").path, folder.path, urlFile.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // It writes its URL once it listens; a bounded wait for that, not a measurement.
        var base: String?
        for _ in 0..<300 where base == nil && process.isRunning {
            base = try? String(contentsOf: urlFile, encoding: .utf8)
            if base == nil { usleep(100_000) }
        }
        guard let base else {
            if process.isRunning { process.terminate() }
            throw SpawnFailure("serve_folder.py did not start serving \(folder.path)")
        }
        self.base = base
        try? FileManager.default.removeItem(at: urlFile)
        ExitCleanup.endAtExit(process.processIdentifier)
    }

    deinit { stop() }

    public func stop() {
        ExitCleanup.forget(process.processIdentifier)
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// `interlinear serve --port 0` on a store, on loopback: the base URL read from the one line it prints ("Serving …
/// at http://127.0.0.1:PORT/"), ended by its id. Nil `serve` in this build: `WebServer.missing` says so.
public final class WebServer: @unchecked Sendable {
    public let base: String
    public let pid: Int32
    private let process: Process

    /// Why the server harnesses cannot run: this build has no `interlinear serve` (issue 40), or a browser tool is
    /// missing; nil when they can.
    public static var missing: String? {
        let help = (try? run(interlinearBinary, ["--help"]))?.stdoutText ?? ""
        let hasServe = help.split(separator: "\n").contains {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("serve ")
        }
        return hasServe ? WebHarness.browserMissing : "this build has no `interlinear serve` yet (issue 40)"
    }

    public init(corpus: URL) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process = Process()
        process.executableURL = interlinearBinary
        process.arguments = ["serve", "--port", "0", "--corpus", corpus.path]
        process.environment = testEnvironment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        // It prints its address once it listens; a bounded wait for that line, not a measurement.
        var base: String?
        for _ in 0..<600 where base == nil && process.isRunning {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            base = text.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+\/)/).map { String($0.output.1) }
            if base == nil { usleep(100_000) }
        }
        guard let base else {
            let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if process.isRunning { process.terminate() }
            throw SpawnFailure("interlinear serve printed no address: \(said.prefix(300))")
        }
        self.base = base
        pid = process.processIdentifier
        ExitCleanup.endAtExit(pid)
    }

    deinit { stop() }

    public func stop() {
        ExitCleanup.forget(pid)
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// Servers that a `static let` holds are never deinitialised, so `stop()` alone would leave them running after the
/// test process: each is also sent SIGTERM when the process exits.
enum ExitCleanup {
    private static let running = Mutex<Set<Int32>>([])
    private static let registered: Void = { atexit { ExitCleanup.endAll() } }()

    static func endAtExit(_ pid: Int32) {
        _ = registered
        running.withLock { _ = $0.insert(pid) }
    }

    static func forget(_ pid: Int32) { running.withLock { _ = $0.remove(pid) } }

    private static func endAll() {
        for pid in running.withLock({ $0 }) { kill(pid, SIGTERM) }
    }
}
