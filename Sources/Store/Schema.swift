/// The store's schema, versioned with `PRAGMA user_version` and marked as ours with `PRAGMA application_id`.
///
/// Rows are keyed by verse id `BBCCCVVV` (book × 1,000,000 + chapter × 1,000 + verse, the source data's own verse
/// key), so a chapter, a book or a testament is one contiguous key range: loading a chapter is one range scan of
/// its verses, each with its words packed in one blob (`verse_words`), and `--in John` is a `BETWEEN` on every
/// index (each index ends with the primary key).
enum Schema {
    /// "ILNR": tells our store from any other SQLite file.
    static let applicationID = 0x494C_4E52

    /// The version this build writes and reads.
    static var version: Int { migrations.count }

    /// `migrations[n]` takes a store from version n to n + 1. Append, never edit: a store on disk may be at any
    /// earlier version, and opening it runs the missing steps in one transaction.
    static let migrations: [String] = [
        // 1: verses, words with folded search keys, morphology codes in words, translation full-text index.
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE verse(id INTEGER PRIMARY KEY, translation TEXT NOT NULL);
        CREATE TABLE word(
            verse INTEGER NOT NULL,
            position INTEGER NOT NULL,
            surface TEXT NOT NULL,
            transliteration TEXT NOT NULL,
            lemma TEXT NOT NULL,
            strongs TEXT NOT NULL,
            morphology TEXT NOT NULL,
            gloss TEXT NOT NULL,
            alignment TEXT NOT NULL,
            surface_key TEXT NOT NULL,
            lemma_key TEXT NOT NULL,
            strongs_number INTEGER NOT NULL,
            PRIMARY KEY (verse, position)
        ) WITHOUT ROWID;
        CREATE INDEX word_lemma ON word(lemma_key);
        CREATE INDEX word_surface ON word(surface_key);
        CREATE INDEX word_strongs ON word(strongs_number);
        CREATE INDEX word_morphology ON word(morphology);
        CREATE TABLE morphology(code TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;
        CREATE VIRTUAL TABLE verse_text USING fts5(
            translation, content='verse', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
        CREATE TRIGGER verse_inserted AFTER INSERT ON verse BEGIN
            INSERT INTO verse_text(rowid, translation) VALUES (new.id, new.translation);
        END;
        CREATE TRIGGER verse_deleted AFTER DELETE ON verse BEGIN
            INSERT INTO verse_text(verse_text, rowid, translation) VALUES ('delete', old.id, old.translation);
        END;
        """,
        // 2: each verse's words packed into one blob for loading (`VerseWords`); `migrate` fills it from the word
        // rows of a store written before.
        """
        CREATE TABLE verse_words(id INTEGER PRIMARY KEY, words BLOB NOT NULL);
        UPDATE meta SET value = 'interlinear store 2' WHERE key = 'format';
        """,
        // 3: both testaments. A Hebrew word's morphemes packed beside its words (`VerseMorphemes`, NULL for Greek);
        // one row per morpheme Strong's number and folded form for Hebrew search (a word's own row keeps the joined
        // tiers); what each chapter holds and its checksum, written at import and verified on load
        // (`ChapterDigest`); the English (BSB) verse numbers that differ from the Hebrew text's.
        """
        ALTER TABLE verse_words ADD COLUMN morphemes BLOB;
        CREATE TABLE morpheme(
            verse INTEGER NOT NULL,
            position INTEGER NOT NULL,
            surface_key TEXT NOT NULL,
            strongs TEXT NOT NULL,
            strongs_number INTEGER NOT NULL
        );
        CREATE INDEX morpheme_strongs ON morpheme(strongs_number, verse);
        CREATE INDEX morpheme_surface ON morpheme(surface_key, verse);
        CREATE TABLE chapter(
            id INTEGER PRIMARY KEY,
            language TEXT NOT NULL,
            verses INTEGER NOT NULL,
            words INTEGER NOT NULL,
            checksum INTEGER NOT NULL
        );
        CREATE TABLE versification(english INTEGER PRIMARY KEY, hebrew INTEGER NOT NULL);
        UPDATE meta SET value = 'interlinear store 3' WHERE key = 'format';
        """,
        // 4: the Strong's lexicon (SWORD's StrongsGreek and StrongsHebrew, issue 29), one row per entry keyed as the
        // corpus keys Strong's numbers ("G3056", "H430"); `headword_key` is the headword folded as lemmas are
        // (`Folding.key`: no accents, breathings or points), so λόγος, λογος and ΛΟΓΟΣ find G3056. Self-contained:
        // it reads no other table, and IF NOT EXISTS lets it run after a step that moved in the list at a merge.
        """
        CREATE TABLE IF NOT EXISTS lexicon(
            strongs TEXT PRIMARY KEY,
            language TEXT NOT NULL,
            number INTEGER NOT NULL,
            headword TEXT NOT NULL,
            headword_key TEXT NOT NULL,
            transliteration TEXT NOT NULL,
            pronunciation TEXT NOT NULL,
            derivation TEXT NOT NULL,
            definition TEXT NOT NULL,
            kjv_usage TEXT NOT NULL,
            text TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS lexicon_headword ON lexicon(headword_key);
        UPDATE meta SET value = 'interlinear store 4' WHERE key = 'format';
        """,
        // 5: the text as printed (issue 38): each word's punctuation (the eighth field of its packed words, and a
        // column of its row), the verses outside the edition's text, and Hebrew words in the Codex's order. No
        // step can derive these from an older store's rows, so an older store is refused, even by an import of
        // some chapters, until `interlinear import` rebuilds it (`rebuildVersion`). And lemmas by how people type
        // them in Latin letters (`SpellingKey`: "logos", "elohim", "bereshit"): a Greek row names a lemma by its
        // folded key (`lemma_key`, `strongs_number` 0), a Hebrew row a Strong's number (`lemma_key` ''), since the
        // Hebrew data has no lemmas; filled at import (`StoreWriter`).
        """
        ALTER TABLE word ADD COLUMN punctuation TEXT NOT NULL DEFAULT '';
        ALTER TABLE verse ADD COLUMN outside INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE IF NOT EXISTS spelling(
            key TEXT NOT NULL,
            lemma_key TEXT NOT NULL,
            strongs_number INTEGER NOT NULL,
            PRIMARY KEY (key, lemma_key, strongs_number)
        ) WITHOUT ROWID;
        UPDATE meta SET value = 'interlinear store 5' WHERE key = 'format';
        """,
        // 6: each lexicon row's own checksum (`LexiconRowChecksum`), so an entry is checked by its row, not by
        // reading the whole table. NULL in a migrated store, whose lexicon the table's digest checks until an import
        // writes it again.
        """
        ALTER TABLE lexicon ADD COLUMN checksum INTEGER;
        UPDATE meta SET value = 'interlinear store 6' WHERE key = 'format';
        """,
        // 7: each verse's own checksum (`VerseChecksum`), so a search checks the verses it shows, not every row of
        // their chapters. NULL in a migrated store, whose verses their chapters' checksums check until an import
        // writes them again.
        """
        ALTER TABLE verse ADD COLUMN checksum INTEGER;
        UPDATE meta SET value = 'interlinear store 7' WHERE key = 'format';
        """,
        // 8: each Greek Strong's number's BSB renderings, counted at import (`StudyTable`), so `define` reads one row
        // instead of every word's verse. Empty in a migrated store, whose numbers are counted from their words until
        // an import fills it.
        """
        CREATE TABLE IF NOT EXISTS study(
            strongs_number INTEGER PRIMARY KEY,
            renderings TEXT NOT NULL,
            checksum INTEGER NOT NULL
        );
        UPDATE meta SET value = 'interlinear store 8' WHERE key = 'format';
        """,
        // 9: each chapter's strings as a load interns them (`ChapterStrings`): the distinct ones in the order a load
        // first meets them, and which of them each interned string is, so a load into a new builder copies them
        // in at once instead of looking every field up. NULL until an import writes them (a chapter without them
        // is read by interning, as before).
        """
        ALTER TABLE chapter ADD COLUMN strings BLOB;
        ALTER TABLE chapter ADD COLUMN ids BLOB;
        UPDATE meta SET value = 'interlinear store 9' WHERE key = 'format';
        """,
        // 10: the search tables move to the store's second file, its search index (`StoreIndex`, attached as
        // `search`), so that a chapter's read, whose first statement makes SQLite parse every entry of the file's
        // schema, parses only the tables it reads. The translation full-text index keeps its own copy of each verse's text (external
        // content must be in its own file). Runs only on a new store: an older one is refused until `interlinear
        // import` rebuilds it (`rebuildVersion`), so the tables dropped here are empty.
        """
        DROP TRIGGER main.verse_inserted;
        DROP TRIGGER main.verse_deleted;
        DROP TABLE main.verse_text;
        DROP TABLE main.word;
        DROP TABLE main.morpheme;
        DROP TABLE main.morphology;
        DROP TABLE main.lexicon;
        DROP TABLE main.spelling;
        DROP TABLE main.study;
        CREATE TABLE search.pair(id TEXT NOT NULL);
        CREATE TABLE search.word(
            verse INTEGER NOT NULL,
            position INTEGER NOT NULL,
            surface TEXT NOT NULL,
            transliteration TEXT NOT NULL,
            lemma TEXT NOT NULL,
            strongs TEXT NOT NULL,
            morphology TEXT NOT NULL,
            gloss TEXT NOT NULL,
            alignment TEXT NOT NULL,
            surface_key TEXT NOT NULL,
            lemma_key TEXT NOT NULL,
            strongs_number INTEGER NOT NULL,
            punctuation TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (verse, position)
        ) WITHOUT ROWID;
        CREATE INDEX search.word_lemma ON word(lemma_key);
        CREATE INDEX search.word_surface ON word(surface_key);
        CREATE INDEX search.word_strongs ON word(strongs_number);
        CREATE INDEX search.word_morphology ON word(morphology);
        CREATE TABLE search.morphology(code TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;
        CREATE VIRTUAL TABLE search.verse_text USING fts5(
            translation, tokenize='unicode61 remove_diacritics 2');
        CREATE TABLE search.morpheme(
            verse INTEGER NOT NULL,
            position INTEGER NOT NULL,
            surface_key TEXT NOT NULL,
            strongs TEXT NOT NULL,
            strongs_number INTEGER NOT NULL
        );
        CREATE INDEX search.morpheme_strongs ON morpheme(strongs_number, verse);
        CREATE INDEX search.morpheme_surface ON morpheme(surface_key, verse);
        CREATE TABLE search.lexicon(
            strongs TEXT PRIMARY KEY,
            language TEXT NOT NULL,
            number INTEGER NOT NULL,
            headword TEXT NOT NULL,
            headword_key TEXT NOT NULL,
            transliteration TEXT NOT NULL,
            pronunciation TEXT NOT NULL,
            derivation TEXT NOT NULL,
            definition TEXT NOT NULL,
            kjv_usage TEXT NOT NULL,
            text TEXT NOT NULL,
            checksum INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX search.lexicon_headword ON lexicon(headword_key);
        CREATE TABLE search.spelling(
            key TEXT NOT NULL,
            lemma_key TEXT NOT NULL,
            strongs_number INTEGER NOT NULL,
            PRIMARY KEY (key, lemma_key, strongs_number)
        ) WITHOUT ROWID;
        CREATE TABLE search.study(
            strongs_number INTEGER PRIMARY KEY,
            renderings TEXT NOT NULL,
            checksum INTEGER NOT NULL
        );
        UPDATE meta SET value = 'interlinear store 10' WHERE key = 'format';
        """,
    ]

    /// The first version whose content an older store's rows cannot be migrated to: a store older than this is
    /// refused even when it could be upgraded, with the command that rebuilds it.
    /// The step that split the store into its two files (10) is one: an
    /// older store's tables are in the one file.
    static let rebuildVersion = 10

    /// The key of a chapter in the `chapter` table: BBCCC.
    static func chapterKey(_ reference: ChapterKey) -> Int { reference.book * 1_000 + reference.chapter }

    /// The key of a verse: BBCCCVVV.
    static func verseKey(book: Int, chapter: Int, verse: Int) -> Int { book * 1_000_000 + chapter * 1_000 + verse }

    /// Every verse key of a chapter.
    static func range(of reference: ChapterKey) -> ClosedRange<Int> {
        verseKey(
            book: reference.book, chapter: reference.chapter, verse: 0)...verseKey(
                book: reference.book, chapter: reference.chapter, verse: 999)
    }
}

/// A chapter as numbers (book number, chapter), for key arithmetic.
struct ChapterKey: Hashable {
    var book: Int
    var chapter: Int
}
