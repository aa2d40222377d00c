"""Hostile method arguments through the real accessibility bus (issue 39): any program on the bus may call any
method with any values. Starts `interlinear view "John 1"` in the private session (harness.sh arguments), then calls
every method that takes an offset, index, count or coordinate on the chapter, a verse and a word with the extremes of
its types — `Text.GetText(2147483647, -2147483647)` first, which ended the window with SIGILL — and checks that the
window answers each call and is still running, and that the answers are what at-spi2-core's own text objects give:
offsets clamped into the text, a negative end meaning the end, no child or action outside the range.
"""
import argparse

from apps import ViewApp
from atspi_checks import Client, Tree, check, run_checks
from session import wait_until

MAX, MIN, UMAX = 2147483647, -2147483648, 4294967295


def run(args, session):
    session.start_xvfb()
    session.start_launcher()
    session.set_enabled(True)
    app = ViewApp(session, args.interlinear, args.reference, 390, 700, 0)
    client = Client()
    bus = client.a11y_bus(session.a11y_address())
    found = wait_until(lambda: client.app_for_pid(app.pid), 20, what="the application in the registry")
    if found is None:
        check("hostile-arguments", False, "the window never joined the registry")
        return
    tree = Tree(client, found)
    name = tree.document.app.bus_name
    verse = tree.document.getChildAtIndex(0)
    word = verse.getChildAtIndex(1)
    whole = tree.document.queryText().getText(0, -1)
    Variant, VariantType = client.GLib.Variant, client.GLib.VariantType

    def call(obj, interface, method, signature, values, reply):
        try:
            value = bus.call_sync(name, obj.path, "org.a11y.atspi." + interface, method,
                                  Variant("(%s)" % signature, values) if signature else None, VariantType(reply),
                                  client.Gio.DBusCallFlags.NONE, 5000, None)
            return True, value.unpack()
        except Exception as error:  # GLib.Error: no reply, or an error reply
            return False, str(error)

    # The reproducer first, on the chapter and on a verse (their running text) and on a word (its name).
    for label, obj in (("chapter", tree.document), ("verse", verse), ("word", word)):
        ok, value = call(obj, "Text", "GetText", "ii", (MAX, -MAX), "(s)")
        check("get-text-extremes-" + label, ok and value == ("",) and app.alive(),
              "GetText(%d, %d) on the %s: %r; window running: %s" % (MAX, -MAX, label, value, app.alive()))
    ok, value = call(tree.document, "Text", "GetText", "ii", (MIN, MAX), "(s)")
    check("get-text-clamped", ok and value == (whole,),
          "GetText(%d, %d) gives the whole text (%d characters): %s" % (MIN, MAX, len(whole),
                                                                      ok and len(value[0])))

    # Every other method with an integer argument, with its extremes, on the objects that have it.
    calls = []
    for obj in (tree.document, verse, word):
        calls += [
            ("Text", "GetTextAtOffset", "iu", (MAX, 0), "(sii)"),
            ("Text", "GetTextBeforeOffset", "iu", (MIN, 1), "(sii)"),
            ("Text", "GetTextAfterOffset", "iu", (MAX, UMAX), "(sii)"),
            ("Text", "GetStringAtOffset", "iu", (MIN, 4), "(sii)"),
            ("Text", "GetCharacterAtOffset", "i", (MIN,), "(i)"),
            ("Text", "GetAttributeValue", "is", (MAX, "language"), "(s)"),
            ("Text", "GetAttributes", "i", (MIN,), "(a{ss}ii)"),
            ("Text", "GetAttributeRun", "ib", (MAX, True), "(a{ss}ii)"),
            ("Text", "GetCharacterExtents", "iu", (MAX, UMAX), "(iiii)"),
            ("Text", "GetRangeExtents", "iiu", (MIN, MAX, 2), "(iiii)"),
            ("Text", "GetOffsetAtPoint", "iiu", (MAX, MIN, 0), "(i)"),
            ("Text", "GetSelection", "i", (MAX,), "(ii)"),
            ("Text", "AddSelection", "ii", (MAX, MIN), "(b)"),
            ("Text", "SetSelection", "iii", (MIN, MAX, MIN), "(b)"),
            ("Text", "SetCaretOffset", "i", (MIN,), "(b)"),
            ("Text", "ScrollSubstringToPoint", "iiuii", (MAX, MIN, UMAX, MAX, MIN), "(b)"),
            ("Text", "GetBoundedRanges", "iiiiuuu", (MAX, MIN, MAX, MIN, UMAX, UMAX, UMAX), "(a(iisv))"),
            ("Accessible", "GetChildAtIndex", "i", (MAX,), "((so))"),
            ("Accessible", "GetChildAtIndex", "i", (MIN,), "((so))"),
            ("Component", "Contains", "iiu", (MAX, MIN, 0), "(b)"),
            ("Component", "GetAccessibleAtPoint", "iiu", (MIN, MAX, UMAX), "((so))"),
            ("Component", "GetExtents", "u", (UMAX,), "((iiii))"),
            ("Component", "GetPosition", "u", (MAX,), "(ii)"),
            ("Component", "SetExtents", "iiiiu", (MAX, MIN, MAX, MIN, UMAX), "(b)"),
            ("Component", "ScrollToPoint", "uii", (UMAX, MAX, MIN), "(b)"),
        ]
        if obj is word:
            calls += [("Action", "GetName", "i", (MAX,), "(s)"), ("Action", "GetDescription", "i", (MIN,), "(s)"),
                      ("Action", "GetKeyBinding", "i", (-1,), "(s)"), ("Action", "DoAction", "i", (MAX,), "(b)")]
        else:
            rule = ([], 0, {}, 0, [], 0, [], 0, False)
            calls += [("Collection", "GetMatches", "(aiia{ss}iaiiasib)uib", (rule, UMAX, MIN, True), "(a(so))"),
                      ("Collection", "GetMatches", "(aiia{ss}iaiiasib)uib", (rule, 0, MAX, False), "(a(so))")]
        failed = []
        for interface, method, signature, values, reply in calls:
            ok, value = call(obj, interface, method, signature, values, reply)
            if not ok or not app.alive():
                failed.append("%s.%s%r: %s" % (interface, method, values, value))
            elif method == "GetChildAtIndex" and value[0][1] != "/org/a11y/atspi/null":
                failed.append("GetChildAtIndex(%d) named %r" % (values[0], value))
            elif method in ("GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset"):
                text, start, end = value
                length = len(obj.queryText().getText(0, -1))
                if not 0 <= start <= end <= length or len(text) != end - start:
                    failed.append("%s%r gave %r" % (method, values, value))
            elif method == "DoAction" and value != (False,):
                failed.append("DoAction(%d) did an action" % values[0])
        check("hostile-arguments-" + obj.getRoleName().replace(" ", "-"), not failed and app.alive(),
              "%d calls; %s" % (len(calls), "; ".join(failed[:5]) or "all answered, window running"))
        calls = []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--interlinear", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--reference", default="John 1")
    args = parser.parse_args()
    run_checks(args, run)


if __name__ == "__main__":
    main()
