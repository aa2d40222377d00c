#!/usr/bin/env python3
"""Search counts computed straight from the source TSVs, independently of interlinear's store and search code.

Usage: bible_search.py DATA_0_4_2 DATA_0_3_5 QUERY-NAME
Prints JSON: {"total": N, "books": {"<book number>": hits, ...}}.

What each query means, as the README documents it:
- strongs-H430: Hebrew words (a word is a WLC id without its morpheme digit) with a morpheme numbered 430 (any letter).
- lemma-elohim-ot: Hebrew words with a morpheme whose Strong's number is one of the numbers of the morphemes spelled
  אלהים once points and cantillation are removed.
- strongs-H430-gen-deut: strongs-H430 in books 1-5.
- phrase-in-the-beginning: verses (both testaments) whose BSB words contain "in the beginning" in a row.
- strongs-H430-text-create: strongs-H430 words whose verse has a BSB word starting with "create".
- greek-lemma-logos-accusative-noun: SBLGNT words with lemma λόγος and a morphology code matching N-A*.
Verses are keyed as the importer keys them: a BSB token belongs to its source_verse when given, else its own verse.
"""
import fnmatch
import json
import os
import re
import sys
import unicodedata
from collections import defaultdict


def fold(text):
    text = unicodedata.normalize("NFD", text)
    text = "".join(c for c in text if unicodedata.category(c) not in ("Mn", "Me", "Mc"))
    return text.lower().replace("ς", "σ")


def rows(path):
    with open(path, encoding="utf-8") as f:
        next(f)
        for line in f:
            yield line.rstrip("\n").split("\t")


def hebrew_numbers(field):
    numbers = []
    for part in field.split("|"):
        digits = re.match(r"\d+", part)
        if digits:
            numbers.append(int(digits.group()))
    return numbers


def bsb_words(new, old):
    verses = defaultdict(list)
    for path in (old, new):
        for f in rows(path):
            own = int(f[0][:8])
            key = int(f[1]) if f[1] else own
            verses[key].extend(w for w in re.findall(r"[^\W_]+", f[2].lower()))
    return verses


def main():
    new_data, old_data, query = sys.argv[1:4]
    wlc = os.path.join(old_data, "sources/WLC-LEB.tsv")
    nt_bsb = os.path.join(new_data, "eng/targets/BSB/nt_BSB.tsv")
    ot_bsb = os.path.join(new_data, "eng/targets/BSB/ot_BSB.tsv")
    hits = set()  # (verse key, word) or verse key
    if query.startswith("strongs-H430") or query == "lemma-elohim-ot":
        wanted = {430}
        if query == "lemma-elohim-ot":
            lemma = fold("אלהים")
            wanted = set()
            for f in rows(wlc):
                if fold(f[1].rsplit("-", 1)[0]) == lemma:
                    wanted.update(n for n in hebrew_numbers(f[3]) if n > 0)
        words = {}
        for f in rows(wlc):
            if wanted & set(hebrew_numbers(f[3])):
                words[(int(f[0][:8]), int(f[0][8:11]))] = True
        hits = set(words)
        if query == "strongs-H430-gen-deut":
            hits = {h for h in hits if h[0] // 1_000_000 <= 5}
        if query == "strongs-H430-text-create":
            verses = bsb_words(nt_bsb, ot_bsb)
            hits = {h for h in hits if any(w.startswith("create") for w in verses.get(h[0], []))}
    elif query == "phrase-in-the-beginning":
        for key, words in bsb_words(nt_bsb, ot_bsb).items():
            if any(words[i:i + 3] == ["in", "the", "beginning"] for i in range(len(words))):
                hits.add((key, None))
    elif query == "greek-lemma-logos-accusative-noun":
        lemma = fold("λόγος")
        for f in rows(os.path.join(new_data, "sources/SBLGNT.tsv")):
            if fold(f[6]) == lemma and fnmatch.fnmatchcase(f[8], "N-A*"):
                hits.add((int(f[0][1:9]), f[0]))
    else:
        sys.exit("unknown query " + query)
    books = defaultdict(int)
    for key, _ in hits:
        books[str(key // 1_000_000)] += 1
    print(json.dumps({"total": len(hits), "books": books}))


main()
