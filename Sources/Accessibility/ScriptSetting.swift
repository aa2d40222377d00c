/// Where the original script (Greek, Hebrew) goes, one setting for every front end: the terminal reader's `o` and
/// `--original`, and the window's `o`, remembered in the window's settings file.
///
/// Speech is off by default: a screen reader without language switching (Orca 43, Debian 12's) gives every text to
/// its default voice, and an English voice spells Greek and Hebrew letter by letter ("letter one F one zero", "hebrew
/// bet, hebrew shva"), so the running text a reader hears on entering a verse and in say all is the verse number and
/// its English. A reader whose screen reader switches voices by the text's `language` runs turns it on, and each
/// verse's words follow in their own run. Braille is on: the script stays where a braille display reads it.
package struct ScriptSetting: Sendable, Equatable {
    /// Whether the running text holds the original words (in their own `language` run) for speech.
    package var speech: Bool
    /// Whether the original words stay available to braille displays.
    package var braille: Bool

    package init(speech: Bool = false, braille: Bool = true) {
        self.speech = speech
        self.braille = braille
    }
}
