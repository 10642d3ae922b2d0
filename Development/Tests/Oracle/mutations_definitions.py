"""Mutations of fragments, operations and directives."""

from __future__ import annotations

import copy
from typing import Dict, List, Optional, Set

from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLScalarType,
    NamedTypeNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    get_named_type,
    is_composite_type,
)

from variant_edits import (
    MutationContext,
    append,
    argument,
    directive,
    field,
    inline_fragment,
    name,
    spread,
    typename_field,
)
from variant_values import composite_types, literal, output_fields, overlaps, user_types, wrong_literal


def impossible_inline_fragment(m: MutationContext) -> Optional[str]:
    """Adds `... on T { __typename }` for a composite type T, usually one that cannot overlap the parent type."""
    site = m.pick(m.sites.selection_sets)
    if site is None:
        return None
    types = composite_types(m.schema)
    disjoint = [type_ for type_ in types if not overlaps(m.schema, type_, site.parent_type)]
    chosen = m.rng.choice(disjoint if disjoint and m.rng.random() < 0.8 else types)
    append(m.node(site), "selections", inline_fragment(chosen.name, [typename_field()]))
    return f"... on {chosen.name} inside {site.parent_type}"


def fragment_on_leaf_type(m: MutationContext) -> Optional[str]:
    """Gives an inline fragment or fragment definition a scalar, enum or input object type condition."""
    sites = [site for site in m.sites.inline_fragments if site.node.type_condition] + m.sites.fragment_definitions
    site = m.pick(sites)
    if site is None:
        return None
    types = [type_ for type_ in user_types(m.schema)
             if isinstance(type_, (GraphQLScalarType, GraphQLEnumType, GraphQLInputObjectType))]
    chosen = m.rng.choice(types)
    m.node(site).type_condition = NamedTypeNode(name=name(chosen.name))
    return f"type condition {site.node.type_condition.name.value} -> {chosen.name}"


def retyped_fragment(m: MutationContext) -> Optional[str]:
    """Gives an inline fragment or fragment definition another composite type condition."""
    sites = [site for site in m.sites.inline_fragments if site.node.type_condition] + m.sites.fragment_definitions
    site = m.pick(sites)
    if site is None:
        return None
    chosen = m.rng.choice(composite_types(m.schema))
    m.node(site).type_condition = NamedTypeNode(name=name(chosen.name))
    return f"type condition {site.node.type_condition.name.value} -> {chosen.name}"


def unknown_type_condition(m: MutationContext) -> Optional[str]:
    """Gives an inline fragment or fragment definition a type condition the schema does not have."""
    sites = [site for site in m.sites.inline_fragments if site.node.type_condition] + m.sites.fragment_definitions
    site = m.pick(sites)
    if site is None:
        return None
    unknown = site.node.type_condition.name.value + "Unknown"
    m.node(site).type_condition = NamedTypeNode(name=name(unknown))
    return f"type condition -> {unknown}"


def _fragment_graph(m: MutationContext) -> Dict[str, Set[str]]:
    """For each fragment definition, the fragments it spreads directly."""
    owners = {(site.file, site.definition): site.node.name.value for site in m.sites.fragment_definitions}
    graph: Dict[str, Set[str]] = {fragment: set() for fragment in owners.values()}
    for site in m.sites.fragment_spreads:
        owner = owners.get((site.file, site.definition))
        if owner is not None:
            graph[owner].add(site.node.name.value)
    return graph


def fragment_cycle(m: MutationContext) -> Optional[str]:
    """Makes a fragment spread, directly or through others, a fragment that spreads it."""
    site = m.pick(m.sites.fragment_definitions)
    if site is None:
        return None
    graph = _fragment_graph(m)
    start = site.node.name.value
    reachable: List[str] = [start]
    for fragment in reachable:
        reachable.extend(sorted(spread_name for spread_name in graph.get(fragment, ()) if spread_name not in reachable))
    closing = m.rng.choice(reachable)
    closing_site = next(candidate for candidate in m.sites.fragment_definitions
                        if candidate.node.name.value == closing)
    append(m.node(closing_site).selection_set, "selections", spread(start))
    return f"...{start} inside fragment {closing}"


