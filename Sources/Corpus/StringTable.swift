/// Integer id of an interned string. The typesetter and the shape cache index arrays with it,
/// so no Greek `String` is hashed after loading.
public typealias TextID = UInt32

/// Interns every distinct string once. Ids are dense, starting at 0, in first-seen order.
public final class StringTable: @unchecked Sendable {
    public private(set) var strings: [String] = []
    private var ids: [UTF8Key: TextID] = [:]

    public init() {}

    /// The id of `text`, interning it on first sight.
    public func intern<S: StringProtocol>(_ text: S) -> TextID {
        let key = UTF8Key(text)
        if let id = ids[key] { return id }
        let id = TextID(strings.count)
        strings.append(String(text))
        ids[key] = id
        return id
    }

    /// The id of `text` if it was interned.
    public func id<S: StringProtocol>(of text: S) -> TextID? { ids[UTF8Key(text)] }

    public subscript(id: TextID) -> String { strings[Int(id)] }

    /// Number of distinct strings.
    public var count: Int { strings.count }
}

/// Hashes the UTF-8 bytes: byte equality, not Unicode canonical equivalence, which is all the
/// corpus needs (it is NFC already) and several times cheaper for Greek.
struct UTF8Key: Hashable {
    let bytes: [UInt8]
    init<S: StringProtocol>(_ text: S) { bytes = Array(text.utf8) }
    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
