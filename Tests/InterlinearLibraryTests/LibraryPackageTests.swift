import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// The library as an app developer meets it: a package of its own, outside the checkout, that depends on this one by
/// path and imports only `Interlinear`. Its programs are the DocC article's code, taken from the article itself
/// (Sources/Interlinear/Interlinear.docc/LabelsAheadOfTime.md), so the article cannot drift from the API.
///
/// Cost: the dependent package builds the engine's modules again (debug, its own build folder). The folder is
/// `.build-consumer` in the checkout and kept between runs, so only the first run after a change to the engine pays
/// for a build of the changed modules; the package itself is made afresh in a temporary folder each time.
@Suite struct LibraryPackageTests {
    static let article = packageRoot.appendingPathComponent("Sources/Interlinear/Interlinear.docc/LabelsAheadOfTime.md")
    /// The node view's article, whose one listing is the second program.
    static let nodesArticle = packageRoot.appendingPathComponent(
        "Sources/Interlinear/Interlinear.docc/NodesAfterAScroll.md")

    /// An article's Swift code blocks, in order.
    static func codeBlocks(of article: URL = article) throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theArticlesListingIsOneImportAndAtMostTenLines() throws {
        let listing = try #require(try Self.codeBlocks().first)
        let lines = listing.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(lines.count <= 10, "\(lines.count) lines:\n\(listing)")
        #expect(lines.filter { $0.hasPrefix("import ") } == ["import Interlinear"])
    }

