import ArgumentParser
import InterlinearCorpus

/// The everyday commands — `typeset`, `a11y`, `read`, `render` with a reference and their own options, `export`
/// with its references, `define` and `search` with theirs — read without ArgumentParser's parse. That parse
/// reflects over every property wrapper of the command and casts values to its protocols, and each first cast makes
/// the Swift runtime scan every protocol conformance record of the binary: most of a warm `typeset "John 1"` or a
/// `define` before this (benchmarks `typeset-warm`, `define` and `export-epub-warm` in Benchmarks/Thresholds;
/// docs/performance.md). Here each value is
/// converted by its own `ExpressibleByArgument` conformance and validated by the same `validate()`s: `typeset`,
/// `define` and `search` into plain values (`TypesetRun`, `DefineRun`, `SearchRun`: even making the wrappers costs
/// conformance scans), the others into their commands' property wrappers. Either way the result is what
/// ArgumentParser's parse gives (`SubcommandParseTests` compares both, value by value).
///
/// Anything outside the simple grammar gives nil and goes to ArgumentParser, which then words every message and
/// exit code as before: an unknown option, a value that does not convert or fails validation, an option given
/// twice, a value that begins with "-", `--`, help, the version, a missing or second reference.
enum ArgumentShortcut {
    /// The command `arguments` (after the program name) make, or nil when ArgumentParser must parse them.
    static func command(_ arguments: [String]) -> (any CommandRun)? {
        guard let name = arguments.first, !arguments.contains(where: InterlinearCommand.answeredByRoot) else {
            return nil
        }
        let rest = arguments.dropFirst()
        let parsed: (any ParsableCommand)?
        switch name {
        case "typeset": return typeset(rest)
        case "define": return define(rest)
        case "search": return search(rest)
        case "a11y": parsed = a11y(rest)
        case "read": parsed = read(rest)
        case "render": parsed = render(rest)
        case "export": parsed = export(rest)
        default: return nil
        }
        return parsed.map { ParsedCommand(command: $0) }
    }

    /// `typeset`'s values, without ArgumentParser's wrappers at all (`LayoutValues` says why).
    private static func typeset(_ arguments: ArraySlice<String>) -> TypesetRun? {
        guard var scan = Scan(arguments, flags: layoutFlags) else { return nil }
        var run = TypesetRun(layout: scan.request(), output: scan.optional("output"))
        run.layout.settings.order = scan.value("order", .source)
        // The passage the checks parsed goes with the run: the engine does not parse it again.
        guard let passage = scan.finish(run.layout) else { return nil }
        run.passage = passage
        return run
    }

    /// `define`'s values, without ArgumentParser's wrappers.
    private static func define(_ arguments: ArraySlice<String>) -> DefineRun? {
        guard var scan = Scan(arguments, flags: ["json", "occurrences"]) else { return nil }
        let run = DefineRun(
            queries: scan.takePositionals(), json: scan.flag("json"), occurrences: scan.flag("occurrences"),
            corpus: scan.optional("corpus"))
        return scan.finish(run)
    }

    /// `search`'s values, without ArgumentParser's wrappers.
    private static func search(_ arguments: ArraySlice<String>) -> SearchRun? {
        guard var scan = Scan(arguments, flags: ["lemma", "strongs", "morph", "text", "json"]) else { return nil }
        let queries = scan.takePositionals()
        guard queries.count == 1 else { return nil }
        var run = SearchRun(query: queries[0])
        run.lemma = scan.flag("lemma")
        run.strongs = scan.flag("strongs")
        run.morph = scan.flag("morph")
        run.text = scan.flag("text")
        run.scope = scan.value("in", run.scope)
        run.limit = scan.value("limit", run.limit)
        run.json = scan.flag("json")
        run.corpus = scan.optional("corpus")
        return scan.finish(run)
    }

