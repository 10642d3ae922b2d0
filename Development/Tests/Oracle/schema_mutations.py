"""Mutated schemas, SDL and introspection JSON, each with graphql-core's verdict, as JSON lines.

    schema_mutations.py --corpus DIR [--seed N] [--count N] [--summary]

Every schema graphql-js 16 builds and validates, our tool must build too (oddities become warnings), and every
schema it rejects we must reject. This script makes the cases: small hand-written schemas and the corpus's schemas
(read from DIR at run time), each changed in one way by a family of mutations, and graphql-core's verdict on each.
Output, one JSON object per line on standard output:

    {"id": "<family>-<n>", "family", "format": "sdl" | "introspection", "base", "detail", "text",
     "accepted": true | false, "errors": ["graphql-core's messages"]}

`text` is the SDL, or the introspection result as a JSON string. `base` names the schema that was changed and
`detail` the mutation, for people reading a failure. The verdict: for SDL, accepted iff `build_schema(text)` succeeds
(graphql-js's SDL rules included) and `validate_schema` finds nothing; for introspection, iff
`build_client_schema(json["data"] or json)` succeeds and `validate_schema` finds nothing. Anything graphql-core raises
is a rejection with its message.

The cases are a function of the seed, the count and the corpus; nothing is cached. Mutations never use the names of
the client directives our tool knows without a declaration (`typePolicy`, `fieldPolicy`, `defer`, `stream`, `import`,
`apollo_client_ios_localCacheMutation`), and corpus schemas that use them undeclared are not used as bases. With
`--summary`, the accepted and rejected counts of every family go to standard error.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from graphql import (
    GraphQLError,
    build_client_schema,
    build_schema,
    introspection_from_schema,
    is_enum_type,
    is_input_object_type,
    is_interface_type,
    is_object_type,
    is_scalar_type,
    is_union_type,
    parse,
    print_introspection_schema,
    validate_schema,
)
from graphql.language import (
    DirectiveLocation,
    InterfaceTypeDefinitionNode,
    ObjectTypeDefinitionNode,
    SchemaDefinitionNode,
)
from graphql.type import specified_scalar_types

CLIENT_DIRECTIVES = ("typePolicy", "fieldPolicy", "apollo_client_ios_localCacheMutation", "import", "defer", "stream")
PREFIX = "Mx"  # names of the types that mutations add; no base uses it

# --------------------------------------------------------------------------------------------------------------------
# Verdicts


def error_messages(error: BaseException) -> List[str]:
    """graphql-core's messages for one exception: a GraphQLError's own message, a TypeError's lines (the SDL rules'
    errors are joined by blank lines)."""
    if isinstance(error, GraphQLError):
        messages = [error.message]
    else:
        messages = [part for part in str(error).split("\n\n") if part.strip()] or [type(error).__name__]
    return [message if len(message) <= 600 else message[:600] + "…" for message in messages]


def verdict_schema(build: Callable[[], Any]) -> Tuple[bool, List[str]]:
    try:
        schema = build()
        errors = validate_schema(schema)
    except Exception as error:  # graphql-core raises GraphQLError, TypeError, ValueError, KeyError…
        return False, error_messages(error)
    return not errors, [message for error in errors for message in error_messages(error)]


def verdict_sdl(text: str) -> Tuple[bool, List[str]]:
    return verdict_schema(lambda: build_schema(text))


def verdict_introspection(text: str) -> Tuple[bool, List[str]]:
    def build():
        result = json.loads(text)
        data = result.get("data") if isinstance(result, dict) else None
        return build_client_schema(data or result)

    return verdict_schema(build)


# --------------------------------------------------------------------------------------------------------------------
# Base schemas

PETS_SDL = '''"""A small pet store."""
schema {
  query: Query
  mutation: Mutation
}

"""Adds a label."""
directive @tag(name: String!) repeatable on OBJECT | FIELD_DEFINITION | INTERFACE | ENUM_VALUE | ARGUMENT_DEFINITION

directive @internal on FIELD_DEFINITION

interface Node {
  id: ID!
}

interface Pet implements Node {
  id: ID!
  name: String!
  owner(first: Int = 10): Person
}

type Dog implements Pet & Node @tag(name: "dog") {
  id: ID!
  name: String!
  owner(first: Int = 10): Person
  barks: Boolean @deprecated(reason: "Use `sound`.")
  sound: String
}

type Cat implements Node & Pet {
  id: ID!
  name: String!
  owner(first: Int = 10): Person
  lives: Int
}

type Person implements Node {
  id: ID!
  name: String
  pets(kind: PetKind = DOG, filter: PetFilter): [Pet!]!
}

union Animal = Dog | Cat

enum PetKind {
  DOG
  CAT @deprecated
}

"""Which pets."""
input PetFilter {
  kind: PetKind = CAT
  nameContains: String
  limit: Int! = 20
  tags: [String!]
}

input PetChoice @oneOf {
  dogId: ID
  catId: ID
}

scalar DateTime @specifiedBy(url: "https://example.com/date-time")

type Query {
  node(id: ID!): Node
  pets(filter: PetFilter = {limit: 5}): [Pet]
  animals(choice: PetChoice): [Animal]
  now: DateTime
}

type Mutation {
  adopt(petId: ID!, note: String = "hi"): Pet @internal
}
'''

MINI_SDL = "type Query {\n  hello: String\n}\n"

# The introspection of a small schema that uses every built-in scalar (graphql-js needs a scalar in `types` to use it).
SCALARS_SDL = "type Query {\n  hello: String\n  count: Int\n  ratio: Float\n  ok: Boolean\n  id: ID\n}\n"

ROOTS_SDL = '''schema {
  query: RootQuery
  subscription: RootSubscription
}

type RootQuery {
  status(verbose: Boolean = false): Status!
}

type RootSubscription {
  statusChanged: Status
}

enum Status {
  UP
  DOWN
}
'''

# What graphql-js's kitchen-sink SDL needs to build: the types and directives it uses without defining them.
KITCHEN_SINK_COMPLETION = '''
type QueryType { foo: Foo }
type MutationType { bar: Int }
type SubscriptionType { baz: Int }
interface Two { two(argument: InputType!): Type }
scalar Type
type Story { a: Int }
type Article { a: Int }
type Advert { a: Int }
type A { a: Int }
type B { b: Int }
type Photo { a: Int }
type Video { a: Int }
directive @onSchema on SCHEMA
directive @onObject(arg: String) on OBJECT
directive @onField on FIELD_DEFINITION
directive @onArgumentDefinition on ARGUMENT_DEFINITION
directive @onInterface on INTERFACE
directive @onUnion on UNION
directive @onScalar on SCALAR
directive @onEnum on ENUM
directive @onEnumValue on ENUM_VALUE
directive @onInputObject on INPUT_OBJECT
directive @onInputFieldDefinition on INPUT_FIELD_DEFINITION
directive @onType on OBJECT
'''

SDL_CORPUS = [
    ("starwars", "starwars/schema.graphqls", 3),
    ("swapi", "swapi/schema.graphqls", 1),
    ("subscription", "subscription/schema.graphqls", 2),
    ("upload", "upload/schema.graphqls", 2),
    ("pocket-ios", "apps/pocket-ios/schema.graphqls", 1),
    ("animalkingdom", "animalkingdom/schema.graphqls", 1),  # skipped: undeclared client directives
]
INTROSPECTION_CORPUS = [
    ("starwars-json", "starwars/schema.json", 3),
    ("introspection-response", "introspection/introspection_response.json", 3),
    ("bcc-media-tvos", "apps/bcc-media-tvos/schema.json", 1),
]


@dataclass
class SdlBase:
    name: str
    text: str
    weight: int
    query: str = ""
    mutation: Optional[str] = None
    objects: List[str] = field(default_factory=list)  # object types, roots excluded
    interfaces: Dict[str, List[str]] = field(default_factory=dict)  # interface: its object implementations
    inputs: List[str] = field(default_factory=list)
    enums: Dict[str, List[str]] = field(default_factory=dict)
    unions: List[str] = field(default_factory=list)
    scalars: List[str] = field(default_factory=list)
    definitions: Dict[str, Any] = field(default_factory=dict)  # name: its (first) type definition node
    schema_definition: Any = None
    directives: List[str] = field(default_factory=list)  # user directives

    def __post_init__(self):
        schema = build_schema(self.text)
        assert not validate_schema(schema), self.name
        self.query = schema.query_type.name
        self.mutation = schema.mutation_type.name if schema.mutation_type else None
        roots = {t.name for t in (schema.query_type, schema.mutation_type, schema.subscription_type) if t}
        for name, type_ in schema.type_map.items():
            if name.startswith("__") or name in specified_scalar_types:
                continue
            assert not name.startswith(PREFIX), name
            if is_object_type(type_) and name not in roots:
                self.objects.append(name)
            elif is_interface_type(type_):
                self.interfaces[name] = [t.name for t in schema.get_implementations(type_).objects]
            elif is_input_object_type(type_):
                self.inputs.append(name)
            elif is_enum_type(type_):
                self.enums[name] = list(type_.values)
            elif is_union_type(type_):
                self.unions.append(name)
            elif is_scalar_type(type_):
                self.scalars.append(name)
        self.directives = [d.name for d in schema.directives if d.name not in
                           ("skip", "include", "deprecated", "specifiedBy", "oneOf")]
        for definition in parse(self.text).definitions:
            if isinstance(definition, SchemaDefinitionNode):
                self.schema_definition = definition
            elif hasattr(definition, "name") and definition.name and not definition.kind.endswith("extension"):
                self.definitions.setdefault(definition.name.value, definition)


@dataclass
class IntrospectionBase:
    name: str
    text: str
    weight: int
    wrapped: bool = False

    def __post_init__(self):
        accepted, errors = verdict_introspection(self.text)
        assert accepted, (self.name, errors)
        self.wrapped = "data" in json.loads(self.text)


def uses_client_directives_undeclared(text: str) -> bool:
    return any(re.search(rf"@{name}\b", text) and not re.search(rf"directive\s+@{name}\b", text)
               for name in CLIENT_DIRECTIVES)


def load_bases(corpus: Path) -> Tuple[List[SdlBase], List[IntrospectionBase]]:
    sdl = [SdlBase("pets", PETS_SDL, 4), SdlBase("mini", MINI_SDL, 3), SdlBase("roots", ROOTS_SDL, 2)]
    for name, path, weight in SDL_CORPUS:
        file = corpus / path
        if not file.exists():
            continue
        text = file.read_text(encoding="utf-8")
        if uses_client_directives_undeclared(text):
            continue
        sdl.append(SdlBase(name, text, weight))
    kitchen = corpus / "graphql-js/kitchen-sink-sdl.graphqls"
    if kitchen.exists():
        text = kitchen.read_text(encoding="utf-8") + "\n" + KITCHEN_SINK_COMPLETION
        if verdict_sdl(text)[0]:
            sdl.append(SdlBase("kitchen-sink-completed", text, 2))
    pets_introspection = introspection_from_schema(build_schema(PETS_SDL))
    introspection = [
        IntrospectionBase("pets-introspection", json.dumps({"data": pets_introspection}), 3),
        IntrospectionBase("scalars-introspection", json.dumps(introspection_from_schema(build_schema(SCALARS_SDL),
                                                                                    descriptions=False)), 2),
    ]
    for name, path, weight in INTROSPECTION_CORPUS:
        file = corpus / path
        if file.exists():
            introspection.append(IntrospectionBase(name, file.read_text(encoding="utf-8"), weight))
    return sdl, introspection


# --------------------------------------------------------------------------------------------------------------------
# SDL mutation helpers


class Sdl:
    """One SDL case in the making: the base, the random source, and ways to change the base's text."""

    def __init__(self, base: SdlBase, rng: random.Random):
        self.base, self.rng = base, rng

    @property
    def q(self) -> str:
        return self.base.query

    def add(self, snippet: str, hook: Optional[str] = None, query_fields: str = "") -> str:
        """The base with `snippet` appended or prepended, `query_fields` added to the query type, and (sometimes,
        at random) a query field `mxHook: <hook>` so that the new types are used."""
        fields = [query_fields] if query_fields else []
        if hook and self.rng.random() < 0.6:
            fields.append(f"mxHook: {hook}")
        text = self.insert_fields(self.q, "\n  ".join(fields)) if fields else self.base.text
        if not snippet:
            return text
        if self.rng.random() < 0.25:
            return snippet.strip() + "\n\n" + text
        return text.rstrip() + "\n\n" + snippet.strip() + "\n"

    def insert_fields(self, type_name: str, fields: str, text: Optional[str] = None) -> str:
        """The text with `fields` added at the end of the body of `type_name`'s definition."""
        node = self.base.definitions[type_name]
        end = node.loc.end
        source = self.base.text if text is None else text
        assert source[end - 1] == "}", (self.base.name, type_name)
        return source[: end - 1].rstrip() + "\n  " + fields + "\n}" + source[end:]

    def replace(self, start: int, end: int, replacement: str) -> str:
        return self.base.text[:start] + replacement + self.base.text[end:]

    def pick(self, items: Sequence[Any]) -> Any:
        return self.rng.choice(list(items)) if items else None

    def host(self, fields: str) -> str:
        """`fields` added to a random object type of the base (the query type when it has none)."""
        candidates = [name for name in self.base.objects + [self.q] if self.has_body(name)]
        return self.insert_fields(self.pick(candidates), fields)

    def has_body(self, name: str) -> bool:
        node = self.base.definitions.get(name)
        return node is not None and bool(getattr(node, "fields", None) or getattr(node, "values", None))

    def object_with_fields(self) -> Optional[ObjectTypeDefinitionNode]:
        nodes = [self.base.definitions[n] for n in self.base.objects + [self.q]
                 if isinstance(self.base.definitions.get(n), ObjectTypeDefinitionNode) and self.has_body(n)]
        return self.pick(nodes)

    def implementation(self) -> Optional[Tuple[str, str, Any]]:
        """(interface, object, the object's definition) for an object implementing an interface in the base."""
        pairs = [(i, o) for i, objects in self.base.interfaces.items() for o in objects
                 if isinstance(self.base.definitions.get(o), ObjectTypeDefinitionNode)
                 and isinstance(self.base.definitions.get(i), InterfaceTypeDefinitionNode)]
        if not pairs:
            return None
        interface, obj = self.pick(pairs)
        return interface, obj, self.base.definitions[obj]


