#!/usr/bin/env python3
"""Each Old Testament verse's Hebrew words in the Codex's order, from WLC-LEB.tsv alone: the rows sorted by their
12-digit identifier (book, chapter, verse, word, morpheme), a word being the concatenation of its morphemes' alt-id
forms less the occurrence counter ("בָּרָ֣א-1"), in NFC.

Usage: hebrew_order.py WLC_LEB_TSV   Prints JSON {"verses": {"BBCCCVVV": [word, ...]}, "moved": n} where moved is
the number of verses whose rows the file does not list in identifier order."""
import json
import sys
import unicodedata

rows = {}
with open(sys.argv[1], encoding="utf-8") as f:
    next(f)
    for line in f:
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 2 or not fields[0]:
            continue
        identifier = fields[0]
        rows.setdefault(int(identifier[:8]), []).append((identifier, fields[1].rsplit("-", 1)[0]))
verses = {}
moved = 0
for key, morphemes in rows.items():
    if [m[0] for m in morphemes] != sorted(m[0] for m in morphemes):
        moved += 1
    words = {}
    for identifier, form in sorted(morphemes):
        words.setdefault(identifier[8:11], []).append(form)
    verses[str(key)] = [unicodedata.normalize("NFC", "".join(parts)) for _, parts in sorted(words.items())]
print(json.dumps({"verses": verses, "moved": moved}, ensure_ascii=False))
