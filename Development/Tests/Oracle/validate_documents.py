"""graphql-core's verdict on documents against one schema.

Usage: validate_documents.py INPUT.json

INPUT.json holds {"schema": SDL, "documents": [text, ...]}. One JSON line is printed per document, in order:
{"valid": true|false, "errors": [message, ...]}, with graphql-js's specified rules (a syntax error is an error too).
"""

from __future__ import annotations

import json
import sys

from graphql import GraphQLError, build_schema, parse, validate


def main(path: str) -> None:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    schema = build_schema(data["schema"])
    for text in data["documents"]:
        try:
            errors = validate(schema, parse(text))
        except GraphQLError as error:
            errors = [error]
        print(json.dumps({"valid": not errors, "errors": [error.message for error in errors]}))


if __name__ == "__main__":
    main(sys.argv[1])
