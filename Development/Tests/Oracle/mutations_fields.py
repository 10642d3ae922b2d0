"""Mutations of fields, selection sets, arguments and values.

Each mutation edits the context's copy once and returns a short description, or None when the unit offers no place
for it. Whether the result is valid is for the oracle to say: some mutations usually break a rule, some usually keep
the document valid, and both kinds matter.
"""

from __future__ import annotations

import copy
from typing import Optional

from graphql import (
    FieldNode,
    GraphQLInputObjectType,
    GraphQLNonNull,
    ListValueNode,
    ObjectFieldNode,
    get_named_type,
    is_leaf_type,
)

from variant_edits import MutationContext, append, argument, field, name, typename_field, typo
from variant_values import output_fields, selection_for, valid_literal, wrong_literal


def remove_field(m: MutationContext) -> Optional[str]:
    """Removes a field that has siblings (an emptied selection set would not parse)."""
    candidates = [site for site in m.sites.fields if len(m.siblings(site)) > 1]
    site = m.pick(candidates)
    if site is None:
        return None
    m.remove(site)
    return f"removed {site.parent_type}.{site.node.name.value}"


def unknown_field(m: MutationContext) -> Optional[str]:
    """Misspells a field's name."""
    site = m.pick(m.sites.fields)
    if site is None:
        return None
    misspelt = typo(site.node.name.value, m.rng)
    if misspelt in output_fields(site.parent_type):
        return None
    m.node(site).name = name(misspelt)
    return f"{site.parent_type}.{site.node.name.value} -> {misspelt}"


def swap_field(m: MutationContext) -> Optional[str]:
    """Renames a field to another field of the same type, keeping its arguments and selections."""
    site = m.pick(m.sites.fields)
    if site is None:
        return None
    others = [other for other in output_fields(site.parent_type) if other != site.node.name.value]
    if not others:
        return None
    other = m.rng.choice(others)
    m.node(site).name = name(other)
    return f"{site.parent_type}.{site.node.name.value} -> {other}"


def leaf_with_selections(m: MutationContext) -> Optional[str]:
    """Gives a scalar or enum field a selection set."""
    site = m.pick([site for site in m.sites.fields if is_leaf_type(get_named_type(site.type))])
    if site is None:
        return None
    m.replace(site, field(site.node.name.value, getattr(site.node.alias, "value", None),
                          [typename_field()], list(site.node.arguments)))
    return f"{site.parent_type}.{site.node.name.value} {{ __typename }}"


def composite_without_selections(m: MutationContext) -> Optional[str]:
    """Removes the selection set of an object, interface or union field."""
    site = m.pick([site for site in m.sites.fields if site.node.selection_set is not None])
    if site is None:
        return None
    m.node(site).selection_set = None
    return f"{site.parent_type}.{site.node.name.value} without selections"


def add_typename(m: MutationContext) -> Optional[str]:
    """Adds `__typename` to a selection set (valid, except at a subscription's root)."""
    site = m.pick(m.sites.selection_sets)
    if site is None:
        return None
    append(m.node(site), "selections", typename_field())
    return f"__typename in {site.parent_type}"


def add_field(m: MutationContext) -> Optional[str]:
    """Adds a field of the selection set's type, without arguments (required ones then go missing)."""
    site = m.pick([site for site in m.sites.selection_sets if output_fields(site.parent_type)])
    if site is None:
        return None
    field_name, definition = m.rng.choice(list(output_fields(site.parent_type).items()))
    append(m.node(site), "selections", field(field_name, selections=selection_for(definition.type)))
    return f"added {site.parent_type}.{field_name}"


def conflicting_alias(m: MutationContext) -> Optional[str]:
    """Adds a field of another name under an existing field's response key."""
    site = m.pick([site for site in m.sites.fields if len(output_fields(site.parent_type)) > 1])
    if site is None:
        return None
    key = (site.node.alias or site.node.name).value
    others = [other for other in output_fields(site.parent_type).items() if other[0] != site.node.name.value]
    other_name, definition = m.rng.choice(others)
    m.add_sibling(site, field(other_name, alias=key, selections=selection_for(definition.type)))
    return f"{key}: {other_name} beside {key}: {site.node.name.value}"


def conflicting_arguments(m: MutationContext) -> Optional[str]:
    """Repeats a field with arguments, with one argument changed or left out."""
    site = m.pick([site for site in m.sites.fields if site.node.arguments])
    if site is None:
        return None
    twin: FieldNode = copy.deepcopy(m.node(site))
    index = m.rng.randrange(len(twin.arguments))
    arguments = list(twin.arguments)
    changed = arguments[index].name.value
    if m.rng.random() < 0.3:
        del arguments[index]
    else:
        definition = site.field_def.args.get(changed) if site.field_def else None
        value = valid_literal(definition.type, m.rng) if definition else wrong_literal(None, m.rng)
        arguments[index] = argument(changed, value)
    twin.arguments = tuple(arguments)
    m.add_sibling(site, twin)
    return f"{site.parent_type}.{site.node.name.value} twice, argument {changed} differs"


def repeated_field(m: MutationContext) -> Optional[str]:
    """Repeats a field exactly (valid: identical fields merge)."""
    site = m.pick(m.sites.fields)
    if site is None:
        return None
    m.add_sibling(site, copy.deepcopy(m.node(site)))
    return f"{site.parent_type}.{site.node.name.value} twice"


