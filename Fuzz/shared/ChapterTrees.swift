// Shared by the AT-SPI harnesses (`atspi-path`, `atspi-args`; listed among their sources in Fuzz/harnesses).

import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting

/// The trees the AT-SPI harnesses ask: John 1 at word granularity and Genesis 1 at label granularity, typeset once
/// per process from the committed chapter files with the real fonts (run from the package root, as scripts/fuzz does).
func typesetTrees() -> [AccessibilityTree] {
    let fonts: FontChain
    do { fonts = try FontChain(family: "Gentium Plus") } catch { fatalError("fonts: \(error)") }
    return [("Corpus/chapters/43-John/01.tsv", Granularity.word), ("Corpus/chapters/01-Gen/01.tsv", .label)].map {
        path, granularity in
        let builder = StringTableBuilder()
        let chapter: Chapter
        do {
            chapter = try ChapterFile.parse(String(contentsOfFile: path, encoding: .utf8), path: path, strings: builder)
        } catch {
            fatalError("run from the package root (scripts/fuzz does): \(error)")
        }
        let layout = Typesetter(cache: ShapeCache(chain: fonts, strings: builder.freeze())).layout(
            chapter, options: LayoutOptions())
        return AccessibilityTree(
            chapter: chapter, layout: layout, viewport: Viewport(width: layout.options.width, height: 844),
            granularity: granularity, screenReaderEnabled: true)
    }
}
