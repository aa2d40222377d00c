#!/usr/bin/env python3
"""Compares a JSON schema with documents a command wrote, key by key, reading both as plain JSON (not through the
program's types): which properties the schema lists that no document wrote ("unseen"), which keys a document wrote
that the schema does not list ("unknown"), which objects list their keys out of sorted order ("unsorted"), and which
schema objects accept any other key ("open"). Prints one JSON object with the four lists.

Usage: schema_drift.py SCHEMA DOCUMENT...  (a document file may hold one JSON value per line: --lines)
"""
import json
import sys


def main():
    args = sys.argv[1:]
    lines = "--lines" in args
    args = [a for a in args if a != "--lines"]
    schema_path, documents = args[0], args[1:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    seen, listed, unknown, unsorted, opened = set(), {}, set(), set(), set()

    def resolve(node, pointer):
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            assert ref.startswith("#/"), ref
            pointer = ref[1:]
            node = schema
            for part in ref[2:].split("/"):
                node = node[part]
        return node, pointer

    def branches(node, pointer):
        """The schema nodes a value may match: the node itself and its oneOf/anyOf/allOf branches, resolved."""
        node, pointer = resolve(node, pointer)
        if not isinstance(node, dict):
            return []
        found = [(node, pointer)]
        for word in ("oneOf", "anyOf", "allOf"):
            for i, branch in enumerate(node.get(word, [])):
                found += branches(branch, f"{pointer}/{word}/{i}")
        return found

    def walk(value, node, pointer, path):
        options = branches(node, pointer)
        if isinstance(value, Pairs):
            keys = [k for k, _ in value]
            if keys != sorted(keys):
                unsorted.add(path or "/")
            objects = [(n, p) for n, p in options if "properties" in n]
            # The branches that list every key the value has; all object branches if none does.
            fitting = [(n, p) for n, p in objects if all(k in n["properties"] for k in keys)] or objects
            for n, p in objects:
                listed.setdefault(p, set(n["properties"]))
                if n.get("additionalProperties", True) is not False and not n.get("unevaluatedProperties") is False:
                    opened.add(p)
            for key, child in value:
                holders = [(n, p) for n, p in fitting if key in n["properties"]]
                if not holders:
                    unknown.add(f"{path}/{key}")
                    continue
                for n, p in holders:
                    seen.add((p, key))
                    walk(child, n["properties"][key], f"{p}/properties/{key}", f"{path}/{key}")
        elif isinstance(value, list):
            for n, p in options:
                if "items" in n:
                    for item in value:
                        walk(item, n["items"], f"{p}/items", f"{path}/[]")
                for i, prefix in enumerate(n.get("prefixItems", [])):
                    if i < len(value):
                        walk(value[i], prefix, f"{p}/prefixItems/{i}", f"{path}/{i}")

    for document in documents:
        with open(document, encoding="utf-8") as f:
            texts = [l for l in f.read().split("\n") if l.strip()] if lines else [f.read()]
        for text in texts:
            walk(json.loads(text, object_pairs_hook=Pairs), schema, "", "")

    unseen = sorted(f"{p}/properties/{k}" for p, keys in listed.items() for k in keys if (p, k) not in seen)
    print(json.dumps({"unseen": unseen, "unknown": sorted(unknown), "unsorted": sorted(unsorted),
                      "open": sorted(opened)}, indent=1))


class Pairs(list):
    """An object as its (key, value) pairs in the order written: order is what is checked."""


if __name__ == "__main__":
    main()
