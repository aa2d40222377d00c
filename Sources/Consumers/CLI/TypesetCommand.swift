import ArgumentParser
import Foundation

/// `interlinear typeset REF`: the layout as JSON (schema `Schemas/layout-2.schema.json`).
struct TypesetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typeset", abstract: "Typeset a chapter and write its labels as JSON (interlinear.layout/2).")

    @OptionGroup var layout: LayoutArguments

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout)
            try emit(try LayoutDocument.encoded(chapter: engine.chapter, layout: engine.layout(), font: layout.font),
                     to: output)
            engine.saveCaches()
        }
    }
}
