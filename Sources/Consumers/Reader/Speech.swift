import CSpeechd
import CSpeechdLoader
import Foundation
import InterlinearAccessibility
import InterlinearWording

/// `--speak`: each line also goes to speech-dispatcher, over one SSIP connection through its C library (no process
/// per line). Every span is spoken in its own language (`SpokenLine.messages`) — Greek script only ever by the `grc`
/// voice, Hebrew only by `he`, everything in Latin letters by the English one — as separate messages of priority
/// `message`, which queue behind each other
/// instead of cutting each other off. A new key cancels what is still being said first (`spd_cancel`), so speech
/// never lags behind the keys; the opening message is queued, never cut by the first line.
///
/// When speech-dispatcher is missing or fails, the reader says so once (`notice`) and goes on silently: the
/// connection is closed and nothing is retried, so no process is left behind.
package final class Speech {
    private var connection: UnsafeMutablePointer<SPDConnection>?
    /// Why speech is off, to be shown once; nil while speech works.
    package private(set) var failure: String?
    /// The voice language last set on the connection, so it is set only when it changes.
    private var language: String?

    /// Opens the connection. speech-dispatcher is started if it is installed but not running (autospawn).
    package init() {
        var error: UnsafeMutablePointer<CChar>?
        connection = spd_open2("interlinear", "reader", nil, SPD_MODE_SINGLE, nil, 1, &error)
        if connection == nil {
            failure = error.map { String(cString: $0) } ?? "no reason given"
        } else if let socket = connection?.pointee.socket {
            // A server that stops answering must not freeze the reader: give each reply two seconds.
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        free(error)
    }

    deinit { close() }

    package var isAvailable: Bool { connection != nil }

    /// What the reader says once when speech cannot work: at start, or when speech-dispatcher stops answering.
    package var notice: String? {
        guard failure != nil else { return nil }
        // The client library is loaded on first use; when it is missing, that is the reason, not the server.
        return ReaderWording.speechOff(
            missingLibrary: speechd_loader_failure().map { String(cString: $0) }, stoppedAfterSpeaking: startedSpeaking)
    }

    /// Whether anything was sent, so a later failure is told apart from one at start.
    private var startedSpeaking = false

    /// Speaks a line, each span in its language. With `interrupt`, whatever is still being said is cancelled first.
    package func speak(_ line: SpokenLine, interrupt: Bool) {
        guard let connection else { return }
        if interrupt, spd_cancel(connection) != 0 { return fail("cancel failed") }
        for (voice, text) in line.messages {
            if language != voice {
                guard spd_set_language(connection, voice) == 0 else { return fail("set language failed") }
                language = voice
            }
            guard spd_say(connection, SPD_MESSAGE, text) >= 0 else { return fail("say failed") }
            startedSpeaking = true
        }
    }

    private func fail(_ what: String) {
        failure = what
        close()
    }

    private func close() {
        guard let connection else { return }
        spd_close(connection)
        self.connection = nil
    }
}
