import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearRender

/// What `interlinear view` remembers between runs — where the reader was, the font size, the theme, the tiers, the
/// word order —
/// in `$XDG_CONFIG_HOME/interlinear/view.json` (else `~/.config/interlinear/view.json`). The file is untrusted
/// like the caches: it must be a regular file reached without a symbolic link, at most `maximumBytes`, JSON of this
/// shape with values in range. Anything else is one warning and the defaults; a missing file is just the defaults.
package struct ViewPreferences: Codable, Equatable, Sendable {
    /// "Romans 8:28": the chapter and the verse at the top of the window when it closed.
    package var reference: String?
    package var fontSize: Float?
    /// A `Theme.Name` raw value: "light", "dark", "high-contrast".
    package var theme: String?
    /// The `--tiers` list.
    package var tiers: String?
    /// Whether the original script is in speech (`ScriptSetting.speech`; the window's and the reader's `o`).
    package var scriptInSpeech: Bool?
    /// How much a word's description says: a `Verbosity` raw value, "brief", "normal" or "full" (the window's and
    /// the reader's `v`). An unknown value (a later version's level) is left out with a warning, the rest kept.
    package var verbosity: String?
    /// The word order the window was in: a `WordOrder` raw value, "source" or "english" (the window's `e`). An
    /// unknown value is left out with a warning, as an unknown verbosity is.
    package var order: String?

    package static let maximumBytes = 4096
    package static let fileName = "view.json"

    package init(
        reference: String? = nil, fontSize: Float? = nil, theme: String? = nil, tiers: String? = nil,
        scriptInSpeech: Bool? = nil, verbosity: Verbosity? = nil, order: WordOrder? = nil
    ) {
        self.reference = reference
        self.fontSize = fontSize
        self.theme = theme
        self.tiers = tiers
        self.scriptInSpeech = scriptInSpeech
        self.verbosity = verbosity?.rawValue
        self.order = order?.rawValue
    }

    /// The remembered verbosity, nil when none (or an unknown one) is.
    package var level: Verbosity? { verbosity.flatMap(Verbosity.init(rawValue:)) }

    /// The remembered word order, nil when none (or an unknown one) is.
    package var wordOrder: WordOrder? { order.flatMap(WordOrder.init(rawValue:)) }

    /// The settings file's path, or nil when neither XDG_CONFIG_HOME (absolute) nor HOME says where it is.
    package static func fileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("interlinear/\(fileName)")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/interlinear/\(fileName)")
    }

    /// The remembered settings: the defaults (all nil) when there is no file, and also, with one `warn` line
    /// naming the file and what is wrong with it, when the file cannot be used.
    package static func load(from url: URL?, warn: (String) -> Void) -> ViewPreferences {
        guard let url else { return ViewPreferences() }
        do {
            guard let bytes = try read(url.path) else { return ViewPreferences() }
            var decoded = try JSONDecoder().decode(ViewPreferences.self, from: Data(bytes))
            if let problem = decoded.problem {
                warn("ignoring \(url.path): \(problem); using the defaults")
                return ViewPreferences()
            }
            if let verbosity = decoded.verbosity, decoded.level == nil {
                warn("ignoring verbosity \(verbosity.debugDescription) in \(url.path): it is not brief, normal or full")
                decoded.verbosity = nil
            }
            if let order = decoded.order, decoded.wordOrder == nil {
                warn("ignoring order \(order.debugDescription) in \(url.path): it is not source or english")
                decoded.order = nil
            }
            return decoded
        } catch let error as ViewError {
            warn("ignoring \(url.path): \(error.description); using the defaults")
        } catch {
            warn("ignoring \(url.path): it is not a settings file (\(error)); using the defaults")
        }
        return ViewPreferences()
    }

    /// What is out of range, or nil when every value is usable.
    var problem: String? {
        if let fontSize, !(6...96).contains(fontSize) { return "fontSize \(fontSize) is not between 6 and 96" }
        if let theme, Theme.Name(rawValue: theme) == nil {
            return "theme \(theme) is not one of \(Theme.Name.allCases.map(\.rawValue).joined(separator: ", "))"
        }
        if let reference, Passage(parsing: reference) == nil { return "reference \(reference) is not a reference" }
        if let tiers, tiers.count > 200 { return "tiers is too long" }
        return nil
    }

    /// The file's bytes, or nil when it does not exist. Opens without following a symbolic link (O_NOFOLLOW) and
    /// without blocking on a FIFO; refuses anything but a regular file of at most `maximumBytes`.
    private static func read(_ path: String) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == ELOOP { throw ViewError("it is a symbolic link; the settings file must be a regular file") }
            throw ViewError("cannot open it: \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ViewError("it is not a regular file")
        }
        guard info.st_size <= maximumBytes else {
            throw ViewError("it is \(info.st_size) bytes, more than \(maximumBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ViewError("cannot read it: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= maximumBytes else { throw ViewError("it grew past \(maximumBytes) bytes while being read") }
        return Array(bytes[..<count])
    }

    /// Writes the settings atomically (creating the folder) as a file of the program's own: a link, FIFO or anything
    /// but a regular file at the name is refused and left alone, and no folder is made through a dangling link.
    /// Throws when it cannot; the caller warns.
    package func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        try AtomicFile.write(data, to: url, createDirectories: true, target: .ownFile)
    }
}
