import Foundation

/// The fields of a query string as an HTML form sends them (`application/x-www-form-urlencoded`: `+` for a space,
/// `%XX` bytes of UTF-8); the first value of a field wins. Nil when the string is not valid (a `%` without two hex
/// digits, bytes that are not UTF-8): such a request is refused, not guessed at.
enum QueryString {
    static func fields(_ query: String?) -> [String: String]? {
        var fields: [String: String] = [:]
        guard let query, !query.isEmpty else { return fields }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    /// One percent-encoded component, `+` read as a space; nil when it is not valid.
    static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~ ")

    /// `text` encoded for a query string (letters, digits and `-._~` as they are, a space as `+`).
    static func encode(_ text: String) -> String {
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(
            of: " ", with: "+")
    }
}
