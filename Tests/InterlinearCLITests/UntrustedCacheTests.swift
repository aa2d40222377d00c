import Foundation
import InterlinearTestSupport
import Testing

/// Cache files are the program's own, never a way to write elsewhere (issue 25): a link, a FIFO or another user's
/// file where a cache file goes, or a cache folder that is a link, turns the caches off with one warning; the
/// output is the same bytes, no file outside the cache folder changes, nothing blocks. Each case runs in a scratch
/// folder whose "victim" files stand for what an attacker would aim at (/etc/passwd as root).
@Suite("Untrusted cache files", .serialized) struct UntrustedCacheTests {
    private let arguments = ["typeset", "John 1"]

    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("untrusted-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the command with the cache in `cache`, under `timeout` so a FIFO that blocked would fail the test (exit
    /// 124) instead of hanging the run; the bound is far above a run's time and is no measurement.
    private func run(cache: String, _ extra: [String] = []) throws -> ProcessResult {
        var environment = testEnvironment
        environment["INTERLINEAR_CACHE"] = cache
        return try InterlinearTestSupport.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["300", interlinearBinary.path] + arguments + extra,
            environment: environment, directory: packageRoot)
    }

    /// The plain output, without any cache.
    private func reference() throws -> Data {
        let result = try run(cache: "off")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Exactly one line on stderr, a warning naming `path`.
    private func expectOneWarning(
        _ result: ProcessResult, naming path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 && result.stderr.hasSuffix("\n"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("interlinear: warning: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(path), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// A victim file and its bytes, to check it is untouched.
    private func victim(in folder: URL) throws -> (URL, Data) {
        let url = folder.appendingPathComponent("victim")
        let bytes = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)
        try bytes.write(to: url)
        return (url, bytes)
    }

    @Test("a cache file that is a symbolic link is neither followed nor replaced", arguments: ["fonts", "shapes"])
    func linkedCacheFile(kind: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try reference()
        let cache = folder.appendingPathComponent("cache")
        let (victimURL, victimBytes) = try victim(in: folder)
        // A warm run writes both caches; one of them is then swapped for a link to the victim.
        let warm = try run(cache: cache.path)
        #expect(warm.status == 0 && warm.stderr.isEmpty, "\(warm.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        let name = try #require(names.first { $0.hasPrefix(kind) }, "\(names)")
        let file = cache.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: victimURL.path)

        let result = try run(cache: cache.path)
        #expect(result.status == 0)
        #expect(result.stdout == expected)
        expectOneWarning(result, naming: file.path)
        #expect(try Data(contentsOf: victimURL) == victimBytes, "the link's target is untouched")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == victimURL.path)
    }

    @Test("a dangling link into a missing folder creates no folder")
    func danglingLinkCreatesNothing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(
            atPath: cache.path, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        let target = folder.appendingPathComponent("made/by/the/writer/file")
        try FileManager.default.createSymbolicLink(
            atPath: cache.appendingPathComponent("fonts-1.cache").path,
            withDestinationPath: target.path)
        let result = try run(cache: cache.path)
        #expect(result.status == 0)
        expectOneWarning(result, naming: "fonts-1.cache")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("made").path))
    }

    @Test("a cache folder that is a symbolic link is not used")
    func linkedCacheFolder() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try reference()
        let target = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let link = folder.appendingPathComponent("cache")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let result = try run(cache: link.path)
        #expect(result.status == 0 && result.stdout == expected)
        expectOneWarning(result, naming: link.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty, "nothing written through it")
    }

    @Test("a FIFO as a cache file neither blocks the reader nor the writer", arguments: ["fonts", "shapes"])
    func fifoCacheFile(kind: String) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try reference()
        let cache = folder.appendingPathComponent("cache")
        _ = try run(cache: cache.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        let file = cache.appendingPathComponent(try #require(names.first { $0.hasPrefix(kind) }))
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let result = try run(cache: cache.path)
        #expect(result.status == 0 && result.stdout == expected, "exit \(result.status) (124: it blocked)")
        expectOneWarning(result, naming: file.path)
        var info = stat()
        #expect(lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left as it was")
    }

    @Test("another user's cache file or folder is not used")
    func foreignOwner() throws {
        guard geteuid() == 0 else { return print("skipped: needs root to give a file to another user") }
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try reference()
        let cache = folder.appendingPathComponent("cache")
        _ = try run(cache: cache.path)
        let file = cache.appendingPathComponent("fonts-1.cache")
        let before = try Data(contentsOf: file)
        #expect(chown(file.path, 65534, 65534) == 0)
        let result = try run(cache: cache.path)
        #expect(result.status == 0 && result.stdout == expected)
        expectOneWarning(result, naming: file.path)
        #expect(try Data(contentsOf: file) == before)

        let foreignFolder = folder.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreignFolder, withIntermediateDirectories: false)
        #expect(chown(foreignFolder.path, 65534, 65534) == 0)
        let second = try run(cache: foreignFolder.path)
        #expect(second.status == 0 && second.stdout == expected)
        expectOneWarning(second, naming: foreignFolder.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreignFolder.path).isEmpty)
    }

    @Test("a new cache folder is made 0700")
    func newFolderIsPrivate() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("a/b/cache")
        let result = try run(cache: cache.path)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        for path in [folder.appendingPathComponent("a").path, cache.path] {
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o700, "\(path)")
        }
    }

    /// As root in a private mount namespace, /etc is a scratch copy: the link aims at the real target name.
    @Test("as root, a cache link to /etc/passwd leaves it unchanged (private mount namespace)")
    func etcPasswdInNamespace() throws {
        guard geteuid() == 0, SystemTool.required("unshare") else {
            return print("skipped: needs root and unshare (util-linux)")
        }
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        _ = try run(cache: cache.path)  // warm: the files exist
        let script = """
            set -e
            mkdir -p \(folder.path)/etc && cp -a /etc/. \(folder.path)/etc/ 2>/dev/null || true
            mount --bind \(folder.path)/etc /etc
            before=$(sha256sum /etc/passwd)
            rm -f \(cache.path)/fonts-1.cache && ln -s /etc/passwd \(cache.path)/fonts-1.cache
            INTERLINEAR_CACHE=\(cache.path) \(interlinearBinary.path) typeset 'John 1' >/dev/null 2>\(folder.path)/stderr
            after=$(sha256sum /etc/passwd)
            [ "$before" = "$after" ] && echo unchanged
            """
        let result = try InterlinearTestSupport.run(
            URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "sh", "-c", script],
            directory: packageRoot)
        #expect(result.stdoutText == "unchanged\n", "\(result.stdoutText) \(result.stderr)")
        let stderr = try String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)
        #expect(stderr.hasPrefix("interlinear: warning: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
    }
}
