"""Reading on through the server's continuous page in headless Chromium (selenium, Debian chromium + chromium-driver):
from the first chapter to the last one named, the page must hold at most three chapters' DOM nodes however far one
reads, and its URL must name the chapter being read.

  dom_bound.py BASE_URL --book Gen --from 1 --to 10 --chapter-nodes NODES.json [--steps 400]
  dom_bound.py --count URL…
  dom_bound.py BASE_URL --stays John.1.51

BASE_URL is the server's (`interlinear serve` prints it); the page read is BASE/read/<book>.<from> (the URL scheme of
issue 40: `/read/Gen.1`, verse headings with ids `Gen.1.1`). NODES.json maps each chapter ("Gen.1") to the DOM
nodes of that chapter alone: counted by `dom_bound.py --count URL…` from each chapter's section loaded by itself
(`BASE/read/Gen.1?fragment=1`), which prints that JSON (the section and every node under it, elements and text
alike, as `document.createTreeWalker` visits them, and the line break after it). The page's count is the nodes
under its `#reading` element, which holds the chapters: the site's frame around them is the same on every page.

Reading on is what a sighted reader does (the end of the page scrolled into view, again and again), bounded by
--steps. At each step: the page's node count, the chapter under the line a third of the way down the window and the
chapter the URL names. Prints one JSON object; exits 0 when every step kept the bound and the URL followed, 1 when
not, 2 on a usage error.
"""
import json
import re
import signal
import sys
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

COUNT_JS = """
const root = arguments[0] ? document.querySelector(arguments[0]) : document.body;
const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
let count = 0;
while (walker.nextNode()) count++;
return count;"""

# The chapter being read: the chapter section under the line a third of the way down the window, where a reader's
# eyes are (docs/web.md), found from the sections' boxes; its first verse heading's id names it ("Gen.5.1"). With the
# line in the margin between two chapters, the one above it: the page keeps the chapter it had (its scroll handler
# finds no section there), and reading down, that is the one above.
READING_JS = """
const line = window.innerHeight / 3;
const above = Array.from(document.querySelectorAll('#reading > section.chapter')).filter(s =>
  s.getBoundingClientRect().top <= line);
const section = above[above.length - 1];
const heading = section && Array.from(section.querySelectorAll('[id]')).find(e => /^[1-3]?[A-Za-z]+\\.\\d+\\.\\d+$/.test(e.id));
return heading ? heading.id.replace(/\\.\\d+$/, '') : null;"""


# Ended by a test runner's SIGTERM, the browser still goes (the `finally` that quits it runs).
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=900,1200"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # Each command may take minutes on a busy machine (axe on a chapter of thousands of elements): the client's
    # HTTP wait must outlast the script timeout, not cut it at selenium's default 120 s.
    driver.command_executor._client_config.timeout = 1800
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(120)
    return driver


def loopback(url):
    return urllib.parse.urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1")


def count_sections(urls):
    driver = browser()
    try:
        counts = {}
        for url in urls:
            if not loopback(url):
                raise SystemExit(f"dom_bound.py: {url} is not on loopback")
            driver.get(url)
            chapter = driver.execute_script(
                "const s = document.querySelector('section.chapter'); return s ? s.dataset.chapter : null;")
            if not chapter:
                raise SystemExit(f"dom_bound.py: {url} has no chapter section")
            # The section itself and the line break after it, then everything under it.
            counts[chapter] = 2 + driver.execute_script(COUNT_JS, "section.chapter")
        print(json.dumps(counts))
    finally:
        driver.quit()


def chapter_of_url(url, book):
    match = re.search(r"/read/(%s\.\d+)" % re.escape(book), url)
    if match:
        return match.group(1)
    match = re.search(r"#(%s\.\d+)\.\d+" % re.escape(book), url)
    return match.group(1) if match else None


def stays(base, verse):
    """Opens the page at one verse (`BASE/read/John.1#John.1.51`) and, two seconds later, checks the reader is still
    there: the verse heading within the window, the address naming its chapter. (The page once ran through the
    Bible by itself from the last verse of a chapter: the browser anchored the view to the footer, below each
    chapter the script appended.)"""
    chapter = verse.rsplit(".", 1)[0]
    driver = browser()
    try:
        driver.get(base.rstrip("/") + f"/read/{chapter}#{verse}")
        driver.execute_async_script("const done = arguments[0]; setTimeout(done, 2000);")
        state = driver.execute_script(
            "const h = document.getElementById(arguments[0]); return {top: h ? h.getBoundingClientRect().top : null,"
            " height: window.innerHeight, path: location.pathname, focused: document.activeElement.id || null,"
            " chapters: Array.from(document.querySelectorAll('#reading > section.chapter')).map(s => s.dataset.chapter)};",
            verse)
    finally:
        driver.quit()
    state["ok"] = (state["top"] is not None and 0 <= state["top"] < state["height"]
                   and state["path"] == f"/read/{chapter}" and state["focused"] == verse)
    print(json.dumps(state))
    return 0 if state["ok"] else 1


def main(argv):
    if len(argv) >= 2 and argv[1] == "--count":
        return count_sections(argv[2:])
    if len(argv) == 4 and argv[2] == "--stays":
        return stays(argv[1], argv[3])
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--book", default="Gen")
    parser.add_argument("--from", dest="first", type=int, default=1)
    parser.add_argument("--to", dest="last", type=int, default=10)
    parser.add_argument("--chapter-nodes", required=True)
    parser.add_argument("--steps", type=int, default=400)
    args = parser.parse_args(argv[1:])
    with open(args.chapter_nodes) as f:
        nodes = json.load(f)
    # Three chapters at most: the largest three of those the reading can hold (one before, one after).
    span = [f"{args.book}.{n}" for n in range(max(args.first - 1, 1), args.last + 2)]
    missing = [c for c in span if c not in nodes]
    if missing:
        print(f"dom_bound.py: {args.chapter_nodes} lacks {missing}", file=sys.stderr)
        return 2
    bound = sum(sorted((nodes[c] for c in span), reverse=True)[:3])
    driver = browser()
    steps, ok, reached = [], True, False
    try:
        driver.get(args.base.rstrip("/") + f"/read/{args.book}.{args.first}")
        for step in range(args.steps):
            total = driver.execute_script(COUNT_JS, "#reading")
            read = driver.execute_script(READING_JS)
            named = chapter_of_url(driver.current_url, args.book)
            within, follows = total <= bound, read is not None and named == read
            ok = ok and within and follows
            steps.append({"step": step, "nodes": total, "reading": read, "url": driver.current_url,
                          "within": within, "urlFollows": follows})
            if read == f"{args.book}.{args.last}":
                reached = True
                break
            driver.execute_script("window.scrollBy(0, Math.max(window.innerHeight - 40, 200))")
            # Two frames and a pause: the page's scroll handler has run (loading the next chapter, naming it in the URL).
            driver.execute_async_script(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200)));")
        print(json.dumps({"bound": bound, "reached": reached, "ok": ok and reached, "maxNodes":
                          max(s["nodes"] for s in steps), "steps": steps}))
    finally:
        driver.quit()
    return 0 if ok and reached else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
