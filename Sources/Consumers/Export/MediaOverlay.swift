import InterlinearHTML

/// One chapter's EPUB 3 media overlay (SMIL 3.0, EPUB Media Overlays 3.3): a `par` per spoken element in reading
/// order, pairing the element (`text src="John.1.xhtml#John.1.1.w3"`) with its clip of the chapter's audio.
struct MediaOverlay {
    /// An element's clip, in samples of the audio from its start.
    struct Clip {
        let id: String
        let start: Int
        let end: Int
    }

    let textFile: String
    let audioFile: String
    let sampleRate: Int
    var clips: [Clip] = []
    /// The audio's length, in samples.
    var samples = 0

    /// The audio's length in whole milliseconds (what `media:duration` says).
    var milliseconds: Int { samples * 1000 / sampleRate }

    /// The SMIL document: the pars in reading order.
    var smil: String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <smil xmlns="http://www.w3.org/ns/SMIL" version="3.0">
            <body>

            """
        for clip in clips {
            out += "<par><text src=\"\(textFile)#\(Markup.text(clip.id))\"/>"
            out += "<audio src=\"\(audioFile)\" clipBegin=\"\(seconds(clip.start))\" clipEnd=\"\(seconds(clip.end))\"/>"
            out += "</par>\n"
        }
        // The pars straight in the body, no `seq`: a seq's textref needs a fragment, and the chapter's section
        // carries no id.
        out += "</body>\n</smil>\n"
        return out
    }

    /// A sample's time as a SMIL timecount, "12.345s": cut to the millisecond, never past the sample.
    private func seconds(_ sample: Int) -> String {
        let ms = sample * 1000 / sampleRate
        return "\(ms / 1000).\(Self.threeDigits(ms % 1000))s"
    }

    /// A length in milliseconds as a SMIL full clock value, "1:02:03.456", the form `media:duration` takes.
    static func clock(milliseconds ms: Int) -> String {
        let seconds = ms / 1000
        let minutes = seconds / 60 % 60, hours = seconds / 3600
        return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds % 60)).\(threeDigits(ms % 1000))"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private static func threeDigits(_ n: Int) -> String { n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : "\(n)" }
}
