// A window-less stand-in for `interlinear view`, for the AT-SPI harness while the view is being built and for
// testing the adapter alone: it lays out a chapter, exports it with the adapter, and takes the view's part from
// commands on stdin (scroll, focus moves, window activation). Not shipped: it lives in the test tree.
//
//   InterlinearATSPIHost REF [--width W] [--viewport WxH+X+Y] [--origin X,Y] [--scroll Y] [--mode auto|on|off]
//   stdin: "scroll Y" | "move next|previous" | "focus NODEID" | "activate" | "stats" | "quit"
import Foundation
import InterlinearATSPI
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting

final class Host: AccessibleHost {
    let accessibilityTree: AccessibilityTree
    let windowOrigin: (x: Int32, y: Int32)
    var windowTitle: String { "\(accessibilityTree.chapter.reference.description) — interlinear" }
    var focus: ElementID?
    var copied: [String] = []

    init(tree: AccessibilityTree, origin: (Int32, Int32)) {
        accessibilityTree = tree
        windowOrigin = origin
    }

    func focusRequested(_ id: ElementID) {
        focus = id
        accessibilityTree.focus(id)
        say("focus-requested \(accessibilityTree.nodeID(of: id)) \(accessibilityTree.viewport.scrollY)")
    }

    func copyRequested(_ text: String) -> Bool {
        copied.append(text)
        say("copied \(text.replacingOccurrences(of: "\n", with: " / "))")
        return true
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("interlinear-atspi-host: error: \(message)\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    let value = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return value
}
let width = Float(option("--width") ?? "390") ?? 390
let viewportText = option("--viewport") ?? "390x844+0+0"
let originText = option("--origin") ?? "0,0"
let scroll = Float(option("--scroll") ?? "0") ?? 0
let modeText = option("--mode") ?? "auto"
let corpus = option("--corpus")
guard let referenceText = arguments.first, let reference = ChapterReference(parsing: referenceText) else {
    fail("usage: InterlinearATSPIHost REF [--width W] [--viewport WxH+X+Y] [--origin X,Y] [--scroll Y] [--mode M]")
}
guard let mode = ScreenReaderMode(rawValue: modeText) else { fail("--mode must be auto, on or off") }
let v = viewportText.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Float($0) }
let o = originText.split(separator: ",").compactMap { Int32($0) }
guard v.count == 4, o.count == 2 else { fail("malformed --viewport or --origin") }

let library =
    corpus.map { CorpusLibrary(corpusDirectory: URL(fileURLWithPath: $0)) }
    ?? CorpusLibrary(
        corpusDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Corpus")
    )
let tree: AccessibilityTree
do {
    let session = try Interlinear(library: library, font: "Gentium Plus", options: LayoutOptions(width: width))
    tree = session.accessibilityTree(
        for: try session.chapter(reference),
        viewport: Viewport(originX: v[2], originY: v[3], width: v[0], height: v[1]))
} catch { fail("\(error)") }
tree.scroll(to: scroll)
let host = Host(tree: tree, origin: (o[0], o[1]))
let adapter: AtspiAdapter
do { adapter = try AtspiAdapter(host: host, applicationName: "interlinear", mode: mode) } catch { fail("\(error)") }
// Like the view: the focus ring starts on the chapter's first element (the first verse number), the window is active.
host.focus = ElementID(cell: 0, kind: .verseNumber)
adapter.focusChanged(to: ElementID(cell: 0, kind: .verseNumber))
adapter.windowActivated()
adapter.visibleCellsChanged(tree.table.visibleCells(in: tree.viewport))
var wasActive = adapter.isActive
say("ready active=\(wasActive ? 1 : 0)")

@MainActor func stats() -> String {
    let s = adapter.stats, t = tree.stats
    return "stats active=\(adapter.isActive ? 1 : 0) requests=\(s.requests) events=\(s.eventsEmitted) "
        + "notifications=\(s.notificationsHandled) activations=\(s.activations) deactivations=\(s.deactivations) "
        + "containers=\(t.containersBuilt) elements=\(t.elementsBuilt) frames=\(t.framesComputed) "
        + "scroll=\(tree.viewport.scrollY) collection_ns=\(s.lastCollectionNanoseconds) "
        + "collection_matches=\(s.collectionMatches)"
}

@MainActor func handle(_ line: String) -> Bool {
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case "scroll":
        guard words.count == 2, let y = Float(words[1]) else { say("bad command"); return true }
        tree.scroll(to: y)
        // The view tells the adapter only what it knows anyway: the visible range after a scroll.
        adapter.visibleCellsChanged(tree.table.visibleCells(in: tree.viewport))
        say("scrolled \(tree.viewport.scrollY)")
    case "move":
        guard words.count == 2, let direction = AccessibilityTree.Direction(rawValue: words[1]) else {
            say("bad command"); return true
        }
        // The view's focus ring lives in the view even with no screen reader; the tree only names elements when on.
        let wasOn = tree.screenReaderEnabled
        if !wasOn { tree.screenReaderEnabled = true }
        var target: ElementID?, scrolled = false
        if let from = host.focus, let move = tree.move(direction, from: from) {
            target = move.to
            scrolled = move.scrolledTo != nil
        } else if host.focus == nil, let first = tree.firstElement() {
            target = first
            scrolled = tree.focus(first) != nil
        }
        let name = target.flatMap { tree.utterance(of: $0)?.name } ?? ""
        let node = target.map { tree.nodeID(of: $0) } ?? ""
        if !wasOn { tree.screenReaderEnabled = false }
        if let target {
            host.focus = target
            adapter.focusChanged(to: target)
            if scrolled { adapter.visibleCellsChanged(tree.table.visibleCells(in: tree.viewport)) }
            say("focus \(node) \(name) \(tree.viewport.scrollY)")
        } else {
            say("focus end")
        }
    case "focus":
        guard words.count == 2, case .element(let id)? = tree.target(parsing: words[1]) else {
            say("bad command"); return true
        }
        host.focus = id
        tree.focus(id)
        adapter.focusChanged(to: id)
        say("focus \(words[1]) \(tree.viewport.scrollY)")
    case "activate":
        adapter.windowActivated()
        say("activated")
    case "stats":
        say(stats())
    case "quit":
        return false
    default:
        say("bad command")
    }
    return true
}

var buffer = Data()
var running = true
while running {
    // Wake on stdin or on the adapter's buses, so a request is answered when it arrives, not on the next tick.
    var fds =
        [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        + adapter.fileDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    if poll(&fds, nfds_t(fds.count), adapter.isConversing ? 0 : 100) > 0, fds[0].revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(0, &chunk, chunk.count)
        if n <= 0 { break }
        buffer.append(contentsOf: chunk[0..<n])
        while let newline = buffer.firstIndex(of: 0x0A) {
            let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
            buffer.removeSubrange(buffer.startIndex...newline)
            if !handle(line) { running = false; break }
        }
    }
    adapter.process()
    if adapter.isActive != wasActive {
        wasActive = adapter.isActive
        say("active \(wasActive ? 1 : 0)")
    }
}