def alias_field(m: MutationContext) -> Optional[str]:
    """Gives a field an alias (usually valid; it may collide with a sibling's response key)."""
    site = m.pick(m.sites.fields)
    if site is None:
        return None
    fields = list(output_fields(site.parent_type))
    alias = m.rng.choice(["renamed", site.node.name.value + "Alias", m.rng.choice(fields)])
    m.node(site).alias = name(alias)
    return f"{alias}: {site.parent_type}.{site.node.name.value}"


def remove_argument(m: MutationContext) -> Optional[str]:
    """Removes an argument of a field or directive."""
    site = m.pick(m.sites.arguments)
    if site is None:
        return None
    m.remove(site)
    return f"removed argument {site.node.name.value}"


def unknown_argument(m: MutationContext) -> Optional[str]:
    """Misspells an argument's name."""
    site = m.pick(m.sites.arguments)
    if site is None:
        return None
    misspelt = typo(site.node.name.value, m.rng)
    m.node(site).name = name(misspelt)
    return f"argument {site.node.name.value} -> {misspelt}"


def duplicate_argument(m: MutationContext) -> Optional[str]:
    """Gives an argument twice."""
    site = m.pick(m.sites.arguments)
    if site is None:
        return None
    m.add_sibling(site, copy.deepcopy(m.node(site)))
    return f"argument {site.node.name.value} twice"


def wrong_argument_value(m: MutationContext) -> Optional[str]:
    """Replaces an argument's value (literal or variable) with a literal, usually of the wrong kind."""
    site = m.pick(m.sites.arguments)
    if site is None:
        return None
    value = wrong_literal(site.type, m.rng)
    m.node(site).value = value
    return f"argument {site.node.name.value}: {site.type} = {value.kind}"


def wrong_literal_kind(m: MutationContext) -> Optional[str]:
    """Replaces a literal anywhere (inside lists and input objects too) with one usually of the wrong kind."""
    site = m.pick(m.sites.values)
    if site is None:
        return None
    value = wrong_literal(site.type, m.rng)
    m.replace(site, value)
    return f"{site.node.kind} for {site.type} -> {value.kind}"


def enum_value_typo(m: MutationContext) -> Optional[str]:
    """Misspells an enum value literal."""
    site = m.pick([site for site in m.sites.values if site.node.kind == "enum_value"])
    if site is None:
        return None
    misspelt = typo(site.node.value, m.rng)
    m.node(site).value = misspelt
    return f"{site.type} value {site.node.value} -> {misspelt}"


def input_object_fields(m: MutationContext) -> Optional[str]:
    """Removes, misspells or repeats a field of an input object literal, or adds an unknown one."""
    site = m.pick([site for site in m.sites.values if site.node.kind == "object_value"])
    if site is None:
        return None
    node = m.node(site)
    fields = list(node.fields)
    action = m.rng.choice(["remove", "typo", "repeat", "unknown"] if fields else ["unknown"])
    if action == "unknown":
        fields.append(ObjectFieldNode(name=name("unknownInputField"), value=wrong_literal(None, m.rng)))
        node.fields = tuple(fields)
        return f"{site.type} with unknownInputField"
    index = m.rng.randrange(len(fields))
    chosen = fields[index].name.value
    if action == "remove":
        del fields[index]
    elif action == "typo":
        fields[index] = ObjectFieldNode(name=name(typo(chosen, m.rng)), value=fields[index].value)
    else:
        fields.append(copy.deepcopy(fields[index]))
    node.fields = tuple(fields)
    return f"{site.type} field {chosen}: {action}"


def missing_required_input_field(m: MutationContext) -> Optional[str]:
    """An input object literal without one of its required fields, or with a null for it."""
    site = m.pick([site for site in m.sites.values if isinstance(get_named_type(site.type), GraphQLInputObjectType)
                   and site.node.kind == "object_value"])
    if site is None:
        return None
    node = m.node(site)
    required = [field_name for field_name, definition in get_named_type(site.type).fields.items()
                if isinstance(definition.type, GraphQLNonNull)]
    fields = list(node.fields)
    if not required:
        return None
    chosen = m.rng.choice(required)
    fields = [item for item in fields if item.name.value != chosen]
    if m.rng.random() < 0.5:
        fields.append(ObjectFieldNode(name=name(chosen), value=wrong_literal(None, m.rng)))
    node.fields = tuple(fields)
    return f"{site.type} field {chosen} missing or wrong"


def list_wrapped_value(m: MutationContext) -> Optional[str]:
    """Wraps a value in a list (valid for a list type by input coercion, invalid for other types)."""
    site = m.pick(m.sites.values)
    if site is None:
        return None
    m.replace(site, ListValueNode(values=[copy.deepcopy(m.node(site))]))
    return f"[{site.node.kind}] for {site.type}"


MUTATIONS = [
    remove_field,
    unknown_field,
    swap_field,
    leaf_with_selections,
    composite_without_selections,
    add_typename,
    add_field,
    conflicting_alias,
    conflicting_arguments,
    repeated_field,
    alias_field,
    remove_argument,
    unknown_argument,
    duplicate_argument,
    wrong_argument_value,
    wrong_literal_kind,
    enum_value_typo,
    input_object_fields,
    missing_required_input_field,
    list_wrapped_value,
]
