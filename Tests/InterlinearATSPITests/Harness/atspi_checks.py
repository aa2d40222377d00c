"""Headless AT-SPI checks of `interlinear view`, as a real client: pyatspi (and then Orca) in a private session.

Run by harness.sh inside dbus-run-session. Prints one line per check, `CHECK <name> PASS|FAIL <detail>`, plus
`INFO`, `SPEECH` and `NUMBER` lines; exits 0 only when every check passed. Each wait has a timeout.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session import Session, log, wait_until  # noqa: E402
from apps import HostApp, ViewApp  # noqa: E402

RESULTS = []


def check(name, ok, detail=""):
    RESULTS.append((name, bool(ok)))
    print("CHECK %s %s %s" % (name, "PASS" if ok else "FAIL", detail), flush=True)
    return ok


# The layer's a11y-2 role names (the JSON dump) and the AT-SPI role names the adapter maps them to (AtspiRole.swift):
# words of both kinds are list items (at word granularity the only "static" elements are translation words).
ROLE_NAMES = {"document": "document frame", "group": "panel", "heading": "heading", "term": "list item",
              "static": "list item", "button": "push button"}


class Client:
    """pyatspi, imported only now: our launcher owns org.a11y.Bus, so it does not start another."""

    def __init__(self):
        import pyatspi
        from gi.repository import Gio, GLib
        self.pyatspi, self.Gio, self.GLib = pyatspi, Gio, GLib
        self.events = []

    def desktop_apps(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        apps = []
        for i in range(desktop.childCount):
            try:
                app = desktop.getChildAtIndex(i)
                if app is not None:
                    apps.append(app)
            except Exception:
                pass
        return apps

    def app_for_pid(self, pid):
        for app in self.desktop_apps():
            try:
                if app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        return None

    def pump(self, seconds):
        """Runs the default GLib context (libatspi dispatches events from it) for a while."""
        context = self.GLib.MainContext.default()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            while context.iteration(False):
                pass
            time.sleep(0.01)

    def listen(self, *types):
        def on_event(event):
            try:
                source_id = event.source.get_accessible_id()
            except Exception:
                source_id = None
            self.events.append((event.type, source_id, event.detail1))
        self._listener = on_event
        self.pyatspi.Registry.registerEventListener(on_event, *types)

    def a11y_bus(self, address):
        flags = (self.Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
                 | self.Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
        return self.Gio.DBusConnection.new_for_address_sync(address, flags, None, None)

    def call(self, bus, name, path, interface, method, reply="(u)"):
        """A raw D-Bus call; returns (True, value) or (False, error text)."""
        try:
            value = bus.call_sync(name, path, interface, method, None, self.GLib.VariantType(reply),
                                  self.Gio.DBusCallFlags.NONE, 3000, None)
            return True, value.unpack()
        except Exception as error:  # GLib.Error
            return False, str(error)

    def pids_on_bus(self, bus):
        names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                              "ListNames", None, self.GLib.VariantType("(as)"), self.Gio.DBusCallFlags.NONE, 3000,
                              None).unpack()[0]
        pids = set()
        for name in names:
            if not name.startswith(":"):
                continue
            try:
                pid = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                    "GetConnectionUnixProcessID", self.GLib.Variant("(s)", (name,)),
                                    self.GLib.VariantType("(u)"), self.Gio.DBusCallFlags.NONE, 3000, None).unpack()[0]
                pids.add(pid)
            except Exception:
                pass
        return pids


def attributes(obj):
    return dict(a.split(":", 1) for a in obj.getAttributes() if ":" in a)


def extents(obj, pyatspi):
    e = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return (e.x, e.y, e.width, e.height)


def covering_ok(got, bounds, origin):
    """AT-SPI extents are the smallest pixel rectangle covering the frame. The dump's values are rounded to 0.01,
    so a value within 0.011 of a whole pixel may round either way; anything else must match exactly."""
    x, y, w, h = got
    ox, oy = origin
    def edges(v, rounding):
        return {rounding(v - 0.011), rounding(v + 0.011)}
    bx, by, bw, bh = bounds["x"], bounds["y"], bounds["width"], bounds["height"]
    return (x - ox in edges(bx, math.floor) and y - oy in edges(by, math.floor)
            and x + w - ox in edges(bx + bw, math.ceil) and y + h - oy in edges(by + bh, math.ceil))


def dump(args, scroll, viewport):
    """`interlinear a11y --screen-reader on --all` at the same width, viewport and scroll."""
    vx, vy, vw, vh = viewport
    argv = [args.interlinear, "a11y", args.reference, "--screen-reader", "on", "--all", "--width", str(args.width),
            "--viewport", "%gx%g+%g+%g" % (vw, vh, vx, vy), "--scroll", repr(scroll)] + layout_options(args)
    p = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        raise RuntimeError("interlinear a11y failed: " + p.stderr.strip())
    return json.loads(p.stdout)


def layout_options(args):
    """The options the window and the `a11y` dump it is checked against share: the word order and translation."""
    return (["--order", args.order] if args.order else []) + (["--translation", args.translation]
                                                               if args.translation else [])


class Tree:
    """The app's accessible objects as pyatspi finds them."""

    def __init__(self, client, app):
        self.client, self.app = client, app
        self.frame = app.getChildAtIndex(0)
        self.document = self.frame.getChildAtIndex(0)

    def scroll(self):
        return float(attributes(self.document)["scroll-y"])

    def viewport(self, origin):
        """The table's rectangle inside the window (the document's extents, less the window origin)."""
        x, y, w, h = extents(self.document, self.client.pyatspi)
        return (x - origin[0], y - origin[1], w, h)

    def walk(self, full):
        """Every verse container and element in reading order, depth first (a verse's whole translation, then its
        words): (id, name, extents[, role, description, language])."""
        nodes = []
        def visit(obj):
            nodes.append(self.describe(obj, full))
            for child in obj:
                visit(child)
        for cell in self.document:
            visit(cell)
        return nodes

    def describe(self, obj, full):
        attrs = attributes(obj)
        node = {"id": attrs.get("id"), "name": obj.name, "extents": extents(obj, self.client.pyatspi), "object": obj}
        if full:
            node.update(role=obj.getRoleName(), description=obj.description, language=attrs.get("language"))
        return node

    def ask_again(self, walked):
        """The objects of an earlier walk, in its order, asked again for what a scroll can change (and their names):
        the tree's objects and order do not depend on the scroll (the index contract checks the structure)."""
        return [{"id": n["id"], "name": n["object"].name, "extents": extents(n["object"], self.client.pyatspi),
                 "object": n["object"]} for n in walked]

    def by_id(self, node_id):
        verse = ".".join(node_id.split(".")[:3])
        for cell in self.document:
            if attributes(cell).get("id") == verse:
                for element in cell:
                    if attributes(element).get("id") == node_id:
                        return element
                    for child in element:  # a translation word, inside the verse's whole translation
                        if attributes(child).get("id") == node_id:
                            return child
        return None


