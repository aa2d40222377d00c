// libFuzzer harness: the arguments of every AT-SPI method the adapter serves, compiled into one module with all of
// Sources/Consumers/ATSPI by scripts/fuzz (Corpus to Accessibility built beside it, the C shim and the sd-bus loader
// compiled as C targets). Any program on the accessibility bus may call any method of any object with any values:
// offsets, indexes, counts and coordinates are the client's.
//
// The methods are read from the adapter's own vtables (Sources/System/CATSPIShim/atspi_shim.c) when the process
// starts, so every method of every interface is driven, with a body of exactly its declared input signature (sd-bus
// refuses any other before the adapter sees it). The input picks a tree (John 1 at word granularity, Genesis 1 at
// label granularity, typeset once per process with the real fonts), a node, an interface it implements, a member, and
// then the values: each integer one of the extremes (0, ±1, Int32.max, Int32.min, …) or any 32 bits, strings and
// arrays of any length the input gives. The call is a real sd-bus message, answered by `AtspiAdapter.answer` as
// the bus's dispatch answers it; property reads go through `answer(_:of:interface:writer:)`.
//
// Whatever the arguments: no trap or address-sanitizer report; every served member answers (GetMatchesTo and
// GetMatchesFrom are refused as unsupported); the reply has exactly the vtable's output signature; Text's offsets lie
// within the text and name what they return; a character is one of the text's or 0.

import CSystemdBus
import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// One method or property of an interface, as the vtable declares it.
private struct Member {
    let interface: AtspiAdapter.Interface
    let name: String
    let input: String
    let output: String
    let isProperty: Bool
}

/// The methods and properties of every interface the adapter registers, parsed from the C vtables.
private func readMembers() -> [Member] {
    let path = "Sources/System/CATSPIShim/atspi_shim.c"
    guard var text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fatalError("run from the package root (scripts/fuzz does): no \(path)")
    }
    text = text.replacingOccurrences(of: "RULE", with: "\"(aiia{ss}iaiiasib)\"")
    // Which vtable is which interface: `{ "org.a11y.atspi.Text", text_vtable }`.
    var tables: [String: AtspiAdapter.Interface] = [:]
    for interface in AtspiAdapter.Interface.allCases {
        guard let at = text.range(of: "{ \"\(interface.rawValue)\", ") else { fatalError("no vtable for \(interface)") }
        let table = text[at.upperBound...].prefix { $0 != " " && $0 != "}" }
        tables[String(table)] = interface
    }
    var members: [Member] = []
    for (table, interface) in tables {
        guard let start = text.range(of: "sd_bus_vtable \(table)[] = {"),
            let end = text[start.upperBound...].range(of: "SD_BUS_VTABLE_END")
        else { fatalError("no vtable \(table)") }
        let body = text[start.upperBound..<end.lowerBound]
        // M("Name", "in", "out"), P("Name", "type"), SD_BUS_WRITABLE_PROPERTY("Name", "type", …): the string
        // literals after each, adjacent literals joined as C joins them.
        for (marker, isProperty) in [("M(", false), ("P(", true), ("SD_BUS_WRITABLE_PROPERTY(", true)] {
            var rest = body[...]
            while let at = rest.range(of: marker) {
                rest = rest[at.upperBound...]
                if marker == "P(", at.lowerBound > body.startIndex,
                    body[body.index(before: at.lowerBound)].isLetter || body[body.index(before: at.lowerBound)] == "_"
                {
                    continue
                }
                var literals: [String] = []
                var current: String?
                var inString = false
                var index = rest.startIndex
                while index < rest.endIndex {
                    let c = rest[index]
                    if inString {
                        if c == "\"" { inString = false } else { current! += String(c) }
                    } else if c == "\"" {
                        inString = true
                        if current == nil { current = "" }
                    } else if c == "," || c == ")" {
                        if let current { literals.append(current) }
                        current = nil
                        if c == ")" { break }
                    }
                    index = rest.index(after: index)
                }
                if isProperty {
                    members.append(
                        .init(interface: interface, name: literals[0], input: "", output: literals[1], isProperty: true)
                    )
                } else {
                    members.append(
                        .init(
                            interface: interface, name: literals[0], input: literals[1], output: literals[2],
                            isProperty: false))
                }
            }
        }
    }
    precondition(members.filter { !$0.isProperty }.count > 50, "too few methods parsed: \(members.count)")
    return members.sorted { ($0.interface.rawValue, $0.name) < ($1.interface.rawValue, $1.name) }
}

