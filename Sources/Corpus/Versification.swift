import Foundation

/// Where English Bibles number Old Testament verses differently from the Hebrew text: Malachi 4:1–6 is Malachi
/// 3:19–24 in the Westminster Leningrad Codex, Joel 2:28 is Joel 3:1, a psalm's title is its own verse 1 in Hebrew
/// and part of verse 1 in English, and so on.
///
/// The source is the Berean Standard Bible's own data (`ot_BSB.tsv` of bible-alignments 0.4.2): each English token's
/// id carries its English verse (BBCCCVVV) and its `source_verse` column the Hebrew verse it renders. An English verse
/// maps to the first Hebrew verse its tokens render; only the verses where the two numbers differ are kept. Nothing
/// here is guessed: an English verse the BSB does not have is not in the table.
package struct Versification: Sendable, Equatable {
    /// (English verse key, Hebrew verse key), in English order, for every verse where they differ.
    package var differences: [(english: Int, hebrew: Int)]

    package init(differences: [(english: Int, hebrew: Int)]) { self.differences = differences }

    package static func == (lhs: Versification, rhs: Versification) -> Bool {
        lhs.differences.elementsEqual(rhs.differences) { $0.english == $1.english && $0.hebrew == $1.hebrew }
    }

    /// Reads the table from the BSB's Old Testament file.
    package static func read(translationFile: URL) throws -> Versification {
        var first: [Int: Int] = [:]
        try SourceTable.forEachRow(of: translationFile, columns: 7, package: "bible-alignments \(SourceData.version)") {
            line, f in
            guard f[0].count == 11, let english = Int(f[0].prefix(8)) else {
                throw CorpusError(file: translationFile.path, line: line, "bad token id '\(f[0])'")
            }
            guard !f[1].isEmpty else { return }
            guard f[1].count == 8, let hebrew = Int(f[1]) else {
                throw CorpusError(file: translationFile.path, line: line, "bad source verse '\(f[1])'")
            }
            first[english] = min(first[english] ?? hebrew, hebrew)
        }
        return Versification(
            differences: first.filter { $0.key != $0.value }.sorted { $0.key < $1.key }
                .map { (english: $0.key, hebrew: $0.value) })
    }
}
