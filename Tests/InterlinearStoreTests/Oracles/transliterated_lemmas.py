#!/usr/bin/env python3
"""Which lemmas a Latin spelling names, computed straight from the source TSVs, independently of interlinear's
transliterator, folding and search code.

Usage: transliterated_lemmas.py DATA_0_4_2 DATA_0_3_5 SPELLING… [--hebrew NUMBER…]
Prints JSON: {"greek": {SPELLING: {"lemmas": [...], "words": N}}, "hebrew": {NUMBER: words}}.

Greek: the SBLGNT lemmas (lemma column) whose transliteration, by the SBL Handbook's table written out below (rough
breathing h, nasal gamma n, υ as u in diphthongs and y elsewhere, χ ch, θ th, φ ph, ψ ps, ξ x, initial ῥ rh, η ē,
ω ō), with its macrons then dropped and lower-cased, is the spelling exactly; and how many SBLGNT words have one of
those lemmas. Hebrew: how many WLC words (an identifier without its morpheme digit) have a morpheme numbered NUMBER
(any letter suffix).
"""
import json
import os
import sys
import unicodedata

LETTERS = {"α": "a", "β": "b", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "ē", "θ": "th", "ι": "i", "κ": "k",
           "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
           "υ": "y", "φ": "ph", "χ": "ch", "ψ": "ps", "ω": "ō"}
DIPHTHONGS = {"αι": "ai", "ει": "ei", "οι": "oi", "υι": "ui", "αυ": "au", "ευ": "eu", "ηυ": "ēu", "ου": "ou"}
ROUGH, DIAERESIS = "\u0314", "\u0308"


def sbl(word):
    """The SBL academic transliteration of a Greek word."""
    letters = []  # (base letter, marks)
    for c in unicodedata.normalize("NFD", word.lower()):
        if unicodedata.category(c) == "Mn":
            if letters:
                letters[-1][1].add(c)
        else:
            letters.append([c, set()])
    out, i = "", 0
    while i < len(letters):
        base, marks = letters[i]
        pair = base + letters[i + 1][0] if i + 1 < len(letters) else ""
        if pair in DIPHTHONGS and DIAERESIS not in letters[i + 1][1]:
            rough = ROUGH in marks or ROUGH in letters[i + 1][1]
            out += ("h" if rough else "") + DIPHTHONGS[pair]
            i += 2
            continue
        if base == "γ" and i + 1 < len(letters) and letters[i + 1][0] in "γκξχ":
            out += "n"
        elif base == "ρ" and ROUGH in marks:
            out += "rh"
        elif base in LETTERS:
            out += ("h" if ROUGH in marks and base in "αεηιοωυ" else "") + LETTERS[base]
        else:
            out += base
        i += 1
    return out


def plain(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn").lower()


def rows(path):
    with open(path, encoding="utf-8") as f:
        header = next(f).rstrip("\n").split("\t")
        for line in f:
            yield dict(zip(header, line.rstrip("\n").split("\t")))


def main(argv):
    greek_dir, hebrew_dir = argv[1], argv[2]
    rest = argv[3:]
    spellings = rest[:rest.index("--hebrew")] if "--hebrew" in rest else rest
    numbers = [int(n) for n in rest[rest.index("--hebrew") + 1:]] if "--hebrew" in rest else []
    lemma_words = {}
    for row in rows(os.path.join(greek_dir, "sources", "SBLGNT.tsv")):
        lemma_words[row["lemma"]] = lemma_words.get(row["lemma"], 0) + 1
    greek = {}
    for spelling in spellings:
        lemmas = sorted(lemma for lemma in lemma_words if plain(sbl(lemma)) == spelling)
        greek[spelling] = {"lemmas": lemmas, "words": sum(lemma_words[lemma] for lemma in lemmas)}
    words = {n: set() for n in numbers}
    for row in rows(os.path.join(hebrew_dir, "sources", "WLC-LEB.tsv")):
        for part in row["strongs"].split("/"):
            digits = part.rstrip("abcdefghijklmnopqrstuvwxyz")
            if digits.isdigit() and int(digits) in words:
                words[int(digits)].add(row["identifier"][:11])
    print(json.dumps({"greek": greek, "hebrew": {str(n): len(w) for n, w in words.items()}}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv)