/// A window for the adapter: the tree, and focus and copy requests counted.
private final class Window: AccessibleHost {
    let accessibilityTree: AccessibilityTree
    init(_ tree: AccessibilityTree) { accessibilityTree = tree }
    var windowOrigin: (x: Int32, y: Int32) { (120, 80) }
    var windowTitle: String { "interlinear" }
    func focusRequested(_ id: ElementID) {}
}

private struct Fixture {
    let adapter: AtspiAdapter
    let window: Window
    let nodes: [ObjectNode]
}

nonisolated(unsafe) private var fixtures: [Fixture] = []
nonisolated(unsafe) private var members: [Member] = []
nonisolated(unsafe) private var bus: OpaquePointer?

private func setUp() {
    members = readMembers()
    for tree in typesetTrees() {
        let window = Window(tree)
        let adapter: AtspiAdapter
        do { adapter = try AtspiAdapter(host: window, applicationName: "interlinear", mode: .off) } catch {
            fatalError("adapter: \(error)")
        }
        tree.screenReaderEnabled = true  // mode off turned it off
        var nodes: [ObjectNode] = [.application, .frame, .statusBar, .statusMessage, .document]
        for cell in 0..<tree.cellCount {
            let cell = VerseIndex(cell)
            nodes.append(.cell(cell))
            nodes += tree.container(at: cell)!.elements.map { .element(ElementID(cell: cell, kind: $0.kind)) }
        }
        fixtures.append(Fixture(adapter: adapter, window: window, nodes: nodes))
    }
    bus = openSocketBus()
}

/// The fuzz bytes, read front to back; past the end every read gives zeros.
private struct Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    mutating func raw32() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(byte()) }
        return value
    }
    /// An integer a client might send to break arithmetic: an extreme, a small one, or any.
    mutating func int32() -> Int32 {
        let pick = byte()
        switch pick {
        case 0..<8: return [0, -1, 1, .max, .min, .max - 1, -.max, .min + 1][Int(pick)]
        case 8..<128: return Int32(pick) - 64  // small offsets around the text's
        default: return Int32(bitPattern: raw32())
        }
    }
    mutating func uint32() -> UInt32 {
        let pick = byte()
        switch pick {
        case 0..<4: return [0, 1, .max, .max - 1][Int(pick)]
        case 4..<128: return UInt32(pick - 4)
        default: return raw32()
        }
    }
    mutating func string() -> String {
        let count = Int(byte())
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            let b = byte()
            if b != 0 { scalars.append(Unicode.Scalar(b)) }
        }
        return String(scalars)
    }
}

/// Writes a value of each complete type in `signature`, from the input.
private func write(_ signature: Substring, _ input: inout Input, _ writer: inout MessageWriter, paths: [String]) {
    var rest = signature
    while let type = nextType(&rest) { writeOne(type, &input, &writer, paths: paths) }
}

/// The first complete type of a signature, removed from it.
private func nextType(_ signature: inout Substring) -> Substring? {
    guard let first = signature.first else { return nil }
    var end = signature.index(after: signature.startIndex)
    switch first {
    case "a":
        var rest = signature[end...]
        _ = nextType(&rest)
        end = rest.startIndex
    case "(", "{":
        var depth = 1
        while depth > 0 {
            let c = signature[end]
            if c == "(" || c == "{" { depth += 1 }
            if c == ")" || c == "}" { depth -= 1 }
            end = signature.index(after: end)
        }
    default: break
    }
    defer { signature = signature[end...] }
    return signature[..<end]
}

