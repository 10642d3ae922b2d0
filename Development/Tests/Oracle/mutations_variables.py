"""Mutations of variables: undefined, unused, repeated, retyped, and used where their type does not fit."""

from __future__ import annotations

import copy
from typing import Optional

from graphql import (
    GraphQLNonNull,
    ListTypeNode,
    NamedTypeNode,
    NonNullTypeNode,
    VariableDefinitionNode,
    get_named_type,
    print_ast,
)

from variant_edits import MutationContext, append, name, variable
from variant_values import composite_types, input_types, valid_literal, wrong_literal


def undefined_variable(m: MutationContext) -> Optional[str]:
    """Renames a variable where it is used (in an operation or in a fragment that operations spread)."""
    site = m.pick(m.sites.variable_usages)
    if site is None:
        return None
    m.node(site).name = name(site.node.name.value + "Undefined")
    return f"${site.node.name.value} used as ${site.node.name.value}Undefined"


def variable_for_literal(m: MutationContext) -> Optional[str]:
    """Replaces a literal argument in an operation with a variable the operation defines (usually of another type)."""
    candidates = []
    for site in m.sites.arguments:
        if site.node.value.kind == "variable":
            continue
        definition = m.documents[site.file].definitions[site.definition]
        if definition.kind == "operation_definition" and definition.variable_definitions:
            candidates.append((site, definition))
    if not candidates:
        return None
    site, operation = m.rng.choice(candidates)
    chosen = m.rng.choice(list(operation.variable_definitions))
    m.node(site).value = variable(chosen.variable.name.value)
    return f"argument {site.node.name.value}: {site.type} = ${chosen.variable.name.value}: {print_ast(chosen.type)}"


def unused_variable(m: MutationContext) -> Optional[str]:
    """Defines a variable that the operation does not use."""
    site = m.pick(m.sites.operations)
    if site is None:
        return None
    type_name = m.rng.choice(["Int", "String", "Boolean", "ID"])
    definition = VariableDefinitionNode(
        variable=variable("unusedVariable"), type=NamedTypeNode(name=name(type_name)), directives=[]
    )
    append(m.node(site), "variable_definitions", definition)
    return f"$unusedVariable: {type_name} in {getattr(site.node.name, 'value', 'anonymous')}"


def duplicate_variable(m: MutationContext) -> Optional[str]:
    """Defines a variable twice."""
    site = m.pick(m.sites.variable_definitions)
    if site is None:
        return None
    m.add_sibling(site, copy.deepcopy(m.node(site)))
    return f"${site.node.variable.name.value} twice"


def nullable_variable(m: MutationContext) -> Optional[str]:
    """Makes a non-null variable nullable, sometimes giving it a default (which makes it fit non-null places)."""
    site = m.pick([site for site in m.sites.variable_definitions if isinstance(site.type, GraphQLNonNull)])
    if site is None:
        return None
    node = m.node(site)
    node.type = node.type.type
    detail = f"${site.node.variable.name.value}: {print_ast(node.type)}"
    if node.default_value is None and m.rng.random() < 0.35:
        node.default_value = valid_literal(site.type, m.rng)
        detail += f" = {print_ast(node.default_value)}"
    return detail


def non_null_variable(m: MutationContext) -> Optional[str]:
    """Makes a nullable variable non-null (valid: a non-null value fits a nullable place)."""
    site = m.pick([site for site in m.sites.variable_definitions if not isinstance(site.type, GraphQLNonNull)])
    if site is None:
        return None
    node = m.node(site)
    node.type = NonNullTypeNode(type=node.type)
    return f"${site.node.variable.name.value}: {print_ast(node.type)}"


def retyped_variable(m: MutationContext) -> Optional[str]:
    """Gives a variable another input type of the schema, keeping its wrappers."""
    site = m.pick(m.sites.variable_definitions)
    if site is None:
        return None
    others = [type_.name for type_ in input_types(m.schema) if type_.name != get_named_type(site.type).name]
    return _rename_variable_type(m, site, m.rng.choice(others))


def output_type_variable(m: MutationContext) -> Optional[str]:
    """Gives a variable an object, interface or union type."""
    site = m.pick(m.sites.variable_definitions)
    if site is None:
        return None
    return _rename_variable_type(m, site, m.rng.choice(composite_types(m.schema)).name)


def unknown_variable_type(m: MutationContext) -> Optional[str]:
    """Gives a variable a type the schema does not have."""
    site = m.pick(m.sites.variable_definitions)
    if site is None:
        return None
    return _rename_variable_type(m, site, get_named_type(site.type).name + "Unknown" if site.type else "Unknown")


def _rename_variable_type(m: MutationContext, site, type_name: str) -> str:
    node = m.node(site).type
    while not isinstance(node, NamedTypeNode):
        node = node.type
    node.name = name(type_name)
    return f"${site.node.variable.name.value}: {print_ast(m.node(site).type)}"


def list_variable(m: MutationContext) -> Optional[str]:
    """Wraps a variable's type in a list, or unwraps a list type."""
    site = m.pick(m.sites.variable_definitions)
    if site is None:
        return None
    node = m.node(site)
    inner = node.type.type if isinstance(site.type, GraphQLNonNull) else node.type
    if isinstance(inner, ListTypeNode):
        unwrapped = inner.type
        node.type = NonNullTypeNode(type=unwrapped) if isinstance(site.type, GraphQLNonNull) and \
            not isinstance(unwrapped, NonNullTypeNode) else unwrapped
    else:
        node.type = ListTypeNode(type=node.type)
    return f"${site.node.variable.name.value}: {print_ast(node.type)}"


def variable_default(m: MutationContext) -> Optional[str]:
    """Gives a variable a default value, usually of the wrong kind."""
    site = m.pick([site for site in m.sites.variable_definitions if site.type is not None])
    if site is None:
        return None
    node = m.node(site)
    node.default_value = wrong_literal(site.type, m.rng) if m.rng.random() < 0.7 else valid_literal(site.type, m.rng)
    return f"${site.node.variable.name.value}: {print_ast(node.type)} = {print_ast(node.default_value)}"


MUTATIONS = [
    undefined_variable,
    variable_for_literal,
    unused_variable,
    duplicate_variable,
    nullable_variable,
    non_null_variable,
    retyped_variable,
    output_type_variable,
    unknown_variable_type,
    list_variable,
    variable_default,
]
