import InterlinearCorpus

/// The hits `n` and `N` step through, in every front end: the terminal reader's (locations, in the open chapter or
/// across the Bible) and the window's (elements of the open chapter). One type, so stepping and wrapping are decided
/// once. A search that finds nothing leaves the previous trail in place (each front end keeps its trail).
package struct SearchTrail<Hit: Equatable & Sendable>: Equatable, Sendable {
    package let query: String
    package let hits: [Hit]
    /// The hit n/N last went to; nil before the first step.
    package private(set) var index: Int?
    /// The chapter the hits are in; nil when they come from every chapter (the store's occurrences).
    package let chapter: ChapterReference?
    /// How many hits the whole Bible holds (more than `hits` when these are one chapter's).
    package let total: Int

    /// `index`: the hit to start at (nil: none yet; the first step goes to the first or last hit). `total`: the
    /// Bible's count, by default the hits'.
    package init(query: String, hits: [Hit], index: Int? = nil, chapter: ChapterReference?, total: Int? = nil) {
        self.query = query
        self.hits = hits
        self.index = index
        self.chapter = chapter
        self.total = total ?? hits.count
    }

    /// Whether the hits came from the store (every chapter) rather than the open chapter.
    package var acrossBible: Bool { chapter == nil }

    /// The hit n/N last went to.
    package var current: Hit? { index.map { hits[$0] } }

    /// Moves `delta` hits on, wrapping (from no hit yet, forward to the first, backward to the last), and returns
    /// the hit; nil without hits.
    @discardableResult
    package mutating func step(_ delta: Int) -> Hit? {
        guard !hits.isEmpty else { return nil }
        if let index {
            self.index = ((index + delta) % hits.count + hits.count) % hits.count
        } else {
            self.index = delta >= 0 ? 0 : hits.count - 1
        }
        return current
    }
}

extension SearchTrail where Hit == ReaderLocation {
    /// "3 of 7"; across the corpus "1 of 4 in John 1, 95 of 330 in the corpus", the chapter as `name` gives it
    /// (the line mode says it in words).
    package func position(naming name: (ChapterReference) -> String) -> String {
        let index = self.index ?? 0
        guard acrossBible, let chapter = current?.chapter else { return "\(index + 1) of \(hits.count)" }
        let here = hits.indices.filter { hits[$0].chapter == chapter }
        let local = (here.firstIndex(of: index) ?? 0) + 1
        return "\(local) of \(here.count) in \(name(chapter)), \(index + 1) of \(hits.count) in the corpus"
    }

    /// "3 of 7", the chapter named as printed.
    package var position: String { position { $0.description } }
}
