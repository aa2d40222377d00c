import InterlinearAccessibility
import InterlinearCorpus

extension A11yDocument {
    /// The document, ending with a line break: what `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
    /// makes of this value (`JSONWriterTests` compares the two), written directly (`JSONWriter`).
    func encoded() throws -> [UInt8] {
        try encoded(capacity: 1024 * nodes.count + 4096, stats: { stats }) { json in
            for node in nodes { node.write(into: &json) }
        }
    }

    /// The document with the nodes of a walk over `cells` written as they are made, never held, and the stats taken
    /// after the walk (as `walk` then `finish` record them).
    func encoded(walking tree: AccessibilityTree, cells: Range<VerseIndex>) throws -> [UInt8] {
        let elements = cells.count * (tree.layout.labels.count / max(tree.cellCount, 1) / 2 + 4)
        return try encoded(capacity: 512 * elements + 4096, stats: { Self.stats(of: tree) }) { json in
            Self.walk(tree, cells: cells) { $0.write(into: &json) }
        }
    }

    /// Writes the document; `nodes` writes the nodes' array elements, `stats` is taken after them.
    private func encoded(capacity: Int, stats: () -> Stats, nodes: (inout JSONWriter) -> Void) throws -> [UInt8] {
        var json = JSONWriter(capacity: capacity)
        json.beginObject()
        json.key("contentHeight"); json.number(contentHeight)
        json.key("granularity"); json.string(granularity)
        json.key("hit")
        if let hit {
            json.beginObject()
            json.key("distance"); json.number(hit.distance)
            json.key("inside"); json.bool(hit.inside)
            json.key("nodeId"); json.string(hit.nodeId)
            json.key("x"); json.number(hit.x)
            json.key("y"); json.number(hit.y)
            json.endObject()
        } else {
            json.null()
        }
        json.key("moves")
        json.beginArray()
        for move in moves {
            json.beginObject()
            json.key("announcement"); json.string(move.announcement)
            json.key("from"); json.string(move.from)
            json.key("name"); json.string(move.name)
            json.key("scrollY"); json.number(move.scrollY)
            json.key("scrolled"); json.bool(move.scrolled)
            json.key("to"); json.string(move.to)
            json.endObject()
        }
        json.endArray()
        json.key("nodes")
        json.beginArray()
        nodes(&json)
        json.endArray()
        let stats = stats()
        json.key("reachedEnd"); json.bool(reachedEnd)
        json.key("reference"); json.string(reference)
        json.key("requestedScrollY"); json.number(requestedScrollY)
        json.key("schema"); json.string(schema)
        json.key("screenReader"); json.bool(screenReader)
        json.key("scrollClamped"); json.bool(scrollClamped)
        json.key("scrollY"); json.number(scrollY)
        json.key("stats")
        json.beginObject()
        json.key("cells"); json.number(stats.cells)
        json.key("containersBuilt"); json.number(stats.containersBuilt)
        json.key("elementsBuilt"); json.number(stats.elementsBuilt)
        json.key("framesComputed"); json.number(stats.framesComputed)
        json.endObject()
        json.key("viewport")
        json.beginObject()
        json.key("height"); json.number(viewport.height)
        json.key("width"); json.number(viewport.width)
        json.key("x"); json.number(viewport.x)
        json.key("y"); json.number(viewport.y)
        json.endObject()
        json.key("walk"); json.string(walk)
        json.endObject()
        return try json.finish()
    }
}

extension A11yDocument.Bounds {
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.key("height"); json.number(height)
        json.key("width"); json.number(width)
        json.key("x"); json.number(x)
        json.key("y"); json.number(y)
        json.endObject()
    }
}

extension A11yDocument.Node {
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.key("actions")
        json.beginArray()
        for action in actions { json.string(action) }
        json.endArray()
        json.key("bounds"); bounds.write(into: &json)
        json.key("childIds")
        json.beginArray()
        for child in childIds { json.string(child) }
        json.endArray()
        json.key("clippedBounds")
        if let clippedBounds { clippedBounds.write(into: &json) } else { json.null() }
        json.key("description"); json.string(description)
        json.key("descriptionLanguage"); json.string(descriptionLanguage)
        json.key("headingLevel"); json.number(headingLevel)
        json.key("language"); json.string(language)
        json.key("name"); json.string(name)
        json.key("nodeId"); json.string(nodeId)
        json.key("offscreen"); json.bool(offscreen)
        json.key("parentId"); json.string(parentId)
        json.key("posInSet"); json.number(posInSet)
        json.key("role"); json.string(role)
        json.key("roleDescription"); json.string(roleDescription)
        json.key("setSize"); json.number(setSize)
        json.endObject()
    }
}