def unknown_fragment(m: MutationContext) -> Optional[str]:
    """Spreads a fragment that is not defined."""
    site = m.pick(m.sites.selection_sets)
    if site is None:
        return None
    append(m.node(site), "selections", spread("UndefinedFragment"))
    return f"...UndefinedFragment inside {site.parent_type}"


def spread_other_fragment(m: MutationContext) -> Optional[str]:
    """Spreads an existing fragment somewhere else (valid when the types overlap and the fields merge)."""
    site = m.pick(m.sites.selection_sets)
    fragment = m.pick(m.sites.fragment_definitions)
    if site is None or fragment is None:
        return None
    append(m.node(site), "selections", spread(fragment.node.name.value))
    return f"...{fragment.node.name.value} inside {site.parent_type}"


def duplicate_fragment(m: MutationContext) -> Optional[str]:
    """Defines a fragment twice (in the same file)."""
    site = m.pick(m.sites.fragment_definitions)
    if site is None:
        return None
    append(m.documents[site.file], "definitions", copy.deepcopy(m.node(site)))
    return f"fragment {site.node.name.value} twice"


def duplicate_operation(m: MutationContext) -> Optional[str]:
    """Defines an operation twice (the copy named alike, or anonymous)."""
    site = m.pick(m.sites.operations)
    if site is None:
        return None
    twin = copy.deepcopy(m.node(site))
    if m.rng.random() < 0.25:
        twin.name = None
    append(m.documents[site.file], "definitions", twin)
    return f"operation {getattr(twin.name, 'value', 'anonymous')} again"


def anonymous_operation(m: MutationContext) -> Optional[str]:
    """Adds an anonymous `{ __typename }` query to a file."""
    if not m.documents:
        return None
    index = m.rng.randrange(len(m.documents))
    query = OperationDefinitionNode(
        operation=OperationType.QUERY, name=None, variable_definitions=[], directives=[],
        selection_set=SelectionSetNode(selections=[typename_field()]),
    )
    append(m.documents[index], "definitions", query)
    return "anonymous { __typename }"


def other_operation_kind(m: MutationContext) -> Optional[str]:
    """Turns a query into a mutation or subscription, or the other way round."""
    site = m.pick(m.sites.operations)
    if site is None:
        return None
    kinds = [kind for kind in OperationType if kind != site.node.operation]
    chosen = m.rng.choice(kinds)
    m.node(site).operation = chosen
    return f"{site.node.operation.value} -> {chosen.value}"


def subscription_root_fields(m: MutationContext) -> Optional[str]:
    """Gives a subscription a second root field, or `__typename` at its root."""
    site = m.pick([site for site in m.sites.operations if site.node.operation == OperationType.SUBSCRIPTION])
    if site is None:
        return None
    root = m.schema.subscription_type
    if m.rng.random() < 0.3 or root is None:
        append(m.node(site).selection_set, "selections", typename_field())
        return "__typename at a subscription's root"
    field_name, definition = m.rng.choice(list(root.fields.items()))
    selections = None if not is_composite_type(get_named_type(definition.type)) else [typename_field()]
    append(m.node(site).selection_set, "selections", field(field_name, alias="second", selections=selections))
    return f"second root field {field_name}"


def _directive_sites(m: MutationContext) -> list:
    """Fields, fragment spreads and inline fragments: where @include and @skip may go."""
    return m.sites.fields + m.sites.fragment_spreads + m.sites.inline_fragments


def directive_without_argument(m: MutationContext) -> Optional[str]:
    """Adds `@include` or `@skip` without `if`, or removes the arguments of an existing directive."""
    existing = [site for site in m.sites.directives if site.node.arguments]
    if existing and m.rng.random() < 0.3:
        site = m.rng.choice(existing)
        m.node(site).arguments = ()
        return f"@{site.node.name.value} without arguments"
    site = m.pick(_directive_sites(m))
    if site is None:
        return None
    chosen = m.rng.choice(["include", "skip"])
    append(m.node(site), "directives", directive(chosen))
    return f"@{chosen} without if"


