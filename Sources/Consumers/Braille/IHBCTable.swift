/// The liblouis table of the International Hebrew Braille Code, written for interlinear (see `IHBCTable.text`).
enum IHBCTable {
    /// The file name the table is written under (`HebrewCode.installedTable` writes it to a private folder).
    static let fileName = "interlinear-ihbc.utb"

    /// The table's text. It reads the order `HebrewBraille.ihbcPrepared` writes (a dagesh before its letter, the
    /// word's main accent after its last sign) and is read back in that order (`HebrewBraille.ihbcText`).
    static let text = #"""
        # interlinear: the International Hebrew Braille Code for pointed Biblical Hebrew (liblouis table)
        #
        # Written for the interlinear project from the published code chart of the International Hebrew Braille
        # Code (Jewish Braille Institute of America, 1946: the chart in L. Dubov's preface to the embossed Hebrew
        # Bible, vol. 1, Genesis, New York, 1950), as transcribed at https://www.blindscholar.com/hebrew-braille
        # ("Code": consonants, vowels, dagesh, mappiq, maqaf, sof pasuq, paseq, etnahta, zaqef qatan). liblouis's
        # own hbo tables were read for the table syntax only; no line of theirs is used.
        #
        # Input: pointed Hebrew as interlinear prepares it. Each letter's marks come in braille order: a dagesh
        # (or mappiq) BEFORE its letter, a shin or sin dot right after the shin, the vowels after that; shureq is
        # written vav then dagesh. The two main accents the code writes, etnahta and zaqef qatan, come after the
        # last sign of their word. Other accents, meteg and rafe are not written by the code and are not given.

        space \s 0

        # Consonants. The final forms share the cells of the medial letters (the code has no final forms), so
        # they are forward-only here: back-translation gives the medial letter and interlinear restores the
        # final form at the end of a word.
        letter \x05d0 1
        letter \x05d1 1236
        letter \x05d2 1245
        letter \x05d3 145
        letter \x05d4 125
        letter \x05d5 2456
        letter \x05d6 1356
        letter \x05d7 1346
        letter \x05d8 2345
        letter \x05d9 245
        letter \x05db 16
        letter \x05dc 123
        letter \x05de 134
        letter \x05e0 1345
        letter \x05e1 234
        letter \x05e2 1246
        letter \x05e4 124
        letter \x05e6 2346
        letter \x05e7 12345
        letter \x05e8 1235
        letter \x05ea 1456
        noback letter \x05da 16
        noback letter \x05dd 134
        noback letter \x05df 1345
        noback letter \x05e3 124
        noback letter \x05e5 2346

        # Shin and sin: the dot makes the letter.
        always \x05e9\x05c1 146
        always \x05e9\x05c2 156
        noback letter \x05e9 146

        # Dagesh. Four letters take a letter of their own with dagesh: bet, kaf, pe, tav.
        always \x05bc\x05d1 12
        always \x05bc\x05db 13
        noback always \x05bc\x05da 13
        always \x05bc\x05e4 1234
        noback always \x05bc\x05e3 1234
        always \x05bc\x05ea 1256
        # Mappiq (the dot in he): dots 45 before the letter.
        always \x05bc\x05d4 45-125
        # Any other dagesh: dot 5 before its letter.
        sign \x05bc 5

        # Vowels, after their letter.
        sign \x05b0 3
        sign \x05b1 26
        sign \x05b2 25
        sign \x05b3 345
        sign \x05b4 24
        sign \x05b5 34
        sign \x05b6 15
        sign \x05b7 14
        sign \x05b8 126
        sign \x05b9 135
        sign \x05bb 136
        # Qamets qatan and holam haser for vav have the signs of qamets and holam.
        noback sign \x05c7 126
        noback sign \x05ba 135

        # Vowels written with their vowel letter: one cell each.
        always \x05b4\x05d9 35
        always \x05b5\x05d9 3456
        always \x05d5\x05b9 246
        always \x05d5\x05bc 346

        # The main accents, at the end of their word: etnahta, zaqef qatan.
        sign \x0591 23
        sign \x0594 2

        # Punctuation: maqaf, sof pasuq, paseq.
        punctuation \x05be 36
        punctuation \x05c3 256
        punctuation \x05c0 456
        """#
}
