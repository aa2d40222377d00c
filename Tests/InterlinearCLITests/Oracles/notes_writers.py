#!/usr/bin/env python3
"""WRITERS writers at once, each running its own fixed random sequence of OPS note commands (add, edit, delete of
its own notes) against one notes file; then the same sequences one writer after another against a second file. The
two files must hold the same notes (compared by what a note says, read with Python's sqlite3: ids and times differ
between runs), and each must pass PRAGMA integrity_check. Prints one JSON object.

Usage: notes_writers.py BINARY FOLDER WRITERS OPS SEED
"""
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading

VERSES = ["John 1:1", "John 1:3", "John 1:14", "Genesis 1:1", "Genesis 1:4"]


def sequence(writer, ops, seed):
    """The writer's operations, decided before anything runs: ("add", verse, text), ("edit", k, text), ("delete", k),
    where k counts the writer's own adds (the k-th note it added)."""
    rng = random.Random(seed * 100 + writer)
    steps, added, alive = [], 0, []
    for i in range(ops):
        choice = rng.random()
        if choice < 0.6 or not alive:
            steps.append(("add", rng.choice(VERSES), f"writer {writer} note {i}"))
            alive.append(added)
            added += 1
        elif choice < 0.85:
            steps.append(("edit", rng.choice(alive), f"writer {writer} edit {i}"))
        else:
            k = rng.choice(alive)
            alive.remove(k)
            steps.append(("delete", k))
    return steps


def run(binary, path, steps, failures):
    ids = []
    for step in steps:
        if step[0] == "add":
            arguments = ["note", "add", step[1], step[2]]
        elif step[0] == "edit":
            arguments = ["note", "edit", ids[step[1]], "--text", step[2]]
        else:
            arguments = ["note", "delete", ids[step[1]]]
        result = subprocess.run([binary] + arguments + ["--notes", path], capture_output=True, text=True)
        if result.returncode != 0:
            failures.append(f"{arguments}: exit {result.returncode}: {result.stderr.strip()}")
            return
        if step[0] == "add":
            ids.append(result.stdout.split()[2])


def contents(path):
    connection = sqlite3.connect(path)
    try:
        check = connection.execute("PRAGMA integrity_check").fetchone()[0]
        rows = sorted(connection.execute("SELECT kind, book, chapter, verse, text, labels FROM notes").fetchall())
    finally:
        connection.close()
    return check, rows


def main():
    binary, folder, writers, ops, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    sequences = [sequence(w, ops, seed) for w in range(writers)]
    failures = []
    together = os.path.join(folder, "together.sqlite")
    threads = [threading.Thread(target=run, args=(binary, together, s, failures)) for s in sequences]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    serial = os.path.join(folder, "serial.sqlite")
    for s in sequences:
        run(binary, serial, s, failures)
    check_together, rows_together = contents(together)
    check_serial, rows_serial = contents(serial)
    if check_together != "ok" or check_serial != "ok":
        failures.append(f"integrity_check: {check_together}, {check_serial}")
    if rows_together != rows_serial:
        failures.append(f"at once {len(rows_together)} notes, one after another {len(rows_serial)}; they differ")
    print(json.dumps({"notes": len(rows_serial), "failures": failures[:20]}))


if __name__ == "__main__":
    main()
