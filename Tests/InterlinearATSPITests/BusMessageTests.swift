import CSystemdBus
import Foundation
import Testing

@testable import InterlinearATSPI

/// Strings on real sd-bus messages: what the adapter writes is what a client reads.
@Suite struct BusMessageTests {
    /// A message on one end of a socket pair (sd-bus makes messages only for a started bus).
    static func withMessage(_ body: (OpaquePointer) throws -> Void) throws {
        var bus: OpaquePointer?
        var ends: [Int32] = [0, 0]
        try #require(sd_bus_new(&bus) >= 0)
        defer { sd_bus_unref(bus) }
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        try #require(sd_bus_set_fd(bus, ends[0], ends[0]) >= 0)
        try #require(sd_bus_start(bus) >= 0)
        var message: OpaquePointer?
        try #require(
            sd_bus_message_new_method_call(
                bus, &message, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                "org.a11y.atspi.Accessible", "GetDescription") >= 0)
        defer { sd_bus_message_unref(message) }
        try body(try #require(message))
    }

    /// sd-bus refuses a string holding a Unicode noncharacter (found by the bus-args harness); one such string in
    /// a name or a text would fail the whole reply. It goes out with U+FFFD in place of each noncharacter.
    @Test func noncharactersGoOutAsReplacementCharacters() throws {
        // Swift refuses noncharacters in literals, so the strings are made from scalar values.
        func text(_ values: UInt32...) -> String {
            String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
        }
        let strings = [
            "λόγος", text(0x61, 0xFFFF, 0x62), text(0xFDD0, 0xFDEF), text(0x78, 0x10FFFE), text(0xFFFE),
            text(0xFDCF, 0xFDF0, 0xFFFD),
        ]
        // Expected by the definition (Unicode 15, section 23.7): U+FDD0…U+FDEF and the last two of every plane.
        let expected = ["λόγος", "a\u{FFFD}b", "\u{FFFD}\u{FFFD}", "x\u{FFFD}", "\u{FFFD}", "\u{FDCF}\u{FDF0}\u{FFFD}"]
        try Self.withMessage { message in
            var writer = MessageWriter(message)
            strings.forEach { writer.string($0) }
            #expect(writer.status >= 0)
            try #require(sd_bus_message_seal(message, 1, 0) >= 0)
            try #require(sd_bus_message_rewind(message, 1) >= 0)
            var reader = MessageReader(message)
            let read = strings.map { _ in reader.string() }
            #expect(reader.status >= 0)
            #expect(read == expected)
        }
    }
}
