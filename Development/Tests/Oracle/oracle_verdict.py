"""graphql-core's verdict on a document: valid, or the errors with the rule that reported each."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple, Type

from graphql import DocumentNode, GraphQLError, GraphQLSchema, TypeInfo, TypeInfoVisitor, ParallelVisitor, visit
from graphql.validation import (
    ASTValidationRule,
    NoUnusedFragmentsRule,
    SingleFieldSubscriptionsRule,
    ValidationContext,
    specified_rules,
)

#: The rules of the oracle: graphql-js 16's specified rules, less NoUnusedFragments (Apollo keeps fragments that no
#: operation of the folder uses; the Swift validator reports them only when asked).
ORACLE_RULES: Tuple[Type[ASTValidationRule], ...] = tuple(
    rule for rule in specified_rules if rule is not NoUnusedFragmentsRule
)


def rule_name(rule: Type[ASTValidationRule]) -> str:
    """`KnownTypeNamesRule` -> `KnownTypeNames`, the name the Swift diagnostics use."""
    name = rule.__name__
    return name[: -len("Rule")] if name.endswith("Rule") else name


def error_locations(error: GraphQLError) -> List[Dict[str, Any]]:
    """Where an error is, as file (the source name), line and column, one entry per node."""
    places = []
    for node in error.nodes or []:
        if node.loc is None:
            continue
        location = node.loc.source.get_location(node.loc.start)
        places.append({"file": node.loc.source.name, "line": location.line, "column": location.column})
    return places


def attributed_errors(
    schema: GraphQLSchema, document: DocumentNode, rules: Tuple[Type[ASTValidationRule], ...] = ORACLE_RULES
) -> List[Dict[str, Any]]:
    """Every error of the oracle's rules, each with the rule that reported it.

    graphql-core's errors do not name their rule, so this runs the rules as `validate` does (one traversal, in
    parallel) but gives each rule a context of its own whose errors are tagged with the rule's name. The contexts
    share their caches (fragments, variable usages), which depend only on the document.
    """
    type_info = TypeInfo(schema)
    shared = ValidationContext(schema, document, type_info, lambda error: None)
    shared.get_fragment("")  # builds the fragment map, so that it can be shared
    errors: List[Dict[str, Any]] = []
    visitors = []
    for rule in rules:

        def report(error: GraphQLError, name: str = rule_name(rule)) -> None:
            errors.append({"rule": name, "message": error.message, "locations": error_locations(error)})

        context = ValidationContext(schema, document, type_info, report)
        for cache in CONTEXT_CACHES:
            setattr(context, cache, getattr(shared, cache))
        visitors.append(rule(context))
    visit(document, TypeInfoVisitor(type_info, ParallelVisitor(visitors)))
    return errors


#: The caches of a ValidationContext that only depend on the document.
CONTEXT_CACHES = (
    "_fragments",
    "_fragment_spreads",
    "_recursively_referenced_fragments",
    "_variable_usages",
    "_recursive_variable_usages",
)


def verdict(schema: GraphQLSchema, document: DocumentNode) -> Dict[str, Any]:
    """`{"valid": true}`, or `{"valid": false, "errors": [...]}` with rule, message and locations per error.

    graphql-js 16 throws from SingleFieldSubscriptions when a subscription's root selections carry `@skip` or
    `@include` with an invalid argument (it evaluates them); graphql-core does the same. Such a document is invalid
    (ValuesOfCorrectType rejects the argument): the other rules run again without it, and the throw is recorded as
    its error.
    """
    try:
        errors = attributed_errors(schema, document)
    except GraphQLError as error:
        others = tuple(rule for rule in ORACLE_RULES if rule is not SingleFieldSubscriptionsRule)
        errors = attributed_errors(schema, document, others)
        errors.append({"rule": "SingleFieldSubscriptions", "message": f"graphql-core raised: {error.message}",
                       "locations": error_locations(error)})
    return {"valid": True} if not errors else {"valid": False, "errors": errors}
