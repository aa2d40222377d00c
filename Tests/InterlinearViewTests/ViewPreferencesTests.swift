import Foundation
import InterlinearAccessibility
import InterlinearView
import Testing

/// The settings file is untrusted input: anything but a small regular JSON file of the right shape is one warning
/// and the defaults.
@Suite struct ViewPreferencesTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "interlinear-prefs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func load(_ url: URL) -> (ViewPreferences, [String]) {
        var warnings: [String] = []
        let loaded = ViewPreferences.load(from: url) { warnings.append($0) }
        return (loaded, warnings)
    }

    @Test func roundTripAndMissingFile() throws {
        let dir = try folder()
        let url = dir.appendingPathComponent("interlinear/view.json")
        let (missing, quiet) = load(url)
        #expect(missing == ViewPreferences() && quiet.isEmpty, "a missing file is the defaults without a warning")
        let saved = ViewPreferences(
            reference: "Romans 8:28", fontSize: 24.5, theme: "high-contrast", tiers: "source,gloss",
            scriptInSpeech: true, verbosity: .brief, order: .english)
        try saved.save(to: url)
        let (loaded, warnings) = load(url)
        #expect(loaded == saved && warnings.isEmpty && loaded.level == .brief && loaded.wordOrder == .english)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(written["order"] as? String == "english", "the order is written as --order takes it: \(written)")
        #expect(
            ViewPreferences.fileURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"])?.path
                == "/x/cfg/interlinear/view.json")
        #expect(
            ViewPreferences.fileURL(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])?.path
                == "/home/u/.config/interlinear/view.json", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
        #expect(ViewPreferences.fileURL(environment: [:]) == nil)
    }

    /// The verbosity is one of the reader's levels; any other value (a later version's, a typo) is left out with a
    /// warning naming it, and the rest of the file is kept.
    @Test func anUnknownVerbosityIsIgnored() throws {
        let dir = try folder()
        for level in Verbosity.allCases {
            let url = dir.appendingPathComponent("\(level).json")
            try ViewPreferences(theme: "dark", verbosity: level).save(to: url)
            let (loaded, warnings) = load(url)
            #expect(loaded.level == level && loaded.verbosity == level.rawValue && warnings.isEmpty)
        }
        for bad in [#""chatty""#, #""FULL""#, #""""#] {
            let url = dir.appendingPathComponent("bad.json")
            try Data(#"{"theme": "dark", "scriptInSpeech": true, "verbosity": \#(bad)}"#.utf8).write(to: url)
            let (loaded, warnings) = load(url)
            #expect(loaded == ViewPreferences(theme: "dark", scriptInSpeech: true), "\(bad)")
            #expect(loaded.level == nil)
            #expect(warnings.count == 1 && warnings.first?.contains("verbosity") == true, "\(warnings)")
            #expect(warnings.first?.contains(url.path) == true, "\(warnings)")
        }
        // An order is one `--order` takes; any other is left out the same way.
        for bad in [#""English""#, #""reverse""#, "1"] {
            let url = dir.appendingPathComponent("order.json")
            try Data(#"{"theme": "dark", "order": \#(bad)}"#.utf8).write(to: url)
            let (loaded, warnings) = load(url)
            if bad == "1" {
                #expect(loaded == ViewPreferences() && warnings.count == 1, "an order that is not text: \(warnings)")
                continue
            }
            #expect(loaded == ViewPreferences(theme: "dark") && loaded.wordOrder == nil, "\(bad)")
            #expect(warnings.count == 1 && warnings.first?.contains("order") == true, "\(warnings)")
        }
        let number = dir.appendingPathComponent("number.json")
        try Data(#"{"verbosity": 2}"#.utf8).write(to: number)
        let (notText, warned) = load(number)
        #expect(notText == ViewPreferences() && warned.count == 1, "a verbosity that is not text: \(warned)")
    }

    @Test func badFilesAreOneWarningAndTheDefaults() throws {
        let dir = try folder()
        let good = dir.appendingPathComponent("good.json")
        try ViewPreferences(fontSize: 20).save(to: good)
        var cases: [(String, URL)] = []
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: good)
        cases.append(("symbolic link", link))
        let big = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: ViewPreferences.maximumBytes + 1).write(to: big)
        cases.append(("bytes, more than", big))
        let folderPath = dir.appendingPathComponent("folder.json")
        try FileManager.default.createDirectory(at: folderPath, withIntermediateDirectories: true)
        cases.append(("not a regular file", folderPath))
        for (name, text) in [
            ("garbage", "not json"), ("range", #"{"fontSize": 1000}"#),
            ("theme", #"{"theme": "neon"}"#), ("reference", #"{"reference": "Hezekiah 3"}"#),
        ] {
            let url = dir.appendingPathComponent("\(name).json")
            try Data(text.utf8).write(to: url)
            cases.append(
                (
                    name == "garbage"
                        ? "not a settings file"
                        : name == "range"
                            ? "not between 6 and 96"
                            : name == "theme" ? "is not one of light, dark, high-contrast" : "is not a reference", url
                ))
        }
        for (expected, url) in cases {
            let (loaded, warnings) = load(url)
            #expect(loaded == ViewPreferences(), "\(url.lastPathComponent)")
            #expect(warnings.count == 1, "\(url.lastPathComponent): \(warnings)")
            #expect(
                warnings.first?.contains(expected) == true && warnings.first?.contains(url.path) == true,
                "\(url.lastPathComponent): \(warnings)")
        }
    }
}
