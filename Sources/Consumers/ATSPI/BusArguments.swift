import CSystemdBus
import InterlinearAccessibility

/// The compound arguments read from messages other processes send: a Collection query's match rule and a status
/// signal. They live apart from the adapter so the `bus-args` fuzz harness compiles them alone with `MessageReader`.
/// Signals are not checked against any signature (any client on the session bus can send one with any body), and
/// a method call's arguments are checked by sd-bus only against its vtable: so every read here expects the worst.
extension MessageReader {
    /// The arguments of `Collection.GetMatches`: `(aiia{ss}iaiiasib)uib`.
    struct MatchesRequest: Equatable {
        var rule: CollectionRule
        var sortOrder: CollectionRule.SortOrder
        var count: Int
        var traverse: Bool
    }

    /// Reads GetMatches' arguments; nil if they are malformed.
    mutating func matchesRequest() -> MatchesRequest? {
        guard let rule = collectionRule() else { return nil }
        let sortOrder = CollectionRule.SortOrder(rawValue: uint32()) ?? .invalid
        let count = Int(int32())
        let traverse = bool()
        guard status >= 0 else { return nil }
        return MatchesRequest(rule: rule, sortOrder: sortOrder, count: count, traverse: traverse)
    }

    /// Reads the match rule `(aiia{ss}iaiiasib)`, the first argument of a GetMatches call; nil if malformed.
    mutating func collectionRule() -> CollectionRule? {
        let m = message
        func enter(_ type: String, _ contents: String) -> Bool {
            sd_bus_message_enter_container(m, CChar(bitPattern: type.utf8.first!), contents) > 0
        }
        func ints() -> [Int32]? {
            guard enter("a", "i") else { return nil }
            var values: [Int32] = []
            var v: Int32 = 0
            while sd_bus_message_read_basic(m, CChar(UInt8(ascii: "i")), &v) > 0 { values.append(v) }
            _ = sd_bus_message_exit_container(m)
            return values
        }
        guard enter("r", "aiia{ss}iaiiasib"), let stateWords = ints() else { return nil }
        let stateMatch = int32()
        guard enter("a", "{ss}") else { return nil }
        var attributes: [(String, String)] = []
        while enter("e", "ss") {
            let name = string(), value = string()
            attributes += CollectionRule.attributePairs(name: name, value: value)
            _ = sd_bus_message_exit_container(m)
        }
        _ = sd_bus_message_exit_container(m)
        let attributeMatch = int32()
        guard let roleWords = ints() else { return nil }
        let roleMatch = int32()
        guard enter("a", "s") else { return nil }
        var interfaces: [String] = []
        var p: UnsafePointer<CChar>?
        while sd_bus_message_read_basic(m, CChar(UInt8(ascii: "s")), &p) > 0, let p {
            interfaces.append(String(cString: p))
        }
        _ = sd_bus_message_exit_container(m)
        let interfaceMatch = int32()
        let invert = bool()
        _ = sd_bus_message_exit_container(m)
        guard status >= 0 else { return nil }
        func match(_ raw: Int32) -> CollectionRule.MatchType { .init(rawValue: raw) ?? .invalid }
        return CollectionRule(
            states: CollectionRule.numbers(inBitArray: stateWords), stateMatch: match(stateMatch),
            attributes: attributes, attributeMatch: match(attributeMatch),
            roles: CollectionRule.numbers(inBitArray: roleWords), roleMatch: match(roleMatch),
            interfaces: interfaces, interfaceMatch: match(interfaceMatch), invert: invert)
    }

    /// IsEnabled from a `PropertiesChanged(sa{sv}as)` signal of `org.a11y.Status`, if it is there; nil otherwise.
    mutating func statusEnabledChange() -> Bool? {
        let m = message
        guard string() == "org.a11y.Status",
            sd_bus_message_enter_container(m, CChar(UInt8(ascii: "a")), "{sv}") > 0
        else { return nil }
        var result: Bool?
        while sd_bus_message_enter_container(m, CChar(UInt8(ascii: "e")), "sv") > 0 {
            let name = string()
            if name == "IsEnabled", sd_bus_message_enter_container(m, CChar(UInt8(ascii: "v")), "b") > 0 {
                result = bool()
                _ = sd_bus_message_exit_container(m)
            } else {
                _ = sd_bus_message_skip(m, "v")
            }
            _ = sd_bus_message_exit_container(m)
        }
        return status >= 0 ? result : nil
    }
}