def spoken(want):
    """What the adapter exposes of a dump node: its name, language and description as they are when English (or a
    transliteration); for a word in its own script, its English description as the name (Orca 43 gives every name
    to its default voice) and no description."""
    language = want.get("language") or "en"
    if language == "en" or language.endswith("-Latn"):
        return want["name"], language, want["description"]
    return want["description"], want.get("descriptionLanguage") or "en", ""


def compare(walked, document, origin, full):
    """Mismatches between the walk and the dump's verse and element nodes (the dump lists them in reading order)."""
    expected = [n for n in document["nodes"] if n["parentId"] is not None]
    problems = []
    if [n["id"] for n in walked] != [n["nodeId"] for n in expected]:
        problems.append("order: %d walked, %d dumped; first difference at %s" % (
            len(walked), len(expected),
            next((i for i, (a, b) in enumerate(zip(walked, expected)) if a["id"] != b["nodeId"]), "the end")))
        return problems
    for got, want in zip(walked, expected):
        name, language, description = spoken(want)
        if got["name"] != name:
            problems.append("%s name %r != %r" % (want["nodeId"], got["name"], name))
        if not covering_ok(got["extents"], want["bounds"], origin):
            problems.append("%s extents %s != bounds %s + origin %s" % (want["nodeId"], got["extents"],
                                                                       want["bounds"], origin))
        if full:
            # A verse (a child of the chapter) is a paragraph; the layer's other roles map one to one.
            role = "paragraph" if want["parentId"] == document["nodes"][0]["nodeId"] else ROLE_NAMES.get(want["role"])
            if got["role"] != role:
                problems.append("%s role %r for %r" % (want["nodeId"], got["role"], want["role"]))
            if want["parentId"] != document["nodes"][0]["nodeId"] and got["description"] != description:
                problems.append("%s description %r != %r" % (want["nodeId"], got["description"], description))
            if got["language"] != language:
                problems.append("%s language %r != %r" % (want["nodeId"], got["language"], language))
    return problems


