import CSword
import CSwordLoader

/// Why a SWORD module could not be read: libsword is missing, or the module is not installed. Both are one line
/// naming what to install (the CLI exits 69, "unavailable").
public struct SwordError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The SWORD modules installed on this machine (Debian's in /usr/share/sword, the user's in ~/.sword, or wherever
/// `SWORD_PATH` points), opened through libsword's C API as diatheke, Xiphos and BibleTime open them.
///
/// One SWORD module manager (`SWMgr`), freed when the library is. libsword's managers are not thread-safe and the
/// strings its flat API returns live only until the next call on the same module, so every string is copied out
/// at once and a library is used from one thread at a time (it is not `Sendable`).
public final class SwordLibrary {
    /// A module as the manager lists it.
    public struct Module: Sendable, Equatable {
        /// The module's name, e.g. "StrongsGreek", "engKJV2006eb".
        public let name: String
        /// "Biblical Texts", "Lexicons / Dictionaries", …
        public let category: String
        public let language: String
        public let description: String
    }

    /// The manager's handle (flatapi.h's SWHANDLE, an intptr_t).
    private let manager: Int

    /// Opens the installed modules; throws when libsword itself cannot be loaded.
    public init() throws {
        if let failure = sword_loader_failure() { throw SwordError(String(cString: failure)) }
        manager = org_crosswire_sword_SWMgr_new()
        guard manager != 0 else { throw SwordError("libsword could not start its module manager") }
    }

    /// Opens the modules of the one library folder `path` (its `mods.d` and the files its `.conf`s name), not the
    /// installed ones: a module whose `.conf` `ModuleRepair` corrected.
    init(path: String) throws {
        if let failure = sword_loader_failure() { throw SwordError(String(cString: failure)) }
        manager = org_crosswire_sword_SWMgr_newWithPath(path)
        guard manager != 0 else { throw SwordError("libsword could not start its module manager") }
    }

    deinit { org_crosswire_sword_SWMgr_delete(manager) }

    /// libsword's version, e.g. "1.9.0".
    public var version: String { string(org_crosswire_sword_SWMgr_version(manager)) }

    /// Every installed module, in the manager's (alphabetical) order.
    public var modules: [Module] {
        var found: [Module] = []
        guard var info = org_crosswire_sword_SWMgr_getModInfoList(manager) else { return found }
        // The list ends with an entry whose name is NULL.
        while let name = info.pointee.name {
            found.append(
                Module(
                    name: String(cString: name), category: string(info.pointee.category),
                    language: string(info.pointee.language), description: string(info.pointee.description)))
            info += 1
        }
        return found
    }

    /// The installed module called `name` (SWORD matches names without regard to case), or nil.
    func handle(_ name: String) -> Int? {
        let handle = org_crosswire_sword_SWMgr_getModuleByName(manager, name)
        return handle == 0 ? nil : handle
    }

    /// Sets one of SWORD's global filter options ("Strong's Numbers" → "On"): what the render and strip filters keep.
    func setOption(_ option: String, _ value: String) {
        org_crosswire_sword_SWMgr_setGlobalOption(manager, option, value)
    }
}

/// A C string from libsword as a Swift string ("" for NULL); invalid UTF-8 is repaired, never trusted.
func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}
