"""Named gates that a resolver waits on until a test opens them, shared by the strawberry and ariadne servers.

`Query.gated(key:)` waits for the gate `key`; the strawberry server opens it on `POST /control/open/{key}`. A test
that receives a response part before it opens the gate knows that part was sent before the gated field could
resolve, with no clock involved. A gate that nobody opens fails the field after `GUARD_SECONDS`, so a client that
waits for the whole response gets an error instead of hanging.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

GUARD_SECONDS = 120


class Gates:
    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self._waiting: dict[str, int] = defaultdict(int)
        self._watchers: dict[str, set[asyncio.Event]] = defaultdict(set)
        self.cancelled: dict[str, int] = defaultdict(int)

    async def wait(self, key: str) -> str:
        self._set_waiting(key, +1)
        try:
            await asyncio.wait_for(self._events[key].wait(), timeout=GUARD_SECONDS)
        except TimeoutError as error:
            raise ValueError(f"gate {key} was never opened") from error
        except asyncio.CancelledError:
            # The request went away (the client disconnected) while the resolver waited.
            self.cancelled[key] += 1
            raise
        finally:
            self._set_waiting(key, -1)
        return key

    async def wait_for_waiters(self, key: str, count: int) -> None:
        """Returns once exactly `count` resolvers wait on the gate `key` (at once if they do)."""
        while self._waiting[key] != count:
            changed = asyncio.Event()
            self._watchers[key].add(changed)
            try:
                await changed.wait()
            finally:
                self._watchers[key].discard(changed)

    def _set_waiting(self, key: str, change: int) -> None:
        self._waiting[key] += change
        for changed in self._watchers[key]:
            changed.set()

    def open(self, key: str) -> int:
        """Opens the gate for good; returns how many resolvers were waiting on it."""
        waiting = self._waiting[key]
        self._events[key].set()
        return waiting


gates = Gates()
