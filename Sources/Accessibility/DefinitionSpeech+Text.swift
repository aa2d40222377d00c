import Foundation
import InterlinearCorpus

/// A Strong's entry's own text (`LexiconEntry.text`, diatheke's text without its markup) said for an English voice.
///
/// The entries quote Greek and Hebrew in their script: a Greek entry gives each Greek word, its Beta Code (the ASCII
/// encoding of Greek, "LO/GOS") and Strong's transliteration ("λόγος LO/GOS lógos log'-os from G3004; …"), a Hebrew
/// entry its unpointed headword and transliteration ("אלהים 'ĕlôhîym el-o-heem' Plural of H433; …"). An English
/// voice spells all three out letter by letter (espeak-ng: "lamda omicron …", "G O S", "alef lamed …"), and so does
/// a transliteration's rarer marks ("mḗ", "ṑn") and the Hebrew module's "ώ", its stand-in for ś ("beώôr", Besor).
extension DefinitionSpeech {
    /// `entry.text` with each run of Greek or Hebrew words respelled (`Respelling.headword`; an unpointed Hebrew
    /// run, which no voice can be given, left out: Strong's transliteration follows it), the Beta Code after a Greek
    /// run left out, and every other word in plain letters (`plainLetters`). Every English word stays as printed,
    /// except Strong's word fragments in the King James list, said as the words they stand for (`renderings`). The
    /// entry's opening is said from its parts (`LexiconEntry.textAfterOpening` says where it ends): the headword
    /// respelled, the transliteration in plain letters and the pronunciation as `sayable(pronunciation:)` gives it.
    package static func spokenText(_ entry: LexiconEntry) -> String {
        let language = entry.language
        // Each part as text too: the module misfiles a few (H5019's second transliteration "part" is Hebrew).
        let said = [
            spoken(entry.headword, language), spoken(entry.transliteration, language),
            sayable(pronunciation: spoken(entry.pronunciation, language)),
            spoken(renderingsInText(String(entry.textAfterOpening), language), language),
        ]
        return said.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Text of an entry of `language` (its whole text, or a part: a few derivations and King James lists quote
    /// Hebrew too) said for an English voice, as `spokenText` says it.
    static func spoken(_ text: String, _ language: SourceLanguage) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        var said: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            guard let script = scriptLanguage(of: words[index], in: language) else {
                // In a Hebrew entry, Greek letters other than its ω for ś (made "s") are Greek: respelled.
                let plain = plainLetters(String(words[index]), language)
                if SpokenLanguage.script(of: plain) != .greek {
                    said.append(plain)
                } else if case let respelled = Respelling.headword(String(words[index]), .greek), !respelled.isEmpty {
                    said.append(respelled)
                }
                index += 1
                continue
            }
            // A run: the words in this script one after another ("εἰ καί", "בּית און").
            var end = index
            while end < words.endIndex, scriptLanguage(of: words[end], in: language) == script { end += 1 }
            for word in words[index..<end] {
                let respelled = Respelling.headword(String(word), script)
                if !respelled.isEmpty { said.append(respelled) }
            }
            // A Greek run's Beta Code follows it, a word for each word (SWORD's `<orth type="writing">`): in the
            // entry's text, after each Greek word it quotes ("χέω XE/W chéō").
            var next = end
            if script == .greek {
                while next < words.endIndex, next - end < end - index, isBetaCode(words[next]) { next += 1 }
            }
            index = next
        }
        return said.joined(separator: " ")
    }

    /// Strong's transliteration ("lógos", "'ĕlôhîym", "ba‛ăώêyâh") in plain letters an English voice reads
    /// ("logos", "'elohiym", "ba'aseyah"): combining marks and the spacing acute dropped, the
    /// turned and right single quotation marks (Strong's ʿayin and ʾaleph) made apostrophes, and in a Hebrew entry
    /// the omega SWORD's StrongsHebrew writes for ś made "s".
    static func plainLetters(_ text: String, _ language: SourceLanguage) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 0x7E }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F, 0x00B4: continue
            case 0x03C9 where language == .hebrew: scalars.append("s")
            case 0x2018, 0x2019, 0x201B, 0x02BB, 0x02BC: scalars.append("'")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Strong's pronunciation ("log'-os", "el-o-heem'") as an English voice reads it: its syllables joined
    /// ("log'os", "eloheem'"). Apart, espeak-ng reads many as letters ("-os" is "O S", "ar-bee'" "R B"; 40 of 2,029
    /// pronunciations sampled) and terminal screen readers may say each hyphen "dash".
    static func sayable(pronunciation: String) -> String { pronunciation.filter { $0 != "-" } }

    /// The script a word of an entry is in, if it is Greek or Hebrew script: Greek letters in a Greek entry (a
    /// Hebrew entry's only Greek letter is its "ώ" inside a transliteration), Hebrew letters in either.
    private static func scriptLanguage(of word: Substring, in entry: SourceLanguage) -> SourceLanguage? {
        switch SpokenLanguage.script(of: word, greek: entry == .greek) {
        case .greek: .greek
        case .hebrew: .hebrew
        default: nil
        }
    }

    /// Whether `word` is Beta Code: capitals with Beta Code's marks (`*()/\=|+'`, `#` and digits for rarer signs,
    /// `[ ]` for editorial marks) and punctuation, and no small letter.
    private static func isBetaCode(_ word: Substring) -> Bool {
        var capital = false
        for scalar in word.unicodeScalars {
            switch scalar {
            case "A"..."Z": capital = true
            case "0"..."9", "*", "(", ")", "/", "\\", "=", "|", "+", "'", "#", "[", "]", ".", ",", ";", ":", "?", "!",
                "-", "\u{2019}":
                continue
            default: return false
            }
        }
        return capital
    }
}
