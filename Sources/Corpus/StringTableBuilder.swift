import Synchronization

/// Interns strings while chapters load, then freezes them into a `StringTable` for the chapters to read. Ids are
/// dense, starting at 0, in first-seen order; the empty string and a space come first (`StringTable.emptyText`,
/// `StringTable.spaceText`), so layout never has to intern anything. Not `Sendable`: one owner writes it (a
/// session, an importer); everyone else reads frozen tables.
package final class StringTableBuilder {
    /// The storage lives behind a pointer held in a `let`, as `ShapeCache`'s tables do: a class's `var` costs a
    /// dynamic exclusivity check (`swift_beginAccess`) on every access, which made up about 29 % of a whole-NT load.
    /// Only this builder reaches the pointer, and it is not `Sendable`, so no two accesses can overlap.
    @usableFromInline let storage: UnsafeMutablePointer<InternedStrings>
    /// Morphemes remembered by their stored bytes (`morpheme(stored:)`), behind a pointer for the same reason.
    @usableFromInline let remembered: UnsafeMutablePointer<RememberedMorphemes>
    private let lineage = StringTable.Lineage(id: nextLineage.add(1, ordering: .relaxed).newValue)

    package init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: InternedStrings())
        remembered = .allocate(capacity: 1)
        remembered.initialize(to: RememberedMorphemes())
        let empty = intern(""), space = intern(" ")
        assert(empty == StringTable.emptyText && space == StringTable.spaceText)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        remembered.deinitialize(count: 1)
        remembered.deallocate()
    }

    /// Number of distinct strings interned so far.
    package var count: Int { storage.pointee.entries.count }

    /// Makes room for `strings` more strings of `bytes` bytes in all, so interning that many grows nothing on the
    /// way (a chapter's load knows its word count from its record). Grows geometrically when it grows at all, so a
    /// builder reserving before each of many loads copies its storage a logarithmic number of times.
    package func reserve(strings: Int, bytes: Int) {
        storage.pointee.reserve(strings: strings, bytes: bytes)
    }

    /// The table as it is now. Later interning leaves it unchanged (the builder copies its arrays on the next
    /// write while a frozen table still shares them).
    package func freeze() -> StringTable { StringTable(storage: storage.pointee, lineage: lineage) }

    /// Appends a chapter's distinct strings in one go, ids from 2 in order, to a builder that holds only the empty
    /// string and the space it starts with: `bytes` are the strings one after another, `lengths` their byte counts
    /// as 16-bit little-endian numbers (which sum to `bytes.count`). A store records each chapter's strings so
    /// (`ChapterStrings`), and a chapter's first load then copies them once instead of looking every field up.
    /// False, with the builder as new again (`restart`), when it held more, or when a string is empty, repeats one
    /// before it or is not clean text (`TextCheck.isClean`): the ids would not be the ones interning gives.
    package func adopt(_ bytes: UnsafeBufferPointer<UInt8>, lengths: UnsafeRawBufferPointer) -> Bool {
        guard remembered.pointee.morphemes.isEmpty, storage.pointee.adopt(bytes, lengths: lengths) else {
            restart()
            return false
        }
        return true
    }

    /// Forgets every string but the first two and every remembered morpheme: the state of a new builder, with the
    /// same lineage. Only for a builder that held nothing more before (`adopt`), whose frozen tables hold those two.
    package func restart() {
        storage.pointee = InternedStrings()
        remembered.pointee = RememberedMorphemes()
        _ = intern("")
        _ = intern(" ")
    }

    /// The id the next of `codes` names when its string is `bytes` (a code 0 names the next string adopted, a code
    /// k the id k − 1 named before); else the empty string's, with `codes.mismatched` set. How a chapter's load
    /// takes its ids from the strings its import recorded (`ChapterStrings` in the store): one call a field, the
    /// bytes compared, never hashed.
    package func replay(_ codes: inout RecordedCodes, _ bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        storage.pointee.replay(&codes, bytes)
    }

    /// The id of the UTF-8 bytes' string, interning it on first sight.
    package func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        storage.pointee.intern(bytes)
    }

    /// The id of the UTF-8 bytes' string, interning it on first sight, or nil when they are not clean text
    /// (`TextCheck.isClean`: valid UTF-8 without control characters). Each distinct string is checked once, when it
    /// is first met through this call: loading the New Testament meets a million fields but 75,000 strings.
    @inlinable
    package func intern(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) -> TextID? {
        storage.pointee.intern(checking: bytes)
    }

    /// The id of `text`, interning it on first sight.
    package func intern<S: StringProtocol>(_ text: S) -> TextID {
        withContiguousUTF8(of: text) { intern(utf8: $0) }
    }

    /// Whether the string `id`, interned from `bytes`, passes `check`: `test(bytes)` the first time it is asked for
    /// that check, remembered after it passed. A chapter's load checks the syntax of every word's Strong's number and
    /// morphology code; the Old Testament's 305,649 words hold 28,900 distinct numbers and 122 codes, so each is
    /// tested once instead of at each occurrence. `bytes` must be what `id` was interned from (traps when `id` is not
    /// in the table).
    @inlinable
    package func passes(
        _ id: TextID, _ bytes: UnsafeBufferPointer<UInt8>, _ check: FieldCheck,
        _ test: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        if check.isPassed(by: storage.pointee.entries[Int(id)].checks) { return true }
        guard test(bytes) else { return false }
        check.record(in: &storage.pointee.entries[Int(id)].checks)
        return true
    }

    /// The morpheme remembered for `bytes` (`remember(_:stored:)`), or nil. A store holds a Hebrew morpheme as its
    /// five fields in one run of bytes; the Old Testament's 310,000 morphemes are 70,000 distinct runs, so the loader
    /// looks a run up once instead of interning and checking five fields each time.
    @inlinable
    package func morpheme(stored bytes: UnsafeBufferPointer<UInt8>) -> Morpheme? {
        remembered.pointee.morpheme(stored: bytes)  // inlined into the loader: one call a morpheme, not two
    }

    /// Remembers that `bytes` stand for `morpheme`, whose ids this builder interned from them after checking them:
    /// `morpheme(stored:)` hands it out for the same bytes from then on. Right after `morpheme(stored:)` did not
    /// find the same bytes (same address and count, unchanged since, as a loader passes them), they are not hashed
    /// again.
    package func remember(_ morpheme: Morpheme, stored bytes: UnsafeBufferPointer<UInt8>) {
        remembered.pointee.remember(morpheme, stored: bytes)
    }
}

