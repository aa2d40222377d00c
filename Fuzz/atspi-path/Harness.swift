// libFuzzer harness: the AT-SPI object-path parser (`ObjectNode(path:tree:)`, Sources/Consumers/ATSPI/ObjectNode.swift)
// and the node-id parser under it (`AccessibilityTree.target(parsing:)`), compiled into one module with ObjectNode.swift
// by scripts/fuzz (Corpus, Shaping, Typesetting, Table and Accessibility built beside it). Any client on the
// accessibility bus names objects by path: every method call and property read starts here.
//
// The input is a path (and, read as a node id, `John.1.3.w2`), asked of two real trees: John 1 at word granularity and
// Genesis 1 at label granularity, each typeset once per process from the committed chapter files with the real fonts.
// Whatever the input: a path that names a node is that node's own path (paths are one to one) and within the length
// bound; an element it names is built as the adapter builds it (`tree.element`), and lies in a real verse; a node id that
// parses names a target whose own id parses back to it. Anything else — a trap, an address-sanitizer report, a broken
// property — is a crash.

import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// The trees, typeset once per process as the window typesets its chapter once.
nonisolated(unsafe) private var trees: [AccessibilityTree] = []

private func makeTrees() -> [AccessibilityTree] {
    typesetTrees().map { tree in
        selfCheck(tree)
        return tree
    }
}

/// Every node the tree has is named by its own path, and that path is within the bound (once per process: the
/// fuzzer's inputs then only need to find what is *not* a node's path).
private func selfCheck(_ tree: AccessibilityTree) {
    var nodes: [ObjectNode] = [.application, .frame, .statusBar, .statusMessage, .document]
    for cell in 0..<tree.cellCount {
        let cell = VerseIndex(cell)
        nodes.append(.cell(cell))
        guard let container = tree.container(at: cell) else { fatalError("no container for cell \(cell)") }
        nodes += container.elements.map { .element(ElementID(cell: cell, kind: $0.kind)) }
    }
    for node in nodes {
        let path = node.path(in: tree)
        precondition(path.utf8.count <= ObjectNode.maxPathBytes, "a real path over the bound: \(path)")
        precondition(ObjectNode(path: path, tree: tree) == node, "\(path) does not name its own node")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzObjectPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if trees.isEmpty { trees = makeTrees() }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Short inputs are tried both as they are and under the prefix, so the fuzzer need not find the prefix itself.
    let paths = text.hasPrefix("/") ? [text] : [text, ObjectNode.prefix + "/" + text]
    for tree in trees {
        for path in paths { check(path: path, tree) }
        check(nodeID: text, tree)
    }
    return 0
}

private func check(path: String, _ tree: AccessibilityTree) {
    guard let node = ObjectNode(path: path, tree: tree) else { return }
    precondition(path.utf8.count <= ObjectNode.maxPathBytes, "a path over the bound was accepted")
    precondition(node.path(in: tree) == path, "\(path) names \(node), whose path is \(node.path(in: tree))")
    switch node {
    case .cell(let cell):
        precondition(cell.rawValue < tree.cellCount, "cell \(cell) of \(tree.cellCount)")
    case .element(let id):
        precondition(id.cell.rawValue < tree.cellCount, "element in cell \(id.cell) of \(tree.cellCount)")
        // As the adapter resolves it: the element exists or the path names nothing now.
        if let element = tree.element(id) {
            precondition(element.kind == id.kind, "element \(id) answered as \(element.kind)")
        }
    default:
        break
    }
}

private func check(nodeID: String, _ tree: AccessibilityTree) {
    guard let target = tree.target(parsing: nodeID) else { return }
    let id: String
    switch target {
    case .chapter: id = tree.rootNodeID
    case .cell(let cell):
        precondition(cell.rawValue < tree.cellCount, "cell \(cell) of \(tree.cellCount)")
        id = tree.nodeID(ofCell: cell)
    case .element(let element):
        precondition(element.cell.rawValue < tree.cellCount, "element in cell \(element.cell) of \(tree.cellCount)")
        id = tree.nodeID(of: element)
    }
    precondition(tree.target(parsing: id) == target, "\(nodeID) parses to \(target), whose id \(id) does not")
}