Template = Tuple[str, Callable[[Sdl], Optional[str]]]


def t(detail: str, snippet: str, hook: Optional[str] = None, query_fields: str = "") -> Template:
    """A template that adds a fixed snippet."""
    return detail, lambda s: s.add(snippet, hook, query_fields)


# --------------------------------------------------------------------------------------------------------------------
# SDL families


def introspection_definitions() -> Dict[str, str]:
    """graphql-core's own SDL of the introspection types, by name."""
    text = print_introspection_schema(build_schema(MINI_SDL))
    document = parse(text)
    return {d.name.value: text[d.loc.start: d.loc.end] for d in document.definitions
            if d.name.value.startswith("__")}


INTROSPECTION_SDL = introspection_definitions()


def fam_introspection_type_real(s: Sdl) -> List[Template]:
    templates = [t(f"real {name}", text) for name, text in sorted(INTROSPECTION_SDL.items())]
    templates.append(t("all introspection types", "\n\n".join(INTROSPECTION_SDL.values())))
    templates.append(t("__Schema used by a query field", INTROSPECTION_SDL["__Schema"],
                       query_fields="schemaCopy: __Schema"))
    templates.append(t("__Type extended after its copy",
                       INTROSPECTION_SDL["__Type"] + "\n\nextend type __Type {\n  extra: Int\n}"))
    return templates


def fam_introspection_type_bogus(s: Sdl) -> List[Template]:
    return [
        t("__Schema with a bogus field", "type __Schema {\n  bogus: Int\n}"),
        t("__TypeKind with a bogus value", "enum __TypeKind {\n  FOO\n  BAR\n}"),
        t("__DirectiveLocation with one bogus value", "enum __DirectiveLocation {\n  NOWHERE\n}"),
        t("__Type as a scalar", "scalar __Type"),
        t("__Field with wrong field types", "type __Field {\n  name: Int\n  args: String\n}"),
        t("__InputValue as an input", "input __InputValue {\n  name: String!\n}"),
        t("__EnumValue as an interface", "interface __EnumValue {\n  name: String!\n}"),
        t("__Directive as a union", "union __Directive = " + s.q),
        t("__Schema defined twice", "type __Schema {\n  a: Int\n}\n\ntype __Schema {\n  b: Int\n}"),
        t("extension of __Schema, not defined", "extend type __Schema {\n  bogus: Int\n}"),
        t("__Type with a description and directive", '"""Mine."""\ntype __Type @deprecated {\n  a: Int\n}'),
        t("__Schema with a field of an unknown type", "type __Schema {\n  a: MxUnknown\n}"),
        t("__Type with an unknown directive", "type __Type @mxUnknown {\n  a: Int\n}"),
        t("__TypeKind with a value twice", "enum __TypeKind {\n  SCALAR\n  SCALAR\n}"),
        t("__Field with a field twice", "type __Field {\n  name: String!\n  name: String!\n}"),
        t("__Type with a non-repeatable directive twice",
          "directive @mxOnce on OBJECT\n\ntype __Type @mxOnce @mxOnce {\n  a: Int\n}"),
        t("__InputValue with an argument of an unknown type", "type __InputValue {\n  a(x: MxNope): Int\n}"),
    ]


def fam_builtin_scalar_redefinition(s: Sdl) -> List[Template]:
    return [
        t("scalar String", "scalar String"),
        t("scalar ID with a description", '"The ID."\nscalar ID'),
        t("scalar Boolean @specifiedBy", 'scalar Boolean @specifiedBy(url: "https://example.com/bool")'),
        t("all five built-in scalars", "scalar String\nscalar Int\nscalar Float\nscalar Boolean\nscalar ID"),
        t("type Int as an object", "type Int {\n  value: Int\n}"),
        t("enum Float", "enum Float {\n  ONE\n  TWO\n}"),
        t("input String", "input String {\n  a: Int\n}"),
        t("scalar String twice", "scalar String\nscalar String"),
        t("extend scalar String, no definition", "directive @mxScalar on SCALAR\nextend scalar String @mxScalar"),
        t("scalar String and its extension", "directive @mxScalar on SCALAR\nscalar String\n"
          "extend scalar String @mxScalar"),
        t("scalar Int with an unknown directive", "scalar Int @mxUnknown"),
        t("scalar string (other case)", "scalar string", hook="string"),
    ]


DEPRECATED_REAL = ('directive @deprecated(reason: String = "No longer supported") on FIELD_DEFINITION | '
                   'ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE')


def fam_builtin_directive_redefinition(s: Sdl) -> List[Template]:
    return [
        t("real @deprecated", DEPRECATED_REAL),
        t("real @skip", "directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT"),
        t("real @include with descriptions",
          '"Include it."\ndirective @include("When true." if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT'),
        t("real @specifiedBy", "directive @specifiedBy(url: String!) on SCALAR"),
        t("real @oneOf", "directive @oneOf on INPUT_OBJECT"),
        t("@skip with an Int argument on QUERY", "directive @skip(if: Int) on QUERY"),
        t("@include repeatable", "directive @include(if: Boolean!) repeatable on FIELD"),
        t("@deprecated only on OBJECT, used on a field", "directive @deprecated on OBJECT",
          query_fields="mxOld: Int @deprecated"),
        t("@deprecated only on OBJECT, unused", "directive @deprecated on OBJECT"),
        t("@deprecated with a required argument, used without it",
          "directive @deprecated(reason: String!) on FIELD_DEFINITION", query_fields="mxOld: Int @deprecated"),
        t("@deprecated defined twice", DEPRECATED_REAL + "\n" + DEPRECATED_REAL),
        t("@specifiedBy without arguments, used without url", "directive @specifiedBy on SCALAR\n"
          "scalar MxScalar @specifiedBy"),
        t("@skip with an argument of an output type", "directive @skip(if: " + s.q + ") on FIELD"),
        t("@deprecated with an Int reason, used with reason: 1",
          "directive @deprecated(reason: Int) on FIELD_DEFINITION", query_fields="mxOld: Int @deprecated(reason: 1)"),
        t("@deprecated with an Int reason, used without a reason",
          "directive @deprecated(reason: Int) on FIELD_DEFINITION", query_fields="mxOld: Int @deprecated"),
    ]


def default_types(s: Sdl) -> Dict[str, str]:
    """Type names to use in default values: an enum, an input with a required field, a custom scalar (the base's
    own when it has them, else added ones) and the snippet that defines the added ones."""
    snippet = ("enum MxColor {\n  RED\n  GREEN\n}\n\ninput MxPoint {\n  x: Int!\n  y: Int = 0\n  color: MxColor\n}\n\n"
               "scalar MxJSON")
    return {"enum": "MxColor", "enum_value": "RED", "input": "MxPoint", "required": "x", "scalar": "MxJSON",
            "snippet": snippet}


def default_cases(kind: str) -> List[Tuple[str, str, str]]:
    """(detail, type, default literal) for default values; kind `invalid`, `valid` or `edge`."""
    if kind == "invalid":
        return [
            ("string for Int", "Int", '"1"'),
            ("float for Int", "Int", "1.5"),
            ("string for Float", "Float", '"1.5"'),
            ("int for String", "String", "1"),
            ("int for Boolean", "Boolean", "0"),
            ("float for ID", "ID", "1.5"),
            ("boolean for ID", "ID", "true"),
            ("null for non-null", "Int!", "null"),
            ("list for a non-list", "Int", "[1]"),
            ("null item in a list of non-null", "[Int!]", "[1, null]"),
            ("wrong item kind in a list", "[Int]", '["a"]'),
            ("string for an enum", "{enum}", '"{enum_value}"'),
            ("unknown enum value", "{enum}", "PURPLE"),
            ("boolean for an enum", "{enum}", "true"),
            ("empty object for an input with a required field", "{input}", "{{}}"),
            ("unknown input field", "{input}", "{{{required}: 1, nope: 2}}"),
            ("null for a required input field", "{input}", "{{{required}: null}}"),
            ("int for an input", "{input}", "1"),
            ("object for a scalar", "Int", "{{a: 1}}"),
            ("enum for a String", "String", "RED"),
            ("nested list too deep", "[Int]", "[[1]]"),
            ("object for an enum list", "[{enum}]", "[{{a: 1}}]"),
        ]
    if kind == "valid":
        return [
            ("int for Int", "Int", "1"),
            ("int for Float", "Float", "1"),
            ("exponent for Float", "Float", "1.5e3"),
            ("item for a list (coerced)", "[Int]", "1"),
            ("nested lists", "[[Int!]]", "[[1], [2, 3], null]"),
            ("enum value", "{enum}", "{enum_value}"),
            ("null for nullable", "Int", "null"),
            ("input with its required field", "{input}", "{{{required}: 1}}"),
            ("string for ID", "ID", '"x"'),
            ("int for ID", "ID", "12"),
            ("block string", "String", '"""block\n    string"""'),
            ("object for a custom scalar", "{scalar}", "{{a: [1, {{b: null}}]}}"),
            ("enum-looking literal for a custom scalar", "{scalar}", "RED"),
            ("empty list", "[{input}!]!", "[]"),
            ("unicode escape in a string", "String", '"caf\\u00e9 \\u{{1F600}}"'),
        ]
    return [
        ("Int above 2^31", "Int", "2147483648"),
        ("Int below -2^31", "Int", "-2147483649"),
        ("Int at 2^31-1", "Int", "2147483647"),
        ("Float overflowing to infinity", "Float", "1e400"),
        ("negative zero", "Float", "-0"),
        ("huge Int for ID", "ID", "123456789012345678901234567890"),
        ("huge Int for a custom scalar", "{scalar}", "123456789012345678901234567890"),
        ("Float with a capital E", "Float", "1E3"),
        ("big Int for Float", "Float", "12345678901234567890"),
    ]


def default_template(where: str, detail: str, type_: str, literal: str) -> Template:
    def make(s: Sdl) -> str:
        names = default_types(s)
        type_name = type_.format(**names)
        value = literal.format(**names)
        if where == "argument":
            field_text = f"mxField(arg: {type_name} = {value}): Int"
            return s.add(names["snippet"], query_fields=field_text)
        if where == "input field":
            return s.add(names["snippet"] + f"\n\ninput MxHolder {{\n  value: {type_name} = {value}\n}}",
                         query_fields="mxField(holder: MxHolder): Int")
        return s.add(names["snippet"] + f"\n\ndirective @mxDirective(arg: {type_name} = {value}) on FIELD")

    return f"{where}: {detail}", make


def fam_default_invalid_argument(s: Sdl) -> List[Template]:
    return [default_template("argument", *case) for case in default_cases("invalid")]


def fam_default_invalid_input_field(s: Sdl) -> List[Template]:
    return [default_template("input field", *case) for case in default_cases("invalid")]


def fam_default_invalid_directive_argument(s: Sdl) -> List[Template]:
    return [default_template("directive argument", *case) for case in default_cases("invalid")[::2]]


def fam_default_valid(s: Sdl) -> List[Template]:
    wheres = ["argument", "input field", "directive argument"]
    return [default_template(wheres[i % 3], *case) for i, case in enumerate(default_cases("valid"))]


def fam_default_numeric_edge(s: Sdl) -> List[Template]:
    wheres = ["argument", "input field"]
    return [default_template(wheres[i % 2], *case) for i, case in enumerate(default_cases("edge"))]


def fam_default_variable(s: Sdl) -> List[Template]:
    return [
        default_template("argument", "variable", "Int", "$x"),
        default_template("input field", "variable", "Int", "$x"),
        default_template("directive argument", "variable", "String", "$x"),
        default_template("argument", "variable in a list", "[Int]", "[1, $x]"),
        default_template("argument", "variable in an object", "{input}", "{{{required}: $x}}"),
        t("variable in an applied directive", "", query_fields="mxOld: Int @deprecated(reason: $why)"),
    ]


def fam_default_base_types(s: Sdl) -> List[Template]:
    """Defaults on arguments typed with the base's own enums and inputs."""
    templates: List[Template] = []
    for enum, values in list(s.base.enums.items())[:3]:
        templates.append(t(f"valid {enum} default", "", query_fields=f"mxField(arg: {enum} = {values[0]}): Int"))
        templates.append(t(f"unknown {enum} default", "", query_fields=f"mxField(arg: {enum} = MX_NOPE): Int"))
        templates.append(t(f"string {enum} default", "", query_fields=f'mxField(arg: {enum} = "{values[0]}"): Int'))
    for input_ in s.base.inputs[:3]:
        templates.append(t(f"{{}} for {input_}", "", query_fields=f"mxField(arg: {input_} = {{}}): Int"))
        templates.append(t(f"unknown field for {input_}", "",
                           query_fields=f"mxField(arg: {input_} = {{mxNope: 1}}): Int"))
    for scalar in s.base.scalars[:2]:
        templates.append(t(f"object for {scalar}", "", query_fields=f"mxField(arg: {scalar} = {{a: 1}}): Int"))
    return templates


