"""Orca itself speaks the focused word: Orca 43 runs in the test session, logs each utterance as
`SPEECH OUTPUT: '…'` in its debug file, and we press Tab in the window. Then what the window announces through its
status line's notification after an action ("parts" here, "define" from atspi_checks.py) must be among what Orca said
while presenting that notification."""
import json
import os
import random
import re
import shutil
import signal
import subprocess
import time

from session import log, wait_until


def other_orcas():
    p = subprocess.run(["pgrep", "-u", str(os.getuid()), "-x", "orca"], capture_output=True, text=True, timeout=10)
    return [int(pid) for pid in p.stdout.split()]


def speech_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return [line.rstrip("\n") for line in f if "SPEECH OUTPUT: '" in line]
    except OSError:
        return []


def quiet(debug_file, seconds=1.5, limit=30):
    """Waits until Orca has said nothing new for `seconds` (at most `limit`): what a key made it say is all said."""
    deadline = time.monotonic() + limit
    count, since = len(speech_lines(debug_file)), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = len(speech_lines(debug_file))
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            break
    return count


def spoken_text(line):
    """The text of one `SPEECH OUTPUT: '…'` line (as `said`, which the checks' own `said` variables shadow)."""
    m = re.match(r"^.*?SPEECH OUTPUT: '(.*)' ?\{'.*$", line) or re.match(r"^.*?SPEECH OUTPUT: '(.*)'\s*$", line)
    return m.group(1) if m else line


def log_contains(path, text):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return text in f.read()
    except OSError:
        return False


def start_orca(args, session, check, name):
    """Starts Orca 43 with the test's settings; returns (process, debug file), or None after a failed check `name`."""
    prefs = os.path.join(args.workdir, "orca-prefs")
    shutil.rmtree(prefs, ignore_errors=True)
    os.makedirs(prefs)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "orca-customizations.py"), prefs)
    debug_file = os.path.join(args.workdir, "orca-debug.log")
    for attempt in range(5):
        # Only one Orca per user may run (Orca exits at once when it finds another): wait for any other to finish.
        # Two harness runs (parallel suites) may both find none and start together; then each finds the other and
        # exits, and both wait a random while and try again. We never end an Orca we did not start. The wait is
        # long enough for the longest other run (the web reader's Orca test in Chromium, over 4 minutes while the
        # suites share two cores), and bounded.
        busy = wait_until(lambda: not other_orcas(), 900, interval=1, what="other Orca instances to end")
        if busy is None:
            check(name, False, "another Orca of this user is running (pids %s); Orca allows one per user"
                  % other_orcas())
            return None
        if os.path.exists(debug_file):
            os.remove(debug_file)
        orca = session.spawn("orca", ["orca", "-u", prefs, "--debug-file", debug_file])
        started = wait_until(lambda: log_contains(debug_file, "ORCA: Starting ATSPI registry")
                             or orca.poll() is not None, 120, interval=0.5, what="Orca to start")
        if started and orca.poll() is None:
            return orca, debug_file
        with open(os.path.join(args.workdir, "orca.out"), errors="replace") as f:
            output = f.read().strip().splitlines()
        if not any("Another screen reader process is already running" in line for line in output):
            break
        log("Orca found another Orca at its start (attempt %d); trying again" % (attempt + 1))
        time.sleep(random.uniform(0.5, 3))
    check(name, False, "Orca did not start (exit %s): %s" % (orca.poll(), " | ".join(output[-3:])))
    return None


def run_orca(args, session, client, tree, app, check):
    # Focus on the first verse number before Orca starts: Orca looks for the focused object when it starts.
    app.key("Home")
    wait_until(lambda: tree.scroll() == 0, 10, what="the scroll after Home")
    verse = tree.document.getChildAtIndex(0)
    verse.getChildAtIndex(0).queryComponent().grabFocus()
    client.pump(0.5)
    words = [verse.getChildAtIndex(i).name for i in (1, 2, 3)]

    started = start_orca(args, session, check, "orca-speaks-focus")
    if started is None:
        return
    orca, debug_file = started
    log("Orca started; speech so far:", speech_lines(debug_file))
    spoken, heard = [], []
    for word in words:
        mark = len(speech_lines(debug_file))
        app.key("Tab")
        said = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if word in l], 30, interval=0.2,
                          what="Orca to speak %s" % word)
        new = speech_lines(debug_file)[mark:]
        spoken.extend(new)
        heard.append(bool(said))
    for line in spoken:
        text = re.sub(r"^.*?SPEECH OUTPUT: ", "", line)
        print("SPEECH %s" % text, flush=True)
    # Everything Orca said from its start to the third word: the window's and the document's names, the chapter's
    # running text, the verse entered ("John 1:1 panel" and its text) and the words, for the English-voice check.
    for line in speech_lines(debug_file):
        print("SPEECH start %s" % spoken_text(line), flush=True)
    check("orca-speaks-focus", all(heard),
          "Tab ×3 → Orca said %s (expected %s)" % (
              [re.sub(r"^.*?SPEECH OUTPUT: '(.*)'\{.*$", r"\1", l) for l in spoken][:6], words))
    try:
        check_orca_commands(debug_file, tree, app, check)
        if args.app == "view":
            check_orca_speaks_parts(client, tree, app, debug_file, check)
    finally:
        session.end(orca, signal.SIGKILL)


