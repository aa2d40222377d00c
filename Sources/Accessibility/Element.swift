import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// How finely the chapter is split into elements.
public enum Granularity: String, Sendable, CaseIterable {
    /// One element per word block: the union of its tier labels, named by the Greek word (the default).
    case word
    /// One element per label, as gbible did: the Greek, its transliteration, Strong's number, … each focused alone.
    case label
}

/// What an element is for a screen reader. The case names are the engine's; the raw values are standard role names
/// an assistive technology knows (WAI-ARIA 1.2, and AT-SPI's `static` for a run of static text, which ARIA leaves to
/// text nodes). What the engine calls a "word" is an ARIA `term` (a word with a definition: its gloss and parsing),
/// with the role description "Greek word".
public enum Role: String, Sendable, CaseIterable {
    /// The chapter: the root of the tree.
    case document = "document"
    /// A verse (one table cell, the container of its elements), or the verse's whole translation.
    case group = "group"
    /// The verse-number button; a heading (level 2), so readers can jump verse by verse.
    case heading = "heading"
    /// A source word block (word granularity).
    case word = "term"
    /// One label (label granularity) or one translation word.
    case staticText = "static"
    /// The note marker of a verse that has a note.
    case button = "button"
}

/// Something a user can do to an element (iOS custom actions, Android accessibility actions).
public enum Action: String, Sendable, CaseIterable {
    /// Press the verse-number button or the note marker.
    case activate
    /// Copy the element's text.
    case copy
    /// Find the other occurrences of the word's lemma in the chapter.
    case findOtherOccurrences
    /// Find the other words with the same Strong's number in the chapter.
    case findSameStrongs
    /// Give the word's Strong's dictionary entry (issue 29): the front end looks it up in its store and says it
    /// through `DefinitionSpeech`.
    case define
    /// Say a Hebrew word's parts (its morphemes) one by one, as the reader's `p` does: the front end reads the
    /// chapter with its morphemes and words them through `WordSpeech.parts`. Offered in a Hebrew chapter only
    /// (`Element.actions(language:)`): the source splits no Greek word.
    case parts
}

/// An element's identity: its cell and what it is there. Derived from content, so it survives re-layout at another
/// width, a late screen-reader start and a release of the elements. Its text form is `John.1.3.w2` (see `NodeID`).
public struct ElementID: Hashable, Sendable, Comparable {
    public var cell: VerseIndex
    public var kind: Element.Kind

    public init(cell: VerseIndex, kind: Element.Kind) {
        self.cell = cell
        self.kind = kind
    }

    /// Reading order: by cell, then by position within the cell.
    public static func < (a: ElementID, b: ElementID) -> Bool {
        a.cell != b.cell ? a.cell < b.cell : a.kind.order < b.kind.order
    }
}

/// One accessibility element: a plain value stored by value in its container's contiguous array. It holds a
/// cell-relative frame (never a screen frame, which would go stale on scroll) and an interned text; the spoken name
/// and description are built by `utterance(of:)` only when asked.
public struct Element: Sendable, Equatable {
    /// The element's place in its cell, in reading order: verse number, note marker, words, the whole translation,
    /// translation words.
    public enum Kind: Hashable, Sendable {
        case verseNumber
        case note
        /// A word block; the word's offset within the verse (0-based; its node id counts from 1).
        case word(WordOffset)
        /// One label of a word block (label granularity).
        case label(word: WordOffset, tier: Tier)
        /// The verse's whole translation: one node holding it all, its words as children.
        case verseTranslation
        /// A translation word; its offset within the verse's translation (0-based; its node id counts from 1).
        case translation(TokenOffset)

        /// Sort key within a cell; containers keep their elements sorted by it, so `index(of:)` is a binary search.
        @inline(__always)
        public var order: UInt32 {
            switch self {
            case .verseNumber: 0
            case .note: 1 << 24
            case .word(let w): 2 << 24 | UInt32(w.rawValue) << 8
            case .label(let w, let tier): 2 << 24 | UInt32(w.rawValue) << 8 | UInt32(tier.rawValue)
            case .verseTranslation: 3 << 24
            case .translation(let t): 4 << 24 | UInt32(t.rawValue) << 8
            }
        }

        /// The source word the element belongs to, if it belongs to one.
        public var word: WordOffset? {
            switch self {
            case .word(let w), .label(let w, _): w
            default: nil
            }
        }
    }

    public var kind: Kind
    public var role: Role
    /// Frame relative to the cell's top-left corner, in points. Screen frames are computed from it at query time.
    public var frame: Rect
    /// The label text: the verse number, the Greek word, a tier's text, a translation word. Unused for notes.
    public var text: TextID

    public init(kind: Kind, role: Role, frame: Rect, text: TextID) {
        self.kind = kind
        self.role = role
        self.frame = frame
        self.text = text
    }

    /// What a user can do to it in a chapter of `language`: a Hebrew word has its parts too.
    public func actions(language: SourceLanguage) -> [Action] {
        switch kind {
        case .verseNumber: [.activate, .copy]
        case .note: [.activate]
        case .word, .label:
            language == .hebrew
                ? [.copy, .findOtherOccurrences, .findSameStrongs, .define, .parts]
                : [.copy, .findOtherOccurrences, .findSameStrongs, .define]
        case .verseTranslation, .translation: [.copy]
        }
    }

    /// What a screen reader says the element is when the standard role name alone would mislead: "Greek word" for a
    /// word block (role `term`), the tier for a label, "translation" for the verse's translation. Nil otherwise.
    @available(*, deprecated, message: "a Hebrew chapter's word is no Greek word: use roleDescription(language:)")
    public var roleDescription: String? { roleDescription(language: .greek) }

    /// The role description in a chapter of `language`: "Hebrew word" for a Hebrew word block.
    public func roleDescription(language: SourceLanguage) -> String? {
        switch kind {
        case .word: "\(language.englishName) word"
        case .label(_, .source): "\(language.englishName) word"
        case .label(_, let tier): Self.tierDescription(tier)
        case .verseTranslation: "translation"
        case .verseNumber, .note, .translation: nil
        }
    }

    /// The heading level: 2 for verse numbers (the chapter, the document's name, is level 1). Nil for the rest.
    public var headingLevel: Int? { role == .heading ? 2 : nil }

    private static func tierDescription(_ tier: Tier) -> String {
        switch tier {
        case .source: "Greek word"
        case .transliteration: "transliteration"
        case .strongs: "Strong's number"
        case .morphology: "grammar"
        case .gloss: "gloss"
        case .lemma: "dictionary form"
        default: tier.name
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