def fam_applied_directive_argument_type(s: Sdl) -> List[Template]:
    user = "directive @mxLabel(name: String, level: Int!) on FIELD_DEFINITION | OBJECT"
    return [
        t("@deprecated(reason: 1)", "", query_fields="mxOld: Int @deprecated(reason: 1)"),
        t("@deprecated(reason: null)", "", query_fields="mxOld: Int @deprecated(reason: null)"),
        t("@deprecated(reason: ENUM)", "", query_fields="mxOld: Int @deprecated(reason: SOON)"),
        t("@deprecated(reason: block string)", "", query_fields='mxOld: Int @deprecated(reason: """\n  Gone.\n  """)'),
        t("@deprecated(reason: [\"a\"])", "", query_fields='mxOld: Int @deprecated(reason: ["a"])'),
        t("@deprecated on an enum value with reason: true",
          "enum MxEnum {\n  A\n  B @deprecated(reason: true)\n}", hook="MxEnum"),
        t("@specifiedBy(url: 1)", "scalar MxScalar @specifiedBy(url: 1)", hook="MxScalar"),
        t("@specifiedBy(url: null)", "scalar MxScalar @specifiedBy(url: null)", hook="MxScalar"),
        t("user directive, argument of the wrong type", user,
          query_fields='mxField: Int @mxLabel(name: 1, level: "high")'),
        t("user directive, required argument missing", user, query_fields='mxField: Int @mxLabel(name: "x")'),
        t("user directive, null for a required argument", user, query_fields="mxField: Int @mxLabel(level: null)"),
        t("user directive, unknown argument", user, query_fields="mxField: Int @mxLabel(level: 1, nope: 2)"),
        t("user directive, argument twice", user, query_fields="mxField: Int @mxLabel(level: 1, level: 2)"),
        t("user directive, right types", user, query_fields='mxField: Int @mxLabel(name: "x", level: 2)'),
        t("@deprecated(nope: 1)", "", query_fields="mxOld: Int @deprecated(nope: 1)"),
        t("user directive, input field given twice", "input MxIn {\n  x: Int\n}\n\n"
          "directive @mxIn(a: MxIn) on FIELD_DEFINITION", query_fields="mxField: Int @mxIn(a: {x: 1, x: 2})"),
        t("user directive, unknown input field", "input MxIn {\n  x: Int\n}\n\n"
          "directive @mxIn(a: MxIn) on FIELD_DEFINITION", query_fields="mxField: Int @mxIn(a: {nope: 1})"),
        t("user directive, null in a list of non-null", "directive @mxList(a: [Int!]!) on FIELD_DEFINITION",
          query_fields="mxField: Int @mxList(a: [null])"),
    ]


def fam_unknown_directive(s: Sdl) -> List[Template]:
    return [
        t("on a field", "", query_fields="mxField: Int @mxUnknown"),
        t("on an object type", "type MxObject @mxUnknown {\n  a: Int\n}", hook="MxObject"),
        t("on an argument", "", query_fields="mxField(a: Int @mxUnknown): Int"),
        t("on an enum value", "enum MxEnum {\n  A @mxUnknown(x: 1)\n}", hook="MxEnum"),
        t("on the schema", "extend schema @mxUnknown"),
        t("on a scalar", "scalar MxScalar @mxUnknown", hook="MxScalar"),
        t("on an input field", "input MxInput {\n  a: Int @mxUnknown\n}"),
        t("an executable directive name (@client)", "", query_fields="mxField: Int @client"),
        t("declared after use", "type MxObject @mxLate {\n  a: Int\n}\n\ndirective @mxLate on OBJECT", hook="MxObject"),
    ]


def fam_repeated_directive(s: Sdl) -> List[Template]:
    once = "directive @mxOnce on FIELD_DEFINITION | OBJECT | ENUM | SCALAR"
    many = "directive @mxMany(n: Int) repeatable on FIELD_DEFINITION | OBJECT"
    return [
        t("non-repeatable twice on a field", once, query_fields="mxField: Int @mxOnce @mxOnce"),
        t("repeatable twice on a field", many, query_fields="mxField: Int @mxMany(n: 1) @mxMany(n: 2)"),
        t("@deprecated twice", "", query_fields='mxOld: Int @deprecated @deprecated(reason: "x")'),
        t("non-repeatable on a type and its extension",
          once + "\n\ntype MxObject @mxOnce {\n  a: Int\n}\n\nextend type MxObject @mxOnce", hook="MxObject"),
        t("repeatable on a type and its extension",
          many + "\n\ntype MxObject @mxMany {\n  a: Int\n}\n\nextend type MxObject @mxMany(n: 2)", hook="MxObject"),
        t("@specifiedBy twice", 'scalar MxScalar @specifiedBy(url: "a") @specifiedBy(url: "b")', hook="MxScalar"),
        t("@specifiedBy on a scalar and its extension",
          'scalar MxScalar @specifiedBy(url: "a")\n\nextend scalar MxScalar @specifiedBy(url: "b")', hook="MxScalar"),
        t("non-repeatable on two extensions of an enum",
          once + "\n\nenum MxEnum {\n  A\n}\n\nextend enum MxEnum @mxOnce\n\nextend enum MxEnum @mxOnce"),
        t("@oneOf twice", "input MxInput @oneOf @oneOf {\n  a: Int\n}"),
        t("non-repeatable on two extensions of the schema", "directive @mxSchema on SCHEMA\n\n"
          "extend schema @mxSchema\n\nextend schema @mxSchema"),
    ]


def fam_directive_wrong_location(s: Sdl) -> List[Template]:
    return [
        t("@deprecated on an object type", "type MxObject @deprecated {\n  a: Int\n}", hook="MxObject"),
        t("@deprecated on an enum type", "enum MxEnum @deprecated {\n  A\n}"),
        t("@specifiedBy on an object type", 'type MxObject @specifiedBy(url: "x") {\n  a: Int\n}'),
        t("@oneOf on an object type", "type MxObject @oneOf {\n  a: Int\n}", hook="MxObject"),
        t("@oneOf on an argument", "", query_fields="mxField(a: Int @oneOf): Int"),
        t("@skip on a field definition", "", query_fields="mxField: Int @skip(if: true)"),
        t("field-only user directive on an argument", "directive @mxField on FIELD_DEFINITION",
          query_fields="mxField(a: Int @mxField): Int"),
        t("executable-location directive on a field definition", "directive @mxExec on FIELD | QUERY",
          query_fields="mxField: Int @mxExec"),
        t("@deprecated on an input type", "input MxInput @deprecated {\n  a: Int\n}"),
        t("input-field directive on an enum value", "directive @mxInput on INPUT_FIELD_DEFINITION\n\n"
          "enum MxEnum {\n  A @mxInput\n}"),
        t("object directive on the schema", "directive @mxObj on OBJECT\n\nextend schema @mxObj"),
        t("@deprecated on an interface field", "interface MxIface {\n  a: Int @deprecated\n}"),
        t("@deprecated on a directive argument", "directive @mxDir(a: Int @deprecated) on FIELD"),
    ]


def fam_deprecated_required(s: Sdl) -> List[Template]:
    return [
        t("required argument", "", query_fields="mxField(a: Int! @deprecated): Int"),
        t("required argument with a default", "", query_fields="mxField(a: Int! = 1 @deprecated): Int"),
        t("required argument with an invalid default", "", query_fields='mxField(a: Int! = "x" @deprecated): Int'),
        t("nullable argument", "", query_fields="mxField(a: Int @deprecated): Int"),
        t("required input field", "input MxInput {\n  a: Int! @deprecated\n  b: Int\n}"),
        t("required input field with a default", "input MxInput {\n  a: Int! = 3 @deprecated(reason: \"old\")\n}"),
        t("required list input field", "input MxInput {\n  a: [Int]! @deprecated\n}"),
        t("required directive argument", "directive @mxDir(a: Boolean! @deprecated) on FIELD"),
        t("nullable directive argument", "directive @mxDir(a: Boolean @deprecated) on FIELD"),
        t("required argument of an interface field",
          "interface MxIface {\n  a(x: ID! @deprecated): Int\n}"),
        t("deprecated enum value", "enum MxEnum {\n  A\n  B @deprecated(reason: \"no\")\n}", hook="MxEnum"),
    ]


def fam_specified_by(s: Sdl) -> List[Template]:
    return [
        t("valid", 'scalar MxScalar @specifiedBy(url: "https://tools.ietf.org/html/rfc3339")', hook="MxScalar"),
        t("via an extension", 'scalar MxScalar\n\nextend scalar MxScalar @specifiedBy(url: "https://x.y")',
          hook="MxScalar"),
        t("missing url", "scalar MxScalar @specifiedBy", hook="MxScalar"),
        t("url not a URL", 'scalar MxScalar @specifiedBy(url: "not a url")', hook="MxScalar"),
        t("on a redefined built-in scalar", 'scalar String @specifiedBy(url: "https://x.y")'),
        t("on an enum", 'enum MxEnum @specifiedBy(url: "https://x.y") {\n  A\n}'),
        t("unknown argument", 'scalar MxScalar @specifiedBy(url: "https://x.y", version: 2)'),
        t("empty url", 'scalar MxScalar @specifiedBy(url: "")', hook="MxScalar"),
        t("block-string url", 'scalar MxScalar @specifiedBy(url: """https://x.y""")', hook="MxScalar"),
    ]


def fam_one_of(s: Sdl) -> List[Template]:
    return [
        t("valid", "input MxInput @oneOf {\n  a: Int\n  b: String\n}", query_fields="mxField(arg: MxInput): Int"),
        t("non-null field", "input MxInput @oneOf {\n  a: Int!\n  b: String\n}"),
        t("field with a default", "input MxInput @oneOf {\n  a: Int = 1\n  b: String\n}"),
        t("field with an invalid default", 'input MxInput @oneOf {\n  a: Int = "x"\n  b: String\n}'),
        t("field with a null default", "input MxInput @oneOf {\n  a: Int = null\n  b: String\n}"),
        t("via an extension", "input MxInput {\n  a: Int\n}\n\nextend input MxInput @oneOf"),
        t("via an extension, with a non-null field", "input MxInput {\n  a: Int!\n}\n\nextend input MxInput @oneOf"),
        t("extension adds a non-null field",
          "input MxInput @oneOf {\n  a: Int\n}\n\nextend input MxInput {\n  b: Int!\n}"),
        t("with an argument", "input MxInput @oneOf(x: 1) {\n  a: Int\n}"),
        t("one list field", "input MxInput @oneOf {\n  a: [Int!]\n}"),
        t("non-null list field", "input MxInput @oneOf {\n  a: [Int]!\n}"),
        t("oneOf input as the default of an argument", "input MxInput @oneOf {\n  a: Int\n  b: Int\n}",
          query_fields="mxField(arg: MxInput = {a: 1, b: 2}): Int"),
        t("oneOf cycle through itself", "input MxInput @oneOf {\n  self: MxInput\n  a: Int\n}"),
    ]


def fam_dunder_names(s: Sdl) -> List[Template]:
    return [
        t("object type", "type __MxObject {\n  a: Int\n}"),
        t("field", "", query_fields="__mxField: Int"),
        t("__typename field", "", query_fields="__typename: String!"),
        t("__schema field", "", query_fields="__schema: __Schema!"),
        t("argument", "", query_fields="mxField(__arg: Int): Int"),
        t("enum value", "enum MxEnum {\n  A\n  __B\n}"),
        t("input field", "input MxInput {\n  __a: Int\n}"),
        t("directive", "directive @__mx on FIELD"),
        t("directive argument", "directive @mxDir(__a: Int) on FIELD"),
        t("interface", "interface __MxIface {\n  a: Int\n}"),
        t("union", "type MxA {\n  a: Int\n}\n\nunion __MxUnion = MxA"),
        t("scalar", "scalar __MxScalar"),
        t("single underscore names", "type _MxObject {\n  _a(_b: Int): Int\n}\n\nenum _MxEnum {\n  _A\n}",
          hook="_MxObject"),
        t("interface field", "interface MxIface {\n  __a: Int\n}"),
    ]


def fam_enum_value_names(s: Sdl) -> List[Template]:
    return [
        t("true", "enum MxEnum {\n  A\n  true\n}"),
        t("false", "enum MxEnum {\n  false\n}"),
        t("null", "enum MxEnum {\n  null\n  B\n}"),
        t("capitalised True, False, Null", "enum MxEnum {\n  True\n  False\n  Null\n}", hook="MxEnum"),
        t("keywords as values", "enum MxEnum {\n  type\n  query\n  enum\n  on\n  input\n}", hook="MxEnum"),
        t("null added by an extension", "enum MxEnum {\n  A\n}\n\nextend enum MxEnum {\n  null\n}"),
        t("lowercase values", "enum MxEnum {\n  a\n  b\n}", hook="MxEnum"),
    ]


def fam_duplicate_types(s: Sdl) -> List[Template]:
    obj = s.pick(s.base.objects) or s.q
    return [
        t("object defined twice", "type MxObject {\n  a: Int\n}\n\ntype MxObject {\n  b: Int\n}"),
        t("object and enum with one name", "type MxObject {\n  a: Int\n}\n\nenum MxObject {\n  A\n}"),
        t(f"base type {obj} redefined", f"type {obj} {{\n  mxA: Int\n}}"),
        t(f"scalar named like base type {obj}", f"scalar {obj}"),
        t("query type redefined", f"type {s.q} {{\n  mxA: Int\n}}"),
        t("names differing in case only", "type MxObject {\n  a: Int\n}\n\ntype mxObject {\n  b: Int\n}",
          hook="mxObject"),
        t("directive defined twice", "directive @mxDir on FIELD\n\ndirective @mxDir on FIELD"),
        t("directive and type with one name", "directive @MxObject on FIELD\n\ntype MxObject {\n  a: Int\n}"),
        t("schema defined twice", f"schema {{\n  query: {s.q}\n}}\n\nschema {{\n  query: {s.q}\n}}"
          if s.base.schema_definition is None else f"schema {{\n  query: {s.q}\n}}"),
    ]


