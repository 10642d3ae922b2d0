"""Editing graphql-core ASTs in place: finding a node by path, replacing, removing and inserting, building nodes."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from graphql import (
    ArgumentNode,
    DirectiveNode,
    DocumentNode,
    FieldNode,
    FragmentSpreadNode,
    GraphQLSchema,
    InlineFragmentNode,
    NamedTypeNode,
    NameNode,
    Node,
    SelectionSetNode,
    VariableNode,
)

from variant_sites import Path, Site, UnitSites


def strip_locations(node: Any) -> None:
    """Drops every `loc` (and its token chain), so deep copies stay cheap; printing does not need them."""
    if isinstance(node, Node):
        node.loc = None
        for key in node.keys:
            if key != "loc":
                strip_locations(getattr(node, key, None))
    elif isinstance(node, (list, tuple)):
        for item in node:
            strip_locations(item)


def resolve(root: Any, path: Sequence[Any]) -> Any:
    """The node at `path` below `root`."""
    node = root
    for key in path:
        node = node[key] if isinstance(key, int) else getattr(node, key)
    return node


def _owner_and_list(root: Any, path: Path) -> tuple:
    """For a path ending in a list index: the node holding the list, the list's attribute, and the list (copied)."""
    owner = resolve(root, path[:-2])
    attribute = path[-2]
    items = list(getattr(owner, attribute))
    return owner, attribute, items


def replace(root: Any, path: Path, new: Any) -> None:
    """Puts `new` where `path` points."""
    if isinstance(path[-1], int):
        owner, attribute, items = _owner_and_list(root, path)
        items[path[-1]] = new
        setattr(owner, attribute, tuple(items))
    else:
        setattr(resolve(root, path[:-1]), path[-1], new)


def remove(root: Any, path: Path) -> None:
    """Removes the list item `path` points at."""
    owner, attribute, items = _owner_and_list(root, path)
    del items[path[-1]]
    setattr(owner, attribute, tuple(items))


def append(node: Node, attribute: str, item: Any) -> None:
    """Appends `item` to the list attribute of `node` (creating the list when absent)."""
    setattr(node, attribute, tuple(getattr(node, attribute, None) or ()) + (item,))


def name(value: str) -> NameNode:
    return NameNode(value=value)


def field(field_name: str, alias: Optional[str] = None, selections: Optional[List[Node]] = None,
          arguments: Optional[List[ArgumentNode]] = None) -> FieldNode:
    """`alias: name(arguments) { selections }`."""
    return FieldNode(
        alias=name(alias) if alias else None,
        name=name(field_name),
        arguments=arguments or [],
        directives=[],
        selection_set=SelectionSetNode(selections=selections) if selections else None,
    )


def typename_field() -> FieldNode:
    return field("__typename")


def inline_fragment(type_name: Optional[str], selections: List[Node]) -> InlineFragmentNode:
    return InlineFragmentNode(
        type_condition=NamedTypeNode(name=name(type_name)) if type_name else None,
        directives=[],
        selection_set=SelectionSetNode(selections=selections),
    )


def spread(fragment_name: str) -> FragmentSpreadNode:
    return FragmentSpreadNode(name=name(fragment_name), directives=[])


def directive(directive_name: str, arguments: Optional[List[ArgumentNode]] = None) -> DirectiveNode:
    return DirectiveNode(name=name(directive_name), arguments=arguments or [])


def argument(argument_name: str, value: Node) -> ArgumentNode:
    return ArgumentNode(name=name(argument_name), value=value)


def variable(variable_name: str) -> VariableNode:
    return VariableNode(name=name(variable_name))


def typo(word: str, rng: random.Random) -> str:
    """A misspelling of `word`: two letters swapped, a letter dropped or doubled, or a suffix."""
    choice = rng.randrange(4)
    if len(word) > 3 and choice == 0:
        index = rng.randrange(len(word) - 1)
        swapped = word[:index] + word[index + 1] + word[index] + word[index + 2 :]
        if swapped != word:
            return swapped
    if len(word) > 3 and choice == 1:
        index = rng.randrange(1, len(word))
        return word[:index] + word[index + 1 :]
    if choice == 2:
        index = rng.randrange(len(word))
        return word[: index + 1] + word[index] + word[index + 1 :]
    return word + rng.choice(["s", "X", "_old", "2"])


class DocumentCopies:
    """The documents of a unit, copied on write.

    A document is copied shallowly when first reached (so that definitions can be appended to the copy), and each
    definition deeply when first reached through a site, so that a mutation pays only for what it touches.
    """

    def __init__(self, documents: List[DocumentNode]) -> None:
        self.originals = documents
        self.documents: Dict[int, DocumentNode] = {}
        self.definitions: Dict[Tuple[int, int], Node] = {}

    def __len__(self) -> int:
        return len(self.originals)

    def __getitem__(self, file: int) -> DocumentNode:
        """The file's document, for reading and for appending definitions (not for editing them in place)."""
        if file not in self.documents:
            self.documents[file] = DocumentNode(definitions=self.originals[file].definitions)
        return self.documents[file]

    def definition(self, file: int, index: int) -> Node:
        """A copy of a definition, to edit."""
        key = (file, index)
        if key not in self.definitions:
            self.definitions[key] = copy.deepcopy(self.originals[file].definitions[index])
        return self.definitions[key]

    def touched_files(self) -> List[int]:
        """The files reached, in order."""
        return sorted(set(self.documents) | {file for file, _ in self.definitions})

    def file_definitions(self, file: int) -> Tuple[List[Node], Set[int]]:
        """A file's definitions after the edits, and the indices of those copied or added."""
        definitions = list(self[file].definitions)
        touched = {index for index in range(len(self.originals[file].definitions), len(definitions))}
        for (owner, index), node in self.definitions.items():
            if owner == file:
                definitions[index] = node
                touched.add(index)
        return definitions, touched


@dataclass
class MutationContext:
    """What a mutation works on: copies of the unit's documents, the sites of the original, the schema."""

    documents: DocumentCopies
    sites: UnitSites
    schema: GraphQLSchema
    rng: random.Random

    def _definition(self, site: Site) -> Node:
        assert site.path[0] == "definitions", site.path
        return self.documents.definition(site.file, site.path[1])

    def node(self, site: Site) -> Any:
        """The copy of the site's node."""
        return resolve(self._definition(site), site.path[2:])

    def replace(self, site: Site, new: Any) -> None:
        replace(self._definition(site), site.path[2:], new)

    def remove(self, site: Site) -> None:
        remove(self._definition(site), site.path[2:])

    def siblings(self, site: Site) -> list:
        """The list that holds the site's node (its selection set's selections, its arguments)."""
        return list(resolve(self._definition(site), site.path[2:-1]))

    def add_sibling(self, site: Site, new: Any) -> None:
        """Appends `new` to the list that holds the site's node."""
        append(resolve(self._definition(site), site.path[2:-2]), site.path[-2], new)

    def pick(self, sites: List[Site]) -> Optional[Site]:
        """A random site of `sites`, or None when there is none."""
        return self.rng.choice(sites) if sites else None
