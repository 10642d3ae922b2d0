"""Command line and process life of a reference server: loopback socket, LISTENING line, parent watchdog.

    python <app>.py [--port N] [--parent-pid PID]

`--port 0` (the default) binds 127.0.0.1 on a free port. Once the server accepts connections it prints exactly one
line, `LISTENING <port>`, to stdout. With `--parent-pid`, the server exits as soon as that process is gone, so a
test process that crashes never leaves servers behind.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import sys
import threading
import time

import uvicorn

WATCHDOG_INTERVAL_SECONDS = 0.25
# How long an orphaned server's own shutdown (`on_orphaned`) may take before the watchdog exits regardless.
ORPHAN_SHUTDOWN_SECONDS = 10


def _parse_arguments(description: str, add_arguments=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--parent-pid", type=int, default=None, help="exit when this process is gone")
    if add_arguments is not None:
        add_arguments(parser)
    return parser.parse_args()


def _is_alive(pid: int, was_parent: bool) -> bool:
    if was_parent and os.getppid() != pid:
        return False  # reparented: our parent has exited (its pid may already be reused)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _start_watchdog(parent_pid: int, on_orphaned=None) -> None:
    was_parent = os.getppid() == parent_pid

    def watch() -> None:
        try:
            while _is_alive(parent_pid, was_parent):
                time.sleep(WATCHDOG_INTERVAL_SECONDS)
            # The parent usually held the read end of stderr, so this write may fail; exit regardless.
            print(f"reference server: parent process {parent_pid} is gone, exiting", file=sys.stderr, flush=True)
            if on_orphaned is not None:
                on_orphaned()
                time.sleep(ORPHAN_SHUTDOWN_SECONDS)
        finally:
            os._exit(0)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def bind_loopback(port: int) -> socket.socket:
    """A socket listening on 127.0.0.1:`port` (0: a free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


async def _serve(app, sock: socket.socket) -> None:
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_keep_alive=120,  # longer than URLSession keeps idle connections, so reuse never races a close
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started and not serving.done():
        await asyncio.sleep(0.01)
    if server.started:
        print(f"LISTENING {sock.getsockname()[1]}", flush=True)
    await serving


def prepare(description: str, add_arguments=None, on_orphaned=None) -> argparse.Namespace:
    """Parses the command line (`--port`, `--parent-pid`, and what `add_arguments(parser)` adds) and starts the
    parent watchdog, which calls `on_orphaned` (from its own thread) when given, and otherwise exits at once."""
    # Foundation's Process on Linux starts children with the spawning thread's signal mask, which blocks SIGTERM;
    # unblock everything so `terminate()` (SIGTERM) stops the server at once.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    arguments = _parse_arguments(description, add_arguments)
    if arguments.parent_pid is not None:
        _start_watchdog(arguments.parent_pid, on_orphaned)
    return arguments


def run(app, description: str) -> None:
    """Parses the command line and serves `app` until terminated or orphaned."""
    arguments = prepare(description)
    sock = bind_loopback(arguments.port)
    asyncio.run(_serve(app, sock))
