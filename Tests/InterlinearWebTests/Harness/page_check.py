#!/usr/bin/env python3
"""Reads an HTML page (or a chapter fragment) on stdin with Python's html.parser and prints what the web tests
compare with the store, as JSON: the verse headings' ids, the source words (span.src inside a word stack) with
their lang and dir, the spans without a lang inside word stacks, the links, the headings, the scripts and styles,
and every nesting error (a closing tag that closes nothing open, an element left open)."""
import json
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, attrs)
        self.errors = []
        self.verse_ids = []
        self.h1 = []
        self.sources = []  # [text, lang, dir]
        self.unlabelled_spans = 0
        self.links = []
        self.scripts = []
        self.inline_scripts = 0
        self.styles = 0
        self.style_attributes = 0
        self.forms = []
        self.details = 0
        self.ids = []
        self.text_into = None  # (list, index) collecting text
        self.lists = {}  # class -> count of li
        self.title = ""
        self.in_title = False
        self.chapters = []

    def classes(self, attrs):
        return (attrs.get("class") or "").split()

    def inside(self, cls):
        return any(cls in self.classes(a) for _, a in self.stack)

    def handle_starttag(self, tag, attrs_list):
        attrs = dict(attrs_list)
        if "style" in attrs:
            self.style_attributes += 1
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "h2" and self.inside("verse"):
            self.verse_ids.append(attrs.get("id"))
        if tag == "section" and "chapter" in self.classes(attrs):
            self.chapters.append({k: v for k, v in attrs.items() if k.startswith("data-")})
        if tag == "span" and self.inside("w") and not self.inside("sr") and not self.inside("def"):
            if "src" in self.classes(attrs):
                self.sources.append(["", attrs.get("lang"), attrs.get("dir")])
                self.text_into = ("src", len(self.sources) - 1)
            elif "lang" not in attrs and "sr" not in self.classes(attrs) and "w" not in self.classes(attrs):
                self.unlabelled_spans += 1
        if tag == "h1":
            self.h1.append("")
        if tag == "a":
            self.links.append(attrs.get("href"))
        if tag == "script":
            self.scripts.append(attrs.get("src"))
            if not attrs.get("src"):
                self.inline_scripts += 1
        if tag == "style":
            self.styles += 1
        if tag == "form":
            self.forms.append([attrs.get("action"), attrs.get("method")])
        if tag == "details":
            self.details += 1
        if tag == "li":
            for _, a in reversed(self.stack):
                if _ in ("ol", "ul"):
                    for cls in self.classes(a):
                        self.lists[cls] = self.lists.get(cls, 0) + 1
                    break
        if tag == "title":
            self.in_title = True
        if tag not in VOID:
            self.stack.append((tag, attrs))

    def handle_startendtag(self, tag, attrs_list):
        self.handle_starttag(tag, attrs_list)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1][0] if self.stack else 'nothing'}")
            # Recover as a browser would: close up to the matching open element, if any.
            for index in range(len(self.stack) - 1, -1, -1):
                if self.stack[index][0] == tag:
                    del self.stack[index:]
                    break
            return
        if tag == "span" and self.text_into and self.text_into[0] == "src":
            self.text_into = None
        if tag == "title":
            self.in_title = False
        self.stack.pop()

    def handle_data(self, data):
        if self.text_into and self.text_into[0] == "src":
            self.sources[self.text_into[1]][0] += data
        if self.stack and any(t == "h1" for t, _ in self.stack):
            self.h1[-1] += data
        if self.in_title:
            self.title += data


def main():
    page = Page()
    page.feed(sys.stdin.read())
    page.close()
    for tag, _ in page.stack:
        page.errors.append(f"<{tag}> never closed")
    duplicates = sorted({i for i in page.ids if page.ids.count(i) > 1})
    json.dump({
        "errors": page.errors, "verseIds": page.verse_ids, "h1": [h.strip() for h in page.h1],
        "sources": page.sources, "unlabelledSpans": page.unlabelled_spans, "links": page.links,
        "scripts": page.scripts, "inlineScripts": page.inline_scripts, "styles": page.styles,
        "styleAttributes": page.style_attributes, "forms": page.forms, "details": page.details,
        "duplicateIds": duplicates, "lists": page.lists, "title": page.title.strip(), "chapters": page.chapters,
    }, sys.stdout, ensure_ascii=False)


main()