def fam_duplicate_fields(s: Sdl) -> List[Template]:
    def base_field_twice(s: Sdl) -> Optional[str]:
        node = s.object_with_fields()
        if node is None:
            return None
        first = node.fields[0]
        return s.insert_fields(node.name.value, s.base.text[first.loc.start: first.loc.end])

    def base_field_by_extension(s: Sdl) -> Optional[str]:
        node = s.object_with_fields()
        if node is None:
            return None
        first = node.fields[-1]
        return s.add(f"extend type {node.name.value} {{\n  {first.name.value}: String\n}}")

    return [
        t("in an object", "type MxObject {\n  a: Int\n  a: Int\n}"),
        t("in an object, different types", "type MxObject {\n  a: Int\n  a: String\n}"),
        t("in an interface", "interface MxIface {\n  a: Int\n  a: Int\n}"),
        t("in an input", "input MxInput {\n  a: Int\n  a: Int\n}"),
        t("added by an extension", "type MxObject {\n  a: Int\n}\n\nextend type MxObject {\n  a: Int\n}"),
        t("added by two extensions", "type MxObject {\n  a: Int\n}\n\nextend type MxObject {\n  b: Int\n}\n\n"
          "extend type MxObject {\n  b: Int\n}"),
        t("added to an input by an extension", "input MxInput {\n  a: Int\n}\n\nextend input MxInput {\n  a: Int\n}"),
        t("same field in two types", "type MxObject {\n  a: Int\n}\n\ntype MxOther {\n  a: Int\n}", hook="MxOther"),
        ("a base field repeated in its type", base_field_twice),
        ("a base field added again by an extension", base_field_by_extension),
        t("query field repeated", "", query_fields="mxField: Int\n  mxField: Int"),
        t("names differing in case", "type MxObject {\n  a: Int\n  A: Int\n}", hook="MxObject"),
    ]


def fam_duplicate_arguments(s: Sdl) -> List[Template]:
    return [
        t("field argument twice", "", query_fields="mxField(a: Int, a: Int): Int"),
        t("field argument twice, different types", "", query_fields="mxField(a: Int, a: String): Int"),
        t("directive argument twice", "directive @mxDir(a: Int, a: Int) on FIELD"),
        t("interface field argument twice", "interface MxIface {\n  f(x: ID, x: ID): Int\n}"),
        t("applied directive argument twice", "", query_fields='mxOld: Int @deprecated(reason: "a", reason: "b")'),
        t("same argument name on two fields", "", query_fields="mxA(a: Int): Int\n  mxB(a: Int): Int"),
    ]


def fam_duplicate_enum_values(s: Sdl) -> List[Template]:
    enum, values = (s.pick(list(s.base.enums.items())) or (None, None))
    templates = [
        t("within the enum", "enum MxEnum {\n  A\n  B\n  A\n}"),
        t("added by an extension", "enum MxEnum {\n  A\n}\n\nextend enum MxEnum {\n  A\n}"),
        t("differing in case", "enum MxEnum {\n  A\n  a\n}", hook="MxEnum"),
        t("new value by an extension", "enum MxEnum {\n  A\n}\n\nextend enum MxEnum {\n  B\n}", hook="MxEnum"),
    ]
    if enum:
        templates.append(t(f"base enum {enum} value added again", f"extend enum {enum} {{\n  {values[0]}\n}}"))
        templates.append(t(f"base enum {enum} extended", f"extend enum {enum} {{\n  MX_NEW\n}}"))
    return templates


def fam_duplicate_members(s: Sdl) -> List[Template]:
    objects = "type MxA {\n  a: Int\n}\n\ntype MxB {\n  b: Int\n}\n\n"
    return [
        t("union member twice", objects + "union MxUnion = MxA | MxA"),
        t("union member added again by an extension", objects + "union MxUnion = MxA | MxB\n\n"
          "extend union MxUnion = MxA"),
        t("union extension adds a new member", objects + "union MxUnion = MxA\n\nextend union MxUnion = MxB",
          hook="MxUnion"),
        t("interface implemented twice",
          "interface MxI {\n  a: Int\n}\n\ntype MxA implements MxI & MxI {\n  a: Int\n}"),
        t("interface added again by an extension",
          "interface MxI {\n  a: Int\n}\n\ntype MxA implements MxI {\n  a: Int\n}\n\nextend type MxA implements MxI"),
        t("directive location twice", "directive @mxDir on FIELD | FIELD | QUERY"),
        t("interface extension adds an interface it has",
          "interface MxI {\n  a: Int\n}\n\ninterface MxJ implements MxI {\n  a: Int\n}\n\n"
          "extend interface MxJ implements MxI"),
    ]


def fam_extension_targets(s: Sdl) -> List[Template]:
    obj = s.pick(s.base.objects) or s.q
    templates = [
        t("extend an unknown type", "extend type MxNope {\n  a: Int\n}"),
        t("extend an unknown enum", "extend enum MxNope {\n  A\n}"),
        t("extend an unknown input", "extend input MxNope {\n  a: Int\n}"),
        t("extend an unknown union", "type MxA {\n  a: Int\n}\n\nextend union MxNope = MxA"),
        t("extend an unknown scalar", "extend scalar MxNope @deprecated"),
        t("extend an object as an interface", f"extend interface {obj} {{\n  mxA: Int\n}}"),
        t("extend an object as an input", f"extend input {obj} {{\n  mxA: Int\n}}"),
        t("extend an enum as a scalar", "directive @mxS on SCALAR | ENUM\n\nenum MxEnum {\n  A\n}\n\n"
          "extend scalar MxEnum @mxS"),
        t(f"extend base type {obj} with a field", f"extend type {obj} {{\n  mxA(x: Int = 1): [String!]\n}}"),
        t("extension before its definition", "extend type MxObject {\n  b: Int\n}\n\ntype MxObject {\n  a: Int\n}",
          hook="MxObject"),
        t("extend the query type", f"extend type {s.q} {{\n  mxA: Int\n}}"),
        t("extension with nothing in it", f"extend type {obj}"),
        t("extend an object adding an interface", f"interface MxI {{\n  mxA: Int\n}}\n\n"
          f"extend type {obj} implements MxI {{\n  mxA: Int\n}}"),
        t("extend an introspection type", "extend enum __TypeKind {\n  MX\n}"),
        t("extend a built-in scalar", "directive @mxS on SCALAR\n\nextend scalar Int @mxS"),
    ]
    return templates


def fam_unknown_type_reference(s: Sdl) -> List[Template]:
    return [
        t("field type", "", query_fields="mxField: MxNope"),
        t("list of an unknown type", "", query_fields="mxField: [MxNope!]!"),
        t("argument type", "", query_fields="mxField(a: MxNope): Int"),
        t("union member", "union MxUnion = MxNope"),
        t("implemented interface", "type MxObject implements MxNope {\n  a: Int\n}"),
        t("input field type", "input MxInput {\n  a: MxNope\n}"),
        t("directive argument type", "directive @mxDir(a: MxNope) on FIELD"),
        t("schema root", f"schema {{\n  query: {s.q}\n  mutation: MxNope\n}}" if s.base.schema_definition is None
          else "extend schema {\n  subscription: MxNope\n}"),
        t("typo of a base type", "", query_fields=f"mxField: {s.q.lower()}"),
        t("a built-in scalar in lower case", "", query_fields="mxField: string"),
        t("an introspection type name that does not exist", "", query_fields="mxField: __Types"),
        t("an introspection type", "", query_fields="mxField: __Type"),
    ]


def fam_wrong_kind_position(s: Sdl) -> List[Template]:
    types = ("type MxObject {\n  a: Int\n}\n\ninterface MxIface {\n  a: Int\n}\n\nunion MxUnion = MxObject\n\n"
             "input MxInput {\n  a: Int\n}\n\nenum MxEnum {\n  A\n}\n\nscalar MxScalar\n\n")
    return [
        t("object as an argument type", types, query_fields="mxField(a: MxObject): Int"),
        t("interface as an argument type", types, query_fields="mxField(a: MxIface): Int"),
        t("union as an input field type", types + "input MxOther {\n  u: MxUnion\n}"),
        t("input as a field type", types, query_fields="mxField: MxInput"),
        t("input in a list as a field type", types, query_fields="mxField: [MxInput!]"),
        t("input as an interface field type", types + "interface MxOther {\n  i: MxInput\n}"),
        t("enum and scalar in both positions", types, query_fields="mxField(a: MxEnum, b: [MxScalar]): MxEnum"),
        t("input as a directive argument", types + "directive @mxDir(a: MxInput) on FIELD"),
        t("object as a directive argument", types + "directive @mxDir(a: MxObject) on FIELD"),
        t("input as a union member", types + "union MxOther = MxObject | MxInput"),
        t("object as an input field type", types + "input MxOther {\n  o: MxObject\n}"),
        t("introspection type as an argument type", types, query_fields="mxField(a: __TypeKind): __Type"),
        t("introspection object as an argument type", "", query_fields="mxField(a: __Type): Int"),
    ]


IFACE = "interface MxIface {\n  id: ID!\n  size(unit: String, scale: Int = 1): Float\n  friend: MxIface\n}\n\n"


def fam_interface_fields(s: Sdl) -> List[Template]:
    def impl(fields: str) -> str:
        return IFACE + f"type MxObject implements MxIface {{\n  {fields}\n}}"

    return [
        t("missing field", impl("id: ID!\n  friend: MxIface")),
        t("all fields", impl("id: ID!\n  size(unit: String, scale: Int = 1): Float\n  friend: MxIface"),
          hook="MxObject"),
        t("wrong field type", impl("id: String!\n  size(unit: String, scale: Int = 1): Float\n  friend: MxIface")),
        t("nullable where the interface is non-null",
          impl("id: ID\n  size(unit: String, scale: Int = 1): Float\n  friend: MxIface")),
        t("covariant: implementing object for the interface",
          impl("id: ID!\n  size(unit: String, scale: Int = 1): Float\n  friend: MxObject"), hook="MxIface"),
        t("covariant: non-null where the interface is nullable",
          impl("id: ID!\n  size(unit: String, scale: Int = 1): Float!\n  friend: MxIface!")),
        t("list where the interface is not",
          impl("id: ID!\n  size(unit: String, scale: Int = 1): [Float]\n  friend: MxIface")),
        t("unrelated object for the interface",
          IFACE + "type MxOther {\n  a: Int\n}\n\n" + "type MxObject implements MxIface {\n  id: ID!\n"
          "  size(unit: String, scale: Int = 1): Float\n  friend: MxOther\n}"),
        t("covariant: union member for a union",
          "type MxA {\n  a: Int\n}\n\nunion MxU = MxA\n\ninterface MxI {\n  u: MxU\n  l: [MxU]\n}\n\n"
          "type MxObject implements MxI {\n  u: MxA\n  l: [MxA!]!\n}", hook="MxI"),
        t("covariant: sub-interface for an interface",
          "interface MxI {\n  me: MxI\n}\n\ninterface MxJ implements MxI {\n  me: MxJ\n}\n\n"
          "type MxObject implements MxJ & MxI {\n  me: MxObject!\n}", hook="MxJ"),
        t("field supplied only by an extension",
          IFACE + "type MxObject implements MxIface {\n  id: ID!\n  friend: MxIface\n}\n\n"
          "extend type MxObject {\n  size(unit: String, scale: Int = 1): Float\n}"),
        t("interface added by an extension, fields missing", "interface MxI {\n  z: Int\n}\n\n"
          f"extend type {s.pick(s.base.objects) or s.q} implements MxI"),
    ]


def fam_interface_arguments(s: Sdl) -> List[Template]:
    def impl(size: str) -> str:
        return IFACE + f"type MxObject implements MxIface {{\n  id: ID!\n  {size}\n  friend: MxIface\n}}"

    return [
        t("missing argument", impl("size(unit: String): Float")),
        t("extra optional argument", impl("size(unit: String, scale: Int = 1, round: Boolean): Float"),
          hook="MxObject"),
        t("extra required argument", impl("size(unit: String, scale: Int = 1, round: Boolean!): Float")),
        t("extra required argument with a default", impl("size(unit: String, scale: Int = 1, round: Boolean! = true)"
                                                         ": Float")),
        t("argument type differs", impl("size(unit: ID, scale: Int = 1): Float")),
        t("argument made non-null", impl("size(unit: String!, scale: Int = 1): Float")),
        t("argument default differs", impl("size(unit: String, scale: Int = 2): Float"), hook="MxIface"),
        t("argument default dropped", impl("size(unit: String, scale: Int): Float")),
        t("arguments in another order", impl("size(scale: Int = 1, unit: String): Float")),
        t("argument made a list", impl("size(unit: [String], scale: Int = 1): Float")),
    ]


