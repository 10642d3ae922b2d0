"""Running work on a pool of processes in a way that survives how the Swift tests launch Python."""

from __future__ import annotations

import multiprocessing
import signal
from typing import Callable, List, Sequence, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def unblock_signals() -> None:
    """Clears the signal mask inherited from the launching process.

    Foundation's Process on Linux starts children with the signal mask of the launching thread, and the Swift test
    runner's threads block nearly every signal, SIGTERM included. A pool whose workers cannot receive SIGTERM hangs
    when it is terminated, and a script that cannot receive it outlives a test's timeout.
    """
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def pool_map(function: Callable[[Item], Result], items: Sequence[Item], jobs: int) -> List[Result]:
    """`function` on every item, on `jobs` processes, results in order; the workers end on their own (close and join,
    never terminate), so no signal is needed."""
    unblock_signals()
    pool = multiprocessing.Pool(max(1, jobs))
    try:
        return pool.map(function, items, chunksize=1)
    finally:
        pool.close()
        pool.join()
