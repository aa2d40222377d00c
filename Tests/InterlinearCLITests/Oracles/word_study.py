#!/usr/bin/env python3
"""What `interlinear define N --json` should say of a Strong's number's occurrences and renderings, computed without
the program's code: the occurrences from the source TSVs (bible-alignments' SBLGNT.tsv for a G number, WLC-LEB.tsv's
morphemes for an H number, a word counted once however many of its morphemes carry the number), the renderings with
this script's own SQL over the store (each Greek word's aligned BSB tokens, trimmed of what is not a letter or digit
at either end, joined by spaces; counted, most frequent first, ties in code point order). Prints one JSON object.

Usage: word_study.py STORE SBLGNT_TSV WLC_TSV NUMBER
"""
import collections
import csv
import json
import re
import sqlite3
import sys

csv.field_size_limit(1 << 20)


def search_index(store):
    """The store's search index beside it (README: NAME.search.sqlite), which holds the word and morpheme rows."""
    stem = store[: -len(".sqlite")] if store.endswith(".sqlite") else store
    return stem + ".search.sqlite"


def trim(token):
    start, end = 0, len(token)
    while start < end and not token[start].isalnum():
        start += 1
    while end > start and not token[end - 1].isalnum():
        end -= 1
    return token[start:end]


def source_counts(number, sblgnt, wlc):
    """Per book number, the words carrying the number in the source data."""
    letter, digits = number[0], int(number[1:])
    counts = collections.Counter()
    if letter == "G":
        with open(sblgnt, encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
                match = re.fullmatch(r"G0*([0-9]+)[a-z]?", row["strongs"] or "")
                if match and int(match.group(1)) == digits:
                    counts[int(row["id"][1:3])] += 1
    else:
        words = set()
        with open(wlc, encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
                for part in (row["strongs"] or "").split("/"):
                    # An unlettered number: the entry's own (this oracle is asked about entries whose lettered
                    # numbers are the Hebrew data's prefixes and suffixes, or that have none).
                    if re.fullmatch(r"0*([0-9]+)", part) and int(part) == digits:
                        words.add(row["identifier"][:11])
        for word in words:
            counts[int(word[:2])] += 1
    return counts


def renderings(number, store):
    """The BSB renderings of a G number's words, from the store's word rows and verse texts."""
    connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    connection.execute("ATTACH ? AS search", (f"file:{search_index(store)}?mode=ro",))
    rows = connection.execute(
        "SELECT word.strongs, word.alignment, verse.translation FROM word JOIN verse ON verse.id = word.verse "
        "WHERE word.verse >= 40000000"
    ).fetchall()
    connection.close()
    counts = collections.Counter()
    for strongs, alignment, translation in rows:
        match = re.fullmatch(r"G0*([0-9]+)[a-z]?", strongs)
        if not match or "G" + match.group(1) != number:
            continue
        tokens = translation.split(" ")
        offsets = sorted({int(offset) for offset in alignment.split()})
        text = " ".join(t for t in (trim(tokens[offset]) for offset in offsets) if t)
        if text:
            counts[text] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def main():
    store, sblgnt, wlc, number = sys.argv[1:5]
    counts = source_counts(number, sblgnt, wlc)
    result = {
        "total": sum(counts.values()),
        "books": [[book, counts[book]] for book in sorted(counts)],
        "renderings": [[text, count] for text, count in renderings(number, store)] if number[0] == "G" else [],
    }
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main()
