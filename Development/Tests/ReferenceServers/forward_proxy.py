"""An HTTP forward proxy on loopback: proxy.py (PyPI), for the AsyncHTTPClient transport's proxy tests.

    .venv/bin/python Tests/ReferenceServers/forward_proxy.py [--port 0] [--parent-pid PID] [--basic-auth USER:PASS]

It tunnels CONNECT requests (AsyncHTTPClient sends every request through a proxy that way, plain HTTP included) and
forwards plain requests. Before it connects to a server for a client, it writes `PROXIED <METHOD> <host>:<port>` to
standard error, so a test can see what went through it. With `--basic-auth`, a request without those credentials in
`Proxy-Authorization` is answered 407 and connects nowhere. Prints `LISTENING <port>` once the proxy accepts
connections; exits on SIGTERM, or when the process `--parent-pid` is gone.
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time

import proxy
from proxy.http.proxy import HttpProxyBasePlugin

import server_runtime


class AnnounceUpstreams(HttpProxyBasePlugin):
    """Reports each connection to a server that the proxy is about to open (after authentication passed)."""

    def before_upstream_connection(self, request):
        target = f"{request.host.decode()}:{request.port}"
        print(f"PROXIED {request.method.decode()} {target}", file=sys.stderr, flush=True)
        return request


def add_proxy_arguments(parser) -> None:
    parser.add_argument("--basic-auth", default=None, help="USER:PASS the proxy requires")


def stop_this_process() -> None:
    """SIGTERM to ourselves: proxy.py's handler unwinds the main thread, which stops its acceptor processes."""
    os.kill(os.getpid(), signal.SIGTERM)


def main() -> None:
    arguments = server_runtime.prepare("HTTP forward proxy (proxy.py)", add_proxy_arguments, stop_this_process)
    with tempfile.TemporaryDirectory(prefix="forward-proxy-") as data_directory:
        flags = ["--hostname", "127.0.0.1", "--port", str(arguments.port), "--num-acceptors", "1"]
        flags += ["--data-dir", data_directory, "--log-level", "WARNING"]
        if arguments.basic_auth is not None:
            flags += ["--basic-auth", arguments.basic_auth]
        with proxy.Proxy(flags, plugins=[AnnounceUpstreams]) as running:
            print(f"LISTENING {running.flags.port}", flush=True)
            while True:
                time.sleep(1)


if __name__ == "__main__":
    main()
