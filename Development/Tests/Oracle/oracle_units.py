"""Compilation units of the corpus: a schema and a folder of operation documents validated together.

A unit's documents form one compilation unit, or, for folders of independent examples (each file its own program, with
fragment names repeated across files), one compilation unit per file. graphql-core sees a compilation unit as one
document: the definitions of every file,
each file parsed on its own (so locations keep naming their file), in file-name order. That is the same as
concatenating the files, which is what the Swift side does when it validates the per-file documents together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

from graphql import (
    DocumentNode,
    GraphQLSchema,
    Source,
    build_client_schema,
    build_schema,
    parse,
)

# Client directives Apollo iOS knows without a declaration. The animalkingdom schema uses them undeclared; the
# Swift schema builder knows them by default, graphql-core needs them spelled out.
APOLLO_CLIENT_DIRECTIVES = '''
directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
directive @oneOf on INPUT_OBJECT
directive @apollo_client_ios_localCacheMutation on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION
'''


@dataclass(frozen=True)
class Unit:
    """A schema and the operation documents validated against it."""

    name: str
    #: The schema file, relative to the corpus folder: SDL (`.graphqls`) or introspection JSON (`.json`).
    schema: str
    #: The folder of `.graphql` files, relative to the corpus folder (searched recursively).
    operations: str
    #: SDL that graphql-core needs before the schema (declarations of directives the schema uses undeclared).
    preamble: str = ""
    #: Whether every file is a compilation unit of its own rather than the folder being one.
    per_file: bool = False


CORPUS_UNITS: List[Unit] = [
    Unit("githawk", "github/operations/githawk/schema-2020.json", "github/operations/githawk"),
    Unit("apollo-github", "github/operations/apollo/schema-apollo.graphqls", "github/operations/apollo"),
    Unit("starwars", "starwars/schema.graphqls", "starwars/operations"),
    Unit("animalkingdom", "animalkingdom/schema.graphqls", "animalkingdom/operations", APOLLO_CLIENT_DIRECTIVES),
    # Eight independent examples, most of them anonymous queries.
    Unit("swapi", "swapi/schema.graphqls", "swapi/operations", per_file=True),
    # Hydrogen's queries: each file embeds its own fragments, and HEADER and FOOTER define the same ones.
    Unit("shopify-storefront", "shopify/storefront.graphqls", "shopify/operations/storefront", per_file=True),
    Unit("shopify-customer-account", "shopify/customer-account.schema.json", "shopify/operations/customer-account"),
    Unit("subscription", "subscription/schema.graphqls", "subscription"),
    Unit("upload", "upload/schema.graphqls", "upload"),
]


def load_schema(corpus: Path, unit: Unit) -> GraphQLSchema:
    """The unit's schema as graphql-core builds it (SDL with the preamble, or introspection JSON)."""
    path = corpus / unit.schema
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        result = json.loads(text)
        return build_client_schema(result.get("data", result))
    return build_schema(unit.preamble + text)


@dataclass
class Compilation:
    """Files validated together: their names (relative to the corpus folder) and parsed documents."""

    name: str
    files: List[str] = field(default_factory=list)
    documents: List[DocumentNode] = field(default_factory=list)


def document_paths(corpus: Path, unit: Unit) -> List[Path]:
    """The unit's `.graphql` files, sorted by their path relative to the corpus."""
    return sorted((corpus / unit.operations).rglob("*.graphql"), key=lambda path: path.relative_to(corpus).as_posix())


def load_compilations(corpus: Path, unit: Unit) -> List[Compilation]:
    """The unit's compilation units, parsed; raises graphql-core's GraphQLSyntaxError for a file that does not parse."""
    compilations: List[Compilation] = []
    for path in document_paths(corpus, unit):
        name = path.relative_to(corpus).as_posix()
        if unit.per_file or not compilations:
            compilations.append(Compilation(f"{unit.name}/{path.stem}" if unit.per_file else unit.name))
        compilations[-1].files.append(name)
        compilations[-1].documents.append(parse(Source(path.read_text(encoding="utf-8"), name)))
    return compilations


def merged(documents: List[DocumentNode]) -> DocumentNode:
    """One document with the definitions of all `documents`, in order."""
    return DocumentNode(definitions=[definition for document in documents for definition in document.definitions])


def find_unit(name: str) -> Optional[Unit]:
    """The corpus unit called `name`."""
    return next((unit for unit in CORPUS_UNITS if unit.name == name), None)
