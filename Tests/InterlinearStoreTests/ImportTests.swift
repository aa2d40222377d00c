import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearTestSupport
import Testing

/// `interlinear import` as users run it: into a data folder, interrupted, partial.
@Suite struct ImportTests {
    /// A data folder holding a copy of the committed-chapters store.
    private func folderWithStore() throws -> URL {
        let store = try StoreFixture.copy(of: try StoreFixture.committed.get(), named: "interlinear.sqlite")
        return store.deletingLastPathComponent()
    }

    private func incoming(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".incoming") }
    }

    /// Starts a whole import, kills it once it is writing the new store, and checks the old store still opens.
    @Test(StoreFixture.needsSourceData, arguments: [SIGTERM, SIGKILL]) func interruptedImportLeavesThePreviousStore(
        signal: Int32
    ) throws {
        let folder = try folderWithStore()
        let process = Process()
        process.executableURL = interlinearBinary
        process.arguments = ["import", "--corpus", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (bounded) for the new store to be under construction, then interrupt it.
        let deadline = Date().addingTimeInterval(300)
        while incoming(in: folder).isEmpty && process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!incoming(in: folder).isEmpty, "the import never started writing")
        usleep(100_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the import finished before it was interrupted")

        // The previous store is intact and is what commands read.
        let store = try CorpusStore(url: folder.appendingPathComponent("interlinear.sqlite"))
        #expect(try store.availableChapters().count == 4)
        let typeset = try run(interlinearBinary, ["typeset", "Romans 8", "--corpus", folder.path])
        #expect(typeset.status == 0, "\(typeset.stderr)")
        if signal == SIGTERM {
            #expect(incoming(in: folder).isEmpty, "the interrupted import removed its file")
        } else {
            // SIGKILL cannot be caught: the files (the store's and its search index's) stay until the next import
            // removes them. That import adds Mark 4 from a miniature source folder: what is checked is the store it
            // updates, not the source data.
            #expect(incoming(in: folder).count == 2)
            let mark = try FakeAlignmentsData(
                sourceRows: ["n41004001001\tΚαὶ-1\tΚαὶ\tG2532\tAnd\tand\tκαί\tconj\tCONJ"],
                targetRows: ["41004001001\t41004001\tAnd\t\t\t\t"])
            defer { mark.remove() }
            let again = try run(
                interlinearBinary, ["import", "Mark 4", "--source", mark.root.path, "--corpus", folder.path])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(incoming(in: folder).isEmpty, "a later import removes an abandoned file")
            #expect(
                try CorpusStore(url: folder.appendingPathComponent("interlinear.sqlite")).availableChapters().count == 5
            )
        }
    }

    @Test func commandsNameTheImportForAMissingChapter() throws {
        let folder = try folderWithStore()
        let result = try run(interlinearBinary, ["read", "Mark 4", "--corpus", folder.path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no chapter Mark 4 in the corpus"), "\(result.stderr)")
        #expect(result.stderr.contains("interlinear import"), "\(result.stderr)")
        #expect(result.stderr.contains("nearest chapters that open: Matthew 1, John 1, Romans 8"), "\(result.stderr)")
    }

    @Test func readOpensAtTheVerseFromAnyFolder() throws {
        let folder = try folderWithStore()
        // Piped, the reader prints the chapter from the verse asked for.
        let result = try run(
            interlinearBinary, ["read", "John 1:14"],
            environment: ["INTERLINEAR_DATA": folder.path, "HOME": folder.path],
            directory: URL(fileURLWithPath: "/"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("John 1:14"), "\(result.stdoutText.prefix(200))")
    }
}
