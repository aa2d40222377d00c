import CLouis
import CLouisLoader
import Synchronization

/// liblouis, through its C API: translation of text to braille and back with a table list. liblouis keeps compiled
/// tables in process-wide state and is not thread-safe, so every call here holds one process-wide lock.
public enum Louis {
    private static let lock = Mutex(())

    /// Why a translation could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How the braille comes out.
    public enum Output: Sendable {
        /// North American ASCII braille (BRF): the table list must start with a BRF display table.
        case ascii
        /// Unicode braille patterns (U+2800…U+28FF), whatever the display table.
        case unicode
    }

    /// Silences liblouis's own logging: its warnings go to stderr, where they would break the one-line error
    /// rule; our callers report failures themselves.
    private static let quiet: Void = { lou_setLogLevel(LOU_LOG_OFF) }()

    /// Why liblouis cannot be used (it is loaded on first use: not installed, or too old), in one line naming the
    /// Debian package; nil when it is loaded.
    public static var unavailable: String? { louis_loader_failure().map { String(cString: $0) } }

    /// The longest table list handed to liblouis, in bytes. liblouis copies names into fixed buffers (a 4,069-byte
    /// name aborted it with "buffer overflow detected"); real lists are a few dozen bytes, file names at most 255.
    public static let maximumTableListBytes = 1_024

    /// Whether liblouis can compile a table list ("en-ueb-g1.ctb", or several separated by commas). A list longer
    /// than `maximumTableListBytes`, or holding a NUL, is never passed to liblouis: it does not exist.
    public static func tableExists(_ tableList: String) -> Bool {
        guard isBounded(tableList) else { return false }
        return lock.withLock { _ in
            _ = quiet
            return lou_checkTable(tableList) != 0
        }
    }

    private static func isBounded(_ tableList: String) -> Bool {
        tableList.utf8.count <= maximumTableListBytes && !tableList.utf8.contains(0)
    }

    /// Translates `text` with `tableList`.
    public static func translate(_ text: String, tableList: String, output: Output) throws -> String {
        let mode = output == .unicode ? Int32(dotsIO.rawValue | ucBrl.rawValue) : 0
        return try lock.withLock { _ in try run(text, tableList: tableList, mode: mode, back: false) }
    }

    /// Back-translates braille — in the characters of the list's display table, or Unicode braille patterns — to text.
    public static func backTranslate(_ braille: String, tableList: String, input: Output = .ascii) throws -> String {
        // Unicode braille is read through liblouis's Unicode display table (the dots modes take raw dot patterns).
        let list = input == .unicode ? "unicode.dis," + tableList : tableList
        return try lock.withLock { _ in try run(braille, tableList: list, mode: 0, back: true) }
    }

    /// One call of `lou_translateString` or `lou_backTranslateString`, growing the output buffer until the result
    /// fits (a Greek letter with accents takes up to three cells, an unknown character an escape of eight).
    /// Called with the lock held.
    private static func run(_ text: String, tableList: String, mode: Int32, back: Bool) throws -> String {
        _ = quiet
        guard isBounded(tableList) else {
            throw Failure(description: "the braille table list is longer than \(maximumTableListBytes) bytes")
        }
        if text.isEmpty { return "" }
        // widechar is 32 bits in Debian's build (UCS-4): one element per Unicode scalar.
        guard lou_charSize() == 4 else { throw Failure(description: "liblouis is built with 16-bit characters") }
        let input = text.unicodeScalars.map { widechar($0.value) }
        // The buffer grows to at most 64 cells per character plus 1,024; keep that within liblouis's Int32 lengths.
        guard input.count < (Int(Int32.max) - 1024) / 64 else {
            throw Failure(description: "text too long for liblouis")
        }
        let limit = input.count * 64 + 1024
        var capacity = input.count * 4 + 16
        while true {
            var output = [widechar](repeating: 0, count: capacity)
            var inLength = Int32(input.count)
            var outLength = Int32(capacity)
            let ok = input.withUnsafeBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    back
                        ? lou_backTranslateString(
                            tableList, inBuffer.baseAddress, &inLength, outBuffer.baseAddress,
                            &outLength, nil, nil, mode)
                        : lou_translateString(
                            tableList, inBuffer.baseAddress, &inLength, outBuffer.baseAddress,
                            &outLength, nil, nil, mode)
                }
            }
            guard ok != 0 else {
                if let missing = unavailable { throw Failure(description: missing) }
                throw Failure(description: "liblouis cannot use the braille table list \(tableList)")
            }
            // All input consumed and room to spare: the output is complete.
            if Int(inLength) >= input.count, Int(outLength) < capacity {
                var result = String.UnicodeScalarView()
                for value in output[0..<max(0, Int(outLength))] {
                    result.append(Unicode.Scalar(UInt32(value)) ?? "?")
                }
                return String(result)
            }
            guard capacity < limit else { throw Failure(description: "liblouis output did not fit") }
            capacity = min(capacity * 4, limit)
        }
    }
}
