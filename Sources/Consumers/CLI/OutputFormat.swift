import ArgumentParser
import InterlinearCorpus

/// The format a command writes: `--format`, or the one `--output`'s extension names, or the command's default.
/// A file named `John-1.pdf` is a PDF: written as a PNG under that name it would open nowhere, so a `--format` that
/// contradicts the name is refused before any work.
enum OutputFormat {
    /// The format `explicit` or `output` names; `fallback` when neither does (standard output, or a name without a
    /// known extension: the file is the user's to name).
    static func chosen<Format: RawRepresentable & CaseIterable>(
        _ explicit: Format?, output: String?, default fallback: Format
    ) throws -> Format where Format.RawValue == String {
        let named = output.flatMap(named(by:)) as Format?
        switch (explicit, named) {
        case (let explicit?, let named?) where explicit != named:
            throw ValidationError(
                "--format \(explicit.rawValue) contradicts --output \(EscapedText.quoted(output ?? "")), "
                    + "a .\(named.rawValue) name; give one of them, or a name ending in .\(explicit.rawValue)")
        case (let explicit?, _): return explicit
        case (nil, let named?): return named
        case (nil, nil): return fallback
        }
    }

    /// The format whose name the path's extension is, ignoring case ("htm" for HTML too).
    private static func named<Format: RawRepresentable & CaseIterable>(by path: String) -> Format?
    where Format.RawValue == String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        var suffix = name[name.index(after: dot)...].lowercased()
        if suffix == "htm" { suffix = "html" }
        return Format.allCases.first { $0.rawValue == suffix }
    }
}
