// libFuzzer harness: the persisted shape cache's reader (Sources/Caches/ShapeFile.swift), compiled into one
// module with the format, the writer and the hash by scripts/fuzz (no HarfBuzz needed). Seeds: small valid files
// written by ShapeFileWriter for the key below (Fuzz/seeds/shape-file, made by `ShapeFileSeedTests`).
//
// Whatever the bytes, reading must not trap or touch memory outside them, and what it accepts must hold up:
// every entry a lookup finds is its query's string and passes its checks, and the entries the slots reach that
// check out can be written into a new file that reads back to the same runs. Each input is read twice: as it is, and with its
// header re-sealed (key and header check rewritten), so the fuzzer also reaches the count and length checks that
// the header check would otherwise stop first. The reader for files too large to map (ShapeFileReader, reading the
// same bytes record by record) must accept the same files and answer every lookup and fonts record as the mapped one.
// A run list (ShapeRunList) the slots reach serves only entries within the bytes whose keys are the strings asked for.

/// The key the seeds were written for (ShapeFileSeedTests.key).
let seedKey: UInt64 = 0x5EED_5EED_5EED_5EED

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShapeFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // A mapping is page-aligned; libFuzzer's buffer need not be 16-byte aligned.
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
    defer { memory.deallocate() }
    memory.copyMemory(from: data, byteCount: size)
    let bytes = UnsafeRawBufferPointer(start: memory, count: size)
    check(bytes)
    if size >= ShapeFileLayout.headerSize {
        let check = ShapeFileLayout.Header.headerCheck
        memory.storeBytes(of: seedKey, toByteOffset: ShapeFileLayout.Header.key, as: UInt64.self)
        let sealed = StableHasher.hash(UnsafeRawBufferPointer(start: memory, count: check))
        memory.storeBytes(of: sealed, toByteOffset: check, as: UInt64.self)
        checkAccepted(bytes)
    }
    return 0
}

private func check(_ bytes: UnsafeRawBufferPointer) {
    _ = ShapeFile(bytes: bytes, key: seedKey &+ 1)  // another key: refused, whatever the bytes
    checkAccepted(bytes)
}

/// The record-by-record reader over the same bytes, which must accept them exactly when `ShapeFile` does.
private func reader(_ bytes: UnsafeRawBufferPointer, mapped: ShapeFile?) -> ShapeFileReader<ShapeFileBytes>? {
    let reader = ShapeFileReader(source: ShapeFileBytes(bytes: bytes), length: bytes.count, key: seedKey)
    precondition((reader == nil) == (mapped == nil), "the two readers disagree on the header")
    return reader
}

/// What the record-by-record reader finds for `string` is what the mapped one found, glyphs included.
private func checkSame(
    _ reader: ShapeFileReader<ShapeFileBytes>, _ file: ShapeFile, _ string: UnsafeRawBufferPointer,
    style: UInt8, found: ShapeFile.Lookup
) {
    let read = reader.lookup(string, style: style)
    precondition(read == found, "the two readers disagree on a lookup")
    if case .found(let entry) = read {
        precondition(
            reader.glyphs(of: entry).map {
                UnsafeRawBufferPointer($0).elementsEqual(UnsafeRawBufferPointer(file.glyphs(of: entry)))
            } == true,
            "the two readers disagree on glyphs")
    }
}

/// Every run list the slots reach, served against the strings of the entries it names (and, for a list of the
/// seeds' digest, as found by it): whatever it serves is within the bytes, and is the string asked for. The
/// record-by-record reader finds the same list and serves the same entries, or refuses it as the mapped one does.
private func checkLists(_ file: ShapeFile, _ reader: ShapeFileReader<ShapeFileBytes>) {
    for offset in file.reachableLists() {
        guard let (digest, units) = file.listUnits(at: offset) else { continue }
        let lookup = file.runList(digest: digest, count: units.count)
        let read = reader.runList(digest: digest, count: units.count)
        switch (lookup, read) {
        case (.found(let found), .found(let readUnits, let contents)):
            precondition(file.listUnits(at: found)?.digest == digest, "found another batch's list")
            let foundUnits = file.listUnits(at: found)?.units
            precondition(foundUnits == readUnits, "the two readers found different lists")
            checkServedAlike(file, reader, at: found, units: readUnits, contents: contents)
        case (.absent, .absent), (.damaged, .damaged): break
        default: preconditionFailure("the two readers disagree on a list lookup")
        }
        let strings = units.map { unit in file.entry(atUnit: unit).map { Array(file.string(of: $0)) } ?? [] }
        var served: [(Int, UnsafeRawPointer)] = []
        let held = file.serveList(
            at: offset, count: units.count,
            matches: { k, key in
                let same = strings[k].withUnsafeBytes { ShapeRunList.sameBytes(key, $0) }
                precondition(same == key.elementsEqual(strings[k]), "sameBytes disagrees with a byte comparison")
                return same
            },
            accept: { _ in true }, found: { served.append(($0, $1)) })
        guard held else { continue }
        for (k, head) in served {
            let at = head - file.bytes.baseAddress!
            precondition(at >= file.recordsStart && at <= file.bytes.count - ShapeFileLayout.recordHeadSize)
            let entry = ShapeFile.Entry(head: head, offset: at)
            precondition(entry.length <= file.bytes.count - at, "a served entry outside the bytes")
            precondition(file.string(of: entry).elementsEqual(strings[k]), "a list served another string")
        }
    }
}

