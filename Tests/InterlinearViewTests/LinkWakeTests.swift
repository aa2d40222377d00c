import CSDL2
import Foundation
import Testing

@testable import InterlinearView

/// The window's wake: a readable link descriptor is one SDL event, pushed from the wake's thread, and the next one
/// comes only after the loop has serviced the link. A pipe stands in for the D-Bus socket; SDL runs its event
/// subsystem only (no display). No other test of this process starts SDL.
@Suite(.serialized) struct LinkWakeTests {
    /// Waits (up to 20 s, generous for a loaded machine: the test is about which event, not how fast) for the next
    /// SDL event and returns its type, nil when none came.
    private func nextEventType() -> UInt32? {
        var event = SDL_Event()
        return SDL_WaitEventTimeout(&event, 20_000) == 1 ? event.type : nil
    }

    @Test func aReadableDescriptorWakesTheLoopOncePerService() throws {
        guard SDL_Init(UInt32(SDL_INIT_EVENTS)) == 0 else {
            Issue.record("SDL cannot start its event subsystem: \(String(cString: SDL_GetError()))")
            return
        }
        defer { SDL_Quit() }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let wake = try #require(LinkWake(descriptors: [ends[0]]))
        defer { wake.stop() }

        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(nextEventType() == wake.eventType, "a request on the link wakes the loop")
        // More requests before the loop has serviced the link push nothing more: the next event is the one pushed
        // after `serviced`, which a marker event pushed here must precede.
        #expect(write(ends[1], &byte, 1) == 1)
        var marker = SDL_Event()
        marker.type = SDL_USEREVENT.rawValue
        #expect(SDL_PushEvent(&marker) == 1)
        #expect(nextEventType() == SDL_USEREVENT.rawValue, "no second wake before the link was serviced")
        // Servicing reads what arrived; the wake then watches again and the next request wakes the loop again.
        var drained = [UInt8](repeating: 0, count: 8)
        #expect(read(ends[0], &drained, drained.count) == 2)
        wake.serviced(descriptors: [ends[0]])
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(nextEventType() == wake.eventType)
    }
}
