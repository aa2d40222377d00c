import Foundation
import InterlinearTestSupport
import Testing

/// The libraries only some commands need (cairo, Xlib, libsystemd's sd-bus, speech-dispatcher's client, liblouis,
/// SDL2) are opened the first time one of their functions is called (CLazyLibrary), as users meet it: a command that
/// needs none of them never loads them, one that needs one loads it, and one whose library is missing says so in
/// one line while the others still work.
@Suite struct LazyLibraryTests {
    /// The libraries the loaders open on first use, by soname, with the Debian package each loader names.
    static let lazyLibraries = [
        "libcairo.so.2": "libcairo2", "libX11.so.6": "libx11-6", "libsystemd.so.0": "libsystemd0",
        "libspeechd.so.2": "libspeechd2", "liblouis.so.20": "liblouis20", "libSDL2-2.0.so.0": "libsdl2-2.0-0",
        "libsword.so.1.9.0": "libsword1.9.0",
    ]

    /// The shared objects the dynamic loader initialised in one run of `interlinear arguments` (its `LD_DEBUG=libs`
    /// trace: one "calling init: PATH" per library, whether linked or opened with dlopen), by file name.
    static func initialisedLibraries(_ arguments: [String]) throws -> (result: ProcessResult, libraries: Set<String>) {
        var environment = testEnvironment
        environment["LD_DEBUG"] = "libs"
        let result = try run(interlinearBinary, arguments, environment: environment)
        let libraries = result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return URL(fileURLWithPath: String(line[range.upperBound...])).lastPathComponent
        }
        return (result, Set(libraries))
    }

    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-lazy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `typeset` loads none of them (and the trace is read: libc, which it links, is there). HarfBuzz, FreeType and
    /// fontconfig are loaded on first use too, but `typeset` needs them with a cold cache, so they are not among them
    /// (`ShapeCacheCommandTests.aWarmTypesetLoadsNoHarfBuzzFreeTypeOrFontconfig` checks both cases).
    @Test func typesetLoadsNoneOfTheLibrariesOnlyOtherCommandsNeed() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, libraries) = try Self.initialisedLibraries(
            ["typeset", "John 1", "--output", folder.appendingPathComponent("john.json").path])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(libraries.contains("libc.so.6"), "no loader trace read: \(libraries.sorted())")
        let lazy = Set(Self.lazyLibraries.keys)
        #expect(libraries.isDisjoint(with: lazy), "\(libraries.intersection(lazy))")
    }

    /// The commands that need one load it when they first call it, and only it.
    @Test(arguments: [
        (["render", "Revelation 22", "--format", "pdf"], "libcairo.so.2"),
        (["braille", "Revelation 22"], "liblouis.so.20"),
    ])
    func aCommandLoadsTheLibraryItNeedsOnFirstUse(command: [String], library: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, libraries) = try Self.initialisedLibraries(
            command + ["--output", folder.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(command): \(result.stderr.suffix(2000))")
        #expect(libraries.contains(library), "\(command): \(libraries.sorted())")
        let others = Set(Self.lazyLibraries.keys).subtracting([library, "libX11.so.6"])  // libcairo needs libX11
        #expect(libraries.isDisjoint(with: others), "\(command): \(libraries.intersection(others))")
    }

    /// The file the dynamic loader finds for `soname` (from its cache, as dlopen does).
    static func installedPath(of soname: String) throws -> String? {
        let result = try run(URL(fileURLWithPath: "/sbin/ldconfig"), ["-p"])
        return result.stdoutText.split(separator: "\n")
            .first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") && $0.contains("x86-64") }
            .flatMap { $0.components(separatedBy: " => ").last }
    }

    /// Whether this machine lets an unprivileged process make its own user and mount namespaces (`unshare -rm`):
    /// a kernel or security-module policy, not an install step, so the test is skipped without one even under CI.
    static let namespacesAvailable: Bool = {
        (try? run(URL(fileURLWithPath: "/usr/bin/unshare"), ["-rm", "true"]).status) == 0
    }()

    /// With the library made unloadable (`/dev/null` bind-mounted over its file in a private mount namespace, so
    /// nothing outside the test sees it), the command that needs it says so in one line naming the Debian package,
    /// exits 69 and writes no file; `typeset`, which does not need it, still works in the same namespace.
    @Test(
        .enabled(if: namespacesAvailable, "unprivileged user namespaces are not allowed here (unshare -rm)"),
        arguments: [
            (["render", "Revelation 22", "--format", "png"], "libcairo.so.2", "cairo"),
            (["braille", "Revelation 22"], "liblouis.so.20", "liblouis"),
        ])
    func aMissingLibraryIsOneLineFromTheCommandThatNeedsIt(command: [String], soname: String, name: String) throws {
        let path = try #require(try Self.installedPath(of: soname), "\(soname) is not in the loader's cache")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let json = folder.appendingPathComponent("john.json")
        let lines = try runInNamespace(path: path, command: command, output: output, json: json)
        #expect(lines.count == 2, "\(command): \(lines)")
        #expect(lines.first?.hasPrefix("interlinear: error: cannot load \(name) (") == true, "\(lines)")
        #expect(
            lines.first?.hasSuffix("install the Debian package \(Self.lazyLibraries[soname] ?? "?")") == true,
            "\(lines)")
        #expect(lines.last == "status 69", "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "a partial output was left")
        #expect(FileManager.default.fileExists(atPath: json.path), "typeset did not work without \(soname)")
    }

    /// Runs `command` then `typeset` in a private user and mount namespace where `path` reads as an empty file;
    /// returns what the command wrote on stderr, line by line, then "status N".
    func runInNamespace(path: String, command: [String], output: URL, json: URL) throws -> [String] {
        let script = """
            mount --bind /dev/null "$0" || { echo "cannot bind-mount over $0"; exit 99; }
            binary=$1; output=$2; json=$3; shift 3
            "$binary" "$@" --output "$output" 2>&1 >/dev/null; echo "status $?"
            "$binary" typeset "Revelation 22" --output "$json" >/dev/null 2>&1 || echo "typeset failed"
            """
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-rm", "sh", "-c", script, path, interlinearBinary.path, output.path, json.path]
                + command)
        #expect(result.status == 0, "unshare: \(result.status) \(result.stderr)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }
}
