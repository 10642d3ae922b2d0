"""GraphQL over HTTP around strawberry's ASGI view: persisted queries, GET rules and response content types.

`GraphQLEndpoint.handle` receives a request whose body was already read. It resolves an Automatic Persisted Query
(APQ) hash to its query, refuses non-query operations over GET with 405, hands the (possibly rewritten) request to
strawberry's view and relabels the JSON answer as `application/graphql-response+json` when the client prefers it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from urllib.parse import urlencode

from graphql import GraphQLError, OperationType, get_operation_ast, parse
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from strawberry.asgi import GraphQL
from strawberry.subscriptions import (
    GRAPHQL_TRANSPORT_WS_PROTOCOL,
    GRAPHQL_WS_PROTOCOL,
    MULTIPART_SUBSCRIPTION_PROTOCOL,
)

from harness_state import HarnessState
from seed_data import DataStore

JSON_TYPE = "application/json"
GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json"
STORE_SCOPE_KEY = "reference.store"


def preferred_media_type(accept: str | None) -> str:
    """`application/graphql-response+json` when Accept ranks it above (or level with, but before) JSON."""
    candidates: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "").split(",")):
        media, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if media.lower() in (JSON_TYPE, GRAPHQL_RESPONSE_TYPE) and quality > 0:
            candidates.append((quality, -index, media.lower()))
    return max(candidates)[2] if candidates else JSON_TYPE


def graphql_error_response(request: Request, message: str, status: int, code: str | None = None) -> Response:
    error: dict = {"message": message}
    if code:
        error["extensions"] = {"code": code}
    return JSONResponse(
        {"errors": [error]}, status_code=status, media_type=preferred_media_type(request.headers.get("accept"))
    )


class StrawberryView(GraphQL):
    """Strawberry's ASGI view, with the per-key `DataStore` in the context and no GraphiQL page."""

    def __init__(self, schema) -> None:
        # File uploads as `multipart/form-data` (the GraphQL multipart request spec) are on; they need no CSRF
        # header here. Both WebSocket subprotocols (graphql-transport-ws and graphql-ws), plus subscriptions over multipart HTTP
        # for a POST whose Accept asks for `multipart/mixed;subscriptionSpec=1.0`. Without allowed_origins
        # strawberry refuses handshakes that carry a cross-origin Origin header; keep-alive sends the legacy
        # protocol's "ka" messages.
        super().__init__(
            schema,
            graphql_ide=None,
            allowed_origins=["*"],
            keep_alive=True,
            keep_alive_interval=1,
            subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL, MULTIPART_SUBSCRIPTION_PROTOCOL),
            multipart_uploads_enabled=True,
        )

    async def get_context(self, request, response) -> dict:
        return {"request": request, "response": response, "store": request.scope[STORE_SCOPE_KEY]}


class _PersistedQueryFailure(Exception):
    def __init__(self, message: str, status: int, code: str | None = None) -> None:
        super().__init__(message)
        self.message, self.status, self.code = message, status, code


