// libFuzzer harness: the reader's key decoder (Sources/Consumers/Reader/Key.swift), compiled alone by scripts/fuzz.
//
// Terminal bytes arrive in arbitrary pieces: whatever the bytes and wherever a read splits them (the first byte
// chooses the split), decoding must give the same keys as decoding them in one piece, leave nothing pending after
// `flush()`, and never trap.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var whole = KeyDecoder()
    let once = whole.feed(bytes) + whole.flush()
    precondition(!whole.hasPending, "bytes pending after flush")

    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var pieces = KeyDecoder()
    let twice = pieces.feed(Array(bytes[..<split])) + pieces.feed(Array(bytes[split...])) + pieces.flush()
    precondition(once == twice, "keys depend on where the input was split (at \(split) of \(bytes.count))")

    var byteByByte = KeyDecoder()
    var single: [Key] = []
    for byte in bytes { single += byteByByte.feed([byte]) }
    single += byteByByte.flush()
    precondition(once == single, "keys differ when the input arrives a byte at a time")
    return 0
}
