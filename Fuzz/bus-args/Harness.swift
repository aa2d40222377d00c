// libFuzzer harness: reading D-Bus arguments (`MessageReader` in Sources/Consumers/ATSPI/BusMessage.swift and the
// compound readers in BusArguments.swift: a Collection query's match rule, the org.a11y.Status signal, an object
// reference), compiled into one module with those two files by scripts/fuzz (Corpus to Accessibility built beside
// it, libsystemd linked). The messages are real sd-bus messages: the input is decoded into a signature and values,
// appended to a new message with sd-bus's own calls, sealed, rewound, and then read by our code as it reads what
// arrives — wrong signatures, wrong types, empty and huge strings and arrays, deep containers.
//
// Input: byte 0 picks what is read (GetMatches' arguments, the status signal, a `(so)` reference, or a list of basic
// reads as the methods make them); bit 7 of byte 1 asks for a well-formed message of the expected signature built
// from the following bytes, whose reading must give back exactly those values; otherwise the rest is a program of
// append operations (one byte an operation, then its operands) giving any body sd-bus accepts.
//
// Whatever the body: no trap or address-sanitizer report; a reader that answers had a body whose signature starts
// with what it reads (it never takes one type for another); a well-formed body is read back to its values.

import CSystemdBus
import Foundation
import InterlinearAccessibility

/// A bus to make messages on: sd-bus creates messages only for an open bus, so one end of a socket pair, started
/// (the authentication it writes goes unread). One per process.
nonisolated(unsafe) private var bus: OpaquePointer?

private func openBus() -> OpaquePointer {
    if let bus { return bus }
    let new = openSocketBus()
    bus = new
    return new
}

/// The fuzz bytes, read front to back; past the end every read gives zeros.
private struct Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    var isEmpty: Bool { at >= bytes.count }
    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    mutating func int32() -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(byte()) }
        return Int32(bitPattern: value)
    }
    mutating func length(_ unit: Int) -> Int { (Int(byte()) << 8 | Int(byte())) * unit }
    /// A string without NUL (a C string ends there): a length, then that many bytes, decoded as UTF-8. A
    /// noncharacter (U+FDD0…U+FDEF, U+nFFFE, U+nFFFF) is kept: the writer sends U+FFFD for it (sd-bus refuses it),
    /// so `sent` gives what reading must give back.
    mutating func string() -> String {
        let count = min(Int(byte()), bytes.count - min(at, bytes.count))
        defer { at += count }
        let raw = UnsafeBufferPointer(rebasing: bytes[min(at, bytes.count)..<min(at + count, bytes.count)])
        return String(decoding: raw.filter { $0 != 0 }, as: UTF8.self)
    }
}

/// What a string reads back as once written: each noncharacter replaced by U+FFFD, worked out here from the
/// Unicode definition (not by the writer's own function).
private func sent(_ string: String) -> String {
    String(
        String.UnicodeScalarView(
            string.unicodeScalars.map { s in
                let v = s.value
                return (v >= 0xFDD0 && v <= 0xFDEF) || (v % 0x10000 == 0xFFFE || v % 0x10000 == 0xFFFF) ? "\u{FFFD}" : s
            }))
}

