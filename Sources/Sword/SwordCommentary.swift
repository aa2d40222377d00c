import InterlinearCorpus

/// A commentary module installed for SWORD (Debian's `sword-comm-mhcc` is MHCC, Matthew Henry's Concise Commentary;
/// `sword-comm-scofield` the Scofield Reference Notes; `sword-comm-tdavid` TDavid, Spurgeon's Treasury of David on
/// the Psalms; a user's are in ~/.sword), read a verse at a time through the reader's child process (`SwordReader`),
/// as the Bible modules are: a module already is an indexed store, and a user adds and removes them at any time.
public struct SwordCommentary: Sendable, Equatable {
    /// The module's name ("MHCC").
    public let name: String
    /// Its `.conf`'s `Description` ("Matthew Henry's Concise Commentary on the Whole Bible"), else its name.
    public let description: String
    /// How its entries are marked up (its `SourceType`).
    package let syntax: CommentaryMarkup.Syntax
    /// Its language tag ("en").
    public let language: String
    public let licence: String

    /// Every installed commentary, in the manager's (alphabetical) order. Throws `SwordError` without libsword,
    /// `ModuleDamage` when the library cannot be opened.
    public static func installed(reader: SwordReader) throws -> [SwordCommentary] {
        try reader.commentaries().map { fields in
            SwordCommentary(
                name: fields[0], description: fields[1].isEmpty ? fields[0] : fields[1],
                syntax: CommentaryMarkup.Syntax(sourceType: fields[2]), language: fields[3], licence: fields[4])
        }
    }

    /// What the commentary says on one verse: the key libsword read ("John 1:1"; a commentary files a passage's
    /// comment under its first verse and links the others to it) and its paragraphs as plain text
    /// (`CommentaryMarkup`), none when it has nothing on the verse. `osisRef` is an OSIS verse ("John.1.1") in the
    /// module's versification (KJV's for Debian's). Throws `ModuleDamage` when the module is damaged or libsword
    /// fails reading it.
    public func comment(on osisRef: String, reader: SwordReader) throws -> (key: String, paragraphs: [String]) {
        let entry = try reader.entry(name, key: osisRef)
        return (entry.key, CommentaryMarkup.paragraphs(entry.markup, syntax: syntax))
    }
}