def fam_interface_hierarchy(s: Sdl) -> List[Template]:
    base_pair = s.implementation()
    templates = [
        t("transitive interface missing", "interface MxA {\n  a: Int\n}\n\ninterface MxB implements MxA {\n  a: Int\n}"
          "\n\ntype MxObject implements MxB {\n  a: Int\n}"),
        t("transitive interface declared", "interface MxA {\n  a: Int\n}\n\ninterface MxB implements MxA {\n  a: Int\n}"
          "\n\ntype MxObject implements MxB & MxA {\n  a: Int\n}", hook="MxA"),
        t("interface missing its own transitive interface",
          "interface MxA {\n  a: Int\n}\n\ninterface MxB implements MxA {\n  a: Int\n}\n\n"
          "interface MxC implements MxB {\n  a: Int\n}"),
        t("interface implementing itself", "interface MxA implements MxA {\n  a: Int\n}"),
        t("two interfaces implementing each other", "interface MxA implements MxB {\n  a: Int\n}\n\n"
          "interface MxB implements MxA {\n  a: Int\n}"),
        t("object implementing an object", "type MxA {\n  a: Int\n}\n\ntype MxObject implements MxA {\n  a: Int\n}"),
        t("object implementing a union", "type MxA {\n  a: Int\n}\n\nunion MxU = MxA\n\n"
          "type MxObject implements MxU {\n  a: Int\n}"),
        t("object implementing an input", "input MxA {\n  a: Int\n}\n\ntype MxObject implements MxA {\n  a: Int\n}"),
        t("interface extension adds a transitive interface", "interface MxA {\n  a: Int\n}\n\n"
          "interface MxB {\n  a: Int\n}\n\nextend interface MxB implements MxA\n\n"
          "type MxObject implements MxB & MxA {\n  a: Int\n}", hook="MxB"),
        t("interface with no implementations", "interface MxLonely {\n  a: Int\n}", hook="MxLonely"),
        t("leading ampersand", "interface MxA {\n  a: Int\n}\n\ntype MxObject implements & MxA {\n  a: Int\n}",
          hook="MxObject"),
    ]
    if base_pair:
        interface, obj, node = base_pair
        templates.append(t(f"sub-interface of base {interface} not declared by {obj}",
                           f"interface MxSub implements {interface} {{\n" +
                           "\n".join(f"  {s.base.text[f.loc.start:f.loc.end]}" for f in
                                     s.base.definitions[interface].fields) +
                           f"\n}}\n\nextend type {obj} implements MxSub"))

        def drop_field(s: Sdl) -> Optional[str]:
            interface_fields = {f.name.value for f in s.base.definitions[interface].fields}
            candidates = [f for f in node.fields if f.name.value in interface_fields]
            if not candidates:
                return None
            victim = s.pick(candidates)
            return s.replace(victim.loc.start, victim.loc.end, "")

        templates.append((f"base {obj} loses a field of {interface}", drop_field))
    return templates


def fam_empty_types(s: Sdl) -> List[Template]:
    return [
        t("object without fields", "type MxObject", hook="MxObject"),
        t("object without fields, unused", "type MxObject"),
        t("interface without fields", "interface MxIface"),
        t("enum without values", "enum MxEnum"),
        t("union without members", "union MxUnion"),
        t("input without fields", "input MxInput"),
        t("object with empty braces", "type MxObject {}"),
        t("enum with empty braces", "enum MxEnum {}"),
        t("object without fields, extended with one", "type MxObject\n\nextend type MxObject {\n  a: Int\n}",
          hook="MxObject"),
        t("enum without values, extended with one", "enum MxEnum\n\nextend enum MxEnum {\n  A\n}", hook="MxEnum"),
        t("union without members, extended with one",
          "type MxA {\n  a: Int\n}\n\nunion MxUnion\n\nextend union MxUnion = MxA", hook="MxUnion"),
        t("input without fields, extended with one", "input MxInput\n\nextend input MxInput {\n  a: Int\n}"),
        t("empty argument list", "", query_fields="mxField(): Int"),
    ]


def fam_union_members(s: Sdl) -> List[Template]:
    types = ("type MxA {\n  a: Int\n}\n\ntype MxB {\n  b: Int\n}\n\ninterface MxI {\n  a: Int\n}\n\n"
             "input MxIn {\n  a: Int\n}\n\nenum MxE {\n  A\n}\n\nscalar MxS\n\n")
    base_objects = s.base.objects[:2]
    templates = [
        t("objects", types + "union MxU = MxA | MxB", hook="MxU"),
        t("leading pipe", types + "union MxU =\n  | MxA\n  | MxB", hook="MxU"),
        t("one member", types + "union MxU = MxA", hook="[MxU!]"),
        t("an interface member", types + "union MxU = MxA | MxI"),
        t("a scalar member", types + "union MxU = MxS"),
        t("a built-in scalar member", types + "union MxU = MxA | String"),
        t("an enum member", types + "union MxU = MxE | MxA"),
        t("an input member", types + "union MxU = MxIn"),
        t("a union member", types + "union MxU = MxA\n\nunion MxV = MxU | MxB"),
        t("the query type as a member", types + f"union MxU = {s.q}"),
        t("trailing pipe", types + "union MxU = MxA |"),
    ]
    if base_objects:
        templates.append(t("base objects", f"union MxU = {' | '.join(base_objects)}", hook="MxU"))
    if s.base.unions:
        templates.append(t("base union as a member", f"union MxU = {s.base.unions[0]}"))
    return templates


def without_schema_definition(s: Sdl) -> str:
    node = s.base.schema_definition
    return s.base.text if node is None else s.replace(node.loc.start, node.loc.end, "")


def fam_root_types(s: Sdl) -> List[Template]:
    q = s.q

    def renamed_query(s: Sdl) -> Optional[str]:
        # The query type renamed away with no schema definition: no query root.
        if s.base.schema_definition is not None or q != "Query":
            return None
        node = s.base.definitions[q]
        return s.replace(node.name.loc.start, node.name.loc.end, "MxNotQuery")

    def schema_without_query(s: Sdl) -> Optional[str]:
        text = without_schema_definition(s)
        if q != "Query":
            return None
        return text.rstrip() + "\n\ntype MxMutation {\n  a: Int\n}\n\nschema {\n  mutation: MxMutation\n}\n"

    def mutation_enum(s: Sdl) -> Optional[str]:
        if s.base.schema_definition is not None or "Mutation" in s.base.definitions:
            return None
        return s.add("enum Mutation {\n  A\n}")

    def subscription_input(s: Sdl) -> Optional[str]:
        if s.base.schema_definition is not None or "Subscription" in s.base.definitions:
            return None
        return s.add("input Subscription {\n  a: Int\n}")

    def schema_query_input(s: Sdl) -> Optional[str]:
        return without_schema_definition(s).rstrip() + "\n\ninput MxIn {\n  a: Int\n}\n\nschema {\n  query: MxIn\n}\n"

    def schema_query_unknown(s: Sdl) -> Optional[str]:
        return without_schema_definition(s).rstrip() + "\n\nschema {\n  query: MxNope\n}\n"

    def schema_same_type_twice(s: Sdl) -> Optional[str]:
        return without_schema_definition(s).rstrip() + f"\n\nschema {{\n  query: {q}\n  mutation: {q}\n}}\n"

    def schema_operation_twice(s: Sdl) -> Optional[str]:
        return (without_schema_definition(s).rstrip() + "\n\ntype MxQ {\n  a: Int\n}\n\n"
                f"schema {{\n  query: {q}\n  query: MxQ\n}}\n")

    def schema_empty(s: Sdl) -> Optional[str]:
        return without_schema_definition(s).rstrip() + "\n\nschema {}\n"

    def schema_query_interface(s: Sdl) -> Optional[str]:
        return (without_schema_definition(s).rstrip() + "\n\ninterface MxI {\n  a: Int\n}\n\n"
                "schema {\n  query: MxI\n}\n")

    def query_no_fields(s: Sdl) -> Optional[str]:
        node = s.base.definitions[q]
        return s.replace(node.loc.start, node.loc.end, f"type {q}")

    def explicit_schema_lowercase(s: Sdl) -> Optional[str]:
        return (without_schema_definition(s).rstrip() + "\n\ntype query {\n  a: Int\n}\n\n"
                "schema {\n  query: query\n}\n")

    def ignored_mutation_named_type(s: Sdl) -> Optional[str]:
        if "Mutation" in s.base.definitions:
            return None
        return (without_schema_definition(s).rstrip() + f"\n\nschema {{\n  query: {q}\n}}\n\n"
                "enum Mutation {\n  A\n}\n")

    def schema_description(s: Sdl) -> Optional[str]:
        return (without_schema_definition(s).rstrip() + f'\n\n"""\nThe schema.\n"""\nschema {{\n  query: {q}\n}}\n')

    def subscription_union(s: Sdl) -> Optional[str]:
        return (without_schema_definition(s).rstrip() + "\n\ntype MxA {\n  a: Int\n}\n\nunion MxU = MxA\n\n"
                f"schema {{\n  query: {q}\n  subscription: MxU\n}}\n")

    return [
        ("no query type", renamed_query),
        ("schema definition without query", schema_without_query),
        ("an enum named Mutation", mutation_enum),
        ("an input named Subscription", subscription_input),
        ("schema query is an input", schema_query_input),
        ("schema query is unknown", schema_query_unknown),
        ("schema query is an interface", schema_query_interface),
        ("subscription root is a union", subscription_union),
        ("one type for query and mutation", schema_same_type_twice),
        ("query operation twice", schema_operation_twice),
        ("empty schema definition", schema_empty),
        ("query type without fields", query_no_fields),
        ("lowercase query type", explicit_schema_lowercase),
        ("a non-root enum named Mutation", ignored_mutation_named_type),
        ("schema description", schema_description),
    ]


def fam_extend_schema(s: Sdl) -> List[Template]:
    q = s.q
    has_mutation = s.base.mutation is not None
    return [
        t("directive on the schema", "directive @mxSchema on SCHEMA\n\nextend schema @mxSchema"),
        t("directive with arguments on the schema", 'directive @mxSchema(a: String, b: [Int]) repeatable on SCHEMA'
          '\n\nextend schema @mxSchema(a: "x") @mxSchema(b: [1])'),
        t("schema directive not allowed on the schema", "directive @mxObj on OBJECT\n\nextend schema @mxObj"),
        t("add a subscription root", "type MxSub {\n  tick: Int\n}\n\nextend schema {\n  subscription: MxSub\n}"
          if "Subscription" not in s.base.definitions and s.base.definitions.get(q) and
          not any(d == "Subscription" for d in s.base.objects) else "extend schema @deprecated"),
        t("redefine the query root", "type MxQ {\n  a: Int\n}\n\nextend schema {\n  query: MxQ\n}"),
        t("add a mutation root", "type MxM {\n  a: Int\n}\n\nextend schema {\n  mutation: MxM\n}"
          if not has_mutation else f"extend schema {{\n  mutation: {s.base.mutation}\n}}"),
        t("extension with a description", '"Described."\nextend schema @deprecated'),
        t("extension with nothing", "extend schema"),
        t("extension with empty braces", "extend schema {}"),
        t("extension with a directive and a root", "directive @mxSchema on SCHEMA\n\ntype MxSub {\n  a: Int\n}\n\n"
          "extend schema @mxSchema {\n  subscription: MxSub\n}"),
    ]


def fam_input_cycles(s: Sdl) -> List[Template]:
    return [
        t("self, non-null", "input MxA {\n  self: MxA!\n}"),
        t("self, nullable", "input MxA {\n  self: MxA\n}", query_fields="mxField(a: MxA): Int"),
        t("self, non-null list", "input MxA {\n  selves: [MxA!]!\n}", query_fields="mxField(a: MxA): Int"),
        t("two steps, non-null", "input MxA {\n  b: MxB!\n}\n\ninput MxB {\n  a: MxA!\n}"),
        t("two steps, one nullable", "input MxA {\n  b: MxB!\n}\n\ninput MxB {\n  a: MxA\n}"),
        t("three steps, non-null", "input MxA {\n  b: MxB!\n}\n\ninput MxB {\n  c: MxC!\n}\n\ninput MxC {\n  a: MxA!\n"
          "  x: Int\n}"),
        # Not `self: MxA = {}`: coercing a default of the type being defined recurses without end in graphql-js
        # and graphql-core, an accident of their implementations rather than a verdict.
        t("self-reference with an empty-list default", "input MxA {\n  selves: [MxA] = []\n  a: Int\n}"),
        t("cycle closed by an extension", "input MxA {\n  b: MxB!\n}\n\ninput MxB {\n  x: Int\n}\n\n"
          "extend input MxB {\n  a: MxA!\n}"),
        t("cycle through a list", "input MxA {\n  b: [MxB!]!\n}\n\ninput MxB {\n  a: MxA!\n}"),
        t("two cycles sharing a type", "input MxA {\n  b: MxB!\n  c: MxC!\n}\n\ninput MxB {\n  a: MxA!\n}\n\n"
          "input MxC {\n  a: MxA!\n}"),
    ]


def fam_descriptions(s: Sdl) -> List[Template]:
    return [
        t("block strings everywhere",
          '"""\n  An object.\n\n    Indented "quote" \\""" and more.\n"""\ntype MxObject {\n  """\n  A field.\n  """\n'
          '  a(\n    """An argument."""\n    x: Int\n    "Another." y: String\n  ): Int\n}', hook="MxObject"),
        t("description on a directive and its arguments",
          '"""A directive."""\ndirective @mxDir(\n  "Arg." a: Int = 1\n) repeatable on FIELD_DEFINITION',
          query_fields="mxField: Int @mxDir @mxDir(a: 2)"),
        t("descriptions on enum values, inputs, unions, scalars",
          '"E" enum MxEnum {\n  "A value" A\n  """B value""" B\n}\n\n"In" input MxIn {\n  "f" f: Int\n}\n\n'
          '"S" scalar MxS\n\n"U" union MxU = MxO\n\n"O" type MxO {\n  o: MxEnum\n}', hook="MxU"),
        t("empty descriptions", '""\ntype MxObject {\n  """"""\n  a: Int\n}', hook="MxObject"),
        t("unicode and escapes", '"caf\\u00e9 \\t \\" \\\\ \\u{1F600} 😀"\ntype MxObject {\n  a: Int\n}',
          hook="MxObject"),
        t("description on an extension", '"Nope."\nextend type ' + s.q + ' {\n  mxA: Int\n}'),
        t("description on an interface implementation field", '"I"\ninterface MxI {\n  "doc" a: Int\n}\n\n'
          'type MxO implements MxI {\n  "other doc" a: Int\n}', hook="MxI"),
        t("unterminated block string", '"""\ntype MxObject {\n  a: Int\n}'),
        t("description before a directive definition and schema extension",
          '"d"\ndirective @mxDir on SCHEMA\n\nextend schema @mxDir'),
        t("description containing GraphQL", '"""\ntype Fake { a: Int }\n"""\nscalar MxS', hook="MxS"),
    ]


