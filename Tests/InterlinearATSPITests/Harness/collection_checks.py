"""Collection on the chapter (what Orca's structural navigation calls), checked against a full pyatspi walk: the
same query answered by walking every object one by one over D-Bus must give the same objects in the same order."""
import time


def walk_all(document):
    """Every descendant of the document, depth first in child order (Collection's canonical order)."""
    found = []

    def visit(obj):
        for child in obj:
            found.append(child)
            visit(child)
    visit(document)
    return found


def ident(obj):
    attrs = dict(a.split(":", 1) for a in obj.getAttributes() if ":" in a)
    return attrs.get("id")


def run_collection_checks(client, tree, check, label):
    pa = client.pyatspi
    document = tree.document
    collection = document.queryCollection()
    empty_states = pa.StateSet()

    def rule(roles=(), attrs=(), states=(), interfaces=(), role_match=None, attr_match=None):
        state_set = pa.StateSet()
        for s in states:
            state_set.add(s)
        return collection.createMatchRule(
            state_set.raw(), collection.MATCH_ALL, list(attrs), attr_match or collection.MATCH_ALL,
            list(roles), role_match or collection.MATCH_ANY, list(interfaces), collection.MATCH_ALL, False)

    started = time.monotonic()
    everything = walk_all(document)
    walk_seconds = time.monotonic() - started
    described = [(ident(o), o.getRole(), o) for o in everything]
    print("NUMBER collection-reference-walk-%s objects=%d seconds=%.2f" % (label, len(described), walk_seconds),
          flush=True)

    def expected(predicate):
        return [i for i, role, o in described if predicate(role, o)]

    def got(matches):
        return [ident(o) for o in matches]

    headings = expected(lambda role, o: role == pa.ROLE_HEADING)
    paragraphs = expected(lambda role, o: role == pa.ROLE_PARAGRAPH)
    verses = [ident(c) for c in document]

    timings = []
    for _ in range(5):
        started = time.monotonic()
        result = collection.getMatches(rule([pa.ROLE_HEADING]), collection.SORT_ORDER_CANONICAL, 0, True)
        timings.append(time.monotonic() - started)
    timings.sort()
    print("NUMBER collection-headings-%s count=%d median_ms=%.2f min_ms=%.2f max_ms=%.2f (client round trip)" % (
        label, len(result), timings[2] * 1000, timings[0] * 1000, timings[-1] * 1000), flush=True)
    check("collection-headings-" + label, got(result) == headings and len(headings) == len(verses),
          "%d headings in one call, the walk finds %d, %d verses" % (len(result), len(headings), len(verses)))

    result = collection.getMatches(rule([pa.ROLE_PARAGRAPH]), collection.SORT_ORDER_CANONICAL, 0, True)
    check("collection-paragraphs-" + label, got(result) == paragraphs == verses,
          "%d paragraphs (verses), the walk finds %d" % (len(result), len(paragraphs)))

    # Orca's heading-by-level query: role heading and the attribute level:2.
    result = collection.getMatches(rule([pa.ROLE_HEADING], attrs=["level:2"]), collection.SORT_ORDER_CANONICAL, 0,
                                   True)
    level2 = expected(lambda role, o: role == pa.ROLE_HEADING and ident(o) and
                      dict(a.split(":", 1) for a in o.getAttributes()).get("level") == "2")
    check("collection-heading-level-" + label, got(result) == level2 and len(level2) == len(headings),
          "level:2 → %d, walk %d" % (len(result), len(level2)))

    # Count, reverse order, traverse false, states and interfaces.
    first5 = collection.getMatches(rule([pa.ROLE_HEADING]), collection.SORT_ORDER_CANONICAL, 5, True)
    reverse = collection.getMatches(rule([pa.ROLE_HEADING]), collection.SORT_ORDER_REVERSE_CANONICAL, 3, True)
    shallow = collection.getMatches(rule([pa.ROLE_HEADING]), collection.SORT_ORDER_CANONICAL, 0, False)
    showing = collection.getMatches(rule([pa.ROLE_HEADING], states=[pa.STATE_SHOWING]),
                                    collection.SORT_ORDER_CANONICAL, 0, True)
    showing_walk = expected(lambda role, o: role == pa.ROLE_HEADING and o.getState().contains(pa.STATE_SHOWING))
    statics_with_action = collection.getMatches(
        collection.createMatchRule(empty_states.raw(), collection.MATCH_ALL, [], collection.MATCH_ALL,
                                   [pa.ROLE_LIST_ITEM], collection.MATCH_ANY, ["action"], collection.MATCH_ALL, False),
        collection.SORT_ORDER_CANONICAL, 0, True)
    def has_action(o):
        try:
            return o.queryAction().nActions > 0
        except NotImplementedError:
            return False
    statics_walk = expected(lambda role, o: role == pa.ROLE_LIST_ITEM and has_action(o))
    problems = []
    if got(first5) != headings[:5]:
        problems.append("count 5 → %s" % got(first5))
    if got(reverse) != list(reversed(headings[:3])):
        problems.append("reverse, count 3 → %s (expected the first three reversed, as at-spi2-core)" % got(reverse))
    if shallow:
        problems.append("traverse false → %d (headings are not the document's children)" % len(shallow))
    if got(showing) != showing_walk or not showing_walk:
        problems.append("showing headings %s != walk %s" % (got(showing), showing_walk))
    if got(statics_with_action) != statics_walk or not statics_walk:
        problems.append("list items with action: %d != walk %d" % (len(statics_with_action), len(statics_walk)))
    check("collection-rules-" + label, not problems,
          "; ".join(problems) or "count 5, reverse 3, traverse false, state showing (%d), interface action (%d)"
          % (len(showing_walk), len(statics_walk)))


