#!/usr/bin/env python3
"""kill -9 at random points of `interlinear note add`, TRIALS times, on one notes file; after each trial the file is
opened with Python's own sqlite3 (not the program's code): PRAGMA integrity_check must say ok, every note seen
committed before must still be there, and at most one note may have been added. Prints one JSON object.

Usage: notes_kill.py BINARY NOTES_FILE TRIALS SEED
"""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time


def main():
    binary, path, trials, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    # How long an add takes here, so the kills fall before, during and after its commit on a fast or a loaded machine.
    durations = []
    for _ in range(3):
        start = time.monotonic()
        subprocess.run([binary, "note", "add", "John 1:1", "calibration", "--notes", path], capture_output=True)
        durations.append(time.monotonic() - start)
    window = 1.5 * sorted(durations)[1]
    connection = sqlite3.connect(path)
    committed = {row[0] for row in connection.execute("SELECT id FROM notes")}
    connection.close()
    killed, finished, failures = 0, 0, []
    for trial in range(trials):
        process = subprocess.Popen(
            [binary, "note", "add", "John 1:1", f"trial {trial}", "--notes", path],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0, window))
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            killed += 1
        process.wait()
        if process.returncode == 0:
            finished += 1
        elif process.returncode != -signal.SIGKILL:
            failures.append(f"trial {trial}: exit {process.returncode}: {process.stderr.read().decode()[:200]}")
        process.stderr.close()
        if not os.path.exists(path):
            continue
        connection = sqlite3.connect(path)
        try:
            check = connection.execute("PRAGMA integrity_check").fetchone()[0]
            ids = {row[0] for row in connection.execute("SELECT id FROM notes")} if has_notes(connection) else set()
        finally:
            connection.close()
        if check != "ok":
            failures.append(f"trial {trial}: integrity_check says {check}")
        lost = committed - ids
        if lost:
            failures.append(f"trial {trial}: lost {sorted(lost)}")
        if len(ids - committed) > 1:
            failures.append(f"trial {trial}: {len(ids - committed)} notes added by one command")
        if process.returncode == 0 and len(ids - committed) != 1:
            failures.append(f"trial {trial}: a finished add left {len(ids - committed)} new notes")
        committed |= ids
    print(json.dumps({"trials": trials, "killed": killed, "finished": finished, "notes": len(committed),
                      "failures": failures[:20]}))


def has_notes(connection):
    return connection.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'notes'").fetchone()[0] == 1


if __name__ == "__main__":
    main()
