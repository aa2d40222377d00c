// The font cache file (`FontCacheFile.parse`), read by every command that lays out text. Each input is parsed as a
// whole file, and again sealed as a body (a correct header put in front), so the fuzzer reaches the body's fields
// without having to forge a checksum. Anything accepted must be exactly what encoding it gives back; a refusal is
// one short line without control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontCache(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for input in [bytes, FontCacheFile.sealing(bytes)] {
        do {
            let file = try FontCacheFile.parse(input)
            let encoded = file.encoded()
            precondition(encoded == input, "an accepted file re-encodes to its own bytes")
            precondition((try? FontCacheFile.parse(encoded)) == file, "and reads back to the same value")
            precondition(file.stamps.count <= FontCacheFile.maxStamps && file.chains.count <= FontCacheFile.maxChains)
        } catch {
            let line = error.description
            precondition(!line.isEmpty && line.count <= 120, "one short line: \(line)")
            precondition(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "no control characters")
        }
    }
    return 0
}
