"""The strawberry reference server over TLS, served by hypercorn, which offers HTTP/2 and HTTP/1.1 by ALPN.

    .venv/bin/python Tests/ReferenceServers/strawberry_tls_app.py --certificate CERT.pem --private-key KEY.pem
        [--port 0] [--parent-pid PID]

Routes and data are those of strawberry_app.py; every response also carries `X-HTTP-Version`, the HTTP version the
request arrived with as hypercorn reports it ("2" or "1.1"). Prints `LISTENING <port>` once the socket listens;
exits on SIGTERM, or when the process `--parent-pid` is gone.
"""

from __future__ import annotations

import asyncio
import logging

from hypercorn.asyncio import serve
from hypercorn.config import Config

import server_runtime
from strawberry_app import make_app


def reporting_http_version(app):
    """`app`, with the request's HTTP version added to every response's header fields."""

    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_with_version(message):
            if message["type"] == "http.response.start":
                version = (b"x-http-version", scope["http_version"].encode("ascii"))
                message = {**message, "headers": [*message.get("headers", []), version]}
            await send(message)

        await app(scope, receive, send_with_version)

    return wrapped


def add_tls_arguments(parser) -> None:
    parser.add_argument("--certificate", required=True, help="the server's certificate chain (PEM)")
    parser.add_argument("--private-key", required=True, help="the certificate's private key (PEM)")


def main() -> None:
    arguments = server_runtime.prepare("strawberry reference server over TLS and HTTP/2", add_tls_arguments)
    logging.getLogger("strawberry.execution").setLevel(logging.CRITICAL)
    sock = server_runtime.bind_loopback(arguments.port)
    port = sock.getsockname()[1]
    config = Config()
    config.bind = [f"fd://{sock.detach()}"]
    config.certfile = arguments.certificate
    config.keyfile = arguments.private_key
    config.graceful_timeout = 2
    config.keep_alive_timeout = 120
    config.create_ssl_context()  # a certificate or key that does not load fails here, before LISTENING
    # The socket already listens, so a client that connects now waits in its backlog until hypercorn accepts.
    print(f"LISTENING {port}", flush=True)
    asyncio.run(serve(reporting_http_version(make_app()), config))


if __name__ == "__main__":
    main()
