"""Serves a folder on a free loopback port (Python's http.server, as `python3 -m http.server` does) and writes the
base URL to a file once it listens, so a test can point the web harnesses at exported pages before the product's
own server exists. Ends on SIGTERM.

usage: serve_folder.py FOLDER URL_FILE
"""
import functools
import http.server
import os
import signal
import sys

folder, url_file = sys.argv[1], sys.argv[2]
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
handler.func.log_message = lambda *args: None  # quiet: the harness's output is the report
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
with open(url_file + ".part", "w") as f:
    f.write("http://127.0.0.1:%d/" % server.server_address[1])
os.replace(url_file + ".part", url_file)
server.serve_forever()
