#!/usr/bin/env python3
"""What a store holds, read with Python's own sqlite3 (not the code under test), for the web tests to compare the
pages with: `chapter STORE BOOK CHAPTER` prints the chapter's verse numbers and its words as printed, in order;
`hebrew STORE ENGLISH_KEY` the Hebrew verse key an English one moves to (versification table); `morphemes STORE
VERSE_KEY POSITION` how many morpheme rows a word has; `first STORE STRONGS` the first verse (key) holding a word of
that Strong's number and that verse's first word as printed; `surface STORE VERSE_KEY POSITION` a word's surface
(1 is the verse's first word), as a note on it keeps it."""
import json
import sqlite3
import sys


def search_index(store):
    """The store's search index beside it (README: NAME.search.sqlite), which holds the word and morpheme rows."""
    stem = store[: -len(".sqlite")] if store.endswith(".sqlite") else store
    return stem + ".search.sqlite"


def printed(surface, marks):
    before, found, after = marks.partition("_")
    return before + surface + after if found else surface + marks


def main():
    command, path = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.execute("ATTACH ? AS search", (f"file:{search_index(path)}?mode=ro",))
    if command == "chapter":
        book, chapter = int(sys.argv[3]), int(sys.argv[4])
        low = book * 1_000_000 + chapter * 1000
        verses = [row[0] - low for row in db.execute(
            "SELECT id FROM verse WHERE id BETWEEN ? AND ? ORDER BY id", (low, low + 999))]
        # Each word as printed: its surface with the marks of its punctuation field around it ("," after it, or
        # "(_" / "_)," with the word at the "_"), as the chapter page's source tier shows it.
        words = [printed(surface, marks) for surface, marks in db.execute(
            "SELECT surface, punctuation FROM word WHERE verse BETWEEN ? AND ? ORDER BY verse, position",
            (low, low + 999))]
        json.dump({"verses": verses, "words": words}, sys.stdout, ensure_ascii=False)
    elif command == "hebrew":
        row = db.execute("SELECT hebrew FROM versification WHERE english = ?", (int(sys.argv[3]),)).fetchone()
        json.dump({"hebrew": row[0] if row else None}, sys.stdout)
    elif command == "morphemes":
        row = db.execute("SELECT count(*) FROM morpheme WHERE verse = ? AND position = ?",
                         (int(sys.argv[3]), int(sys.argv[4]))).fetchone()
        json.dump({"count": row[0]}, sys.stdout)
    elif command == "first":
        (verse,) = db.execute("SELECT min(verse) FROM word WHERE strongs = ?", (sys.argv[3],)).fetchone()
        surface, marks = db.execute(
            "SELECT surface, punctuation FROM word WHERE verse = ? ORDER BY position LIMIT 1", (verse,)).fetchone()
        json.dump({"verse": verse, "word": printed(surface, marks)}, sys.stdout, ensure_ascii=False)
    elif command == "surface":
        row = db.execute("SELECT surface FROM word WHERE verse = ? ORDER BY position LIMIT 1 OFFSET ?",
                         (int(sys.argv[3]), int(sys.argv[4]) - 1)).fetchone()
        json.dump({"surface": row[0] if row else None}, sys.stdout, ensure_ascii=False)


main()