def run_text_checks(client, tree, check, label):
    """Text on the chapter: its text is the verses' texts in order (a walk of every verse's Text), it reads by
    sentence from start to end, and its source words are a run of their own language."""
    pa = client.pyatspi
    text = tree.document.queryText()
    whole = text.getText(0, -1)
    verses = [c.queryText().getText(0, -1) for c in tree.document]
    sentences, offset, guard = [], 0, 0
    while offset < text.characterCount and guard < 10000:
        s, start, end = text.getTextAtOffset(offset, pa.TEXT_BOUNDARY_SENTENCE_START)
        if end <= offset:
            break
        sentences.append(s)
        offset, guard = end, guard + 1
    paragraphs = [text.getTextAtOffset(0, pa.TEXT_BOUNDARY_LINE_START)[0]]
    languages = set()
    offset = 0
    while offset < text.characterCount:
        attrs, start, end = text.getAttributeRun(offset, False)
        languages.add(dict(a.split(":", 1) for a in attrs if ":" in a).get("language"))
        if end <= offset:
            break
        offset = end
    problems = []
    if whole != "".join(verses) or text.characterCount != len(whole):
        problems.append("document text (%d) is not the verses' texts in order (%d)" % (len(whole),
                                                                                     len("".join(verses))))
    if "".join(sentences) != whole or len(sentences) < len(verses):
        problems.append("%d sentences that join to %d characters" % (len(sentences), len("".join(sentences))))
    if paragraphs[0] != verses[0]:
        problems.append("first line %r is not verse 1's text" % paragraphs[0][:40])
    # English always; the source words' own run (grc, hbo) only with the script in speech on (ScriptSetting).
    if "en" not in languages or not languages <= {"en", "grc", "hbo"}:
        problems.append("language runs %s" % sorted(l or "" for l in languages))
    print("NUMBER document-text-%s characters=%d sentences=%d verses=%d languages=%s" % (
        label, len(whole), len(sentences), len(verses), ",".join(sorted(l or "" for l in languages))), flush=True)
    check("document-text-" + label, not problems,
          "; ".join(problems) or "%d sentences over %d verses, first %r; language runs %s" % (
              len(sentences), len(verses), sentences[0][:50] if sentences else "", sorted(languages)))
