import Glibc

// What the signal handlers need, set before they are installed. Handlers may only call async-signal-safe
// functions (tcsetattr, write, signal, raise, sigaction), so the restore bytes live in a preallocated C buffer.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var termiosSaved: Int32 = 0
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreCount = 0
nonisolated(unsafe) private var wakeWriteFD: Int32 = -1
nonisolated(unsafe) private var rawTermios = termios()
nonisolated(unsafe) private var resumeBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var resumeCount = 0
nonisolated(unsafe) private var crashActionStorage = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)

/// Puts the terminal back as it was: saved termios, and the bytes that leave the alternate screen.
private func restoreTerminalNow() {
    if termiosSaved != 0 { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios) }
    if let restoreBytes, restoreCount > 0 { _ = write(STDOUT_FILENO, restoreBytes, restoreCount) }
    termiosSaved = 0
    restoreCount = 0
}

/// Every signal whose default action ends the process without a fault (`terminationSignals`): restore, then die of
/// the same signal so the parent sees why.
private func terminationHandler(_ signal: Int32) {
    restoreTerminalNow()
    _ = Glibc.signal(signal, SIG_DFL)
    _ = raise(signal)
}

/// SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE: restore the terminal, then end the process with the signal's
/// status. A real fault (`si_code` > 0) gets the previous action back (the Swift runtime's backtracer, or the
/// default) and returns, so the faulting instruction runs again and is reported as usual. A signal *sent* with
/// `kill` or `raise` (`si_code` ≤ 0) would not recur: it is raised again with the default action, which ends the
/// process (the previous action, a backtracer, might print and let the process carry on).
private func crashHandler(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    restoreTerminalNow()
    guard signal >= 0, signal < 32 else { return }
    if let info, info.pointee.si_code > 0 {
        _ = sigaction(signal, crashActionStorage + Int(signal), nil)
        return
    }
    _ = Glibc.signal(signal, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    _ = raise(signal)  // pending while this handler runs; delivered (and fatal) the moment it is unblocked
    _ = sigprocmask(SIG_UNBLOCK, &only, nil)
}

/// SIGTSTP (and Ctrl-Z, which raises it): put the terminal back for the shell, stop for real, and on waking set
/// raw mode and the alternate screen up again. If the stop is discarded (an orphaned process group, as under a
/// shell without job control) the reader simply carries on in raw mode.
private func suspendHandler(_ signal: Int32) {
    guard termiosSaved != 0 else { return }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
    if let restoreBytes, restoreCount > 0 { _ = write(STDOUT_FILENO, restoreBytes, restoreCount) }
    _ = Glibc.signal(SIGTSTP, SIG_DFL)
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    _ = raise(SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &stop, nil)  // delivered here: the process stops inside the handler
    _ = Glibc.signal(SIGTSTP, suspendHandler)
    resumeNow()
}

/// Raw mode, the alternate screen, and a repaint through the self-pipe.
private func resumeNow() {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &rawTermios)
    if let resumeBytes, resumeCount > 0 { _ = write(STDOUT_FILENO, resumeBytes, resumeCount) }
    var byte: UInt8 = 0x43
    if wakeWriteFD >= 0 { _ = write(wakeWriteFD, &byte, 1) }
}

/// SIGCONT after a SIGSTOP (which cannot be caught): the shell may have reset the terminal meanwhile.
private func continueHandler(_ signal: Int32) {
    guard termiosSaved != 0 else { return }
    resumeNow()
}

/// SIGWINCH: wake the input loop through the self-pipe.
private func resizeHandler(_ signal: Int32) {
    var byte: UInt8 = 0x57
    if wakeWriteFD >= 0 { _ = write(wakeWriteFD, &byte, 1) }
}

/// The signals whose default action ends the process and that no fault raises: SIGINT, SIGTERM, SIGHUP, SIGQUIT,
/// and the ones a user or a resource limit sends less often (USR1/2, the timers, CPU and file-size limits, SIGSYS
/// from a seccomp filter, power failure, the coprocessor's stack fault, I/O possible) plus the real-time signals
/// glibc leaves to applications. Each would otherwise end the reader with the terminal raw and the alternate screen
/// on. A signal the parent left ignored stays ignored (`nohup`, a shell's background job).
let terminationSignals: [Int32] = {
    var list = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
        SIGSYS, SIGPWR, SIGSTKFLT, SIGIO,
    ]
    list += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    return list
}()

/// Whether the signal's disposition is SIG_IGN (C function pointers compare by address).
private func isIgnored(_ sig: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(sig, nil, &current) == 0 else { return false }
    let handler = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    return handler == unsafeBitCast(SIG_IGN, to: Int.self)
}

