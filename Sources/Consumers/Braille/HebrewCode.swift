import Foundation

/// The braille code Hebrew is written in.
///
/// - `ihbc`: the International Hebrew Braille Code (1946), what students of Biblical Hebrew learn: every vowel
///   including the hatefs, shureq apart from qibbuts, dagesh and mappiq, maqaf, sof pasuq, paseq and the two main
///   accents (etnahta, zaqef qatan). Debian 12's liblouis has no table for it, so the project ships its own
///   (`IHBCTable`).
/// - `israeli`: liblouis's modern Israeli table (`he-IL.utb`): letters and vowel points only (see `HebrewBraille`).
public enum HebrewCode: String, Sendable, CaseIterable {
    case ihbc, israeli

    /// The table list entry of the code: the installed IHBC table's absolute path, or the Israeli table's name.
    func table() throws -> String {
        switch self {
        case .ihbc: try InstalledIHBCTable.path.get()
        case .israeli: BrailleTables.israeliHebrew
        }
    }

    /// Hebrew in the order the code's table reads.
    func prepared(_ text: String) -> String {
        switch self {
        case .ihbc: HebrewBraille.ihbcPrepared(text)
        case .israeli: HebrewBraille.prepared(text)
        }
    }
}

/// The IHBC table, written once per process to a private file liblouis reads by absolute path.
///
/// Why embedded rather than installed beside the binary: the `interlinear` binary is one static file (the Swift
/// runtime linked in) that runs from wherever it is copied, and the product never reads data relative to the
/// current folder; a resource bundle would be found relative to the executable's build folder. So the table's
/// text is compiled in, and the first Hebrew braille of a process writes it to a folder made by `mkdtemp` (mode
/// 0700, a fresh name, so nothing another user made is followed) with `O_CREAT | O_EXCL | O_NOFOLLOW`, and removes
/// both when the process exits. liblouis takes a table list separated by commas, so the folder is under `/tmp`
/// when `TMPDIR` holds a comma or is not absolute.
enum InstalledIHBCTable {
    static let path: Result<String, Louis.Failure> = install()

    private static func install() -> Result<String, Louis.Failure> {
        var base = FileManager.default.temporaryDirectory.path
        if !base.hasPrefix("/") || base.contains(",") || base.utf8.count > 512 { base = "/tmp" }
        var template = Array((base + "/interlinear-braille-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            return .failure(Louis.Failure(description: "cannot make a folder for the Hebrew braille table in \(base)"))
        }
        let folder = String(cString: made)
        let file = folder + "/" + IHBCTable.fileName
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            rmdir(folder)
            return .failure(Louis.Failure(description: "cannot write the Hebrew braille table in \(folder)"))
        }
        let bytes = Array(IHBCTable.text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        close(descriptor)
        guard written == bytes.count else {
            unlink(file)
            rmdir(folder)
            return .failure(Louis.Failure(description: "cannot write the Hebrew braille table in \(folder)"))
        }
        atexit {
            if case .success(let file) = InstalledIHBCTable.path {
                unlink(file)
                rmdir(String(file.dropLast(IHBCTable.fileName.utf8.count + 1)))
            }
        }
        return .success(file)
    }
}
