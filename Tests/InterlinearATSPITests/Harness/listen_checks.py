"""What a listener hears of one verse under Orca 43, from the keyboard alone (harness.sh listen).

A fresh window and a fresh Orca: nothing is focused through pyatspi, so Orca meets the window as a user's Orca does.
Prints, for ScreenReaderListeningTests:
- `NUMBER orca-first-key run=N ms=…`: from the first key's press (wall clock just before xdotool) to Orca's
  utterance of what it focused (the timestamp Orca wrote on that SPEECH OUTPUT line), one line per run (--runs);
- `HEARD-VERSE <json>`: everything Orca said from its start until it said verse 1's last element, reached by Tab,
  each utterance with its length as espeak-ng's English voice says it at its default rate (WAV durations);
- `HEARD <json>` per study key (h, k, Tab to a word, i, p, a search, n n, o): what Orca said after it;
- `BRAILLE <json>`: the braille lines Orca wrote after the script was turned on and the verse entered again, and
  the verse's running text as pyatspi reads it;
- with --say-all, instead of the verse and the keys, `SAY-ALL <json>`: everything Orca said in say all from verse 1
  to the chapter's last verse, with each utterance's length.
"""
import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import time
import wave

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import Session, log, wait_until  # noqa: E402
from apps import ViewApp  # noqa: E402
from atspi_checks import Client, Tree, attributes, check, run_checks  # noqa: E402
from orca_check import quiet, speech_lines, spoken_text, start_orca  # noqa: E402


def stamped(line):
    """The wall-clock time Orca wrote at the start of a debug line ("14:49:40.910992 - …"), today."""
    m = re.match(r"^(\d\d):(\d\d):(\d\d)\.(\d{6}) - ", line)
    if not m:
        return None
    now = datetime.datetime.now()
    return now.replace(hour=int(m.group(1)), minute=int(m.group(2)), second=int(m.group(3)),
                       microsecond=int(m.group(4)))


def seconds_spoken(utterances, workdir):
    """Each utterance's length in seconds as espeak-ng's English voice says it at its default rate: the WAV file's
    frames over its rate."""
    lengths = []
    path = os.path.join(workdir, "utterance.wav")
    for text in utterances:
        subprocess.run(["espeak-ng", "-v", "en-us", "-w", path, "--", text], capture_output=True, timeout=60,
                       check=True)
        with wave.open(path, "rb") as w:
            lengths.append(w.getnframes() / float(w.getframerate()))
    return lengths


def last_element(verse):
    last = verse.getChildAtIndex(verse.childCount - 1)
    while last.childCount:  # the whole translation: its last word is the verse's last element
        last = last.getChildAtIndex(last.childCount - 1)
    return last


class Listener:
    def __init__(self, client, tree, app, debug_file):
        self.client, self.tree, self.app, self.debug_file = client, tree, app, debug_file

    def focused_after(self, keys, before):
        """Presses keys; returns the id newly focused (a focus event), or None."""
        self.client.events.clear()
        for key in keys:
            self.app.key(key)
        got = wait_until(lambda: (self.client.pump(0.05) or True) and [
            e for e in self.client.events if e[0] == "object:state-changed:focused" and e[2] == 1 and e[1] != before],
            15, what="a focus event after %s" % " ".join(keys))
        return got[-1][1] if got else None

    def said_since(self, mark):
        return [spoken_text(line) for line in speech_lines(self.debug_file)[mark:]]

    def wait_said(self, mark, text, timeout=30):
        return wait_until(lambda: (self.client.pump(0.05) or True) and any(text in s for s in self.said_since(mark)),
                          timeout, interval=0.1, what="Orca to say %r" % text)

    def key_heard(self, label, keys, expect, check_name=None):
        """Presses keys, waits for an utterance holding `expect`, then for Orca to go quiet; prints HEARD."""
        mark = len(speech_lines(self.debug_file))
        for key in keys:
            self.app.key(key)
        heard = self.wait_said(mark, expect) if expect else None
        quiet(self.debug_file, seconds=1.0, limit=15)
        said = self.said_since(mark)
        print("HEARD " + json.dumps({"action": label, "keys": keys, "expect": expect, "said": said},
                                    ensure_ascii=False), flush=True)
        if check_name:
            check(check_name, bool(heard), "%s → %r" % (" ".join(keys), said[-4:]))
        return said


