import Foundation
import Testing

/// The package root, found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The committed corpus.
public let corpusDirectory = packageRoot.appendingPathComponent("Corpus")

/// The built `interlinear` executable the tests run as users do: `$INTERLINEAR_TEST_BINARY` when set (scripts/test
/// sets it to the release build it has just built from the same tree), else the one beside the test bundle.
public let interlinearBinary: URL = {
    if let explicit = ProcessInfo.processInfo.environment["INTERLINEAR_TEST_BINARY"], !explicit.isEmpty {
        return URL(fileURLWithPath: explicit, relativeTo: packageRoot).standardizedFileURL
    }
    return builtProduct("interlinear")
}()

/// A product built beside the test bundle (`interlinear`, `InterlinearATSPIHost`).
public func builtProduct(_ name: String) -> URL {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = bundle.deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = dir.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/\(name)")
}

/// What a finished process wrote and returned.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: Data
    public let stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// The environment children inherit: ours, with `$INTERLINEAR_CACHE` pointed at a folder of this test process
/// unless the run chose one (tests of the caches pass their own environment), the committed chapter files as the
/// corpus (`$INTERLINEAR_CORPUS`: the product never looks for them beside itself), and the store in a folder of this
/// test process that holds none, so a user's own store never changes what a test sees (tests of the store pass
/// `--corpus`).
public let testEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    let own = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-test-cache-\(getpid())")
    if environment["INTERLINEAR_CACHE"] == nil { environment["INTERLINEAR_CACHE"] = own.path }
    environment["INTERLINEAR_CORPUS"] = corpusDirectory.path
    environment["INTERLINEAR_DATA"] = own.appendingPathComponent("no-store").path
    // `interlinear view` remembers its settings in the XDG config folder: never the user's.
    environment["XDG_CONFIG_HOME"] = own.appendingPathComponent("config").path
    return environment
}()

/// Runs a program to completion, feeding `input` on stdin.
public func run(
    _ executable: URL, _ arguments: [String], input: Data? = nil,
    environment: [String: String]? = nil, directory: URL? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    // A child that inherits our environment keeps its caches in this test process's own folder, never the user's.
    process.environment = environment ?? testEnvironment
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe(), inp = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inp
    try process.run()
    if let input { inp.fileHandleForWriting.write(input) }
    try inp.fileHandleForWriting.close()
    // Read both pipes concurrently so neither fills up and blocks the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs the `interlinear` binary from the package root.
public func interlinear(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
    try run(interlinearBinary, arguments, environment: environment, directory: packageRoot)
}
