import Foundation
import InterlinearTestSupport
import Testing

/// The server as HTTP: security headers on every answer, validation and compression, errors as pages, refusals
/// of what it does not serve (other methods, bodies, long addresses, paths out of its routes), and its start and
/// stop as a process.
@Suite("interlinear serve: protocol", .enabled(if: WebFixture.bibleMissing == nil || SystemTool.isCI))
struct WebProtocolTests {
    /// The headers every answer carries.
    static func expectSecured(_ reply: HTTPReply, _ what: String) {
        let policy = reply.headers["content-security-policy"] ?? ""
        #expect(policy.contains("script-src 'self'"), "\(what): \(policy)")
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(what): \(policy)")
        #expect(policy.contains("default-src 'none'"), "\(what)")
        #expect(reply.headers["x-content-type-options"] == "nosniff", "\(what)")
        #expect(reply.headers["referrer-policy"] == "no-referrer", "\(what)")
    }

    @Test("Every route answers with its status, type and security headers")
    func routes() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let cases: [(String, Int, String?)] = [
            ("/", 200, "text/html"), ("/read/John.1", 200, "text/html"), ("/read/Gen.1?fragment=1", 200, "text/html"),
            ("/search?q=logos", 200, "text/html"), ("/assets/site.css", 200, "text/css"),
            ("/assets/reader.js", 200, "text/javascript"), ("/go?ref=John+1:14", 303, nil),
            ("/read/John", 301, nil), ("/read/John.1.14", 301, nil), ("/read/john.1", 301, nil),
            ("/read/John.22", 404, "text/html"), ("/read/Nowhere.1", 404, "text/html"), ("/nothing", 404, "text/html"),
            ("/go?ref=Nowhere+9", 400, "text/html"), ("/go?ref=", 400, "text/html"), ("/search?q=", 400, "text/html"),
            ("/search?q=logos&page=0", 400, "text/html"), ("/search?q=logos&in=Atlantis", 400, "text/html"),
            ("/word/X1", 404, "text/html"), ("/word/G3056?ref=John.1", 400, "text/html"),
            ("/search?q=%zz", 400, "text/html"),
        ]
        for (target, status, type) in cases {
            let reply = try server.request(target)
            #expect(reply.status == status, "\(target): \(reply.status)")
            if let type { #expect(reply.headers["content-type"]?.hasPrefix(type) == true, "\(target)") }
            Self.expectSecured(reply, target)
        }
        #expect(try server.request("/read/John").headers["location"] == "/read/John.1")
        #expect(try server.request("/read/John.1.14").headers["location"] == "/read/John.1#John.1.14")
    }

