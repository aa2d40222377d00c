import InterlinearCorpus
import InterlinearShaping
import InterlinearTypesetting

/// One line per label for the peer programs (`Peers/peers.c`): "tier<TAB>points<TAB>text", after a
/// "#font<TAB>path<TAB>index" line naming the primary font, so the peers shape exactly the strings we do.
func labelLines(_ layouts: [(Chapter, ChapterLayout)], font: FontDescriptor) -> String {
    var out = "#font\t\(font.path)\t\(font.index)\n"
    for (chapter, layout) in layouts {
        for label in layout.labels {
            let text = chapter.text(label.text).replacingOccurrences(of: "\t", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
            out += "\(label.tier.name)\t\(layout.options.size(of: label.tier))\t\(text)\n"
        }
    }
    return out
}

extension String {
    fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
