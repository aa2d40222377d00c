"""Reads an EPUB's media overlays as a reading system would, independently of the exporter: the package document's
items with a media-overlay, each overlay's <par>s (text target, audio file, clip times), and what each target is in
its content document (a word stack — a source word's, or in English order an English word's — a verse heading, or
missing) with its place in document order and the text it
holds for a listener (a word's visually hidden spoken form, a heading's accessible name).

usage: overlay_check.py BOOK.epub FOLDER  -- extracts the book's audio into FOLDER and prints one JSON report."""
import json
import os
import sys
import zipfile
import xml.etree.ElementTree as ET

OPF = "{http://www.idpf.org/2007/opf}"
SMIL = "{http://www.w3.org/ns/SMIL}"
XHTML = "{http://www.w3.org/1999/xhtml}"


def is_word(element):
    """A word's stack: class "w", or "w e" for an English word of the reverse interlinear (`--order english`)."""
    return (element.get("class") or "").split() in (["w"], ["w", "e"])


def seconds(clock):
    """A SMIL clock value (timecount "12.5s"/"300ms" or full/partial clock "0:01:02.5") in seconds."""
    if clock.endswith("ms"):
        return float(clock[:-2]) / 1000
    if clock.endswith("s"):
        return float(clock[:-1])
    total = 0.0
    for part in clock.split(":"):
        total = total * 60 + float(part)
    return total


def main(book, folder):
    archive = zipfile.ZipFile(book)
    container = ET.fromstring(archive.read("META-INF/container.xml"))
    opf_path = container.find(".//{urn:oasis:names:tc:opendocument:xmlns:container}rootfile").get("full-path")
    base = os.path.dirname(opf_path)
    package = ET.fromstring(archive.read(opf_path))
    items = {item.get("id"): item for item in package.iter(OPF + "item")}
    durations = {}
    for meta in package.iter(OPF + "meta"):
        if meta.get("property") == "media:duration":
            durations[(meta.get("refines") or "").lstrip("#")] = seconds(meta.text.strip())
    chapters = []
    for item in package.iter(OPF + "item"):
        overlay_id = item.get("media-overlay")
        if not overlay_id:
            continue
        overlay = items[overlay_id]
        text_path = os.path.join(base, item.get("href"))
        document = ET.fromstring(archive.read(text_path))
        order, targets = {}, {}
        for index, element in enumerate(document.iter()):
            if element.get("id"):
                order[element.get("id")] = index
                targets[element.get("id")] = element
        smil_path = os.path.join(base, overlay.get("href"))
        smil = ET.fromstring(archive.read(smil_path))
        pars, audio_files = [], set()
        for par in smil.iter(SMIL + "par"):
            text, audio = par.find(SMIL + "text"), par.find(SMIL + "audio")
            file, _, fragment = text.get("src").partition("#")
            element = targets.get(fragment) if os.path.join(os.path.dirname(smil_path), file) == text_path else None
            kind, said = "missing", ""
            if element is not None and is_word(element):
                kind = "word"
                hidden = [child for child in element if child.get("class") == "sr"]
                said = "".join(hidden[0].itertext()) if hidden else ""
            elif element is not None and element.tag == XHTML + "h2":
                kind, said = "heading", element.get("aria-label") or ""
            audio_files.add(os.path.join(os.path.dirname(smil_path), audio.get("src")))
            pars.append({
                "target": fragment, "kind": kind, "order": order.get(fragment, -1), "said": said,
                "begin": seconds(audio.get("clipBegin")), "end": seconds(audio.get("clipEnd")),
            })
        extracted = []
        for name in sorted(audio_files):
            path = os.path.join(folder, name.replace("/", "_"))
            with open(path, "wb") as out:
                out.write(archive.read(name))
            extracted.append(path)
        words = sum(1 for element in document.iter() if is_word(element))
        headings = sum(1 for _ in document.iter(XHTML + "h2"))
        chapters.append({
            "text": text_path, "audio": extracted, "duration": durations.get(overlay_id), "pars": pars,
            "words": words, "headings": headings,
        })
    print(json.dumps({"chapters": chapters, "total": durations.get("")}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