def count_in_log(path, text):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return sum(1 for line in f if text in line)
    except OSError:
        return 0


def check_orca_commands(debug_file, tree, app, check):
    """Orca's own commands work in the window: the window forwards every key to the registry first
    (NotifyListenersSync), so Orca logs KEYBOARD_EVENTs from it, answers Where Am I (KP_Enter) and reads on with
    say all (KP_Add) past the end of verse 1."""
    keys = count_in_log(debug_file, "KEYBOARD_EVENT:")
    check("orca-hears-keys", keys > 0, "%d KEYBOARD_EVENT lines in Orca's log after Tab ×3" % keys)
    focus_before = [c for c in tree.document.getChildAtIndex(0)
                    if c.getState().contains(tree.client.pyatspi.STATE_FOCUSED)]
    mark = len(speech_lines(debug_file))
    processed = count_in_log(debug_file, "'KP_Enter' (")
    app.key("KP_Enter")
    said = wait_until(lambda: speech_lines(debug_file)[mark:] and count_in_log(debug_file, "'KP_Enter' (") > processed,
                      30, interval=0.2, what="Orca's Where Am I")
    new = [re.sub(r"^.*?SPEECH OUTPUT: '(.*)'.*$", r"\1", l) for l in speech_lines(debug_file)[mark:]]
    for text in new:
        print("SPEECH where-am-i %s" % text, flush=True)
    focus_after = [c for c in tree.document.getChildAtIndex(0)
                   if c.getState().contains(tree.client.pyatspi.STATE_FOCUSED)]
    check("orca-where-am-i", bool(said) and [c.name for c in focus_after] == [c.name for c in focus_before],
          "KP_Enter → Orca's Where Am I said %s; the window kept its focus" % new[:4])

    check_study_keys(debug_file, tree, app, check)

    # What changes is heard: Page Down (where the reading position went), the status line's answer to ":99⏎",
    # and the focus after "]" and Tab in the next chapter.
    heard = {}
    for name, keys, expect in (
            ("page-down", ["Next"], lambda: "Verse"),
            ("no-verse-99", ["colon", "9", "9", "Return"], lambda: "no verse 99"),
            ("next-chapter-tab", ["bracketright", "Tab"],
             lambda: tree.frame.getChildAtIndex(0).getChildAtIndex(0).getChildAtIndex(0).name)):
        mark = len(speech_lines(debug_file))
        for key in keys:
            app.key(key)
        said = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if expect() in l], 30, interval=0.2,
                          what="Orca to speak after %s" % name)
        heard[name] = re.sub(r"^.*?SPEECH OUTPUT: '(.*)'.*$", r"\1", said[-1]) if said else None
        check("orca-hears-" + name, bool(said), "%s → Orca said %r" % (" ".join(keys), heard[name]))

    # Say all from the focused element: Orca reads its text, then follows FLOWS_TO into the next verse.
    document = tree.frame.getChildAtIndex(0)
    # Verse 2's number ("Verse 2"): said only when the reading has passed the end of verse 1.
    verse2 = document.getChildAtIndex(1).getChildAtIndex(0).name
    mark = len(speech_lines(debug_file))
    app.key("KP_Add")
    past = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if "SPEECH OUTPUT: '%s" % verse2 in l],
                      120, interval=0.5, what="say all to reach verse 2")
    new = speech_lines(debug_file)[mark:]
    print("NUMBER orca-say-all utterances=%d" % len(new), flush=True)
    for line in new:
        print("SPEECH say-all %s" % spoken_text(line), flush=True)
    check("orca-say-all", bool(past), "KP_Add in %s → %d utterances; reached verse 2 (%s)" % (
        document.name, len(new), (re.sub(r"^.*?SPEECH OUTPUT: '(.*)'.*$", r"\1", past[0])[:60] if past else "no")))


