import InterlinearCaches

#if canImport(Glibc)
import Glibc
#endif

/// The bytes of one chapter's spoken-forms cache file: the forms an accessibility tree computed (`SpokenForms`: a
/// word respelled, a lemma, a parsing in words, a gloss, a Strong's number), so that the next process reading the
/// chapter to a screen reader takes them instead of computing them again (benchmark `a11y-all-warm`).
///
/// The forms are what this program's code makes of a string, so the file is keyed by the program file itself (its
/// path, size, modification time and inode, `programKey`) and the chapter's language: a rebuilt or upgraded
/// program never reads a file an older one wrote. Each record names the string by its text, not by an id, so a
/// passage of the chapter, or the same chapter loaded with other options, finds its strings by value.
///
/// The file is untrusted input: `parse` bounds the size and every count and length, checks the magic, version, key,
/// body length and checksum, and that every text is UTF-8 and every kind in range; anything else is a miss (the
/// forms are computed, and the file written again).
///
/// Layout, little-endian: magic `ILSPOKE\0`, format version (u32), key (u64), body length (u32), `StableHasher` of
/// the body (u64); then the body: the record count (u32), each record's kind (u8), string length (u16) and form
/// length (u16), then every record's string and form bytes one after another (checked as UTF-8 in one pass).
struct SpokenFormsFile: Equatable {
    static let magic: [UInt8] = Array("ILSPOKE".utf8) + [0]
    static let formatVersion: UInt32 = 1
    static let headerSize = 32
    /// The largest file read or written: a long chapter (Psalm 119) holds a few thousand forms of tens of bytes.
    static let maxSize = 4 << 20
    static let maxRecords = 1 << 16

    struct Record: Equatable {
        var kind: UInt8
        var text: String
        var form: String
    }

    var key: UInt64
    var records: [Record]

    /// "spoken-John.1.bin": one file per chapter.
    static func fileName(osisID: String) -> String { "spoken-" + osisID + ".bin" }

    /// The key of the running program and `language` (a `SourceLanguage` tag); nil when the program file cannot
    /// be looked at (then nothing is kept).
    static func programKey(language: String) -> UInt64? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, Int(PATH_MAX))
        guard length > 0 else { return nil }
        let program = String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var info = stat()
        guard stat(program, &info) == 0 else { return nil }
        var text = "interlinear spoken forms \(formatVersion); program \(program)|\(info.st_size)|\(info.st_ino)|"
        text += "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec); language \(language)"
        return text.withUTF8 { StableHasher.hash(UnsafeRawBufferPointer($0)) }
    }

    /// The file's bytes; records too long to hold are left out (`Builder`).
    func encoded() -> [UInt8] {
        var builder = Builder()
        for record in records {
            var text = record.text
            text.withUTF8 { builder.add(kind: record.kind, text: $0, form: record.form) }
        }
        return builder.bytes(key: key)
    }

    /// A file made record by record, each string's bytes copied where they are (the chapter's string table).
    struct Builder {
        private var table: [UInt8] = []
        private var blob: [UInt8] = []
        private var count = 0

        /// Adds a record, unless a text or form is over 65,535 bytes or the file would pass `maxRecords` or
        /// `maxSize`.
        mutating func add(kind: UInt8, text: UnsafeBufferPointer<UInt8>, form: String) {
            let formLength = form.utf8.count
            guard count < SpokenFormsFile.maxRecords, text.count <= Int(UInt16.max), formLength <= Int(UInt16.max),
                SpokenFormsFile.headerSize + 4 + table.count + 5 + blob.count + text.count + formLength
                    <= SpokenFormsFile.maxSize
            else { return }
            table.append(kind)
            SpokenFormsFile.put(UInt16(text.count), into: &table)
            SpokenFormsFile.put(UInt16(formLength), into: &table)
            blob.append(contentsOf: text)
            blob.append(contentsOf: form.utf8)
            count += 1
        }

        /// The file: header, count, table, texts and forms.
        func bytes(key: UInt64) -> [UInt8] {
            var bytes = SpokenFormsFile.magic
            bytes.reserveCapacity(SpokenFormsFile.headerSize + 4 + table.count + blob.count)
            SpokenFormsFile.put(SpokenFormsFile.formatVersion, into: &bytes)
            SpokenFormsFile.put(key, into: &bytes)
            SpokenFormsFile.put(UInt32(4 + table.count + blob.count), into: &bytes)
            SpokenFormsFile.put(UInt64(0), into: &bytes)
            SpokenFormsFile.put(UInt32(count), into: &bytes)
            bytes += table
            bytes += blob
            let sum = bytes.withUnsafeBytes {
                StableHasher.hash(UnsafeRawBufferPointer(rebasing: $0[SpokenFormsFile.headerSize...]))
            }
            for index in 0..<8 {
                bytes[SpokenFormsFile.headerSize - 8 + index] = UInt8(truncatingIfNeeded: sum >> (8 * index))
            }
            return bytes
        }
    }

    /// The file `bytes` hold when it is one this program wrote under `key` with kinds below `kinds`; else nil.
    static func parse(_ bytes: [UInt8], key: UInt64, kinds: Int) -> SpokenFormsFile? {
        guard bytes.count >= headerSize + 4, bytes.count <= maxSize, Array(bytes[0..<8]) == magic else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> SpokenFormsFile? in
            var reader = Reader(bytes: buffer, offset: 8)
            guard reader.integer(UInt32.self) == formatVersion, reader.integer(UInt64.self) == key,
                let length = reader.integer(UInt32.self), Int(length) == buffer.count - headerSize,
                let sum = reader.integer(UInt64.self),
                StableHasher.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[headerSize...]))) == sum,
                let count = reader.integer(UInt32.self), count <= maxRecords,
                buffer.count - reader.offset >= 5 * Int(count)
            else { return nil }
            // The table of kinds and lengths, then the texts and forms one after another: the lengths must add up
            // to the rest of the file, which must be UTF-8 as a whole with every piece starting on a character.
            var blob = reader.offset + 5 * Int(count)
            guard String(validating: UnsafeBufferPointer(rebasing: buffer[blob...]), as: UTF8.self) != nil else {
                return nil
            }
            var records: [Record] = []
            records.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let kind = reader.integer(UInt8.self), Int(kind) < kinds,
                    let textLength = reader.integer(UInt16.self), let formLength = reader.integer(UInt16.self),
                    buffer.count - blob >= Int(textLength) + Int(formLength)
                else { return nil }
                let textEnd = blob + Int(textLength), formEnd = textEnd + Int(formLength)
                guard Self.startsCharacter(buffer, textEnd), Self.startsCharacter(buffer, formEnd) else { return nil }
                records.append(
                    Record(
                        kind: kind,
                        text: String(decoding: UnsafeBufferPointer(rebasing: buffer[blob..<textEnd]), as: UTF8.self),
                        form: String(decoding: UnsafeBufferPointer(rebasing: buffer[textEnd..<formEnd]), as: UTF8.self))
                )
                blob = formEnd
            }
            guard blob == buffer.count else { return nil }
            return SpokenFormsFile(key: key, records: records)
        }
    }

    /// Whether a piece may end at `offset`: the end of the file, or a byte that begins a UTF-8 character.
    private static func startsCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        offset == bytes.count || bytes[offset] & 0xC0 != 0x80
    }

    static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        for index in 0..<MemoryLayout<T>.size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    /// Reads the header and the table in bounds: every read past the end is nil.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard bytes.count - offset >= size else { return nil }
            var value: T = 0
            for index in 0..<size { value |= T(bytes[offset + index]) << (8 * index) }
            offset += size
            return value
        }
    }
}
