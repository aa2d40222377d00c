/// A position in one of a chapter's arrays, typed by what it counts (`VerseIndex`, `WordIndex`, `TokenIndex`), so
/// a verse index, a chapter-wide word index and a translation-token index cannot be passed for one another. `Unit`
/// only tags the type. Verse *numbers* (1-based, as printed) stay plain `Int`s.
@frozen
public struct ChapterIndex<Unit>: Hashable, Strideable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Int

    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    @inlinable public init(integerLiteral value: Int) { rawValue = value }

    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    @inlinable public func distance(to other: Self) -> Int { other.rawValue - rawValue }
    @inlinable public func advanced(by n: Int) -> Self { Self(rawValue + n) }
    @inlinable public static func + (index: Self, n: Int) -> Self { Self(index.rawValue + n) }
    @inlinable public static func - (index: Self, n: Int) -> Self { Self(index.rawValue - n) }

    public var description: String { String(rawValue) }
}

/// A position within one verse: its n-th source word (`WordOffset`) or n-th translation token (`TokenOffset`),
/// 0-based. Sixteen bits, as labels and accessibility elements store it: a verse holds at most `Verse.maxWords`
/// words and `Verse.maxTranslationTokens` tokens.
@frozen
public struct VerseOffset<Unit>: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: UInt16

    @inlinable public init(_ rawValue: UInt16) { self.rawValue = rawValue }
    @inlinable public init(integerLiteral value: UInt16) { rawValue = value }
    /// Nil when `value` is outside 0...65,535.
    @inlinable public init?(exactly value: Int) {
        guard let raw = UInt16(exactly: value) else { return nil }
        rawValue = raw
    }

    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String { String(rawValue) }
}

/// Tags translation tokens (they are interned strings, so they have no type of their own).
public enum TranslationToken {}

/// Index into `Chapter.verses`: a table cell (one cell per verse).
public typealias VerseIndex = ChapterIndex<Verse>
/// Index into `Chapter.words`, counting source words across the whole chapter.
public typealias WordIndex = ChapterIndex<Word>
/// Index into `Chapter.translationTokens`, counting across the whole chapter.
public typealias TokenIndex = ChapterIndex<TranslationToken>
/// A source word's place within its verse.
public typealias WordOffset = VerseOffset<Word>
/// A translation token's place within its verse.
public typealias TokenOffset = VerseOffset<TranslationToken>

extension Int {
    /// The index's position as a plain number.
    @inlinable public init<Unit>(_ index: ChapterIndex<Unit>) { self = index.rawValue }
    /// The offset as a plain number.
    @inlinable public init<Unit>(_ offset: VerseOffset<Unit>) { self = Int(offset.rawValue) }
}

/// One of a chapter's arrays (verses, words, translation tokens, a layout's cells), indexed only by its typed
/// index. Contiguous storage; every member is inlinable, so loops over it compile as loops over an `Array`.
@frozen
public struct ChapterArray<Unit, Element>: RandomAccessCollection {
    /// The array's typed index.
    public typealias Index = ChapterIndex<Unit>
    /// A range of the array's typed indices.
    public typealias Indices = Range<Index>

    @usableFromInline var storage: [Element]

    @inlinable public init() { storage = [] }
    @inlinable public init(_ elements: [Element]) { storage = elements }

    @inlinable public var startIndex: Index { Index(0) }
    @inlinable public var endIndex: Index { Index(storage.count) }
    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    @inlinable public var indices: Range<Index> { Index(0)..<Index(storage.count) }
    @inlinable public func index(after i: Index) -> Index { Index(i.rawValue + 1) }
    @inlinable public func index(before i: Index) -> Index { Index(i.rawValue - 1) }
    @inlinable public func index(_ i: Index, offsetBy n: Int) -> Index { Index(i.rawValue + n) }
    @inlinable public func distance(from start: Index, to end: Index) -> Int { end.rawValue - start.rawValue }

    @inlinable public subscript(position: Index) -> Element {
        get { storage[position.rawValue] }
        set { storage[position.rawValue] = newValue }
    }

    @inlinable public mutating func append(_ element: Element) { storage.append(element) }
    @inlinable public mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }
}

extension ChapterArray: Sendable where Element: Sendable {}
extension ChapterArray: Equatable where Element: Equatable {}
