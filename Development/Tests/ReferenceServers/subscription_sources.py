"""The event sources behind the Subscription type, shared by the strawberry and ariadne servers.

Each source is an async generator of plain values; the servers wrap them in their own resolvers.

- `countdown(from, intervalMs)`: from, from-1, ..., 0, then completes.
- `ticks(after, intervalMs)`: {"sequence": after+1, "server": <this process>}, after+2, ... forever. Stateless, so a client that resubscribes
  with `after` = the last sequence it received (after a reconnect, even to a restarted server) misses and repeats
  nothing.
- `events(key)`: first {"sequence": 0, "text": "subscribed"} once the subscriber is registered, then every event
  `publishEvent(key, text)` publishes, until `finishEvents(key)` completes the stream.
- `failAfter(count)`: 1 ... count, then raises "subscription failed".
"""

from __future__ import annotations

import asyncio
import os
from collections import defaultdict
from collections.abc import AsyncGenerator

_FINISHED = object()
# Tells a client which server process sent a tick: a restarted server has another.
SERVER_ID = f"{os.getpid()}"


class EventBroker:
    """Per-key fan-out of published events to the live `events(key)` subscribers of one server process."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue]] = defaultdict(set)
        self._sequences: dict[str, int] = defaultdict(int)
        self._watchers: dict[str, set[asyncio.Event]] = defaultdict(set)

    def subscribers(self, key: str) -> int:
        return len(self._queues.get(key, ()))

    async def wait_for_subscribers(self, key: str, count: int) -> None:
        """Returns once `key` has exactly `count` live subscribers (at once if it has)."""
        while self.subscribers(key) != count:
            changed = asyncio.Event()
            self._watchers[key].add(changed)
            try:
                await changed.wait()
            finally:
                self._watchers[key].discard(changed)

    def _notify(self, key: str) -> None:
        for changed in self._watchers.get(key, ()):
            changed.set()

    def publish(self, key: str, text: str) -> int:
        self._sequences[key] += 1
        event = {"key": key, "sequence": self._sequences[key], "text": text}
        for queue in self._queues[key]:
            queue.put_nowait(event)
        return len(self._queues[key])

    def finish(self, key: str) -> int:
        queues = self._queues.pop(key, set())
        for queue in queues:
            queue.put_nowait(_FINISHED)
        self._notify(key)
        return len(queues)

    async def events(self, key: str) -> AsyncGenerator[dict, None]:
        queue: asyncio.Queue = asyncio.Queue()
        self._queues[key].add(queue)
        self._notify(key)
        try:
            yield {"key": key, "sequence": 0, "text": "subscribed"}
            while (event := await queue.get()) is not _FINISHED:
                yield event
        finally:
            self._queues[key].discard(queue)
            self._notify(key)


async def countdown(start: int, interval_ms: int) -> AsyncGenerator[int, None]:
    for value in range(start, -1, -1):
        yield value
        if value and interval_ms:
            await asyncio.sleep(interval_ms / 1000)


async def ticks(after: int, interval_ms: int) -> AsyncGenerator[dict, None]:
    sequence = after
    while True:
        sequence += 1
        yield {"sequence": sequence, "server": SERVER_ID}
        await asyncio.sleep(max(interval_ms, 1) / 1000)


async def fail_after(count: int) -> AsyncGenerator[int, None]:
    for value in range(1, count + 1):
        yield value
    raise ValueError("subscription failed")


broker = EventBroker()