private func writeOne(_ type: Substring, _ input: inout Input, _ writer: inout MessageWriter, paths: [String]) {
    switch type.first! {
    case "i": writer.int32(input.int32())
    case "u": writer.uint32(input.uint32())
    case "b": writer.bool(input.byte() & 1 != 0)
    case "s": writer.string(input.string())
    case "o": writer.objectPath(paths[Int(input.byte()) % paths.count])
    case "a":
        let element = type.dropFirst()
        writer.open("a", String(element))
        for _ in 0..<Int(input.byte() % 9) {
            if element.first == "{" {
                writer.open("e", String(element.dropFirst().dropLast()))
                write(element.dropFirst().dropLast(), &input, &writer, paths: paths)
                writer.close()
            } else {
                writeOne(element, &input, &writer, paths: paths)
            }
        }
        writer.close()
    case "(":
        writer.open("r", String(type.dropFirst().dropLast()))
        write(type.dropFirst().dropLast(), &input, &writer, paths: paths)
        writer.close()
    default: fatalError("no writer for \(type)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMethodArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if fixtures.isEmpty { setUp() }
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    let fixture = fixtures[Int(input.byte()) % fixtures.count]
    let adapter = fixture.adapter
    let tree = fixture.window.accessibilityTree
    let node = fixture.nodes[(Int(input.byte()) << 8 | Int(input.byte())) % fixture.nodes.count]
    let served = members.filter { adapter.interfaces(of: node).contains($0.interface) }
    let member = served[Int(input.byte()) % served.count]
    let path = node.path(in: tree)
    let paths = [path, ObjectNode.document.path(in: tree), ObjectNode.applicationPath, "/org/a11y/atspi/null"]

    if member.isProperty {
        var reply: OpaquePointer?
        guard
            sd_bus_message_new_method_call(
                bus, &reply, "org.a11y.atspi.Registry", path, member.interface.rawValue, "Get") >= 0,
            let reply
        else { fatalError("no message") }
        defer { sd_bus_message_unref(reply) }
        var writer = MessageWriter(reply)
        let answered = adapter.answer(member.name, of: node, interface: member.interface, writer: &writer)
        precondition(answered, "\(member.interface.rawValue).\(member.name) is declared but not answered on \(node)")
        precondition(writer.status >= 0, "\(member.name): writing failed (\(writer.status))")
        expectSignature(reply, member.output, member)
        return 0
    }

    var call: OpaquePointer?
    guard
        sd_bus_message_new_method_call(
            bus, &call, "org.a11y.atspi.Registry", path, member.interface.rawValue, member.name) >= 0,
        let call
    else { fatalError("no message") }
    defer { sd_bus_message_unref(call) }
    var writer = MessageWriter(call)
    write(member.input[...], &input, &writer, paths: paths)
    precondition(writer.status >= 0, "a body of \(member.input) was refused: \(writer.status)")
    guard sd_bus_message_seal(call, 1, 0) >= 0, sd_bus_message_rewind(call, 1) >= 0 else { fatalError("seal") }
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    switch adapter.answer(call, node: node, interface: member.interface, member: member.name, error: &error) {
    case .failed(let status):
        precondition(
            ["GetMatchesTo", "GetMatchesFrom"].contains(member.name) && status == -95,
            "\(member.interface.rawValue).\(member.name) on \(node) failed: \(status)")
    case .reply(let reply):
        defer { sd_bus_message_unref(reply) }
        expectSignature(reply, member.output, member)
        if member.interface == .text { checkText(reply, call: call, member: member, node: node, adapter: adapter) }
    }
    return 0
}

private func expectSignature(_ message: OpaquePointer, _ wanted: String, _ member: Member) {
    let signature = sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? ""
    precondition(signature == wanted, "\(member.interface.rawValue).\(member.name) replied \(signature), not \(wanted)")
}

/// Text's answers name the text: offsets within it, the string between them, a character of it.
private func checkText(
    _ reply: OpaquePointer, call: OpaquePointer, member: Member, node: ObjectNode, adapter: AtspiAdapter
) {
    let scalars = adapter.runs(of: node)?.scalars ?? adapter.text(of: node)
    guard sd_bus_message_seal(reply, 2, 0) >= 0, sd_bus_message_rewind(reply, 1) >= 0 else { fatalError("seal") }
    var reader = MessageReader(reply)
    switch member.output {
    case "sii":
        let text = reader.string(), start = Int(reader.int32()), end = Int(reader.int32())
        precondition(
            0 <= start && start <= end && end <= scalars.count, "\(member.name): \(start)..<\(end) of \(scalars.count)")
        precondition(
            Array(text.unicodeScalars) == Array(scalars[start..<end]), "\(member.name): text is not \(start)..<\(end)")
    case "s" where member.name == "GetText":
        let text = Array(reader.string().unicodeScalars)
        precondition(text.count <= scalars.count, "GetText gave \(text.count) characters of \(scalars.count)")
        // The reply is a run of the text's characters: where it starts, the rest follows.
        if let first = text.first {
            let found = scalars.indices.contains { i in
                scalars[i] == first && i + text.count <= scalars.count && Array(scalars[i..<i + text.count]) == text
            }
            precondition(found, "GetText gave characters that are not a run of the text")
        }
    case "i" where member.name == "GetCharacterAtOffset":
        let value = reader.int32()
        precondition(value == 0 || scalars.contains { $0.value == UInt32(bitPattern: value) }, "character \(value)")
    default: break
    }
    precondition(reader.status >= 0, "\(member.name): reply unreadable (\(reader.status))")
}
