import InterlinearCorpus
import InterlinearShaping
import InterlinearStore

/// The command line's one-line message for an error: the library says what is wrong as typed values
/// (`MissingChapter`, `FontError`, `CorpusError.remedy`); the advice a user of this command line follows — which
/// script or command to run, which Debian package to install — is worded here and nowhere else.
enum ErrorAdvice {
    static func message(for error: any Error) -> String {
        switch error {
        case StoreError.missingChapter(let missing):
            return missing.description(advice: missing.importable ? importAdvice(missing) : nil)
        case let font as FontError where font.configuration != nil:
            return String(describing: font)
        case let font as FontError:
            let install =
                font.debianPackage.map { "install it with: apt-get install \($0)" }
                ?? "find the Debian package that provides it (apt-cache search --names-only fonts-) and apt-get install it"
            return "\(font); \(install)"
        case let corpus as CorpusError where corpus.remedy == .downloadSourceData:
            return "\(corpus); run scripts/setup to download it"
        default:
            return String(describing: error)
        }
    }

    /// The command that makes a chapter open: its import (a Hebrew chapter alone, the whole New Testament at once),
    /// after scripts/setup when the source data is not downloaded yet.
    static func importAdvice(_ missing: MissingChapter) -> String {
        // No store: the whole import builds both testaments; a store without the chapter: import that chapter.
        let noStore = if case .noStore = missing.reason { true } else { false }
        let (command, purpose) =
            noStore
            ? ("`interlinear import`", "to build it (both testaments)")
            : ("`interlinear import \"\(missing.reference)\"`", "to add it")
        return missing.sourceDataDownloaded
            ? "run \(command) \(purpose)" : "run scripts/setup, then \(command), \(purpose)"
    }
}
