#!/usr/bin/env python3
"""The web reader against the limit a static site reaches: wrk (Debian) on loopback, against nginx (Debian) serving
the exported John 1 HTML file and against a given server URL, interleaved round by round; then Strong's and phrase
searches at 16 clients with their p99 (each query's first answer timed alone before: the server keeps search
pages, so wrk's figures are mostly answers from memory); then the server's resident memory after 1,000 and after
100,000 requests of the page (made by this script over keep-alive connections, so the counts are exact).

  Benchmarks/web/web_bench.py --server http://127.0.0.1:PORT/ --html John-1.html [--page /read/John.1]
      [--pid PID] [--rounds 3] [--seconds 30] [--connections 64] [--threads 2] [--json OUT]

--html: the file nginx serves (`interlinear export "John 1" --format html --output John-1.html`). --page: the path
on the server to compare with it. --pid: the server's process (else the process listening on the server's port,
found with `ss -ltnp`), for its memory. Only loopback URLs are accepted; every loop is bounded (rounds, seconds,
request counts); nginx runs from a temporary folder on a free loopback port and is ended by its id at the end.
Prints a report and, with --json, writes the numbers.
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    print("web_bench: " + message, file=sys.stderr)
    sys.exit(64)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def loopback(url):
    host = urllib.parse.urlsplit(url).hostname
    return host in ("127.0.0.1", "localhost", "::1")


def start_nginx(html, folder):
    """nginx serving `html` as /John-1.html on a free loopback port: (process, url)."""
    www = os.path.join(folder, "www")
    os.makedirs(www)
    shutil.copy(html, os.path.join(www, "John-1.html"))
    os.chmod(folder, 0o755)
    os.chmod(www, 0o755)
    os.chmod(os.path.join(www, "John-1.html"), 0o644)
    port = free_port()
    conf = os.path.join(folder, "nginx.conf")
    temp = os.path.join(folder, "temp")
    os.makedirs(temp)
    # As a static site is served in production: sendfile, keep-alive, gzip for HTML, ETag (nginx's default).
    with open(conf, "w") as f:
        f.write(f"""
daemon off;
worker_processes auto;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    gzip on;
    gzip_types text/css;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {www};
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", conf, "-p", folder, "-e", os.path.join(folder, "error.log")],
                               stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "nginx.out"), "w"))
    url = f"http://127.0.0.1:{port}/John-1.html"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return process, url
        except OSError:
            time.sleep(0.2)
        if process.poll() is not None:
            break
    process.kill()
    fail("nginx did not start: " + open(os.path.join(folder, "nginx.out")).read().strip()[-300:])


def wrk(url, connections, seconds, threads, script=None, env=None):
    """Runs wrk; returns its requests/s, p99 latency (ms) and request count."""
    argv = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "10s"]
    if script:
        argv += ["-s", script]
    run = subprocess.run(argv + [url], capture_output=True, text=True, timeout=seconds + 120,
                         env={**os.environ, **(env or {})})
    if run.returncode != 0:
        fail(f"wrk on {url} exited {run.returncode}: {run.stderr.strip()[-300:]}")
    out = run.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    transfer = re.search(r"Transfer/sec:\s+([\d.]+)(B|KB|MB|GB)", out)
    units = {"B": 1 / 1024 / 1024, "KB": 1 / 1024, "MB": 1.0, "GB": 1024.0}
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    return {"rate": rate, "requests": requests, "non2xx": int(errors.group(1)) if errors else 0,
            "p99_ms": float(p99.group(1)) * scale[p99.group(2)] if p99 else None,
            "mib_per_s": float(transfer.group(1)) * units[transfer.group(2)] if transfer else None, "output": out}


def mix_queries(mix):
    """The queries of one mix of search_mix.lua (its single- or double-quoted strings), in order."""
    with open(os.path.join(HERE, "search_mix.lua"), encoding="utf-8") as f:
        block = re.search(mix + r"\s*=\s*\{(.*?)\}", f.read(), re.S).group(1)
    return [single or double for single, double in re.findall(r"'([^']*)'|\"([^\"]*)\"", block)]


def first_answers(base, queries):
    """Each query's answer timed alone, one request at a time (ms), before wrk asks for it again and again."""
    parts = urllib.parse.urlsplit(base)
    times = []
    for query in queries:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        try:
            start = time.perf_counter()
            connection.request("GET", "/search?q=" + urllib.parse.quote(query, safe=""))
            response = connection.getresponse()
            response.read()
            times.append((time.perf_counter() - start) * 1000)
            if response.status != 200:
                fail(f"search {query!r} answered {response.status}")
        finally:
            connection.close()
    return times


