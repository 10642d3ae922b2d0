"""The `items` Relay connection both servers serve: 250 fixed items, paged by cursor in either direction.

Item n (1 ... 250) has id "item-n", position n and title "Item n"; its cursor is base64("item:n"). `first`/`after`
page forwards and `last`/`before` backwards, as the Relay connection specification describes; a cursor that is not
one of these is an error ("invalid cursor"), and so is a negative count.

`streamed(count, gate)` yields items 1 ... count one by one for `Query.streamedItems` (the list `@stream` streams):
with a gate name, item n (n >= 2) only once the gate `<gate>-<n>` is opened (gates.py), so a test can let the items
arrive one at a time with no clock; without one, all at once. A negative count is an error.
"""

from __future__ import annotations

import base64
from collections.abc import AsyncGenerator

from gates import gates

ITEM_COUNT = 250


def cursor(position: int) -> str:
    return base64.b64encode(f"item:{position}".encode()).decode()


def position_of(text: str) -> int:
    try:
        prefix, number = base64.b64decode(text.encode(), validate=True).decode().split(":")
        position = int(number)
    except (ValueError, UnicodeDecodeError):
        raise ValueError("invalid cursor") from None
    if prefix != "item" or not 1 <= position <= ITEM_COUNT:
        raise ValueError("invalid cursor")
    return position


def item(position: int) -> dict:
    return {"id": f"item-{position}", "position": position, "title": f"Item {position}"}


def connection(first: int | None = None, after: str | None = None, last: int | None = None,
               before: str | None = None) -> dict:
    """The page as JSON-like data: edges (cursor, node), pageInfo and totalCount."""
    for count in (first, last):
        if count is not None and count < 0:
            raise ValueError("a page size cannot be negative")
    low = position_of(after) + 1 if after else 1
    high = position_of(before) - 1 if before else ITEM_COUNT
    positions = list(range(low, high + 1))
    if first is not None:
        positions = positions[:first]
    if last is not None:
        positions = positions[-last:] if last else []
    edges = [{"cursor": cursor(position), "node": item(position)} for position in positions]
    last_shown = positions[-1] if positions else low - 1
    first_shown = positions[0] if positions else high + 1
    return {
        "edges": edges,
        "pageInfo": {
            "hasNextPage": last_shown < ITEM_COUNT,
            "hasPreviousPage": first_shown > 1,
            "startCursor": edges[0]["cursor"] if edges else None,
            "endCursor": edges[-1]["cursor"] if edges else None,
        },
        "totalCount": ITEM_COUNT,
    }


def streamed_gate(gate: str, position: int) -> str:
    """The gate that item `position` of `streamedItems(gate:)` waits for."""
    return f"{gate}-{position}"


async def streamed(count: int, gate: str | None = None) -> AsyncGenerator[dict, None]:
    """Items 1 ... count; with `gate`, item n >= 2 is produced only after the gate `<gate>-<n>` is opened."""
    if count < 0:
        raise ValueError("count cannot be negative")
    for position in range(1, count + 1):
        if gate is not None and position >= 2:
            await gates.wait(streamed_gate(gate, position))
        yield item(position)
