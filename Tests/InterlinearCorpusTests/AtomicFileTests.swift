import Foundation
import Testing

@testable import InterlinearCorpus

/// `AtomicFile` in process: what a write leaves on disk, during and after, on both temporary-file paths.
/// Serialized: a named temporary file installs process-wide signal handlers while it exists, and one test reads
/// those dispositions; run beside another test's named write, it once saw every signal taken (`defaults == []`).
@Suite(.serialized) struct AtomicFileTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    struct Interrupted: Error {}

    /// While the new contents are written, the unnamed temporary file has no name: nothing a signal or `kill -9`
    /// could strand. A failure part-way leaves the old file as it was.
    @Test func theUnnamedTemporaryFileIsInvisibleAndAFailureLeavesTheOldFile() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.json").path
        try AtomicFile.write(Data("old\n".utf8), to: URL(fileURLWithPath: file))
        var seen: [String] = []
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(to: file, createDirectories: false, namedTemporary: false) { sink in
                try sink.write(Array("half of the new".utf8))
                seen = try entries()
                throw Interrupted()
            }
        }
        #expect(seen == ["out.json"])
        #expect(try entries() == ["out.json"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
    }

    /// The fallback's named temporary file is guarded by signal handlers while it exists and removed on failure.
    @Test func theNamedTemporaryFileIsGuardedAndRemoved() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.json").path
        // Only signals still at their default action get the handler (others belong to someone else).
        let defaults = TemporaryFileCleanup.signals.filter { signal in
            var action = sigaction()
            return sigaction(signal, nil, &action) == 0 && action.__sigaction_handler.sa_handler == nil
        }
        var seen: [String] = [], guarded: [Bool] = []
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(to: file, createDirectories: false, namedTemporary: true) { sink in
                try sink.write(Array("new".utf8))
                seen = try entries()
                guarded = defaults.map(TemporaryFileCleanup.isGuarding)
                throw Interrupted()
            }
        }
        #expect(seen.count == 1 && seen[0].hasPrefix(".out.json.\(getpid()).") && seen[0].hasSuffix(".tmp"))
        #expect(!defaults.isEmpty && guarded.allSatisfy { $0 }, "\(defaults) guarded: \(guarded)")
        #expect(try entries().isEmpty)
        #expect(!defaults.contains(where: TemporaryFileCleanup.isGuarding), "handlers removed afterwards")
        // And the fallback writes like the main path.
        try AtomicFile.write(to: file, createDirectories: false, namedTemporary: true) {
            try $0.write(Array("done".utf8))
        }
        #expect(try entries() == ["out.json"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "done")
    }

    /// Issue 39: a link at the name is never written through — its target is left alone, the link too — whichever
    /// path the temporary file takes; a file of the program's own refuses a FIFO at once; no folder is made through
    /// a dangling link.
    @Test(arguments: [false, true])
    func aLinkIsRefusedAndItsTargetLeftAlone(namedTemporary: Bool) throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.json").path
        try AtomicFile.write(Data("old".utf8), to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o600) == 0)
        let link = dir.appendingPathComponent("link.json").path
        #expect(symlink("target.json", link) == 0)  // relative, as users make them
        for target: AtomicFile.Target in [.output, .ownFile] {
            #expect {
                try AtomicFile.write(to: link, createDirectories: false, target: target, namedTemporary: namedTemporary)
                {
                    try $0.write(Array("new".utf8))
                }
            } throws: { error in
                (error as? OutputFileError)?.kind == .cannotCreate
                    && String(describing: error).contains("it is a symbolic link")
            }
        }
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
        #expect(try entries() == ["link.json", "target.json"])
    }

    @Test func aDanglingLinkMakesNoFolder() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let nowhere = dir.appendingPathComponent("nowhere").path
        let link = dir.appendingPathComponent("view.json").path
        #expect(symlink(nowhere + "/a/b/view.json", link) == 0)
        #expect(throws: OutputFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: link), createDirectories: true)
        }
        // A dangling link as a folder on the way.
        let folder = dir.appendingPathComponent("config").path
        #expect(symlink(nowhere, folder) == 0)
        #expect {
            try AtomicFile.write(
                Data("x".utf8), to: URL(fileURLWithPath: folder + "/interlinear/view.json"), createDirectories: true,
                target: .ownFile)
        } throws: { String(describing: $0).contains("is a symbolic link to nothing") }
        #expect(!FileManager.default.fileExists(atPath: nowhere), "nothing made where the links point")
        #expect(try entries() == ["config", "view.json"])
    }

    @Test func aFIFOIsNoFileOfTheProgramsOwn() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("view.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: fifo), target: .ownFile)
        } throws: { String(describing: $0).contains("it is a FIFO (named pipe), not a regular file") }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func foldersAndMissingFoldersAreRefusedClearly() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            try AtomicFile.write(Data("x".utf8), to: dir)
        } throws: { error in
            (error as? OutputFileError)?.kind == .cannotCreate
                && String(describing: error).hasSuffix(": it is a folder; name a file inside it")
        }
        #expect {
            try AtomicFile.write(Data("x".utf8), to: dir.appendingPathComponent("no/such/x.json"))
        } throws: { String(describing: $0).contains("the folder \(dir.path)/no/such does not exist") }
        try AtomicFile.write(
            Data("x".utf8), to: dir.appendingPathComponent("made/here/x.json"), createDirectories: true)
        #expect(try String(contentsOf: dir.appendingPathComponent("made/here/x.json"), encoding: .utf8) == "x")
    }
}
