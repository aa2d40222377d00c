import CEspeakNG
import CEspeakNGLoader
import InterlinearCorpus

/// Why a book's narration could not be made: espeak-ng or LAME missing, or one of them failing. The command line
/// says it in one line (it names the Debian package when a library is missing).
public struct NarrationError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}

/// espeak-ng's English voice, synthesizing into the caller's hands: each buffer of samples the synth callback gets
/// goes straight on (to the MP3 encoder), so no chapter's sound is ever held whole.
///
/// espeak-ng keeps one engine per process, with global state and a C callback that takes no context: the listener
/// of the synthesis under way is a global, and one synthesizer is made per export, used on one thread.
final class SpeechSynthesizer {
    /// Samples per second of what espeak-ng gives (16-bit mono).
    let sampleRate: Int

    init() throws {
        if let failure = espeak_loader_failure() { throw NarrationError(String(cString: failure)) }
        // Synchronous: espeak_Synth returns when the text is spoken, every buffer handed to the callback by then.
        // DONT_EXIT: a missing voice data folder is an error returned, not the process ended.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else {
            throw NarrationError("espeak-ng could not start: its voice data (espeak-ng-data) is missing")
        }
        guard espeak_SetVoiceByName("en-us") == EE_OK else {
            throw NarrationError("espeak-ng has no en-us voice (install espeak-ng-data)")
        }
        espeak_SetSynthCallback(synthesized)
        sampleRate = Int(rate)
    }

    deinit { _ = espeak_Terminate() }

    /// Speaks `text`, handing each buffer of samples to `take` as espeak-ng makes it; returns how many samples it
    /// made. An error thrown by `take` stops the synthesis and is rethrown.
    func speak(_ text: String, into take: @escaping (UnsafeBufferPointer<Int16>) throws -> Void) throws -> Int {
        let listener = SynthesisListener(take)
        activeListener = listener
        defer { activeListener = nil }
        let status = text.withCString { pointer in
            espeak_Synth(
                pointer, text.utf8.count + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, nil)
        }
        if let error = listener.failure { throw error }
        guard status == EE_OK else {
            throw NarrationError("espeak-ng could not speak \(EscapedText.quoted(String(text.prefix(60))))")
        }
        return listener.samples
    }
}

/// The synthesis under way: where its samples go, how many there were, and what stopped it.
private final class SynthesisListener {
    let take: (UnsafeBufferPointer<Int16>) throws -> Void
    var samples = 0
    var failure: (any Error)?

    init(_ take: @escaping (UnsafeBufferPointer<Int16>) throws -> Void) { self.take = take }
}

/// The one synthesis espeak-ng runs at a time (its callback has no context argument that reaches every buffer).
nonisolated(unsafe) private var activeListener: SynthesisListener?

/// espeak-ng's synth callback: samples to the listener; 1 stops the synthesis.
private func synthesized(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let listener = activeListener, listener.failure == nil else { return 1 }
    guard let wave, count > 0 else { return 0 }
    do {
        try listener.take(UnsafeBufferPointer(start: wave, count: Int(count)))
        listener.samples += Int(count)
        return 0
    } catch {
        listener.failure = error
        return 1
    }
}
