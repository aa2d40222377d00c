import Foundation
import Testing
import InterlinearTestSupport

/// `interlinear read` with stdout not a terminal: plain text, and a closed pipe is not an error.
@Suite("Reader plain text")
struct PlainTextEndToEndTests {
    @Test("piped into head: plain text, no escape bytes, no noise from SIGPIPE")
    func pipedIntoHead() throws {
        for sink in ["head -n 5", "true"] {
            let script = "'\(interlinearBinary.path)' read 'John 1' 2>&3 | \(sink); echo \"status ${PIPESTATUS[0]}\" >&3"
            let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", "exec 3>&2; " + script], directory: packageRoot)
            #expect(result.stderr == "status 0\n", "\(sink): \(result.stderr)")
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

    @Test("--font is honoured as every command honours it: an installed family works, a missing one is one line")
    func fontOption() throws {
        let dejavu = try interlinear("read", "John 1", "--font", "DejaVu Serif", "--font-size", "20")
        #expect(dejavu.status == 0, "\(dejavu.stderr)")
        #expect(dejavu.stdout == (try interlinear("read", "John 1")).stdout, "plain text does not depend on the font")
        let missing = try interlinear("read", "John 1", "--font", "No Such Family Sans")
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("apt-get install"))
    }

    @Test("a bad reference is one stderr line and exit 1")
    func badReference() throws {
        let result = try interlinear("read", "Hezekiah 3")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
