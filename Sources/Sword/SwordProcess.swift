import Glibc

/// The parent's side of the reader's child process (`SwordChild`): `interlinear` itself started again with
/// `SwordChild.flag`, its stdin and stdout one end of a socket pair, its stderr /dev/null (libsword prints its
/// complaints there) (it closes every other descriptor it inherited). Each request waits at most `timeout` for its whole answer; a child that dies, overruns the
/// time or sends what `SwordReply` does not allow is ended and reported as `ModuleDamage` naming the module and
/// folder it was reading. The next request starts a new child.
final class SwordProcess {
    /// The program to start: this one (the kernel's name for the running executable).
    static let executable = "/proc/self/exe"
    /// Seconds an answer may take (the whole Hebrew dictionary takes well under one).
    static let timeout = 60

    private var pid: pid_t = 0
    private var socket: Int32 = -1

    deinit { stop() }

    /// The answer to `request` (fields joined by tabs: none holds a tab or a newline, `SwordReader` checks).
    func ask(_ request: [String], module: String) throws -> SwordReply.Answer {
        if pid == 0 { try start() }
        var line = Array(request.joined(separator: "\t").utf8)
        line.append(0x0A)
        var sent = 0
        while sent < line.count {
            let count = line.withUnsafeBytes {
                send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ended(module: module, answer: SwordReply.Answer(), reason: nil) }
            sent += count
        }
        var answer = SwordReply.Answer()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Deadline(seconds: Self.timeout)
        while !answer.complete {
            let left = deadline.millisecondsLeft
            guard left > 0 else {
                throw ended(module: module, answer: answer, reason: "libsword took more than \(Self.timeout) s")
            }
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 60_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ended(module: module, answer: answer, reason: nil) }
            buffer += chunk[..<count]
            do {
                try SwordReply.read(&buffer, into: &answer)
            } catch let malformed as SwordReply.Malformed {
                throw ended(module: module, answer: answer, reason: "the reader sent \(malformed.description)")
            }
        }
        return answer
    }

    /// Ends the child and says why, naming what it was reading (`reason` nil: it died; its status says how).
    private func ended(module: String, answer: SwordReply.Answer, reason: String?) -> ModuleDamage {
        let status = stop(kill: reason != nil)
        let named = answer.module.map { $0[0].isEmpty ? module : $0[0] } ?? module
        let folder = answer.module.map { $0[1] }
        let how =
            reason
            ?? {
                guard let status else { return "libsword stopped" }
                if status & 0x7F == 0 { return "libsword's reader exited with status \(status >> 8 & 0xFF)" }
                let signal = status & 0x7F
                switch signal {
                case SIGXCPU: return "libsword used more than \(SwordChild.cpuSeconds) s of CPU time"
                case SIGABRT:
                    return
                        "libsword aborted (signal 6: out of its \(SwordChild.memoryBytes >> 20) MiB or a broken file)"
                default:
                    return "libsword crashed (signal \(signal)\(signal == SIGSEGV ? ", a segmentation fault" : ""))"
                }
            }()
        return ModuleDamage(
            module: named, file: nil, "\(how) reading " + (folder.map { "its files in \($0)" } ?? "it"))
    }

    private func start() throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SwordError("cannot start SWORD's reader: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let names: [String] = [Self.executable, SwordChild.flag]
        let arguments: [UnsafeMutablePointer<CChar>?] = names.map { name in strdup(name) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, Self.executable, &actions, nil, arguments, environ)
        close(pair[1])
        guard result == 0 else {
            close(pair[0])
            throw SwordError("cannot start SWORD's reader: \(String(cString: strerror(result)))")
        }
        pid = child
        socket = pair[0]
    }

    /// Closes the socket (the child then exits), killing it first when asked; returns its wait status.
    @discardableResult
    private func stop(kill killing: Bool = false) -> Int32? {
        guard pid != 0 else { return nil }
        if killing { kill(pid, SIGKILL) }
        close(socket)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        socket = -1
        return status
    }
}
