import InterlinearInteraction
import Testing

/// The one prompt editor: the same keys do the same in the grid, the line mode and the window (their own tests drive
/// it through their keys: GridTests, LineModeTests, ChapterViewTests).
@Suite struct PromptLineTests {
    @Test func typingAndErasing() {
        var line = PromptLine(.search)
        #expect(line.type("λ") == .typed("λ"))
        #expect(line.type("ό") == .typed("ό"))
        #expect(line.display == "/λό")
        #expect(line.erase() == .erased)
        #expect(line.text == "λ")
        #expect(line.erase() == .erased)
        // Backspace on an empty line changes nothing and leaves the prompt to the front end (open).
        #expect(line.erase() == .unchanged)
        #expect(line.text.isEmpty && line.display == "/")
    }

    @Test func aVerseNumberTakesDigitsUpToItsLimit() {
        var line = PromptLine(.verse, digitsOnly: true, maximumLength: 3)
        #expect(line.type("x") == .unchanged)
        #expect(line.type("١") == .unchanged, "an Arabic-Indic digit is a number but not an ASCII digit")
        for digit in "123" { #expect(line.type(digit) == .typed(digit)) }
        #expect(line.type("4") == .unchanged)
        #expect(line.display == ":123")
    }
}
