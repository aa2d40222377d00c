import InterlinearCorpus
import InterlinearShaping

/// A run list a save is to write (`ShapeRunList`): a batch a prefetch looked up string by string, its strings (in
/// the session's table), what its lookups found, and which of the save's new entries is each string's own run. Where each string's entry is in the file is settled under the file's lock
/// (`units(in:batchUnits:accept:)`): an offset this process found is kept only if it still leads to that string's
/// entry in the file as it is then (another process may have compacted it meanwhile).
struct ShapeRunListDraft {
    let digest: UInt64
    /// The batch's strings: `ids` in the session's table, read when the list is settled (a cold run's are all new
    /// entries, and are not read).
    let strings: StringTable
    let ids: [UInt32]
    /// The index among the save's new entries of each string's own run; -1: none (it was served, or not kept).
    let batchEntry: [Int32]
    /// The entries this process's lookups found (offset / 16 in the file it mapped; 0: none).
    let found: [UInt32]

    var count: Int { ids.count }

    /// Calls `body` with string `k`'s bytes.
    func withString<R>(_ k: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        strings.withUTF8(of: ids[k]) { body(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `file` already has this batch's list, and it holds (another process wrote it).
    func isListed(in file: ShapeFile, accept: (ShapeFile.Entry) -> Bool) -> Bool {
        guard case .found(let offset) = file.runList(digest: digest, count: count) else { return false }
        return file.serveList(
            at: offset, count: count, matches: { k, key in withString(k) { $0.elementsEqual(key) } },
            accept: accept, found: { _, _ in })
    }

    /// Each string's entry in `file` (offset / 16; 0: none there): the batch's new entry (`batchUnits`, by the
    /// index among the new entries), else what this process found if it still leads there, else a lookup.
    func units(in file: ShapeFile?, batchUnits: [UInt32], accept: (ShapeFile.Entry) -> Bool) -> [UInt32] {
        (0..<count).map { k -> UInt32 in
            let entry = Int(batchEntry[k])
            if entry >= 0 { return entry < batchUnits.count ? batchUnits[entry] : 0 }
            guard let file else { return 0 }
            return withString(k) { utf8 in
                let style = ShapingStyle.detect(utf8.assumingMemoryBound(to: UInt8.self)).rawValue
                if found[k] != 0, file.holdsEntry(atUnit: found[k], utf8, style: style, accept: accept) {
                    return found[k]
                }
                if case .found(let entry) = file.lookup(utf8, style: style, accept: accept) {
                    return UInt32(entry.offset / ShapeFileLayout.unit)
                }
                return 0
            }
        }
    }
}