def make_requests(url, count, clients=4):
    """Makes exactly `count` GET requests of `url` from `clients` threads over keep-alive connections (a new one when
    the server closes one); returns how many answered 200. A fixed count, where wrk runs for a fixed time."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path + ("?" + parts.query if parts.query else "")
    answered = [0] * clients

    def client(index, share):
        connection = None
        for _ in range(share):
            for attempt in range(2):
                try:
                    connection = connection or http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                    connection.request("GET", path)
                    response = connection.getresponse()
                    response.read()
                    answered[index] += response.status == 200
                    if response.will_close:
                        connection.close()
                        connection = None
                    break
                except (OSError, http.client.HTTPException):
                    if connection:
                        connection.close()
                    connection = None
        if connection:
            connection.close()

    shares = [count // clients + (1 if i < count % clients else 0) for i in range(clients)]
    threads = [threading.Thread(target=client, args=(i, share)) for i, share in enumerate(shares)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(answered)


def listening_pid(url):
    port = urllib.parse.urlsplit(url).port
    out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True, timeout=10).stdout
    match = re.search(r"pid=(\d+)", out)
    return int(match.group(1)) if match else None


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+) kB", f.read()).group(1))


def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "rounds": values}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the server's base URL, http://127.0.0.1:PORT/")
    parser.add_argument("--html", required=True, help="the exported John 1 HTML file nginx serves")
    parser.add_argument("--page", default="/read/John.1", help="the server's path for the same chapter")
    parser.add_argument("--pid", type=int, help="the server's process id (default: the one on its port)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--search-clients", type=int, default=16)
    parser.add_argument("--memory-requests", type=int, nargs=2, default=[1_000, 100_000])
    parser.add_argument("--skip-search", action="store_true", help="a server without /search (a static one)")
    parser.add_argument("--json")
    args = parser.parse_args()
    if not loopback(args.server):
        fail(f"{args.server} is not a loopback address: this benchmark loads only this machine")
    if not (1 <= args.rounds <= 20 and 1 <= args.seconds <= 600 and 1 <= args.connections <= 1024):
        fail("--rounds 1–20, --seconds 1–600, --connections 1–1024")
    for tool in ("wrk", "nginx", "ss"):
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed (scripts/setup installs wrk and nginx)")
    page_url = urllib.parse.urljoin(args.server, args.page)
    pid = args.pid or listening_pid(args.server)
    folder = tempfile.mkdtemp(prefix="web-bench-")
    nginx, nginx_url = start_nginx(args.html, folder)
    report = {"command": " ".join(sys.argv), "nginx": nginx_url, "server": page_url, "connections": args.connections,
              "seconds": args.seconds, "threads": args.threads}
    try:
        # Interleaved: each round runs nginx then the server, so both meet the same machine load.
        ours, theirs = [], []
        for round_number in range(1, args.rounds + 1):
            for name, url, into in (("nginx", nginx_url, theirs), ("server", page_url, ours)):
                result = wrk(url, args.connections, args.seconds, args.threads)
                if result["non2xx"]:
                    fail(f"{name} answered {result['non2xx']} requests with an error status ({url})")
                into.append(result["rate"])
                print(f"round {round_number} {name}: {result['rate']:.0f} requests/s, {result['mib_per_s']:.0f} MiB/s "
                      f"(p99 {result['p99_ms']} ms, {result['requests']} requests)", flush=True)
        report["nginx_rate"] = summary(theirs)
        report["server_rate"] = summary(ours)
        report["ratio"] = report["server_rate"]["median"] / report["nginx_rate"]["median"]
        print(f"page: server {report['server_rate']['median']:.0f} requests/s (range {min(ours):.0f}–{max(ours):.0f}), "
              f"nginx {report['nginx_rate']['median']:.0f} (range {min(theirs):.0f}–{max(theirs):.0f}), "
              f"ratio {report['ratio']:.2f}", flush=True)

        if not args.skip_search:
            base = urllib.parse.urljoin(args.server, "/")
            for name, mix in (("strongs", "strongs"), ("phrase", "phrase")):
                first = first_answers(base, mix_queries(mix))
                print(f"search {name}, each query's first answer alone: median {statistics.median(first):.0f} ms, "
                      f"range {min(first):.0f}–{max(first):.0f} ms", flush=True)
                result = wrk(base, args.search_clients, args.seconds, args.threads,
                             script=os.path.join(HERE, "search_mix.lua"), env={"SEARCH_MIX": mix})
                if result["non2xx"]:
                    fail(f"{name} searches: {result['non2xx']} error responses")
                report[f"search_{name}"] = {"rate": result["rate"], "p99_ms": result["p99_ms"],
                                            "requests": result["requests"], "first_ms": summary(first)}
                print(f"search {name} at {args.search_clients} clients: {result['rate']:.0f} requests/s, "
                      f"p99 {result['p99_ms']} ms", flush=True)

        if pid:
            # Memory after N requests of the page, counted exactly (each mark's requests added to the last's).
            memory = {}
            done = 0
            for target in args.memory_requests:
                answered = make_requests(page_url, target - done)
                if answered != target - done:
                    fail(f"{target - done - answered} of {target - done} requests were not answered 200")
                done = target
                memory[str(target)] = {"requests": done, "rss_kib": rss_kib(pid)}
                print(f"after {done} requests: server RSS {memory[str(target)]['rss_kib']} KiB", flush=True)
            report["memory"] = memory
            first, last = (memory[str(n)]["rss_kib"] for n in args.memory_requests)
            report["memory_growth"] = (last - first) / first
            print(f"memory growth from {args.memory_requests[0]} to {args.memory_requests[1]} requests: "
                  f"{100 * report['memory_growth']:.1f} %", flush=True)
        else:
            print("no server process found on the port (give --pid): memory not measured", flush=True)
    finally:
        nginx.send_signal(signal.SIGQUIT)
        try:
            nginx.wait(timeout=15)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait(timeout=5)
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