    @Test("Errors are pages that say what to do, with the forms to do it")
    func errorPages() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let bad = try server.request("/go?ref=Nowhere+9")
        #expect(bad.status == 400)
        let page = try WebFixture.page(bad)
        #expect(page.errors.isEmpty)
        #expect(page.h1 == ["Reference not understood"])
        #expect(bad.text.contains("such as John 1:14"))
        #expect(bad.text.contains("value=\"Nowhere 9\""), "the go-to field holds what was typed")
        #expect(page.forms.contains { $0 == ["/go", "get"] })
        let missing = try server.request("/go?ref=John+22")
        #expect(missing.status == 404 && missing.text.contains("John has 21 chapters"))
        #expect(try server.request("/nothing").headers["cache-control"] == "no-store")
    }

    @Test("ETag and If-None-Match give 304; gzip when accepted, the same bytes once decompressed")
    func validationAndCompression() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        for target in ["/read/John.1", "/", "/assets/site.css", "/word/G3056", "/search?q=logos"] {
            let plain = try server.request(target)
            #expect(plain.status == 200, "\(target)")
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.headers["vary"] == "Accept-Encoding")
            #expect(Int(plain.headers["content-length"] ?? "") == plain.body.count)
            let tag = try #require(plain.headers["etag"], "\(target)")
            let zipped = try server.request(target, headers: [("Accept-Encoding", "gzip, deflate")])
            #expect(zipped.headers["content-encoding"] == "gzip", "\(target)")
            #expect(zipped.body.count < plain.body.count)
            #expect(try WebFixture.gunzip(zipped.body) == plain.body, "\(target)")
            let zippedTag = try #require(zipped.headers["etag"])
            #expect(zippedTag != tag, "each representation has its own tag")
            for (held, encoding) in [(tag, "identity"), (zippedTag, "gzip"), ("W/\(tag)", "identity")] {
                let again = try server.request(
                    target, headers: [("If-None-Match", "\"other\", \(held)"), ("Accept-Encoding", encoding)])
                #expect(again.status == 304 && again.body.isEmpty, "\(target) \(held)")
                Self.expectSecured(again, "304 \(target)")
            }
            #expect(try server.request(target, headers: [("If-None-Match", "\"other\"")]).status == 200)
            #expect(
                try server.request(target, headers: [("Accept-Encoding", "gzip;q=0")]).headers["content-encoding"]
                    == nil)
        }
        #expect(try server.request("/read/John.1").headers["cache-control"] == "no-cache")
        let css = try WebFixture.page(try server.request("/read/John.1")).scripts[0] ?? ""
        #expect(try server.request(css).headers["cache-control"]?.contains("immutable") == true)
        let head = try server.request("/read/John.1", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test("Nothing outside the routes is served: no path leads to a file on the disk")
    func pathTraversal() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        for target in [
            "/assets/../Package.swift", "/assets/%2e%2e/%2e%2e/Package.swift", "/assets/..%2f..%2fPackage.swift",
            "/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/read/../../../etc/passwd",
            "/read/..%2f..%2fetc%2fpasswd", "/word/..%2fG3056", "/../../etc/passwd", "/assets//etc/passwd",
            "/assets/site.css/../../Package.swift", "/Package.swift", "/.build/debug/interlinear",
        ] {
            let reply = try server.request(target)
            #expect(reply.status == 404 || reply.status == 400 || reply.status == 301, "\(target): \(reply.status)")
            #expect(!reply.text.contains("root:x:0") && !reply.text.contains("swift-tools-version"), "\(target)")
        }
    }

    @Test("Other methods, request bodies, long addresses and long headers are refused")
    func refusals() throws {
        let server = try ServedReader(store: try WebFixture.bible())
        let post = try server.request("/", method: "POST")
        #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD")
        #expect(try server.request("/", method: "DELETE").status == 405)
        let body = try server.request("/", headers: [("Content-Length", "5")], body: Array("hello".utf8))
        #expect(body.status == 413)
        let long = try server.request("/search?q=" + String(repeating: "a", count: 3000))
        #expect(long.status == 414)
        let longQuery = try server.request("/search?q=" + String(repeating: "a", count: 600))
        #expect(longQuery.status == 400)
        let header = try server.request("/", headers: [("X-Filler", String(repeating: "y", count: 20_000))])
        #expect(header.status == 400)
        // The server still answers after every refusal.
        #expect(try server.request("/").status == 200)
    }

    @Test("SIGTERM and SIGINT stop the server gracefully: exit 0", arguments: [SIGTERM, SIGINT])
    func stopsOnSignal(signal: Int32) throws {
        let server = try ServedReader(store: try WebFixture.bible())
        #expect(try server.request("/read/John.1").status == 200)
        let exit = try server.stop(signal)
        #expect(exit.status == 0 && exit.signal == nil, "\(exit) \(server.errorText())")
    }

    @Test("Bad options and a missing store end with the README's statuses and one line")
    func usage() throws {
        let port = try interlinear("serve", "--port", "70000")
        #expect(port.status == 64)
        #expect(port.stderr.hasPrefix("interlinear: error: ") && port.stderr.contains("--port"))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-store-\(getpid())")
        let none = try interlinear("serve", "--port", "0", "--corpus", missing.path)
        #expect(none.status == 66, "\(none.stderr)")
        #expect(none.stderr.split(separator: "\n").count == 1 && none.stderr.contains("interlinear import"))
        #expect(none.stdout.isEmpty)
        // Another host than loopback is warned about; an address this machine does not have cannot be served (69).
        let elsewhere = try interlinear(
            "serve", "--port", "0", "--host", "192.0.2.1", "--corpus", try WebFixture.bible().path)
        #expect(elsewhere.status == 69, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.contains("interlinear: warning: serving on 192.0.2.1"))
    }
}
