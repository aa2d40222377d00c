import InterlinearAccessibility
import Testing

@Suite struct AccessibleVariableTests {
    @Test(arguments: [
        ("1", true), ("true", true), ("TRUE", true), ("yes", true), ("on", true), (" on\n", true),
        ("0", false), ("false", false), ("no", false), ("off", false), ("", false), ("2", false),
    ])
    func oneParserForEveryCommand(value: String, on: Bool) {
        #expect(AccessibleVariable.isOn(in: ["ACCESSIBLE": value]) == on)
    }

    @Test func unsetIsOff() {
        #expect(!AccessibleVariable.isOn(in: [:]))
    }
}
