import CSDL2
import Foundation
import Synchronization

/// Wakes the window's event loop the moment a screen-reader request arrives on the link's descriptors.
///
/// SDL waits only on its own display connection, so without this the loop saw a D-Bus request only when its
/// timeout ran out: a client that walks the tree one synchronous call at a time (Orca looking for the focus when it
/// starts, any pyatspi script) waited up to one timeout per call. A thread polls the link's descriptors and pushes
/// one SDL event (of a type registered for it) when one is readable; SDL's wait returns for an event pushed from
/// another thread. The thread polls again only after the loop has serviced the link and said so (`serviced`), so a
/// burst of requests is one event and the thread never spins on data the loop has not read yet.
final class LinkWake: Sendable {
    /// The SDL event type pushed when a descriptor is readable.
    let eventType: UInt32
    /// A pipe that interrupts the thread's poll: new descriptors, re-arming, stopping.
    private let controlRead: Int32, controlWrite: Int32
    private let state: Mutex<State>

    private struct State {
        /// The link's descriptors as last serviced (they change when the adapter joins or leaves the bus).
        var descriptors: [Int32]
        /// Whether the thread may push an event: false from a push until the loop has serviced the link.
        var armed = true
        var stopped = false
    }

    /// Starts the thread watching `descriptors`; nil when SDL has no event type left or no pipe can be made (the
    /// loop then falls back to waking on its timeout).
    init?(descriptors: [Int32]) {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        eventType = type
        controlRead = ends[0]
        controlWrite = ends[1]
        state = Mutex(State(descriptors: descriptors))
        // The thread holds the wake until `stop()` ends it; only then can `deinit` close the pipe.
        let thread = Thread { [self] in watch() }
        thread.name = "interlinear screen-reader wake"
        thread.start()
    }

    deinit {
        close(controlRead)
        close(controlWrite)
    }

    /// The loop has serviced the link: watch `descriptors` (its current ones) again.
    func serviced(descriptors: [Int32]) {
        let changed = state.withLock { state -> Bool in
            defer { state.descriptors = descriptors; state.armed = true }
            return !state.armed || state.descriptors != descriptors
        }
        if changed { interrupt() }
    }

    /// Ends the thread (it lets go of the wake when it does).
    func stop() {
        state.withLock { $0.stopped = true }
        interrupt()
    }

    private func interrupt() {
        var byte: UInt8 = 1
        // A full pipe already holds an interruption the thread has not read: nothing is lost.
        _ = write(controlWrite, &byte, 1)
    }

    private func watch() {
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let (descriptors, armed, stopped) = state.withLock { ($0.descriptors, $0.armed, $0.stopped) }
            if stopped { return }
            var fds = [pollfd(fd: controlRead, events: Int16(POLLIN), revents: 0)]
            if armed { fds += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return  // cannot poll at all: the loop's timeout still services the link
            }
            if fds[0].revents != 0 {
                while read(controlRead, &drain, drain.count) > 0 {}
                continue
            }
            // Readable, hung up or closed under us (POLLNVAL): the loop services the link and tells us its
            // descriptors again.
            guard fds.dropFirst().contains(where: { $0.revents != 0 }) else { continue }
            state.withLock { $0.armed = false }
            var event = SDL_Event()
            event.type = eventType
            _ = SDL_PushEvent(&event)
        }
    }
}
