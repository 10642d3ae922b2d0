"""A seeded, stable object graph behind any GraphQL schema: oracle_app.py's resolvers.

Every value is a pure function of the seed and of where it is asked for, through BLAKE2b over canonical JSON (never
Python's `hash()` or the `random` module), so the same query always gets the same answer and the same object has
the same field values whichever path reaches it.

A node is (concrete object type name, key). The root of every operation is (root type name, "root").
- Id-keyed types, the object types with a field `id` of type ID or String (nullable or not): the key is the id,
  `"<TypeName>:<n>"` with 0 <= n < pool, and `id` resolves to it. The type name in the id means one id, one type.
- Other object types: the key is the path from the nearest node, `<parent key>/<field><arguments>[<index>]...`.

A field's value for node (T, key), field f and arguments a (the coerced values as canonical JSON, sorted keys,
defaults included) is derived from (seed, T, key, f, a) plus, in a list, the element's index, each decision from
its own tagged hash: a nullable position is null one time in 7; a list has 0 to 3 elements; an enum is one of its
values; an interface or union picks one of its possible object types (sorted by name); an object picks an id from
the pool (id-keyed types) or takes its path as key. Leaves: Int in -1000...1000, Float with at most 3 decimals,
String of 0 to 12 characters (hexadecimal digits with the odd "é", quote, backslash or newline), Boolean, ID
"id-<n>", and custom scalars by name (`Long`-like names: an Int; `BigInt`: digits in a string; dates, URIs, Git
object ids, Base64, HTML: a string of that shape; anything else "x<n>").

Lookups: a field that returns an id-keyed object, interface or union and takes `id: ID` (or returns a list of them
and takes `ids: [ID]`), given an id `"<T>:<anything>"` whose T is one of its possible id-keyed types, returns that
very node, never null (`node(id:)`, `nodes(ids:)`, `user(id:)`, `updateUser(id:, ...)`), and a list as long as
`ids`. Other ids fall back to the rules above (in a list, for that element at its index). Mutation fields are pure functions like query fields: nothing is ever stored.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Dict, List, Optional, Tuple

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLResolveInfo,
    GraphQLScalarType,
    GraphQLSchema,
    get_named_type,
    is_abstract_type,
    is_list_type,
    is_non_null_type,
    is_object_type,
)

ROOT_KEY = "root"
NULL_ONE_IN = 7
MAX_LIST_LENGTH = 3
HEX_DIGITS = "0123456789abcdef"
# Characters that exercise JSON escaping and UTF-8 (by a digest byte's residue modulo SPECIAL_MODULUS).
SPECIAL_CHARACTERS = {0: "é", 1: '"', 2: "\\", 3: "\n"}
SPECIAL_MODULUS = 61


class Node:
    """An object in the graph: what the resolvers receive as their parent value."""

    __slots__ = ("type_name", "key")

    def __init__(self, type_name: str, key: str) -> None:
        self.type_name = type_name
        self.key = key

    def __repr__(self) -> str:
        return f"Node({self.type_name!r}, {self.key!r})"


def canonical_arguments(arguments: Dict[str, Any]) -> str:
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _is_id_field(field: Optional[GraphQLField]) -> bool:
    if field is None:
        return False
    field_type = field.type.of_type if is_non_null_type(field.type) else field.type
    return isinstance(field_type, GraphQLScalarType) and field_type.name in ("ID", "String")


class ObjectGraph:
    def __init__(self, schema: GraphQLSchema, seed: int, pool: int = 6) -> None:
        if pool < 1:
            raise ValueError("the pool needs at least one id per type")
        self.schema = schema
        self.seed = seed
        self.pool = pool
        self.id_keyed = frozenset(
            name
            for name, named in schema.type_map.items()
            if is_object_type(named) and not name.startswith("__") and _is_id_field(named.fields.get("id"))
        )
        self._possible: Dict[str, Tuple[str, ...]] = {}

    # Hashing ---------------------------------------------------------------------------------------------------

    def _digest(self, parts: Tuple[Any, ...]) -> bytes:
        text = json.dumps([self.seed, *parts], separators=(",", ":"), ensure_ascii=False)
        return hashlib.blake2b(text.encode("utf-8"), digest_size=32).digest()

    def _hash(self, parts: Tuple[Any, ...], tag: str) -> int:
        return int.from_bytes(self._digest((*parts, tag))[:8], "big")

    # Resolvers -------------------------------------------------------------------------------------------------

    def resolve_field(self, source: Any, info: GraphQLResolveInfo, **arguments: Any) -> Any:
        """graphql-core's `field_resolver`: every field of every object type (introspection resolves itself)."""
        node = source if isinstance(source, Node) else Node(info.parent_type.name, ROOT_KEY)
        field = info.parent_type.fields[info.field_name]
        if info.field_name == "id" and node.type_name in self.id_keyed:
            return node.key
        args = canonical_arguments(arguments)
        base = (node.type_name, node.key, info.field_name, args)
        path = f"{node.key}/{info.field_name}{args}"
        found = self._lookup(field, arguments, base, path)
        return self.value(field.type, base, path) if found is _MISSING else found

    @staticmethod
    def resolve_type(value: Any, _info: GraphQLResolveInfo, _abstract_type: Any) -> Optional[str]:
        """graphql-core's `type_resolver`: the node already carries its concrete type."""
        return value.type_name if isinstance(value, Node) else None

    # Values ----------------------------------------------------------------------------------------------------

    def value(self, output_type: Any, base: Tuple[Any, ...], path: str) -> Any:
        nullable = not is_non_null_type(output_type)
        inner = output_type if nullable else output_type.of_type
        if nullable and self._hash(base, "null") % NULL_ONE_IN == 0:
            return None
        if is_list_type(inner):
            length = self._hash(base, "length") % (MAX_LIST_LENGTH + 1)
            return [self.value(inner.of_type, (*base, index), f"{path}[{index}]") for index in range(length)]
        if isinstance(inner, GraphQLScalarType):
            return self._scalar(inner.name, base)
        if isinstance(inner, GraphQLEnumType):
            names = list(inner.values)
            name = names[self._hash(base, "enum") % len(names)]
            value = inner.values[name].value
            return name if value is None else value
        return self._object(inner, base, path)

    def _possible_types(self, named: Any) -> Tuple[str, ...]:
        cached = self._possible.get(named.name)
        if cached is None:
            if is_abstract_type(named):
                cached = tuple(sorted(t.name for t in self.schema.get_possible_types(named)))
            else:
                cached = (named.name,)
            self._possible[named.name] = cached
        return cached

    def _object(self, named: Any, base: Tuple[Any, ...], path: str) -> Optional[Node]:
        candidates = self._possible_types(named)
        if not candidates:
            return None  # an interface nothing implements: only ever null
        type_name = candidates[self._hash(base, "type") % len(candidates)]
        if type_name in self.id_keyed:
            return Node(type_name, f"{type_name}:{self._hash(base, 'id') % self.pool}")
        return Node(type_name, path)

    def _scalar(self, name: str, base: Tuple[Any, ...]) -> Any:
        h = self._hash(base, "scalar")
        if name == "Int":
            return h % 2001 - 1000
        if name == "Float":
            return (h % 2000001 - 1000000) / 1000  # one correctly rounded division: repr gives the 3 decimals back
        if name == "Boolean":
            return h % 2 == 1
        if name == "ID":
            return f"id-{h % 1000}"
        if name == "String":
            return self._string(base)
        return self._custom_scalar(name, h)

    def _string(self, base: Tuple[Any, ...]) -> str:
        digest = self._digest((*base, "string"))
        length = digest[0] % 13
        characters = []
        for byte in digest[1 : 1 + length]:
            characters.append(SPECIAL_CHARACTERS.get(byte % SPECIAL_MODULUS, HEX_DIGITS[byte % 16]))
        return "".join(characters)

    @staticmethod
    def _custom_scalar(name: str, h: int) -> Any:
        lowered = name.lower()
        n = h % 1000
        if lowered in ("long", "int64", "uint", "uint64", "short", "byte") or lowered.endswith("long"):
            return h % 2000001 - 1000000  # described as JSON numbers (app.graphqls's Long)
        if lowered == "bigint":
            return str(h % 10**12)  # GitHub's BigInt: digits in a string
        if "datetime" in lowered or "timestamp" in lowered:
            return f"2026-01-{h % 28 + 1:02d}T{h // 28 % 24:02d}:00:00Z"
        if lowered == "date":
            return f"2026-01-{h % 28 + 1:02d}"
        if lowered in ("uri", "url"):
            return f"https://example.com/x{n}"
        if "objectid" in lowered:
            return hashlib.sha1(str(h).encode()).hexdigest()
        if "base64" in lowered:
            return "eA=="
        if lowered == "html":
            return f"<p>x{n}</p>"
        return f"x{n}"

    # Lookups by id ---------------------------------------------------------------------------------------------

    def _node_for_id(self, named: Any, candidate: Any) -> Optional[Node]:
        if not isinstance(candidate, str):
            return None
        type_name, colon, _ = candidate.partition(":")
        if colon and type_name in self.id_keyed and type_name in self._possible_types(named):
            return Node(type_name, candidate)
        return None

    def _lookup(self, field: GraphQLField, arguments: Dict[str, Any], base: Tuple[Any, ...], path: str) -> Any:
        """The node(s) that `id`/`ids` name, or _MISSING when the field is no lookup. In a list, an id that names no
        possible node gets the element the rules above give at its index."""
        field_type = field.type.of_type if is_non_null_type(field.type) else field.type
        named = get_named_type(field_type)
        if not (is_object_type(named) or is_abstract_type(named)):
            return _MISSING
        if not is_list_type(field_type) and _takes_ids(field, "id", as_list=False):
            found = self._node_for_id(named, arguments.get("id"))
            return _MISSING if found is None else found
        if is_list_type(field_type) and not is_list_type(field_type.of_type) and _takes_ids(field, "ids", True):
            ids = arguments.get("ids")
            if not isinstance(ids, list):
                return _MISSING
            element_type = field_type.of_type
            return [
                self._node_for_id(named, candidate)
                or self.value(element_type, (*base, index), f"{path}[{index}]")
                for index, candidate in enumerate(ids)
            ]
        return _MISSING


_MISSING = object()


def _takes_ids(field: GraphQLField, argument_name: str, as_list: bool) -> bool:
    argument = field.args.get(argument_name)
    if argument is None:
        return False
    argument_type = argument.type.of_type if isinstance(argument.type, GraphQLNonNull) else argument.type
    if as_list != isinstance(argument_type, GraphQLList):
        return False
    return isinstance(get_named_type(argument_type), GraphQLScalarType) and get_named_type(argument_type).name == "ID"


__all__: List[str] = ["Node", "ObjectGraph", "canonical_arguments", "ROOT_KEY"]
