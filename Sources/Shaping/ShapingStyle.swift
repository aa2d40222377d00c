import CHarfBuzz
import InterlinearCorpus

/// How a string is shaped: its direction, script and language, as HarfBuzz is told them. Part of the shape cache's
/// key: one string shaped two ways is two runs. By default a string's style is read from its characters
/// (`detect`): Hebrew letters or points make it Hebrew (right to left, language `hbo`), Greek letters Greek, and
/// anything else Latin (English).
package enum ShapingStyle: UInt8, Sendable, CaseIterable {
    case latin, greek, hebrew

    /// The direction HarfBuzz lays the glyphs out in (it returns them in visual order either way).
    package var direction: ScriptDirection { self == .hebrew ? .rightToLeft : .leftToRight }

    /// The BCP 47 language tag given to HarfBuzz: "en", "grc", "hbo".
    package var language: String {
        switch self {
        case .latin: "en"
        case .greek: SourceLanguage.greek.tag
        case .hebrew: SourceLanguage.hebrew.tag
        }
    }

    package var hbDirection: hb_direction_t { self == .hebrew ? HB_DIRECTION_RTL : HB_DIRECTION_LTR }

    package var hbScript: hb_script_t {
        switch self {
        case .latin: HB_SCRIPT_LATIN
        case .greek: HB_SCRIPT_GREEK
        case .hebrew: HB_SCRIPT_HEBREW
        }
    }

    /// The style of UTF-8 text, from its first Hebrew or Greek character: U+0591–U+05FF (lead bytes 0xD6 with a
    /// continuation ≥ 0x91, or 0xD7) is Hebrew; the Greek and Coptic block and Greek Extended (lead bytes 0xCE,
    /// 0xCF, or 0xE1 0xBC–0xBF) are Greek.
    /// ASCII, eight bytes at a time, is passed over first (every byte that decides is 0x80 or more): an English
    /// string is decided Latin in a few steps, not one a byte (a warm run detects each of its ~1,800 strings).
    package static func detect(_ utf8: UnsafeBufferPointer<UInt8>) -> ShapingStyle {
        var i = 0
        if let base = utf8.baseAddress {
            while utf8.count &- i >= 8,
                UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i &+= 8
            }
        }
        while i < utf8.count {
            let b = utf8[i]
            if b == 0xD7 || (b == 0xD6 && i + 1 < utf8.count && utf8[i + 1] >= 0x91) { return .hebrew }
            if b == 0xCE || b == 0xCF { return .greek }
            if b == 0xE1 && i + 1 < utf8.count && (0xBC...0xBF).contains(utf8[i + 1]) { return .greek }
            i += 1
        }
        return .latin
    }
}