def first_key(args, session, client, run):
    """One start: a window and Orca, then Tab; returns (Listener, debug file, orca process) for the first run."""
    app = ViewApp(session, args.interlinear, args.reference, args.width, args.height, 0)
    session.set_enabled(True)
    found = wait_until(lambda: client.app_for_pid(app.pid), 20, interval=0.05, what="the application")
    if found is None:
        check("listen-window-%d" % run, False, "the window did not join the registry")
        return None
    tree = Tree(client, found)
    app.focus_window()
    started = start_orca(args, session, check, "orca-listen-start")
    if started is None:
        return None
    orca, debug_file = started
    quiet(debug_file)
    focused = [attributes(c).get("id") for c in tree.document.getChildAtIndex(0)
               if c.getState().contains(client.pyatspi.STATE_FOCUSED)]
    print("INFO focused at start: %s" % focused, flush=True)
    listener = Listener(client, tree, app, debug_file)
    mark = len(speech_lines(debug_file))
    client.events.clear()
    app.focus_window()
    pressed = datetime.datetime.now()
    subprocess.run(["xdotool", "key", "--window", app.window, "Tab"], capture_output=True, timeout=10)
    got = wait_until(lambda: (client.pump(0.02) or True) and [
        e for e in client.events if e[0] == "object:state-changed:focused" and e[2] == 1], 15, interval=0.02,
        what="the focus after the first Tab")
    target = tree.by_id(got[-1][1]) if got else None
    name = target.name if target is not None else None
    lines = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if name and name in l], 30,
                       interval=0.02, what="Orca to say the first Tab's element")
    spoken_at = stamped(lines[0]) if lines else None
    if spoken_at is not None:
        print("NUMBER orca-first-key run=%d ms=%.0f element=%s (press to Orca's utterance, Orca's log timestamp)"
              % (run, (spoken_at - pressed).total_seconds() * 1000, got[-1][1]), flush=True)
    check("orca-first-key-%d" % run, spoken_at is not None, "first Tab → %r said" % name)
    return listener, debug_file, orca, app


def hear_verse(args, listener, check):
    """Tab until verse 1's last element is said; prints everything Orca said from its start with its length."""
    tree, client = listener.tree, listener.client
    verse = tree.document.getChildAtIndex(0)
    last = attributes(last_element(verse)).get("id")
    translation = attributes(verse).get("id") + ".t"
    focused, steps, through_translation = None, 0, None
    while focused != last and steps < 120:
        before = focused
        mark = len(speech_lines(listener.debug_file))
        focused = listener.focused_after(["Tab"], before)
        if focused is None:
            break
        element = tree.by_id(focused)
        listener.wait_said(mark, element.name if element is not None else focused)
        steps += 1
        if focused == translation:
            # The verse has been heard once its words and its whole translation (this panel) have been said.
            quiet(listener.debug_file, seconds=1.0, limit=15)
            through_translation = len(speech_lines(listener.debug_file))
    quiet(listener.debug_file, seconds=1.0, limit=15)
    said = [spoken_text(line) for line in speech_lines(listener.debug_file)]
    lengths = seconds_spoken(said, args.workdir)
    print("HEARD-VERSE " + json.dumps({"reference": args.reference, "tabs": steps, "last": last,
                                       "throughTranslation": through_translation, "said": said,
                                       "seconds": lengths}, ensure_ascii=False), flush=True)
    print("NUMBER orca-hear-verse-1 reference=%r seconds=%.1f through_translation_seconds=%.1f utterances=%d "
          "tabs=%d (espeak-ng -v en-us -w, WAV durations summed; key echo included)" % (
              args.reference, sum(lengths), sum(lengths[:through_translation or 0]), len(said), steps), flush=True)
    check("orca-hears-verse-by-tab", focused == last, "Tab ×%d → %s (verse 1 ends at %s)" % (steps, focused, last))


