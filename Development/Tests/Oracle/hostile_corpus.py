"""Seeded GraphQL schemas and documents made of hostile names, for the code generator's compile test, as JSON.

    hostile_corpus.py --seed S --cases N [--operations-per-case K] [--no-type-name-clashes] [--summary]
    hostile_corpus.py --case-seed C [--operations-per-case K] [--no-type-name-clashes]

Every name is drawn from a pool of names that mean something to Swift or to the generated code: keywords and
contextual keywords, standard-library and Foundation types, the runtime's types, the members the generator emits,
plain names, all under random case transforms (lowerFirst, UpperFirst, UPPER_SNAKE, leading or trailing underscore,
digits). A case is one schema (object types, interfaces implementing interfaces, unions, enums whose values differ
only in case, input objects with defaults, custom scalars, arguments; hostile root type names), one namespace, K
operations and the fragments they use, spread over several files, and one response of a query operation.

Output, one JSON object on standard output (same arguments, same bytes):

    {"cases": [{"seed", "namespace", "schema", "documents": {"<file>.graphql": text}, "response": {"operation",
                "variables", "data"}}]}

`seed` is the case's own seed: `--case-seed C` with the same `--operations-per-case` prints that case alone. Case i of
`--seed S` has seed `S * 100000 + i`. The schema is valid (graphql-core's `build_schema` and `validate_schema`) and
the files' definitions, validated as one document with graphql-js 16's specified rules less NoUnusedFragments, are
valid; every fragment is used by an operation. The response's `data` is what a server sends for the operation as the
generator sends it: the selected keys (aliases, @include and @skip under `variables` and the variables' defaults,
fragments and type cases), `__typename` in every object below the root (the generator selects it there), some nulls,
lists of 0 to 3 items, custom scalars as strings. `--summary` writes the names and features used to standard error.

`--no-type-name-clashes` keeps operations from generating the Swift type of a fragment or of another operation
(`query Comment` makes `CommentQuery`, so no fragment `CommentQuery`), which the generator reports as an error.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from graphql import (
    DocumentNode,
    EnumTypeDefinitionNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLEnumType,
    GraphQLError,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    InlineFragmentNode,
    InputObjectTypeDefinitionNode,
    InterfaceTypeDefinitionNode,
    ObjectTypeDefinitionNode,
    OperationDefinitionNode,
    OperationType,
    ScalarTypeDefinitionNode,
    SchemaDefinitionNode,
    SelectionSetNode,
    Source,
    UnionTypeDefinitionNode,
    VariableNode,
    build_schema,
    get_named_type,
    parse,
    print_ast,
    validate,
    validate_schema,
    value_from_ast_untyped,
)
from graphql.pyutils import Undefined

from oracle_verdict import ORACLE_RULES

# ---------------------------------------------------------------------------------------------------------------------
# The name pool

KEYWORDS = (
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
)
CONTEXTUAL = (
    "Type", "Protocol", "some", "any", "async", "actor", "consume", "copy", "discard", "borrowing", "consuming",
    "each", "get", "set", "willSet", "didSet", "mutating", "nonmutating", "lazy", "weak", "unowned", "optional",
    "required", "convenience", "override", "final", "dynamic", "indirect", "prefix", "postfix", "infix", "package",
    "left", "right", "none", "associativity", "precedence", "macro", "isolated", "nonisolated", "sending", "then",
    "unsafe",
)
STANDARD = (
    "String", "Int", "Int8", "Int32", "Int64", "UInt", "Double", "Float", "Bool", "Array", "Dictionary", "Optional",
    "Set", "Error", "Result", "Never", "Void", "AnyObject", "AnyHashable", "Sendable", "Hashable", "Equatable",
    "Comparable", "Codable", "Decodable", "Encodable", "Identifiable", "CaseIterable", "RawRepresentable",
    "CustomStringConvertible", "Character", "Substring", "Sequence", "Collection", "URL", "Date", "Data", "UUID",
    "Decimal", "Encoder", "Decoder", "Hasher", "ObjectIdentifier", "Swift", "Foundation",
)
RUNTIME = (
    "APICoreGraphQL", "APICoreKit", "APICoreCache", "JSONObject", "JSONValue", "GraphQLEnum", "GraphQLNullable",
    "GraphQLObjectReader", "GraphQLSelection", "GraphQLField", "GraphQLQuery", "GraphQLMutation",
    "GraphQLSubscription", "GraphQLFragment", "GraphQLSelectionSet", "GraphQLRootSelectionSet", "GraphQLDecodingError",
    "GraphQLParentType", "GraphQLInputObject", "GraphQLOperation", "GraphQLConditions", "GraphQLCustomScalar",
    "GraphQLTypePolicies", "GraphQLError", "GraphQLInputValue", "GraphQLOutputValue", "GraphQLOperationType",
    "GraphQLResponseBody", "GraphQLNullPropagation", "ResponsePath", "GraphQLSelectionSetObject",
    "GraphQLCheckedObject", "GraphQLFragmentSpreads", "GraphQLFieldResult",
)
GENERATED = (
    "data", "Data", "variables", "document", "operationName", "operationIdentifier", "variableDefaults",
    "fragmentName", "fragmentDefinition", "fragments", "Fragments", "reader", "__data", "__parentType",
    "__selections", "__typename", "hashValue", "hash", "description", "debugDescription", "rawValue", "allCases",
    "unknown", "other", "value", "Objects", "Interfaces", "Unions", "InputObjects", "Enums", "typePolicies",
    "keyFields", "decode", "encode", "field", "fields", "typename", "asSelectionSet", "Query", "Mutation",
    "Subscription", "Node", "Nodes", "Edge", "edges", "nodes", "object", "interface", "union",
)
PLAIN = (
    "a", "B", "id", "name", "user", "User", "users", "comment", "Comment", "comments", "location", "Location", "node",
    "Person", "people", "item", "Item", "Issue", "issue", "repository",
)
GRAPHQL_WORDS = (
    "query", "mutation", "subscription", "fragment", "on", "type", "schema", "input", "scalar", "extend", "directive",
    "implements", "repeatable", "Boolean", "ID", "null", "__schema", "__type",
)

POOL: Dict[str, Tuple[str, ...]] = {
    "keyword": KEYWORDS,
    "contextual keyword": CONTEXTUAL,
    "standard library": STANDARD,
    "runtime": RUNTIME,
    "generated member": GENERATED,
    "plain": PLAIN,
    "GraphQL word": GRAPHQL_WORDS,
}
CATEGORY_WEIGHTS = {
    "keyword": 22, "contextual keyword": 14, "standard library": 16, "runtime": 10, "generated member": 20,
    "plain": 14, "GraphQL word": 4,
}

#: Namespaces: Swift identifiers (never keywords) that shadow something the generated code may name.
NAMESPACES = (
    "Query", "Data", "String_API", "Schema", "API", "GraphQL", "Objects", "Interfaces", "Unions", "Enums",
    "InputObjects", "JSONObject", "JSONValue", "GraphQLEnum", "GraphQLNullable", "GraphQLParentType", "Fragments",
    "GraphQLSelectionSetObject", "GraphQLCheckedObject",
    "Mutation", "Subscription", "Node", "Result", "Error", "Optional", "Array", "String", "Int", "Bool", "Double",
    "Sendable", "Hashable", "Decodable", "Codable", "Identifiable", "CaseIterable", "Character", "Date", "URL", "UUID",
    "Never", "Void", "APICoreGraphQL", "Swift", "Foundation", "User", "Comment", "data", "schema", "api",
)

BUILTIN_SCALARS = ("String", "Int", "Float", "Boolean", "ID")
NAME_PATTERN = re.compile(r"[_A-Za-z][_0-9A-Za-z]*\Z")
#: Roles whose names the schema defines: they cannot start with `__`.
SCHEMA_ROLES = ("type", "field", "argument", "input field", "enum value")
DIGITS = ("1", "2", "0", "10", "_2")

#: How a base name is changed, with weights; `dunder` only survives where `__` names are allowed.
TRANSFORMS: Tuple[Tuple[str, int], ...] = (
    ("as-is", 40), ("lowerFirst", 10), ("UpperFirst", 10), ("UPPER_SNAKE", 8), ("trailing _", 8),
    ("leading _", 7), ("digits", 7), ("lowercase", 4), ("dunder", 4),
)


def lower_first(name: str) -> str:
    return name[:1].lower() + name[1:]


def upper_first(name: str) -> str:
    return name[:1].upper() + name[1:]


def upper_snake(name: str) -> str:
    """`operationName` -> `OPERATION_NAME`, `GraphQLEnum` -> `GRAPH_QL_ENUM`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).upper()


def transformed(kind: str, name: str, rng: random.Random) -> str:
    """`name` changed the way `kind` says."""
    if kind == "lowerFirst":
        return lower_first(name)
    if kind == "UpperFirst":
        return upper_first(name)
    if kind == "UPPER_SNAKE":
        return upper_snake(name)
    if kind == "trailing _":
        return name + "_"
    if kind == "leading _":
        return "_" + name
    if kind == "digits":
        return name + rng.choice(DIGITS)
    if kind == "lowercase":
        return name.lower()
    if kind == "dunder":
        return "__" + name.lstrip("_")
    return name


def allowed(name: str, role: str) -> bool:
    """Whether GraphQL (and the generator, for `__typename` aliases) takes `name` in `role`."""
    if not NAME_PATTERN.match(name):
        return False
    if role in SCHEMA_ROLES and name.startswith("__"):
        return False
    if role == "type" and name in BUILTIN_SCALARS:
        return False
    if role == "enum value" and name in ("true", "false", "null"):
        return False
    if role == "fragment" and name == "on":
        return False
    return not (role == "alias" and name == "__typename")


def swift_identifier(name: str) -> bool:
    """Whether `name` can be a Swift type's name without backticks (for namespaces)."""
    return bool(NAME_PATTERN.match(name)) and name not in KEYWORDS and name not in CONTEXTUAL


