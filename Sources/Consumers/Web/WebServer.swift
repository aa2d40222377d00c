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
        do { site = try WebSite(corpus: options.corpus) } catch let error as ServeError {
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
        site.respond(to: request)
    }
}
