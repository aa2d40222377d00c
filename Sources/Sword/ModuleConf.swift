import Glibc
import InterlinearCorpus

/// A SWORD module's `.conf` section as interlinear reads it before libsword does: its name, its data folder and
/// its driver, and the settings libsword acts on, each checked against the values libsword knows. libsword opens
/// every module's files when it starts (a FIFO among them blocked it for ever) and acts on an unknown setting by
/// reading the module as something else, so the settings and the files are checked first.
public struct ModuleConf: Equatable, Sendable {
    public let name: String
    /// The `.conf` file it came from.
    public let file: String
    /// Key → values (a key may repeat: `GlobalOptionFilter`).
    public let settings: [String: [String]]

    public func value(_ key: String) -> String? { settings[key.lowercased()]?.last }

    /// The largest `.conf` file read (Debian's largest is under 8 KB).
    static let maxBytes = 1 << 20

    /// The sections of one `.conf` file's text: `[Name]` starts one, `Key=Value` lines fill it, `#` lines and
    /// blank lines are skipped, a line ending in `\` goes on on the next. Keys are compared without regard to case.
    static func sections(_ text: String, file: String) -> [ModuleConf] {
        var found: [ModuleConf] = []
        var name: String?
        var settings: [String: [String]] = [:]
        func close() {
            if let name { found.append(ModuleConf(name: name, file: file, settings: settings)) }
            settings = [:]
        }
        var pending = ""
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = pending + raw
            pending = ""
            if line.hasSuffix("\\") {
                line.removeLast()
                pending = line
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("["), let close_ = trimmed.firstIndex(of: "]") {
                close()
                name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close_])
                continue
            }
            guard name != nil, let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingSpaces.lowercased()
            settings[key, default: []].append(trimmed[trimmed.index(after: equals)...].trimmingSpaces)
        }
        close()
        return found
    }

    /// The values libsword knows for the settings it acts on (its `SWMgr::createModule`); nil for one it leaves as
    /// text. An unknown value made libsword read a module as something else (an unknown `CompressType` as
    /// uncompressed, so a dictionary gave no entries).
    static let known: [String: [String]] = [
        "compresstype": ["zip", "lzss", "bzip2", "xz"],
        "blocktype": ["book", "chapter", "verse"],
        "encoding": ["utf-8", "utf8", "latin-1", "utf-16", "scsu"],
        "sourcetype": ["osis", "thml", "gbf", "tei", "plaintext", "plain"],
        "cipherkey": [""],
    ]

    /// Checks the settings libsword acts on; throws `ModuleDamage` naming the `.conf` file and the setting.
    public func check() throws {
        guard let driver = value("ModDrv"), ModuleFiles.layout(driver: driver) != nil else {
            throw ModuleDamage(
                module: name, file: file,
                "has ModDrv=\(value("ModDrv") ?? "(none)"), not one interlinear reads (\(ModuleFiles.drivers))")
        }
        guard let dataPath = value("DataPath"), !dataPath.isEmpty else {
            throw ModuleDamage(module: name, file: file, "has no DataPath")
        }
        for (key, values) in Self.known.sorted(by: { $0.key < $1.key }) {
            guard let given = value(key), !values.contains(given.lowercased()) else { continue }
            throw ModuleDamage(
                module: name, file: file,
                key == "cipherkey"
                    ? "is enciphered (CipherKey); interlinear reads unlocked modules only"
                    : "has \(Self.spelled(key))=\(given), which libsword does not know (it knows "
                        + values.joined(separator: ", ") + ")")
        }
    }

    private static func spelled(_ key: String) -> String {
        ["compresstype": "CompressType", "blocktype": "BlockType", "encoding": "Encoding", "sourcetype": "SourceType"][
            key] ?? key
    }

    /// The module's data path: `DataPath` under the library folder that holds its `mods.d` (a folder, or a
    /// dictionary's folder and file stem).
    public func dataPath(root: String) -> String {
        let path = value("DataPath") ?? ""
        if path.hasPrefix("/") { return path }
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (root.hasSuffix("/") ? root : root + "/") + relative
    }
}

extension ModuleConf {
    /// The library folders libsword reads modules from, in its order: the current folder's `mods.d` (libsword's own
    /// rule), `SWORD_PATH`, the `DataPath` of /etc/sword.conf (Debian: /usr/share/sword), ~/.sword.
    static func libraryFolders() -> [String] {
        var folders = ["."]
        if let path = getenv("SWORD_PATH").map({ String(cString: $0) }), !path.isEmpty { folders.append(path) }
        if let system = try? BoundedFile.read("/etc/sword.conf", limit: maxBytes, what: "SWORD's configuration"),
            let section = sections(String(decoding: system, as: UTF8.self), file: "/etc/sword.conf").first,
            let dataPath = section.value("DataPath")
        {
            folders.append(dataPath)
        } else {
            folders.append("/usr/share/sword")
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { folders.append(home + "/.sword") }
        return folders
    }

    /// Every module section in the `.conf` files of `folders`' `mods.d`, with the folder it belongs to. A `.conf`
    /// that is not a regular file, or is too large, is refused naming it (libsword would block on a FIFO).
    static func installed(in folders: [String]) throws -> [(conf: ModuleConf, root: String)] {
        var found: [(ModuleConf, String)] = []
        for root in folders {
            let modsD = (root.hasSuffix("/") ? root : root + "/") + "mods.d"
            guard let folder = opendir(modsD) else { continue }
            var names: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.lowercased().hasSuffix(".conf") { names.append(name) }
            }
            closedir(folder)
            for name in names.sorted() {
                let path = modsD + "/" + name
                let bytes: [UInt8]
                do {
                    bytes = try BoundedFile.read(path, limit: maxBytes, what: "a SWORD module's .conf")
                } catch let error as CorpusError {
                    throw ModuleDamage(module: String(name.dropLast(5)), file: path, error.message)
                }
                for section in sections(String(decoding: bytes, as: UTF8.self), file: path) {
                    found.append((section, root))
                }
            }
        }
        return found
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
