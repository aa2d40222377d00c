#!/usr/bin/env python3
"""Sends random requests to a running `interlinear serve` on loopback and fails on a 5xx answer, on a request
unanswered within its timeout (a hang), or on a server that stops answering. Bounded in count and time; seeded, so
a failure repeats.

usage: route_fuzz.py PORT [COUNT] [SECONDS] [SEED]"""
import json
import random
import socket
import sys
import time

PORT = int(sys.argv[1])
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 1500
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 60
SEED = int(sys.argv[4]) if len(sys.argv) > 4 else 40
TIMEOUT = 20

rng = random.Random(SEED)
ROUTES = ["/", "/go", "/search", "/read/", "/word/", "/assets/", "/read/John.1", "/read/Gen.1", "/word/G3056",
          "/assets/site.css", "/assets/reader.js", "/read/Ps.119", "/favicon.ico", "/robots.txt", "/notes", "/notes/",
          "/notes/John.1", "/notes/Gen.1", "/notes/edit/", "/notes/delete/",
          "/notes/edit/00000000-0000-0000-0000-000000000000"]
PIECES = ["John", "Gen", "Ps", "1", "119", "0", "-1", "99999999999999999999", "..", "%2e%2e", "%2f", "%00", "%ff",
          "%", "%g1", ".", "/", "//", "\u03bb\u03cc\u03b3\u03bf\u03c2", "\u05d0\u05dc\u05d4\u05d9\u05dd", "G3056",
          "H430", "H871a", "g0", "Rev.22", "Mal.4", "John.1.14", "John.1.1.4", "a" * 300, "<script>", "'\"",
          "etc", "passwd", "site.css", "?", "#", "&", "=", ";", "+", " ", "\t", "*", "NEAR(", "\"", "lemma:", "OR"]
FIELDS = ["ref", "q", "in", "page", "fragment", "v", "theme", "x", "kind", "done", "verse", "words", "token", "text",
          "color", "labels", "order"]
VALUES = ["John 1:14", "Jn 1:14-18", "Genesis 1", "Mal 4", "Ps 23", "John 22", "logos", "G3056", "V-AAI-3S",
          "\"in the beginning\"", "love*", "NEAR(grace truth, 5)", "lemma:\u03bb\u03cc\u03b3\u03bf\u03c2 morph:N-A*",
          "1", "0", "-3", "100", "101", "nt", "ot", "Gen-Deut", "Zzz", "", "AND", "\"", "(", "*", "x" * 600,
          "%", "%zz", "%c3%28", "\u05d1\u05e8\u05d0\u05e9\u05d9\u05ea", "bereshit", "elohim", "english", "source",
          "English", "english\u0000"]
METHODS = ["GET"] * 12 + ["HEAD"] * 3 + ["POST"] * 3 + ["PUT", "DELETE", "OPTIONS", "PATCH", "BREW"]
HEADERS = [("Accept-Encoding", "gzip"), ("Accept-Encoding", "gzip;q=0"), ("Accept-Encoding", "*"),
           ("Accept-Encoding", "br, deflate"), ("If-None-Match", "\"abc\""), ("If-None-Match", "*"),
           ("If-None-Match", "W/\"x\", \"y\""), ("Range", "bytes=0-10"), ("Content-Length", "5"),
           ("Transfer-Encoding", "chunked"), ("Connection", "close"), ("Host", "example"), ("X-Long", "y" * 9000),
           ("Cookie", "a=b"), ("Accept", "*/*"), ("Content-Type", "application/x-www-form-urlencoded"),
           ("Content-Type", "text/plain"), ("Sec-Fetch-Site", "cross-site"), ("Content-Length", "99999999")]


def random_target():
    path = rng.choice(ROUTES)
    for _ in range(rng.randrange(0, 4)):
        path += rng.choice(["", "/", "."]) + rng.choice(PIECES)
    if rng.random() < 0.6:
        pairs = []
        for _ in range(rng.randrange(1, 4)):
            value = rng.choice(VALUES)
            if rng.random() < 0.8:
                value = "".join(c if c.isalnum() else "%%%02X" % ord(c) if ord(c) < 128 else
                                "".join("%%%02X" % b for b in c.encode()) for c in value)
            pairs.append(rng.choice(FIELDS) + "=" + value)
        path += "?" + "&".join(pairs)
    # Bytes a browser would escape, sent as they are now and then.
    return path.replace(" ", "%20") if rng.random() < 0.9 else path


def send(raw, head_only=False):
    """The status of the answer to `raw`, once the whole answer (its head and Content-Length bytes) is in. The
    connection may stay open after it (a request that announced a chunked body the fuzzer never sends is answered,
    then the server waits for that body until its idle timeout): the answer is what counts."""
    with socket.create_connection(("127.0.0.1", PORT), timeout=TIMEOUT) as sock:
        sock.sendall(raw)
        data = b""
        while True:
            end = data.find(b"\r\n\r\n")
            if end >= 0:
                head = data[:end].decode("latin-1")
                length = 0
                for line in head.split("\r\n")[1:]:
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length" and value.strip().isdigit():
                        length = int(value.strip())
                if head_only or len(data) - end - 4 >= length:
                    break
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    line = data.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def main():
    statuses = {}
    failures = []
    started = time.monotonic()
    sent = 0
    while sent < COUNT and time.monotonic() - started < SECONDS:
        method = rng.choice(METHODS)
        target = random_target()
        headers = [h for h in HEADERS if rng.random() < 0.15]
        if method in ("POST", "PUT", "PATCH") and rng.random() < 0.5:
            headers.append(("Content-Length", "3"))
        head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers)
        raw = head.encode("utf-8", "surrogateescape") + b"\r\n"
        if any(name == "Content-Length" for name, _ in headers):
            raw += b"abc"
        if rng.random() < 0.03:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))) + b"\r\n\r\n"
        try:
            status = send(raw, head_only=method == "HEAD")
        except socket.timeout:
            failures.append(f"no answer within {TIMEOUT} s: {raw[:200]!r}")
            break
        except ConnectionError as error:
            # A connection closed on a malformed request is a refusal, not a crash; the next request must connect.
            status = f"closed ({type(error).__name__})"
        statuses[str(status)] = statuses.get(str(status), 0) + 1
        if isinstance(status, int) and status >= 500:
            failures.append(f"{status} for {raw[:300]!r}")
        sent += 1
    # The server still answers.
    try:
        alive = send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    except OSError as error:
        alive = None
        failures.append(f"the server stopped answering: {error}")
    json.dump({"sent": sent, "statuses": statuses, "alive": alive, "failures": failures[:20]}, sys.stdout)
    sys.exit(1 if failures or alive != 200 else 0)


main()