def check_tree(args, tree, origin, label, full=False, earlier=None):
    scroll = tree.scroll()
    viewport = tree.viewport(origin)
    started = time.monotonic()
    walked = tree.walk(full) if earlier is None else tree.ask_again(earlier)
    seconds = time.monotonic() - started
    document = dump(args, scroll, viewport)
    problems = compare(walked, document, origin, full)
    print("NUMBER walk-%s objects=%d seconds=%.2f scroll=%g" % (label, len(walked), seconds, scroll), flush=True)
    check("tree-matches-dump-" + label, not problems and len(walked) > 0,
          "%d verses and elements at scroll %g, viewport %s; %s" % (len(walked), scroll, viewport,
                                                                    "; ".join(problems[:5]) or "names, bounds agree"))
    return walked, document


def check_indexes(client, bus, tree):
    """GetChildAtIndex(i).GetIndexInParent() == i, ChildCount == len(GetChildren), parent links, for every container."""
    problems, containers = [], 0
    stack = [tree.app]
    while stack:
        obj = stack.pop()
        count = obj.childCount
        ok, listed = client.call(bus, obj.app.bus_name, obj.path, "org.a11y.atspi.Accessible", "GetChildren",
                                 "(a(so))")
        containers += 1 if count else 0
        if not ok or len(listed[0]) != count:
            problems.append("%s: ChildCount %d, GetChildren %s" % (obj.name, count, len(listed[0]) if ok else listed))
        for i in range(count):
            child = obj.getChildAtIndex(i)
            if child is None or child.getIndexInParent() != i:
                problems.append("%s child %d index %s" % (obj.name, i, None if child is None else child.getIndexInParent()))
            elif child.parent != obj:
                problems.append("%s child %d has another parent" % (obj.name, i))
            if child is not None and child.childCount:
                stack.append(child)
        if count and obj.getChildAtIndex(count) is not None:
            problems.append("%s: a child past the end" % obj.name)
    check("index-contract", not problems and containers > 50,
          "%d containers; %s" % (containers, "; ".join(problems[:5]) or "indexes agree both ways"))


def gap_point(document, origin):
    """A point between two words of one row (inside the viewport, in no element), and the word nearest to it."""
    vp = document["viewport"]
    nodes = [n for n in document["nodes"] if n["role"] == "term" and not n["offscreen"]]
    for a, b in zip(nodes, nodes[1:]):
        ba, bb = a["bounds"], b["bounds"]
        if a["parentId"] == b["parentId"] and abs(ba["y"] - bb["y"]) < 1 and bb["x"] - (ba["x"] + ba["width"]) >= 4:
            x = ba["x"] + ba["width"] + 1.5   # nearer to a
            y = ba["y"] + min(ba["height"], bb["height"]) / 2
            if vp["y"] < y < vp["y"] + vp["height"]:
                return (math.floor(x) + origin[0], math.floor(y) + origin[1]), a["nodeId"]
    return None, None


