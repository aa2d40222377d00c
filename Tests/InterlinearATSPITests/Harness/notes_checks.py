"""The reader's notes in the window, heard by Orca 43 (issue 44): the window shows John 1 with a notes file holding
three notes there (one a bookmark, `interlinear note add` in the Swift test). `:Gen 1⏎` then `:John 1⏎` open the
chapter again while Orca runs, and Orca must say "3 notes in John 1"; `a` reaches the noted word and Orca says the
note's text; `b` says the bookmarks; `B` goes to the bookmarked verse. Prints `HEARD <json>` for each step and
`SPEECH notes <utterance>` for everything Orca said from its start, for the Swift test's English-voice check."""
import json
import time

from orca_check import focus_heard, speech_lines, start_orca, utterances
from session import wait_until


def run_notes_check(args, session, client, tree, app, check):
    app.focus_window()
    started = start_orca(args, session, check, "orca-notes")
    if started is None:
        return
    orca, debug_file = started
    try:
        # Orca is presenting the window once it has said the focused element: start from verse 1's number.
        first = wait_until(lambda: tree.by_id("John.1.1.v"), 10, what="John 1:1's number")
        if first is not None:
            focus_heard(client, debug_file, first)
        steps = (
            ("opened", ["colon", "G", "e", "n", "space", "1", "Return", "colon", "J", "o", "h", "n", "space", "1",
                        "Return"], args.notes_count),
            ("a-note", ["a"], args.notes_text),
            ("b-bookmarks", ["b"], args.notes_bookmarks),
            ("B-bookmark", ["B"], args.notes_bookmark),
        )
        for name, keys, expect in steps:
            mark = len(speech_lines(debug_file))
            begun = time.monotonic()
            for key in keys:
                app.key(key)
            heard = wait_until(lambda: (client.pump(0.05) or True)
                               and [t for t, _ in utterances(debug_file)[mark:] if expect in t], 40, interval=0.2,
                               what="Orca to say %r after %s" % (expect, name))
            new = utterances(debug_file)[mark:]
            print("NUMBER orca-notes-%s seconds=%.2f" % (name, time.monotonic() - begun), flush=True)
            print("HEARD " + json.dumps({"action": "notes-" + name, "announced": expect,
                                         "said": [t for t, _ in new], "events": [e for _, e in new]},
                                        ensure_ascii=False), flush=True)
            check("orca-notes-" + name, bool(heard), "%s → Orca said %d utterances, %s %r" % (
                " ".join(keys), len(new), "among them" if heard else "not", expect))
        for text, _ in utterances(debug_file):
            print("SPEECH notes %s" % text, flush=True)
    finally:
        session.end(orca, __import__("signal").SIGKILL)