/// Where a load stands in a chapter's recorded codes (`StringTableBuilder.replay`): the codes (unsigned LEB128, as the
/// store writes counts), how many are read, and which adopted string a code 0 names next.
package struct RecordedCodes {
    let codes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var next = 2
    /// One past the last string adopted.
    let end: Int
    /// Whether a code did not agree with the bytes it was given (the ids given since mean nothing).
    package internal(set) var mismatched = false

    /// The codes of a load into `strings`, which has adopted the chapter's strings (`StringTableBuilder.adopt`).
    package init(_ codes: UnsafeBufferPointer<UInt8>, strings: StringTableBuilder) {
        self.codes = codes
        end = strings.count
    }

    /// Whether every code was read and every adopted string named, all agreeing.
    package var isComplete: Bool { !mismatched && next == end && offset == codes.count }

    /// The next code; nil when its bytes are not all there or it is longer than any id.
    @inline(__always)
    mutating func nextCode() -> Int? {
        guard offset < codes.count else { return nil }
        let first = Int(codes[offset])
        offset += 1
        guard first >= 0x80 else { return first }
        var code = first & 0x7F, shift = 7
        while offset < codes.count, shift < 35 {
            let byte = codes[offset]
            offset += 1
            code |= Int(byte & 0x7F) &<< shift
            if byte < 0x80 { return code }
            shift += 7
        }
        return nil
    }
}

/// A check a string's bytes passed, one bit each in `InternedStrings.checks`.
@usableFromInline package struct FieldCheck: Sendable {
    @usableFromInline package let rawValue: UInt8

    @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Valid UTF-8 without control characters (`TextCheck.isClean`).
    @usableFromInline package static let clean = FieldCheck(rawValue: 1)
    /// A Greek word's Strong's number (`FieldSyntax.isStrongs`).
    package static let greekStrongs = FieldCheck(rawValue: 2)
    /// A Hebrew word's Strong's numbers (`FieldSyntax.isHebrewStrongs`).
    package static let hebrewStrongs = FieldCheck(rawValue: 4)
    /// A morphology code (`FieldSyntax.isMorphology`).
    package static let morphology = FieldCheck(rawValue: 8)

    /// Whether a string's bits (its entry in `checks`) record that it passed this check.
    @inlinable func isPassed(by bits: UInt8) -> Bool { bits & rawValue != 0 }

    /// Records in a string's bits that it passed this check.
    @inlinable func record(in bits: inout UInt8) { bits |= rawValue }
}

