import Foundation
import Synchronization

/// Unicode canonical decomposition (NFD) without a trip through Foundation for every string: each scalar's full
/// decomposition is asked of Foundation once per process and remembered, and a string's is those of its scalars
/// with each run of combining marks put in canonical order (by combining class, stably) — NFD by its definition
/// (Unicode Standard Annex #15). Respelling decomposes every word it respells; through Foundation each call bridged
/// the string to an `NSString` and back, which cost more than the respelling itself (docs/performance.md, "The
/// spoken forms"). ASCII and the Latin-1 punctuation below U+00C0 decompose to themselves and are never looked up.
enum CanonicalDecomposition {
    /// `text` in NFD: the same scalars as `text.decomposedStringWithCanonicalMapping`.
    static func decomposed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        let scalars = decomposedScalars(text)
        // Encoded as UTF-8 bytes and made a string once: appending scalars to a `String.UnicodeScalarView` one by
        // one cost more than the decomposition.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 2)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The scalars of `text` in NFD, for a reader that works on scalars (the respelling) and needs no string.
    static func decomposedScalars(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count + 4)
        known.withLock { known in
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value < 0xC0 {
                    scalars.append(scalar)
                } else if let parts = value < Remembered.tableEnd ? known.table[Int(value)] : known.others[value] {
                    scalars.append(contentsOf: parts)
                } else {
                    let parts = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
                    if value < Remembered.tableEnd {
                        known.table[Int(value)] = parts
                    } else {
                        known.others[value] = parts
                    }
                    scalars.append(contentsOf: parts)
                }
            }
        }
        reorderMarks(&scalars)
        return scalars
    }

    /// Each scalar above U+00BF decomposed so far. Shared by every thread.
    private static let known = Mutex(Remembered())

    /// Decompositions remembered: by index below U+2000 (Latin, the combining marks, Greek, Hebrew, Latin and Greek
    /// Extended: what the corpus writes, looked up without hashing), in a dictionary above.
    private struct Remembered {
        static let tableEnd: UInt32 = 0x2000
        var table: [[Unicode.Scalar]?] = Array(repeating: nil, count: Int(tableEnd))
        var others: [UInt32: [Unicode.Scalar]] = [:]
    }

    /// Puts every run of combining marks (combining class not 0) in ascending class order, keeping the order of
    /// marks of one class: the canonical ordering algorithm.
    private static func reorderMarks(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            // Below U+0300 every scalar is of class 0.
            guard scalars[start].value >= 0x0300, scalars[start].properties.canonicalCombiningClass.rawValue != 0 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < scalars.count, scalars[end].properties.canonicalCombiningClass.rawValue != 0 { end += 1 }
            if end - start > 1 {
                // Insertion sort: runs are a few marks long, and it is stable.
                for i in (start + 1)..<end {
                    let mark = scalars[i]
                    let rank = mark.properties.canonicalCombiningClass.rawValue
                    var j = i
                    while j > start, scalars[j - 1].properties.canonicalCombiningClass.rawValue > rank {
                        scalars[j] = scalars[j - 1]
                        j -= 1
                    }
                    scalars[j] = mark
                }
            }
            start = end
        }
    }

    /// `text` in NFC when it may not be (it holds a scalar above ASCII: Foundation composes it); ASCII as it is.
    static func composed(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? text : text.precomposedStringWithCanonicalMapping
    }
}
