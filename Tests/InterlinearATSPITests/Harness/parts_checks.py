"""The "parts" action as a screen reader uses it: pyatspi finds a Hebrew word, does the action named "parts" through
the Action interface, and reads what it gave back — the word's description and the status line's notification (what
Orca speaks at once), both the word's morphemes said one by one. Prints `PARTS <json>` per word for the Swift test,
which compares them with the morphemes of the source data, and returns them (orca_check.py compares what Orca said);
the check here only says whether the action ran and left both.
"""
import json

from session import wait_until


def run_parts_check(client, tree, check, node_ids):
    # libatspi keeps names and descriptions it has read up to date from these events, once something listens.
    client.listen("object:property-change", "object:state-changed")
    notification = tree.frame.getChildAtIndex(1).getChildAtIndex(0)
    records = []
    for node_id in node_ids:
        word = wait_until(lambda: tree.by_id(node_id), 10, what=node_id)
        if word is None:
            check("parts-" + node_id, False, "no element %s" % node_id)
            continue
        action = word.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        described = {name: action.getDescription(i) for i, name in enumerate(names)}
        before = word.description
        client.events.clear()
        done = action.doAction(names.index("parts")) if "parts" in names else False
        # The description changes (object:property-change:accessible-description, which libatspi's cache follows),
        # and the notification is named with the same line.
        given = wait_until(lambda: (client.pump(0.05) or True) and word.description != before
                           and word.description == notification.name and word.description,
                           10, what="the word's description and the notification after parts")
        focused = any(e[0] == "object:state-changed:focused" and e[1] == node_id and e[2] == 1
                      for e in client.events) or word.getState().contains(client.pyatspi.STATE_FOCUSED)
        record = {"node": node_id, "name": word.name, "actions": names,
                  "partsDescription": described.get("parts"), "done": bool(done),
                  "description": word.description, "announced": notification.name,
                  "notificationRole": notification.getRoleName(), "focused": bool(focused)}
        records.append(record)
        print("PARTS " + json.dumps(record, ensure_ascii=False), flush=True)
        check("parts-" + node_id, "parts" in names and done and given and focused,
              "%s actions %s; parts → description and announcement %r" % (node_id, names, notification.name))
    return records
