import InterlinearCorpus

extension CorpusStore {
    /// The English (BSB) verse key a Hebrew verse key is numbered as in English Bibles, where the two numberings
    /// differ (`Versification`, the table `hebrewVerse(english:)` reads the other way); nil where they agree, for a
    /// Hebrew verse the table cannot place, or for a store imported without the Old Testament. Psalm 102:26 in the
    /// Hebrew text is Psalm 102:25 in English; a Hebrew verse that opens no English verse continues the English
    /// verse before the next that does (Psalm 102:2, the verse after the title, is part of the English 102:1).
    package func englishVerse(hebrew key: Int) throws -> Int? {
        let exact = try chapters.prepare("SELECT min(english) FROM versification WHERE hebrew = ?1")
        try exact.bind([key])
        if try exact.step(), !exact.isNull(0) { return exact.int(0) }
        // Numbered alike unless English Bibles give this number to another Hebrew verse.
        let renumbered = try chapters.prepare("SELECT 1 FROM versification WHERE english = ?1")
        try renumbered.bind([key])
        guard try renumbered.step() else { return nil }
        let next = try chapters.prepare(
            "SELECT english FROM versification WHERE hebrew > ?1 AND hebrew < ?2 ORDER BY hebrew LIMIT 1")
        try next.bind([key, (key / 1_000_000 + 1) * 1_000_000])
        guard try next.step() else { return nil }
        let following = next.int(0)
        return following % 1_000 > 1 ? following - 1 : nil
    }

    /// The Hebrew verse key an English (BSB) verse key renders, where the two numberings differ (`Versification`);
    /// nil where they agree, or for a store imported without the Old Testament.
    package func hebrewVerse(english key: Int) throws -> Int? {
        try verifyOnce(.versification)
        let statement = try chapters.prepare("SELECT hebrew FROM versification WHERE english = ?1")
        try statement.bind([key])
        return try statement.step() ? statement.int(0) : nil
    }

    /// The first and last Hebrew verse keys the English verse keys `english` render, where they differ; nil when
    /// none does.
    package func hebrewVerses(english: ClosedRange<Int>) throws -> ClosedRange<Int>? {
        try verifyOnce(.versification)
        let statement = try chapters.prepare(
            "SELECT min(hebrew), max(hebrew) FROM versification WHERE english BETWEEN ?1 AND ?2")
        try statement.bind([english.lowerBound, english.upperBound])
        guard try statement.step(), !statement.isNull(0), statement.int(0) <= statement.int(1) else { return nil }
        return statement.int(0)...statement.int(1)
    }
}
