import Foundation

/// `--speak`: each line also goes to speech-dispatcher through `spd-say`, at priority "text" so a new line
/// interrupts the one being spoken instead of queueing behind it.
public final class Speech {
    /// The `spd-say` executable, if one is on PATH.
    public let executable: URL?
    private var running: [Process] = []

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        executable = Self.find("spd-say", path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    }

    public var isAvailable: Bool { executable != nil }

    /// What the reader says once when `--speak` cannot work.
    public static let unavailableNotice = "spd-say is not installed, so lines are not spoken "
        + "(install the speech-dispatcher package)."

    static func find(_ name: String, path: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Speaks a line without waiting; spd-say's own output is discarded so it never reaches the terminal.
    public func speak(_ line: String) {
        guard let executable else { return }
        running.removeAll { !$0.isRunning }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--priority", "text", line.hasPrefix("-") ? " " + line : line]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil { running.append(process) }
    }
}
