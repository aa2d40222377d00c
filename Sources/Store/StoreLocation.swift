import Foundation

/// Where the corpus store lives: one SQLite file, `interlinear.sqlite`, in the user's data folder.
public enum StoreLocation {
    public static let fileName = "interlinear.sqlite"

    /// The environment variables the store's place depends on.
    public static let variables = ["INTERLINEAR_DATA", "XDG_DATA_HOME", "HOME"]

    /// Those variables of this process (read with `getenv`: the default of every function here, run by every
    /// command, where a dictionary of the whole environment cost more than the rest of finding the store).
    public static func environment() -> [String: String] {
        var found: [String: String] = [:]
        for name in variables { if let value = getenv(name) { found[name] = String(cString: value) } }
        return found
    }

    /// The data folder: `$INTERLINEAR_DATA`, else `$XDG_DATA_HOME/interlinear`, else `~/.local/share/interlinear`.
    public static func defaultDirectory(environment: [String: String] = StoreLocation.environment()) -> URL {
        if let explicit = environment["INTERLINEAR_DATA"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        // The XDG spec ignores relative values.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("interlinear")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/interlinear")
    }

    /// The store file for `--corpus PATH` (a store file, or a folder holding `interlinear.sqlite`), else for
    /// `$INTERLINEAR_DATA` (the same), else in the default data folder.
    public static func storeFile(
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
        if exists ? !isDirectory.boolValue : ["sqlite", "db", "sqlite3"].contains(url.pathExtension) { return url }
        return url.appendingPathComponent(fileName)
    }
}
