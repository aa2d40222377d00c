import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear read` with stdout not a terminal: plain text; a closed pipe ends it quietly (SIGPIPE at its default,
/// as with any filter: exit 141 if the reader left before the text was written, 0 if it was all in the pipe).
@Suite("Reader plain text")
struct PlainTextEndToEndTests {
    @Test("piped into head: plain text, no escape bytes, no noise from SIGPIPE")
    func pipedIntoHead() throws {
        for sink in ["head -n 5", "true"] {
            let script =
                "'\(interlinearBinary.path)' read 'John 1' 2>&3 | \(sink); echo \"status ${PIPESTATUS[0]}\" >&3"
            let result = try run(
                URL(fileURLWithPath: "/bin/bash"), ["-c", "exec 3>&2; " + script], directory: packageRoot)
            #expect(["status 0\n", "status 141\n"].contains(result.stderr), "\(sink): \(result.stderr)")
            #expect(!result.stdout.contains(0x1B))
            if sink.hasPrefix("head") {
                let lines = result.stdoutText.split(separator: "\n")
                #expect(lines.count == 5)
                #expect(lines.first == "John 1")
                #expect(lines.dropFirst().first?.hasPrefix("1:1 Ἐν ἀρχῇ") == true)
            }
        }
    }

    @Test("the whole chapter: every verse, with transliteration and translation")
    func wholeChapter() throws {
        let result = try interlinear("read", "John 1")
        #expect(result.status == 0)
        #expect(!result.stdout.contains(0x1B))
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 1 + 51 * 3)
        #expect(lines.contains { $0.hasPrefix("1:51 ") })
        #expect(lines.contains { $0.contains("En archēi ēn ho logos") })
    }

    @Test("plain text shapes nothing, so it looks up no font: --font changes nothing and fontconfig never starts")
    func fontOption() throws {
        let plain = try interlinear("read", "John 1")
        for font in ["DejaVu Serif", "No Such Family Sans"] {
            let result = try interlinear("read", "John 1", "--font", font, "--font-size", "20")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(font): \(result.stderr)")
            #expect(result.stdout == plain.stdout, "plain text does not depend on the font")
        }
        // fontconfig pointed at a configuration that is not there, with no font cache: a command that shapes stops
        // at the font lookup (one line, 69); the plain text never gets there.
        var environment = testEnvironment
        environment["FONTCONFIG_FILE"] = "/nonexistent/fonts.conf"
        let typeset = try interlinear(
            "typeset", "John 1", "--no-cache", "--output", "/dev/null", environment: environment)
        #expect(typeset.status == 69 && typeset.stderr.contains("FONTCONFIG_FILE"), "\(typeset.stderr)")
        let read = try interlinear("read", "John 1", "--no-cache", environment: environment)
        #expect(read.status == 0 && read.stderr.isEmpty, "\(read.stderr)")
        #expect(read.stdout == plain.stdout)
    }

    @Test("a bad reference is one stderr line and exit 64")
    func badReference() throws {
        let result = try interlinear("read", "Hezekiah 3")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
