"""Schema look-ups and value literals for mutations: literals of a wanted kind, usually not the kind a type wants."""

from __future__ import annotations

import random
from typing import Any, List, Optional

from graphql import (
    BooleanValueNode,
    EnumValueNode,
    FloatValueNode,
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    IntValueNode,
    ListValueNode,
    NullValueNode,
    ObjectFieldNode,
    ObjectValueNode,
    StringValueNode,
    get_named_type,
    is_leaf_type,
)

from variant_edits import name, typename_field

LITERAL_KINDS = ["int", "float", "string", "boolean", "enum", "null", "list", "object"]


def user_types(schema: GraphQLSchema) -> List[GraphQLNamedType]:
    """The schema's named types, introspection types left out, in definition order."""
    return [type_ for type_name, type_ in schema.type_map.items() if not type_name.startswith("__")]


def composite_types(schema: GraphQLSchema) -> List[GraphQLNamedType]:
    return [
        type_
        for type_ in user_types(schema)
        if isinstance(type_, (GraphQLObjectType, GraphQLInterfaceType, GraphQLUnionType))
    ]


def input_types(schema: GraphQLSchema) -> List[GraphQLNamedType]:
    return [
        type_
        for type_ in user_types(schema)
        if isinstance(type_, (GraphQLScalarType, GraphQLEnumType, GraphQLInputObjectType))
    ]


def possible_type_names(schema: GraphQLSchema, type_: GraphQLNamedType) -> set:
    """The object types a value of a composite type can be."""
    if isinstance(type_, GraphQLObjectType):
        return {type_.name}
    return {object_type.name for object_type in schema.get_possible_types(type_)}


def overlaps(schema: GraphQLSchema, first: GraphQLNamedType, second: GraphQLNamedType) -> bool:
    """Whether two composite types can have an object in common."""
    return first.name == second.name or bool(possible_type_names(schema, first) & possible_type_names(schema, second))


def output_fields(type_: Any) -> dict:
    """The fields of an object or interface type; empty for others."""
    return dict(type_.fields) if isinstance(type_, (GraphQLObjectType, GraphQLInterfaceType)) else {}


def selection_for(field_type: Any) -> Optional[list]:
    """A minimal selection set for a field of `field_type`: `{ __typename }` for composite types, none for leaves."""
    return None if is_leaf_type(get_named_type(field_type)) else [typename_field()]


def literal_kind_for(type_: Any) -> Optional[str]:
    """The literal kind a type takes (`None` for custom scalars, which take any)."""
    if isinstance(type_, GraphQLNonNull):
        type_ = type_.of_type
    if isinstance(type_, GraphQLList):
        return "list"
    if isinstance(type_, GraphQLEnumType):
        return "enum"
    if isinstance(type_, GraphQLInputObjectType):
        return "object"
    if isinstance(type_, GraphQLScalarType):
        return {"Int": "int", "Float": "float", "String": "string", "Boolean": "boolean", "ID": "string"}.get(
            type_.name
        )
    return None


def literal(kind: str, rng: random.Random) -> Any:
    """A literal of `kind`."""
    if kind == "int":
        return IntValueNode(value=str(rng.choice([0, 7, -3, 2147483648])))
    if kind == "float":
        return FloatValueNode(value=rng.choice(["1.5", "-0.25", "3e2"]))
    if kind == "string":
        return StringValueNode(value=rng.choice(["text", "42", "true", ""]), block=False)
    if kind == "boolean":
        return BooleanValueNode(value=rng.choice([True, False]))
    if kind == "enum":
        return EnumValueNode(value=rng.choice(["UNKNOWN_VALUE", "red", "ASC"]))
    if kind == "null":
        return NullValueNode()
    if kind == "list":
        return ListValueNode(values=[literal(rng.choice(["int", "string"]), rng)])
    return ObjectValueNode(fields=[ObjectFieldNode(name=name("unknownField"), value=literal("int", rng))])


def wrong_literal(type_: Any, rng: random.Random) -> Any:
    """A literal that is usually of the wrong kind for `type_` (sometimes any kind, so some variants stay valid)."""
    wanted = literal_kind_for(type_)
    kinds = [kind for kind in LITERAL_KINDS if kind != wanted] if rng.random() < 0.85 else LITERAL_KINDS
    return literal(rng.choice(kinds), rng)


def valid_literal(type_: Any, rng: random.Random, depth: int = 0) -> Any:
    """A literal that `type_` accepts, as far as a simple guess goes (the oracle decides in the end)."""
    named_type = get_named_type(type_)
    if depth > 3:
        return NullValueNode()
    if isinstance(named_type, GraphQLEnumType) and named_type.values:
        return EnumValueNode(value=rng.choice(list(named_type.values)))
    if isinstance(named_type, GraphQLInputObjectType):
        fields = [
            ObjectFieldNode(name=name(field_name), value=valid_literal(input_field.type, rng, depth + 1))
            for field_name, input_field in named_type.fields.items()
            if isinstance(input_field.type, GraphQLNonNull)
        ]
        return ObjectValueNode(fields=fields)
    kind = literal_kind_for(named_type) or rng.choice(["int", "string"])
    if kind == "string" and named_type.name == "ID":
        kind = rng.choice(["int", "string"])
    return literal(kind, rng)
