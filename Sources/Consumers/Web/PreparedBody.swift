import NIOCore
import Synchronization

/// A response body made once and served many times: its bytes as they are and gzip-compressed, and the entity tag
/// both are validated by (`If-None-Match`). The store is read-only while the server runs, so a page made from it
/// stays right until the server stops; a new store means a new process and new tags only if the text changed.
struct PreparedBody: Sendable {
    let contentType: String
    let identity: ByteBuffer
    /// Nil when compressing does not make the body smaller (tiny pages) or zlib failed.
    let gzip: ByteBuffer?
    /// FNV-1a (64 bits, hex) of the uncompressed bytes: the strong tag of the body as it is; the gzip
    /// representation's tag adds `-gzip` (each representation needs its own strong tag, RFC 9110 8.8.3).
    let tag: String

    init(_ bytes: [UInt8], contentType: String) {
        self.contentType = contentType
        identity = ByteBuffer(bytes: bytes)
        let compressed = bytes.count > 256 ? Gzip.compress(bytes) : nil
        gzip = compressed.flatMap { $0.count < bytes.count ? ByteBuffer(bytes: $0) : nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        tag = String(hash, radix: 16)
    }

    init(html: String) { self.init(Array(html.utf8), contentType: "text/html; charset=utf-8") }

    /// The bytes this body holds in memory.
    var size: Int { identity.readableBytes + (gzip?.readableBytes ?? 0) }
}

/// The pages made from the store, kept up to a byte budget and dropped least recently used first, so memory stays
/// flat however many chapters are read (the whole Bible's pages would not fit a small machine's memory; the pages
/// read most stay).
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: (body: PreparedBody, used: UInt64)] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    private let state = Mutex(State())
    /// The most bytes the kept bodies hold together.
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// The body kept for `key`, or the one `make` makes (kept for next time). Two requests that miss at once both
    /// make it: pages are pure functions of the store, so either copy is right.
    func body(_ key: String, make: () throws -> PreparedBody) rethrows -> PreparedBody {
        let kept = state.withLock { state -> PreparedBody? in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (entry.body, state.clock)
            return entry.body
        }
        if let kept { return kept }
        let made = try make()
        guard made.size <= budget / 4 else { return made }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue((made, state.clock), forKey: key) { state.bytes -= old.body.size }
            state.bytes += made.size
            while state.bytes > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.size
            }
        }
        return made
    }
}
