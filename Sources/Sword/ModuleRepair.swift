import Glibc
import InterlinearCorpus

/// A module whose `.conf` names the wrong driver for its files, read as its files are. Debian's `sword-comm-mhcc`
/// 2.0 says `ModDrv=zCom4` (32-bit verse sizes, 12-byte index entries) over files written by zCom (16-bit sizes,
/// 10-byte entries): libsword then reads every verse from the wrong place, and diatheke, Xiphos and BibleTime show
/// John 12:44–50's comment, or another chapter's, under John 1:1. Which one the files are is plain from their
/// size: an index of whole 10-byte entries that is not whole 12-byte entries is zCom's, whatever the `.conf` says.
///
/// libsword takes a module's driver from its `.conf` only, so the reader's child gives it a private `.conf` for
/// such a module: a folder of its own with `mods.d/<name>.conf` (the settings libsword acts on, the driver
/// corrected) and a link to the library folder the module's files are in, opened by a manager of its own
/// (`SwordLibrary(path:)`). The module's files are never copied or changed.
enum ModuleRepair {
    /// The driver `conf`'s files are written by, when it is not the one its `.conf` names; nil otherwise.
    static func driver(of conf: ModuleConf, root: String) -> String? {
        guard let named = conf.value("ModDrv"), ["ztext4", "zcom4"].contains(named.lowercased()),
            let blocks = ModuleFiles.BlockType(conf: conf.value("BlockType"))
        else { return nil }
        var sizes: [Int] = []
        for testament in ["ot", "nt"] {
            let index = ModuleFiles.path(
                "\(testament).bzv", base: conf.dataPath(root: root), driver: named, blocks: blocks)
            var info = stat()
            guard stat(index, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { continue }
            sizes.append(Int(info.st_size))
        }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 % 10 == 0 && $0 % 12 != 0 }) else { return nil }
        return String(named.dropLast())
    }

    /// The settings a private `.conf` carries, spelled as libsword reads them (it compares keys with case).
    static let settings = [
        "ModDrv", "SourceType", "BlockType", "CompressType", "Encoding", "Category", "Lang", "Description",
        "Version", "DistributionLicense", "Direction", "Abbreviation", "GlobalOptionFilter",
    ]

    /// A new private library folder holding each of `modules` with its driver corrected; its path. Throws
    /// `SwordError` when it cannot be made.
    static func library(_ modules: [(conf: ModuleConf, root: String, driver: String)]) throws -> String {
        guard let folder = PrivateFolder.make("interlinear-sword") else {
            throw SwordError(
                "cannot make a folder for SWORD's corrected settings in \(PrivateFolder.base): \(errorText())")
        }
        guard mkdir(folder + "/mods.d", 0o700) == 0 else {
            throw SwordError("cannot make a folder for SWORD's corrected settings in \(folder): \(errorText())")
        }
        for (number, module) in modules.enumerated() {
            // The module's files through a link to the library folder that holds them ("r0" → /usr/share/sword).
            let link = "r\(number)"
            guard symlink(module.root, folder + "/" + link) == 0 else {
                throw SwordError("cannot link SWORD's library folder \(module.root): \(errorText())")
            }
            let dataPath = module.conf.value("DataPath") ?? ""
            let relative = dataPath.hasPrefix("./") ? String(dataPath.dropFirst(2)) : dataPath
            var text = "[\(module.conf.name)]\nDataPath=./\(link)/\(relative)\n"
            for key in settings {
                let values = key == "ModDrv" ? [module.driver] : module.conf.settings[key.lowercased()] ?? []
                for value in values where !value.contains("\n") { text += "\(key)=\(value)\n" }
            }
            try create(folder + "/mods.d/r\(number).conf", text)
        }
        return folder
    }

    /// Writes a new file (never through a link, never over one there).
    private static func create(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SwordError("cannot write \(path): \(errorText())") }
        defer { close(descriptor) }
        guard PrivateFolder.write(Array(text.utf8), to: descriptor) else {
            throw SwordError("cannot write \(path): \(errorText())")
        }
    }

    /// Removes a folder `library` made (its files, links and folders; what a link points to is left alone).
    static func remove(_ folder: String) {
        guard access(folder + "/mods.d", F_OK) == 0 else { return }
        for name in PrivateFolder.names(in: folder + "/mods.d") { unlink(folder + "/mods.d/" + name) }
        rmdir(folder + "/mods.d")
        var number = 0
        while unlink(folder + "/r\(number)") == 0 { number += 1 }
        rmdir(folder)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
