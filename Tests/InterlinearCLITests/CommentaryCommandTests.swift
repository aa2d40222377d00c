import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// `interlinear commentary` (issue 43) against diatheke, SWORD's own front end: for 50 verses across both testaments
/// and Debian's three commentaries, the text interlinear gives is what diatheke prints for the same key with its
/// markup removed here; the text output, every commentator's paragraphs too, holds nothing a voice spells, its
/// English sent to espeak-ng's English voice and the Latin it quotes to the Latin one, as the JSON's runs say;
/// the JSON follows its schema.
@Suite struct CommentaryCommandTests {
    static let modules = ["MHCC", "Scofield", "TDavid"]

    static var installed: Bool {
        modules.allSatisfy {
            FileManager.default.fileExists(atPath: "/usr/share/sword/mods.d/\($0.lowercased()).conf")
        }
    }

    /// A SWORD library folder for diatheke with Debian's three commentaries, their data linked, not copied. MHCC's
    /// `.conf` says `ModDrv=zCom4`, but its verse indexes are whole 10-byte entries (zCom's; zCom4's are 12 bytes),
    /// so diatheke given Debian's file prints John 12:44–50's comment under John 1:1; its copy here names zCom.
    static let library: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-comm-\(getpid())")
        let mods = folder.appendingPathComponent("mods.d")
        try? FileManager.default.createDirectory(at: mods, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("modules").path, withDestinationPath: "/usr/share/sword/modules")
        for module in modules {
            let name = module.lowercased() + ".conf"
            var conf = (try? String(contentsOfFile: "/usr/share/sword/mods.d/\(name)", encoding: .utf8)) ?? ""
            if module == "MHCC" { conf = conf.replacingOccurrences(of: "ModDrv=zCom4", with: "ModDrv=zCom") }
            try? conf.write(to: mods.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }()

    static var diathekeEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWORD_PATH"] = library.path
        environment["HOME"] = library.path  // no ~/.sword modules mixed in
        return environment
    }

    /// What diatheke prints for `key` of `module` with `options`, without the "Key: " it starts with and the
    /// "(Module)" it ends with; nil when it printed another key than `expectedKey`.
    static func diatheke(_ module: String, _ key: String, options: [String], expectedKey: String) throws -> String? {
        let program = try #require(SystemTool.find("diatheke"))
        let result = try run(program, ["-b", module] + options + ["-k", key], environment: diathekeEnvironment)
        #expect(result.status == 0, "diatheke \(module) \(key): \(result.stderr)")
        var output = result.stdoutText
        guard output.hasPrefix(expectedKey + ": ") else { return nil }
        output.removeFirst(expectedKey.count + 2)
        if let trailer = output.range(of: "(\(module))", options: .backwards) {
            output.removeSubrange(trailer.lowerBound...)
        }
        return output
    }

