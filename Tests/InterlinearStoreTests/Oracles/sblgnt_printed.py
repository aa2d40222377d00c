#!/usr/bin/env python3
"""The New Testament's words as the SBLGNT prints them, from SBLGNT.tsv and py-sblgnt's MorphGNT files alone, aligned
with Python's difflib (not the importer's algorithm) on a folded key: no accents, breathings or elision mark, lower
case, final sigma as σ, οὐκ and οὐχ as οὐ. A matched word is the printed word (MorphGNT's `word` column); a replaced
run as long on both sides keeps SBLGNT.tsv's words; other unmatched TSV words are kept.

Also: the number of verses whose MorphGNT text carries punctuation (any mark in the `text` column around the word
other than the apparatus signs U+2E00–U+2E05 and their numbers), and the verses SBLGNT.tsv has and MorphGNT lacks.

Usage: sblgnt_printed.py SBLGNT_TSV MORPHGNT_DIR
Prints JSON {"verses": {"BBCCCVVV": [word, ...]}, "punctuated": n, "outside": [key, ...]}."""
import difflib
import json
import os
import sys
import unicodedata


def fold(word):
    text = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    text = text.replace("\u2019", "").replace("\u02bc", "").lower().replace("ς", "σ")
    return "ου" if text in ("ουκ", "ουχ") else text


source = {}
with open(sys.argv[1], encoding="utf-8") as f:
    next(f)
    for line in f:
        fields = line.rstrip("\n").split("\t")
        if len(fields) > 2 and fields[0]:
            source.setdefault(int(fields[0][1:9]), []).append(unicodedata.normalize("NFC", fields[2]))

printed = {}
punctuated = set()
apparatus = set("\u2e00\u2e01\u2e02\u2e03\u2e04\u2e05")
for name in sorted(os.listdir(sys.argv[2])):
    if not name.endswith("-morphgnt.txt"):
        continue
    book = int(name[:2]) - 21
    with open(os.path.join(sys.argv[2], name), encoding="utf-8") as f:
        for line in f:
            columns = line.split()
            if not columns:
                continue
            key = book * 1_000_000 + int(columns[0][2:4]) * 1000 + int(columns[0][4:6])
            text = unicodedata.normalize("NFC", columns[4])
            word = unicodedata.normalize("NFC", columns[5])
            printed.setdefault(key, []).append(word)
            marks = text.replace(word, "", 1)
            if any(c not in apparatus and not c.isdigit() for c in marks):
                punctuated.add(key)

verses = {}
for key, words in source.items():
    other = printed.get(key, [])
    matcher = difflib.SequenceMatcher(None, [fold(w) for w in words], [fold(w) for w in other], autojunk=False)
    result = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            result += other[j1:j2]
        elif tag in ("replace", "delete"):
            result += words[i1:i2]
    verses[str(key)] = result
outside = sorted(k for k in source if k not in printed)
print(json.dumps({"verses": verses, "punctuated": len(punctuated), "outside": outside}, ensure_ascii=False))
