import Foundation
import Hummingbird
import HummingbirdCore
import Logging

/// What `interlinear serve` runs: the site on Hummingbird's HTTP/1.1 server, bounded (headers, connections, idle
/// time), stopped gracefully by SIGTERM or SIGINT (requests in flight finish, then the process exits 0).
public enum WebServer {
    /// Serves until a signal stops it; returns the exit status (README's table: 0, 64 usage, 65 a damaged store,
    /// 66 no store, 69 cannot listen).
    public static func main(arguments: [String]) async -> Int32 {
        let options: ServeOptions
        do { options = try ServeOptions(arguments: arguments) } catch {
            report("error", "\(error)")
            return error.status
        }
        let site: WebSite
        do {
            site = try WebSite(
                corpus: options.corpus, notes: options.notes, keepsNotes: options.isLoopback || options.notes != nil)
        } catch let error as ServeError {
            report("error", error.description)
            return error.status
        } catch {
            report("error", "\(error)")
            return 65
        }
        if !options.isLoopback {
            report(
                "warning",
                "serving on \(options.host): every machine that reaches this one can read the pages; the default, "
                    + "127.0.0.1, keeps them on this machine")
        }
        var logger = Logger(label: "interlinear-serve")
        logger.logLevel = .error
        let app = Application(
            responder: WebResponder(site: site),
            server: .http1(
                configuration: .init(
                    idleTimeout: .seconds(30),
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: 8 << 10, maxHeaderListSize: 16 << 10, maxHeaderFieldCount: 100))),
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(512)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let host = options.host.contains(":") ? "[\(options.host)]" : options.host
                // Written at once (no stdio buffer): tests and scripts read the port from this line.
                FileHandle.standardOutput.write(Data("Serving \(site.storePath) at http://\(host):\(port)/\n".utf8))
            },
            logger: logger)
        do {
            try await app.runService()
            return 0
        } catch {
            report("error", "cannot serve on \(options.host) port \(options.port): \(error)")
            return 69
        }
    }

    /// One line on stderr, as every command reports.
    static func report(_ kind: String, _ message: String) {
        FileHandle.standardError.write(Data("interlinear: \(kind): \(message)\n".utf8))
    }
}

/// Hands every request to the site.
struct WebResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let site: WebSite

    func respond(to request: Request, context: Context) async throws -> Response {
        // Only a notes form's body is read, and only when its length is said and within the bound: a chunked body,
        // or one without a length, is refused unread (a client that never ends one holds nothing here).
        guard request.method == .post, request.uri.path.hasPrefix("/notes/") else { return site.respond(to: request) }
        guard request.headers[.transferEncoding] == nil, let length = request.headers[.contentLength].flatMap(Int.init)
        else { return site.refusing(request, form: .unsaidLength) }
        guard length <= WebSite.maximumForm else { return site.refusing(request, form: .tooLong) }
        // Read within `formWait`: a client that says a length and sends less is answered, not waited on.
        let body = request.body
        let read = await withTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { try? await Array(body.collect(upTo: WebSite.maximumForm).readableBytesView) }
            group.addTask {
                try? await Task.sleep(for: WebSite.formWait)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let read, read.count == length else { return site.refusing(request, form: .slow) }
        return site.respond(to: request, form: read)
    }
}