/// Morphemes by their stored bytes: the bytes interned as keys (ids dense from 0), `morphemes[id]` what they stand for.
@usableFromInline
struct RememberedMorphemes {
    var keys = InternedStrings()
    var morphemes: [Morpheme] = []
    /// Where the bytes `morpheme(stored:)` last did not find go, while no key has been added since: `remember` of the
    /// same bytes then neither hashes them nor looks them up again.
    private var miss: (bytes: UnsafePointer<UInt8>?, count: Int, hash: Int, slot: Int, keys: Int)?

    /// Mutating only so the builder reaches it in place through its pointer (a copy retained four arrays a call).
    @usableFromInline
    mutating func morpheme(stored bytes: UnsafeBufferPointer<UInt8>) -> Morpheme? {
        let hash = InternedStrings.hash(bytes)
        let (slot, found) = keys.find(bytes, hash: hash)
        guard let found else {
            miss = (bytes.baseAddress, bytes.count, hash, slot, morphemes.count)
            return nil
        }
        // A hit leaves no miss behind: other bytes at the same address (the next row's) must not meet an old one.
        miss = nil
        return morphemes.withUnsafeBufferPointer { $0[Int(found)] }  // ids come from `keys`, which grows with it
    }

    /// Remembers `morpheme` for `bytes` (nothing when they are remembered already).
    mutating func remember(_ morpheme: Morpheme, stored bytes: UnsafeBufferPointer<UInt8>) {
        defer { miss = nil }
        if let miss, miss.bytes == bytes.baseAddress, miss.count == bytes.count, miss.keys == morphemes.count {
            _ = keys.append(bytes, hash: miss.hash, slot: miss.slot, checked: false)
            morphemes.append(morpheme)
        } else if Int(keys.intern(bytes)) == morphemes.count {
            morphemes.append(morpheme)
        }
    }
}