def check_study_keys(debug_file, tree, app, check):
    """The window's own keys for what Orca 43 lacks: `h` goes to the next verse (Orca says its number, from the
    focus), `k` back; `i` on a word says its dictionary line once (here, with no store, that there is none)."""
    results = []
    for name, keys, expect in (
            ("h-next-verse", ["h"], "Verse 2"),
            ("k-previous-verse", ["k"], "Verse 1"),
            ("i-define", ["Tab", "i"], "No dictionary"),
    ):
        mark = len(speech_lines(debug_file))
        started = time.monotonic()
        for key in keys:
            app.key(key)
        heard = wait_until(lambda: [l for l in speech_lines(debug_file)[mark:] if expect in l], 30, interval=0.1,
                           what="Orca to speak after %s" % name)
        count = len([l for l in speech_lines(debug_file)[mark:] if expect in l])
        print("NUMBER orca-key-%s seconds=%.2f times=%d" % (name, time.monotonic() - started, count), flush=True)
        results.append("%s → %r ×%d" % (" ".join(keys), spoken_text(heard[0]) if heard else None, count))
        check("orca-hears-" + name, bool(heard) and (name != "i-define" or count == 1), results[-1])


# The text of one `SPEECH OUTPUT: '…'` line, without the voice (ACSS) Orca logs after it.
said = spoken_text


def focus_heard(client, debug_file, word):
    """Focuses a word (as Tab does) and waits until Orca has said its name; returns the count of SPEECH lines then.
    Orca presents events in order, so what it had queued before (a new chapter's context) is said by then, and what
    follows the mark answers what the test does next."""
    mark = len(speech_lines(debug_file))
    word.queryComponent().grabFocus()
    wait_until(lambda: (client.pump(0.05) or True) and [l for l in speech_lines(debug_file)[mark:] if word.name in l],
               30, interval=0.2, what="Orca to say the focused word")
    return len(speech_lines(debug_file))


def utterances(path):
    """Every utterance in Orca's log, in the order of speech_lines, with what Orca was presenting when it said it:
    the event being processed and its source's role ("object:state-changed:showing notification"), or None."""
    result, event = [], None
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                opened = re.search(r"vvvvv PROCESS OBJECT EVENT (\S+) vvvvv", line)
                if opened:
                    event = opened.group(1)
                elif "^^^^^ PROCESS OBJECT EVENT" in line:
                    event = None
                elif event and " role='" in line and " " not in event:
                    event += " " + re.search(r" role='([^']*)'", line).group(1)
                elif "SPEECH OUTPUT: '" in line:
                    result.append((said(line.rstrip("\n")), event))
    except OSError:
        pass
    return result


def check_orca_hears(client, debug_file, check, label, mark, announced):
    """After an action: Orca said the line the action announced, while presenting the status line's notification
    (object:state-changed:showing on it), among what it said since `mark`. Prints `HEARD <json>`: the announced line,
    every utterance since the mark, and the event Orca was presenting for each."""
    shown = "object:state-changed:showing notification"
    heard = wait_until(lambda: (client.pump(0.05) or True) and announced
                       and (announced, shown) in utterances(debug_file)[mark:],
                       30, interval=0.2, what="Orca to say the %s announcement" % label)
    new = utterances(debug_file)[mark:]
    print("HEARD " + json.dumps({"action": label, "announced": announced, "said": [text for text, _ in new],
                                 "events": [event for _, event in new]}, ensure_ascii=False), flush=True)
    check("orca-speaks-" + label, bool(heard), "Orca said %d utterances after the action, %s the announced line %r "
          "for the notification" % (len(new), "among them" if heard else "not", announced))


def check_orca_speaks_parts(client, tree, app, debug_file, check):
    """A Hebrew word's parts, heard: `:Gen 1⏎` brings Genesis 1 into the window from its chapter file (which holds
    the morphemes), then the "parts" action on its first word, done through pyatspi as Orca's action list does it,
    is announced by the status line's notification; Orca must say that line."""
    from parts_checks import run_parts_check
    started = time.monotonic()
    for key in ("colon", "G", "e", "n", "space", "1", "Return"):
        app.key(key)

    def first_verse():
        try:
            return "id:Gen.1.1" in tree.frame.getChildAtIndex(0).getChildAtIndex(0).getAttributes()
        except Exception:
            return False
    if not wait_until(first_verse, 30, interval=0.2, what="Genesis 1 in the window"):
        check("orca-speaks-parts", False, "`:Gen 1⏎` did not bring Genesis 1 (the frame shows %r)"
              % tree.frame.getChildAtIndex(0).name)
        return
    genesis = type(tree)(client, tree.app)
    mark = focus_heard(client, debug_file, genesis.by_id("Gen.1.1.w1"))
    records = run_parts_check(client, genesis, check, ["Gen.1.1.w1"])
    check_orca_hears(client, debug_file, check, "parts", mark, records[0]["announced"] if records else None)
    print("NUMBER orca-parts seconds=%.1f (from `:Gen 1⏎` to Orca's speech of the parts)" % (
        time.monotonic() - started), flush=True)
