import Foundation
import InterlinearTestSupport
import Testing

/// `interlinear serve --port 0` as users start it (the real binary, which becomes `interlinear-serve`), its port read
/// from the line it prints on start, and a plain HTTP/1.1 client on a socket, so the tests see every byte the server
/// sends (no client library decompressing, following redirects or adding headers).
final class ServedReader {
    let pid: pid_t
    let port: Int
    /// The line printed on start.
    let startLine: String
    private let errorDescriptor: Int32
    private var exited: ChildExit?

    /// Starts the server over `store`; throws with its stderr when it does not print its address.
    init(store: URL, extra: [String] = []) throws {
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw SpawnFailure("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        let arguments = ["interlinear", "serve", "--port", "0", "--corpus", store.path] + extra
        pid = try spawnWithSignalsRestored(
            interlinearBinary.path, argv: arguments, environment: testEnvironment, actions: &actions)
        close(output[1])
        close(errors[1])
        errorDescriptor = errors[0]
        // The first line, or end of file when the server stops before listening.
        var line = [UInt8]()
        var byte: UInt8 = 0
        while read(output[0], &byte, 1) == 1, byte != 10 { line.append(byte) }
        close(output[0])
        startLine = String(decoding: line, as: UTF8.self)
        guard let range = startLine.range(of: #"http://127\.0\.0\.1:(\d+)/$"#, options: .regularExpression),
            let port = Int(startLine[range].dropFirst("http://127.0.0.1:".count).dropLast())
        else {
            kill(pid, SIGKILL)
            exited = try ChildExit(waitingFor: pid)
            throw SpawnFailure("serve did not start: '\(startLine)' \(Self.drain(errors[0]))")
        }
        self.port = port
    }

    deinit {
        if exited == nil {
            kill(pid, SIGKILL)
            _ = try? ChildExit(waitingFor: pid)
        }
        close(errorDescriptor)
    }

    /// Sends `signal` and waits for the server to end.
    func stop(_ signal: Int32 = SIGTERM) throws -> ChildExit {
        kill(pid, signal)
        let exit = try ChildExit(waitingFor: pid)
        exited = exit
        return exit
    }

    /// What the server wrote on stderr (after it ended).
    func errorText() -> String { Self.drain(errorDescriptor) }

    private static func drain(_ descriptor: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            data += buffer[..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One request on a new connection (`Connection: close`); the reply read to the end.
    func request(
        _ target: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> HTTPReply {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return try HTTPReply(exchanging: Array((head + "\r\n").utf8) + body, port: port)
    }
}

/// A response as the server sent it.
struct HTTPReply {
    let status: Int
    /// Header values by lowercased name (a repeated header's values joined with ", ").
    let headers: [String: String]
    let body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    /// Sends `request` to 127.0.0.1:`port` and reads the reply until the server closes the connection (at most
    /// 60 s of silence: a hang fails the test instead of stalling it).
    init(exchanging request: [UInt8], port: Int) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SpawnFailure("socket failed") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SpawnFailure("cannot connect to port \(port): errno \(errno)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may close before reading a refused request's whole body.
            guard count > 0 else { break }
            sent += count
        }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw SpawnFailure("no reply within 60 s") }
            guard count > 0 else { break }
            data += buffer[..<count]
        }
        guard let end = data.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw SpawnFailure("no complete reply: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw SpawnFailure("bad status line '\(lines[0])'")
        }
        self.status = status
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.headers = headers
        body = Array(data[end.upperBound...])
    }
}