def misplaced_directive(m: MutationContext) -> Optional[str]:
    """Puts a directive where its definition does not allow it."""
    choice = m.rng.randrange(4)
    if choice == 0 and m.sites.operations:
        site = m.rng.choice(m.sites.operations)
        append(m.node(site), "directives", directive("include", [argument("if", literal("boolean", m.rng))]))
        return "@include on an operation"
    if choice == 1 and m.sites.fragment_definitions:
        site = m.rng.choice(m.sites.fragment_definitions)
        append(m.node(site), "directives", directive("skip", [argument("if", literal("boolean", m.rng))]))
        return "@skip on a fragment definition"
    if choice == 2 and m.sites.variable_definitions:
        site = m.rng.choice(m.sites.variable_definitions)
        append(m.node(site), "directives", directive("include", [argument("if", literal("boolean", m.rng))]))
        return "@include on a variable definition"
    site = m.pick(m.sites.fields)
    if site is None:
        return None
    append(m.node(site), "directives", directive("deprecated"))
    return "@deprecated on a field"


def unknown_directive(m: MutationContext) -> Optional[str]:
    """Uses a directive the schema does not define."""
    site = m.pick(_directive_sites(m))
    if site is None:
        return None
    append(m.node(site), "directives", directive("undefinedDirective"))
    return "@undefinedDirective"


def repeated_directive(m: MutationContext) -> Optional[str]:
    """Uses a non-repeatable directive twice at one place, or repeats an existing one."""
    site = m.pick(_directive_sites(m))
    if site is None:
        return None
    chosen = m.rng.choice(["include", "skip"])
    for _ in range(2):
        append(m.node(site), "directives", directive(chosen, [argument("if", literal("boolean", m.rng))]))
    return f"@{chosen} twice"


def conditional_directive(m: MutationContext) -> Optional[str]:
    """Adds `@include(if:)` or `@skip(if:)` with a value, sometimes of the wrong kind (valid when Boolean)."""
    site = m.pick(_directive_sites(m))
    if site is None:
        return None
    chosen = m.rng.choice(["include", "skip"])
    value = literal("boolean", m.rng) if m.rng.random() < 0.5 else wrong_literal(None, m.rng)
    append(m.node(site), "directives", directive(chosen, [argument("if", value)]))
    return f"@{chosen}(if: {value.kind})"


def defer_directive(m: MutationContext) -> Optional[str]:
    """Adds `@defer` to a fragment spread or inline fragment, or (misplaced) to a field, when the schema has it."""
    if m.schema.get_directive("defer") is None:
        return None
    site = m.pick(m.sites.fragment_spreads + m.sites.inline_fragments + m.sites.fields)
    if site is None:
        return None
    label = m.rng.choice([None, "deferred", 7])
    arguments = [] if label is None else [argument("label", literal("string" if label == "deferred" else "int", m.rng))]
    append(m.node(site), "directives", directive("defer", arguments))
    return f"@defer on a {site.node.kind}"


def first_argument(m: MutationContext) -> Optional[str]:
    """Adds an argument that a field does not define, in a place with several fields of the type."""
    site = m.pick([site for site in m.sites.fields if output_fields(site.parent_type)])
    if site is None:
        return None
    append(m.node(site), "arguments", argument("first", literal("int", m.rng)))
    return f"{site.parent_type}.{site.node.name.value}(first:)"


MUTATIONS = [
    impossible_inline_fragment,
    fragment_on_leaf_type,
    retyped_fragment,
    unknown_type_condition,
    fragment_cycle,
    unknown_fragment,
    spread_other_fragment,
    duplicate_fragment,
    duplicate_operation,
    anonymous_operation,
    other_operation_kind,
    subscription_root_fields,
    directive_without_argument,
    misplaced_directive,
    unknown_directive,
    repeated_directive,
    conditional_directive,
    defer_directive,
    first_argument,
]
