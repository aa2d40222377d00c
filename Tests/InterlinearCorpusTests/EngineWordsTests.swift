import Foundation
import InterlinearTestSupport
import Testing

/// The engine's modules say what is wrong and, as a typed remedy, what would fix it; the commands, scripts and
/// packages a user runs are worded by the apps (the command line's `ErrorAdvice`, the web reader, the window). Read
/// from the source files themselves: every string literal of every library module, comments left out.
struct EngineWordsTests {
    static let engine = [
        "Corpus", "Store", "Shaping", "Typesetting", "Table", "Accessibility", "Session", "Interaction", "Sword",
        "Interlinear",
    ]
    /// A command line, a script or a package manager named in a sentence.
    static let named = ["`interlinear ", "interlinear import", "scripts/", "apt-get", "apt install", "run interlinear"]

    /// The string literals of a Swift file's lines that are not comments (a literal split over lines by `+` is
    /// seen a piece at a time, which is enough for the phrases looked for).
    static func literals(_ source: String) -> [String] {
        source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .flatMap { line in line.matches(of: /"((?:[^"\\]|\\.)*)"/).map { String($0.output.1) } }
    }

    @Test func noLibraryStringNamesACommandScriptOrPackage() throws {
        var files = 0
        for module in Self.engine {
            let folder = packageRoot.appendingPathComponent("Sources/\(module)")
            let names = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for name in names where name.hasSuffix(".swift") {
                files += 1
                let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for literal in Self.literals(source) {
                    for phrase in Self.named {
                        #expect(!literal.contains(phrase), "Sources/\(module)/\(name): \"\(literal)\"")
                    }
                }
            }
        }
        #expect(files > 100)
    }

    @Test func theAppsWordingIsOutsideTheEngine() throws {
        for module in Self.engine {
            let folder = packageRoot.appendingPathComponent("Sources/\(module)")
            let names = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            #expect(!names.contains { $0.hasSuffix("ReaderWording.swift") || $0.hasSuffix("WindowWording.swift") })
        }
        // The pattern finds what it looks for (checked on a line that names a command).
        #expect(Self.literals("let a = \"run `interlinear import` now\"") == ["run `interlinear import` now"])
    }
}
