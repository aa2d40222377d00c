/// The `ACCESSIBLE` environment variable, read one way by every command (`a11y`, `read`, the window): on for `1`,
/// `true`, `yes` or `on` (any case, surrounding spaces ignored); off when unset, empty, or anything else — `0`,
/// `false`, `no` and `off` included.
package enum AccessibleVariable {
    package static let name = "ACCESSIBLE"

    package static func isOn(in environment: [String: String]) -> Bool {
        guard let value = environment[name] else { return false }
        return ["1", "true", "yes", "on"].contains(value.trimmingSpaces().lowercased())
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
