import Foundation
import Testing

/// One policy for tests that need a program from Debian: locally, a missing program skips the test with the reason
/// (`.enabled(if: SystemTool.required("tmux"), SystemTool.reason("tmux", package: "tmux"))`); under CI (the `CI`
/// environment variable set), the test runs anyway, so a missing install step fails the build instead of hiding.
public enum SystemTool {
    /// Whether the `CI` environment variable is set (to anything but "" or "false").
    public static var isCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "false"
    }

    /// The program's path on PATH (or an absolute path that is executable), if installed.
    public static func find(_ name: String) -> URL? {
        if name.hasPrefix("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// True when every program is installed, or when running under CI (where a missing one must fail the test).
    public static func required(_ names: String...) -> Bool {
        isCI || names.allSatisfy { find($0) != nil }
    }

    /// The skip reason shown locally.
    public static func reason(_ name: String, package: String) -> Comment {
        "\(name) is not installed (apt-get install \(package), or run scripts/setup)"
    }
}
