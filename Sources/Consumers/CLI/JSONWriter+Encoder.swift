import Foundation

/// A small record of a document whose keys are its stored properties, declared in sorted order: the struct is the
/// record's one description in code (the schema its other), and `write(into:)` streams the properties through the
/// writer in the order `Encodable`'s synthesized `encode(to:)` visits them, which is declaration order (debug builds
/// check that it is sorted). For the handful of records a document holds once or a few times (a hit, a move, the
/// stats, a lexicon answer); a document's bulk (nodes, labels) keeps its hand-written pieces.
///
/// The values a field may hold: `String`, `Bool`, `Int`, `Double` and their optionals (`nil` is written `null`, as
/// every schema here names an absent value, not an absent key), another `JSONRecord`, or an array of either.
protocol JSONFields: JSONRecord, Encodable {}

extension JSONFields {
    func write(into json: inout JSONWriter) {
        json.beginObject()
        withUnsafeMutablePointer(to: &json) { writer in
            // The encoder below throws nothing; a field of a type it does not write is a programming error that
            // debug builds stop at and release builds write as `null`.
            try? encode(to: FieldEncoder(writer))
        }
        json.endObject()
    }
}

/// Writes the properties of one record, each as a key and its value, into the writer it points at (held for the
/// length of one `write(into:)`, so the pointer never outlives the writer).
private struct FieldEncoder: Encoder {
    let writer: UnsafeMutablePointer<JSONWriter>
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ writer: UnsafeMutablePointer<JSONWriter>) { self.writer = writer }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Fields<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("a JSONFields record is an object of named properties")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a JSONFields record is an object of named properties")
    }
}

private struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: UnsafeMutablePointer<JSONWriter>
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) { writer.pointee.key(named: key.stringValue) }

    mutating func encodeNil(forKey key: Key) { self.key(key); writer.pointee.null() }
    mutating func encode(_ value: Bool, forKey key: Key) { self.key(key); writer.pointee.bool(value) }
    mutating func encode(_ value: String, forKey key: Key) { self.key(key); writer.pointee.string(value) }
    mutating func encode(_ value: Double, forKey key: Key) { self.key(key); writer.pointee.number(value) }
    mutating func encode(_ value: Int, forKey key: Key) { self.key(key); writer.pointee.number(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
        self.key(key)
        switch value {
        case let record as any JSONRecord: record.write(into: &writer.pointee)
        case let records as [any JSONRecord]:
            writer.pointee.beginArray()
            for record in records { record.write(into: &writer.pointee) }
            writer.pointee.endArray()
        case let texts as [String]:
            writer.pointee.beginArray()
            for text in texts { writer.pointee.string(text) }
            writer.pointee.endArray()
        default:
            assertionFailure("JSONFields cannot write a \(T.self)")
            writer.pointee.null()
        }
    }

    // Optionals: `null`, not an absent key (the synthesized `encode(to:)` calls these for optional properties).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) {
        if let value { encode(value, forKey: key) } else { encodeNil(forKey: key) }
    }

    // The other fixed-width types: no record here holds them.
    mutating func encode(_ value: Float, forKey key: Key) { encode(Double(value), forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) { encode(Int(clamping: value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { encode(Int(clamping: value), forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("a nested record is a JSONRecord")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("a nested array is an array of records or strings")
    }

    mutating func superEncoder() -> any Encoder { FieldEncoder(writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { FieldEncoder(writer) }
}