private enum Reading: UInt8, CaseIterable {
    case matches, status, reference, basics
    /// What the message is: the call or signal that carries these arguments.
    func message(on bus: OpaquePointer) -> OpaquePointer? {
        var m: OpaquePointer?
        let r: Int32
        switch self {
        case .status:
            r = sd_bus_message_new_signal(
                bus, &m, "/org/a11y/bus", "org.freedesktop.DBus.Properties", "PropertiesChanged")
        default:
            r = sd_bus_message_new_method_call(
                bus, &m, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                "org.a11y.atspi.Collection", "GetMatches")
        }
        return r >= 0 ? m : nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBusArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    guard let reading = Reading(rawValue: input.byte() % UInt8(Reading.allCases.count)),
        let message = reading.message(on: openBus())
    else { return 0 }
    defer { sd_bus_message_unref(message) }
    let wellFormed = input.byte() & 0x80 != 0
    // Basic reads: up to 8 of i, u, b, s, chosen by the input, as method calls read their arguments.
    let basics: [Character] =
        reading == .basics ? (0..<Int(input.byte() % 9)).map { _ in Array("iubs")[Int(input.byte() % 4)] } : []
    var writer = MessageWriter(message)
    let expected: Expected
    if wellFormed {
        expected = writeWellFormed(reading, basics: basics, &input, &writer)
    } else {
        appendProgram(&input, &writer)
        expected = .nothing
    }
    // A body sd-bus refused to build is no message anyone could send us.
    guard writer.status >= 0, sd_bus_message_seal(message, 1, 0) >= 0, sd_bus_message_rewind(message, 1) >= 0 else {
        precondition(!wellFormed, "a well-formed body was refused: \(writer.status)")
        return 0
    }
    var signature = ""
    if let s = sd_bus_message_get_signature(message, 1) { signature = String(cString: s) }
    var reader = MessageReader(message)
    switch reading {
    case .matches:
        let request = reader.matchesRequest()
        if request != nil {
            precondition(signature.hasPrefix("(aiia{ss}iaiiasib)uib"), "GetMatches read from \(signature)")
        }
        if case .matches(let wanted) = expected {
            precondition(request == wanted, "GetMatches read back as \(String(describing: request))")
        }
    case .status:
        let enabled = reader.statusEnabledChange()
        if enabled != nil { precondition(signature.hasPrefix("sa{sv}"), "a status change read from \(signature)") }
        if case .status(let wanted) = expected {
            precondition(enabled == wanted, "IsEnabled read back as \(String(describing: enabled))")
        }
    case .reference:
        let reference = reader.reference()
        if reference != nil { precondition(signature.hasPrefix("(so)"), "a reference read from \(signature)") }
        if case .reference(let wanted) = expected {
            precondition(reference == wanted, "reference read back as \(String(describing: reference))")
        }
    case .basics:
        var values: [Basic] = []
        for type in basics {
            switch type {
            case "i": values.append(.int(reader.int32()))
            case "u": values.append(.uint(reader.uint32()))
            case "b": values.append(.bool(reader.bool()))
            default: values.append(.string(reader.string()))
            }
        }
        if reader.status >= 0 {
            precondition(signature.hasPrefix(String(basics)), "\(String(basics)) read from \(signature)")
        }
        if case .basics(let wanted) = expected {
            precondition(reader.status >= 0 && values == wanted, "basics read back as \(values)")
        }
    }
    return 0
}

private enum Basic: Equatable {
    case int(Int32)
    case uint(UInt32)
    case bool(Bool)
    case string(String)
}

/// What a well-formed body must read back as.
private enum Expected {
    case nothing
    case matches(MessageReader.MatchesRequest)
    case status(Bool?)
    case reference(ObjectReference)
    case basics([Basic])
}

/// Writes a body of exactly the signature `reading` expects, its values from the input; returns what they are.
private func writeWellFormed(
    _ reading: Reading, basics: [Character], _ input: inout Input,
    _ writer: inout MessageWriter
) -> Expected {
    switch reading {
    case .matches:
        func ints() -> [Int32] { (0..<Int(input.byte() % 8)).map { _ in input.int32() } }
        let states = ints(), stateMatch = input.int32()
        let attributes = (0..<Int(input.byte() % 6)).map { _ in (input.string(), input.string()) }
        let attributeMatch = input.int32(), roles = ints(), roleMatch = input.int32()
        let interfaces = (0..<Int(input.byte() % 6)).map { _ in input.string() }
        let interfaceMatch = input.int32(), invert = input.byte() & 1 != 0
        let sortOrder = UInt32(bitPattern: input.int32()), count = input.int32(), traverse = input.byte() & 1 != 0
        writer.open("r", "aiia{ss}iaiiasib")
        writer.open("a", "i"); states.forEach { writer.int32($0) }; writer.close()
        writer.int32(stateMatch)
        writer.stringDictionary(attributes)
        writer.int32(attributeMatch)
        writer.open("a", "i"); roles.forEach { writer.int32($0) }; writer.close()
        writer.int32(roleMatch)
        writer.open("a", "s"); interfaces.forEach { writer.string($0) }; writer.close()
        writer.int32(interfaceMatch)
        writer.bool(invert)
        writer.close()
        writer.uint32(sortOrder)
        writer.int32(count)
        writer.bool(traverse)
        func match(_ raw: Int32) -> CollectionRule.MatchType { .init(rawValue: raw) ?? .invalid }
        let rule = CollectionRule(
            states: CollectionRule.numbers(inBitArray: states), stateMatch: match(stateMatch),
            attributes: attributes.flatMap { CollectionRule.attributePairs(name: sent($0.0), value: sent($0.1)) },
            attributeMatch: match(attributeMatch), roles: CollectionRule.numbers(inBitArray: roles),
            roleMatch: match(roleMatch),
            interfaces: interfaces.map(sent), interfaceMatch: match(interfaceMatch), invert: invert)
        return .matches(
            .init(
                rule: rule, sortOrder: CollectionRule.SortOrder(rawValue: sortOrder) ?? .invalid,
                count: Int(count), traverse: traverse))
    case .status:
        // org.a11y.Status, then properties of any of a few types; the last IsEnabled holding a boolean counts.
        let interface = input.byte() & 1 == 0 ? "org.a11y.Status" : input.string()
        writer.string(interface)
        writer.open("a", "{sv}")
        var enabled: Bool?
        for _ in 0..<Int(input.byte() % 6) {
            let name = input.byte() & 1 == 0 ? "IsEnabled" : input.string()
            writer.open("e", "sv")
            writer.string(name)
            switch input.byte() % 3 {
            case 0:
                let value = input.byte() & 1 != 0
                writer.open("v", "b"); writer.bool(value); writer.close()
                if name == "IsEnabled" { enabled = value }
            case 1: writer.open("v", "s"); writer.string(input.string()); writer.close()
            default:
                writer.open("v", "ai"); writer.open("a", "i"); writer.int32(input.int32()); writer.close();
                writer.close()
            }
            writer.close()
        }
        writer.close()
        writer.open("a", "s"); writer.string(input.string()); writer.close()
        return .status(interface == "org.a11y.Status" ? enabled : nil)
    case .reference:
        // A bus name is any string to the reader; an object path must be valid for sd-bus, so it is one of ours.
        let reference = ObjectReference(
            busName: input.string(),
            path: input.byte() & 1 == 0 ? ObjectReference.null.path : "/org/a11y/atspi/accessible/root")
        writer.reference(reference)
        return .reference(ObjectReference(busName: sent(reference.busName), path: reference.path))
    case .basics:
        var values: [Basic] = []
        for type in basics {
            switch type {
            case "i": let v = input.int32(); writer.int32(v); values.append(.int(v))
            case "u": let v = UInt32(bitPattern: input.int32()); writer.uint32(v); values.append(.uint(v))
            case "b": let v = input.byte() & 1 != 0; writer.bool(v); values.append(.bool(v))
            default: let v = input.string(); writer.string(v); values.append(.string(sent(v)))
            }
        }
        return .basics(values)
    }
}

/// Any body: one operation a byte — a basic value of each D-Bus type, a string of fuzz bytes or a long one (256 KiB an input at most), a
/// container opened with a signature from the input, a close — until the input ends; containers left open are
/// closed. sd-bus refuses what no message could hold (a bad signature, a path that is not one), and the message
/// with it.
private func appendProgram(_ input: inout Input, _ writer: inout MessageWriter) {
    var depth = 0
    var operations = 0
    // Long strings add up to 256 KiB an input: sd-bus validates and copies every byte, so more makes each input cost
    // milliseconds (page faults, UTF-8 checks) for nothing our readers do differently (they read a pointer).
    var longBytesLeft = 256 << 10
    while !input.isEmpty, writer.status >= 0, operations < 256 {
        operations += 1
        switch input.byte() % 14 {
        case 0: writer.int32(input.int32())
        case 1: writer.uint32(UInt32(bitPattern: input.int32()))
        case 2: writer.bool(input.byte() & 1 != 0)
        case 3: writer.string(input.string())
        case 4: writer.objectPath(input.string())
        case 5: writer.int16(Int16(truncatingIfNeeded: input.int32()))
        case 6: writer.double(Double(input.int32()) / 7)
        case 7: appendBasic(&writer, "y", UInt8(truncatingIfNeeded: input.int32()))
        case 8: appendBasic(&writer, "t", UInt64(UInt32(bitPattern: input.int32())) << 31)
        case 9: appendBasic(&writer, "g", input.string())
        case 10:
            // A long string: up to 1 MiB of one letter asked, 256 KiB an input given (sd-bus's own limit on a message
            // is 128 MiB; no reader here bounds a length of its own).
            let count = min(input.length(16), longBytesLeft)
            longBytesLeft -= count
            writer.string(String(decoding: [UInt8](repeating: UInt8(ascii: "x"), count: count), as: UTF8.self))
        case 11, 12:
            let type = Array("arev")[Int(input.byte() % 4)]
            writer.open(type, input.string())
            if writer.status >= 0 { depth += 1 }
        default:
            if depth > 0 { writer.close(); depth -= 1 }
        }
    }
    while depth > 0, writer.status >= 0 {
        writer.close()
        depth -= 1
    }
}

/// Appends a basic value of a type `MessageWriter` has no call for.
private func appendBasic<T>(_ writer: inout MessageWriter, _ type: Character, _ value: T) {
    let message = writer.message
    switch value {
    case let text as String:
        // A refusal (a signature that is not one) poisons the message: sealing it then fails.
        _ = text.withCString { sd_bus_message_append_basic(message, CChar(type.asciiValue!), $0) }
    default:
        var v = value
        _ = withUnsafePointer(to: &v) { sd_bus_message_append_basic(message, CChar(type.asciiValue!), $0) }
    }
}