def fam_unreferenced_types(s: Sdl) -> List[Template]:
    return [
        t("unused object", "type MxObject {\n  a(x: [Int!] = [1]): MxObject\n}"),
        t("unused interface and implementation", "interface MxI {\n  a: Int\n}\n\ntype MxO implements MxI {\n  a: Int\n"
          "}"),
        t("unused union", "type MxO {\n  a: Int\n}\n\nunion MxU = MxO"),
        t("unused input with a cycle-free self reference", "input MxIn {\n  next: MxIn\n  v: Int = 3\n}"),
        t("unused enum and scalar", "enum MxE {\n  A\n  B\n}\n\nscalar MxS"),
        t("unused directive", "directive @mxDir(a: Int) on FIELD | QUERY | SUBSCRIPTION | VARIABLE_DEFINITION"),
        t("unused subscription-named type", "type MxSubscriptionish {\n  a: Int\n}"),
        t("many unused types", "\n\n".join(f"type MxT{i} {{\n  v{i}: MxT{(i + 1) % 5}\n}}" for i in range(5))),
    ]


def fam_directive_definitions(s: Sdl) -> List[Template]:
    return [
        t("argument of an output type", "type MxO {\n  a: Int\n}\n\ndirective @mxDir(a: MxO) on FIELD"),
        t("unknown location", "directive @mxDir on FIELDS"),
        t("lowercase location", "directive @mxDir on field"),
        t("no location", "directive @mxDir"),
        t("every type-system location",
          "directive @mxDir on SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | "
          "UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION"),
        t("every executable location", "directive @mxDir on QUERY | MUTATION | SUBSCRIPTION | FIELD | "
          "FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION"),
        t("used on its own argument", "directive @mxDir(a: Int @mxDir) on ARGUMENT_DEFINITION"),
        t("used on a field of its argument's input type",
          "directive @mxDir(a: MxIn) on INPUT_FIELD_DEFINITION\n\ninput MxIn {\n  x: Int @mxDir\n}"),
        t("two directives used on each other's arguments", "directive @mxA(a: Int @mxB) on ARGUMENT_DEFINITION\n\n"
          "directive @mxB(b: Int @mxA) on ARGUMENT_DEFINITION"),
        t("argument with a directive used on it", "directive @mxA on ARGUMENT_DEFINITION\n\n"
          "directive @mxDir(a: Int @mxA, b: String = \"x\" @deprecated) on FIELD"),
        t("repeatable keyword after on", "directive @mxDir on FIELD repeatable"),
        t("required argument with a default", "directive @mxDir(a: Int! = 1) on FIELD"),
        t("argument of an interface type", "interface MxI {\n  a: Int\n}\n\ndirective @mxDir(a: [MxI]) on FIELD"),
        t("leading pipe in locations", "directive @mxDir on\n  | FIELD\n  | QUERY"),
        t("unknown type-system location name", "directive @mxDir on TYPE"),
    ]


def fam_syntax_edges(s: Sdl) -> List[Template]:
    return [
        t("commas between interfaces", "interface MxA {\n  a: Int\n}\n\ninterface MxB {\n  a: Int\n}\n\n"
          "type MxO implements MxA, MxB {\n  a: Int\n}"),
        t("trailing ampersand", "interface MxA {\n  a: Int\n}\n\ntype MxO implements MxA & {\n  a: Int\n}"),
        t("commas and comments everywhere", "# comment\ntype MxO {,, a: Int, # trailing\n b(x: Int,,): String,}",
          hook="MxO"),
        t("non-null of non-null", "", query_fields="mxField: Int!!"),
        t("field without a type", "", query_fields="mxField"),
        t("arguments on an input field", "input MxIn {\n  a(x: Int): Int\n}"),
        t("an operation in the schema", "", query_fields="mxA: Int\n}\n\nquery MxQ {\n  mxA"),
        t("a fragment in the schema", "fragment MxF on " + s.q + " {\n  __typename\n}"),
        t("a byte order mark", "\ufefftype MxO {\n  a: Int\n}"),
        t("unicode letters in a name", "type MxÖbject {\n  a: Int\n}"),
        t("name starting with a digit", "type 1MxObject {\n  a: Int\n}"),
        t("implements without a name", "type MxO implements {\n  a: Int\n}"),
        t("union without '='", "type MxA {\n  a: Int\n}\n\nunion MxU MxA"),
        t("tabs and carriage returns", "type MxO {\r\n\ta: Int\r\n\tb: String\r\n}", hook="MxO"),
        t("enum value with an argument list", "enum MxE {\n  A(x: Int)\n}"),
    ]


def fam_deprecated_misc(s: Sdl) -> List[Template]:
    return [
        t("on a field without reason", "", query_fields="mxOld: Int @deprecated"),
        t("on an interface field but not its implementation",
          "interface MxI {\n  a: Int @deprecated\n}\n\ntype MxO implements MxI {\n  a: Int\n}", hook="MxI"),
        t("on an implementation field but not its interface",
          "interface MxI {\n  a: Int\n}\n\ntype MxO implements MxI {\n  a: Int @deprecated(reason: \"x\")\n}"),
        t("on a nullable input field with reason", 'input MxIn {\n  a: Int @deprecated(reason: "gone")\n}',
          query_fields="mxField(in: MxIn): Int"),
        t("on the only enum value", "enum MxE {\n  A @deprecated\n}", hook="MxE"),
        t("on every query field but one", "", query_fields="mxA: Int @deprecated\n  mxB: Int @deprecated"),
        t("reason with a variable-like string", "", query_fields='mxOld: Int @deprecated(reason: "$x")'),
        t("on an argument with a default", "", query_fields="mxField(a: Int = 3 @deprecated(reason: \"no\")): Int"),
        t("on a field added by an extension", f"extend type {s.q} {{\n  mxOld: Int @deprecated\n}}"),
    ]


def fam_base_edits(s: Sdl) -> List[Template]:
    """Edits of the base's own definitions: a field's type changed, an argument dropped, a type renamed."""

    def retype_field(s: Sdl, new_type: str) -> Optional[str]:
        node = s.object_with_fields()
        if node is None:
            return None
        victim = s.pick(node.fields)
        return s.replace(victim.type.loc.start, victim.type.loc.end, new_type)

    def rename_type(s: Sdl) -> Optional[str]:
        names = [n for n in s.base.objects if n in s.base.definitions and n != s.q]
        if not names:
            return None
        node = s.base.definitions[s.pick(names)]
        return s.replace(node.name.loc.start, node.name.loc.end, node.name.value + "Mx")

    def drop_definition(s: Sdl) -> Optional[str]:
        names = [n for n in list(s.base.enums) + s.base.inputs + s.base.scalars if n in s.base.definitions]
        if not names:
            return None
        node = s.base.definitions[s.pick(names)]
        return s.replace(node.loc.start, node.loc.end, "")

    def nullable_to_non_null_everywhere(s: Sdl) -> Optional[str]:
        node = s.object_with_fields()
        if node is None:
            return None
        victim = s.pick(node.fields)
        type_text = s.base.text[victim.type.loc.start: victim.type.loc.end]
        if type_text.endswith("!"):
            return s.replace(victim.type.loc.start, victim.type.loc.end, type_text[:-1])
        return s.replace(victim.type.loc.start, victim.type.loc.end, type_text + "!")

    def arguments_to_input(s: Sdl) -> Optional[str]:
        if not s.base.inputs:
            return None
        return s.host(f"mxField(a: [{s.pick(s.base.inputs)}!] = []): Boolean")

    return [
        ("a field retyped to an unknown type", lambda s: retype_field(s, "MxUnknown")),
        ("a field retyped to String", lambda s: retype_field(s, "String")),
        ("a field retyped to a list", lambda s: retype_field(s, "[String]")),
        ("a type renamed (its references dangle)", rename_type),
        ("an enum, input or scalar removed", drop_definition),
        ("a field's nullability flipped", nullable_to_non_null_everywhere),
        ("a field taking a base input list", arguments_to_input),
    ]


def fam_corpus_as_is(s: Sdl) -> List[Template]:
    return [("unchanged", lambda s: s.base.text),
            ("printed by graphql-core", lambda s: printed(s.base.text))]


def printed(text: str) -> str:
    from graphql import print_schema
    return print_schema(build_schema(text))


SDL_FAMILIES: List[Tuple[str, Callable[[Sdl], List[Template]]]] = [
    ("introspection-type-real", fam_introspection_type_real),
    ("introspection-type-bogus", fam_introspection_type_bogus),
    ("builtin-scalar-redefinition", fam_builtin_scalar_redefinition),
    ("builtin-directive-redefinition", fam_builtin_directive_redefinition),
    ("default-invalid-argument", fam_default_invalid_argument),
    ("default-invalid-input-field", fam_default_invalid_input_field),
    ("default-invalid-directive-argument", fam_default_invalid_directive_argument),
    ("default-valid", fam_default_valid),
    ("default-numeric-edge", fam_default_numeric_edge),
    ("default-variable", fam_default_variable),
    ("default-base-types", fam_default_base_types),
    ("applied-directive-argument", fam_applied_directive_argument_type),
    ("unknown-directive", fam_unknown_directive),
    ("repeated-directive", fam_repeated_directive),
    ("directive-wrong-location", fam_directive_wrong_location),
    ("deprecated-required", fam_deprecated_required),
    ("deprecated-misc", fam_deprecated_misc),
    ("specified-by", fam_specified_by),
    ("one-of", fam_one_of),
    ("dunder-names", fam_dunder_names),
    ("enum-value-names", fam_enum_value_names),
    ("duplicate-types", fam_duplicate_types),
    ("duplicate-fields", fam_duplicate_fields),
    ("duplicate-arguments", fam_duplicate_arguments),
    ("duplicate-enum-values", fam_duplicate_enum_values),
    ("duplicate-members", fam_duplicate_members),
    ("extension-targets", fam_extension_targets),
    ("unknown-type-reference", fam_unknown_type_reference),
    ("wrong-kind-position", fam_wrong_kind_position),
    ("interface-fields", fam_interface_fields),
    ("interface-arguments", fam_interface_arguments),
    ("interface-hierarchy", fam_interface_hierarchy),
    ("empty-types", fam_empty_types),
    ("union-members", fam_union_members),
    ("root-types", fam_root_types),
    ("extend-schema", fam_extend_schema),
    ("input-cycles", fam_input_cycles),
    ("descriptions", fam_descriptions),
    ("unreferenced-types", fam_unreferenced_types),
    ("directive-definitions", fam_directive_definitions),
    ("syntax-edges", fam_syntax_edges),
    ("base-edits", fam_base_edits),
    ("corpus-as-is", fam_corpus_as_is),
]

# --------------------------------------------------------------------------------------------------------------------
# Introspection mutation helpers


class Intro:
    """One introspection case in the making: a fresh copy of the base's JSON and ways to change it."""

    def __init__(self, base: IntrospectionBase, rng: random.Random):
        self.base, self.rng = base, rng
        self.result = json.loads(base.text)
        self.schema = (self.result.get("data") or self.result)["__schema"]

    def dump(self) -> str:
        return json.dumps(self.result, ensure_ascii=False, separators=(",", ":"))

    def types(self) -> List[Dict[str, Any]]:
        return self.schema["types"]

    def type(self, name: str) -> Optional[Dict[str, Any]]:
        return next((t_ for t_ in self.types() if t_["name"] == name), None)

    def user_types(self, kind: str) -> List[Dict[str, Any]]:
        roots = {(self.schema.get(k) or {}).get("name") for k in ("queryType", "mutationType", "subscriptionType")}
        return [t_ for t_ in self.types() if t_["kind"] == kind and not t_["name"].startswith("__")
                and t_["name"] not in roots and t_["name"] not in specified_scalar_types]

    def pick(self, items: Sequence[Any]) -> Any:
        return self.rng.choice(list(items)) if items else None

    def query(self) -> Dict[str, Any]:
        return self.type(self.schema["queryType"]["name"])

    def add_query_field(self, name: str, type_ref: Dict[str, Any], args: Optional[List[Dict[str, Any]]] = None):
        self.query()["fields"].append(field_json(name, type_ref, args))

    def referenced_names(self) -> set:
        names = set()

        def walk(ref):
            while ref.get("ofType"):
                ref = ref["ofType"]
            names.add(ref.get("name"))

        for type_ in self.types():
            if type_["name"].startswith("__"):
                continue
            for f in (type_.get("fields") or []) + (type_.get("inputFields") or []):
                walk(f["type"])
                for a in f.get("args") or []:
                    walk(a["type"])
        for d in self.schema.get("directives") or []:
            for a in d.get("args") or []:
                walk(a["type"])
        return names