extension InternedStrings {
    /// The id of `bytes`, appended on first sight.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        let hash = Self.hash(bytes)
        let (slot, found) = find(bytes, hash: hash)
        if let found { return found }
        return append(bytes, hash: hash, slot: slot, checked: false)
    }

    /// The id of `bytes` if they are clean text, appended on first sight; nil otherwise. A string is checked once:
    /// `checks` remembers which ones were.
    @usableFromInline
    mutating func intern(checking bytes: UnsafeBufferPointer<UInt8>) -> TextID? {
        let hash = Self.hash(bytes)
        let (slot, found) = find(bytes, hash: hash)
        if let found {
            if FieldCheck.clean.isPassed(by: entries[Int(found)].checks) { return found }
            guard TextCheck.isClean(bytes) else { return nil }
            FieldCheck.clean.record(in: &entries[Int(found)].checks)
            return found
        }
        guard TextCheck.isClean(bytes) else { return nil }
        return append(bytes, hash: hash, slot: slot, checked: true)
    }

    /// Appends `bytes`, not interned yet, whose hash is `hash` and whose empty slot `find` gave as `slot` (no
    /// string added since).
    fileprivate mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, hash: Int, slot: Int, checked isChecked: Bool)
        -> TextID
    {
        let id = TextID(truncatingIfNeeded: entries.count)
        // The arena holds room ahead (zeros past `used`, which no id reaches): a string is copied into it in
        // place, without `append(contentsOf:)`'s generic path, which cost more than the copy.
        let start = used, end = start + bytes.count
        if end > arena.count { extendArena(to: end) }
        if let source = bytes.baseAddress, !bytes.isEmpty {
            arena.withUnsafeMutableBufferPointer { arena in
                // Traps only if `end` were past the room made above.
                Self.copy(
                    UnsafeRawPointer(source), bytes.count, to: UnsafeMutableRawPointer(arena.baseAddress! + start))
            }
        }
        used = end
        entries.append(
            Entry(
                start: start, count: bytes.count, hash: UInt32(truncatingIfNeeded: hash),
                checks: isChecked ? FieldCheck.clean.rawValue : 0))
        slots[slot] = id + 1
        if entries.count * 2 > slots.count { grow(to: slots.count * 2) }
        return id
    }

    /// `StringTableBuilder.adopt`: false when the table holds more than its first two strings or the strings are
    /// not distinct, non-empty clean text. Clean text is checked over all the bytes at once, and each string is
    /// then whole characters when none starts with a continuation byte. Left partly appended when false.
    mutating func adopt(_ bytes: UnsafeBufferPointer<UInt8>, lengths: UnsafeRawBufferPointer) -> Bool {
        let count = lengths.count / 2
        guard entries.count == 2, TextCheck.isClean(bytes) else { return false }
        guard let source = bytes.baseAddress, count > 0, let lengthBase = lengths.baseAddress else {
            return count == 0 && bytes.isEmpty
        }
        reserve(strings: count, bytes: bytes.count)
        let first = used
        arena.withUnsafeMutableBufferPointer { arena in
            // `reserve` made the room.
            UnsafeMutableRawPointer(arena.baseAddress! + first).copyMemory(from: source, byteCount: bytes.count)
        }
        used = first + bytes.count
        // The empty string and the space are clean text too, as a checked intern of them would record.
        FieldCheck.clean.record(in: &entries[0].checks)
        FieldCheck.clean.record(in: &entries[1].checks)
        // Entries written in place, each placed in a slot as `append` places it (`reserve` made the table large
        // enough for all of them), a repeat found on the way as `find` finds one.
        entries.append(contentsOf: repeatElement(Entry(start: 0, count: 0, hash: 0, checks: 0), count: count))
        var offset = 0
        let placed = arena.withUnsafeBufferPointer { arena in
            entries.withUnsafeMutableBufferPointer { entries in
                slots.withUnsafeMutableBufferPointer { slots in
                    let mask = slots.count - 1
                    for index in 0..<count {
                        let length = Int(
                            UInt16(littleEndian: lengthBase.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
                        guard length > 0, length <= bytes.count - offset, source[offset] & 0xC0 != 0x80 else {
                            return false
                        }
                        let string = UnsafeBufferPointer(start: source + offset, count: length)
                        let key = UInt32(truncatingIfNeeded: Self.hash(string))
                        var slot = Int(key) & mask
                        while slots[slot] != 0 {
                            let other = entries[Int(slots[slot] - 1)]
                            if other.hash == key, other.count == length,
                                Self.equal(arena.baseAddress, other.start, string)
                            {
                                return false
                            }
                            slot = (slot + 1) & mask
                        }
                        let id = 2 + index
                        entries[id] = Entry(
                            start: first + offset, count: length, hash: key, checks: FieldCheck.clean.rawValue)
                        slots[slot] = UInt32(truncatingIfNeeded: id + 1)
                        offset += length
                    }
                    return true
                }
            }
        }
        return placed && offset == bytes.count
    }

    /// `StringTableBuilder.replay`: mutating only so the builder reaches it in place through its pointer.
    mutating func replay(_ codes: inout RecordedCodes, _ bytes: UnsafeBufferPointer<UInt8>) -> TextID {
        guard let code = codes.nextCode() else {
            codes.mismatched = true
            return StringTable.emptyText
        }
        let id: Int
        if code == 0 {
            id = codes.next
            codes.next += 1
        } else {
            id = code - 1
        }
        let matches = entries.withUnsafeBufferPointer { entries in
            guard id < codes.next, id < codes.end else { return false }
            let entry = entries[id]
            guard entry.count == bytes.count else { return false }
            return arena.withUnsafeBufferPointer { Self.equal($0.baseAddress, entry.start, bytes) }
        }
        guard matches else {
            codes.mismatched = true
            return StringTable.emptyText
        }
        return TextID(truncatingIfNeeded: id)
    }

    /// Room for `strings` more strings of `bytes` bytes (`StringTableBuilder.reserve`).
    mutating func reserve(strings: Int, bytes: Int) {
        let count = entries.count + Swift.max(strings, 0)
        if entries.capacity < count { entries.reserveCapacity(Swift.max(count, entries.capacity * 2)) }
        if used + bytes > arena.count { extendArena(to: used + Swift.max(bytes, 0)) }
        var slotCount = slots.count
        while count * 2 > slotCount { slotCount *= 2 }
        if slotCount > slots.count { grow(to: slotCount) }
    }

    /// Appends zeros to the arena until it holds `end` bytes, at least doubling it.
    private mutating func extendArena(to end: Int) {
        arena.append(contentsOf: repeatElement(0, count: Swift.max(arena.count, end - arena.count, 256)))
    }

    /// Copies `count` bytes from `source` to `target` (which do not overlap) a word at a time, the last word
    /// overlapping the one before: strings are short, and a call to `memcpy` cost more than the copy.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutableRawPointer) {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
                offset += 8
            }
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        } else {
            for i in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
            }
        }
    }

    /// Makes the slot table `count` slots (a larger power of two) and places every id again (the hashes are kept,
    /// so no string is hashed twice).
    private mutating func grow(to count: Int) {
        slots = [UInt32](repeating: 0, count: count)
        let mask = count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                for id in entries.indices {
                    var slot = Int(entries[id].hash) & mask
                    while slots[slot] != 0 { slot = (slot + 1) & mask }
                    slots[slot] = UInt32(truncatingIfNeeded: id + 1)
                }
            }
        }
    }
}

/// Lineage ids, one per builder.
private let nextLineage = Atomic<UInt64>(0)
