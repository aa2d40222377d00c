import ArgumentParser
import InterlinearATSPI
import InterlinearBraille
import InterlinearCorpus
import InterlinearExport
import InterlinearNotes
import InterlinearReader
import InterlinearRender
import InterlinearShaping
import InterlinearStore
import InterlinearSword
import InterlinearView

/// The exit statuses of every command: one table, the same in the README ("Exit status"). The codes below 128 are
/// sysexits.h's where one fits; a process ended by a signal reports 128 + the signal (130 for SIGINT, 141 for
/// SIGPIPE left at its default, 139 for SIGSEGV …), as the shell shows it.
public enum ExitStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// A bad option, value or reference (EX_USAGE).
    case usage = 64
    /// A chapter file or the importer's source data is malformed or exceeds a limit (EX_DATAERR).
    case dataError = 65
    /// The chapter, the source data or a file to read is missing or not a readable regular file (EX_NOINPUT).
    case noInput = 66
    /// A font, a braille table, the window system, the accessibility bus or another part of the system is missing
    /// or failing, or the renderer (FreeType, cairo, zlib) cannot draw what was asked (EX_UNAVAILABLE).
    case unavailable = 69
    /// An internal error: a bug to report (EX_SOFTWARE).
    case software = 70
    /// The output file cannot be created there: a folder, a missing folder, no permission (EX_CANTCREAT).
    case cannotCreate = 73
    /// Writing output failed: disk full, file too large, closed stdout, a broken pipe with SIGPIPE ignored (EX_IOERR).
    case ioError = 74
    /// Try again later: another process holds the corpus store's lock past the wait (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// Ctrl-C in the reader (128 + SIGINT, as if the signal had ended it).
    case interrupted = 130

    /// The status an error ends the process with.
    public init(for error: any Error) {
        switch error {
        case let failure as Failure: self = failure.status
        case is ValidationError: self = .usage
        case let error as CorpusError: self = error.kind == .malformed ? .dataError : .noInput
        case let error as OutputFileError: self = error.kind == .cannotCreate ? .cannotCreate : .ioError
        case let error as StoreError:
            switch error {
            case .cannotOpen, .cannotUpgrade, .missingChapter: self = .noInput
            case .busy: self = .temporaryFailure
            case .sqlite: self = error.isBusy ? .temporaryFailure : error.isCorruption ? .dataError : .ioError
            case .foreign, .corrupt, .tooNew, .tooOld, .badRow, .damagedChapter: self = .dataError
            }
        case is SearchError: self = .usage
        case let error as NoteError:
            switch error.kind {
            case .invalid: self = .usage
            case .damaged: self = .dataError
            case .cannotOpen: self = .cannotCreate
            case .notFound: self = .noInput
            case .full, .failed: self = .ioError
            case .busy: self = .temporaryFailure
            }
        case is ModuleDamage: self = .dataError
        case is FontError, is RenderError, is ViewError, is BusError, is Louis.Failure, is NarrationError:
            self = .unavailable
        case is ReaderError, is SystemError, is ZipOverflow: self = .ioError
        default: self = .software
        }
    }
}

/// A failure reported as one line on stderr, ending the process with `status`.
struct Failure: Error, CustomStringConvertible {
    let status: ExitStatus
    let description: String

    /// A usage error (exit 64): a value the user gave is wrong.
    init(_ description: String) { self.init(.usage, description) }
    init(_ status: ExitStatus, _ description: String) {
        self.status = status
        self.description = description
    }
}

/// The one way an error reaches the user: `interlinear: error: ` and the message on one line of stderr, its
/// control characters escaped and its length bounded (`EscapedText`), whatever the message holds.
func reportError(_ message: String) {
    let line = "interlinear: error: " + EscapedText.escaped(message, limit: EscapedText.messageLimit) + "\n"
    try? ByteSink(descriptor: 2).write(Array(line.utf8))
}

/// A warning, one line on stderr like an error (`interlinear: warning: …`); the command goes on.
func reportWarning(_ message: String) {
    let line = "interlinear: warning: " + EscapedText.escaped(message, limit: EscapedText.messageLimit) + "\n"
    try? ByteSink(descriptor: 2).write(Array(line.utf8))
}

/// Runs a command body. Errors pass through to `InterlinearCommand.mainReportingOneLine`, which reports them with
/// their exit status; kept so every command reads the same.
func reportingFailures(_ body: () throws -> Void) rethrows {
    try body()
}
