"""Orca 43 reading web pages in Chromium, headless: Xvfb, the accessibility bus launcher, Orca and Chromium in a
private D-Bus session (orca_web.sh runs this under dbus-run-session). Orca logs each utterance as
`SPEECH OUTPUT: '…'` in its debug file (the AT-SPI harness's orca-customizations.py: no speech server); keys go to
Chromium's window with xdotool, as a reader's keyboard would send them.

Scenarios (each one URL; several may be given), read in the order given, each in a new Chromium:
  --headings URL     press h (Orca's next heading in browse mode) --presses times; prints one
                     `PRESS {"url", "press", "said": [...]}` line per key with what Orca said after it.
  --keys URL KEYS    press the keys (xdotool keysyms, comma-separated), one `PRESS` line each (for ↓ from a verse, a
                     search form: the server's scenarios). A key written KEY@loaded (Return@loaded on a link) is
                     followed by a wait for Orca's "Finished loading" (at most 60 s), as a reader waits for the page.
  --tab-until URL TEXT KEYS
                     press Tab (at most 60 times) until Orca says something containing TEXT (a disclosure's name),
                     then the keys: one `PRESS` line for the Tab that reached it and one for each key after.
Then `UTTERANCES <json>`: everything Orca said, for the English-voice check. `CHECK name PASS|FAIL detail` lines say
what could not be done (Orca or Chromium not starting, the page never read). Exit 0 when the harness ran.

usage: orca_web.py --workdir DIR [--presses N] (--headings URL | --keys URL KEYS | --tab-until URL TEXT KEYS)…
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "InterlinearATSPITests", "Harness"))
from orca_check import quiet, speech_lines, start_orca  # noqa: E402
from session import Session, log, wait_until  # noqa: E402

failed = []


class Page(argparse.Action):
    """Appends a scenario to `pages` as (URL, keys, label, text to Tab to), keeping the command line's order: Orca
    reads the first page it meets from its focused element, and each later one after a browser it followed is gone."""

    def __call__(self, parser, namespace, values, option_string=None):
        label = option_string.lstrip("-")
        url, rest = values[0], values[1:]
        until = rest[0] if label == "tab-until" else None
        keys = ["h"] * namespace.presses if label == "headings" else [k for k in rest[-1].split(",") if k]
        setattr(namespace, self.dest, list(getattr(namespace, self.dest) or []) + [(url, keys, label, until)])


def check(name, ok, detail=""):
    print("CHECK %s %s %s" % (name, "PASS" if ok else "FAIL", detail), flush=True)
    if not ok:
        failed.append(name)


def said(line):
    """The text of one `SPEECH OUTPUT: '…'` line of Orca's debug log (with or without the voice after it)."""
    return re.sub(r"^.*?SPEECH OUTPUT: '(.*?)'\s*(\{.*)?$", r"\1", line)


def chromium_window(pid):
    """Chromium's top-level window: the visible window of its browser process."""
    p = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True,
                       timeout=10)
    windows = p.stdout.split()
    return windows[-1] if windows else None


def key(window, keysym):
    subprocess.run(["xdotool", "windowfocus", "--sync", window], capture_output=True, timeout=10)
    subprocess.run(["xdotool", "key", "--window", window, keysym], capture_output=True, timeout=10)


def press(window, debug_file, url, label, number, keysym):
    """Presses one key and returns what Orca said in answer (all of it: it waits until Orca is quiet)."""
    loads = keysym.endswith("@loaded")
    keysym = keysym.removesuffix("@loaded")
    before = len(speech_lines(debug_file))
    key(window, keysym)
    wait_until(lambda: len(speech_lines(debug_file)) > before, 15, interval=0.2, what="Orca to answer %s" % keysym)
    if loads:
        wait_until(lambda: any("Finished loading" in l for l in speech_lines(debug_file)[before:]), 60,
                   interval=0.2, what="the page %s opened to load" % keysym)
    # An arrow's answer is one line, said at once; other keys may load or announce more.
    quiet(debug_file, seconds=0.6 if keysym in ("Down", "Up") else 1.5)
    heard = [said(l) for l in speech_lines(debug_file)[before:]]
    return {"url": url, "label": label, "press": number, "key": keysym, "said": heard}


def read_page(args, session, debug_file, url, keys, label, until=None):
    profile = os.path.join(args.workdir, "chromium-profile-%d" % len(session.processes))
    mark = len(speech_lines(debug_file))
    browser = session.spawn("chromium", [
        "chromium", "--no-sandbox", "--force-renderer-accessibility", "--no-first-run", "--no-default-browser-check",
        "--disable-gpu", "--disable-dev-shm-usage", "--password-store=basic", "--user-data-dir=" + profile,
        "--window-size=1200,900", "--window-position=0,0", url])
    try:
        window = wait_until(lambda: chromium_window(browser.pid), 60, interval=0.5, what="Chromium's window")
        if not window:
            check("chromium-window-" + label, False, "no Chromium window within 60 s")
            return
        # Orca says the page when Chromium's document loads: the title, then "Page has N landmarks, M headings".
        loaded = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if "heading" in l.lower()], 90,
                            interval=0.5, what="Orca to read the page")
        check("orca-reads-page-" + label, bool(loaded), "Orca's first words on the page: %s"
              % [said(l) for l in speech_lines(debug_file)[mark:]][:4])
        if not loaded:
            return
        quiet(debug_file)
        number = 0
        if until is not None:
            reached = None
            for number in range(1, 61):
                answer = press(window, debug_file, url, label, number, "Tab")
                if any(until in text for text in answer["said"]):
                    reached = answer
                    break
            check("tab-reaches-" + label, reached is not None, "Tab ×%d: %s" % (number, until))
            if reached is None:
                return
            print("PRESS " + json.dumps(reached, ensure_ascii=False), flush=True)
        for number, keysym in enumerate(keys, start=number + 1):
            print("PRESS " + json.dumps(press(window, debug_file, url, label, number, keysym), ensure_ascii=False),
                  flush=True)
    finally:
        # Ended by its id; its renderer and zygote children leave with it.
        session.end(browser, signal.SIGTERM, timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--presses", type=int, default=6, help="h presses a --headings page gets (give it first)")
    parser.add_argument("--headings", nargs=1, action=Page, dest="pages", default=[], metavar="URL")
    parser.add_argument("--keys", nargs=2, action=Page, dest="pages", metavar=("URL", "KEYS"))
    parser.add_argument("--tab-until", nargs=3, action=Page, dest="pages", metavar=("URL", "TEXT", "KEYS"))
    args = parser.parse_args()
    session = Session(args.workdir)
    try:
        session.start_xvfb()
        session.start_launcher()
        session.set_enabled(True)
        started = start_orca(args, session, check, "orca-starts")
        if started is None:
            return 0
        orca, debug_file = started
        for url, keys, label, until in args.pages:
            read_page(args, session, debug_file, url, keys, label, until)
        print("UTTERANCES " + json.dumps([said(l) for l in speech_lines(debug_file)], ensure_ascii=False), flush=True)
        check("orca-web-harness", not failed, "failed: %s" % failed if failed else "")
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