def run(args, session):
    session.start_xvfb()
    session.start_launcher()
    check("launcher-starts-disabled", not session.is_enabled(), "org.a11y.Status.IsEnabled is false at start")

    middle = args.middle
    if args.app == "view":
        # Described in full, as the `a11y` dump the tree is checked against (the window's default is normal).
        extra = ["--verbosity", "full"] + (["--notes", args.notes] if args.notes else []) + layout_options(args)
        app = ViewApp(session, args.interlinear, args.reference, args.width, args.height, middle, extra=extra)
    else:
        app = HostApp(session, args.host, args.reference, args.width, args.height, middle)
    client = Client()
    address = session.a11y_address()
    bus = client.a11y_bus(address)

    # 1. Not there while no screen reader runs, not even connected to the accessibility bus.
    client.pump(1.5)
    absent = client.app_for_pid(app.pid) is None and app.pid not in client.pids_on_bus(bus)
    check("absent-while-disabled", absent and app.alive(),
          "pid %d has no connection to the accessibility bus and no application in the registry" % app.pid)

    # 2. Late activation: IsEnabled turns true after the app started.
    session.set_enabled(True)
    enabled_at = time.monotonic()
    found = wait_until(lambda: client.app_for_pid(app.pid), 20, interval=0.01, what="the application in the registry")
    listed_at = time.monotonic()
    check("appears-after-enable", found is not None, "the registry lists it after IsEnabled became true")
    if found is None:
        return
    tree = Tree(client, found)
    # The first word a client can read after the switch: verse 1's first word, its verse built on this request.
    started = time.monotonic()
    first = tree.document.getChildAtIndex(0).getChildAtIndex(1).name
    done = time.monotonic()
    print("NUMBER first-word-after-enable listed_ms=%.1f first_word_ms=%.1f total_ms=%.1f word=%r (IsEnabled set "
          "by gdbus; listed = the registry shows the app, polled every 10 ms)" % (
              (listed_at - enabled_at) * 1000, (done - started) * 1000, (done - enabled_at) * 1000, first),
          flush=True)
    if args.structure_only:
        # Structural navigation and running text only (another chapter, e.g. Hebrew): Collection and Text against
        # a full walk of the same objects.
        from collection_checks import run_collection_checks, run_text_checks
        run_collection_checks(client, tree, check, args.reference.replace(" ", ""))
        run_text_checks(client, tree, check, args.reference.replace(" ", ""))
        return
    if args.define:
        # Only the "define" action on one word (a chapter from a store with the lexicon).
        from define_checks import run_define_check
        node_id, strongs = args.define.split(":")
        if args.skip_orca:
            run_define_check(client, tree, check, node_id, strongs)
            return
        # And Orca 43 running: it must say the line the action announced.
        from orca_check import check_orca_hears, focus_heard, start_orca
        if args.app == "view":
            app.focus_window()  # the window active, as a user's would be
        started = start_orca(args, session, check, "orca-speaks-define")
        if started is None:
            return
        word = wait_until(lambda: tree.by_id(node_id), 10, what=node_id)
        mark = focus_heard(client, started[1], word) if word is not None else 0
        record = run_define_check(client, tree, check, node_id, strongs)
        check_orca_hears(client, started[1], check, "define", mark, record and record["announced"])
        return
    if args.notes:
        # Only the reader's notes, heard by Orca (the Swift test made the notes file).
        from notes_checks import run_notes_check
        run_notes_check(args, session, client, tree, app, check)
        return
    if args.order_verse:
        # Only the word order (`--order`, the `e` key): the whole tree against the `a11y` dump in the same order,
        # then one verse read as the order switches.
        check_tree(args, tree, app.origin(), "order", full=True)
        from order_checks import run_order_check
        run_order_check(client, tree, app, check, args.order_verse)
        return
    if args.parts:
        # Only the "parts" action on a few Hebrew words (a chapter from a store, shown without its morphemes).
        from parts_checks import run_parts_check
        run_parts_check(client, tree, check, args.parts.split(","))
        return
    origin = app.origin()
    frame = extents(tree.frame, client.pyatspi)
    check("window-origin", frame[:2] == origin, "frame extents %s, X window at %s" % (frame, origin))
    check("roles", (found.getRoleName(), tree.frame.getRoleName(), tree.document.getRoleName())
          == ("application", "frame", "document frame"), "application → frame → document frame")

    # 3. Every element in reading order, names and bounds against the dump (the middle first, then top and end).
    walked_middle, document_middle = check_tree(args, tree, origin, "middle", full=True)
    check_indexes(client, bus, tree)
    from collection_checks import run_collection_checks, run_text_checks
    run_collection_checks(client, tree, check, args.reference.replace(" ", ""))
    run_text_checks(client, tree, check, args.reference.replace(" ", ""))

    # 4. Nearest on a miss.
    point, nearest = gap_point(document_middle, origin)
    if point:
        hit = tree.document.queryComponent().getAccessibleAtPoint(point[0], point[1], client.pyatspi.DESKTOP_COORDS)
        got = attributes(hit).get("id") if hit is not None else None
        inside = hit is not None and hit.queryComponent().contains(point[0], point[1], client.pyatspi.DESKTOP_COORDS)
        check("nearest-on-miss", got == nearest and not inside,
              "point %s in a gap (inside no element) → %s, nearest by the dump %s" % (point, got, nearest))
    else:
        check("nearest-on-miss", False, "no gap found in the dump")

    # Text: what Orca reads and reviews. Each element's text is its name; a word is one word; characters lie
    # inside the element.
    problems = []
    verse = tree.document.getChildAtIndex(0)
    for i in range(min(verse.childCount, 8)):
        element = verse.getChildAtIndex(i)
        text = element.queryText()
        whole = text.getText(0, -1)
        word = text.getTextAtOffset(0, client.pyatspi.TEXT_BOUNDARY_WORD_START)
        first = text.getTextAtOffset(0, client.pyatspi.TEXT_BOUNDARY_CHAR)
        ex = extents(element, client.pyatspi)
        cx, cy, cw, ch = text.getCharacterExtents(0, client.pyatspi.DESKTOP_COORDS)
        if whole != element.name or text.characterCount != len(element.name):
            problems.append("%s text %r (%d) vs name %r" % (attributes(element).get("id"), whole, text.characterCount,
                                                            element.name))
        if (word[0], word[1], word[2]) != (whole, 0, len(whole)) or first[0] != whole[:1]:
            problems.append("%s units %s %s" % (attributes(element).get("id"), word, first))
        if not (ex[0] <= cx and cx + cw <= ex[0] + ex[2] and ex[1] <= cy and cy + ch <= ex[1] + ex[3]) or cw <= 0:
            problems.append("%s character 0 at %s outside %s" % (attributes(element).get("id"), (cx, cy, cw, ch), ex))
    check("text-interface", not problems, "; ".join(problems[:4]) or "text = name, word and character units, "
          "character extents inside the element, for verse 1's first 8 elements")

    # 5. A scroll moves every extent by exactly the scroll delta, with no bounds-changed event.
    client.listen("object:bounds-changed", "object:children-changed", "object:state-changed:focused", "focus:",
                  "object:active-descendant-changed")
    before_scroll = tree.scroll()
    before = [n["extents"] for n in walked_middle]
    app.key("Down")
    wait_until(lambda: tree.scroll() != before_scroll, 10, what="the scroll after Down")
    client.pump(0.5)
    delta = tree.scroll() - before_scroll
    # The same objects asked again (their paths are stable): only their extents can have changed.
    after = [extents(n["object"], client.pyatspi) for n in walked_middle]
    moved = {(b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3]) for a, b in zip(before, after)}
    bounds_events = [e for e in client.events if e[0].startswith("object:bounds-changed")]
    integral = delta == round(delta)
    check("extents-move-by-delta", delta != 0 and integral and moved == {(0, -int(delta), 0, 0)} and not bounds_events,
          "scroll %g → %g (Δ %g): every one of %d extents moved by %s; %d bounds-changed events" % (
              before_scroll, tree.scroll(), delta, len(after), sorted(moved)[:3], len(bounds_events)))

    # 6. Top and end.
    app.key("Home")
    wait_until(lambda: tree.scroll() == 0, 10, what="the scroll after Home")
    check_tree(args, tree, origin, "top", earlier=walked_middle)
    app.key("End")
    wait_until(lambda: tree.scroll() > before_scroll, 10, what="the scroll after End")
    walked_end, document_end = check_tree(args, tree, origin, "end", earlier=walked_middle)
    check("end-is-the-end", abs(tree.scroll() - (document_end["contentHeight"] - tree.viewport(origin)[3])) < 0.02,
          "scroll %g, content %g, viewport height %g" % (tree.scroll(), document_end["contentHeight"],
                                                           tree.viewport(origin)[3]))

    # 7. Focus moves from the keyboard are announced; next across verses scrolls an off-screen verse into view.
    app.key("Home")
    wait_until(lambda: tree.scroll() == 0, 10, what="the scroll after Home")
    client.events.clear()
    first_verse = tree.document.getChildAtIndex(0)
    heading = first_verse.getChildAtIndex(0)
    heading.queryComponent().grabFocus()
    client.pump(0.5)
    client.events.clear()
    app.key("Tab")
    got = wait_until(lambda: (client.pump(0.05) or True) and [e for e in client.events
                                                             if e[0] == "object:state-changed:focused" and e[2] == 1],
                     10, what="a focus event after Tab")
    focused_id = got[-1][1] if got else None
    expected_id = attributes(first_verse.getChildAtIndex(1)).get("id")
    kinds = sorted({e[0] for e in client.events})
    check("focus-events", focused_id == expected_id and "focus:" in kinds and "object:active-descendant-changed" in kinds,
          "Tab → %s (expected %s); events %s" % (focused_id, expected_id, kinds))

    # The last element of the last verse fully in view; Tab must land on the next verse's first element, which is
    # off screen, and scroll it into view.
    visible = [c for c in tree.document if client.pyatspi.STATE_SHOWING in c.getState().getStates()]
    last_cell = visible[-1]
    last_element = last_cell.getChildAtIndex(last_cell.childCount - 1)
    while last_element.childCount:  # the whole translation: its last word is the verse's last element
        last_element = last_element.getChildAtIndex(last_element.childCount - 1)
    next_index = last_cell.getIndexInParent() + 1
    target = tree.document.getChildAtIndex(next_index).getChildAtIndex(0)
    target_id = attributes(target).get("id")
    target_showing_before = extents(target, client.pyatspi)[1] < origin[1] + tree.viewport(origin)[1] + tree.viewport(origin)[3]
    last_element.queryComponent().grabFocus()
    client.pump(0.5)
    scroll_before = tree.scroll()
    client.events.clear()
    app.key("Tab")
    got = wait_until(lambda: (client.pump(0.05) or True) and [e for e in client.events
                                                             if e[0] == "object:state-changed:focused" and e[2] == 1],
                     10, what="a focus event after Tab into the next verse")
    focused_id = got[-1][1] if got else None
    ty = extents(target, client.pyatspi)
    vp = tree.viewport(origin)
    in_view = origin[1] + vp[1] <= ty[1] and ty[1] + ty[3] <= origin[1] + vp[1] + vp[3] + 1
    check("next-into-offscreen-verse", focused_id == target_id and tree.scroll() != scroll_before and in_view,
          "Tab from %s → %s (expected %s, %s before); scroll %g → %g; now at %s in viewport %s" % (
              attributes(last_element).get("id"), focused_id, target_id,
              "partly visible" if target_showing_before else "off screen", scroll_before, tree.scroll(), ty, vp))

    # Actions: activate focuses; "find same Strong's" moves focus to the next word with the same Strong's number.
    word = tree.by_id("John.1.1.w4")  # ὁ, the definite article: it recurs in the next verses
    action = word.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    # A word's English description is its name (`spoken`): its parts name the Strong's number.
    strongs = [part for part in word.name.split(", ") if part.startswith("Strong's")]
    client.events.clear()
    done = action.doAction(names.index("find same Strong's")) if "find same Strong's" in names else False
    got = wait_until(lambda: (client.pump(0.05) or True) and [e for e in client.events
                                                             if e[0] == "object:state-changed:focused" and e[2] == 1],
                     10, what="focus after find same Strong's")
    found = tree.by_id(got[-1][1]) if got else None
    same = found is not None and found != word and strongs and strongs[0] in found.name.split(", ")
    check("actions", names[:1] == ["activate"] and "copy Greek" in names and "find other occurrences" in names
          and done and same,
          "%s actions %s; find same Strong's (%s) → %s" % (attributes(word).get("id"), names, strongs,
                                                          got[-1][1] if got else None))

    # 8. IsEnabled off: the elements are released, their objects gone; on again: the same tree.
    element = tree.document.getChildAtIndex(2).getChildAtIndex(1)
    name, path = element.app.bus_name, element.path
    ok_before, role_before = client.call(bus, name, path, "org.a11y.atspi.Accessible", "GetRole")
    names_before = [c.name for c in tree.document.getChildAtIndex(2)]
    session.set_enabled(False)
    gone = wait_until(lambda: client.app_for_pid(app.pid) is None, 15, interval=0.2, what="the application to leave")
    ok_after, error_after = client.call(bus, name, path, "org.a11y.atspi.Accessible", "GetRole")
    check("disable-releases", ok_before and gone and not ok_after and app.pid not in client.pids_on_bus(bus),
          "%s %s: GetRole %s before; after IsEnabled=false: %s" % (name, path, role_before, error_after))
    session.set_enabled(True)
    again = wait_until(lambda: client.app_for_pid(app.pid), 20, interval=0.2, what="the application again")
    if again is not None:
        tree = Tree(client, again)
        names_again = [c.name for c in tree.document.getChildAtIndex(2)]
        check("reactivation-same-tree", names_again == names_before,
              "verse 3's %d element names equal after off and on again" % len(names_again))
    else:
        check("reactivation-same-tree", False, "the application did not come back")
        return

    if args.app == "host":
        stats = app.stats()
        print("NUMBER host-stats " + " ".join("%s=%g" % kv for kv in sorted(stats.items())), flush=True)

    if not args.skip_orca:
        from orca_check import run_orca
        run_orca(args, session, client, tree, app, check)

    # 9. Another chapter in the same window (']'): the frame's document is replaced, the old one's objects are gone.
    if args.app == "view":
        current = tree.frame.getChildAtIndex(0)  # Orca's check may have changed the chapter already
        old_name, old_path = current.name, current.path
        bus_name = tree.document.app.bus_name
        client.events.clear()
        app.key("bracketright")
        changed = wait_until(lambda: tree.frame.getChildAtIndex(0).name != old_name, 15, interval=0.2,
                             what="the next chapter")
        client.pump(0.5)
        document = tree.frame.getChildAtIndex(0)
        ok_old, error_old = client.call(bus, bus_name, old_path, "org.a11y.atspi.Accessible", "GetRole")
        frame_events = sorted({e[0] for e in client.events if e[0].startswith("object:children-changed")})
        status = tree.frame.getChildAtIndex(1)
        check("status-bar", status is not None and status.getRole() == client.pyatspi.ROLE_STATUS_BAR
              and status.childCount == 1 and status.getChildAtIndex(0).getRole() == client.pyatspi.ROLE_NOTIFICATION,
              "the frame's second child is the status line: %s %r" % (status.getRoleName() if status else None,
                                                                    status.name if status else None))
        check("chapter-change", changed and tree.frame.childCount == 2 and document.childCount > 0 and not ok_old
              and "object:children-changed:add" in frame_events and "object:children-changed:remove" in frame_events,
              "%s → %s (%d verses); %s now: %s; events %s" % (old_name, document.name, document.childCount, old_path,
                                                          error_old if not ok_old else "still answers",
                                                          frame_events))


