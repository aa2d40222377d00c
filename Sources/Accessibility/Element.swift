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

/// What an element is for a screen reader; the raw value is the role name in JSON (CDP-like).
public enum Role: String, Sendable, CaseIterable {
    /// The chapter: the root of the tree.
    case document
    /// A verse: one table cell, the container of its elements.
    case group
    /// The verse-number button; a header, so readers can jump verse by verse.
    case heading
    /// A source word block (word granularity).
    case word
    /// One label (label granularity) or one translation word.
    case staticText
    /// The note marker of a verse that has a note.
    case button
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
}

/// An element's identity: its cell (one per verse, so a verse index) and what it is there. Derived from content, so
/// it survives re-layout at another width, a late screen-reader start and a release of the elements. Its text form
/// is `John.1.3.w2` (see `NodeID`).
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
    /// The element's place in its cell, in reading order: verse number, note marker, words, translation words.
    public enum Kind: Hashable, Sendable {
        case verseNumber
        case note
        /// A word block; the word's offset within the verse (0-based; its node id counts from 1).
        case word(WordOffset)
        /// One label of a word block (label granularity).
        case label(word: WordOffset, tier: Tier)
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
            case .translation(let t): 3 << 24 | UInt32(t.rawValue) << 8
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

    /// What a user can do to it.
    public var actions: [Action] {
        switch kind {
        case .verseNumber: [.activate, .copy]
        case .note: [.activate]
        case .word, .label: [.copy, .findOtherOccurrences, .findSameStrongs]
        case .translation: [.copy]
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
