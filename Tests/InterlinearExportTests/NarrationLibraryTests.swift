import Foundation
import InterlinearTestSupport
import Testing

/// `export --audio` when a library it loads on first use cannot be loaded (a damaged or missing libespeak-ng or
/// libmp3lame): one line naming the file that failed and a Debian package to install, exit 69 (the README's "part of
/// the system is missing"), and no book. The damage is real: a folder on `LD_LIBRARY_PATH`, which the dynamic loader
/// searches before the system's, holds a file of that name that is not a library. (Debian's libespeak-ng loads
/// libmp3lame itself, through libsndfile, so a damaged libmp3lame already stops espeak-ng from loading.)
@Suite("interlinear export --audio without its libraries")
struct NarrationLibraryTests {
    @Test(
        "a library that cannot load is one line and exit 69, with no output",
        arguments: ["libespeak-ng.so.1", "libmp3lame.so.0"])
    func unloadableLibrary(_ soname: String) throws {
        let folder = try ExportFixture.temporaryDirectory()
        let libraries = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data("not a shared object\n".utf8).write(to: libraries.appendingPathComponent(soname))
        var environment = testEnvironment
        environment["LD_LIBRARY_PATH"] = libraries.path
        for output in [["--output", folder.appendingPathComponent("book.epub").path], []] {
            let result = try run(
                interlinearBinary, ["export", "John 1", "--format", "epub", "--audio"] + output,
                environment: environment, directory: packageRoot)
            #expect(result.status == 69, "\(output): exit \(result.status), \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(
                lines.count == 1 && lines[0].contains(soname) && lines[0].contains("install the Debian package"),
                "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(output): \(result.stdout.count) bytes on stdout")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("book.epub").path))
    }
}
