import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearWording

/// `interlinear define QUERY…`: the Strong's lexicon entry of a number, a headword or a word of the corpus.
struct DefineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "define", _superCommandName: InterlinearCommand.name,
        abstract: "Show the Strong's dictionary entry of a number, a headword or a word of a verse.",
        discussion: """
            A query is a Strong's number (G3056, H430; H871a is entry H871), a dictionary headword (λόγος, \
            λογος, אלהים), or a word of a verse: "John 1:1 w4" (the fourth word; a Hebrew word gives the entry of \
            each of its morphemes). The entries come from SWORD's StrongsGreek and StrongsHebrew modules, put into \
            the store by `interlinear import`. Each entry comes with its study: how often its words occur in the \
            Bible and in each book, how the BSB renders them (New Testament), the entries its derivation names and \
            the first places (--occurrences: all of them; JSON always lists all). Every query is answered before \
            anything is printed. JSON follows Schemas/define-2.schema.json (interlinear.define/2).
            """)

    @Argument(help: "What to define: G3056, H430, λόγος, \"John 1:1 w4\".")
    var queries: [String]

    @Flag(help: "Print JSON (interlinear.define/2) instead of text.")
    var json = false

    @Flag(help: "List every place the entry's words occur, not the first \(StudyWording.placesListed).")
    var occurrences = false

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    /// The values, without the wrappers: what runs.
    var values: DefineRun { DefineRun(queries: queries, json: json, occurrences: occurrences, corpus: corpus) }

    func validate() throws { try values.validate() }

    func run() throws { try values.run() }
}

/// What `define` does, from plain values: `DefineCommand` runs it, and `ArgumentShortcut` makes it without
/// ArgumentParser's parse (its conformance scans were most of a `define`'s work).
struct DefineRun: CommandRun, Equatable {
    var queries: [String]
    var json = false
    var occurrences = false
    var corpus: String?

    func validate() throws {
        guard !queries.isEmpty else {
            throw ValidationError("give at least one query: G3056, H430, λόγος or \"John 1:1 w4\"")
        }
        for query in queries where ValueSyntax.trimmingSpaces(query[...]).isEmpty {
            throw ValidationError("a query is empty")
        }
        for query in queries {
            if case .word(let reference, _) = DefineQuery(query) { _ = try parseReference(reference) }
        }
    }

    func run() throws {
        try reportingFailures {
            let library = try ChapterLibrary.open(corpus: corpus)
            guard let store = library.store, try store.hasLexicon() else {
                throw Failure(
                    .noInput,
                    "the corpus store at \(library.storePath) has no lexicon yet; run `interlinear import` with SWORD's sword-dict-strongs-greek and sword-dict-strongs-hebrew installed (scripts/setup installs them)"
                )
            }
            let answers = try queries.map { try DefineQuery($0).answer(store: store, library: library) }
            let document = DefineDocument(answers: answers, allPlaces: occurrences)
            // The text as an array of bytes: `Data` from a string's UTF-8 asked at run time whether the view is
            // `ContiguousBytes`, a scan of the binary's conformance records (the `define` benchmark).
            if json {
                try emit(try document.encoded(), to: nil)
            } else {
                try emit(Array(document.text.utf8), to: nil)
            }
        }
    }
}

/// What a `define` query asks for, read from its text.
enum DefineQuery {
    case strongs(String)
    case headword(String)
    /// A verse reference and a 1-based word position: "John 1:1 w4".
    case word(String, Int)

    init(_ text: String) {
        let query = ValueSyntax.trimmingSpaces(text[...])
        if LexiconEntry.key(query) != nil {
            self = .strongs(query)
        } else if let space = query.lastIndex(of: " "), query[query.index(after: space)...].first == "w",
            let position = Int(query[query.index(space, offsetBy: 2)...]), position > 0
        {
            self = .word(String(query[..<space]), position)
        } else {
            self = .headword(query)
        }
    }

    /// The entries the query finds; throws (exit 66) when it finds none, so nothing is printed for a bad query.
    func answer(store: CorpusStore, library: ChapterLibrary) throws -> DefineDocument.Answer {
        switch self {
        case .strongs(let number):
            guard let entry = try store.lexiconEntry(strongs: number) else {
                throw Failure(
                    .noInput,
                    "the lexicon has no entry \(EscapedText.quoted(number)) (Strong's Greek runs to G5624, Hebrew to H8674; the Hebrew data's lettered numbers for prefixes and suffixes, such as H871a bə- \"in\", have none)"
                )
            }
            return .init(
                query: number, kind: "strongs", word: nil, entries: [entry], studies: [try store.study(of: entry)],
                unresolved: [])
        case .headword(let headword):
            let entries = try store.lexiconEntries(headword: headword)
            guard !entries.isEmpty else {
                throw Failure(
                    .noInput,
                    "no lexicon headword is \(EscapedText.quoted(headword)); try a Strong's number (G3056) or a word of a verse (\"John 1:1 w4\")"
                )
            }
            return .init(
                query: headword, kind: "headword", word: nil, entries: entries,
                studies: try entries.map { try store.study(of: $0) }, unresolved: [])
        case .word(let reference, let position):
            let passage = try parseReference(reference)
            guard let verseNumber = passage.verses?.lowerBound, passage.verses?.count == 1 else {
                throw Failure(
                    "\(EscapedText.quoted(reference)) is not one verse; a word is asked for as \"John 1:1 w4\"")
            }
            let chapter = try library.load(passage, into: StringTableBuilder(), morphemes: false)
            guard let verse = chapter.verseIndex(number: verseNumber).map({ chapter.verses[$0] }),
                position <= verse.words.count
            else {
                throw Failure(.noInput, "\(passage) has no word \(position)")
            }
            let word = chapter.words[verse.word(at: WordOffset(UInt16(position - 1)))]
            let strongs = chapter.text(word.strongs)
            var entries: [LexiconEntry] = [], unresolved: [String] = []
            for key in LexiconEntry.numbers(ofWordField: strongs) {
                if let entry = try store.lexiconEntry(strongs: key) {
                    entries.append(entry)
                } else {
                    unresolved.append(key)
                }
            }
            guard !entries.isEmpty else {
                throw Failure(
                    .noInput,
                    "the lexicon has no entry for \(passage) w\(position) (Strong's \(EscapedText.quoted(strongs)))")
            }
            let found = DefineDocument.Word(
                osisRef: "\(passage.chapter.osisID).\(verseNumber)", position: position,
                reference: passage.description, strongs: strongs, surface: chapter.text(word.surface))
            return .init(
                query: "\(passage) w\(position)", kind: "word", word: found, entries: entries,
                studies: try entries.map { try store.study(of: $0) }, unresolved: unresolved)
        }
    }
}
