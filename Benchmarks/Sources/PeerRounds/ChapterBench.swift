import InterlinearCorpus
import InterlinearSession
import InterlinearTypesetting

/// One chapter, ours and the peers on its label strings, as phases.
final class ChapterBench {
    let session: Interlinear
    let chapter: Chapter
    let labels: PeerLabels
    let peers: Peers
    let threads: Int
    private(set) var labelCount = 0
    private let warmOptions: LayoutOptions
    let accessibility: AccessibilityBench
    /// What the last load made, released before the next one rather than inside a timing.
    private var loaded: (Interlinear, Chapter?)?

    init(session: Interlinear, reference: ChapterReference, peers: Peers, threads: Int) throws {
        self.session = session
        self.peers = peers
        self.threads = threads
        chapter = try session.chapter(reference)
        let layout = session.layout(chapter)
        labelCount = layout.labels.count
        labels = try PeerLabels([(chapter, layout)])
        warmOptions = session.options.with(width: session.options.width + 37)
        accessibility = AccessibilityBench(session: session, chapter: chapter)
    }

    /// The chapter typeset from an empty shape cache, shaping on `threads` threads.
    func cold(threads: Int) -> Phase {
        Phase(
            "ours cold \(threads == 1 ? "1 thread" : "\(threads) threads")",
            prepare: { [self] in
                session.typesetter.shapingThreads = threads
                session.cache.reset()
            }, run: { [self] in labelCount = session.layout(chapter).labels.count })
    }

    /// Ours and the peers, for the rounds and the instruction counts.
    var phases: [Phase] {
        [
            cold(threads: 1), cold(threads: threads),
            Phase(
                "ours warm (another width)", prepare: { [self] in _ = session.layout(chapter) },
                run: { [self] in labelCount = session.layout(chapter, options: warmOptions).labels.count }),
            Phase(
                "ours load", prepare: { [self] in loaded = nil },
                run: { [self] in
                    // Into a fresh session sharing the loaded fonts, as a reader's first load of a chapter.
                    let fresh = Interlinear(library: session.library, fonts: session.fonts, options: session.options)
                    loaded = (fresh, try? fresh.chapter(chapter.reference))
                }),
            Phase("HarfBuzz floor") { [self] in peers.floor(labels) },
            Phase("hb_shape per label") { [self] in peers.harfBuzzPerLabel(labels) },
            Phase("Pango per label") { [self] in peers.pangoPerLabel(labels) },
        ] + accessibility.phases
    }
}

extension LayoutOptions {
    /// The same options at another width.
    func with(width: Float) -> LayoutOptions {
        var copy = self
        copy.width = width
        return copy
    }
}
