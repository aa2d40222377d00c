import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword
import InterlinearWording

/// `interlinear topics "John 1:1"` (the topics of Nave's Topical Bible that cite a verse) and `interlinear topics
/// --topic WORD` (the verses a topic cites), from the index `interlinear import` builds from SWORD's Nave module.
struct TopicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topics", _superCommandName: InterlinearCommand.name,
        abstract: "Show the topics of Nave's Topical Bible that cite a verse, or a topic's verses.",
        discussion: """
            The topics come from SWORD's Nave module (Debian: sword-dict-naves; scripts/setup installs it), put \
            into the store by `interlinear import`, in its own (KJV) verse numbering. A topic cites a verse when it \
            names the verse, a range holding it or its whole chapter. The count comes first, then one topic or one \
            reference a line.
            """)

    @Argument(help: "One verse: \"John 1:1\".")
    var reference: String?

    @Option(help: "A topic's name (WORD, \"JESUS, THE CHRIST\"; case does not matter): list the verses it cites.")
    var topic: String?

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    func validate() throws {
        switch (reference, topic) {
        case (nil, nil): throw ValidationError("give a verse (\"John 1:1\") or --topic NAME")
        case (_?, _?): throw ValidationError("give a verse or --topic NAME, not both")
        case (let reference?, nil): _ = try CommentaryRun.verse(reference)
        case (nil, let topic?):
            guard !ValueSyntax.trimmingSpaces(topic[...]).isEmpty, topic.utf8.count <= 200 else {
                throw ValidationError("--topic is empty or longer than 200 bytes")
            }
        }
    }

    func run() throws {
        try reportingFailures {
            let library = try ChapterLibrary.open(corpus: corpus)
            guard let store = library.store, try store.hasTopics() else {
                throw Failure(
                    .noInput,
                    "the corpus store at \(library.storePath) has no topics yet; run `interlinear import` with SWORD's \(TopicalIndex.package) installed (scripts/setup installs it)"
                )
            }
            var lines: [String] = []
            if let topic {
                let name = ValueSyntax.trimmingSpaces(topic[...])
                guard let found = try store.topic(named: name) else {
                    throw Failure(.noInput, "Nave's Topical Bible has no topic \(EscapedText.quoted(name))")
                }
                let references = found.ranges.compactMap(TopicWording.reference)
                lines = [TopicWording.references(references.count, of: found.name)] + references
            } else if let reference {
                let (passage, verse) = try CommentaryRun.verse(reference)
                let key = passage.chapter.book.number * 1_000_000 + passage.chapter.chapter * 1_000 + verse
                let topics = try store.topics(citing: key)
                let said = Passage(chapter: passage.chapter, verses: verse...verse).description
                lines = [TopicWording.citing(topics.count, said)] + topics
            }
            try emit(Data((lines.joined(separator: "\n") + "\n").utf8), to: nil)
        }
    }
}
