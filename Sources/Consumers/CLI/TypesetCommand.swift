import ArgumentParser
import Foundation
import InterlinearCorpus

/// `interlinear typeset REF`: the layout as JSON (schema `Schemas/layout-4.schema.json`).
struct TypesetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typeset", _superCommandName: InterlinearCommand.name,
        abstract: "Typeset a chapter and write its labels as JSON (interlinear.layout/4).")

    @OptionGroup var layout: LayoutArguments

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    @Option(help: ArgumentHelp(WordOrder.help))
    var order: WordOrder = .source

    /// The values, without the wrappers: what runs.
    var values: TypesetRun {
        var request = layout.request
        request.settings.order = order
        // Validated: the reference names a passage.
        return TypesetRun(layout: request, output: output, passage: try? parseReference(request.reference))
    }

    func run() throws { try values.run() }
}

/// What `typeset` does, from plain values: `TypesetCommand` runs it, and `ArgumentShortcut` makes it without
/// ArgumentParser's wrappers (`LayoutValues` says why).
struct TypesetRun: CommandRun, Equatable {
    var layout: LayoutRequest
    var output: String?
    /// The passage `layout.reference` names, as the checks before the run parsed it (nil: the engine parses it).
    var passage: Passage?

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout, passage: passage)
            let chapterLayout = engine.layout()
            try emit(
                try LayoutDocument.encoded(chapter: engine.chapter, layout: chapterLayout, font: layout.font),
                to: output)
            engine.saveCaches()
            ProcessEnd.keep(engine, chapterLayout)
        }
    }
}
