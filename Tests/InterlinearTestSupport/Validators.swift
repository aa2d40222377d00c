import Foundation
import InterlinearCorpus
import Testing

/// The PyPI validators scripts/setup installs into a virtual environment of their own (never the system Python):
/// selenium (with axe-core 4.12 taken from axe-playwright-python's wheel: `WebHarness.axeScript`), and the PDF/UA
/// checker pdfua. Tests that need one skip with the reason when it is missing, and fail instead under CI.
public enum Validators {
    /// `$INTERLINEAR_VENV`, else `$XDG_CACHE_HOME/interlinear/venv`, else `$HOME/.cache/interlinear/venv`: the rule
    /// scripts/setup follows.
    public static let venv: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["INTERLINEAR_VENV"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        // `$HOME`, not the password database's home (`homeDirectoryForCurrentUser`): setup follows `$HOME`.
        return UserFolders.cache(environment: environment).appendingPathComponent("interlinear/venv")
    }()

    /// The environment's Python.
    public static var python: URL { venv.appendingPathComponent("bin/python") }

    /// The environment's `pdfua` checker.
    public static var pdfua: URL { venv.appendingPathComponent("bin/pdfua") }

    /// Whether pdfua can run (always true under CI, where a missing one must fail).
    public static var pdfuaRequired: Bool {
        SystemTool.isCI || FileManager.default.isExecutableFile(atPath: pdfua.path)
    }

    public static let pdfuaReason: Comment =
        "the PDF/UA checker pdfua is not in the validators' virtual environment (run scripts/setup)"
}
