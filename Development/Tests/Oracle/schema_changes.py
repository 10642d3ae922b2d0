"""graphql-core's breaking and dangerous changes between two SDL schemas, as JSON on standard output.

    python schema_changes.py OLD.graphqls NEW.graphqls

Prints {"breaking": [{"type": ..., "description": ...}], "dangerous": [...]}, each list in graphql-core's order.
The differential tests of `apicore diff-schema` compare our findings with these.
"""

import json
import sys

from graphql import build_schema, find_breaking_changes, find_dangerous_changes


def load(path):
    with open(path, encoding="utf-8") as handle:
        return build_schema(handle.read())


def main():
    old, new = load(sys.argv[1]), load(sys.argv[2])
    result = {
        "breaking": [{"type": c.type.name, "description": c.description} for c in find_breaking_changes(old, new)],
        "dangerous": [{"type": c.type.name, "description": c.description} for c in find_dangerous_changes(old, new)],
    }
    json.dump(result, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
