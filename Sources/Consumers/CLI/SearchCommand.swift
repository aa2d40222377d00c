import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore

/// `interlinear search QUERY`: Bible-wide search by lemma, Strong's number, morphology or translation text.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", _superCommandName: InterlinearCommand.name,
        abstract: "Search the whole Bible by lemma, form, Strong's number, morphology or translation text.",
        discussion: """
            Greek is matched without accents, breathings or case, Hebrew without points or cantillation; a lemma \
            finds every inflected form. Without a flag the query says what it is: G3056 or H430 is a Strong's \
            number (a bare 430 is Hebrew with --in ot), V-AAI-3S a morphology code, "aorist active indicative" \
            morphology in words, Greek or Hebrew a lemma or a form, anything else translation text: words ANDed, \
            love* a prefix, "an exact phrase", AND, OR, NOT, NEAR(grace truth, 5). Criteria combine: \
            'lemma:λόγος morph:N-A*' (one word meets both), 'strongs:H430 text:create*' (the word's verse has \
            the text). JSON follows Schemas/search-3.schema.json (interlinear.search/3).
            """)

    @Argument(
        help: "What to find: λόγος, אֱלֹהִים, G3056, H430, V-AAI-3S, \"in the beginning\", 'lemma:λόγος morph:N-A*'.")
    var query: String

    @Flag(help: "Match the query as a lemma (every inflected form).") var lemma = false
    @Flag(help: "Match the query as a Strong's number (G3056, H430, H871a, 3056).") var strongs = false
    @Flag(help: "Match the query as morphology: a code (V-AAI-3S, V-AAI-*) or words.") var morph = false
    @Flag(help: "Match the query in the translation text (full-text; love* is a prefix).") var text = false

    @Option(name: .customLong("in"), help: "Where: a book (John, Gen), books (Gen-Deut), nt, ot or bible (default).")
    var scope: String = "bible"

    @Option(parsing: .unconditional, help: "Results to list (the counts are always complete).")
    var limit: Int = 50

    @Flag(help: "Print JSON (interlinear.search/3) instead of text.")
    var json = false

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    /// The values, without the wrappers: what runs.
    var values: SearchRun {
        SearchRun(
            query: query, lemma: lemma, strongs: strongs, morph: morph, text: text, scope: scope, limit: limit,
            json: json, corpus: corpus)
    }

    func validate() throws { try values.validate() }

    func run() throws { try values.run() }
}

/// What `search` does, from plain values: `SearchCommand` runs it, and `ArgumentShortcut` makes it without
/// ArgumentParser's parse (its conformance scans were half of a `search`'s work).
struct SearchRun: CommandRun, Equatable {
    var query: String
    var lemma = false, strongs = false, morph = false, text = false
    var scope = "bible"
    var limit = 50
    var json = false
    var corpus: String?

    func validate() throws {
        if [lemma, strongs, morph, text].filter({ $0 }).count > 1 {
            throw ValidationError("choose at most one of --lemma, --strongs, --morph, --text")
        }
        guard (0...1_000_000).contains(limit) else {
            throw ValidationError("--limit must be between 0 and 1000000, got \(limit)")
        }
        guard SearchScope(parsing: scope) != nil else {
            throw ValidationError(
                "--in must be a book (John, Gen), two books joined by a hyphen (Gen-Deut), nt, ot or bible, got '\(scope)'"
            )
        }
        guard !ValueSyntax.trimmingSpaces(query[...]).isEmpty else { throw ValidationError("the query is empty") }
    }

    func run() throws {
        try reportingFailures {
            let kind: SearchQuery.Kind? = lemma ? .lemma : strongs ? .strongs : morph ? .morph : text ? .text : nil
            guard let where_ = SearchScope(parsing: scope) else { throw Failure("--in: unknown scope '\(scope)'") }
            let library = try ChapterLibrary.open(corpus: corpus)
            guard let store = library.store else {
                throw Failure(
                    .noInput,
                    "search reads the corpus store, and there is none at \(library.storePath) yet; run `interlinear import` to build it"
                )
            }
            let result = try StoreSearch(store: store).run(
                SearchQuery(text: query, kind: kind, scope: where_, limit: limit))
            let document = try SearchDocument(result, englishVerse: store.englishVerse(hebrew:))
            if json {
                try emit(try document.encoded(), to: nil)
            } else {
                try emit(document.textBytes, to: nil)
            }
        }
    }
}
