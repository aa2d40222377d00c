"""The reverse interlinear of an exported page or EPUB content document (`export --order english`), read with
Python's own HTML parser (independent of the exporter): each verse's English words in page order, each with what
stands under it and what a screen reader hears after it.

  english_order.py FILE

Prints one JSON object:
- "verses": verse number → its English words, each {"id", "english", "lang", "under": [{"src", "st"}], "mark",
  "hidden", "sr", "defines"}: the English word's text and language, the source words under it (their script and
  Strong's tier), the mark standing for them (the dash or the ditto mark, else null), whether what stands under the
  word is kept from a screen reader, the visually hidden text a screen reader hears after the word, and the links
  of its define disclosures (the web reader's `details.def`);
- "paragraphs": how many translation paragraphs (`p.tl`) the page has.
"""
import json
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, classes, attributes) of the open elements
        self.verses = {}
        self.verse = None
        self.word = None
        self.source = None
        self.paragraphs = 0

    def inside(self, name):
        return any(name in classes for _, classes, _ in self.stack)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "h2" and attributes.get("id"):
            self.verse = attributes["id"].rsplit(".", 1)[-1]
            self.verses.setdefault(self.verse, [])
        if tag == "p" and "tl" in classes:
            self.paragraphs += 1
        if "w" in classes and "e" in classes:
            self.word = {"id": attributes.get("id"), "english": "", "lang": None, "under": [], "mark": None,
                         "hidden": False, "sr": "", "defines": []}
            self.verses.setdefault(self.verse, []).append(self.word)
        if self.word is not None:
            if "tlw" in classes:
                self.word["lang"] = attributes.get("lang")
            if "under" in classes:
                self.word["hidden"] = attributes.get("aria-hidden") == "true"
            if "ws" in classes:
                self.source = {"src": "", "st": ""}
                self.word["under"].append(self.source)
            if "mark" in classes:
                self.word["mark"] = ""
            if tag == "a" and self.inside("def"):
                self.word["defines"].append(attributes.get("href"))
        if tag not in VOID:
            self.stack.append((tag, classes, attributes))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, classes, _ = self.stack.pop()
            if "w" in classes and "e" in classes:
                self.word = None
            if "ws" in classes:
                self.source = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.word is None:
            return
        if self.inside("tlw"):
            self.word["english"] += data
        elif self.inside("sr") and not self.inside("def"):
            self.word["sr"] += data
        elif self.inside("mark"):
            self.word["mark"] += data
        elif self.source is not None:
            for name in ("src", "st"):
                if self.inside(name):
                    self.source[name] += data


page = Page()
with open(sys.argv[1], encoding="utf-8") as f:
    page.feed(f.read())
page.close()
verses = {v: [dict(w, english=w["english"].strip(), sr=re.sub(r"\s+", " ", w["sr"]).strip()) for w in words]
          for v, words in page.verses.items() if v is not None}
print(json.dumps({"verses": verses, "paragraphs": page.paragraphs}, ensure_ascii=False))
