import Foundation
import Testing

@testable import InterlinearExport

/// Classic ZIP's limits (APPNOTE 6.3: 32-bit sizes and offsets, a 16-bit entry count) met by the EPUB writer with a
/// refusal, not a trap: a narrated book of many chapters can reach 4 GiB. The entries here are zero pages mapped
/// without backing (`MAP_NORESERVE`), so gigabytes cost no memory; what is written is only counted.
@Suite("ZIP limits of the EPUB writer")
struct ZipLimitTests {
    /// `size` bytes of zeros, mapped read-only; unmapped by the caller.
    static func zeros(_ size: Int) throws -> UnsafeBufferPointer<UInt8> {
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        try #require(address != MAP_FAILED, "mmap of \(size) bytes: errno \(errno)")
        return UnsafeBufferPointer(start: address!.assumingMemoryBound(to: UInt8.self), count: size)
    }

    static let gibibyte = 1 << 30

    /// An entry that would take the archive past 2³² − 1 bytes is refused before any of its bytes are written; the
    /// entries before it and the end are still written, and the archive ends within the 32-bit offsets.
    @Test func anEntryPastFourGibibytesIsRefused() throws {
        let first = try Self.zeros(3 * Self.gibibyte)
        defer { munmap(UnsafeMutableRawPointer(mutating: first.baseAddress), first.count) }
        let second = try Self.zeros(Self.gibibyte + Self.gibibyte / 2)
        defer { munmap(UnsafeMutableRawPointer(mutating: second.baseAddress), second.count) }
        var written = 0
        var zip = ZipArchive(writingTo: { written += $0.count })
        try zip.append("mimetype", text: "application/epub+zip")
        try zip.append("audio/1.mp3", bytes: first)
        let before = written
        #expect(throws: ZipOverflow.self) { try zip.append("audio/2.mp3", bytes: second) }
        #expect(written == before)
        try zip.finish()
        // Two local headers (30 bytes and the name), two directory records (46 and the name), the end (22).
        let names = "mimetype".utf8.count + "audio/1.mp3".utf8.count
        #expect(written == 2 * 30 + 2 * 46 + 2 * names + 22 + "application/epub+zip".utf8.count + first.count)
        #expect(written <= Int(UInt32.max))
    }

    /// A 65,536th entry is refused: the end record counts entries in 16 bits.
    @Test func theEntryCountStaysWithinSixteenBits() throws {
        var zip = ZipArchive(writingTo: { _ in })
        for n in 0..<Int(UInt16.max) { try zip.append("\(n)", text: "") }
        #expect(throws: ZipOverflow.self) { try zip.append("one more", text: "") }
        try zip.finish()
    }
}
