"""The "define" action as a screen reader uses it (issue 29): pyatspi finds a word, does the action named "define"
through the Action interface, and reads the definition back — the word's description (the whole entry) and the
status line's notification (what Orca speaks at once). Prints `DEFINITION <json>` for the Swift test, which
compares it with diatheke's text of the entry, and returns it (for orca_check.py); the check here only says whether
the action ran and left both.
"""
import json

from session import wait_until


def run_define_check(client, tree, check, node_id, strongs):
    word = wait_until(lambda: tree.by_id(node_id), 10, what=node_id)
    if word is None:
        check("define-" + node_id, False, "no element %s" % node_id)
        return None
    # The layer's English name lists the word's Strong's number with its letter ("…, Strong's G3056", "…, Strong's
    # H430"): the right word.
    parts = word.name.split(", ")
    # libatspi keeps names and descriptions it has read up to date from these events, once something listens.
    client.listen("object:property-change", "object:state-changed")
    action = word.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    before = word.description
    client.events.clear()
    done = action.doAction(names.index("define")) if "define" in names else False
    # The description changes (object:property-change:accessible-description, which libatspi's cache follows).
    described = wait_until(lambda: (client.pump(0.05) or True) and word.description != before and word.description,
                           10, what="the word's description after define")
    notification = tree.frame.getChildAtIndex(1).getChildAtIndex(0)
    events = sorted({e[0] for e in client.events})
    focused = any(e[0] == "object:state-changed:focused" and e[1] == node_id and e[2] == 1 for e in client.events) \
        or word.getState().contains(client.pyatspi.STATE_FOCUSED)
    record = {"node": node_id, "name": word.name, "actions": names, "done": bool(done),
              "description": word.description, "announced": notification.name,
              "notificationRole": notification.getRoleName(), "focused": bool(focused), "events": events}
    print("DEFINITION " + json.dumps(record, ensure_ascii=False), flush=True)
    check("define-" + node_id, ("Strong's %s" % strongs) in parts and "define" in names and done and described
          and focused and notification.name,
          "%s actions %s; define → description %d characters, announced %r" % (
              node_id, names, len(word.description or ""), notification.name))
    return record