    /// Markup removed as a reader of the markup would: every tag, then the five XML entities.
    static func withoutMarkup(_ markup: String) -> String {
        var text = markup.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Text compared without its white space (where a paragraph or a table cell ends is markup, so one side may
    /// put a space where the other puts none) and without control characters (a few of Spurgeon's entries hold
    /// stray C1 bytes, which are no text).
    static func normalised(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    !$0.properties.isWhitespace && $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value)
                        && $0.value != 0xFEFF && $0.value != 0xA0 && $0.value != 0x202F
                }))
    }

    /// 50 verses: 20 of MHCC and 20 of Scofield from both testaments, 10 of TDavid from the Psalms, drawn with a
    /// fixed seed (verses 1–3 of a chapter, which every chapter has but Psalm 117, of 2), with the issue's own.
    static func sample() -> [(module: String, reference: String)] {
        var generator = SplitMix64(seed: 43)
        var picked: [(String, String)] = [("MHCC", "John 1:1"), ("Scofield", "John 1:1"), ("TDavid", "Psalms 23:1")]
        func draw(_ module: String, count: Int, books: [Book]) {
            var drawn = 0
            while drawn < count {
                let book = books[Int.random(in: 0..<books.count, using: &generator)]
                let chapter = Int.random(in: 1...book.chapterCount, using: &generator)
                let last = book.osis == "Ps" && chapter == 117 ? 2 : 3
                let verse = Int.random(in: 1...last, using: &generator)
                picked.append((module, "\(book.name) \(chapter):\(verse)"))
                drawn += 1
            }
        }
        draw("MHCC", count: 9, books: Book.oldTestament)
        draw("MHCC", count: 10, books: Book.newTestament)
        draw("Scofield", count: 10, books: Book.oldTestament)
        draw("Scofield", count: 9, books: Book.newTestament)
        draw("TDavid", count: 9, books: Book.oldTestament.filter { $0.osis == "Ps" })
        return picked
    }

    struct Run: Decodable {
        let language: String
        let text: String
    }

    struct Comment: Decodable {
        let module: String
        let key: String
        let paragraphs: [String]
        let spoken: [String]
        let spokenRuns: [[Run]]
    }

    struct Document: Decodable {
        let comments: [Comment]
    }

    @Test(
        .enabled(
            if: installed,
            "the commentaries are not installed (sword-comm-mhcc, sword-comm-scofield, sword-comm-tdavid: scripts/setup)"
        ),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        .enabled(if: SystemTool.required("espeak-ng"), SystemTool.reason("espeak-ng", package: "espeak-ng")),
        // Without WORDS or the English list no Latin is found, and the English voice would spell TDavid's "est".
        .enabled(
            if: SystemTool.required("whitakers-words"),
            SystemTool.reason("whitakers-words", package: "whitakers-words")),
        .enabled(
            if: SystemTool.isCI || FileManager.default.fileExists(atPath: "/usr/share/dict/american-english"),
            "the English word list is not installed (apt-get install wamerican, or run scripts/setup)"))
    func commentsAreDiathekesTextWithoutMarkup() throws {
        let sample = Self.sample()
        #expect(sample.count == 50)
        var compared = 0, withText = 0
        var utterances: [(String, String, voice: String)] = []
        var latinRuns: [String] = []
        for (module, reference) in sample {
            let json = try interlinear("commentary", reference, "--module", module, "--json")
            try #require(json.status == 0, "\(module) \(reference): \(json.stderr)")
            #expect(try schemaViolation(json.stdout, schema: "commentary-2") == nil, "\(module) \(reference)")
            let comment = try #require(try JSONDecoder().decode(Document.self, from: json.stdout).comments.first)
            #expect(comment.module == module)
            guard
                let raw = try Self.diatheke(module, reference, options: [], expectedKey: comment.key),
                let plain = try Self.diatheke(module, reference, options: ["-f", "plain"], expectedKey: comment.key)
            else {
                Issue.record("diatheke printed another key than \(comment.key) for \(module) \(reference)")
                continue
            }
            let ours = Self.normalised(comment.paragraphs.joined(separator: " "))
            #expect(ours == Self.normalised(Self.withoutMarkup(raw)), "\(module) \(reference) (\(comment.key))")
            // diatheke's plain filter marks bold text with asterisks: compared without any asterisk.
            #expect(
                ours.filter { $0 != "*" } == Self.normalised(plain).filter { $0 != "*" },
                "\(module) \(reference): diatheke -f plain")
            compared += 1
            if !comment.paragraphs.isEmpty { withText += 1 }
            let text = try interlinear("commentary", reference, "--module", module)
            #expect(text.status == 0)
            // The heading, then each paragraph as said (`spoken`); or the heading and a line saying there is none.
            #expect(text.stdoutText.hasSuffix("\n"))
            let blocks = String(text.stdoutText.dropLast()).components(separatedBy: "\n\n").filter { !$0.isEmpty }
            #expect(blocks.count == max(1, comment.paragraphs.count + 1), "\(module) \(reference)")
            #expect(Array(blocks.dropFirst()) == comment.spoken, "\(module) \(reference)")
            // Every block is checked, of the three commentaries alike: the heading or the line saying none through
            // the English voice, and each paragraph as said, run by run, each run through its own voice (the
            // commentator's abbreviations, "D.D.", "A.D.", "Mt 5:3", "ch. 21:22", and the initials Spurgeon's
            // quoted authors sign with, "C.H.S.", "B.D.", in words; the Latin he quotes through the Latin voice).
            utterances.append(("\(module) \(reference)", blocks[0], "en-us"))
            #expect(comment.spokenRuns.count == comment.paragraphs.count, "\(module) \(reference)")
            for (runs, spoken) in zip(comment.spokenRuns, comment.spoken) {
                #expect(runs.map(\.text).joined() == spoken, "\(module) \(reference): runs are the paragraph")
                for run in runs {
                    #expect(["en", "la"].contains(run.language), "\(module) \(reference): \(run.language)")
                    utterances.append(("\(module) \(reference)", run.text, run.language == "la" ? "la" : "en-us"))
                    if run.language == "la" { latinRuns.append(run.text) }
                }
            }
        }
        #expect(compared == 50)
        // A commentary files a passage's comment under its first verse; 27 of these 50 verses open one.
        #expect(withText >= 25, "\(withText) of the sampled verses have a comment")
        var spelled: [String] = []
        for name in ["en-us", "la"] {
            let voice = try EnglishVoice(voice: name)
            let mine = utterances.filter { $0.voice == name }
            // espeak says the French article "le" ("Thomas Le Blanc", whom Spurgeon quotes often) as "luh" followed
            // by the same pause mark it writes after a character's name ("l@_|"): a word said, not a letter spelled.
            let said = try voice.phonemes(mine.map(\.1)).map { lines in
                lines.map {
                    $0.replacingOccurrences(of: "l'@_|", with: "l@").replacingOccurrences(of: "l@_|", with: "l@")
                }
            }
            // espeak joins letters said in one breath with ";" ("ch." is "s,i:;'eItS"): a word break for the check.
            spelled += zip(mine, said).filter { _, lines in
                voice.isSpelled(lines.map { $0.replacingOccurrences(of: ";", with: " ") })
            }.map { "\(name) \($0.0.0): \($0.0.1.prefix(80))" }
        }
        #expect(utterances.count >= 50 + withText, "every heading is checked, and every paragraph")
        #expect(spelled.isEmpty, "spelled: \(spelled)")
        // Spurgeon quotes Latin in these verses (Psalm 45:5, Jerome: "totus orbis vulneratus et captus est"); each
        // run sent to the Latin voice holds a word the English word list (wamerican) does not have.
        #expect(!latinRuns.isEmpty, "no Latin found in the sample")
        let english = try Self.englishWords()
        for run in latinRuns {
            let words = run.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
            #expect(words.contains { !english.contains($0) }, "a Latin run of English words: \(run)")
        }
    }

    /// The English word list the product reads (`wamerican`), in small letters.
    static func englishWords() throws -> Set<String> {
        let list = try String(contentsOfFile: "/usr/share/dict/american-english", encoding: .utf8)
        return Set(list.split(separator: "\n").map { $0.lowercased() })
    }

    /// Each misprint `CommentaryErrata` corrects is in the module's text as diatheke prints it, once, and what is
    /// said has the correction instead; the printed paragraphs keep the module's text.
    @Test(
        .enabled(if: installed, "the commentaries are not installed (scripts/setup)"),
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: [
            ("Psalms 45:1", "ointment os of the", "ointment is of the"),
            ("Psalms 23:1", "Leni spiritu non durf manu", "Leni spiritu non dura manu"),
            ("Psalms 15:1", "quia et inquitas est, et similatio", "quia et iniquitas est, et simulatio"),
        ])
    func misprintsAreCorrectedForTheListener(reference: String, printed: String, corrected: String) throws {
        let json = try interlinear("commentary", reference, "--module", "TDavid", "--json")
        try #require(json.status == 0, "\(json.stderr)")
        let comment = try #require(try JSONDecoder().decode(Document.self, from: json.stdout).comments.first)
        let raw = try #require(
            try Self.diatheke("TDavid", reference, options: [], expectedKey: comment.key))
        // The module's text with its markup removed, its white space (and where a tag was) as one space.
        let flat = Self.withoutMarkup(raw).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.components(separatedBy: printed).count == 2, "diatheke prints \(printed) once")
        #expect(comment.paragraphs.filter { $0.contains(printed) }.count == 1)
        #expect(!comment.spoken.contains { $0.contains(printed) })
        #expect(comment.spoken.filter { $0.contains(corrected) }.count == 1)
    }

    /// A commentary that quotes Greek: the JSON keeps the script, what is said has none of it.
    @Test(
        .enabled(if: installed, "the commentaries are not installed (scripts/setup)"))
    func greekIsRespelledForTheVoice() throws {
        let json = try interlinear("commentary", "Matthew 16:18", "--module", "Scofield", "--json")
        try #require(json.status == 0, "\(json.stderr)")
        let comment = try #require(try JSONDecoder().decode(Document.self, from: json.stdout).comments.first)
        let greek = { (text: String) in
            text.unicodeScalars.contains {
                (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value)
            }
        }
        #expect(comment.paragraphs.contains(where: greek), "Scofield quotes Greek on Matthew 16:18")
        #expect(!comment.spoken.contains(where: greek))
        let text = try interlinear("commentary", "Matthew 16:18", "--module", "Scofield")
        #expect(!greek(text.stdoutText))
    }

    /// Without any commentary: one line naming the packages, exit 69, nothing on stdout.
    @Test func noCommentaryIsOneLineNamingThePackages() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-nocomm-\(getpid())")
        try FileManager.default.createDirectory(
            at: empty.appendingPathComponent("mods.d"), withIntermediateDirectories: true)
        var environment = testEnvironment
        environment["SWORD_PATH"] = empty.path
        environment["HOME"] = empty.path
        let result = try run(interlinearBinary, ["commentary", "John 1:1"], environment: environment)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("sword-comm-mhcc"))
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// An unknown module is a usage error listing the installed ones; a chapter is not a verse.
    @Test(.enabled(if: installed, "the commentaries are not installed (scripts/setup)"))
    func badValuesAreUsageErrors() throws {
        let unknown = try interlinear("commentary", "John 1:1", "--module", "NoSuch")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("MHCC"))
        #expect(unknown.stdout.isEmpty)
        let chapter = try interlinear("commentary", "John 1")
        #expect(chapter.status == 64)
        #expect(chapter.stdout.isEmpty)
    }
}