    /// Builds the package (the listing alone, and the whole article as one program), runs both against the
    /// whole-New-Testament store, and compares the listing's elements and frames with `interlinear a11y` at the
    /// same offset: the same node ids, on screen, with the same bounds.
    @Test func aPackageOutsideTheCheckoutRunsTheArticle() throws {
        let swift = try #require(SystemTool.find("swift"), "the swift toolchain is not on PATH")
        let store = try SharedStore.wholeNewTestament.get()
        let blocks = try Self.codeBlocks()
        try #require(blocks.count >= 2, "the article lost its code")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-consumer-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = blocks[0]
        let article = blocks[0] + blocks.dropFirst().joined(separator: "\n")
        let nodeListing = try #require(
            try Self.codeBlocks(of: Self.nodesArticle).first, "the node article lost its code")
        let programs = [
            ("Listing", listing), ("Article", article), ("Genesis", Self.genesisProgram), ("Nodes", nodeListing),
        ]
        for (name, code) in programs {
            let sources = folder.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try code.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        }
        let identity = packageRoot.lastPathComponent
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "\(packageRoot.path)")],
                targets: [
                    .executableTarget(name: "Listing", dependencies: [.product(name: "Interlinear", package: "\(identity)")]),
                    .executableTarget(name: "Article", dependencies: [.product(name: "Interlinear", package: "\(identity)")]),
                    .executableTarget(name: "Genesis", dependencies: [.product(name: "Interlinear", package: "\(identity)")]),
                    .executableTarget(name: "Nodes", dependencies: [.product(name: "Interlinear", package: "\(identity)")]),
                ]
            )

            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // The checkout's resolved versions, when it has them: the same dependencies, without resolving them again.
        let resolved = packageRoot.appendingPathComponent("Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.path) {
            try FileManager.default.copyItem(at: resolved, to: folder.appendingPathComponent("Package.resolved"))
        }
        let scratch = packageRoot.appendingPathComponent(".build-consumer")
        let build = try run(
            swift, ["build", "--package-path", folder.path, "--scratch-path", scratch.path],
            directory: folder)
        try #require(build.status == 0, "swift build failed:\n\(build.stderr)\n\(build.stdoutText.suffix(4000))")

        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        let products = scratch.appendingPathComponent("debug")
        let shown = try run(products.appendingPathComponent("Listing"), [], environment: environment, directory: folder)
        try #require(shown.status == 0, "\(shown.stderr)")

        // The peer: the command line's dump of the same chapter, reader on, at the same offset (default width 390
        // and viewport height 844, as the session's defaults).
        var quiet = environment
        quiet["ACCESSIBLE"] = nil
        let dump = try run(
            interlinearBinary, ["a11y", "John 1", "--screen-reader", "on", "--scroll", "600"],
            environment: quiet, directory: packageRoot)
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        var expected: [String: [Double]] = [:]
        for node in nodes where node["offscreen"] as? Bool == false {
            // Element nodes only: the chapter (John.1) and verse containers (John.1.3) are not elements.
            guard let id = node["nodeId"] as? String, id.split(separator: ".").count > 3,
                let bounds = node["bounds"] as? [String: Double]
            else { continue }
            expected[id] = ["x", "y", "width", "height"].map { bounds[$0] ?? .nan }
        }
        var listed: [String: [Double]] = [:]
        for line in shown.stdoutText.split(separator: "\n") {
            let fields = line.split(separator: " ")
            try #require(fields.count >= 6, "a line of the listing: \(line)")
            listed[String(fields[0])] = fields.suffix(4).compactMap { Double($0) }
        }
        #expect(!expected.isEmpty)
        #expect(Set(listed.keys) == Set(expected.keys))
        for (id, frame) in expected {
            let mine = listed[id] ?? []
            #expect(
                mine.count == 4 && zip(mine, frame).allSatisfy { abs($0 - $1) < 0.01 }, "\(id): \(mine) vs \(frame)")
        }

        // The whole article as one program: each of its claims printed, checked here.
        let told = try run(products.appendingPathComponent("Article"), [], environment: environment, directory: folder)
        try #require(told.status == 0, "\(told.stderr)")
        let text = told.stdoutText
        #expect(text.contains("reader off, elements at 600: 0 containers built: 0"), "\(text)")
        #expect(text.contains("same as from the start: true"), "\(text)")
        #expect(text.contains("verse 3, word 1 moved by: 100.0"), "\(text)")

        try Self.typesetsGenesisFromTheUsersStore(products.appendingPathComponent("Genesis"), in: folder)
        try Self.listsTheNodesTheCommandLineDumps(products.appendingPathComponent("Nodes"), store: store, in: folder)
    }

    /// Runs the node article's program (John 1 scrolled 900 points down: each node on screen with its frame,
    /// children count and name) and compares it with `interlinear a11y` at the same offset: the same element
    /// nodes on screen, with the same bounds, the same number of children and the same names.
    static func listsTheNodesTheCommandLineDumps(_ program: URL, store: URL, in folder: URL) throws {
        var environment = testEnvironment
        environment["INTERLINEAR_DATA"] = store.path
        let shown = try run(program, [], environment: environment, directory: folder)
        try #require(shown.status == 0, "\(shown.stderr)")
        var quiet = environment
        quiet["ACCESSIBLE"] = nil
        let dump = try run(
            interlinearBinary, ["a11y", "John 1", "--screen-reader", "on", "--scroll", "900"],
            environment: quiet, directory: packageRoot)
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        var expected: [String: (bounds: [Double], children: Int, name: String)] = [:]
        for node in try #require(json["nodes"] as? [[String: Any]]) where node["offscreen"] as? Bool == false {
            // Element nodes only: the chapter (John.1) and verse containers (John.1.3) are not elements.
            guard let id = node["nodeId"] as? String, id.split(separator: ".").count > 3,
                let bounds = node["bounds"] as? [String: Double], let name = node["name"] as? String
            else { continue }
            let children = (node["childIds"] as? [String])?.count ?? 0
            expected[id] = (["x", "y", "width", "height"].map { bounds[$0] ?? .nan }, children, name)
        }
        var listed: [String: (bounds: [Double], children: Int, name: String)] = [:]
        for line in shown.stdoutText.split(separator: "\n") {
            // id x y width height children name (the name may hold spaces, so it comes last)
            let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
            try #require(fields.count == 7, "a line of the node listing: \(line)")
            listed[String(fields[0])] = (
                fields[1...4].compactMap { Double($0) }, Int(fields[5]) ?? -1, String(fields[6])
            )
        }
        #expect(!expected.isEmpty)
        #expect(Set(listed.keys) == Set(expected.keys))
        #expect(listed.values.contains { $0.children > 0 }, "no translation group on screen")
        for (id, peer) in expected {
            let mine = try #require(listed[id], "\(id) not listed")
            #expect(mine.bounds.count == 4 && zip(mine.bounds, peer.bounds).allSatisfy { abs($0 - $1) < 0.01 }, "\(id)")
            #expect(mine.children == peer.children && mine.name == peer.name, "\(id): \(mine) vs \(peer)")
        }
    }

    /// A consumer that names no store: `Interlinear()` opens the user's, as the command-line tool does.
    static let genesisProgram = """
        import Interlinear

        let session = try Interlinear()
        // With its words' morphemes, which a chapter for showing leaves in the store.
        let chapter = try session.chapters([ChapterReference(parsing: "Genesis 1")!], morphemes: true)[0]
        let layout = session.layout(chapter)
        print("language:", chapter.language.rawValue, "verses:", chapter.verses.count, "words:", chapter.words.count,
              "morphemes:", chapter.morphemes.count, "labels:", layout.labels.count)
        print("first word:", chapter.text(chapter.words.first!.surface))

        """

    /// Runs `program` (`genesisProgram`) with none of our environment variables, its HOME a scratch home whose
    /// default store (`~/.local/share/interlinear/interlinear.sqlite`, `StoreLocation`) the command-line tool
    /// imported Genesis 1 into. What it prints is compared with the source (WLC-LEB.tsv: verses, words and
    /// morphemes counted from the identifiers, the first word spelled from its morphemes) and with the command line's
    /// `typeset` of the same store (labels).
    static func typesetsGenesisFromTheUsersStore(_ program: URL, in folder: URL) throws {
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INTERLINEAR_") }
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = home.path
        // The import reads the downloaded sources where they are (the scratch home has none); the consumer gets
        // no variable of ours.
        var importing = environment
        importing["INTERLINEAR_SOURCES"] = SourceData.defaultDirectory().path
        importing["INTERLINEAR_HEBREW_SOURCES"] = SourceData.hebrewDirectory().path
        importing["INTERLINEAR_CACHE"] = testEnvironment["INTERLINEAR_CACHE"]
        let imported = try run(interlinearBinary, ["import", "Genesis 1"], environment: importing, directory: folder)
        try #require(imported.status == 0, "\(imported.stderr)")
        let store = home.appendingPathComponent(".local/share/interlinear/interlinear.sqlite")
        try #require(FileManager.default.fileExists(atPath: store.path), "the import wrote no store at \(store.path)")

        let shown = try run(program, [], environment: environment, directory: folder)
        try #require(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdoutText.split(separator: "\n")
        try #require(lines.count == 2, "\(shown.stdoutText)")
        var told: [String: Int] = [:]
        let fields = lines[0].split(separator: " ")
        for (name, value) in zip(fields, fields.dropFirst()) where name.hasSuffix(":") {
            told[String(name)] = Int(value)
        }

        // The source: rows BBCCCVVVWWWM (book, chapter, verse, word, morpheme); the surface is alt-id before "-".
        let data = try Data(contentsOf: SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile))
        var verses = Set<Substring>(), words = Set<Substring>(), morphemes = 0, first = ""
        // Lines end in CRLF, which is one Character: split at either.
        for line in String(decoding: data.prefix(400_000), as: UTF8.self).split(whereSeparator: \.isNewline) {
            let row = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard row.count > 1, row[0].hasPrefix("01001"), row[0].count == 12 else { continue }
            verses.insert(row[0].prefix(8))
            words.insert(row[0].prefix(11))
            morphemes += 1
            if row[0].prefix(11) == "01001001001" { first += row[1][..<row[1].lastIndex(of: "-")!] }
        }
        #expect(morphemes == 690)  // read from the start of the file: Genesis 1 is there whole
        #expect(fields.prefix(2) == ["language:", "hbo"])
        #expect(
            told["verses:"] == verses.count && told["words:"] == words.count && told["morphemes:"] == morphemes,
            "\(lines[0]) vs \(verses.count) verses, \(words.count) words, \(morphemes) morphemes")
        #expect(lines[1] == "first word: " + first.precomposedStringWithCanonicalMapping)

        // The peer: the command line's typeset of the same store counts the same labels.
        var peer = testEnvironment
        peer["INTERLINEAR_DATA"] = store.path
        let typeset = try run(interlinearBinary, ["typeset", "Genesis 1"], environment: peer, directory: folder)
        try #require(typeset.status == 0, "\(typeset.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: typeset.stdout) as? [String: Any])
        #expect(told["labels:"] == json["labelCount"] as? Int && (told["labels:"] ?? 0) > 0)
    }
}