def run_checks(args, run):
    """Runs `run(args, session)` in a new session, prints the summary line and exits 1 when a check failed (or none
    ran): the one ending of every check script of this harness."""
    session = Session(args.workdir)
    try:
        run(args, session)
    except Exception as error:
        traceback.print_exc()
        check("harness", False, "stopped: %s" % error)
    finally:
        session.close()
    failed = [name for name, ok in RESULTS if not ok]
    print("SUMMARY %d checks, %d failed%s" % (len(RESULTS), len(failed), (": " + ", ".join(failed)) if failed else ""),
          flush=True)
    sys.exit(1 if failed or not RESULTS else 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", choices=["view", "host"], default="view")
    parser.add_argument("--interlinear", required=True)
    parser.add_argument("--host")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--reference", default="John 1")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=700)
    parser.add_argument("--middle", type=float, default=9000)
    parser.add_argument("--skip-orca", action="store_true")
    parser.add_argument("--structure-only", action="store_true",
                        help="only Collection and Text against a full walk (with --reference, e.g. a Hebrew chapter)")
    parser.add_argument("--define", metavar="NODE_ID:STRONGS",
                        help="only the define action on this word, whose Strong's number this is (e.g. Gen.1.1.w3:H430)")
    parser.add_argument("--parts", metavar="NODE_ID,…",
                        help="only the parts action on these Hebrew words (e.g. Gen.1.1.w1,Gen.1.1.w3)")
    parser.add_argument("--order", choices=["source", "english"], help="the window's and the dump's word order")
    parser.add_argument("--translation", help="the window's and the dump's translation (e.g. KJV)")
    parser.add_argument("--order-verse", metavar="VERSE_ID",
                        help="only the word order: the tree against the dump, then this verse read as e switches")
    parser.add_argument("--notes", metavar="FILE", help="only the notes checks, the window given this notes file")
    parser.add_argument("--notes-count", default="3 notes in John 1", help="what Orca says when John 1 opens")
    parser.add_argument("--notes-text", help="the text of the chapter's first note, said on `a`")
    parser.add_argument("--notes-bookmarks", default="1 bookmark", help="what Orca says on `b`")
    parser.add_argument("--notes-bookmark", default="Bookmark 1 of 1", help="what Orca says on `B`")
    args = parser.parse_args()
    run_checks(args, run)


if __name__ == "__main__":
    main()