/// What the input loop saw.
package enum TerminalEvent: Equatable {
    case input([UInt8])
    case resize
    case timeout
    case endOfInput
}

/// The controlling terminal in raw mode: keys arrive one by one unechoed, and the terminal is restored on
/// every way out (normal exit, q, every terminating signal (`terminationSignals`), and crash signals, which then end the process
/// with their status whether a fault raised them or `kill` sent them).
package final class Terminal {
    package let usesAlternateScreen: Bool
    private var wakeReadFD: Int32 = -1
    private var active = false

    package init(alternateScreen: Bool) {
        usesAlternateScreen = alternateScreen
    }

    /// Saves the terminal state, installs the handlers and enters raw mode (and the alternate screen).
    package func start() throws {
        guard tcgetattr(STDIN_FILENO, &savedTermios) == 0 else { throw ReaderError("stdin is not a terminal") }
        termiosSaved = 1
        // Leaving: reset attributes, show the cursor, leave the alternate screen. Line mode wrote no escape
        // sequence, so it gets only a line break to leave the shell prompt on a fresh line.
        let exitSequence = usesAlternateScreen ? "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l" : "\r\n"
        let bytes = Array(exitSequence.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        restoreBytes = buffer
        restoreCount = bytes.count

        var fds: [Int32] = [0, 0]
        if pipe(&fds) == 0 {
            wakeReadFD = fds[0]
            wakeWriteFD = fds[1]
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        }
        for sig in terminationSignals {
            if !isIgnored(sig) { _ = signal(sig, terminationHandler) }
        }
        _ = signal(SIGPIPE, SIG_IGN)
        _ = signal(SIGWINCH, resizeHandler)
        for sig in [SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = crashHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            _ = sigaction(sig, &action, crashActionStorage + Int(sig))
        }

        // A parent may have started us with these blocked (signal masks are inherited): unblock them, or
        // Ctrl-C, kill and hang-up would never reach the handlers that restore the terminal.
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in terminationSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, sig) }
        _ = sigprocmask(SIG_UNBLOCK, &handled, nil)

        var raw = savedTermios
        cfmakeraw(&raw)
        rawTermios = raw
        let enter = Array((usesAlternateScreen ? "\u{1B}[?1049h\u{1B}[?25l" : "").utf8)
        if !enter.isEmpty {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: enter.count)
            buffer.initialize(from: enter, count: enter.count)
            resumeBytes = buffer
            resumeCount = enter.count
        }
        _ = signal(SIGTSTP, suspendHandler)
        _ = signal(SIGCONT, continueHandler)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            restoreTerminalNow()
            throw ReaderError("cannot put the terminal in raw mode")
        }
        active = true
        if usesAlternateScreen {
            var out = ANSI(color: false)
            out.enterAlternateScreen()
            out.hideCursor()
            _ = write(out.bytes)
        }
    }

    /// Restores the terminal; safe to call more than once.
    package func stop() {
        guard active else { return }
        active = false
        restoreTerminalNow()
        for sig in [SIGWINCH, SIGTSTP, SIGCONT] { _ = signal(sig, SIG_DFL) }
        for sig in terminationSignals {
            if !isIgnored(sig) { _ = signal(sig, SIG_DFL) }
        }
    }

    deinit { stop() }

    /// The terminal size in columns and rows (80×24 when the terminal cannot say).
    package func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Stops the process the way Ctrl-Z would (raw mode turns Ctrl-Z into a key): the terminal is restored
    /// while stopped and set up again on SIGCONT, which then reports `.resize` so the screen is redrawn.
    package func suspend() { _ = raise(SIGTSTP) }

    /// Writes all bytes; false when the terminal is gone.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool { Terminal.writeAll(bytes, to: STDOUT_FILENO) }

    /// Writes all bytes to a descriptor, retrying on EINTR and short writes; false on any other error
    /// (EPIPE included: SIGPIPE is ignored by callers that pipe).
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Waits for keys or a resize; `timeout` in milliseconds (-1: forever).
    package func next(timeout: Int32 = -1) -> TerminalEvent {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let n = poll(&fds, nfds_t(wakeReadFD >= 0 ? 2 : 1), timeout)
            if n < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if n == 0 { return .timeout }
            if fds[1].revents & Int16(POLLIN) != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakeReadFD, &drain, drain.count) > 0 {}
                return .resize
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 1024)
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 { return .endOfInput }
                return .input(Array(buffer[0..<count]))
            }
        }
    }
}

/// A reader failure, reported as one line.
package struct ReaderError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
