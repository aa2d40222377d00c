"""The reverse interlinear in the window (issue 43): `view --order english` as a screen reader meets it. pyatspi
reads verse 1's elements (each English word in the translation's order, its position in the set, its description
naming the source words under it), then `e` switches the order in place and the verse is read again, in the source's
order, and `e` again brings the English back. Prints `ORDER <json>` per reading for the Swift test, which compares
them with diatheke's text of the module; the checks here only say whether each reading came.
"""
import json

from session import wait_until


def attributes(obj):
    return dict(a.split(":", 1) for a in obj.getAttributes() if ":" in a)


def verse(tree, verse_id):
    """The verse's container in the frame's document as it is now (a new layout may replace its objects)."""
    document = tree.frame.getChildAtIndex(0)
    for cell in document:
        if attributes(cell).get("id") == verse_id:
            return cell
    return None


def reading(tree, verse_id):
    """The verse's elements in reading order, a whole translation's words inside it."""
    cell = verse(tree, verse_id)
    if cell is None:
        return []
    elements = []
    def visit(obj):
        attrs = attributes(obj)
        elements.append({"id": attrs.get("id"), "name": obj.name, "description": obj.description,
                         "role": obj.getRoleName(), "posinset": attrs.get("posinset"),
                         "setsize": attrs.get("setsize")})
        for child in obj:
            visit(child)
    for element in cell:
        visit(element)
    return elements


def english_order(elements):
    return not any(".w" in (e["id"] or "") for e in elements)


def run_order_check(client, tree, app, check, verse_id):
    notification = tree.frame.getChildAtIndex(1).getChildAtIndex(0)
    records = []
    for step, (key, english) in enumerate([(None, True), ("e", False), ("e", True)]):
        before = notification.name
        if key:
            app.key(key)
        got = wait_until(lambda: (client.pump(0.05) or True) and (lambda r: r and english_order(r) == english
                                                                  and r)(reading(tree, verse_id)),
                         15, what="verse 1 in %s order" % ("English" if english else "source"))
        said = wait_until(lambda: notification.name != before and notification.name, 5,
                          what="the status line after e") if key else None
        record = {"step": step, "key": key, "english": english, "elements": got or [], "announced": said or ""}
        records.append(record)
        print("ORDER " + json.dumps(record, ensure_ascii=False), flush=True)
        check("order-%d" % step, bool(got) and (key is None or bool(said)),
              "%s: %d elements of %s in %s order; announced %r" % (
                  key or "opened", len(got or []), verse_id, "English" if english else "source", said))
    return records