    private static func a11y(_ arguments: ArraySlice<String>) -> A11yCommand? {
        guard var scan = Scan(arguments, flags: layoutFlags + ["all", "toggle-late"]) else { return nil }
        var command = A11yCommand()
        command.layout = scan.layout()
        command.order = scan.value("order", .source)
        command.viewport = scan.optional("viewport")
        command.scroll = scan.value("scroll", 0)
        command.screenReader = scan.optional("screen-reader")
        command.granularity = scan.value("granularity", .word)
        command.all = scan.flag("all")
        command.hitTest = scan.optional("hit-test")
        command.from = scan.optional("from")
        command.move = scan.optional("move")
        command.count = scan.value("count", 1)
        command.note = scan.array("note")
        command.toggleLate = scan.flag("toggle-late")
        command.output = scan.optional("output")
        return scan.finish(command, layout: command.layout)
    }

    private static func read(_ arguments: ArraySlice<String>) -> ReadCommand? {
        let flags = layoutFlags + ["screen-reader", "speak", "original", "greek", "braille"]
        guard var scan = Scan(arguments, flags: flags) else { return nil }
        var command = ReadCommand()
        command.layout = scan.layout()
        command.screenReader = scan.flag("screen-reader")
        command.speak = scan.flag("speak")
        command.verbosity = scan.value("verbosity", .normal)
        // Two names of one flag: both given is left to ArgumentParser.
        let original = scan.flag("original"), greek = scan.flag("greek")
        if original && greek { return nil }
        command.original = original || greek
        command.braille = scan.flag("braille")
        command.hebrewCode = scan.value("hebrew-code", .ihbc)
        command.order = scan.value("order", .source)
        return scan.finish(command, layout: command.layout)
    }

    private static func render(_ arguments: ArraySlice<String>) -> RenderCommand? {
        guard var scan = Scan(arguments, flags: layoutFlags) else { return nil }
        var command = RenderCommand()
        // One reference, which may name a book (checked by the command's `validate`, not as one chapter).
        let references = scan.takePositionals()
        guard references.count == 1 else { return nil }
        command.reference = references[0]
        let settings = scan.settings()
        command.settings = .holding(settings)
        command.chosenFormat = scan.optional("format")
        command.scale = scan.value("scale", 2)
        command.paper = scan.value("paper", .a4)
        command.from = scan.optional("from")
        command.to = scan.optional("to")
        command.overlay = scan.optional("overlay")
        command.output = scan.optional("output")
        command.order = scan.value("order", .source)
        return scan.finish(command, settings: settings)
    }

    private static func export(_ arguments: ArraySlice<String>) -> ExportCommand? {
        guard var scan = Scan(arguments, flags: layoutFlags + ["audio"]) else { return nil }
        var command = ExportCommand()
        command.audio = scan.flag("audio")
        command.references = scan.takePositionals()
        let settings = scan.settings()
        command.settings = .holding(settings)
        command.chosenFormat = scan.optional("format")
        command.paper = scan.value("paper", .a4)
        command.order = scan.value("order", .source)
        command.output = scan.optional("output")
        return scan.finish(command, settings: settings)
    }

    /// The flags (options without a value) of `LayoutArguments`.
    private static let layoutFlags = ["no-cache"]

    /// The arguments after the subcommand, split into long options with their values, flags and positionals; each
    /// read once by the command's filling-in, so what nobody read is an option the command does not have.
    private struct Scan {
        private var options: [(name: Substring, value: String, read: Bool)] = []
        private var flags: [(name: Substring, read: Bool)] = []
        private var positionals: [String] = []
        /// Set when a value does not convert or an option comes twice: ArgumentParser then says what is wrong.
        private var failed = false

