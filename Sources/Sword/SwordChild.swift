import CSword
import CSwordLoader
import Glibc
import InterlinearCorpus

/// The reader's child process: `interlinear` started again by `SwordProcess` with `flag` as its only argument,
/// its stdin and stdout a socket to the parent. It limits its own memory and CPU time before libsword is loaded,
/// checks the modules' `.conf` settings and files (`ModuleConf`, `ModuleFiles`), then answers requests (one line
/// each, fields separated by tabs) in `SwordReply`'s records until the parent closes the socket. libsword runs
/// only here: a crash, a hang or a blow-up in it ends this process, and the parent says which module it was reading.
public enum SwordChild {
    public static let flag = "--sword-reader"
    /// Address space: libsword, ICU and the Swift runtime take under 300 MiB of it reading Debian's modules.
    static let memoryBytes: rlim_t = 1 << 30
    static let cpuSeconds: rlim_t = 120
    /// The most entries a dictionary gives (Debian's Hebrew one has 8,674).
    static let maxEntries = 100_000

    /// Runs the child and exits when the process was started as one; returns at once otherwise.
    public static func runIfAsked() {
        guard CommandLine.arguments.count == 2, CommandLine.arguments[1] == flag else { return }
        limit(RLIMIT_AS, memoryBytes)
        limit(RLIMIT_CPU, cpuSeconds)
        limit(RLIMIT_CORE, 0)
        // Nothing else of the parent (its store, a window's connection) stays open here.
        for descriptor in 3..<Int32(min(max(sysconf(Int32(_SC_OPEN_MAX)), 64), 65_536)) { close(descriptor) }
        var server = Server()
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if let folder = Server.repairFolder { ModuleRepair.remove(folder) }
                exit(0)
            }
            pending += chunk[..<count]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                server.answer(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            }
            guard pending.count <= 1 << 16 else { exit(2) }
        }
    }

    private static func limit(_ resource: __rlimit_resource, _ value: rlim_t) {
        var bound = rlimit(rlim_cur: value, rlim_max: value)
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &bound)
    }

    /// Answers requests; the library is opened by the first.
    struct Server {
        var library: SwordLibrary?
        /// The modules whose `.conf` names the wrong driver (`ModuleRepair`), by lowercased name, and the manager
        /// that reads them with the right one.
        var repaired: Set<String> = []
        var repairedLibrary: SwordLibrary?
        /// The folder of the corrected `.conf`s, removed when the child ends.
        nonisolated(unsafe) static var repairFolder: String?
        var confs: [(conf: ModuleConf, root: String)] = []
        var checked: Set<String> = []
        /// Modules whose files libsword must not open, by lowercased name: said when one is asked for.
        var refused: [String: ModuleDamage] = [:]
        var output: [UInt8] = []

        mutating func answer(_ request: [String]) {
            do {
                try answering(request)
            } catch let damage as ModuleDamage {
                send(.refusal, SwordReply.joined(["damaged", damage.module, damage.file ?? "", damage.problem]))
            } catch let error as SwordError {
                send(.refusal, SwordReply.joined(["unavailable", "", "", error.description]))
            } catch {
                send(.refusal, SwordReply.joined(["damaged", "", "", "\(error)"]))
            }
            send(.end, [])
            flush()
        }

        private mutating func answering(_ request: [String]) throws {
            let library = try opened()
            switch request.first {
            case "bibles":
                for module in library.modules where module.category == "Biblical Texts" {
                    guard let handle = library.handle(module.name) else { continue }
                    send(module.name)
                    for key in ["Abbreviation", "Description", "DistributionLicense"] {
                        send(string(org_crosswire_sword_SWModule_getConfigEntry(handle, key)))
                    }
                }
            case "commentaries":
                for module in library.modules where module.category == "Commentaries" {
                    guard let handle = library.handle(module.name) else { continue }
                    send(module.name)
                    for key in ["Description", "SourceType", "Lang", "DistributionLicense"] {
                        send(string(org_crosswire_sword_SWModule_getConfigEntry(handle, key)))
                    }
                }
            case "lexicon" where request.count == 2:
                let module = try prepared(request[1], in: library)
                send(string(org_crosswire_sword_SWModule_getConfigEntry(module, "Version")))
                var count = 0
                org_crosswire_sword_SWModule_begin(module)
                while org_crosswire_sword_SWModule_popError(module) == 0 {
                    count += 1
                    guard count <= SwordChild.maxEntries else {
                        throw ModuleDamage(
                            module: request[1], file: nil, "has more than \(SwordChild.maxEntries) entries")
                    }
                    send(string(org_crosswire_sword_SWModule_getKeyText(module)))
                    send(string(org_crosswire_sword_SWModule_getRawEntry(module)))
                    org_crosswire_sword_SWModule_next(module)
                }
            case "entry" where request.count == 3:
                let module = try prepared(request[1], in: library)
                org_crosswire_sword_SWModule_setKeyText(module, request[2])
                // The entry first: until it is read, getKeyText still gives the key before.
                let markup = string(org_crosswire_sword_SWModule_getRawEntry(module))
                send(string(org_crosswire_sword_SWModule_getKeyText(module)))
                send(markup)
            case "verses" where request.count >= 4:
                let module = try prepared(request[1], in: library)
                for chapter in request.dropFirst(3).compactMap({ Int($0) }) {
                    for (number, markup) in LibswordBible.verses(of: module, book: request[2], chapter: chapter) {
                        send(String(chapter))
                        send(String(number))
                        send(markup)
                    }
                }
            default:
                throw ModuleDamage(module: "", file: nil, "the reader was asked \(request.first ?? "nothing")")
            }
        }

        /// The library, opened after every installed module's `.conf` and file types are checked: a module with a
        /// file that is not a regular file (libsword would wait on a FIFO for ever) is refused when it is asked for.
        private mutating func opened() throws -> SwordLibrary {
            if let library { return library }
            confs = try ModuleConf.installed(in: ModuleConf.libraryFolders())
            var repairs: [(conf: ModuleConf, root: String, driver: String)] = []
            for (conf, root) in confs {
                guard let driver = conf.value("ModDrv"), ModuleFiles.layout(driver: driver) != nil else { continue }
                if let corrected = ModuleRepair.driver(of: conf, root: root),
                    !repaired.contains(conf.name.lowercased())
                {
                    repairs.append((conf, root, corrected))
                    repaired.insert(conf.name.lowercased())
                }
                do {
                    try ModuleFiles.checkTypes(
                        module: conf.name, driver: driver, base: conf.dataPath(root: root),
                        blocks: ModuleFiles.BlockType(conf: conf.value("BlockType")) ?? .book)
                } catch let damage as ModuleDamage {
                    refused[conf.name.lowercased()] = refused[conf.name.lowercased()] ?? damage
                }
            }
            send(.module, SwordReply.joined(["", "the SWORD library's modules"]))
            flush()
            let opened = try SwordLibrary()
            library = opened
            if !repairs.isEmpty {
                let folder = try ModuleRepair.library(repairs)
                Server.repairFolder = folder
                repairedLibrary = try SwordLibrary(path: folder + "/")
            }
            return opened
        }

        /// `name`'s module, its settings and files checked (once a process); the parent is told the module and
        /// folder before libsword reads them.
        private mutating func prepared(_ name: String, in library: SwordLibrary) throws -> Int {
            if let damage = refused[name.lowercased()] { throw damage }
            let conf = confs.first(where: { $0.conf.name.lowercased() == name.lowercased() })?.conf
            let owner = repaired.contains(name.lowercased()) ? repairedLibrary ?? library : library
            guard let module = owner.handle(name) else {
                // A module whose .conf libsword refused (an unknown CompressType) is damaged, not missing.
                guard let conf else { throw SwordError("the SWORD module \(name) is not installed") }
                try conf.check()
                throw ModuleDamage(module: name, file: conf.file, "is there, but libsword did not load the module")
            }
            let driver = string(org_crosswire_sword_SWModule_getConfigEntry(module, "ModDrv"))
            // libsword's folder of the module's files; a dictionary's file stem is the last part of its DataPath.
            var base = string(org_crosswire_sword_SWModule_getConfigEntry(module, "AbsoluteDataPath"))
            if ModuleFiles.isPrefixed(driver) {
                let stem =
                    string(org_crosswire_sword_SWModule_getConfigEntry(module, "DataPath")).split(separator: "/")
                    .last.map(String.init) ?? "dict"
                base = ModuleFiles.folder(base: base, driver: "ztext") + (base.hasSuffix("/") ? "" : "/") + stem
            }
            let folder = ModuleFiles.folder(base: base, driver: driver)
            if !checked.contains(name) {
                try conf?.check()
                let blockType = string(org_crosswire_sword_SWModule_getConfigEntry(module, "BlockType"))
                guard let blocks = ModuleFiles.BlockType(conf: blockType.isEmpty ? nil : blockType) else {
                    throw ModuleDamage(
                        module: name, file: conf?.file, "has BlockType=\(blockType), which libsword does not know")
                }
                try ModuleFiles.check(module: name, driver: driver, base: base, blocks: blocks)
                checked.insert(name)
            }
            send(.module, SwordReply.joined([name, folder]))
            flush()
            return module
        }

        private mutating func send(_ text: String) { send(.string, Array(text.utf8)) }

        private mutating func send(_ tag: SwordReply.Tag, _ payload: [UInt8]) {
            output += SwordReply.record(tag, payload)
            if output.count >= 1 << 16 { flush() }
        }

        private mutating func flush() {
            var sent = 0
            while sent < output.count {
                let count = output.withUnsafeBytes { write(1, $0.baseAddress! + sent, $0.count - sent) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { exit(3) }
                sent += count
            }
            output.removeAll(keepingCapacity: true)
        }
    }
}
