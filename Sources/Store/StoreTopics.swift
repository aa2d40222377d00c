import Foundation
import InterlinearCorpus

/// Nave's Topical Bible in the store's search index (tables `topic` and `topic_verse`: `StoreIndex`): written by `interlinear import` from
/// SWORD's Nave module, read by `interlinear topics`. Which topics cite a verse is one range look-up in the verse's
/// book (`topic_verse_first`), not a scan of the module.
///
/// The tables are made by the import step that fills them, not by a schema step: a new schema version makes every
/// read command refuse a store written before until `interlinear import` runs again, which an index that only
/// `topics` reads does not warrant. A store without them has no topical index yet (`hasTopics`).
package enum StoreTopics {
    /// One row per topic; one per verse range a topic cites (BBCCCVVV keys in the module's KJV numbering; a whole
    /// chapter is its verses 1…999).
    static let tables = """
        CREATE TABLE IF NOT EXISTS search.topic(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);
        CREATE TABLE IF NOT EXISTS search.topic_verse(topic INTEGER NOT NULL, first INTEGER NOT NULL, last INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS search.topic_verse_first ON topic_verse(first, last);
        CREATE INDEX IF NOT EXISTS search.topic_verse_topic ON topic_verse(topic);
        """

    /// Replaces the store's topics with `topics` (name, verse-key ranges) in one transaction, recording `source`
    /// (the module and version) in `meta`. Each is checked as a reader checks it: a name that is not clean text
    /// within `CorpusStore.maxTopicNameBytes`, or a range that is not verses of one book, is refused naming the topic,
    /// and the store is left as it was.
    package static func write(_ topics: [(name: String, ranges: [ClosedRange<Int>])], source: String, to url: URL)
        throws
    {
        for topic in topics {
            guard CorpusStore.isTopicName(topic.name) else {
                throw StoreError.badRow(
                    path: url.path, what: "the topic \(EscapedText.quoted(topic.name)) from \(source)")
            }
            for range in topic.ranges where !CorpusStore.isTopicRange(range.lowerBound, range.upperBound) {
                throw StoreError.badRow(
                    path: url.path, what: "the topic \(EscapedText.quoted(topic.name)) cites no verse (\(range))")
            }
        }
        // Refuses a foreign, damaged, newer or unpaired store, migrates an older one; its index attached.
        let database = try CorpusStore(url: url).database
        try database.transaction {
            try database.execute(tables + "DELETE FROM topic_verse; DELETE FROM topic;")
            let name = try database.prepare("INSERT OR IGNORE INTO topic(id, name) VALUES (?1, ?2)")
            let verse = try database.prepare("INSERT INTO topic_verse(topic, first, last) VALUES (?1, ?2, ?3)")
            for (number, topic) in topics.enumerated() {
                try name.bind([number + 1, topic.name] as [any StatementValue])
                try name.run()
                for range in topic.ranges {
                    try verse.bind([number + 1, range.lowerBound, range.upperBound] as [any StatementValue])
                    try verse.run()
                }
            }
            let meta = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('topics', ?1)")
            try meta.bind([source])
            try meta.run()
        }
    }
}

extension CorpusStore {
    /// The longest topic name stored or read.
    static let maxTopicNameBytes = 200
    /// The most rows one question reads: more is a damaged store (Nave's most cited verse is in under 100 topics,
    /// its longest topic cites under 5,000 ranges).
    static let maxTopicRows = 100_000

    static func isTopicName(_ name: String) -> Bool {
        var name = name
        return !name.isEmpty && name.utf8.count <= maxTopicNameBytes && name.withUTF8 { TextCheck.isClean($0) }
    }

    /// Whether `first`…`last` are verse keys (BBCCCVVV) of one book, in order.
    static func isTopicRange(_ first: Int, _ last: Int) -> Bool {
        func isVerse(_ key: Int) -> Bool {
            (1...66).contains(key / 1_000_000) && (1...150).contains(key / 1_000 % 1_000) && key % 1_000 >= 1
        }
        return isVerse(first) && isVerse(last) && first <= last && first / 1_000_000 == last / 1_000_000
    }

    /// Whether the store holds a topical index (none before an import with Nave installed).
    package func hasTopics() throws -> Bool {
        guard try database.integer("SELECT EXISTS (SELECT 1 FROM search.sqlite_master WHERE name = 'topic_verse')") == 1
        else { return false }
        return try database.integer("SELECT EXISTS (SELECT 1 FROM topic)") == 1
    }

    /// The topics citing the verse `key` (BBCCCVVV, KJV numbering) — the verse itself, a range holding it, or its
    /// whole chapter — in the module's order.
    package func topics(citing key: Int) throws -> [String] {
        let statement = try database.prepare(
            """
            SELECT DISTINCT topic.id, topic.name FROM topic_verse JOIN topic ON topic.id = topic_verse.topic
            WHERE topic_verse.first BETWEEN ?1 AND ?2 AND topic_verse.last >= ?2 ORDER BY topic.id
            """)
        try statement.bind([key / 1_000_000 * 1_000_000, key] as [any StatementValue])
        var names: [String] = []
        while try statement.step() {
            let name = statement.text(1)
            guard Self.isTopicName(name), names.count < Self.maxTopicRows else {
                throw StoreError.badRow(path: url.path, what: "a topic row citing \(key)")
            }
            names.append(name)
        }
        return names
    }

    /// The topic named `name` (without regard to case) as the module spells it, and its verse ranges in the entry's
    /// order; nil when there is none.
    package func topic(named name: String) throws -> (name: String, ranges: [ClosedRange<Int>])? {
        let found = try database.prepare("SELECT id, name FROM topic WHERE name = ?1")
        try found.bind([name])
        guard try found.step() else { return nil }
        let id = found.int(0), spelled = found.text(1)
        guard Self.isTopicName(spelled) else {
            throw StoreError.badRow(path: url.path, what: "the topic row \(id)")
        }
        let statement = try database.prepare("SELECT first, last FROM topic_verse WHERE topic = ?1 ORDER BY rowid")
        try statement.bind([id])
        var ranges: [ClosedRange<Int>] = []
        while try statement.step() {
            let first = statement.int(0), last = statement.int(1)
            guard Self.isTopicRange(first, last), ranges.count < Self.maxTopicRows else {
                throw StoreError.badRow(path: url.path, what: "a verse row of the topic \(EscapedText.quoted(spelled))")
            }
            ranges.append(first...last)
        }
        return (spelled, ranges)
    }
}
