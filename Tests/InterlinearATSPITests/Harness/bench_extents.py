"""GetExtents round trips against a 51-verse chapter (John 1) and a 180-verse one, and scrolling with the screen
reader off. Runs in a private session (harness.sh bench): two window-less test hosts, one per chapter, export
their trees; a raw D-Bus client (Gio, no cache) alternates calls between them so machine noise hits both alike.

Prints `NUMBER` lines (medians and spreads) and `CHECK` lines for the counted work; exits 0 when the checks pass.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import Session, log, wait_until  # noqa: E402
from apps import HostApp  # noqa: E402

RESULTS = []


def check(name, ok, detail=""):
    RESULTS.append((name, bool(ok)))
    print("CHECK %s %s %s" % (name, "PASS" if ok else "FAIL", detail), flush=True)


def synthetic_chapter(source, target, verses):
    """A chapter of `verses` verses made by repeating John 1's verses in order, renumbered (same words, same
    translation): as big as the longest real chapters, for timing only."""
    with open(source, encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = [l for l in lines if l.startswith("#")]
    blocks, current = [], None
    for line in lines:
        fields = line.split("\t")
        if fields[0] == "v":
            current = [fields]
            blocks.append(current)
        elif fields[0] == "w" and current is not None:
            current.append(fields)
    out = header + ["# synthetic: John 1's verses repeated to %d verses (performance test only)" % verses,
                    "@\t43\t2"]
    words = 0
    for n in range(1, verses + 1):
        for fields in blocks[(n - 1) % len(blocks)]:
            out.append("\t".join([fields[0], str(n)] + fields[2:]))
            words += fields[0] == "w"
    out.append("$\t%d\t%d" % (verses, words))  # the end record (chapter format 2)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--package", default=os.getcwd())
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--scrolls", type=int, default=1000)
    args = parser.parse_args()
    session = Session(args.workdir)
    try:
        run(args, session)
    finally:
        session.close()
    failed = [n for n, ok in RESULTS if not ok]
    print("SUMMARY %d checks, %d failed" % (len(RESULTS), len(failed)), flush=True)
    sys.exit(1 if failed else 0)


def run(args, session):
    corpus = os.path.join(args.workdir, "corpus")
    synthetic_chapter(os.path.join(args.package, "Corpus/chapters/43-John/01.tsv"),
                      os.path.join(corpus, "chapters/43-John/02.tsv"), 180)
    session.start_launcher()
    small = HostApp(session, args.host, "John 1", 390, 700, 0)
    big = HostApp(session, args.host, "John 2", 390, 700, 0, extra=["--corpus", corpus])

    # Scrolling with the screen reader off: the hosts tell the adapter the visible range on every scroll.
    for app, label in ((small, "51"), (big, "180")):
        stats0 = app.stats()
        height = stats0.get("scroll", 0)
        started = time.perf_counter()
        for i in range(args.scrolls):
            app.send("scroll %d" % ((i * 97) % 15000), "scrolled")
        seconds = time.perf_counter() - started
        stats = app.stats()
        work = {k: stats[k] for k in ("notifications", "events", "containers", "elements", "frames", "requests")}
        print("NUMBER reader-off-scrolls verses=%s scrolls=%d work=%s" % (label, args.scrolls, work), flush=True)
        check("reader-off-no-work-%s" % label, stats["active"] == 0 and all(v == 0 for v in work.values()),
              "%d scrolls with IsEnabled false: %s" % (args.scrolls, work))

    session.set_enabled(True)
    from atspi_checks import Client
    client = Client()
    apps = {}
    for app, label in ((small, "51"), (big, "180")):
        found = wait_until(lambda: client.app_for_pid(app.pid), 20, interval=0.2, what="host %s" % label)
        if not found:
            check("bench-setup", False, "host %s did not appear" % label)
            return
        apps[label] = (app, found.app.bus_name if hasattr(found, "app") else None, found)
    bus = client.a11y_bus(session.a11y_address())

    # The middle verse's first word and the last verse's first word of each chapter.
    targets = {}
    for label, (app, _, found) in apps.items():
        document = found.getChildAtIndex(0).getChildAtIndex(0)
        count = document.childCount
        for where, index in (("middle", count // 2), ("last", count - 1)):
            element = document.getChildAtIndex(index).getChildAtIndex(1)
            targets[(label, where)] = (element.app.bus_name, element.path)
    # The registry (at-spi2-registryd, C) answering the same call for its desktop: the bus's own round trip.
    targets[("registry", "desktop")] = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
    # Warm: the first request for a verse builds its container; we time the steady state.
    for name, path in targets.values():
        client.call(bus, name, path, "org.a11y.atspi.Component", "GetExtents", "((iiii))")
    before = {label: app.stats() for label, (app, _, _) in apps.items()}
    # Objects of a verse are built on the first request for that verse: two verses asked, two containers built.
    for label, stats in before.items():
        check("lazy-per-verse-%s" % label, stats["containers"] == 2,
              "after asking for two verses' words: %d containers, %d elements built of a %s-verse chapter" % (
                  stats["containers"], stats["elements"], label))

    samples = {key: [] for key in targets}
    from gi.repository import GLib
    variant = GLib.Variant("(u)", (0,))
    for _ in range(args.rounds):
        for key, (name, path) in targets.items():
            t = time.perf_counter_ns()
            bus.call_sync(name, path, "org.a11y.atspi.Component", "GetExtents", variant, GLib.VariantType("((iiii))"),
                          0, 3000, None)
            samples[key].append((time.perf_counter_ns() - t) / 1000)
    for key, values in samples.items():
        q = statistics.quantiles(values, n=10)
        print("NUMBER getextents verses=%s element=%s calls=%d median_us=%.1f p10_us=%.1f p90_us=%.1f" % (
            key[0], key[1], len(values), statistics.median(values), q[0], q[-1]), flush=True)
    medians = {key: statistics.median(v) for key, v in samples.items()}
    # Paired: each round times both chapters back to back, so the ratio within a round cancels load that changes
    # between rounds; its median is the robust figure.
    paired = {where: statistics.median(b / a for a, b in zip(samples[("51", where)], samples[("180", where)]))
              for where in ("middle", "last")}
    print("NUMBER getextents-ratio 180/51 of medians: middle=%.3f last=%.3f; median of paired ratios: middle=%.3f "
          "last=%.3f" % (medians[("180", "middle")] / medians[("51", "middle")],
                         medians[("180", "last")] / medians[("51", "last")], paired["middle"], paired["last"]),
          flush=True)
    # Counted work per request: one frame computed, no container built, whatever the chapter's size.
    for label, (app, _, _) in apps.items():
        after = app.stats()
        frames = after["frames"] - before[label]["frames"]
        containers = after["containers"] - before[label]["containers"]
        calls = 2 * args.rounds
        check("constant-work-%s" % label, frames == calls and containers == 0,
              "%d GetExtents calls: %d frames computed, %d containers built" % (calls, frames, containers))
    bench_collection(client, bus, apps)


def bench_collection(client, bus, apps, calls=21):
    """Collection.GetMatches(role heading, canonical, all, traverse) on each chapter's document, as Orca's
    structural navigation asks it: every verse's heading in one call. Timed in the application (the host's
    `collection_ns`, the last call's matching and reply) and over the bus; it must build no verse's elements."""
    from gi.repository import GLib
    heading = 83  # ATSPI_ROLE_HEADING; roles travel as a bit array of 32-bit words
    roles = [0] * 5
    roles[heading // 32] = 1 << (heading % 32)
    rule = ([0, 0], 1, {}, 1, roles, 2, [], 1, False)  # states all-of none, attributes all, roles any, ifaces all
    arguments = GLib.Variant("((aiia{ss}iaiiasib)uib)", (rule, 1, 0, True))
    for label, (app, _, found) in apps.items():
        document = found.getChildAtIndex(0).getChildAtIndex(0)
        verses = document.childCount
        before = app.stats()
        inside, outside, counts = [], [], set()
        for _ in range(calls):
            t = time.perf_counter_ns()
            reply = bus.call_sync(document.app.bus_name, document.path, "org.a11y.atspi.Collection", "GetMatches",
                                  arguments, GLib.VariantType("(a(so))"), 0, 10000, None).unpack()[0]
            outside.append((time.perf_counter_ns() - t) / 1e6)
            counts.add(len(reply))
            inside.append(app.stats()["collection_ns"] / 1e6)
        after = app.stats()
        print("NUMBER getmatches-heading verses=%s calls=%d matches=%s app_median_ms=%.3f app_min_ms=%.3f "
              "app_max_ms=%.3f roundtrip_median_ms=%.2f roundtrip_min_ms=%.2f roundtrip_max_ms=%.2f" % (
                  label, calls, sorted(counts), statistics.median(inside), min(inside), max(inside),
                  statistics.median(outside), min(outside), max(outside)), flush=True)
        built = after["containers"] - before["containers"]
        check("getmatches-heading-%s" % label, counts == {verses} and built == 0,
              "%d calls: %s headings each for %d verses, %d verses' elements built" % (calls, sorted(counts), verses,
                                                                                     built))


if __name__ == "__main__":
    main()


