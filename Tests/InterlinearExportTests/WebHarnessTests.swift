import Foundation
import InterlinearTestSupport
import Testing

/// The web reader's harnesses (Tests/Web) against the exported pages, served from a folder on loopback as any web
/// server would serve them (`LoopbackFolder`): axe-core 4.12 with WCAG 2.2 A/AA and color-contrast-enhanced in light
/// and dark, script on and off; Orca 43 reading them in Chromium. The same harnesses take `interlinear serve`'s URLs.
@Suite(.serialized) struct WebHarnessTests {
    /// John 1 and Genesis 1 exported to one folder, served on loopback (once for the suite).
    static let site: Result<(folder: URL, server: LoopbackFolder), any Error> = Result {
        let folder = try ExportFixture.temporaryDirectory()
        for (reference, file) in [("John 1", "John-1.html"), ("Genesis 1", "Genesis-1.html")] {
            try ExportFixture.interlinear(
                ["export", reference, "--format", "html"], to: folder.appendingPathComponent(file))
        }
        return (folder, try LoopbackFolder(folder))
    }

    @Test(
        "axe-core 4.12 (WCAG 2.2 A/AA, color-contrast-enhanced): 0 violations on John 1 and Genesis 1, light and dark, script on and off",
        .enabled(if: WebHarness.browserMissing == nil, Comment(rawValue: WebHarness.browserMissing ?? "")))
    func axe() throws {
        let site = try Self.site.get()
        let urls = ["John-1.html", "Genesis-1.html"].map { site.server.base + $0 }
        let pages = try WebHarness.axe(urls)
        #expect(pages.count == urls.count * 4)
        for page in pages {
            #expect(page.axe.hasPrefix("4.12."), "axe \(page.axe)")
            #expect(page.passes > 0, "axe ran no rule on \(page.url)")
            #expect(
                page.violations.isEmpty,
                "\(page.url) \(page.scheme) script \(page.javascript): \(page.violations.map { "\($0.id) ×\($0.count) \($0.nodes)" })"
            )
        }
        #expect(Set(pages.map { "\($0.scheme) \($0.javascript)" }).count == 4)
    }

    @Test(
        "Orca 43 in Chromium: h moves verse to verse in John 1 and Genesis 1 and says the verse; no utterance is spelled by an English voice",
        .enabled(if: WebHarness.orcaMissing == nil, Comment(rawValue: WebHarness.orcaMissing ?? "")))
    func orcaHeadings() throws {
        let site = try Self.site.get()
        let pages = ["John-1.html", "Genesis-1.html"]
        let chapterFiles = ["John-1.html": "43-John/01.tsv", "Genesis-1.html": "01-Gen/01.tsv"]
        let presses = 4
        let run = try WebHarness.orca(
            ["--presses", String(presses)] + pages.flatMap { ["--headings", site.server.base + $0] })
        #expect(run.failures.isEmpty, "\(run.log)")
        for page in pages {
            // The chapter's verses from its committed chapter file: what the page's headings stand for.
            let verses = try ExportFixture.chapterFile(try #require(chapterFiles[page])).verses
            try #require(verses.count > presses, "\(page) has \(verses.count) verses")
            let heard = run.presses.filter { $0.url.hasSuffix(page) }.sorted { $0.press < $1.press }
            #expect(heard.count == presses, "\(run.log)")
            // From the top (the chapter's title) each h reaches the next verse: press k says verse k's number as a
            // heading ("1 heading level 2.").
            for (index, press) in heard.enumerated() {
                #expect(
                    press.said.contains { $0.hasPrefix("\(verses[index]) heading level 2") },
                    "\(page) h #\(press.press): expected verse \(verses[index]), Orca said \(press.said)")
            }
        }
        // Everything Orca said for an English voice (the Greek and Hebrew words themselves go to their own voices, by
        // the lang of their spans) is said, not spelled.
        let english = run.utterances.filter { !containsGreek($0) && !containsHebrew($0) && !$0.isEmpty }
        #expect(!english.isEmpty)
        let voice = try EnglishVoice()
        let spelled = zip(english, try voice.phonemes(english)).filter { voice.isSpelled($0.1) }.map(\.0)
        #expect(spelled.isEmpty, "spelled by an English voice: \(spelled)")
    }
}