class GraphQLEndpoint:
    def __init__(self, view: StrawberryView, state: HarnessState) -> None:
        self.view = view
        self.state = state

    async def handle(
        self, request: Request, body: bytes, key: str | None, store: DataStore, persisted_queries: bool = True
    ) -> Response:
        """With `persisted_queries=False`, any request carrying a persisted-query extension gets
        PersistedQueryNotSupported, as from a server with APQ turned off."""
        params = self._request_params(request, body)
        if params is None:
            # Not a single JSON operation (bad JSON, a batch, another content type): strawberry answers.
            return await self._forward(request, body, store, query=None)
        query = params.get("query")
        try:
            if not persisted_queries:
                self._refuse_persisted_query(params)
            query = self._resolve_persisted_query(params, key, query)
        except _PersistedQueryFailure as failure:
            return graphql_error_response(request, failure.message, failure.status, failure.code)
        if request.method == "GET" and isinstance(query, str):
            refusal = self._refuse_non_query_over_get(request, query, params.get("operationName"))
            if refusal:
                return refusal
        injected = query if isinstance(query, str) and query != params.get("query") else None
        return await self._forward(request, body, store, query=injected, params=params)

    @staticmethod
    def _request_params(request: Request, body: bytes) -> dict | None:
        if request.method == "GET":
            params: dict = dict(request.query_params)
            raw = params.get("extensions")
            if raw is not None:
                try:
                    params["extensions"] = json.loads(raw)
                except ValueError:
                    return None
            return params
        if request.method != "POST" or JSON_TYPE not in request.headers.get("content-type", ""):
            return None
        try:
            parsed = json.loads(body)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None

    @staticmethod
    def _refuse_persisted_query(params: dict) -> None:
        extensions = params.get("extensions")
        if isinstance(extensions, dict) and "persistedQuery" in extensions:
            raise _PersistedQueryFailure("PersistedQueryNotSupported", 200, "PERSISTED_QUERY_NOT_SUPPORTED")

    def _resolve_persisted_query(self, params: dict, key: str | None, query: object) -> object:
        extensions = params.get("extensions")
        persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
        if not isinstance(persisted, dict):
            return query
        if persisted.get("version") != 1:
            raise _PersistedQueryFailure("Unsupported persisted query version", 400)
        digest = persisted.get("sha256Hash")
        if not isinstance(digest, str):
            raise _PersistedQueryFailure("persistedQuery.sha256Hash must be a string", 400)
        known = self.state.persisted(key)
        if query is None:
            if digest.lower() not in known:
                raise _PersistedQueryFailure("PersistedQueryNotFound", 200, "PERSISTED_QUERY_NOT_FOUND")
            return known[digest.lower()]
        if not isinstance(query, str) or hashlib.sha256(query.encode()).hexdigest() != digest.lower():
            raise _PersistedQueryFailure("provided sha does not match query", 400)
        known[digest.lower()] = query
        return query

    @staticmethod
    def _refuse_non_query_over_get(request: Request, query: str, operation_name: object) -> Response | None:
        try:
            operation = get_operation_ast(parse(query), operation_name if isinstance(operation_name, str) else None)
        except GraphQLError:
            return None  # strawberry reports the syntax error
        if operation is None or operation.operation == OperationType.QUERY:
            return None
        response = graphql_error_response(
            request, f"{operation.operation.value}s are not allowed when using GET", 405
        )
        response.headers["allow"] = "POST"
        return response

    async def _forward(
        self, request: Request, body: bytes, store: DataStore, query: str | None, params: dict | None = None
    ) -> Response:
        scope = dict(request.scope)
        scope[STORE_SCOPE_KEY] = store
        scope["path"], scope["raw_path"] = "/graphql", b"/graphql"
        if query is not None and request.method == "GET":
            items = [(name, value) for name, value in request.query_params.multi_items() if name != "query"]
            scope["query_string"] = urlencode([("query", query), *items]).encode()
        elif query is not None and params is not None:
            body = json.dumps({**params, "query": query}).encode()
            headers = [(name, value) for name, value in scope["headers"] if name != b"content-length"]
            scope["headers"] = [*headers, (b"content-length", str(len(body)).encode())]
        status, headers, content = await _call_asgi(self.view, scope, body)
        content_type = next((value.decode() for name, value in headers if name == b"content-type"), None)
        kept = {
            name.decode(): value.decode()
            for name, value in headers
            if name not in (b"content-type", b"content-length")
        }
        if content_type == JSON_TYPE:
            content_type = preferred_media_type(request.headers.get("accept"))
        return Response(content, status_code=status, headers=kept, media_type=content_type)


async def _call_asgi(app, scope: dict, body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Runs an ASGI app on a buffered request and collects its whole response."""
    delivered = False
    finished = asyncio.Event()

    async def receive() -> dict:
        nonlocal delivered
        if delivered:
            # The client stays connected until the whole answer is collected: a streaming (multipart `@defer`)
            # answer would stop at its first part on an early disconnect.
            await finished.wait()
            return {"type": "http.disconnect"}
        delivered = True
        return {"type": "http.request", "body": body, "more_body": False}

    start: dict = {}
    chunks: list[bytes] = []

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    try:
        await app(scope, receive, send)
    finally:
        finished.set()
    return start.get("status", 500), list(start.get("headers", [])), b"".join(chunks)


class StreamedGraphQLResponse:
    """An ASGI response that runs strawberry's view on the live connection, so a multipart answer (`@defer` parts,
    subscription events) goes out part by part as strawberry produces it, and a client that disconnects stops it.

    The request body was already read; the view gets it from the first `receive`, later ones wait on the connection
    (where strawberry learns of a disconnect). The status is recorded in the key's stats when the view sends it.
    """

    def __init__(self, view: StrawberryView, body: bytes, store: DataStore, record_status) -> None:
        self.view, self.body, self.store, self.record_status = view, body, store, record_status

    async def __call__(self, scope: dict, receive, send) -> None:
        scope = dict(scope)
        scope[STORE_SCOPE_KEY] = self.store
        scope["path"], scope["raw_path"] = "/graphql", b"/graphql"
        delivered = False

        async def replay_body() -> dict:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": self.body, "more_body": False}

        async def recording_send(message: dict) -> None:
            if message["type"] == "http.response.start" and self.record_status:
                self.record_status(message["status"])
            await send(message)

        await self.view(scope, replay_body, recording_send)
