import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearTypesetting

/// `interlinear typeset REF`: the layout as JSON (schema `Schemas/layout-1.schema.json`).
struct TypesetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typeset", abstract: "Typeset a chapter and write its labels as JSON (interlinear.layout/1).")

    @OptionGroup var layout: LayoutArguments

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    func run() throws {
        try reportingFailures {
            let options = try layout.layoutOptions()
            let engine = try Engine(layout)
            let result = engine.typesetter.layout(engine.chapter, options: options)
            let document = LayoutDocument(chapter: engine.chapter, layout: result, font: layout.font)
            try emit(try document.encoded(), to: output)
        }
    }
}