def study_keys(args, listener):
    """The window's own keys, from the keyboard: h, k, Tab to a word, i, p, a search and n n, then o (the script
    in the running text) and the verse entered again, for the braille line."""
    listener.key_heard("h", ["h"], "Verse 2", "orca-hears-h")
    listener.key_heard("k", ["k"], "Verse 1", "orca-hears-k")
    mark = len(speech_lines(listener.debug_file))
    for _ in range(args.word):
        listener.app.key("Tab")
    word = listener.tree.by_id(args.word_id)
    listener.wait_said(mark, word.name if word is not None else args.word_id)
    quiet(listener.debug_file, seconds=1.0, limit=15)
    print("HEARD " + json.dumps({"action": "word", "keys": ["Tab"] * args.word, "expect": args.word_id,
                                 "name": word.name if word is not None else None,
                                 "said": listener.said_since(mark)}, ensure_ascii=False), flush=True)
    listener.key_heard("i", ["i"], "Strong's", "orca-hears-i")
    listener.key_heard("p", ["p"], "part" if args.hebrew else "not split", "orca-hears-p")
    # v: the level said once; the word's name (its English description) is then at that level, and Orca says it so
    # when focus comes back to it (Shift+Tab, Tab: its cache followed the name change). Full names its Strong's
    # number, brief does not; v again, back to normal.
    levels = {}
    for level in ["full", "brief", "normal"]:
        said = listener.key_heard("v-" + level, ["v"], "Verbosity %s." % level)
        if word is not None:
            word.clearCache()
        name = word.name if word is not None else "?"
        again = listener.key_heard("v-%s-word" % level, ["shift+Tab", "Tab"], name)
        levels[level] = (said, name, any(name in s for s in again))
    full, brief = levels["full"], levels["brief"]
    check("orca-hears-v", all(said.count("Verbosity %s." % level) == 1 and heard
                              for level, (said, _, heard) in levels.items())
          and "Strong's" in full[1] and "Strong's" not in brief[1],
          "v → %r; the word's name and whether Orca said it on coming back: %r" % (
              [s for said, _, _ in levels.values() for s in said], [(n, h) for _, n, h in levels.values()]))
    keys = ["slash"] + [{" ": "space", ":": "colon"}.get(c, c) for c in args.query] + ["Return"]
    listener.key_heard("search", keys, " in the Bible", "orca-hears-search")
    listener.key_heard("n", ["n"], "hit 1 of", "orca-hears-n-1")
    listener.key_heard("n", ["n"], "hit 2 of", "orca-hears-n-2")
    listener.app.key("Escape")
    quiet(listener.debug_file, seconds=1.0, limit=10)
    # The script in the running text (`o`), then verse 1 entered again (`:2⏎`, `:1⏎`: the search left the focus
    # anywhere): what Orca 43 sends to a braille display.
    listener.key_heard("o", ["o"], None)
    braille_mark = sum(1 for _ in open(listener.debug_file, encoding="utf-8", errors="replace"))
    listener.key_heard("go-2-script", ["colon", "2", "Return"], "Verse 2")
    listener.key_heard("go-1-script", ["colon", "1", "Return"], "Verse 1")
    with open(listener.debug_file, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()[braille_mark:]
    braille = [re.sub(r"^.*?BRAILLE LINE:  '(.*)'\s*$", r"\1", l.rstrip("\n")) for l in lines if "BRAILLE LINE:" in l]
    text = listener.tree.document.getChildAtIndex(0).queryText()
    print("BRAILLE " + json.dumps({"lines": braille, "verseText": text.getText(0, text.characterCount)},
                                  ensure_ascii=False), flush=True)


def say_all(args, listener):
    """Say all (KP_Add) from verse 1's first word to the chapter's last verse: prints `SAY-ALL <json>`, every
    utterance from the key on, with each one's espeak-ng length."""
    document = listener.tree.document
    last = document.getChildAtIndex(document.childCount - 1).getChildAtIndex(0).name
    mark = len(speech_lines(listener.debug_file))
    started = time.monotonic()
    listener.app.key("KP_Add")
    reached = wait_until(lambda: any(s.startswith(last) for s in listener.said_since(mark)), args.say_all_limit,
                         interval=1, what="say all to reach %s" % last)
    quiet(listener.debug_file, seconds=3, limit=120)
    said = listener.said_since(mark)
    lengths = seconds_spoken(said, args.workdir)
    print("SAY-ALL " + json.dumps({"last": last, "said": said, "seconds": lengths}, ensure_ascii=False), flush=True)
    print("NUMBER orca-say-all-chapter reference=%r utterances=%d spoken_seconds=%.1f wall_seconds=%.0f" % (
        args.reference, len(said), sum(lengths), time.monotonic() - started), flush=True)
    check("orca-say-all-chapter", bool(reached), "KP_Add from verse 1 → %d utterances; %s reached" % (
        len(said), last if reached else "not"))


def run(args, session):
    session.start_xvfb()
    session.start_launcher()
    client = Client()
    client.listen("object:state-changed:focused")
    for run_number in range(1, args.runs + 1):
        started = first_key(args, session, client, run_number)
        if started is None:
            return
        listener, debug_file, orca, app = started
        if run_number == 1 and args.say_all:
            say_all(args, listener)
        elif run_number == 1 and not args.first_key_only:
            hear_verse(args, listener, check)
            study_keys(args, listener)
        session.end(orca, signal.SIGKILL)
        session.end(app.process)
        session.set_enabled(False)
        wait_until(lambda: not [p for p in [app.pid] if client.app_for_pid(p)], 10, what="the window to leave")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--interlinear", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--reference", default="John 1")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=700)
    parser.add_argument("--runs", type=int, default=1, help="starts measured for the first key (window and Orca)")
    parser.add_argument("--first-key-only", action="store_true", help="only the first key of each start")
    parser.add_argument("--word", type=int, default=5, help="Tabs from verse 1's number to the word i and p ask about")
    parser.add_argument("--word-id", default="John.1.1.w5")
    parser.add_argument("--hebrew", action="store_true")
    parser.add_argument("--say-all", action="store_true", help="only say all from verse 1 to the chapter's end")
    parser.add_argument("--say-all-limit", type=float, default=900, help="seconds say all may take to the end")
    parser.add_argument("--query", default="G3056", help="the search typed after /")
    args = parser.parse_args()
    run_checks(args, run)


if __name__ == "__main__":
    main()
