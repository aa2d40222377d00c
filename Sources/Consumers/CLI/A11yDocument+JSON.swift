import Foundation
import InterlinearAccessibility
import InterlinearCorpus

extension A11yDocument {
    /// The document, compact with its keys sorted and ending with a line break, written directly (`JSONWriter`):
    /// each record below names its keys once, and `SchemaDriftTests` holds them to `Schemas/a11y-5.schema.json`.
    func encoded() throws -> Data {
        try encoded(capacity: 1024 * nodes.count + 4096, stats: { stats }) { json in
            for node in nodes { node.write(into: &json) }
        }
    }

    /// The document with the nodes of a walk over `cells` written as they are made, never held, and the stats taken
    /// after the walk (as `walk` then `finish` record them).
    func encoded(walking tree: AccessibilityTree, cells: Range<VerseIndex>) throws -> Data {
        let elements = cells.count * (tree.layout.labels.count / max(tree.cellCount, 1) / 2 + 4)
        return try encoded(capacity: 512 * elements + 4096, stats: { Self.stats(of: tree) }) { json in
            Self.walk(tree, cells: cells) { $0.write(into: &json) }
        }
    }

    /// Writes the document; `nodes` writes the nodes' array elements, `stats` is taken after them.
    private func encoded(capacity: Int, stats: () -> Stats, nodes: (inout JSONWriter) -> Void) throws -> Data {
        var json = JSONWriter(capacity: capacity)
        json.object { json in
            json.key("contentHeight"); json.number(contentHeight)
            json.key("granularity"); json.string(granularity)
            json.key("hit"); json.record(hit)
            json.key("moves"); json.records(moves)
            json.key("nodes"); json.array(nodes)
            json.key("reachedEnd"); json.bool(reachedEnd)
            json.key("reference"); json.string(reference)
            json.key("requestedScrollY"); json.number(requestedScrollY)
            json.key("schema"); json.string(Self.schema)
            json.key("screenReader"); json.bool(screenReader)
            json.key("scrollClamped"); json.bool(scrollClamped)
            json.key("scrollY"); json.number(scrollY)
            json.key("stats"); stats().write(into: &json)
            json.key("viewport"); viewport.write(into: &json)
            json.key("walk"); json.string(walk)
        }
        return try json.finish()
    }
}

extension A11yDocument.Bounds: JSONRecord {
    /// The most bytes `put(into:)` writes.
    static let bound = 32 + 4 * JSONWriter.maxNumberLength

    /// `{"height":…,"width":…,"x":…,"y":…}` from pieces, into room the caller made (`bound`).
    @inline(__always)
    func put(into json: inout JSONWriter) {
        json.put(#"{"height":"#)
        json.putNumber(height)
        json.put(#","width":"#)
        json.putNumber(width)
        json.put(#","x":"#)
        json.putNumber(x)
        json.put(#","y":"#)
        json.putNumber(y)
        json.put("}")
    }

    /// The rectangle where a value is due (the viewport): the pieces a node's frame is written with.
    func write(into json: inout JSONWriter) {
        let room = json.beginValue(reserving: Self.bound)
        put(into: &json)
        json.endValue(room)
    }
}

extension A11yDocument.Node {
    /// The node's object from fixed pieces after one reservation: an upper bound from its strings' lengths (6 bytes
    /// a byte at most, escaped), the keys in sorted order with their punctuation.
    func write(into json: inout JSONWriter) {
        let parentId = parentId, roleDescription = roleDescription
        var textBytes =
            nodeId.utf8.count + role.utf8.count + name.utf8.count + description.utf8.count
            + language.utf8.count + descriptionLanguage.utf8.count + (parentId?.utf8.count ?? 0)
            + (roleDescription?.utf8.count ?? 0)
        for action in actions { textBytes += action.utf8.count + 1 }
        for child in childIds { textBytes += child.utf8.count + 1 }
        // 6 bytes a text byte (a list's comma counted among them); 2 quotes for each string not inside a piece; the
        // constant pieces with the nulls they may hold take 243 bytes; then two bounds and three integers.
        let bound =
            6 * textBytes + 2 * (2 + actions.count + childIds.count) + 248 + 2 * A11yDocument.Bounds.bound
            + 3 * 20
        let room = json.beginValue(reserving: bound)
        json.put(#"{"actions":["#)
        for (index, action) in actions.enumerated() {
            if index > 0 { json.put(",") }
            json.putString(action)
        }
        json.put(#"],"bounds":"#)
        bounds.put(into: &json)
        json.put(#","childIds":["#)
        for (index, child) in childIds.enumerated() {
            if index > 0 { json.put(",") }
            json.putString(child)
        }
        json.put(#"],"clippedBounds":"#)
        if let clippedBounds { clippedBounds.put(into: &json) } else { json.put("null") }
        json.put(#","description":""#)
        json.putStringContent(description)
        json.put(#"","descriptionLanguage":""#)
        json.putStringContent(descriptionLanguage)
        json.put(#"","headingLevel":"#)
        json.putNumber(headingLevel)
        json.put(#","language":""#)
        json.putStringContent(language)
        json.put(#"","name":""#)
        json.putStringContent(name)
        json.put(#"","nodeId":""#)
        json.putStringContent(nodeId)
        if offscreen {
            json.put(#"","offscreen":true,"parentId":"#)
        } else {
            json.put(#"","offscreen":false,"parentId":"#)
        }
        json.putString(parentId)
        json.put(#","posInSet":"#)
        json.putNumber(posInSet)
        json.put(#","role":""#)
        json.putStringContent(role)
        json.put(#"","roleDescription":"#)
        json.putString(roleDescription)
        json.put(#","setSize":"#)
        json.putNumber(setSize)
        json.put("}")
        json.endValue(room)
    }
}
