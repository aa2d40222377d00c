"""Orca itself speaks the focused word: Orca 43 runs in the test session, logs each utterance as
`SPEECH OUTPUT: '…'` in its debug file, and we press Tab in the window."""
import os
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


def log_contains(path, text):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return text in f.read()
    except OSError:
        return False


def run_orca(args, session, client, tree, app, check):
    # Only one Orca per user may run (Orca refuses to start beside another): wait for any other to finish. We
    # never end an Orca we did not start.
    busy = wait_until(lambda: not other_orcas(), 180, interval=1, what="other Orca instances to end")
    if busy is None:
        check("orca-speaks-focus", False, "another Orca of this user is running (pids %s); Orca allows one per user"
              % other_orcas())
        return
    prefs = os.path.join(args.workdir, "orca-prefs")
    shutil.rmtree(prefs, ignore_errors=True)
    os.makedirs(prefs)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "orca-customizations.py"), prefs)
    debug_file = os.path.join(args.workdir, "orca-debug.log")

    # Focus on the first verse number before Orca starts: Orca looks for the focused object when it starts.
    app.key("Home")
    wait_until(lambda: tree.scroll() == 0, 10, what="the scroll after Home")
    verse = tree.document.getChildAtIndex(0)
    verse.getChildAtIndex(0).queryComponent().grabFocus()
    client.pump(0.5)
    words = [verse.getChildAtIndex(i).name for i in (1, 2, 3)]

    orca = session.spawn("orca", ["orca", "-u", prefs, "--debug-file", debug_file])
    started = wait_until(lambda: log_contains(debug_file, "ORCA: Starting ATSPI registry") or orca.poll() is not None,
                         120, interval=0.5, what="Orca to start")
    if not started or orca.poll() is not None:
        with open(os.path.join(args.workdir, "orca.out"), errors="replace") as f:
            output = f.read().strip().splitlines()
        check("orca-speaks-focus", False, "Orca did not start (exit %s): %s" % (orca.poll(), " | ".join(output[-3:])))
        return
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
    check("orca-speaks-focus", all(heard),
          "Tab ×3 → Orca said %s (expected %s)" % (
              [re.sub(r"^.*?SPEECH OUTPUT: '(.*)'\{.*$", r"\1", l) for l in spoken][:6], words))
    try:
        check_orca_commands(debug_file, tree, app, check)
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
    check("orca-say-all", bool(past), "KP_Add in %s → %d utterances; reached verse 2 (%s)" % (
        document.name, len(new), (re.sub(r"^.*?SPEECH OUTPUT: '(.*)'.*$", r"\1", past[0])[:60] if past else "no")))