def case_twin(name: str) -> str:
    """`comment` -> `Comment`, `Comment` -> `comment`: the first letter's case swapped (past leading underscores)."""
    body = name.lstrip("_")
    if not body:
        return name
    prefix = name[: len(name) - len(body)]
    first = body[0].lower() if body[0].isupper() else body[0].upper()
    return prefix + first + body[1:]


class Namer:
    """Draws names from the pool, transformed, until one is allowed in its role and fresh."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.categories = list(CATEGORY_WEIGHTS)
        self.weights = [CATEGORY_WEIGHTS[category] for category in self.categories]

    def base(self) -> str:
        category = self.rng.choices(self.categories, self.weights)[0]
        return self.rng.choice(POOL[category])

    def transform(self, name: str) -> str:
        kind = self.rng.choices([kind for kind, _ in TRANSFORMS], [weight for _, weight in TRANSFORMS])[0]
        return transformed(kind, name, self.rng)

    def draw(
        self, role: str, fresh: Callable[[str], bool], extra: Sequence[str] = (), extra_chance: float = 0.0
    ) -> str:
        """A fresh name for `role`, one of `extra` with probability `extra_chance` (when one is fresh)."""
        candidate = "name"
        for _ in range(60):
            if extra and self.rng.random() < extra_chance:
                candidate = self.rng.choice(list(extra))
            else:
                candidate = self.transform(self.base())
            if allowed(candidate, role) and fresh(candidate):
                return candidate
        stem = candidate if allowed(candidate, role) else "name"
        number = 2
        while not fresh(f"{stem}{number}"):
            number += 1
        return f"{stem}{number}"


# ---------------------------------------------------------------------------------------------------------------------
# Literals and values

#: Text for descriptions, deprecation reasons and string values: things that break careless string and comment output.
HOSTILE_TEXTS = (
    "Ends a doc comment early */ and opens one /*",
    'A "quoted" word, a backslash \\ and an interpolation \\(value)',
    "Two lines:\nthe second with trailing spaces   ",
    "Right-to-left \u202e override\u202c and a zero\u200bwidth space",
    "Emoji \U0001F680, accents \u00e9 and CJK \u6f22\u5b57",
    "#if false\n#endif",
    '""" triple quotes',
    "Tab\tand CRLF\r\nand a bell \u0007",
    "$variable and ${template}",
    "",
)
CUSTOM_SCALAR_STRINGS = ("2024-01-01T00:00:00Z", 'https://example.com/?q="x"&a=\\b', "opaque \u00e9", "")


def graphql_string(text: str) -> str:
    """`text` as a GraphQL string literal."""
    escapes = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
    body = "".join(escapes.get(ch) or (f"\\u{ord(ch):04x}" if ord(ch) < 0x20 else ch) for ch in text)
    return f'"{body}"'


@dataclass
class Catalog:
    """The input types of a schema by name, for literals and variable values: kinds, enum values, input fields."""

    kinds: Dict[str, str] = field(default_factory=dict)
    enum_values: Dict[str, List[str]] = field(default_factory=dict)
    #: Input object -> [(field, type, has a default)].
    input_fields: Dict[str, List[Tuple[str, str, bool]]] = field(default_factory=dict)


def unwrap(type_ref: str) -> Tuple[str, str]:
    """`("non-null", inner)`, `("list", item)` or `("named", name)`."""
    if type_ref.endswith("!"):
        return "non-null", type_ref[:-1]
    if type_ref.startswith("["):
        return "list", type_ref[1:-1]
    return "named", type_ref


def named_of(type_ref: str) -> str:
    return type_ref.strip("[]!")


def literal(catalog: Catalog, type_ref: str, rng: random.Random, depth: int = 0) -> str:
    """A valid GraphQL literal of `type_ref` (sometimes `null` where allowed)."""
    kind, inner = unwrap(type_ref)
    if kind == "non-null":
        return present_literal(catalog, inner, rng, depth)
    if rng.random() < 0.12:
        return "null"
    return present_literal(catalog, type_ref, rng, depth)


def present_literal(catalog: Catalog, type_ref: str, rng: random.Random, depth: int) -> str:
    kind, inner = unwrap(type_ref)
    if kind == "list":
        count = 0 if depth > 2 else rng.randint(0, 2)
        return "[" + ", ".join(literal(catalog, inner, rng, depth + 1) for _ in range(count)) + "]"
    name = inner
    if name == "Int":
        return str(rng.choice([0, 1, -7, 42, 2147483647, -2147483648]))
    if name == "Float":
        return rng.choice(["1.5", "-0.25", "0", "3e2", "6.02e23"])
    if name == "String":
        return graphql_string(rng.choice(HOSTILE_TEXTS))
    if name == "Boolean":
        return rng.choice(["true", "false"])
    if name == "ID":
        return rng.choice([graphql_string("id-1"), "7"])
    if catalog.kinds.get(name) == "enum":
        return rng.choice(catalog.enum_values[name])
    if catalog.kinds.get(name) == "input":
        parts = [
            f"{field_name}: {literal(catalog, field_type, rng, depth + 1)}"
            for field_name, field_type, has_default in catalog.input_fields[name]
            if (field_type.endswith("!") and not has_default) or (depth < 3 and rng.random() < 0.35)
        ]
        return "{" + ", ".join(parts) + "}"
    return graphql_string(rng.choice(CUSTOM_SCALAR_STRINGS))


