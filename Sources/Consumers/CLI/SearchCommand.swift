import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore

/// `interlinear search QUERY`: Bible-wide search by lemma, Strong's number, morphology or translation text.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", _superCommandName: InterlinearCommand.name,
        abstract: "Search the whole corpus by lemma, Strong's number, morphology or translation text.",
        discussion: """
            Greek is matched without accents, breathings or case; a lemma finds every inflected form. Without a \
            flag the query says what it is: G3056 is a Strong's number, V-AAI-3S a morphology code, "aorist \
            active indicative" morphology in words, Greek a lemma or a form, anything else translation text. \
            JSON follows Schemas/search-1.schema.json (interlinear.search/1).
            """)

    @Argument(help: "What to find: λόγος, G3056, V-AAI-3S, \"aorist active indicative\", \"grace\".")
    var query: String

    @Flag(help: "Match the query as a lemma (every inflected form).") var lemma = false
    @Flag(help: "Match the query as a Strong's number (G3056, 3056).") var strongs = false
    @Flag(help: "Match the query as morphology: a code (V-AAI-3S, V-AAI-*) or words.") var morph = false
    @Flag(help: "Match the query in the translation text (full-text; love* is a prefix).") var text = false

    @Option(name: .customLong("in"), help: "Where: a book (John, Rom), nt, ot or bible (default).")
    var scope: String = "bible"

    @Option(parsing: .unconditional, help: "Results to list (the counts are always complete).")
    var limit: Int = 50

    @Flag(help: "Print JSON (interlinear.search/1) instead of text.")
    var json = false

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    func validate() throws {
        if [lemma, strongs, morph, text].filter({ $0 }).count > 1 {
            throw ValidationError("choose at most one of --lemma, --strongs, --morph, --text")
        }
        guard (0...1_000_000).contains(limit) else { throw ValidationError("--limit must be between 0 and 1000000, got \(limit)") }
        guard SearchScope(parsing: scope) != nil else {
            throw ValidationError("--in must be a New Testament book, nt, ot or bible, got '\(scope)'")
        }
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the query is empty") }
    }

    func run() throws {
        try reportingFailures {
            let kind: SearchQuery.Kind? = lemma ? .lemma : strongs ? .strongs : morph ? .morph : text ? .text : nil
            guard let where_ = SearchScope(parsing: scope) else { throw Failure("--in: unknown scope '\(scope)'") }
            let library = try ChapterLibrary.open(corpus: corpus)
            guard let store = library.store else {
                throw Failure(.noInput, "search reads the corpus store, and there is none at \(library.storeURL.path) yet; run `interlinear import` to build it")
            }
            let result = try StoreSearch(store: store).run(SearchQuery(text: query, kind: kind, scope: where_, limit: limit))
            let document = SearchDocument(result)
            if json {
                try emit(try document.encoded(), to: nil)
            } else {
                try emit(Array(document.text.utf8), to: nil)
            }
        }
    }
}
