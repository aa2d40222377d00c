import Foundation
import Synchronization
import Testing

/// Runs each test of a suite on a thread of its own instead of one of Swift concurrency's, for tests that mostly
/// wait: for a screen reader to speak, a terminal to redraw, a window to map, a harness to finish.
///
/// Swift Testing runs test functions on the cooperative pool, which on Linux is as wide as the machine has cores
/// (two here). A test that sleeps or blocks waiting for another process holds one of those threads for as long as it
/// waits, and the tests that compute queue behind it. Under this trait the test's task prefers `ThreadExecutor`, so
/// its body — synchronous waits included — runs on a plain thread; the test is the same task (its issues are
/// recorded as always) and the pool goes on with the tests that need a core. `OwnThread.gate` lets at most two such
/// tests run at once, so the waiting tests do not all start together and crowd each other's timeouts.
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }
    /// Whether the test waits for a place at `gate`; a suite whose one long run sets the end of the whole test run
    /// (the AT-SPI harness) starts at once instead, beside the computing tests.
    let gated: Bool

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnThread? {
        // One scope per test case: suites pass straight through.
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        if gated {
            try await OwnThread.gate.run { try await Self.onAThreadOfItsOwn(function) }
        } else {
            try await Self.onAThreadOfItsOwn(function)
        }
    }

    private static func onAThreadOfItsOwn(_ function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(ThreadExecutor.shared) {
            // The preference takes effect when the task is next enqueued: yield, to resume on a thread of ours.
            await Task.yield()
            try await function()
        }
    }

    /// At most two waiting tests at a time.
    public static let gate = Gate(width: 2)
}

extension Trait where Self == OwnThread {
    /// Runs the tests on threads of their own (see `OwnThread`).
    public static var ownThread: Self { OwnThread(gated: true) }

    /// Runs the tests on threads of their own, starting at once rather than waiting for a place at the gate: for a
    /// suite whose one long run (with timeouts of its own) would otherwise start late and end the whole test run.
    public static var ownThreadUngated: Self { OwnThread(gated: false) }
}

/// A task executor that runs every job on a new thread: jobs of tests that block are few and long, so a thread each
/// costs nothing that matters, and no job ever waits for a pool thread another test is blocking.
public final class ThreadExecutor: TaskExecutor {
    public static let shared = ThreadExecutor()

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            job.runSynchronously(on: executor)
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private static let marker = "interlinear.ThreadExecutor"

    /// Whether the calling code runs on one of this executor's threads.
    public static var isCurrent: Bool { Thread.current.threadDictionary[marker] as? Bool == true }
}

/// An async gate that lets `width` bodies run at once; the others wait (suspended, holding no thread).
public final class Gate: Sendable {
    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let width: Int
    private let state = Mutex(State())

    public init(width: Int) { self.width = width }

    public func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                if state.running < width {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if admitted { continuation.resume() }
        }
        defer {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if state.waiting.isEmpty {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()  // the slot passes straight on
            }
            next?.resume()
        }
        return try await body()
    }
}
