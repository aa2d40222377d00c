import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearNotes
import InterlinearStore

/// `interlinear note …`: the reader's notes, bookmarks and highlights, kept in a notes file of their own beside the
/// store (`NoteBook`), which `import` never touches.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", _superCommandName: InterlinearCommand.name,
        abstract: "Keep notes, bookmarks and highlights on verses and words.",
        discussion: """
            Notes live in notes.sqlite beside the corpus store (or --notes PATH, or $INTERLINEAR_NOTES), a file \
            `interlinear import` never touches. A note is anchored to its verse and word positions, with the words' \
            surfaces kept, so it stays on its words when the store is imported again. `note export` writes \
            interlinear.notes/1 JSON (Schemas/notes-1.schema.json) or Markdown; `note import` reads that JSON back.
            """,
        subcommands: [Add.self, List.self, Edit.self, Delete.self, Export.self, Import.self])

    /// Where the notes file is, and the store its anchors are checked against.
    struct Place: ParsableArguments {
        @Option(help: "The notes file (default: $INTERLINEAR_NOTES, else notes.sqlite beside the corpus store).")
        var notes: String?

        @Option(help: ArgumentHelp(corpusHelp))
        var corpus: String?

        func book() throws -> NoteBook {
            try NoteBook(path: NoteBook.path(explicit: notes, besideStore: StoreLocation.storePath(explicit: corpus)))
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a note (or a bookmark, or a highlight) to a verse or to words of it.",
            discussion: "Example: interlinear note add \"John 1:1\" --word 4 \"the Word: logos\"")

        @Argument(help: "The verse: \"John 1:1\", \"Gen 1:4\" (English numbering is moved to the text's).")
        var reference: String

        @Argument(help: "The note's text (a bookmark or a highlight may have none).")
        var text: String?

        @Option(help: "The word, or words, of the verse: 4, or 4-6 (1 is the verse's first word).")
        var word: String?

        @Option(help: "A label; repeat for more.")
        var label: [String] = []

        @Flag(help: "A bookmark: a place to come back to.")
        var bookmark = false

        @Option(help: "A highlight in this colour: yellow, green, blue or pink.")
        var highlight: String?

        @OptionGroup var place: Place

        func run() throws {
            let color = try highlight.map { name in
                guard let color = HighlightColor(rawValue: name) else {
                    throw ValidationError("unknown colour \(EscapedText.quoted(name)); yellow, green, blue or pink")
                }
                return color
            }
            guard !(bookmark && color != nil) else {
                throw ValidationError("a note is a bookmark or a highlight, not both")
            }
            let kind: NoteKind = color != nil ? .highlight : bookmark ? .bookmark : .note
            let anchor = try NoteAnchoring.anchor(reference, words: word, corpus: place.corpus)
            let now = NoteBook.now()
            let note = Note(
                id: NoteBook.newID(), kind: kind, anchor: anchor, text: text ?? "", labels: label, color: color,
                created: now, modified: now)
            if let problem = NoteLimits.problem(with: note) { throw ValidationError(problem) }
            try place.book().add(note)
            try emit(Array("added \(kind.rawValue) \(note.id) at \(NoteAnchoring.said(anchor))\n".utf8), to: nil)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the notes of a chapter, or all of them.")

        @Argument(help: "A chapter (\"John 1\"); every note when left out.")
        var reference: String?

        @Flag(help: "Print interlinear.notes/1 JSON instead of text.")
        var json = false

        @OptionGroup var place: Place

        func run() throws {
            let chapter = try reference.map { try parseReference($0).chapter }
            let notes = try place.book().notes(in: chapter)
            if json { return try emit(try NoteDocument.json(notes), to: nil) }
            let count = notes.count == 1 ? "1 note" : "\(notes.count) notes"
            var text = (chapter.map { "\(count) in \($0)" } ?? count) + "\n"
            // Each note's words found in the corpus as it is now (one load a chapter); without a corpus, as kept.
            let library = try? ChapterLibrary.open(corpus: place.corpus)
            var loaded: [ChapterReference: Chapter] = [:]
            for note in notes {
                let reference = note.anchor.chapterReference
                if let reference, note.anchor.words != nil, loaded[reference] == nil, reference.exists {
                    loaded[reference] = try? library?.load(
                        Passage(chapter: reference), into: StringTableBuilder(), morphemes: false)
                }
                var shown = note
                if let anchor = note.located(in: reference.flatMap { loaded[$0] }) {
                    shown.anchor = anchor
                    text += NoteAnchoring.line(shown) + "\n"
                } else {
                    text += NoteAnchoring.line(shown) + " (its words are no longer in the verse)\n"
                }
            }
            try emit(Array(text.utf8), to: nil)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a note's text, labels or colour.")

        @Argument(help: "The note's id (or its first 8 or more characters).")
        var id: String

        @Option(help: "The new text.")
        var text: String?

        @Option(help: "A label, replacing the note's labels; repeat for more.")
        var label: [String] = []

        @Flag(help: "Remove every label.")
        var noLabels = false

        @OptionGroup var place: Place

        func run() throws {
            guard text != nil || !label.isEmpty || noLabels else {
                throw ValidationError("give --text, --label or --no-labels: what to change")
            }
            let book = try place.book()
            let note = try book.update(
                id: try NoteAnchoring.id(id, in: book), text: text, labels: noLabels ? [] : label.isEmpty ? nil : label)
            try emit(
                Array("changed \(note.kind.rawValue) \(note.id) at \(NoteAnchoring.said(note.anchor))\n".utf8), to: nil)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a note.")

        @Argument(help: "The note's id (or its first 8 or more characters).")
        var id: String

        @OptionGroup var place: Place

        func run() throws {
            let book = try place.book()
            let note = try book.delete(id: try NoteAnchoring.id(id, in: book))
            try emit(
                Array("deleted \(note.kind.rawValue) \(note.id) at \(NoteAnchoring.said(note.anchor))\n".utf8), to: nil)
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write every note as JSON or Markdown.")

        @Option(help: "json (interlinear.notes/1, which note import reads) or markdown.")
        var format = "json"

        @Option(help: "The file to write (default: standard output).")
        var output: String?

        @OptionGroup var place: Place

        func validate() throws {
            guard ["json", "markdown"].contains(format) else {
                throw ValidationError("unknown format \(EscapedText.quoted(format)); json or markdown")
            }
        }

        func run() throws {
            let notes = try place.book().notes()
            try emit(
                format == "json" ? try NoteDocument.json(notes) : Data(NoteDocument.markdown(notes).utf8), to: output)
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read notes from an interlinear.notes/1 JSON file (note export's).",
            discussion: "A note already kept is replaced only by a copy changed later; the import is all or nothing.")

        @Argument(help: "The JSON file.")
        var file: String

        @OptionGroup var place: Place

        func run() throws {
            let bytes = try BoundedFile.read(file, limit: NoteDocument.maxBytes, what: "a notes document")
            let notes: [Note]
            do {
                notes = try NoteDocument.notes(from: Data(bytes), file: file)
            } catch let error as NoteError {
                throw Failure(.dataError, error.description)
            }
            let imported = try place.book().importing(notes)
            try emit(
                Array("imported \(imported.added) new, \(imported.replaced) replaced, \(imported.kept) kept\n".utf8),
                to: nil)
        }
    }
}
