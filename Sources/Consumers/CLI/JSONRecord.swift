import Foundation

/// A part of a JSON document that writes itself: the one place its keys are named, whichever document or record
/// holds it (a bounds rectangle is written by the same function as a node's frame and as the viewport).
protocol JSONRecord {
    /// Writes the record's value (an object) where a value is due: after a key, or as an array's element.
    func write(into json: inout JSONWriter)
}

extension JSONWriter {
    /// An object: `body` writes its keys, in sorted order, and their values between the braces.
    @inline(__always)
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// An array whose elements `body` writes.
    @inline(__always)
    mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// `record`, or `null` when there is none.
    mutating func record(_ record: (some JSONRecord)?) {
        if let record { record.write(into: &self) } else { null() }
    }

    /// An array of records, in order.
    mutating func records(_ records: some Sequence<some JSONRecord>) {
        array { json in
            for record in records { record.write(into: &json) }
        }
    }
}

extension Encodable {
    /// The value as Foundation's `JSONEncoder` writes it, keys sorted, slashes as they are, pretty-printed, ending
    /// with a line break: for a document whose writing no one waits for (`bench --json`, written after the timing),
    /// so that its `Encodable` record is its one description. Not for the others: `JSONEncoder` takes several
    /// times the writer's instructions (`JSONWriter`).
    func prettyJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
