#!/usr/bin/env python3
"""English (BSB) verse keys whose Hebrew (WLC) verse differs, from ot_BSB.tsv alone: each token's id carries its
English verse, its source_verse column the Hebrew verse it renders; an English verse maps to the first Hebrew verse
its tokens render. Also the number of chapters of each Old Testament book in English numbering.

Usage: versification.py OT_BSB_TSV   Prints JSON {"differences": [[english, hebrew], ...], "chapters": {book: n}}."""
import json
import sys

first = {}
chapters = {}
with open(sys.argv[1], encoding="utf-8") as f:
    next(f)
    for line in f:
        fields = line.rstrip("\n").split("\t")
        english = int(fields[0][:8])
        book, chapter = english // 1_000_000, english // 1000 % 1000
        chapters[book] = max(chapters.get(book, 0), chapter)
        if fields[1]:
            first[english] = min(first.get(english, int(fields[1])), int(fields[1]))
print(json.dumps({"differences": sorted([e, h] for e, h in first.items() if e != h), "chapters": chapters}))
