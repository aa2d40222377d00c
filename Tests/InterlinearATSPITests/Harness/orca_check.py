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
    session.end(orca, signal.SIGKILL)
    check("orca-speaks-focus", all(heard),
          "Tab ×3 → Orca said %s (expected %s)" % (
              [re.sub(r"^.*?SPEECH OUTPUT: '(.*)'\{.*$", r"\1", l) for l in spoken][:6], words))