def json_value(catalog: Catalog, type_ref: str, rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of `type_ref` for a variable (never null, so that no default is overridden by null)."""
    kind, inner = unwrap(type_ref)
    if kind == "non-null":
        return json_value(catalog, inner, rng, depth)
    if kind == "list":
        return [json_value(catalog, inner, rng, depth + 1) for _ in range(0 if depth > 2 else rng.randint(0, 2))]
    if inner == "Int":
        return rng.choice([0, 3, -12, 2147483647])
    if inner == "Float":
        return rng.choice([1.5, -0.25, 1e-3])
    if inner == "String":
        return rng.choice(HOSTILE_TEXTS)
    if inner == "Boolean":
        return rng.choice([True, False])
    if inner == "ID":
        return rng.choice(["id-1", "42"])
    if catalog.kinds.get(inner) == "enum":
        return rng.choice(catalog.enum_values[inner])
    if catalog.kinds.get(inner) == "input":
        return {
            field_name: json_value(catalog, field_type, rng, depth + 1)
            for field_name, field_type, has_default in catalog.input_fields[inner]
            if (field_type.endswith("!") and not has_default) or (depth < 3 and rng.random() < 0.35)
        }
    return rng.choice(CUSTOM_SCALAR_STRINGS)


# ---------------------------------------------------------------------------------------------------------------------
# Schemas


@dataclass
class InputValue:
    """An argument or an input field."""

    name: str
    type: str
    default: Optional[str] = None
    description: Optional[str] = None


@dataclass
class OutputField:
    name: str
    type: str
    arguments: List[InputValue] = field(default_factory=list)
    description: Optional[str] = None
    deprecation: Optional[str] = None

    def signature(self) -> Tuple[Any, ...]:
        return self.name, self.type, tuple((arg.name, arg.type, arg.default) for arg in self.arguments)


@dataclass
class TypeDefinition:
    kind: str  # object, interface, union, enum, input, scalar
    name: str
    fields: List[OutputField] = field(default_factory=list)
    input_fields: List[InputValue] = field(default_factory=list)
    interfaces: List[str] = field(default_factory=list)
    members: List[str] = field(default_factory=list)
    values: List[str] = field(default_factory=list)
    deprecated_values: Dict[str, str] = field(default_factory=dict)
    description: Optional[str] = None

    def field_names(self) -> List[str]:
        return [output.name for output in self.fields] or [value.name for value in self.input_fields]


@dataclass
class SchemaModel:
    types: Dict[str, TypeDefinition] = field(default_factory=dict)
    roots: Dict[str, str] = field(default_factory=dict)
    explicit_roots: bool = False

    def of_kind(self, *kinds: str) -> List[TypeDefinition]:
        return [type_ for type_ in self.types.values() if type_.kind in kinds]

    def names_of(self, *kinds: str) -> List[str]:
        return [type_.name for type_ in self.of_kind(*kinds)]

    def catalog(self) -> Catalog:
        catalog = Catalog()
        for type_ in self.types.values():
            catalog.kinds[type_.name] = type_.kind
            if type_.kind == "enum":
                catalog.enum_values[type_.name] = list(type_.values)
            if type_.kind == "input":
                catalog.input_fields[type_.name] = [
                    (value.name, value.type, value.default is not None) for value in type_.input_fields
                ]
        return catalog


ROOT_DEFAULTS = {"query": "Query", "mutation": "Mutation", "subscription": "Subscription"}


def wrapped(rng: random.Random, named: str, list_chance: float = 0.25) -> str:
    """`named`, maybe non-null, maybe in a list (itself maybe non-null)."""
    type_ref = named + "!" if rng.random() < 0.5 else named
    if rng.random() < list_chance:
        type_ref = f"[{type_ref}]" + ("!" if rng.random() < 0.5 else "")
    return type_ref


class SchemaDrawer:
    """Draws one schema model, valid by construction as far as known (graphql-core checks it; see `draw_schema`)."""

    def __init__(self, rng: random.Random, namespace: str, type_named_like_namespace: bool) -> None:
        self.rng = rng
        self.names = Namer(rng)
        self.namespace = namespace
        self.type_named_like_namespace = type_named_like_namespace
        self.model = SchemaModel()

    # -- names

    def fresh_type(self, candidate: str) -> bool:
        return candidate not in self.model.types

    def type_name(self) -> str:
        return self.names.draw("type", self.fresh_type)

    def add(self, kind: str, name: str) -> TypeDefinition:
        type_ = TypeDefinition(kind, name, description=self.maybe_text(0.1))
        self.model.types[name] = type_
        return type_

    def maybe_text(self, chance: float) -> Optional[str]:
        return self.rng.choice(HOSTILE_TEXTS) if self.rng.random() < chance else None

    def root_name(self, kind: str) -> str:
        roll = self.rng.random()
        default = ROOT_DEFAULTS[kind]
        if roll < 0.6 and self.fresh_type(default):
            return default
        if roll < 0.8:
            options = [name for name in ("Query", "Mutation", "Subscription", "Data", "Root") if self.fresh_type(name)]
            if options:
                return self.rng.choice(options)
        return self.type_name()

    def plan_types(self) -> None:
        """Every type's name and kind, roots first; special names: the namespace, `...Query`, case twins."""
        rng = self.rng
        kinds = ["query"] + (["mutation"] if rng.random() < 0.6 else [])
        kinds += ["subscription"] if rng.random() < 0.4 else []
        for kind in kinds:
            self.model.roots[kind] = self.add("object", self.root_name(kind)).name
        plan = ["object"] * (rng.randint(5, 15) - len(kinds)) + ["interface"] * rng.randint(1, 4)
        plan += ["union"] * rng.randint(0, 3) + ["enum"] * rng.randint(1, 4) + ["input"] * rng.randint(1, 4)
        plan += ["scalar"] * rng.randint(0, 3)
        rng.shuffle(plan)
        special: List[str] = []
        if self.type_named_like_namespace and allowed(self.namespace, "type"):
            special.append(self.namespace)
        if rng.random() < 0.6:
            special.append(upper_first(self.names.base().lstrip("_")) + "Query")
        for kind in plan:
            name = special.pop(0) if special else None
            self.add(kind, name if name and self.fresh_type(name) and allowed(name, "type") else self.type_name())
        if rng.random() < 0.5 and len(self.model.names_of("object")) < 15:
            twin = case_twin(rng.choice(self.model.names_of("object", "interface", "enum", "input")))
            if allowed(twin, "type") and self.fresh_type(twin):
                self.add("object", twin)

    # -- type references

    def output_named(self) -> str:
        model = self.model
        objects = [name for name in model.names_of("object") if name not in model.roots.values()]
        groups = [
            (list(BUILTIN_SCALARS), 30), (model.names_of("scalar"), 5), (model.names_of("enum"), 10),
            (objects, 25), (list(model.roots.values()), 2), (model.names_of("interface"), 15),
            (model.names_of("union"), 10),
        ]
        groups = [(names, weight) for names, weight in groups if names]
        names = self.rng.choices([names for names, _ in groups], [weight for _, weight in groups])[0]
        return self.rng.choice(names)

    def input_named(self) -> str:
        model = self.model
        groups = [(list(BUILTIN_SCALARS), 45), (model.names_of("scalar"), 5), (model.names_of("enum"), 20),
                  (model.names_of("input"), 30)]
        groups = [(names, weight) for names, weight in groups if names]
        names = self.rng.choices([names for names, _ in groups], [weight for _, weight in groups])[0]
        return self.rng.choice(names)

    # -- members

    def member_name(self, role: str, owner: TypeDefinition, taken: Iterable[str], named: Optional[str]) -> str:
        """A field, argument or input field name: from the pool or the names around it (parent, namespace, types)."""
        taken_names = set(taken)
        other = self.rng.choice(list(self.model.types))
        extra = [owner.name, lower_first(owner.name), self.namespace, other, "as" + other, "As" + other]
        if named:
            extra += [named, lower_first(named)]
        return self.names.draw(role, lambda candidate: candidate not in taken_names, extra, 0.3)

    def arguments(self, owner: TypeDefinition) -> List[InputValue]:
        arguments: List[InputValue] = []
        for _ in range(self.rng.choice([0, 0, 0, 0, 1, 1, 2, 3])):
            type_ref = wrapped(self.rng, self.input_named())
            name = self.member_name("argument", owner, [arg.name for arg in arguments], None)
            arguments.append(InputValue(name, type_ref, self.default_for(type_ref), self.maybe_text(0.05)))
        return arguments

    def default_for(self, type_ref: str) -> Optional[str]:
        return literal(self.model.catalog(), type_ref, self.rng) if self.rng.random() < 0.3 else None

    def output_field(self, owner: TypeDefinition, taken: Iterable[str], named: Optional[str] = None) -> OutputField:
        named = named or self.output_named()
        type_ref = wrapped(self.rng, named)
        name = self.member_name("field", owner, taken, named)
        deprecation = self.rng.choice(HOSTILE_TEXTS) if self.rng.random() < 0.05 else None
        return OutputField(name, type_ref, self.arguments(owner), self.maybe_text(0.06), deprecation)

    def own_fields(self, owner: TypeDefinition, count: int) -> None:
        for _ in range(count):
            owner.fields.append(self.output_field(owner, owner.field_names()))

    # -- kinds

    def fill_enum(self, enum: TypeDefinition) -> None:
        for _ in range(self.rng.randint(2, 6)):
            enum.values.append(self.names.draw("enum value", lambda candidate: candidate not in enum.values))
        if self.rng.random() < 0.6:
            value = self.rng.choice(enum.values)
            for twin in (value.upper(), value.lower(), upper_first(value), case_twin(value)):
                if allowed(twin, "enum value") and twin not in enum.values and self.rng.random() < 0.7:
                    enum.values.append(twin)
        for value in enum.values:
            if self.rng.random() < 0.05:
                enum.deprecated_values[value] = self.rng.choice(HOSTILE_TEXTS)

    def fill_input(self, index: int, input_type: TypeDefinition, inputs: List[str]) -> None:
        """Fields without defaults; an input refers to itself or a later input only through nullable or list types,
        so that no input needs itself through non-null fields."""
        for _ in range(self.rng.randint(1, 5)):
            named = self.input_named()
            type_ref = wrapped(self.rng, named)
            if named in inputs and inputs.index(named) >= index and type_ref == named + "!":
                type_ref = named
            name = self.member_name("input field", input_type, input_type.field_names(), named)
            input_type.input_fields.append(InputValue(name, type_ref, None, self.maybe_text(0.05)))

    def inherited(self, owner: TypeDefinition, interface_names: Sequence[str]) -> None:
        """Implements `interface_names` with all the interfaces they implement, skipping any whose fields clash."""
        for name in interface_names:
            closure = [name] + [ancestor for ancestor in self.model.types[name].interfaces]
            fields = {output.name: output for output in owner.fields}
            wanted = [output for ancestor in closure for output in self.model.types[ancestor].fields]
            if any(output.name in fields and fields[output.name].signature() != output.signature()
                   for output in wanted):
                continue
            for ancestor in closure:
                if ancestor not in owner.interfaces and ancestor != owner.name:
                    owner.interfaces.append(ancestor)
            for output in wanted:
                if output.name not in fields:
                    fields[output.name] = output
                    owner.fields.append(OutputField(output.name, output.type, list(output.arguments),
                                                    output.description, output.deprecation))

    def inputs_reachable(self, name: str) -> List[str]:
        """The input objects that `name`'s fields lead to. graphql-core, like graphql-js, coerces an input field's
        default while it builds the fields of its input type, so a default whose type leads back there recurses."""
        seen: List[str] = []
        pending = [name]
        while pending:
            current = self.model.types.get(pending.pop())
            if current is None or current.kind != "input" or current.name in seen:
                continue
            seen.append(current.name)
            pending += [named_of(value.type) for value in current.input_fields]
        return seen

    def fill_interface(self, index: int, interface: TypeDefinition, interfaces: List[str]) -> None:
        earlier = interfaces[:index]
        if earlier and self.rng.random() < 0.7:
            self.inherited(interface, self.rng.sample(earlier, self.rng.randint(1, min(2, len(earlier)))))
        self.own_fields(interface, self.rng.randint(1, 3))

    def fill_object(self, object_type: TypeDefinition, interfaces: List[str]) -> None:
        if interfaces and self.rng.random() < 0.55:
            self.inherited(object_type, self.rng.sample(interfaces, self.rng.randint(1, min(2, len(interfaces)))))
        self.own_fields(object_type, self.rng.randint(1, 4))

    def fill_union(self, union: TypeDefinition, objects: List[str]) -> None:
        union.members = self.rng.sample(objects, self.rng.randint(1, min(4, len(objects))))

    def fill_root(self, kind: str, root: TypeDefinition) -> None:
        low, high = {"query": (3, 7), "mutation": (1, 4)}.get(kind, (1, 3))
        self.own_fields(root, self.rng.randint(low, high))
        if kind == "mutation":
            for output in root.fields:
                if not output.arguments and self.rng.random() < 0.7:
                    output.arguments = self.arguments(root)
                    if not output.arguments:
                        output.arguments = [InputValue("input", wrapped(self.rng, self.input_named()))]

    # -- repairs

    def ensure_implemented(self, objects: List[str]) -> None:
        """Every interface gets an object type that implements it, so that values of it exist."""
        for interface in self.model.of_kind("interface"):
            if any(interface.name in self.model.types[name].interfaces for name in self.model.names_of("object")):
                continue
            for name in objects:
                self.inherited(self.model.types[name], [interface.name])
                if interface.name in self.model.types[name].interfaces:
                    break
            else:
                implementation = self.add("object", self.type_name())
                self.inherited(implementation, [interface.name])
                self.own_fields(implementation, 1)

    def reachable(self) -> set:
        """Composite types reachable from the query root through fields, union members and implementations."""
        seen, pending = set(), [self.model.roots["query"]]
        while pending:
            type_ = self.model.types[pending.pop()]
            if type_.name in seen:
                continue
            seen.add(type_.name)
            targets = [named_of(output.type) for output in type_.fields] + type_.members
            if type_.kind == "interface":
                targets += [other.name for other in self.model.of_kind("object", "interface")
                            if type_.name in other.interfaces]
            pending += [name for name in targets if self.model.types.get(name, TypeDefinition("", "")).kind in
                        ("object", "interface", "union")]
        return seen

    def ensure_reachable(self) -> None:
        """Every object, interface and union is reachable from the query root (a query field returns it)."""
        query = self.model.types[self.model.roots["query"]]
        for type_ in self.model.of_kind("object", "interface", "union"):
            if type_.name not in self.reachable():
                query.fields.append(self.output_field(query, query.field_names(), named=type_.name))

    def draw(self) -> SchemaModel:
        self.plan_types()
        model = self.model
        roots = list(model.roots.values())
        objects = [name for name in model.names_of("object") if name not in roots]
        inputs, interfaces = model.names_of("input"), model.names_of("interface")
        for enum in model.of_kind("enum"):
            self.fill_enum(enum)
        for index, name in enumerate(inputs):
            self.fill_input(index, model.types[name], inputs)
        for name in inputs:
            for value in model.types[name].input_fields:
                if name not in self.inputs_reachable(named_of(value.type)):
                    value.default = self.default_for(value.type)
        for index, name in enumerate(interfaces):
            self.fill_interface(index, model.types[name], interfaces)
        for name in objects:
            self.fill_object(model.types[name], interfaces)
        for union in model.of_kind("union"):
            self.fill_union(union, objects)
        for kind, name in model.roots.items():
            self.fill_root(kind, model.types[name])
        self.ensure_implemented(objects)
        self.ensure_reachable()
        self.decide_schema_definition()
        return model

    def decide_schema_definition(self) -> None:
        """`schema { ... }` where the roots are not what the type names alone say, and sometimes anyway."""
        model = self.model
        needed = any(
            model.roots.get(kind) != default and (default in model.types or kind in model.roots)
            for kind, default in ROOT_DEFAULTS.items()
        )
        model.explicit_roots = needed or self.rng.random() < 0.25


def described(text: Optional[str], indent: str) -> str:
    return f"{indent}{graphql_string(text)}\n" if text is not None else ""


def print_input_value(value: InputValue) -> str:
    default = f" = {value.default}" if value.default is not None else ""
    return f"{value.name}: {value.type}{default}"


def print_type(type_: TypeDefinition) -> str:
    head = described(type_.description, "")
    if type_.kind == "scalar":
        return f"{head}scalar {type_.name}"
    if type_.kind == "union":
        return f"{head}union {type_.name} = " + " | ".join(type_.members)
    if type_.kind == "enum":
        lines = []
        for value in type_.values:
            reason = type_.deprecated_values.get(value)
            deprecation = f" @deprecated(reason: {graphql_string(reason)})" if reason is not None else ""
            lines.append(f"  {value}{deprecation}")
        return f"{head}enum {type_.name} {{\n" + "\n".join(lines) + "\n}"
    if type_.kind == "input":
        lines = [described(value.description, "  ") + "  " + print_input_value(value) for value in type_.input_fields]
        return f"{head}input {type_.name} {{\n" + "\n".join(lines) + "\n}"
    keyword = "type" if type_.kind == "object" else "interface"
    implements = " implements " + " & ".join(type_.interfaces) if type_.interfaces else ""
    lines = []
    for output in type_.fields:
        arguments = ""
        if output.arguments:
            arguments = "(" + ", ".join((f"{graphql_string(arg.description)} " if arg.description is not None else "")
                                        + print_input_value(arg) for arg in output.arguments) + ")"
        deprecation = ""
        if output.deprecation is not None:
            deprecation = f" @deprecated(reason: {graphql_string(output.deprecation)})" if output.deprecation else \
                " @deprecated"
        lines.append(described(output.description, "  ") + f"  {output.name}{arguments}: {output.type}{deprecation}")
    return f"{head}{keyword} {type_.name}{implements} {{\n" + "\n".join(lines) + "\n}"


def print_sdl(model: SchemaModel) -> str:
    blocks = []
    if model.explicit_roots:
        blocks.append("schema {\n" + "".join(f"  {kind}: {name}\n" for kind, name in model.roots.items()) + "}")
    blocks += [print_type(type_) for type_ in model.types.values()]
    return "\n\n".join(blocks) + "\n"


def valid_schema(sdl: str) -> Optional[GraphQLSchema]:
    """graphql-core's schema of `sdl` when it builds and validates."""
    try:
        schema = build_schema(sdl)
    except (GraphQLError, TypeError):
        return None
    return None if validate_schema(schema) else schema


# ---------------------------------------------------------------------------------------------------------------------
# Documents


@dataclass
class FieldSelection:
    name: str
    alias: Optional[str] = None
    arguments: str = ""
    directives: str = ""
    children: Optional[List[Any]] = None


@dataclass
class SpreadSelection:
    fragment: str
    directives: str = ""


@dataclass
class InlineSelection:
    type_condition: Optional[str]
    directives: str
    children: List[Any]


@dataclass
class Variable:
    name: str
    type: str
    default: Optional[str]


@dataclass
class Fragment:
    name: str
    type_condition: str
    text: str
    variables: List[str]
    #: Every fragment it spreads, directly or not.
    fragments: List[str]


@dataclass
class Operation:
    kind: str
    name: str
    text: str
    variables: List[str]
    fragments: List[str]


#: A path from a root to where a fragment is spread: ("field", name), ("inline", type), then ("spread", fragment).
Route = List[Tuple[str, str]]

MAX_DEPTH = 3
SUFFIXES = {"query": "Query", "mutation": "Mutation", "subscription": "Subscription"}


def render(selections: Sequence[Any], depth: int) -> List[str]:
    pad = "  " * depth
    lines: List[str] = []
    for selection in selections:
        if isinstance(selection, SpreadSelection):
            lines.append(f"{pad}...{selection.fragment}{selection.directives}")
            continue
        if isinstance(selection, InlineSelection):
            condition = f" on {selection.type_condition}" if selection.type_condition else ""
            head, children = f"{pad}...{condition}{selection.directives}", selection.children
        else:
            alias = f"{selection.alias}: " if selection.alias is not None else ""
            head = f"{pad}{alias}{selection.name}{selection.arguments}{selection.directives}"
            children = selection.children
        if children is None:
            lines.append(head)
        else:
            lines += [head + " {"] + render(children, depth + 1) + [pad + "}"]
    return lines


def generated_type_name(kind: str, name: str) -> str:
    """The Swift type the generator makes for an operation: its name with the kind's suffix unless it has it."""
    suffix = SUFFIXES[kind]
    return name if name.endswith(suffix) else name + suffix


def document_errors(schema: GraphQLSchema, texts: Sequence[str]) -> List[GraphQLError]:
    """graphql-core's errors for the definitions of `texts`, each parsed on its own, validated as one document."""
    try:
        definitions = [definition for text in texts for definition in parse(text).definitions]
    except GraphQLError as error:
        return [error]
    return validate(schema, DocumentNode(definitions=definitions), ORACLE_RULES)


class DocumentBuilder:
    """Fragments and operations for one schema.

    Every response key maps, in the whole case, to one field name, type and argument list (the `keys` registry), and
    every variable name to one type and default: so selections that meet under one response key always merge
    (OverlappingFieldsCanBeMerged) and fragments agree with every operation on their variables.
    """

    def __init__(self, schema: GraphQLSchema, rng: random.Random, namespace: str, clashes: bool) -> None:
        self.schema = schema
        self.rng = rng
        self.names = Namer(rng)
        self.namespace = namespace
        self.clashes = clashes
        self.catalog = schema_catalog(schema)
        self.type_names = [name for name in schema.type_map if not name.startswith("__")]
        self.keys: Dict[str, Tuple[str, str, str]] = {"__typename": ("__typename", "String!", "")}
        self.variables: Dict[str, Variable] = {}
        self.fragments: Dict[str, Fragment] = {}
        self.spreadable: List[str] = []
        self.scope_variables: List[str] = []
        self.scope_spreads: List[str] = []

    # -- schema look-ups

    def type(self, name: str) -> Any:
        return self.schema.type_map[name]

    def possible(self, type_: Any) -> List[str]:
        if isinstance(type_, GraphQLObjectType):
            return [type_.name]
        return [object_type.name for object_type in self.schema.get_possible_types(type_)]

    def overlaps(self, first: Any, second: Any) -> bool:
        return first.name == second.name or bool(set(self.possible(first)) & set(self.possible(second)))

    def composite(self, name: str) -> bool:
        return isinstance(self.type(name), (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType))

    def reachable(self, root: str) -> List[str]:
        seen: List[str] = []
        pending = [root]
        while pending:
            name = pending.pop(0)
            if name in seen:
                continue
            seen.append(name)
            pending += [target for _, target in self.edges(name)]
        return seen

    def edges(self, name: str) -> List[Tuple[Tuple[str, str], str]]:
        """Steps from a composite type: its fields of composite types, type cases of an abstract type."""
        type_ = self.type(name)
        steps = []
        if not isinstance(type_, GraphQLUnionType):
            for field_name, definition in type_.fields.items():
                named = get_named_type(definition.type).name
                if self.composite(named):
                    steps.append((("field", field_name), named))
        if not isinstance(type_, GraphQLObjectType):
            steps += [(("inline", possible), possible) for possible in self.possible(type_)]
        return steps

    def route(self, root: str, fragment: Fragment, anchor: Optional[Tuple[str, str]]) -> Optional[Route]:
        """The shortest path from `root` to a place where `fragment` can be spread (inside `anchor`'s field)."""
        condition = self.type(fragment.type_condition)
        paths: Dict[str, Route] = {root: []}
        pending = [root]
        while pending:
            name = pending.pop(0)
            if anchor is not None and name == anchor[0]:
                return paths[name] + [("field", anchor[1]), ("spread", fragment.name)]
            if anchor is None and self.overlaps(self.type(name), condition):
                return paths[name] + [("spread", fragment.name)]
            edges = self.edges(name)
            self.rng.shuffle(edges)
            for step, target in edges:
                if target not in paths:
                    paths[target] = paths[name] + [step]
                    pending.append(target)
        return None if anchor is None else self.route(root, fragment, None)

    # -- names, variables, response keys

    def begin(self, spreadable: List[str]) -> None:
        self.spreadable = spreadable
        self.scope_variables = []
        self.scope_spreads = []

    def use_variable(self, name: str) -> str:
        if name not in self.scope_variables:
            self.scope_variables.append(name)
        return name

    def variable_for(self, location: str) -> str:
        """A variable for an argument of type `location`: an existing one that fits, or a new one."""
        fitting = [variable.name for variable in self.variables.values()
                   if variable.type == location or variable.type == location + "!"]
        if fitting and self.rng.random() < 0.5:
            return self.use_variable(self.rng.choice(fitting))
        extra = list(self.fragments) + self.type_names + [self.namespace]
        name = self.names.draw("variable", lambda candidate: candidate not in self.variables, extra, 0.25)
        type_ref = location + "!" if not location.endswith("!") and self.rng.random() < 0.3 else location
        kind = self.catalog.kinds.get(named_of(location))
        chance = 0.55 if kind in ("enum", "input") else 0.25
        default = literal(self.catalog, type_ref, self.rng) if self.rng.random() < chance else None
        self.variables[name] = Variable(name, type_ref, default)
        return self.use_variable(name)

    def boolean_variable(self, name: Optional[str] = None) -> Optional[str]:
        """A variable for `@include(if:)` / `@skip(if:)`: `Boolean!`, or `Boolean` with a default."""
        def fits(variable: Variable) -> bool:
            return variable.type == "Boolean!" or (variable.type == "Boolean" and variable.default in ("true", "false"))

        if name is None:
            fitting = [variable.name for variable in self.variables.values() if fits(variable)]
            if fitting and self.rng.random() < 0.5:
                return self.use_variable(self.rng.choice(fitting))
            name = self.names.draw("variable", lambda candidate: candidate not in self.variables,
                                   list(self.fragments), 0.2)
        if name in self.variables:
            return self.use_variable(name) if fits(self.variables[name]) else None
        default = self.rng.choice(["true", "false"]) if self.rng.random() < 0.4 else None
        self.variables[name] = Variable(name, "Boolean" if default else "Boolean!", default)
        return self.use_variable(name)

    def condition(self, chance: float = 0.12) -> str:
        """Sometimes `@include(if: ...)`, `@skip(if: ...)` or both, with variables or literals."""
        if self.rng.random() >= chance:
            return ""
        directives = []
        for directive in self.rng.sample(["include", "skip"], self.rng.choice([1, 1, 1, 2])):
            if self.rng.random() < 0.2:
                directives.append(f" @{directive}(if: {self.rng.choice(['true', 'false'])})")
            else:
                directives.append(f" @{directive}(if: ${self.boolean_variable()})")
        return "".join(directives)

    def response_key(self, parent: Any, name: str, signature: Tuple[str, str, str]) -> Optional[str]:
        """The alias for a field (None for none): a key that always means this field, type and arguments."""
        if self.rng.random() >= 0.25 and self.keys.get(name, signature) == signature:
            self.keys[name] = signature
            return None
        siblings = list(getattr(parent, "fields", {}))
        extra = siblings + list(self.fragments) + self.type_names + ["__data", "__parentType", "__selections", name]
        for _ in range(30):
            alias = self.names.draw("alias", lambda candidate: True, extra, 0.45)
            if self.keys.get(alias, signature) == signature:
                self.keys[alias] = signature
                return alias
        alias = name + "_"
        while self.keys.get(alias, signature) != signature:
            alias += "_"
        self.keys[alias] = signature
        return alias

    def arguments(self, definition: Any) -> str:
        parts = []
        for name, argument in definition.args.items():
            type_ref = str(argument.type)
            required = isinstance(argument.type, GraphQLNonNull) and argument.default_value is Undefined
            if not required and self.rng.random() > 0.4:
                continue
            if self.rng.random() < 0.45:
                value = "$" + self.variable_for(type_ref)
            else:
                value = literal(self.catalog, type_ref, self.rng)
            parts.append(f"{name}: {value}")
        return "(" + ", ".join(parts) + ")" if parts else ""

    # -- selections

    def field(self, parent: Any, name: str, depth: int, routes: Sequence[Route] = (), conditions: bool = True
              ) -> FieldSelection:
        definition = parent.fields[name]
        arguments = self.arguments(definition)
        alias = self.response_key(parent, name, (name, str(definition.type), arguments))
        named = get_named_type(definition.type)
        children = None
        if self.composite(named.name):
            children = self.selection_set(named, depth + 1, routes, hint=name)
        return FieldSelection(name, alias, arguments, self.condition() if conditions else "", children)

    def forced(self, parent: Any, depth: int, routes: Sequence[Route]) -> List[Any]:
        """The selections that follow `routes`, grouped by their first step."""
        groups: Dict[Tuple[str, str], List[Route]] = collections.OrderedDict()
        for route in routes:
            groups.setdefault(route[0], []).append(route[1:])
        selections: List[Any] = []
        for (kind, value), rests in groups.items():
            if kind == "spread":
                self.spread(value)
                selections.append(SpreadSelection(value, self.condition(0.1)))
            elif kind == "field":
                selections.append(self.field(parent, value, depth, [rest for rest in rests if rest]))
            else:
                children = self.selection_set(self.type(value), depth + 1, [rest for rest in rests if rest])
                selections.append(InlineSelection(value, self.condition(0.1), children))
        return selections

    def spread(self, name: str) -> None:
        if name not in self.scope_spreads:
            self.scope_spreads.append(name)

    def leaf_fields(self, parent: Any) -> List[str]:
        return [name for name, definition in getattr(parent, "fields", {}).items()
                if not self.composite(get_named_type(definition.type).name)]

    def selection_set(self, parent: Any, depth: int, routes: Sequence[Route] = (), hint: Optional[str] = None
                      ) -> List[Any]:
        rng = self.rng
        selections = self.forced(parent, depth, routes)
        if isinstance(parent, GraphQLUnionType):
            names: List[str] = []
        elif depth >= MAX_DEPTH:
            leaves = self.leaf_fields(parent)
            names = rng.sample(leaves, min(len(leaves), rng.randint(0, 2)))
        else:
            all_names = list(parent.fields)
            names = rng.sample(all_names, min(len(all_names), rng.randint(1, max(1, 4 - depth))))
        selections += [self.field(parent, name, depth) for name in names]
        if depth < MAX_DEPTH:
            selections += self.type_cases(parent, depth)
            selections += self.spreads(parent, hint)
            if rng.random() < 0.08:
                selections.append(InlineSelection(None, self.condition(1.0), self.selection_set(parent, depth + 1)))
        if rng.random() < 0.25 or not selections:
            selections.append(FieldSelection("__typename", None, "", self.condition(0.1)))
        rng.shuffle(selections)
        return selections

    def type_cases(self, parent: Any, depth: int) -> List[Any]:
        """Inline fragments: on possible types of an abstract type, on interfaces an object type implements."""
        rng = self.rng
        if isinstance(parent, GraphQLObjectType):
            options = [interface.name for interface in parent.interfaces] if rng.random() < 0.15 else []
        else:
            options = self.possible(parent) + [interface.name for interface in self.schema.type_map.values()
                                               if isinstance(interface, GraphQLInterfaceType)
                                               and interface.name != parent.name and self.overlaps(parent, interface)]
        count = rng.randint(1 if isinstance(parent, GraphQLUnionType) else 0, 2)
        chosen = rng.sample(options, min(count, len(options)))
        return [InlineSelection(name, self.condition(0.1), self.selection_set(self.type(name), depth + 1))
                for name in chosen]

    def spreads(self, parent: Any, hint: Optional[str]) -> List[Any]:
        """Sometimes a spread of a fragment that fits here; the fragment named like the field, when there is one."""
        fitting = [name for name in self.spreadable
                   if self.overlaps(parent, self.type(self.fragments[name].type_condition))]
        if hint in fitting and self.rng.random() < 0.7:
            chosen = hint
        elif fitting and self.rng.random() < 0.3:
            chosen = self.rng.choice(fitting)
        else:
            return []
        self.spread(chosen)
        return [SpreadSelection(chosen, self.condition(0.1))]

    # -- definitions

    def closure(self, spreads: Sequence[str]) -> List[str]:
        result: List[str] = []
        for name in spreads:
            for used in [name] + self.fragments[name].fragments:
                if used not in result:
                    result.append(used)
        return result

    def scope_variable_names(self, fragments: Sequence[str]) -> List[str]:
        names = list(self.scope_variables)
        for fragment in fragments:
            names += [name for name in self.fragments[fragment].variables if name not in names]
        return names

    def fragment(self, name: str, type_condition: str, variable_named_like_it: bool) -> Optional[Fragment]:
        """A fragment that may spread the fragments made before it; None when the variable named like it is taken."""
        earlier = list(self.fragments)
        self.begin(earlier)
        parent = self.type(type_condition)
        selections = self.selection_set(parent, 1)
        if variable_named_like_it:
            if self.boolean_variable(name) is None:
                return None
            selections.append(FieldSelection("__typename", None, "", f" @include(if: ${name})"))
        nested = [other for other in earlier if self.overlaps(parent, self.type(self.fragments[other].type_condition))]
        if nested and not self.scope_spreads and self.rng.random() < 0.5:
            chosen = self.rng.choice(nested)
            self.spread(chosen)
            selections.append(SpreadSelection(chosen, self.condition(0.1)))
        fragments = self.closure(self.scope_spreads)
        text = f"fragment {name} on {type_condition} {{\n" + "\n".join(render(selections, 1)) + "\n}"
        return Fragment(name, type_condition, text, self.scope_variable_names(fragments), fragments)

    def operation(self, kind: str, name: str, routes: Sequence[Route]) -> Operation:
        """An operation that follows `routes`."""
        self.begin(list(self.fragments))
        root = self.schema.get_root_type(operation_type(kind))
        if kind == "subscription":
            field_name = self.rng.choice(list(root.fields))
            selections: List[Any] = [self.field(root, field_name, 0, conditions=False)]
        else:
            selections = self.selection_set(root, 0, routes)
        fragments = self.closure(self.scope_spreads)
        variables = self.scope_variable_names(fragments)
        declarations = ""
        if variables:
            declarations = "(" + ", ".join(self.declaration(self.variables[variable]) for variable in variables) + ")"
        text = f"{kind} {name}{declarations} {{\n" + "\n".join(render(selections, 1)) + "\n}"
        return Operation(kind, name, text, variables, fragments)

    @staticmethod
    def declaration(variable: Variable) -> str:
        default = f" = {variable.default}" if variable.default is not None else ""
        return f"${variable.name}: {variable.type}{default}"


def operation_type(kind: str) -> OperationType:
    return {"query": OperationType.QUERY, "mutation": OperationType.MUTATION,
            "subscription": OperationType.SUBSCRIPTION}[kind]


def schema_catalog(schema: GraphQLSchema) -> Catalog:
    catalog = Catalog()
    for name, type_ in schema.type_map.items():
        if isinstance(type_, GraphQLEnumType):
            catalog.kinds[name] = "enum"
            catalog.enum_values[name] = list(type_.values)
        elif isinstance(type_, GraphQLInputObjectType):
            catalog.kinds[name] = "input"
            catalog.input_fields[name] = [(field_name, str(value.type), value.default_value is not Undefined)
                                          for field_name, value in type_.fields.items()]
        elif isinstance(type_, GraphQLScalarType):
            catalog.kinds[name] = "scalar"
    return catalog


FRAGMENT_POLICIES = ("field", "variable", "type condition", "lowercase", "case twin", "suffix", "namespace", "pool")
OPERATION_POLICIES = ("pool", "suffix clash", "case twin", "fragment name", "type name", "namespace", "pool")


class CaseDocuments:
    """The fragments and operations of a case, chosen by naming policies, and the files they are written in."""

    def __init__(self, builder: DocumentBuilder, query_root: str) -> None:
        self.builder = builder
        self.rng = builder.rng
        self.names = builder.names
        self.query_root = query_root
        self.anchors: Dict[str, Tuple[str, str]] = {}
        self.operations: List[Operation] = []

    # -- fragments

    def fragment_name(self, policy: str) -> Tuple[Optional[str], Optional[str], Optional[Tuple[str, str]]]:
        """(name, type condition or None for any, anchor) for a naming policy."""
        builder, rng = self.builder, self.rng
        taken = builder.fragments

        def fresh(candidate: str) -> bool:
            return allowed(candidate, "fragment") and candidate not in taken

        reachable = builder.reachable(self.query_root)
        if policy == "field":
            options = [(parent, step[1], target) for parent in reachable for step, target in builder.edges(parent)
                       if step[0] == "field" and fresh(step[1])]
            if options:
                parent, field_name, target = rng.choice(options)
                possible = builder.possible(builder.type(target))
                condition = rng.choice(possible) if possible and rng.random() < 0.3 else target
                return field_name, condition, (parent, field_name)
        if policy == "type condition":
            options = [name for name in reachable if fresh(name)]
            if options:
                name = rng.choice(options)
                return name, name, None
        if policy == "lowercase":
            name = lower_first(self.names.draw("fragment", lambda candidate: fresh(lower_first(candidate))))
            return name, None, None
        if policy == "case twin" and taken:
            twin = case_twin(rng.choice(list(taken)))
            if fresh(twin):
                return twin, None, None
        if policy == "suffix":
            base = self.names.base().lstrip("_") or "A"
            name = upper_first(base) + rng.choice(["Query", "Query", "Mutation", "Fragment"])
            if fresh(name):
                return name, None, None
        if policy == "namespace" and fresh(builder.namespace):
            return builder.namespace, None, None
        return self.names.draw("fragment", fresh, builder.type_names, 0.2), None, None

    def make_fragments(self, count: int) -> None:
        builder, rng = self.builder, self.rng
        reachable = [name for name in builder.reachable(self.query_root) if name != self.query_root]
        for index in range(count):
            policy = FRAGMENT_POLICIES[index] if index < len(FRAGMENT_POLICIES) else rng.choice(FRAGMENT_POLICIES)
            for _ in range(4):
                name, condition, anchor = self.fragment_name(policy)
                condition = condition or rng.choice(reachable or [self.query_root])
                fragment = builder.fragment(name, condition, policy == "variable")
                if fragment is not None:
                    builder.fragments[name] = fragment
                    if anchor is not None:
                        self.anchors[name] = anchor
                    break

    # -- operations

    def operation_name(self, kind: str, policy: str) -> str:
        builder, rng = self.builder, self.rng
        suffix = SUFFIXES[kind]
        claimed = set(builder.fragments) | {generated_type_name(op.kind, op.name) for op in self.operations}
        names = {op.name for op in self.operations}

        def fresh(candidate: str) -> bool:
            if not allowed(candidate, "operation") or candidate in names:
                return False
            return self.builder.clashes or generated_type_name(kind, candidate) not in claimed

        candidates: List[str] = []
        if policy == "suffix clash":
            targets = builder.type_names + (list(builder.fragments) if rng.random() < 0.5 else [])
            candidates = [target[: -len(suffix)] for target in targets
                          if target.endswith(suffix) and len(target) > len(suffix)]
        elif policy == "case twin" and self.operations:
            candidates = [case_twin(rng.choice(self.operations).name)]
        elif policy == "fragment name":
            candidates = list(builder.fragments)
        elif policy == "type name":
            candidates = builder.type_names
        elif policy == "namespace":
            candidates = [builder.namespace]
        candidates = [candidate for candidate in candidates if fresh(candidate)]
        if candidates:
            return rng.choice(candidates)
        return self.names.draw("operation", fresh)

    def operation_kind(self, index: int, count: int, pending: List[str]) -> str:
        roots = [kind for kind in ("query", "mutation", "subscription")
                 if self.builder.schema.get_root_type(operation_type(kind)) is not None]
        if index == 0 or (pending and index == count - 1):
            return "query"
        weights = {"query": 6, "mutation": 2, "subscription": 1.5}
        return self.rng.choices(roots, [weights[kind] for kind in roots])[0]

    def routes(self, pending: List[str], index: int, count: int) -> List[Route]:
        """Routes to the fragments this operation must use: its share of those no operation uses yet."""
        share = len(pending) if index == count - 1 else math.ceil(len(pending) / (count - index))
        routes = []
        for name in pending[:share]:
            route = self.builder.route(self.query_root, self.builder.fragments[name], self.anchors.get(name))
            if route is not None:
                routes.append(route)
        return routes

    def make_operations(self, count: int) -> None:
        pending = list(self.builder.fragments)
        for index in range(count):
            kind = self.operation_kind(index, count, pending)
            policy = OPERATION_POLICIES[index] if index < len(OPERATION_POLICIES) else \
                self.rng.choice(OPERATION_POLICIES)
            routes = self.routes(pending, index, count) if kind == "query" else []
            operation = self.builder.operation(kind, self.operation_name(kind, policy), routes)
            self.operations.append(operation)
            pending = [name for name in pending if name not in operation.fragments]

    def drop_invalid(self) -> None:
        """Drops the fragments graphql-core rejects, the operations that use them and the operations it rejects.

        The builder's registries make every definition valid by construction, so the case is validated as a whole
        and this (slower, one definition at a time) runs only when that finds errors.
        """
        schema, fragments = self.builder.schema, self.builder.fragments
        invalid = [name for name, fragment in fragments.items() if document_errors(
            schema, [fragment.text] + [fragments[other].text for other in fragment.fragments])]
        self.operations = [
            operation for operation in self.operations
            if not set(invalid) & set(operation.fragments)
            and not document_errors(schema, [operation.text] + [fragments[name].text for name in operation.fragments])
        ]

    # -- files

    def used_fragments(self) -> List[Fragment]:
        used = {name for operation in self.operations for name in operation.fragments}
        return [fragment for name, fragment in self.builder.fragments.items() if name in used]

    def files(self) -> Dict[str, str]:
        """The definitions spread over 2 to 5 files (names unique ignoring case, for case-insensitive disks)."""
        rng = self.rng
        texts = [operation.text for operation in self.operations] + [fragment.text for fragment in
                                                                      self.used_fragments()]
        count = max(1, min(len(texts), rng.randint(2, 5)))
        taken: set = set()
        names = []
        for _ in range(count):
            name = self.names.draw("file", lambda candidate: candidate.lower() not in taken)
            taken.add(name.lower())
            names.append(name + ".graphql")
        slots = [index % count for index in range(len(texts))]
        rng.shuffle(slots)
        files: Dict[str, List[str]] = {name: [] for name in names}
        for text, slot in zip(texts, slots):
            files[names[slot]].append(text)
        return {name: "\n\n".join(parts) + "\n" for name, parts in files.items()}


# ---------------------------------------------------------------------------------------------------------------------
# Responses


class Selections:
    """Field collection as graphql-js executes it, for one operation under given variable values."""

    def __init__(self, schema: GraphQLSchema, document: DocumentNode, values: Dict[str, Any]) -> None:
        self.schema = schema
        self.values = values
        self.fragments = {definition.name.value: definition for definition in document.definitions
                          if isinstance(definition, FragmentDefinitionNode)}

    def included(self, node: Any) -> bool:
        for directive in node.directives or []:
            if directive.name.value not in ("include", "skip"):
                continue
            argument = next(argument for argument in directive.arguments if argument.name.value == "if")
            value = argument.value
            flag = self.values[value.name.value] if isinstance(value, VariableNode) else value.value
            if flag != (directive.name.value == "include"):
                return False
        return True

    def applies(self, runtime: GraphQLObjectType, condition: Optional[str]) -> bool:
        if condition is None or condition == runtime.name:
            return True
        type_ = self.schema.type_map[condition]
        return not isinstance(type_, GraphQLObjectType) and self.schema.is_sub_type(type_, runtime)

    def collect(self, runtime: GraphQLObjectType, sets: Sequence[SelectionSetNode]) -> Dict[str, List[FieldNode]]:
        """Response key -> the field nodes under it, for an object of type `runtime`."""
        fields: Dict[str, List[FieldNode]] = {}
        visited: set = set()
        for selection_set in sets:
            self.collect_into(runtime, selection_set, fields, visited)
        return fields

    def collect_into(self, runtime: GraphQLObjectType, selection_set: SelectionSetNode,
                     fields: Dict[str, List[FieldNode]], visited: set) -> None:
        for selection in selection_set.selections:
            if not self.included(selection):
                continue
            if isinstance(selection, FieldNode):
                key = selection.alias.value if selection.alias else selection.name.value
                fields.setdefault(key, []).append(selection)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition.name.value if selection.type_condition else None
                if self.applies(runtime, condition):
                    self.collect_into(runtime, selection.selection_set, fields, visited)
            elif isinstance(selection, FragmentSpreadNode) and selection.name.value not in visited:
                visited.add(selection.name.value)
                fragment = self.fragments[selection.name.value]
                if self.applies(runtime, fragment.type_condition.name.value):
                    self.collect_into(runtime, fragment.selection_set, fields, visited)


def possible_objects(schema: GraphQLSchema, type_: Any) -> List[GraphQLObjectType]:
    return [type_] if isinstance(type_, GraphQLObjectType) else list(schema.get_possible_types(type_))


class ResponseWriter:
    """A `data` object for an operation: every selected key, with values of the right types."""

    def __init__(self, selections: Selections, rng: random.Random) -> None:
        self.selections = selections
        self.schema = selections.schema
        self.rng = rng

    def object(self, runtime: GraphQLObjectType, sets: Sequence[SelectionSetNode], depth: int) -> Dict[str, Any]:
        result: Dict[str, Any] = {} if depth == 0 else {"__typename": runtime.name}
        for key, nodes in self.selections.collect(runtime, sets).items():
            name = nodes[0].name.value
            if name == "__typename":
                result[key] = runtime.name
                continue
            children = [node.selection_set for node in nodes if node.selection_set]
            result[key] = self.value(runtime.fields[name].type, children, depth + 1, True)
        return result

    def value(self, type_: Any, sets: Sequence[SelectionSetNode], depth: int, nullable: bool) -> Any:
        if isinstance(type_, GraphQLNonNull):
            return self.value(type_.of_type, sets, depth, False)
        if nullable and self.rng.random() < 0.2:
            return None
        if isinstance(type_, GraphQLList):
            count = self.rng.randint(0, 3 if depth < 3 else 1)
            return [self.value(type_.of_type, sets, depth, True) for _ in range(count)]
        if isinstance(type_, (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType)):
            runtime = self.rng.choice(possible_objects(self.schema, type_))
            return self.object(runtime, sets, depth)
        return self.leaf(type_)

    def leaf(self, type_: Any) -> Any:
        rng = self.rng
        if isinstance(type_, GraphQLEnumType):
            return rng.choice(list(type_.values))
        if type_.name == "Int":
            return rng.choice([0, 1, -5, 2147483647, -2147483648])
        if type_.name == "Float":
            return rng.choice([1.5, -0.25, 3.0e-5, 1.0e20])
        if type_.name == "Boolean":
            return rng.choice([True, False])
        if type_.name == "ID":
            return rng.choice(["1", "id-\u00e9", "VXNlcjox"])
        if type_.name == "String":
            return rng.choice(HOSTILE_TEXTS)
        return rng.choice(CUSTOM_SCALAR_STRINGS)


def check_value(selections: Selections, type_: Any, sets: Sequence[SelectionSetNode], value: Any, path: str,
                nullable: bool = True) -> None:
    """Asserts that `value` is a response value of `type_` for the selection sets `sets`."""
    schema = selections.schema
    if isinstance(type_, GraphQLNonNull):
        check_value(selections, type_.of_type, sets, value, path, False)
        return
    if value is None:
        assert nullable, f"{path}: null for a non-null type"
        return
    if isinstance(type_, GraphQLList):
        assert isinstance(value, list), f"{path}: not a list"
        for index, item in enumerate(value):
            check_value(selections, type_.of_type, sets, item, f"{path}[{index}]")
        return
    if isinstance(type_, (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType)):
        assert isinstance(value, dict), f"{path}: not an object"
        names = [object_type.name for object_type in possible_objects(schema, type_)]
        assert value.get("__typename") in names, f"{path}: __typename {value.get('__typename')!r} not in {names}"
        check_object(selections, schema.type_map[value["__typename"]], sets, value, path, False)
        return
    if isinstance(type_, GraphQLEnumType):
        assert value in type_.values, f"{path}: {value!r} is not a value of {type_.name}"
        return
    kinds = {"Int": int, "Float": (int, float), "Boolean": bool}
    expected = kinds.get(type_.name, str)
    assert isinstance(value, expected) and (type_.name == "Boolean" or not isinstance(value, bool)), \
        f"{path}: {value!r} is not a {type_.name}"


def check_object(selections: Selections, runtime: GraphQLObjectType, sets: Sequence[SelectionSetNode],
                 value: Dict[str, Any], path: str, root: bool) -> None:
    """Asserts that `value` holds exactly the keys selected for `runtime` (plus `__typename` below the root)."""
    fields = selections.collect(runtime, sets)
    expected = set(fields) | (set() if root else {"__typename"})
    assert set(value) == expected, f"{path}: keys {sorted(value)} but selected {sorted(expected)}"
    for key, nodes in fields.items():
        name = nodes[0].name.value
        if name == "__typename":
            assert value[key] == runtime.name, f"{path}.{key}: not {runtime.name}"
            continue
        children = [node.selection_set for node in nodes if node.selection_set]
        check_value(selections, runtime.fields[name].type, children, value[key], f"{path}.{key}")


def variable_values(operation: OperationDefinitionNode, provided: Dict[str, Any]) -> Dict[str, Any]:
    """The operation's variables as the server sees them: provided values, else defaults."""
    values = {}
    for definition in operation.variable_definitions:
        name = definition.variable.name.value
        if name in provided:
            values[name] = provided[name]
        elif definition.default_value is not None:
            values[name] = value_from_ast_untyped(definition.default_value)
    return values


def response(schema: GraphQLSchema, document: DocumentNode, builder: DocumentBuilder, name: str) -> Dict[str, Any]:
    """Variables and checked `data` for the query `name`."""
    rng = builder.rng
    operation = next(definition for definition in document.definitions
                     if isinstance(definition, OperationDefinitionNode) and definition.name
                     and definition.name.value == name)
    provided = {}
    for definition in operation.variable_definitions:
        type_ref = print_ast(definition.type)
        required = type_ref.endswith("!") and definition.default_value is None
        if required or rng.random() < 0.6:
            provided[definition.variable.name.value] = json_value(builder.catalog, type_ref, rng)
    selections = Selections(schema, document, variable_values(operation, provided))
    root = schema.query_type
    data = ResponseWriter(selections, rng).object(root, [operation.selection_set], 0)
    check_object(selections, root, [operation.selection_set], data, "data", True)
    return {"operation": name, "variables": provided, "data": data}


# ---------------------------------------------------------------------------------------------------------------------
# Cases


def draw_namespace(rng: random.Random) -> Tuple[str, str]:
    """The namespace and how it relates to the schema: `pool`, `type` (a type gets its name) or `schema` (it takes
    a type's name)."""
    mode = rng.choices(["pool", "type", "schema"], [55, 30, 15])[0]
    return rng.choice(NAMESPACES), mode


def draw_schema(rng: random.Random, namespace: str, mode: str) -> Tuple[str, GraphQLSchema, SchemaModel]:
    for _ in range(50):
        model = SchemaDrawer(rng, namespace, mode == "type").draw()
        sdl = print_sdl(model)
        schema = valid_schema(sdl)
        if schema is not None:
            return sdl, schema, model
    raise RuntimeError("no valid schema in 50 draws")


def make_case(case_seed: int, operations: int, clashes: bool) -> Dict[str, Any]:
    rng = random.Random(case_seed)
    namespace, mode = draw_namespace(rng)
    sdl, schema, model = draw_schema(rng, namespace, mode)
    if mode == "schema":
        names = [name for name in model.types if swift_identifier(name)]
        namespace = rng.choice(names) if names else namespace
    builder = DocumentBuilder(schema, rng, namespace, clashes)
    documents = CaseDocuments(builder, schema.query_type.name)
    documents.make_fragments(rng.randint(3, min(8, 2 * operations + 1)))
    documents.make_operations(operations)
    files = documents.files()
    document = parsed(files)
    if validate(schema, document, ORACLE_RULES):
        documents.drop_invalid()
        files = documents.files()
        document = parsed(files)
        errors = validate(schema, document, ORACLE_RULES)
        if errors:
            raise AssertionError(f"case {case_seed}: invalid documents: {[error.message for error in errors]}")
    queries = [operation.name for operation in documents.operations if operation.kind == "query"]
    if not queries:
        raise AssertionError(f"case {case_seed}: no valid query operation")
    return {
        "seed": case_seed,
        "namespace": namespace,
        "schema": sdl,
        "documents": files,
        "response": response(schema, document, builder, rng.choice(queries)),
    }


def parsed(files: Dict[str, str]) -> DocumentNode:
    """The definitions of all files as one document, each file parsed on its own (locations name their file)."""
    return DocumentNode(definitions=[definition for name, text in files.items()
                                     for definition in parse(Source(text, name)).definitions])


def case_seed(seed: int, index: int) -> int:
    return seed * 100000 + index


# ---------------------------------------------------------------------------------------------------------------------
# Coverage summary (--summary)


def pool_variants() -> Dict[str, List[Tuple[str, str, bool]]]:
    """Every name a pool name can become -> [(category, base name, whether it is the name as is)]."""
    variants: Dict[str, List[Tuple[str, str, bool]]] = collections.defaultdict(list)
    rng = random.Random(0)
    for category, names in POOL.items():
        for base in names:
            forms = {transformed(kind, base, rng) for kind, _ in TRANSFORMS if kind != "digits"}
            forms |= {base + digits for digits in DIGITS}
            for form in sorted(forms):
                variants[form].append((category, base, form == base))
    return variants


def case_names(case: Dict[str, Any]) -> List[Tuple[str, str]]:
    """(role, name) for every name a case defines or uses."""
    names = [("namespace", case["namespace"])]
    for definition in parse(case["schema"]).definitions:
        if isinstance(definition, SchemaDefinitionNode):
            continue
        names.append(("type", definition.name.value))
        for output in getattr(definition, "fields", None) or []:
            role = "input field" if isinstance(definition, InputObjectTypeDefinitionNode) else "field"
            names.append((role, output.name.value))
            names += [("argument", argument.name.value) for argument in getattr(output, "arguments", None) or []]
        if isinstance(definition, EnumTypeDefinitionNode):
            names += [("enum value", value.name.value) for value in definition.values]
    for text in case["documents"].values():
        for definition in parse(text).definitions:
            role = "fragment" if isinstance(definition, FragmentDefinitionNode) else "operation"
            names.append((role, definition.name.value))
            for variable in getattr(definition, "variable_definitions", None) or []:
                names.append(("variable", variable.variable.name.value))
            names += [("alias", alias) for alias in aliases(definition.selection_set)]
    return names


def aliases(selection_set: Optional[SelectionSetNode]) -> List[str]:
    found: List[str] = []
    for selection in selection_set.selections if selection_set else []:
        if isinstance(selection, FieldNode) and selection.alias:
            found.append(selection.alias.value)
        found += aliases(getattr(selection, "selection_set", None))
    return found


class FeatureScan:
    """Which of the wanted situations a case has, read back from its schema and documents."""

    def __init__(self, case: Dict[str, Any]) -> None:
        self.case = case
        self.schema = build_schema(case["schema"])
        self.definitions = [definition for text in case["documents"].values() for definition in parse(text).definitions]
        self.fragments = {d.name.value: d for d in self.definitions if isinstance(d, FragmentDefinitionNode)}
        self.operations = [d for d in self.definitions if isinstance(d, OperationDefinitionNode)]
        self.found: set = set()

    def walk(self, selection_set: Optional[SelectionSetNode], parent: Any, enclosing: Optional[str],
             in_fragment: bool) -> None:
        for selection in selection_set.selections if selection_set else []:
            if selection.directives and any(isinstance(argument.value, VariableNode)
                                             for directive in selection.directives for argument in directive.arguments):
                self.found.add("@include/@skip with a variable")
            if isinstance(selection, FragmentSpreadNode):
                if selection.name.value == enclosing:
                    self.found.add("fragment spread under a field of its name")
                if in_fragment:
                    self.found.add("nested fragment spread")
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition.name.value if selection.type_condition else None
                if condition and not isinstance(parent, GraphQLObjectType):
                    self.found.add("inline fragment on an abstract type")
                if condition is None:
                    self.found.add("inline fragment without type condition")
                target = self.schema.type_map[condition] if condition else parent
                self.walk(selection.selection_set, target, enclosing, in_fragment)
            else:
                self.field(selection, parent, in_fragment)

    def field(self, selection: FieldNode, parent: Any, in_fragment: bool) -> None:
        name = selection.name.value
        if name == "__typename":
            self.found.add("__typename selected")
            return
        if selection.alias:
            alias = selection.alias.value
            if alias != name and alias in getattr(parent, "fields", {}):
                self.found.add("alias equal to another field of the parent")
            if alias.startswith("__"):
                self.found.add("alias starting with __")
        named = get_named_type(parent.fields[name].type)
        self.walk(selection.selection_set, named, name, in_fragment)

    def documents(self) -> None:
        type_names = set(self.schema.type_map)
        for name, fragment in self.fragments.items():
            condition = fragment.type_condition.name.value
            self.walk(fragment.selection_set, self.schema.type_map[condition], None, True)
            if name == condition:
                self.found.add("fragment named like its type condition")
            if name[:1].islower():
                self.found.add("lowercase fragment name")
            if case_twin(name) in self.fragments:
                self.found.add("fragment names differing only in case")
        names = [operation.name.value for operation in self.operations]
        for operation in self.operations:
            kind = operation.operation.value
            self.found.add(f"{kind} operation")
            self.walk(operation.selection_set, self.schema.get_root_type(operation.operation), None, False)
            typename = generated_type_name(kind, operation.name.value)
            if typename in type_names:
                self.found.add("operation type name (name + kind) equal to a schema type")
            if typename in self.fragments:
                self.found.add("operation type name (name + kind) equal to a fragment")
            if case_twin(operation.name.value) in names:
                self.found.add("operation names differing only in case")
            self.variables(operation)

    def variables(self, operation: OperationDefinitionNode) -> None:
        used = fragments_used(operation.selection_set, self.fragments)
        for definition in operation.variable_definitions:
            name = definition.variable.name.value
            if name in used:
                self.found.add("fragment named like a variable of its operation")
            if definition.default_value is not None:
                named = self.schema.type_map[get_named_type_name(definition.type)]
                if isinstance(named, GraphQLInputObjectType):
                    self.found.add("input object variable with a default")
                if isinstance(named, GraphQLEnumType):
                    self.found.add("enum variable with a default")

    def schema_features(self) -> None:
        definitions = parse(self.case["schema"]).definitions
        namespace = self.case["namespace"]
        names = [d.name.value for d in definitions if not isinstance(d, SchemaDefinitionNode)]
        for definition in definitions:
            if isinstance(definition, SchemaDefinitionNode):
                self.found.add("schema { } definition")
                continue
            name = definition.name.value
            if name == namespace:
                self.found.add("type named like the namespace")
            if case_twin(name) in names:
                self.found.add("type names differing only in case")
            if isinstance(definition, InterfaceTypeDefinitionNode) and definition.interfaces:
                self.found.add("interface implementing an interface")
            if isinstance(definition, UnionTypeDefinitionNode):
                self.found.add("union")
            if isinstance(definition, ScalarTypeDefinitionNode):
                self.found.add("custom scalar")
            if isinstance(definition, EnumTypeDefinitionNode):
                values = [value.name.value.lower() for value in definition.values]
                if len(set(values)) < len(values):
                    self.found.add("enum values differing only in case")
            if isinstance(definition, (ObjectTypeDefinitionNode, InterfaceTypeDefinitionNode)):
                self.output_fields(definition, names, namespace)
            if isinstance(definition, InputObjectTypeDefinitionNode):
                if any(value.default_value is not None for value in definition.fields):
                    self.found.add("input field with a default")
        roots = [self.schema.query_type, self.schema.mutation_type, self.schema.subscription_type]
        if any(root is not None and root.name != default for root, default in zip(roots, ROOT_DEFAULTS.values())):
            self.found.add("root type with another name than Query/Mutation/Subscription")

    def output_fields(self, definition: Any, names: List[str], namespace: str) -> None:
        for output in definition.fields:
            name = output.name.value
            if name == definition.name.value:
                self.found.add("field named like its parent type")
            if name == namespace:
                self.found.add("field named like the namespace")
            if name in names:
                self.found.add("field named like a type")
            if name[:2] in ("as", "As") and name[2:] in names:
                self.found.add("field named as<Type>")
            if any(argument.default_value is not None for argument in output.arguments or []):
                self.found.add("argument with a default")

    def scan(self) -> set:
        self.schema_features()
        self.documents()
        return self.found


def get_named_type_name(type_node: Any) -> str:
    while not hasattr(type_node, "name"):
        type_node = type_node.type
    return type_node.name.value


def fragments_used(selection_set: Optional[SelectionSetNode], fragments: Dict[str, Any],
                   seen: Optional[set] = None) -> set:
    seen = set() if seen is None else seen
    for selection in selection_set.selections if selection_set else []:
        if isinstance(selection, FragmentSpreadNode):
            if selection.name.value not in seen:
                seen.add(selection.name.value)
                fragments_used(fragments[selection.name.value].selection_set, fragments, seen)
        else:
            fragments_used(getattr(selection, "selection_set", None), fragments, seen)
    return seen


def summary(cases: List[Dict[str, Any]], seconds: float) -> str:
    """Tables of the pool names used (by category and role) and of the situations the cases cover."""
    variants = pool_variants()
    exact: Dict[str, set] = collections.defaultdict(set)
    any_form: Dict[str, set] = collections.defaultdict(set)
    roles: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for case in cases:
        for role, name in case_names(case):
            hits = variants.get(name, [])
            roles[role]["pool" if hits else "other"] += 1
            for category, base, as_is in hits:
                any_form[category].add(base)
                if as_is:
                    exact[category].add(base)
    lines = [f"{len(cases)} cases in {seconds:.2f} s", "",
             f"{'pool category':<20} {'names':>5} {'as is':>6} {'any form':>9}  unused as is"]
    for category, names in POOL.items():
        unused = [name for name in names if name not in exact[category]]
        shown = ", ".join(unused[:8]) + (", ..." if len(unused) > 8 else "")
        lines.append(f"{category:<20} {len(names):>5} {len(exact[category]):>6} {len(any_form[category]):>9}  {shown}")
    lines += ["", f"{'role':<12} {'names':>6} {'from pool':>10}"]
    for role, counts in roles.items():
        total = counts["pool"] + counts["other"]
        lines.append(f"{role:<12} {total:>6} {100 * counts['pool'] / total:>9.0f}%")
    features: collections.Counter = collections.Counter()
    for case in cases:
        features.update(FeatureScan(case).scan())
    lines += ["", f"{'situation':<62} {'cases':>5}"]
    lines += [f"{feature:<62} {count:>5}" for feature, count in sorted(features.items())]
    return "\n".join(lines) + "\n"


def main(arguments: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the seed of the run (default 1)")
    parser.add_argument("--cases", type=int, default=20, help="how many cases (default 20)")
    parser.add_argument("--case-seed", type=int, help="print the one case with this seed instead")
    parser.add_argument("--operations-per-case", type=int, default=25, help="operations per case (default 25)")
    parser.add_argument("--no-type-name-clashes", action="store_true",
                        help="no operation generates the Swift type of a fragment or of another operation")
    parser.add_argument("--summary", action="store_true", help="names and situations covered, on standard error")
    options = parser.parse_args(sys.argv[1:] if arguments is None else arguments)
    if options.operations_per_case < 1:
        parser.error("--operations-per-case must be at least 1")
    started = time.perf_counter()
    seeds = [options.case_seed] if options.case_seed is not None else \
        [case_seed(options.seed, index) for index in range(options.cases)]
    cases = [make_case(seed, options.operations_per_case, not options.no_type_name_clashes) for seed in seeds]
    sys.stdout.write(json.dumps({"cases": cases}, indent=1) + "\n")
    if options.summary:
        sys.stderr.write(summary(cases, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
