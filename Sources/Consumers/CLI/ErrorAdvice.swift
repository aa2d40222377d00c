import InterlinearCorpus
import InterlinearSession
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
        case let corpus as CorpusError:
            switch corpus.remedy {
            case .downloadSourceData?: return "\(corpus); run scripts/setup to download it"
            case .importChapter(let reference)?: return "\(corpus); `interlinear import \"\(reference)\"` adds it"
            case .reimportChapterFile?:
                return "\(corpus); re-import the chapter with `interlinear import REF --output FOLDER`"
            case nil: return String(describing: corpus)
            }
        case let store as StoreError:
            guard let remedy = store.remedy else { return String(describing: store) }
            return store.problem + "; " + advice(remedy)
        case is ChapterCatalog.NoStore:
            return "\(error): run `interlinear import`"
        default:
            return String(describing: error)
        }
    }

    /// A store's remedy as this command line's user follows it.
    static func advice(_ remedy: StoreError.Remedy) -> String {
        switch remedy {
        case .rebuild: return "run `interlinear import` to rebuild it"
        case .retryThenRebuild: return "try again, and if it happens again run `interlinear import` to rebuild it"
        case .deleteThenRebuild: return "delete it and run `interlinear import` to rebuild it"
        case .moveAsideThenBuild:
            return "move it away or point --corpus/INTERLINEAR_DATA elsewhere, then run `interlinear import`"
        case .updateOrRebuild: return "update interlinear or rebuild the store with `interlinear import`"
        case .rebuildOlder: return "run `interlinear import` to rebuild it (reading never changes a store)"
        case .reimportChapter(let reference): return "run `interlinear import \"\(reference)\"` to import it again"
        case .rebuildAsOwner: return "run `interlinear import` as its owner"
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
