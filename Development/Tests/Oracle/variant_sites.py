"""The places of a compilation unit's documents that mutations can change, with their schema types.

A site names a node by its file (index into the unit's documents) and its path inside that document (the keys and
indices the graphql-core visitor reports), so that a mutation can find the same node in a deep copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple

from graphql import (
    DocumentNode,
    GraphQLArgument,
    GraphQLField,
    GraphQLNamedType,
    GraphQLSchema,
    Node,
    TypeInfo,
    TypeInfoVisitor,
    Visitor,
    get_named_type,
    type_from_ast,
    visit,
)

Path = Tuple[Any, ...]


@dataclass(frozen=True)
class Site:
    """One node of the unit, with what TypeInfo knew there."""

    file: int
    path: Path
    node: Node
    #: The composite type around the node (for fields and selection sets), or the type condition's scope.
    parent_type: Optional[GraphQLNamedType] = None
    #: The node's own type: a field's output type, a value's or variable's input type.
    type: Any = None
    field_def: Optional[GraphQLField] = None
    argument_def: Optional[GraphQLArgument] = None
    #: The index of the enclosing top-level definition in its file.
    definition: int = -1


@dataclass
class UnitSites:
    """Every site of a unit, by kind."""

    fields: List[Site] = field(default_factory=list)
    selection_sets: List[Site] = field(default_factory=list)
    arguments: List[Site] = field(default_factory=list)
    values: List[Site] = field(default_factory=list)
    variable_definitions: List[Site] = field(default_factory=list)
    variable_usages: List[Site] = field(default_factory=list)
    inline_fragments: List[Site] = field(default_factory=list)
    fragment_definitions: List[Site] = field(default_factory=list)
    fragment_spreads: List[Site] = field(default_factory=list)
    operations: List[Site] = field(default_factory=list)
    directives: List[Site] = field(default_factory=list)


class _SiteCollector(Visitor):
    """Records sites while a TypeInfoVisitor keeps the types current."""

    def __init__(self, file: int, type_info: TypeInfo, schema: GraphQLSchema, sites: UnitSites) -> None:
        super().__init__()
        self.file = file
        self.type_info = type_info
        self.schema = schema
        self.sites = sites

    def site(self, node: Node, path: Sequence[Any], **attributes: Any) -> Site:
        definition = path[1] if len(path) > 1 and path[0] == "definitions" else -1
        return Site(self.file, tuple(path), node, definition=definition, **attributes)

    def enter_operation_definition(self, node, _key, _parent, path, _ancestors):
        self.sites.operations.append(self.site(node, path, type=self.type_info.get_type()))

    def enter_fragment_definition(self, node, _key, _parent, path, _ancestors):
        self.sites.fragment_definitions.append(self.site(node, path, parent_type=self.type_info.get_type()))

    def enter_selection_set(self, node, _key, _parent, path, _ancestors):
        parent = self.type_info.get_parent_type()
        if parent is not None:
            self.sites.selection_sets.append(self.site(node, path, parent_type=parent))

    def enter_field(self, node, _key, _parent, path, _ancestors):
        field_def = self.type_info.get_field_def()
        if field_def is None or node.name.value.startswith("__"):
            return
        self.sites.fields.append(
            self.site(
                node, path, parent_type=self.type_info.get_parent_type(), type=field_def.type, field_def=field_def
            )
        )

    def enter_argument(self, node, _key, _parent, path, _ancestors):
        argument = self.type_info.get_argument()
        if argument is not None:
            self.sites.arguments.append(
                self.site(
                    node, path, type=argument.type, argument_def=argument, field_def=self.type_info.get_field_def()
                )
            )

    def enter_variable_definition(self, node, _key, _parent, path, _ancestors):
        self.sites.variable_definitions.append(self.site(node, path, type=type_from_ast(self.schema, node.type)))

    def enter_variable(self, node, _key, parent, path, _ancestors):
        # Usages only: a variable definition's own name is a VariableNode too.
        if getattr(parent, "kind", None) == "variable_definition":
            return
        self.sites.variable_usages.append(self.site(node, path, type=self.type_info.get_input_type()))

    def enter_inline_fragment(self, node, _key, _parent, path, _ancestors):
        self.sites.inline_fragments.append(
            self.site(node, path, parent_type=self.type_info.get_parent_type(), type=self.type_info.get_type())
        )

    def enter_fragment_spread(self, node, _key, _parent, path, _ancestors):
        self.sites.fragment_spreads.append(self.site(node, path, parent_type=self.type_info.get_parent_type()))

    def enter_directive(self, node, _key, _parent, path, _ancestors):
        self.sites.directives.append(self.site(node, path))

    def _enter_value(self, node, path):
        input_type = self.type_info.get_input_type()
        if input_type is not None and path and path[-1] != "default_value":
            self.sites.values.append(self.site(node, path, type=input_type))

    def enter_int_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_float_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_string_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_boolean_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_enum_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_list_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)

    def enter_object_value(self, node, _key, _parent, path, _ancestors):
        self._enter_value(node, path)


def collect_sites(schema: GraphQLSchema, documents: List[DocumentNode]) -> UnitSites:
    """Every site of `documents`, in document order."""
    sites = UnitSites()
    for index, document in enumerate(documents):
        type_info = TypeInfo(schema)
        visit(document, TypeInfoVisitor(type_info, _SiteCollector(index, type_info, schema, sites)))
    return sites


def named(type_: Any) -> Optional[GraphQLNamedType]:
    """The named type inside list and non-null wrappers."""
    return get_named_type(type_) if type_ is not None else None
