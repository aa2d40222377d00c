/// Encodes an optional as JSON `null` when it is nil. Synthesized `Encodable` drops nil keys, but our schemas
/// require the key, so "none" and "not measured" stay visible in the output.
@propertyWrapper
struct EncodedNull<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
