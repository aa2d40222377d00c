import InterlinearAccessibility

/// What the help overlay shows: the keys (`?`, F1), or, on `?` again, the key to the chapter's codes from its
/// `first` row. The codes are listed for the eye: a listener hears each word's codes in words already.
package enum HelpPage: Equatable {
    case keys
    case codes(CodeList, first: Int)

    /// How many rows Page Up and Page Down move the codes by.
    package static let codePage = 10
}

extension ChapterView {
    /// Whether the help overlay (`?`, F1) is shown.
    package var helpShown: Bool { help != nil }

    /// A key while the help is shown: `?` (or F1) turns to the other page; on the codes ↑ ↓ and Page Up, Page Down
    /// scroll them; any other key closes the help.
    func handleHelpKey(_ key: Key, page: HelpPage) -> ViewChange {
        let turn = key == .help || key == .character("?")
        switch page {
        case .keys:
            help = turn ? .codes(CodeList(chapter), first: 0) : nil
        case .codes(let codes, let first):
            let step: Int? =
                switch key {
                case .up: -1
                case .down: 1
                case .pageUp: -HelpPage.codePage
                case .pageDown: HelpPage.codePage
                default: nil
                }
            if let step {
                let last = max(codes.entries.count - 1, 0)
                help = .codes(codes, first: min(max(first + step, 0), last))
            } else {
                help = turn ? .keys : nil
            }
        }
        return .status
    }
}

extension CodeList: Equatable {
    package static func == (a: CodeList, b: CodeList) -> Bool { a.entries == b.entries }
}