def ref(kind: str, name: Optional[str] = None, of: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    return {"kind": kind, "name": name, "ofType": of}


def non_null(of: Dict[str, Any]) -> Dict[str, Any]:
    return ref("NON_NULL", None, of)


def list_of(of: Dict[str, Any]) -> Dict[str, Any]:
    return ref("LIST", None, of)


def input_value_json(name: str, type_ref: Dict[str, Any], default: Optional[str] = None, **extra) -> Dict[str, Any]:
    return {"name": name, "description": None, "type": type_ref, "defaultValue": default, **extra}


def field_json(name: str, type_ref: Dict[str, Any], args=None, **extra) -> Dict[str, Any]:
    return {"name": name, "description": None, "args": args or [], "type": type_ref, "isDeprecated": False,
            "deprecationReason": None, **extra}


def object_json(name: str, fields: List[Dict[str, Any]], interfaces=None, kind: str = "OBJECT") -> Dict[str, Any]:
    return {"kind": kind, "name": name, "description": None, "fields": fields, "inputFields": None,
            "interfaces": interfaces if interfaces is not None else [], "enumValues": None, "possibleTypes": None}


def enum_json(name: str, values: List[str]) -> Dict[str, Any]:
    return {"kind": "ENUM", "name": name, "description": None, "fields": None, "inputFields": None,
            "interfaces": None, "possibleTypes": None,
            "enumValues": [{"name": v, "description": None, "isDeprecated": False, "deprecationReason": None}
                           for v in values]}


def input_json(name: str, fields: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {"kind": "INPUT_OBJECT", "name": name, "description": None, "fields": None, "inputFields": fields,
            "interfaces": None, "enumValues": None, "possibleTypes": None}


INT, STRING, BOOLEAN = ref("SCALAR", "Int"), ref("SCALAR", "String"), ref("SCALAR", "Boolean")

IntroTemplate = Tuple[str, Callable[[Intro], Optional[bool]]]  # the function edits in place; False: not applicable


def it(detail: str, edit: Callable[[Intro], Any]) -> IntroTemplate:
    return detail, edit


# --------------------------------------------------------------------------------------------------------------------
# Introspection families


def ifam_introspection_types(i: Intro) -> List[IntroTemplate]:
    def bogus_schema_field(i: Intro):
        schema_type = i.type("__Schema")
        if schema_type is None:
            i.types().append(object_json("__Schema", [field_json("bogus", INT)]))
        else:
            schema_type["fields"].append(field_json("bogus", INT))

    def drop_all(i: Intro):
        i.schema["types"] = [t_ for t_ in i.types() if not t_["name"].startswith("__")]

    def typekind_extra(i: Intro):
        kind = i.type("__TypeKind")
        if kind is None:
            i.types().append(enum_json("__TypeKind", ["FOO"]))
        else:
            kind["enumValues"].append(enum_json("x", ["FOO"])["enumValues"][0])

    def type_as_scalar(i: Intro):
        type_ = i.type("__Type")
        if type_ is None:
            return False
        type_.update(kind="SCALAR", fields=None, interfaces=None)

    def unknown_dunder(i: Intro):
        i.types().append(object_json("__MxFoo", [field_json("a", INT)]))

    def dunder_query_field(i: Intro):
        i.add_query_field("__schema", non_null(ref("OBJECT", "__Schema")))

    def reference_schema_type(i: Intro):
        i.add_query_field("schemaCopy", ref("OBJECT", "__Schema"))

    def reference_without_type(i: Intro):
        drop_all(i)
        i.add_query_field("kind", ref("ENUM", "__TypeKind"))

    return [
        it("bogus field in __Schema", bogus_schema_field),
        it("introspection types left out", drop_all),
        it("__TypeKind with an extra value", typekind_extra),
        it("__Type given as a scalar", type_as_scalar),
        it("an unknown __ type", unknown_dunder),
        it("a __schema field on the query type", dunder_query_field),
        it("a query field returning __Schema", reference_schema_type),
        it("a query field returning __TypeKind, introspection types left out", reference_without_type),
    ]


def ifam_builtin_scalars(i: Intro) -> List[IntroTemplate]:
    def describe_string(i: Intro):
        string = i.type("String")
        if string is None:
            return False
        string["description"] = "Mine."

    def int_as_object(i: Intro):
        int_ = i.type("Int")
        if int_ is None:
            return False
        int_.update(kind="OBJECT", fields=[field_json("value", STRING)], interfaces=[])

    def drop(name: str):
        def edit(i: Intro):
            if i.type(name) is None:
                return False
            i.schema["types"] = [t_ for t_ in i.types() if t_["name"] != name]
        return edit

    def drop_unused(i: Intro):
        used = i.referenced_names()
        unused = [n for n in specified_scalar_types if n not in used and i.type(n)]
        if not unused:
            return False
        i.schema["types"] = [t_ for t_ in i.types() if t_["name"] != unused[0]]

    def specified_by(i: Intro):
        boolean = i.type("Boolean")
        if boolean is None:
            return False
        boolean["specifiedByUrl"] = "https://example.com/boolean"

    def all_missing_but_used(i: Intro):
        i.schema["types"] = [t_ for t_ in i.types() if t_["name"] not in specified_scalar_types]
        i.add_query_field("mxCount", INT)

    return [
        it("String with another description", describe_string),
        it("Int given as an object", int_as_object),
        it("String left out of types", drop("String")),
        it("Boolean left out of types", drop("Boolean")),
        it("an unused built-in scalar left out", drop_unused),
        it("Boolean with a specifiedByUrl", specified_by),
        it("every built-in scalar left out, Int used", all_missing_but_used),
    ]


def ifam_default_values(i: Intro) -> List[IntroTemplate]:
    def with_default(type_ref: Dict[str, Any], default: str, on: str = "argument"):
        def edit(i: Intro):
            enums = i.user_types("ENUM")
            inputs = i.user_types("INPUT_OBJECT")
            actual = dict(type_ref)
            if actual.get("name") == "ENUM":
                if not enums:
                    return False
                actual = ref("ENUM", enums[0]["name"])
            elif actual.get("name") == "INPUT":
                if not inputs:
                    return False
                actual = ref("INPUT_OBJECT", inputs[0]["name"])
            if on == "argument":
                i.add_query_field("mxField", INT, [input_value_json("arg", actual, default)])
            else:
                i.types().append(input_json("MxIn", [input_value_json("value", actual, default)]))
                i.add_query_field("mxField", INT, [input_value_json("in", ref("INPUT_OBJECT", "MxIn"))])
        return edit

    return [
        it("unparseable", with_default(INT, "{")),
        it("empty string", with_default(INT, "")),
        it("JSON object syntax", with_default(ref("SCALAR", "String"), '{"a": 1}')),
        it("string for Int", with_default(INT, '"abc"')),
        it("string for Int, input field", with_default(INT, '"abc"', on="input field")),
        it("unknown enum value", with_default(ref("ENUM", "ENUM"), "MX_NOPE")),
        it("string for an enum", with_default(ref("ENUM", "ENUM"), '"MX_NOPE"')),
        it("variable", with_default(INT, "$x")),
        it("valid Int", with_default(INT, "42")),
        it("null", with_default(INT, "null")),
        it("null for non-null", with_default(non_null(INT), "null")),
        it("empty object for an input", with_default(ref("INPUT", "INPUT"), "{}")),
        it("list for a list", with_default(list_of(INT), "[1, 2]")),
        it("two values", with_default(INT, "1 2")),
        it("block string", with_default(STRING, '"""x"""', on="input field")),
    ]


def ifam_root_types(i: Intro) -> List[IntroTemplate]:
    def set_root(key: str, value: Any):
        def edit(i: Intro):
            i.schema[key] = value
        return edit

    def drop_key(key: str):
        def edit(i: Intro):
            i.schema.pop(key, None)
        return edit

    def root_is(kind: str, key: str):
        def edit(i: Intro):
            candidates = i.user_types(kind)
            if not candidates:
                return False
            i.schema[key] = {"name": candidates[0]["name"]}
        return edit

    def mutation_is_query(i: Intro):
        i.schema["mutationType"] = {"name": i.schema["queryType"]["name"]}

    return [
        it("queryType null", set_root("queryType", None)),
        it("queryType missing", drop_key("queryType")),
        it("queryType names an unknown type", set_root("queryType", {"name": "MxNope"})),
        it("queryType names an input", root_is("INPUT_OBJECT", "queryType")),
        it("mutationType names an enum", root_is("ENUM", "mutationType")),
        it("subscriptionType names an interface", root_is("INTERFACE", "subscriptionType")),
        it("mutationType is the query type", mutation_is_query),
        it("mutationType missing", drop_key("mutationType")),
        it("subscriptionType without a name", set_root("subscriptionType", {})),
    ]


def ifam_unknown_type_reference(i: Intro) -> List[IntroTemplate]:
    def field_type(i: Intro):
        i.add_query_field("mxField", ref("OBJECT", "MxNope"))

    def argument_type(i: Intro):
        i.add_query_field("mxField", INT, [input_value_json("a", non_null(ref("INPUT_OBJECT", "MxNope")))])

    def interface(i: Intro):
        objects = [o for o in i.user_types("OBJECT") if o.get("interfaces") is not None]
        if not objects:
            return False
        objects[0]["interfaces"].append(ref("INTERFACE", "MxNope"))

    def possible_type(i: Intro):
        i.types().append(object_json("MxA", [field_json("a", INT)]))
        union = {"kind": "UNION", "name": "MxU", "description": None, "fields": None, "inputFields": None,
                 "interfaces": None, "enumValues": None, "possibleTypes": [ref("OBJECT", "MxA"), ref("OBJECT", "MxB")]}
        i.types().append(union)

    def directive_arg(i: Intro):
        i.schema.setdefault("directives", []).append(
            {"name": "mxDir", "description": None, "locations": ["FIELD"], "isRepeatable": False,
             "args": [input_value_json("a", ref("SCALAR", "MxNope"))]})

    def unused_type_dangling(i: Intro):
        i.types().append(object_json("MxA", [field_json("a", ref("OBJECT", "MxNope"))]))

    return [
        it("query field type", field_type),
        it("argument type", argument_type),
        it("implemented interface", interface),
        it("union member", possible_type),
        it("directive argument type", directive_arg),
        it("in an unused type", unused_type_dangling),
    ]


def ifam_wrong_kind(i: Intro) -> List[IntroTemplate]:
    def unknown_kind(i: Intro):
        objects = i.user_types("OBJECT")
        if not objects:
            return False
        objects[0]["kind"] = "THING"

    def lowercase_kind(i: Intro):
        enums = i.user_types("ENUM") or i.user_types("OBJECT")
        if not enums:
            return False
        enums[0]["kind"] = enums[0]["kind"].lower()

    def ref_kind_mismatch(i: Intro):
        enums = i.user_types("ENUM")
        if not enums:
            return False
        i.add_query_field("mxField", ref("OBJECT", enums[0]["name"]))

    def object_as_input(i: Intro):
        objects = i.user_types("OBJECT")
        if not objects:
            return False
        objects[0]["kind"] = "INPUT_OBJECT"

    def list_without_of_type(i: Intro):
        i.add_query_field("mxField", ref("LIST"))

    def non_null_of_non_null(i: Intro):
        i.add_query_field("mxField", non_null(non_null(INT)))

    def list_with_name(i: Intro):
        i.add_query_field("mxField", ref("LIST", "Int", INT))

    def named_with_of_type(i: Intro):
        i.add_query_field("mxField", ref("SCALAR", "Int", STRING))

    def object_as_argument(i: Intro):
        objects = i.user_types("OBJECT")
        if not objects:
            return False
        i.add_query_field("mxField", INT, [input_value_json("a", ref("OBJECT", objects[0]["name"]))])

    def input_as_field(i: Intro):
        inputs = i.user_types("INPUT_OBJECT")
        if not inputs:
            return False
        i.add_query_field("mxField", ref("INPUT_OBJECT", inputs[0]["name"]))

    def interface_as_union(i: Intro):
        interfaces = i.user_types("INTERFACE")
        if not interfaces:
            return False
        interfaces[0]["kind"] = "UNION"

    return [
        it("a type of unknown kind", unknown_kind),
        it("a lowercase kind", lowercase_kind),
        it("reference kind differs from the type's kind", ref_kind_mismatch),
        it("an object whose kind says INPUT_OBJECT", object_as_input),
        it("LIST without ofType", list_without_of_type),
        it("NON_NULL of NON_NULL", non_null_of_non_null),
        it("LIST with a name", list_with_name),
        it("named type with an ofType", named_with_of_type),
        it("object type as an argument", object_as_argument),
        it("input type as a field", input_as_field),
        it("an interface whose kind says UNION", interface_as_union),
    ]


def ifam_missing_members(i: Intro) -> List[IntroTemplate]:
    def on_kind(kind: str, key: str, value: Any = "drop"):
        def edit(i: Intro):
            candidates = i.user_types(kind)
            if kind == "OBJECT":
                candidates = candidates or [i.query()]
            if not candidates:
                return False
            target = candidates[0]
            if value == "drop":
                target.pop(key, None)
            else:
                target[key] = value
        return edit

    def field_without_args(i: Intro):
        i.query()["fields"][0].pop("args", None)

    def field_without_type(i: Intro):
        i.query()["fields"][0].pop("type", None)

    def directive_without(key: str):
        def edit(i: Intro):
            directives = i.schema.get("directives") or []
            if not directives:
                return False
            directives[-1].pop(key, None)
        return edit

    def argument_without_default_key(i: Intro):
        i.add_query_field("mxField", INT, [{"name": "a", "description": None, "type": INT}])

    def enum_value_without_deprecation(i: Intro):
        enums = i.user_types("ENUM")
        if not enums:
            return False
        for value in enums[0]["enumValues"]:
            value.pop("isDeprecated", None)
            value.pop("deprecationReason", None)

    return [
        it("object without fields", on_kind("OBJECT", "fields")),
        it("object with empty fields", on_kind("OBJECT", "fields", [])),
        it("object without interfaces", on_kind("OBJECT", "interfaces")),
        it("interface with null interfaces", on_kind("INTERFACE", "interfaces", None)),
        # Not an interface without the `interfaces` key: graphql-js rejects it (only null is tolerated), graphql-core
        # cannot tell a missing key from null and accepts it.
        it("interface without possibleTypes", on_kind("INTERFACE", "possibleTypes")),
        it("union without possibleTypes", on_kind("UNION", "possibleTypes")),
        it("enum without enumValues", on_kind("ENUM", "enumValues")),
        it("enum with empty enumValues", on_kind("ENUM", "enumValues", [])),
        it("input without inputFields", on_kind("INPUT_OBJECT", "inputFields")),
        it("field without args", field_without_args),
        it("field without type", field_without_type),
        it("directive without args", directive_without("args")),
        it("directive without locations", directive_without("locations")),
        it("directive without isRepeatable", directive_without("isRepeatable")),
        it("argument without a defaultValue key", argument_without_default_key),
        it("enum values without deprecation keys", enum_value_without_deprecation),
    ]


def ifam_missing_schema_members(i: Intro) -> List[IntroTemplate]:
    def drop(key: str):
        def edit(i: Intro):
            i.schema.pop(key, None)
        return edit

    def no_schema(i: Intro):
        data = i.result.get("data") or i.result
        data["schema"] = data.pop("__schema")

    def errors_alongside(i: Intro):
        if "data" not in i.result:
            i.result = {"data": i.result}
        i.result["errors"] = [{"message": "partial"}]

    def unwrap(i: Intro):
        if "data" in i.result:
            i.result = i.result["data"]
        else:
            i.result = {"data": i.result}

    def extensions_key(i: Intro):
        i.result["extensions"] = {"cost": 1}

    def null_types(i: Intro):
        i.schema["types"] = None

    def empty_directives(i: Intro):
        i.schema["directives"] = []

    return [
        it("no directives key", drop("directives")),
        it("empty directives", empty_directives),
        it("no types key", drop("types")),
        it("types null", null_types),
        it("__schema renamed", no_schema),
        it("errors alongside data", errors_alongside),
        it("data wrapper added or removed", unwrap),
        it("an extensions key", extensions_key),
        it("no description key", drop("description")),
    ]


def ifam_duplicates(i: Intro) -> List[IntroTemplate]:
    def type_twice(i: Intro):
        objects = i.user_types("OBJECT") or [i.query()]
        i.types().append(json.loads(json.dumps(objects[0])))

    def type_twice_different(i: Intro):
        objects = i.user_types("OBJECT")
        if not objects:
            return False
        i.types().append(enum_json(objects[0]["name"], ["A"]))

    def field_twice(i: Intro):
        fields = i.query()["fields"]
        fields.append(json.loads(json.dumps(fields[0])))

    def enum_value_twice(i: Intro):
        enums = i.user_types("ENUM")
        if not enums:
            return False
        enums[0]["enumValues"].append(dict(enums[0]["enumValues"][0]))

    def directive_twice(i: Intro):
        directives = i.schema.get("directives") or []
        if not directives:
            return False
        directives.append(json.loads(json.dumps(directives[0])))

    def argument_twice(i: Intro):
        i.add_query_field("mxField", INT, [input_value_json("a", INT), input_value_json("a", STRING)])

    def possible_type_twice(i: Intro):
        i.types().append(object_json("MxA", [field_json("a", INT)]))
        i.types().append({"kind": "UNION", "name": "MxU", "description": None, "fields": None, "inputFields": None,
                          "interfaces": None, "enumValues": None,
                          "possibleTypes": [ref("OBJECT", "MxA"), ref("OBJECT", "MxA")]})

    return [
        it("a type listed twice", type_twice),
        it("an enum with an object's name", type_twice_different),
        it("a query field listed twice", field_twice),
        it("an enum value listed twice", enum_value_twice),
        it("a directive listed twice", directive_twice),
        it("an argument listed twice", argument_twice),
        it("a union member listed twice", possible_type_twice),
    ]


def ifam_schema_validation(i: Intro) -> List[IntroTemplate]:
    def interface_missing_field(i: Intro):
        i.types().append(object_json("MxI", [field_json("a", INT), field_json("b", INT)], kind="INTERFACE"))
        i.types()[-1]["possibleTypes"] = [ref("OBJECT", "MxO")]
        i.types().append(object_json("MxO", [field_json("a", INT)], [ref("INTERFACE", "MxI")]))

    def interface_ok(i: Intro):
        i.types().append(object_json("MxI", [field_json("a", INT)], kind="INTERFACE"))
        i.types()[-1]["possibleTypes"] = [ref("OBJECT", "MxO")]
        i.types().append(object_json("MxO", [field_json("a", non_null(INT))], [ref("INTERFACE", "MxI")]))

    def possible_types_disagree(i: Intro):
        # possibleTypes names an object that does not declare the interface: build_client_schema ignores it
        i.types().append(object_json("MxI", [field_json("a", INT)], kind="INTERFACE"))
        i.types()[-1]["possibleTypes"] = [ref("OBJECT", "MxO")]
        i.types().append(object_json("MxO", [field_json("a", INT)]))

    def union_of_interface(i: Intro):
        i.types().append(object_json("MxI", [field_json("a", INT)], kind="INTERFACE"))
        i.types().append({"kind": "UNION", "name": "MxU", "description": None, "fields": None, "inputFields": None,
                          "interfaces": None, "enumValues": None, "possibleTypes": [ref("INTERFACE", "MxI")]})

    def input_cycle(i: Intro):
        i.types().append(input_json("MxIn", [input_value_json("self", non_null(ref("INPUT_OBJECT", "MxIn")))]))

    def deprecated_required_argument(i: Intro):
        i.add_query_field("mxField", INT, [input_value_json("a", non_null(INT), None, isDeprecated=True,
                                                            deprecationReason="old")])

    def dunder_argument(i: Intro):
        i.add_query_field("mxField", INT, [input_value_json("__a", INT)])

    def empty_union(i: Intro):
        i.types().append({"kind": "UNION", "name": "MxU", "description": None, "fields": None, "inputFields": None,
                          "interfaces": None, "enumValues": None, "possibleTypes": []})

    def one_of_non_null(i: Intro):
        i.types().append(input_json("MxIn", [input_value_json("a", non_null(INT))]))
        i.types()[-1]["isOneOf"] = True

    def enum_value_true(i: Intro):
        i.types().append(enum_json("MxE", ["true", "A"]))

    def bad_name(i: Intro):
        i.add_query_field("mx-field", INT)

    return [
        it("object missing an interface field", interface_missing_field),
        it("object implementing an interface covariantly", interface_ok),
        it("possibleTypes naming an object without the interface", possible_types_disagree),
        it("union of an interface", union_of_interface),
        it("non-null input cycle", input_cycle),
        it("deprecated required argument", deprecated_required_argument),
        it("argument named __a", dunder_argument),
        it("union with no members", empty_union),
        it("oneOf input with a non-null field", one_of_non_null),
        it("enum value named true", enum_value_true),
        it("field name with a hyphen", bad_name),
    ]


def ifam_directives(i: Intro) -> List[IntroTemplate]:
    def add(name: str, locations: List[str], args=None, **extra):
        def edit(i: Intro):
            i.schema.setdefault("directives", []).append(
                {"name": name, "description": None, "locations": locations, "args": args or [], **extra})
        return edit

    def replace_skip(i: Intro):
        directives = i.schema.get("directives") or []
        for d in directives:
            if d["name"] == "skip":
                d["args"] = [input_value_json("if", INT)]
                d["locations"] = ["QUERY"]
                return
        return False

    def drop_deprecated(i: Intro):
        directives = i.schema.get("directives") or []
        if not any(d["name"] == "deprecated" for d in directives):
            return False
        i.schema["directives"] = [d for d in directives if d["name"] != "deprecated"]

    return [
        # Not unknown or lowercase locations, nor a number for a deprecation reason: graphql-core's constructors
        # reject them, graphql-js 16 builds them.
        it("every location", add("mxDir", [location.name for location in DirectiveLocation])),
        it("no locations", add("mxDir", [])),
        it("argument of an object type", lambda i: add("mxDir", ["FIELD"], [
            input_value_json("a", ref("OBJECT", i.schema["queryType"]["name"]))])(i)),
        it("repeatable with arguments", add("mxDir", ["FIELD", "OBJECT"], [input_value_json("a", INT, "1")],
                                            isRepeatable=True)),
        it("named __mx", add("__mx", ["FIELD"])),
        it("@skip with an Int argument on QUERY", replace_skip),
        it("@deprecated left out", drop_deprecated),
        it("a required argument, deprecated", add("mxDir", ["FIELD"], [
            input_value_json("a", non_null(INT), None, isDeprecated=True, deprecationReason="x")])),
    ]


def ifam_deprecation(i: Intro) -> List[IntroTemplate]:
    def deprecate_field(reason):
        def edit(i: Intro):
            field_ = i.query()["fields"][0]
            field_["isDeprecated"], field_["deprecationReason"] = True, reason
        return edit

    def reason_without_flag(i: Intro):
        field_ = i.query()["fields"][0]
        field_["isDeprecated"], field_["deprecationReason"] = False, "but not deprecated"

    def deprecate_enum_value(i: Intro):
        enums = i.user_types("ENUM")
        if not enums:
            return False
        value = enums[0]["enumValues"][-1]
        value["isDeprecated"], value["deprecationReason"] = True, None

    def deprecated_optional_argument(i: Intro):
        i.add_query_field("mxField", INT, [input_value_json("a", INT, "1", isDeprecated=True,
                                                            deprecationReason="old")])

    def deprecated_input_field(i: Intro):
        i.types().append(input_json("MxIn", [input_value_json("a", INT, None, isDeprecated=True,
                                                              deprecationReason="old")]))

    return [
        it("field deprecated with a reason", deprecate_field("gone")),
        it("field deprecated with a null reason", deprecate_field(None)),
        it("field with a reason but not deprecated", reason_without_flag),
        it("enum value deprecated without a reason", deprecate_enum_value),
        it("optional argument deprecated", deprecated_optional_argument),
        it("nullable input field deprecated", deprecated_input_field),
    ]


INTROSPECTION_FAMILIES: List[Tuple[str, Callable[[Intro], List[IntroTemplate]]]] = [
    ("intro-introspection-types", ifam_introspection_types),
    ("intro-builtin-scalars", ifam_builtin_scalars),
    ("intro-default-values", ifam_default_values),
    ("intro-root-types", ifam_root_types),
    ("intro-unknown-type-reference", ifam_unknown_type_reference),
    ("intro-wrong-kind", ifam_wrong_kind),
    ("intro-missing-type-members", ifam_missing_members),
    ("intro-schema-members", ifam_missing_schema_members),
    ("intro-duplicates", ifam_duplicates),
    ("intro-schema-validation", ifam_schema_validation),
    ("intro-directives", ifam_directives),
    ("intro-deprecation", ifam_deprecation),
]

# --------------------------------------------------------------------------------------------------------------------
# Generation


def weighted(rng: random.Random, bases: Sequence[Any]) -> Any:
    return rng.choices(list(bases), weights=[b.weight for b in bases])[0]


def generate(corpus: Path, seed: int, count: int):
    """The cases: families in turn (a shuffled order per round), each taking its templates in turn."""
    sdl_bases, introspection_bases = load_bases(corpus)
    families = [(name, "sdl", f) for name, f in SDL_FAMILIES] + \
               [(name, "introspection", f) for name, f in INTROSPECTION_FAMILIES]
    rng = random.Random(seed)
    turns = collections.Counter()  # the family's next template
    offsets = {name: rng.randrange(1000) for name, _, _ in families}
    numbers = collections.Counter()
    seen = set()
    order: List[Tuple[str, str, Callable]] = []
    produced = 0
    stalls = 0
    while produced < count:
        if not order:
            order = list(families)
            rng.shuffle(order)
        name, fmt, family_function = order.pop()
        made = None
        for attempt in range(6):
            case_rng = random.Random(f"{seed}:{name}:{turns[name]}:{attempt}")
            if fmt == "sdl":
                base = weighted(case_rng, sdl_bases if attempt < 5 else sdl_bases[:1])
                maker = Sdl(base, case_rng)
                templates = family_function(maker)
                if not templates:
                    continue
                detail, function = templates[(turns[name] + offsets[name]) % len(templates)]
                text = function(maker)
            else:
                base = weighted(case_rng, introspection_bases if attempt < 5 else introspection_bases[:1])
                maker = Intro(base, case_rng)
                templates = family_function(maker)
                detail, function = templates[(turns[name] + offsets[name]) % len(templates)]
                text = None if function(maker) is False else maker.dump()
            if text is not None and text not in seen:
                made = (base.name, detail, text)
                break
        turns[name] += 1
        if made is None:
            stalls += 1
            if stalls > 10 * len(families):
                break
            continue
        base_name, detail, text = made
        seen.add(text)
        accepted, errors = verdict_sdl(text) if fmt == "sdl" else verdict_introspection(text)
        numbers[name] += 1
        produced += 1
        yield {"id": f"{name}-{numbers[name]}", "family": name, "format": fmt, "base": base_name, "detail": detail,
               "text": text, "accepted": accepted, "errors": errors}


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True, help="the shared corpus folder")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--summary", action="store_true", help="per-family verdict counts on standard error")
    arguments = parser.parse_args(argv)
    sys.setrecursionlimit(10000)
    counts: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    out = sys.stdout
    for case in generate(arguments.corpus, arguments.seed, arguments.count):
        out.write(json.dumps(case, ensure_ascii=False) + "\n")
        counts[case["family"]]["accepted" if case["accepted"] else "rejected"] += 1
    total = collections.Counter()
    for family_counts in counts.values():
        total.update(family_counts)
    if arguments.summary:
        for name in sorted(counts):
            print(f"{name:40} accepted {counts[name]['accepted']:3}  rejected {counts[name]['rejected']:3}",
                  file=sys.stderr)
    print(f"schema_mutations: {sum(total.values())} cases in {len(counts)} families, "
          f"{total['accepted']} accepted, {total['rejected']} rejected", file=sys.stderr)


if __name__ == "__main__":
    main()