/// The list at `offset` (found by `runList`), served by both readers against the strings of the entries it names:
/// both hold or neither, and they serve the same records.
private func checkServedAlike(
    _ file: ShapeFile, _ reader: ShapeFileReader<ShapeFileBytes>, at offset: Int, units: [UInt32], contents: UInt64
) {
    let strings = units.map { unit in file.entry(atUnit: unit).map { Array(file.string(of: $0)) } ?? [] }
    let matches = { (k: Int, key: UnsafeRawBufferPointer) in
        strings[k].withUnsafeBytes { ShapeRunList.sameBytes(key, $0) }
    }
    var mapped: [(Int, [UInt8])] = []
    let held = file.serveList(
        at: offset, count: units.count, matches: matches, accept: { _ in true },
        found: { k, head in
            let entry = ShapeFile.Entry(head: head, offset: head - file.bytes.baseAddress!)
            mapped.append((k, Array(UnsafeRawBufferPointer(start: head, count: entry.length))))
        })
    var read: [(Int, [UInt8])] = []
    let readHeld = reader.serveList(
        units: units, contents: contents, matches: matches, accept: { _ in true },
        found: { k, head in
            let entry = ShapeFile.Entry(head: head, offset: 0)
            read.append((k, Array(UnsafeRawBufferPointer(start: head, count: entry.length))))
        })
    precondition(held == readHeld, "the two readers disagree on whether a list holds")
    precondition(
        !held || (mapped.map(\.0) == read.map(\.0) && mapped.map(\.1) == read.map(\.1)),
        "the two readers served different entries")
}

private func checkAccepted(_ bytes: UnsafeRawBufferPointer) {
    let file = ShapeFile(bytes: bytes, key: seedKey)
    guard let reader = reader(bytes, mapped: file), let file else { return }
    checkLists(file, reader)
    precondition(file.recordsStart <= bytes.count, "accepted a file too short for its slots")
    var writer = ShapeFileWriter(key: seedKey, slotCount: file.slotCount)
    var kept: [ShapeFile.Entry] = []
    var fontsSet = false
    for entry in file.reachableEntries() {
        precondition(
            entry.offset >= file.recordsStart && entry.length <= bytes.count - entry.offset,
            "an entry outside the bytes")
        guard file.verified(entry) else { continue }
        let string = file.string(of: entry)
        let found = file.lookup(string, style: entry.style)
        checkSame(reader, file, string, style: entry.style, found: found)
        precondition(
            file.fonts(atUnit: entry.fonts) == reader.fonts(atUnit: entry.fonts), "the readers disagree on fonts")
        switch found {
        case .found(let other):
            precondition(file.verified(other), "found an unchecked entry")
            precondition(
                other.style == entry.style && file.string(of: other).elementsEqual(string),
                "found another string")
        case .damaged, .absent:
            break  // a damaged entry on the probe path, or the probe does not reach it: a miss, never a wrong run
        }
        if entry.dependsOnFallbacks {
            // Kept only with its fonts, and only the first fonts record met (the writer names one at a time).
            guard !fontsSet, let fonts = file.fonts(atUnit: entry.fonts) else { continue }
            writer.setFonts(fonts)
            fontsSet = true
        }
        if writer.add(
            string: string, style: entry.style, advance: entry.advance, flags: entry.flags,
            maxFont: entry.maxFont, glyphs: file.glyphs(of: entry), keyHash: entry.keyHash,
            check: entry.check) == .added
        {
            kept.append(entry)
        }
    }
    // What checked out, written anew, reads back to the same runs.
    let encoded = writer.encoded()
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(encoded.count, 1), alignment: 16)
    defer { memory.deallocate() }
    encoded.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    guard let again = ShapeFile(bytes: UnsafeRawBufferPointer(start: memory, count: encoded.count), key: seedKey) else {
        preconditionFailure("a file written from checked entries is refused")
    }
    precondition(again.reachableEntries().count == kept.count, "entries lost in the round trip")
    for entry in kept {
        let string = file.string(of: entry)
        guard case .found(let copy) = again.lookup(string, style: entry.style) else {
            preconditionFailure("an entry written anew is not found")
        }
        precondition(
            copy.advanceBits == entry.advanceBits && copy.check == entry.check && copy.flags == entry.flags,
            "an entry changed in the round trip")
        precondition(
            UnsafeRawBufferPointer(again.glyphs(of: copy)).elementsEqual(
                UnsafeRawBufferPointer(file.glyphs(of: entry))),
            "glyphs changed in the round trip")
    }
}
