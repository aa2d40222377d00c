import Foundation
import InterlinearCorpus

/// Where the corpus store lives: `interlinear.sqlite` in the user's data folder, its search index beside it
/// (`StoreIndex`).
package enum StoreLocation {
    package static let fileName = "interlinear.sqlite"

    /// The environment variables the store's place depends on.
    package static let variables = ["INTERLINEAR_DATA", "XDG_DATA_HOME", "HOME"]

    /// Those variables of this process (read with `getenv`: the default of every function here, run by every
    /// command, where a dictionary of the whole environment cost more than the rest of finding the store).
    package static func environment() -> [String: String] {
        var found: [String: String] = [:]
        for name in variables { if let value = getenv(name) { found[name] = String(cString: value) } }
        return found
    }

    /// The data folder: `$INTERLINEAR_DATA`, else `$XDG_DATA_HOME/interlinear`, else `~/.local/share/interlinear`.
    package static func defaultDirectory(environment: [String: String] = StoreLocation.environment()) -> URL {
        if let explicit = environment["INTERLINEAR_DATA"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        return UserFolders.data(environment: environment).appendingPathComponent("interlinear")
    }

    /// The store file for `--corpus PATH` (a store file, or a folder holding `interlinear.sqlite`), else for
    /// `$INTERLINEAR_DATA` (the same), else in the default data folder.
    package static func storeFile(
        explicit: String? = nil,
        environment: [String: String] = StoreLocation.environment()
    ) -> URL {
        let given =
            explicit.flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["INTERLINEAR_DATA"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return defaultDirectory(environment: environment).appendingPathComponent(fileName) }
        let url = URL(fileURLWithPath: given)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists ? !isDirectory.boolValue : storeExtensions.contains(url.pathExtension) { return url }
        return url.appendingPathComponent(fileName)
    }

    /// The extensions that make a path that does not exist yet a store file rather than a folder.
    static let storeExtensions = ["sqlite", "db", "sqlite3"]

    /// `storeFile(explicit:environment:).path`, found without Foundation's `URL` and without a dictionary of the
    /// environment: `variable` reads one environment variable (`getenv` unless a test passes its own). Every command
    /// that reads the store starts here, and `URL.path` was a visible part of a warm `typeset "John 1"` (benchmark
    /// `typeset-warm`): its first call builds a `Set<UInt8>`, which makes the Swift runtime scan every protocol
    /// conformance record, and the dictionary paid the same scan for `String: Hashable`. Paths Foundation would
    /// rewrite — "." or ".." components, doubled or trailing slashes, a leading "~", the root — take `storeFile`'s
    /// way, so the result is always the path that gives (`StoreLocationTests` compares the two).
    package static func storePath(
        explicit: String? = nil,
        variable: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
    ) -> String {
        func slow() -> String {
            var environment: [String: String] = [:]
            for name in variables { environment[name] = variable(name) }
            return storeFile(explicit: explicit, environment: environment).path
        }
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        guard let given = nonEmpty(explicit) ?? nonEmpty(variable("INTERLINEAR_DATA")) else {
            let folder: String?
            if let xdg = variable("XDG_DATA_HOME"), xdg.hasPrefix("/") {
                folder = plainAbsolute(xdg).map { $0 + "/interlinear" }
            } else {
                folder = nonEmpty(variable("HOME")).flatMap(plainAbsolute).map { $0 + "/.local/share/interlinear" }
            }
            return folder.map { $0 + "/" + fileName } ?? slow()
        }
        guard let path = plainAbsolute(given) else { return slow() }
        var info = stat()
        let isFile =
            stat(path, &info) == 0
            ? (info.st_mode & S_IFMT) != S_IFDIR : storeExtensions.contains { $0 == pathExtension(of: path) }
        return isFile ? path : path + "/" + fileName
    }

    /// `path` made absolute against the current folder, as `URL(fileURLWithPath:)` makes it, when the result is
    /// plain (no component Foundation would drop or rewrite, not the root); else nil.
    static func plainAbsolute(_ path: String) -> String? {
        guard !path.hasPrefix("~") else { return nil }
        var absolute = path
        if !path.hasPrefix("/") {
            guard let folder = getcwd(nil, 0) else { return nil }
            defer { free(folder) }
            absolute = String(cString: folder) + "/" + path
        }
        // Every component after the leading "/" is neither empty nor "." nor "..".
        var length = 0, dots = 0
        for byte in absolute.utf8.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (length == dots && dots <= 2) { return nil }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length == 0 || (length == dots && dots <= 2) ? nil : absolute
    }

    /// The extension of the last component, as `URL.pathExtension` reads it: after its last dot, unless that dot
    /// begins the name ("interlinear.sqlite" is "sqlite", ".sqlite" has none).
    static func pathExtension(of path: String) -> Substring {
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...]
    }
}
