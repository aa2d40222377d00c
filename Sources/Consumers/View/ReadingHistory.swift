import InterlinearCorpus

/// Where the reader has been, for back and forward (Alt+← and Alt+→, as in a browser): a chapter and how far it was
/// scrolled. Going somewhere new forgets the forward list. Bounded: the oldest place is dropped past `limit`.
package struct ReadingHistory: Equatable, Sendable {
    package struct Place: Equatable, Sendable {
        package var chapter: ChapterReference
        package var scrollY: Float
        /// A verse to go to instead of an offset (a place remembered from an earlier run, laid out otherwise).
        package var verse: Int?

        package init(chapter: ChapterReference, scrollY: Float, verse: Int? = nil) {
            self.chapter = chapter
            self.scrollY = scrollY
            self.verse = verse
        }
    }

    package static let limit = 100
    package private(set) var back: [Place] = []
    package private(set) var forward: [Place] = []

    package init() {}

    /// Leaving `place` for somewhere new.
    package mutating func leave(_ place: Place) {
        if back.last != place { back.append(place) }
        if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
        forward.removeAll()
    }

    /// Going back from `place`: the place to show, or nil when there is none (nothing changes then).
    package mutating func goBack(from place: Place) -> Place? {
        guard let target = back.popLast() else { return nil }
        forward.append(place)
        return target
    }

    /// Going forward from `place`: the place to show, or nil when there is none.
    package mutating func goForward(from place: Place) -> Place? {
        guard let target = forward.popLast() else { return nil }
        back.append(place)
        return target
    }
}
