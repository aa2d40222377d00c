import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTypesetting

/// The whole New Testament as phases: loading every chapter into a fresh session, typesetting them all from an
/// empty shape cache (one session, as a reader that opens chapter after chapter), and the peers on all their
/// labels.
final class NewTestamentBench {
    let session: Interlinear
    let references: [ChapterReference]
    let chapters: [Chapter]
    let labels: PeerLabels
    let peers: Peers
    let threads: Int
    private(set) var labelCount = 0
    /// What the last load made, released in the next phase's preparation rather than inside a timing.
    private var loaded: (Interlinear, [Chapter])?

    /// A session of its own (sharing `fonts`), so the chapter phases keep their small string table.
    init(library: any ChapterSource, fonts: FontChain, peers: Peers, threads: Int) throws {
        let session = Interlinear(library: library, fonts: fonts)
        references = library.availableChapters().filter { $0.book.testament == .new }
        guard references.count >= 260 else {
            throw PeerRoundsError(
                "--nt needs the whole New Testament in the corpus (found \(references.count) of 260 chapters); run `interlinear import` first"
            )
        }
        self.session = session
        self.peers = peers
        self.threads = threads
        chapters = try session.chapters(references)
        let layouts = chapters.map { ($0, session.layout($0)) }
        labelCount = layouts.reduce(0) { $0 + $1.1.labels.count }
        labels = try PeerLabels(layouts)
    }

    var distinctStrings: Int { labels.distinct }
    /// `load` phases that did not read every chapter (the library failed meanwhile): the report refuses them.
    private(set) var loadFailures = 0

    /// Every NT chapter read from the library (the store, as the commands read) and interned into a fresh session
    /// (sharing the loaded fonts).
    var load: Phase { load(from: session.library, name: "NT load") }

    /// The same from chapter files (`interlinear import --testament new --output FOLDER`).
    func load(files folder: String) -> Phase {
        load(from: CorpusLibrary(roots: [URL(fileURLWithPath: folder)]), name: "NT load from chapter files")
    }

    private func load(from library: any ChapterSource, name: String) -> Phase {
        Phase(
            name, prepare: { [self] in loaded = nil },
            run: { [self] in
                let fresh = Interlinear(library: library, fonts: session.fonts, options: session.options)
                let read = (try? fresh.chapters(references)) ?? []
                if read.count != references.count { loadFailures += 1 }
                loaded = (fresh, read)
            })
    }

    /// Every NT chapter typeset from an empty shape cache, shaping on `threads` threads.
    func cold(threads: Int) -> Phase {
        Phase(
            "NT cold \(threads == 1 ? "1 thread" : "\(threads) threads")",
            prepare: { [self] in
                loaded = nil
                session.typesetter.shapingThreads = threads
                session.cache.reset()
            },
            run: { [self] in
                var total = 0
                for chapter in chapters { total += session.layout(chapter).labels.count }
                labelCount = total
            })
    }

    var floor: Phase { Phase("NT HarfBuzz floor") { [self] in peers.floor(labels) } }
    var pango: Phase { Phase("NT Pango per label") { [self] in peers.pangoPerLabel(labels) } }
}
