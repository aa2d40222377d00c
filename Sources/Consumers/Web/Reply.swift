import Foundation
import Hummingbird

/// How every response is finished: the security headers on all of them, a body in the representation the client
/// accepts (gzip when it says so), and `304 Not Modified` when the client already holds the representation.
enum Reply {
    /// No script but the server's own file, no inline script or style, no plug-ins, frames or form targets
    /// elsewhere: the pages need nothing else.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    // HTTPTypes names these three only as strings; Hummingbird exports `HTTPFields`, whose elements name them.
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!
    static let frameOptions = HTTPFields.Element.Name("X-Frame-Options")!
    static let openerPolicy = HTTPFields.Element.Name("Cross-Origin-Opener-Policy")!

    /// How long a client may keep a response without asking again.
    enum Caching {
        /// Pages: kept, but checked with the server each time (a 304 costs a few bytes).
        case revalidate
        /// Files whose address changes with their content (`/assets/site.css?v=…`).
        case immutable
        /// Errors and redirects.
        case none

        var header: String {
            switch self {
            case .revalidate: "no-cache"
            case .immutable: "public, max-age=31536000, immutable"
            case .none: "no-store"
            }
        }
    }

    /// The headers every response carries.
    static func securityHeaders() -> HTTPFields {
        var fields = HTTPFields()
        fields[.contentSecurityPolicy] = contentSecurityPolicy
        fields[.xContentTypeOptions] = "nosniff"
        fields[referrerPolicy] = "no-referrer"
        fields[frameOptions] = "DENY"
        fields[openerPolicy] = "same-origin"
        fields[.crossOriginResourcePolicy] = "same-origin"
        return fields
    }

    /// `body` answering `request`: compressed when accepted, 304 when the client's `If-None-Match` names it, no body
    /// for HEAD.
    static func body(
        _ body: PreparedBody, to request: Request, status: HTTPResponse.Status = .ok, caching: Caching
    ) -> Response {
        let gzip = body.gzip != nil && acceptsGzip(request.headers[.acceptEncoding])
        let tag = "\"" + body.tag + (gzip ? "-gzip\"" : "\"")
        var fields = securityHeaders()
        fields[.cacheControl] = caching.header
        fields[.vary] = "Accept-Encoding"
        if caching != .none { fields[.eTag] = tag }
        if status == .ok, caching != .none, let wanted = request.headers[.ifNoneMatch], matches(wanted, body.tag) {
            return Response(status: .notModified, headers: fields)
        }
        fields[.contentType] = body.contentType
        if gzip { fields[.contentEncoding] = "gzip" }
        let buffer = gzip ? body.gzip! : body.identity
        fields[.contentLength] = String(buffer.readableBytes)
        let sent = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer)
        return Response(status: status, headers: fields, body: sent)
    }

    /// A response without a body.
    static func empty(status: HTTPResponse.Status, caching: Caching) -> Response {
        var fields = securityHeaders()
        fields[.cacheControl] = caching.header
        return Response(status: status, headers: fields)
    }

    /// A redirect (`303 See Other` after the go-to form, `301` to a chapter's canonical address).
    static func redirect(to location: String, status: HTTPResponse.Status) -> Response {
        var fields = securityHeaders()
        fields[.location] = location
        fields[.cacheControl] = Caching.none.header
        fields[.contentLength] = "0"
        return Response(status: status, headers: fields)
    }

    /// Whether an `Accept-Encoding` value accepts gzip: `gzip` or `*` listed without `q=0` (RFC 9110 12.5.3).
    static func acceptsGzip(_ value: String?) -> Bool {
        guard let value else { return false }
        for item in value.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let refused = parts.dropFirst().contains { parameter in
                guard parameter.hasPrefix("q=") else { return false }
                return (Double(parameter.dropFirst(2)) ?? 1) <= 0
            }
            return !refused
        }
        return false
    }

    /// Whether an `If-None-Match` list names either representation of the body with `tag` (weak comparison, as
    /// RFC 9110 13.1.2 asks for GET), or is `*`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        for item in header.split(separator: ",") {
            var candidate = item.trimmingCharacters(in: .whitespaces)
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            if candidate == "\"\(tag)\"" || candidate == "\"\(tag)-gzip\"" { return true }
        }
        return false
    }
}
