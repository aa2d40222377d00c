import Foundation
import InterlinearAccessibility
import InterlinearHTML

/// Speaks a chapter for its EPUB's media overlay: each element the page says (`ChapterDocument.spokenElements`:
/// a verse's reference, each word's spoken form) through espeak-ng's English voice, one synthesis per element, so
/// an element's clip runs from the sample count before its synthesis to the count after, exactly. Only the spans
/// an English voice reads are sent to it (a word's spoken form holds no Greek or Hebrew script; should a span hold
/// some, it is left out rather than spelled letter by letter). The samples go straight into the MP3 encoder: a
/// chapter's sound is never held whole, only its MP3.
///
/// Made only for `export --audio`: the libraries load when it is made, and no other export does audio work.
public final class Narrator {
    private let voice: SpeechSynthesizer

    public init() throws { voice = try SpeechSynthesizer() }

    /// What an English voice is sent for a line: its spans read by the English voice, in order.
    static func englishText(_ line: SpokenLine) -> String {
        line.messages.filter { $0.voice == SpokenLanguage.english.voice }.map(\.text).joined(separator: " ")
    }

    /// The chapter's audio (MP3) and its overlay, for the content document `textFile` holding `document`.
    func narrate(_ document: ChapterDocument, textFile: String, audioFile: String) throws -> (
        audio: [UInt8], overlay: MediaOverlay
    ) {
        let encoder = try MP3Encoder(sampleRate: voice.sampleRate)
        var overlay = MediaOverlay(textFile: textFile, audioFile: audioFile, sampleRate: voice.sampleRate)
        try document.spokenElements { id, line in
            let text = Self.englishText(line)
            guard !text.isEmpty else { return }
            let start = overlay.samples
            overlay.samples += try voice.speak(text) { try encoder.encode($0) }
            // An element espeak-ng said nothing for has no clip (a clip must last).
            if overlay.samples > start { overlay.clips.append(.init(id: id, start: start, end: overlay.samples)) }
        }
        return (try encoder.finished(), overlay)
    }
}