        /// Nil when an argument is outside the grammar: `--name value`, `--name=value`, `--flag`, a positional.
        init?(_ arguments: ArraySlice<String>, flags flagNames: [String]) {
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let argument = arguments[index]
                index += 1
                guard argument.hasPrefix("-") else {
                    positionals.append(argument)
                    continue
                }
                guard argument.hasPrefix("--"), argument.utf8.count > 2 else { return nil }
                let body = argument.dropFirst(2)
                let name: Substring, value: String
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    value = String(body[body.index(after: equals)...])
                    guard !flagNames.contains(where: { $0 == name }) else { return nil }
                } else if flagNames.contains(where: { $0 == body }) {
                    guard !flags.contains(where: { $0.name == body }) else { return nil }
                    flags.append((body, false))
                    continue
                } else {
                    guard index < arguments.endIndex else { return nil }
                    name = body
                    value = arguments[index]
                    index += 1
                }
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                options.append((name, value, false))
            }
        }

        /// The shared layout options and the one reference, in ArgumentParser's wrappers.
        mutating func layout() -> LayoutArguments { .holding(request()) }

        /// The shared layout options and the one reference.
        mutating func request() -> LayoutRequest {
            let values = settings()
            if positionals.count != 1 { failed = true }
            return LayoutRequest(reference: positionals.first ?? "", settings: values)
        }

        /// The shared layout options (a command that takes several references: `export`).
        mutating func settings() -> LayoutValues {
            var settings = LayoutValues()
            settings.width = value("width", LayoutSettings.defaultWidth)
            settings.fontSize = value("font-size", LayoutSettings.defaultFontSize)
            settings.tiers = value("tiers", LayoutSettings.defaultTiers)
            settings.font = value("font", LayoutSettings.defaultFont)
            settings.corpus = optional("corpus")
            settings.hebrewMarks = value("hebrew-marks", .all)
            settings.noCache = flag("no-cache")
            settings.translation = value("translation", LayoutSettings.defaultTranslation)
            return settings
        }

        /// The positional arguments, in order (a command that takes more than the one reference).
        mutating func takePositionals() -> [String] {
            let values = positionals
            positionals = []
            return values
        }

        /// The values of a repeatable option, in order.
        mutating func array<Value: ExpressibleByArgument>(_ name: String) -> [Value] {
            var values: [Value] = []
            for index in options.indices where options[index].name == name {
                options[index].read = true
                guard let value = Value(argument: options[index].value) else {
                    failed = true
                    return []
                }
                values.append(value)
            }
            return values
        }

        mutating func optional<Value: ExpressibleByArgument>(_ name: String) -> Value? {
            let values: [Value] = array(name)
            if values.count > 1 { failed = true }
            return values.first
        }

        mutating func value<Value: ExpressibleByArgument>(_ name: String, _ initial: Value) -> Value {
            optional(name) ?? initial
        }

        mutating func flag(_ name: String) -> Bool {
            guard let index = flags.firstIndex(where: { $0.name == name }) else { return false }
            flags[index].read = true
            return true
        }

        /// The command, when every argument was read and converted and `validate` (the command's checks, after
        /// its option groups', in ArgumentParser's order) passes; else nil.
        func finish<Command: ParsableCommand>(_ command: Command, layout: LayoutArguments) -> Command? {
            guard finish(layout.request) != nil else { return nil }
            var command = command
            do { try command.validate() } catch { return nil }
            return command
        }

        /// The command with the layout options but no one reference (`export`, its references taken), when every
        /// argument was read and converted and the checks pass: the options', then the command's.
        func finish<Command: ParsableCommand>(_ command: Command, settings: LayoutValues) -> Command? {
            guard !failed, positionals.isEmpty, options.allSatisfy(\.read), flags.allSatisfy(\.read) else {
                return nil
            }
            var command = command
            do {
                try settings.validate()
                try command.validate()
            } catch {
                return nil
            }
            return command
        }

        /// The plain values of a command without layout options, when every argument was read and converted and
        /// its `validate` passes; else nil.
        func finish<Run: CommandRun & ValidatedRun>(_ run: Run) -> Run? {
            guard !failed, positionals.isEmpty, options.allSatisfy(\.read), flags.allSatisfy(\.read) else {
                return nil
            }
            do { try run.validate() } catch { return nil }
            return run
        }

        /// The passage the reference names, when every argument was read and converted and the layout's checks
        /// pass (the options', then the reference's, in ArgumentParser's order); else nil.
        func finish(_ layout: LayoutRequest) -> Passage? {
            guard !failed, options.allSatisfy(\.read), flags.allSatisfy(\.read) else { return nil }
            do {
                try layout.settings.validate()
                return try layout.passage()
            } catch {
                return nil
            }
        }
    }
}

/// Plain values with their command's checks (`DefineRun`, `SearchRun`).
protocol ValidatedRun {
    func validate() throws
}

extension DefineRun: ValidatedRun {}
extension SearchRun: ValidatedRun {}
