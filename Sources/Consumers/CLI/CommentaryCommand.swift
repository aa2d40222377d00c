import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSword

/// `interlinear commentary "John 1:1" [--module MHCC]`: what the installed SWORD commentaries say on one verse.
struct CommentaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commentary", _superCommandName: InterlinearCommand.name,
        abstract: "Show what the installed SWORD commentaries say on a verse.",
        discussion: """
            The commentaries are SWORD modules (Debian: sword-comm-mhcc, Matthew Henry's Concise Commentary; \
            sword-comm-scofield, the Scofield Reference Notes; sword-comm-tdavid, Spurgeon's Treasury of David on \
            the Psalms; scripts/setup installs them), read through libsword when asked, in their own (KJV) verse \
            numbering. Text: each commentary under its name, its paragraphs in plain words, Greek and Hebrew \
            respelled for an English voice, the Latin a commentator quotes as printed (found with Debian's \
            whitakers-words and wamerican; --json marks it "la" for a Latin voice). JSON follows \
            Schemas/commentary-2.schema.json (interlinear.commentary/2) and keeps the commentary's own script.
            """)

    @Argument(help: "One verse: \"John 1:1\", \"Ps 23:1\".")
    var reference: String

    @Option(help: "One commentary by its module name (MHCC, Scofield, TDavid); default: every one installed.")
    var module: String?

    @Flag(help: "Print JSON (interlinear.commentary/2) instead of text.")
    var json = false

    func validate() throws { _ = try CommentaryRun.verse(reference) }

    func run() throws {
        try reportingFailures {
            let (passage, verse) = try CommentaryRun.verse(reference)
            let document = try CommentaryRun.document(passage: passage, verse: verse, module: module)
            try emit(json ? try document.encoded() : Data(document.text.utf8), to: nil)
        }
    }
}

/// What `commentary` does.
enum CommentaryRun {
    /// The one verse `text` names, or a usage error.
    static func verse(_ text: String) throws -> (Passage, Int) {
        let passage = try parseReference(text)
        guard let verses = passage.verses, verses.count == 1 else {
            throw ValidationError("\(EscapedText.quoted(text)) is not one verse; give one, as \"John 1:1\"")
        }
        return (passage, verses.lowerBound)
    }

    /// Every installed commentary's comment on the verse, or `module`'s. No commentary installed is exit 69 naming
    /// the packages; an unknown module exit 64 listing the installed ones; a damaged one exit 65.
    static func document(passage: Passage, verse: Int, module: String?) throws -> CommentaryDocument {
        let reader = SwordReader()
        var installed: [SwordCommentary]
        do {
            installed = try SwordCommentary.installed(reader: reader)
        } catch let error as SwordError {
            throw Failure(.unavailable, "commentaries: \(error.description)")
        }
        guard !installed.isEmpty else {
            throw Failure(
                .unavailable,
                "no SWORD commentary is installed; install sword-comm-mhcc, sword-comm-scofield or sword-comm-tdavid (scripts/setup installs them)"
            )
        }
        if let module {
            installed = installed.filter { $0.name.lowercased() == module.lowercased() }
            guard !installed.isEmpty else {
                let names = try SwordCommentary.installed(reader: reader).map(\.name).joined(separator: ", ")
                throw Failure("unknown commentary \(EscapedText.quoted(module)); the installed ones are \(names)")
            }
        }
        let reference = Passage(chapter: passage.chapter, verses: verse...verse).description
        let osisRef = "\(passage.chapter.book.osis).\(passage.chapter.chapter).\(verse)"
        let lexicon = LatinLexicon.installed()
        let comments = try installed.map { commentary in
            let (key, paragraphs) = try commentary.comment(on: osisRef, reader: reader)
            return CommentaryDocument.Comment(
                commentary: commentary, key: key, paragraphs: paragraphs, lexicon: lexicon)
        }
        return CommentaryDocument(reference: reference, osisRef: osisRef, comments: comments)
    }
}
