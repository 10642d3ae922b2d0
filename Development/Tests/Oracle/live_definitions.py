"""A cheaper document with the same verdict: the definitions a change can affect, and stubs for the others.

Validating a whole compilation unit for each variant costs graphql-core tens of milliseconds for the larger units.
A variant changes one file of a unit whose every definition is valid (the corpus and printed cases check that), and
mutations only change definitions or append new ones, so an error can only be in:

- the changed and the new definitions;
- the operations and fragments that spread, directly or not, a changed or new fragment (variables, overlapping
  fields and cycles are checked through spreads);
- the fragments those spread, directly or not;
- the document-wide rules on names (UniqueOperationNames, LoneAnonymousOperation, UniqueFragmentNames), which only
  see names and whether an operation is anonymous.

Every other definition is replaced by a stub of the same name: `query Name { __typename }`, or `fragment Name on T {
__typename }` with the same type condition. Stubs are valid and spread nothing, so the verdict is the one of the whole
document, with the same errors. `variants.py --exact` validates whole documents instead, to check this.
"""

from __future__ import annotations

from typing import Dict, List, Set, Tuple

from graphql import (
    DocumentNode,
    print_ast,
    FieldNode,
    FragmentDefinitionNode,
    NameNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    Visitor,
    visit,
)


class _SpreadNames(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: Set[str] = set()

    def enter_fragment_spread(self, node, *_):
        self.names.add(node.name.value)


def spread_names(definition) -> Set[str]:
    """The fragments a definition spreads directly."""
    collector = _SpreadNames()
    visit(definition, collector)
    return collector.names


def stub(definition):
    """A valid definition of the same name and location that spreads nothing (others are kept as they are)."""
    typename = FieldNode(name=NameNode(value="__typename"), arguments=(), directives=())
    selections = SelectionSetNode(selections=(typename,))
    if isinstance(definition, OperationDefinitionNode):
        return OperationDefinitionNode(
            operation=OperationType.QUERY, name=definition.name, variable_definitions=(), directives=(),
            selection_set=selections, loc=definition.loc,
        )
    if isinstance(definition, FragmentDefinitionNode):
        return FragmentDefinitionNode(
            name=definition.name, type_condition=definition.type_condition, directives=(), selection_set=selections,
            loc=definition.loc,
        )
    return definition


class LiveDocuments:
    """The base documents of a unit, with what each definition spreads, ready to build reduced documents."""

    def __init__(self, documents: List[DocumentNode]) -> None:
        self.documents = documents
        self.spreads: Dict[Tuple[int, int], Set[str]] = {
            (file, index): spread_names(definition)
            for file, document in enumerate(documents)
            for index, definition in enumerate(document.definitions)
        }
        self.texts = {
            (file, index): print_ast(definition)
            for file, document in enumerate(documents)
            for index, definition in enumerate(document.definitions)
        }
        self.stubs = {
            (file, index): stub(definition)
            for file, document in enumerate(documents)
            for index, definition in enumerate(document.definitions)
        }

    def reduced(self, changed: Dict[int, DocumentNode], texts: Dict[int, List[str]]) -> DocumentNode:
        """The document of the unit with the `changed` files replaced, unaffected definitions stubbed.

        `texts` holds the printed definitions of each changed file, to compare them with the base.
        """
        entries = []  # (key of the base definition, definition, spreads, whether changed), in document order
        for file, document in enumerate(self.documents):
            if file not in changed:
                entries.extend(
                    ((file, index), definition, self.spreads[(file, index)], False)
                    for index, definition in enumerate(document.definitions)
                )
                continue
            for index, definition in enumerate(changed[file].definitions):
                key = (file, index)
                is_changed = key not in self.texts or texts[file][index] != self.texts[key]
                spreads = spread_names(definition) if is_changed else self.spreads[key]
                entries.append((key, definition, spreads, is_changed))
        live = [is_changed for _, _, _, is_changed in entries]
        changed_fragments = {
            definition.name.value
            for _, definition, _, is_changed in entries
            if is_changed and isinstance(definition, FragmentDefinitionNode)
        }
        self._mark_spreaders(entries, live, changed_fragments)
        self._mark_spread(entries, live)
        definitions = [
            definition if is_live else self.stubs[key] if key[0] not in changed else stub(definition)
            for (key, definition, _, _), is_live in zip(entries, live)
        ]
        return DocumentNode(definitions=tuple(definitions))

    @staticmethod
    def _mark_spreaders(entries, live: List[bool], targets: Set[str]) -> None:
        """Marks live the definitions that spread, directly or not, a fragment named in `targets`."""
        reaching = set(targets)
        grew = True
        while grew:
            grew = False
            for position, (_, definition, spreads, _) in enumerate(entries):
                if not live[position] and spreads & reaching:
                    live[position] = True
                    grew = True
                    if isinstance(definition, FragmentDefinitionNode):
                        reaching.add(definition.name.value)

    @staticmethod
    def _mark_spread(entries, live: List[bool]) -> None:
        """Marks live every fragment that a live definition spreads, directly or not."""
        needed: Set[str] = set()
        for position, (_, _, spreads, _) in enumerate(entries):
            if live[position]:
                needed |= spreads
        grew = True
        while grew:
            grew = False
            for position, (_, definition, spreads, _) in enumerate(entries):
                if (not live[position] and isinstance(definition, FragmentDefinitionNode)
                        and definition.name.value in needed):
                    live[position] = True
                    needed |= spreads
                    grew = True
