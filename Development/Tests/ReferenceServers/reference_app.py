"""The strawberry reference server's routes: an ASGI app that dispatches on the path.

    /health                               200 "ok"
    /control/stats/{key}                  GET: that key's statistics
    /control/reset/{key}                  POST: forget everything about that key
    /graphql, /rest/...                   key from the X-Test-Key header (optional)
    /secure/{realm}/{graphql,rest/...}    bearer token required; /secure/{realm}/auth/{refresh,expire} manage it
    /flaky/{key}/{graphql,rest/...}       the first `failures` requests fail with `status` and `Retry-After`
    /status/{code}/{graphql,plain}        answers with status `code`
    /cache-control/{value}/graphql        /graphql, answered with `Cache-Control: {value}`
    /apq-unsupported/graphql              /graphql without persisted queries: PersistedQueryNotSupported
    /post-only/graphql                    /graphql for POST; any other method gets 405 with `Allow: POST`
    /garbage/graphql, /wrongtype/graphql  malformed answers
    /stalled/graphql                      a head and part of the body, then nothing until the client leaves
    /redirect/{path}                      307 to /{path} with the same query string
    /streaming/graphql                    strawberry's answer sent as it is produced (multipart parts, events)
    /control/open/{key}                   POST: opens the gate of Query.gated(key:)
    /control/gates/{key}/{count}          GET: answers once count resolvers wait on that gate, with how many were
                                          cancelled while waiting
    /control/subscribers/{key}/{count}    GET: answers once events(key:) has count live subscribers

See README.md beside this file for the exact behaviour of each route.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import unquote

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse

import subscription_sources
from gates import gates
from graphql_http import STORE_SCOPE_KEY, GraphQLEndpoint, StreamedGraphQLResponse
from harness_state import HarnessState
from rest_routes import handle_rest

UNAUTHORIZED_BODY = {"errors": [{"message": "unauthorized"}]}
NO_BODY_STATUSES = {204, 304}


def _plain(text: str, status: int = 200) -> Response:
    return PlainTextResponse(text, status_code=status)


# Media types a browser may send cross-origin without a preflight (CORS "simple" requests).
SIMPLE_MEDIA_TYPES = {"", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}
PREFLIGHT_HEADERS = ("x-apollo-operation-name", "apollo-require-preflight")
CSRF_BLOCKED_BODY = {
    "errors": [
        {
            "message": "refused as a possible cross-site request forgery: a GET or a form, multipart or plain-text "
            "request needs a non-empty X-Apollo-Operation-Name or Apollo-Require-Preflight header",
            "extensions": {"code": "BAD_REQUEST"},
        }
    ]
}


def _is_simple_request(request: Request) -> bool:
    """Whether a browser could have sent the request cross-origin without a preflight, as servers with CSRF
    prevention (Apollo Server's `csrfPrevention`) judge it: a GET, or a body of a CORS-safelisted media type."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return request.method == "GET" or media_type in SIMPLE_MEDIA_TYPES


def _names_a_preflight(request: Request) -> bool:
    return any(request.headers.get(name, "").strip() for name in PREFLIGHT_HEADERS)


def _int_param(request: Request, name: str, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    return int(raw)  # ValueError is turned into a 400 by the caller


class ReferenceApp:
    def __init__(self, graphql: GraphQLEndpoint, state: HarnessState) -> None:
        self.graphql = graphql
        self.state = state

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while (message := await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            return
        request = Request(scope, receive)
        body = await request.body()
        segments = [segment for segment in scope["path"].split("/") if segment]
        key = self._key(segments, request)
        stats = self.state.stats_for(key) if key is not None else None
        attempt = stats.record(scope, body) if stats else 0
        if segments == ["streaming", "graphql"]:
            store = self.state.stores.get(key)
            response = StreamedGraphQLResponse(
                self.graphql.view, body, store, stats.record_status if stats else None
            )
            await response(scope, receive, send)
            return
        try:
            response = await self._route(request, body, segments, key, attempt)
        except ValueError as error:
            response = _plain(f"bad request: {error}", 400)
        if stats:
            stats.record_status(response.status_code)
        await response(scope, receive, send)

    async def _websocket(self, scope, receive, send) -> None:
        """Subscriptions on /graphql (either subprotocol); the X-Test-Key header picks the data store."""
        if scope["path"].rstrip("/") != "/graphql":
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = {name.decode().lower(): value.decode() for name, value in scope.get("headers", [])}
        scope = dict(scope)
        scope[STORE_SCOPE_KEY] = self.state.stores.get(headers.get("x-test-key"))
        await self.graphql.view(scope, receive, send)

    @staticmethod
    def _key(segments: list[str], request: Request) -> str | None:
        if len(segments) >= 2 and segments[0] in ("secure", "flaky"):
            return segments[1]
        if segments and segments[0] in ("health", "control"):
            return None
        return request.headers.get("x-test-key")

    async def _route(
        self, request: Request, body: bytes, segments: list[str], key: str | None, attempt: int
    ) -> Response:
        match segments:
            case ["health"]:
                return _plain("ok")
            case ["control", "stats", stats_key]:
                return JSONResponse(self.state.stats_json(stats_key))
            case ["control", "reset", reset_key] if request.method == "POST":
                self.state.reset(reset_key)
                return Response(status_code=204)
            case ["control", "open", gate_key] if request.method == "POST":
                return JSONResponse({"waiting": gates.open(gate_key)})
            case ["control", "gates", gate_key, count]:
                await gates.wait_for_waiters(gate_key, int(count))
                return JSONResponse({"waiting": int(count), "cancelled": gates.cancelled[gate_key]})
            case ["control", "subscribers", events_key, count]:
                await subscription_sources.broker.wait_for_subscribers(events_key, int(count))
                return JSONResponse({"subscribers": int(count)})
            case ["secure", realm, "auth", action]:
                return await self._auth_action(request, realm, action)
            case ["secure", realm, *rest]:
                if not self.state.realm(realm).accepts(request.headers.get("authorization")):
                    return JSONResponse(UNAUTHORIZED_BODY, status_code=401, headers={"www-authenticate": "Bearer"})
                return await self._serve(request, body, rest, key)
            case ["flaky", _, *rest]:
                failures = _int_param(request, "failures", 0)
                if attempt <= failures:
                    return self._flaky_failure(request, attempt, failures)
                return await self._serve(request, body, rest, key)
            case ["status", code, "graphql" | "plain" as kind]:
                return await self._with_status(request, body, int(code), kind, key)
            case ["cache-control", value, "graphql"]:
                response = await self.graphql.handle(request, body, key, self.state.stores.get(key))
                response.headers["cache-control"] = unquote(value)
                return response
            case ["csrf-prevention", "graphql"]:
                if _is_simple_request(request) and not _names_a_preflight(request):
                    return JSONResponse(CSRF_BLOCKED_BODY, status_code=400)
                return await self._serve(request, body, ["graphql"], key)
            case ["post-only", "graphql"]:
                if request.method != "POST":
                    return Response(
                        "only POST is allowed here", status_code=405, headers={"allow": "POST"}, media_type="text/plain"
                    )
                return await self._serve(request, body, ["graphql"], key)
            case ["apq-unsupported", "graphql"]:
                return await self.graphql.handle(
                    request, body, key, self.state.stores.get(key), persisted_queries=False
                )
            case ["redirect", *rest]:
                query = f"?{request.url.query}" if request.url.query else ""
                return Response(status_code=307, headers={"location": "/" + "/".join(rest) + query})
            case ["stalled", "graphql"]:
                return StreamingResponse(
                    _stalled_body(), media_type="application/json", headers={"content-length": "1000"}
                )
            case ["garbage", "graphql"]:
                return Response(b'{"data": {"user": {"id": "1", "name": "Ada', media_type="application/json")
            case ["wrongtype", "graphql"]:
                return _plain("hello")
            case _:
                return await self._serve(request, body, segments, key)

    async def _serve(self, request: Request, body: bytes, rest: list[str], key: str | None) -> Response:
        store = self.state.stores.get(key)
        match rest:
            case ["graphql"]:
                return await self.graphql.handle(request, body, key, store)
            case ["rest", *resource]:
                return handle_rest(request, body, resource, store)
            case _:
                return _plain("not found", 404)

    async def _auth_action(self, request: Request, realm_name: str, action: str) -> Response:
        if action not in ("refresh", "expire"):
            return _plain("not found", 404)
        if request.method != "POST":
            return Response("method not allowed", status_code=405, headers={"allow": "POST"})
        realm = self.state.realm(realm_name)
        if action == "expire":
            return JSONResponse({"expired": realm.expire()})
        self.state.stats_for(realm_name).refreshes += 1
        delay = _int_param(request, "delayMs", 0)
        if delay:
            await asyncio.sleep(delay / 1000)
        status = _int_param(request, "status", 200)
        if status != 200:
            return JSONResponse({"errors": [{"message": "refresh failed"}]}, status_code=status)
        return JSONResponse({"token": realm.refresh()})

    @staticmethod
    def _flaky_failure(request: Request, attempt: int, failures: int) -> Response:
        status = _int_param(request, "status", 503)
        headers = {}
        retry_after = request.query_params.get("retryAfter")
        if retry_after is not None:
            headers["retry-after"] = retry_after
        return Response(
            f"flaky failure {attempt} of {failures}", status_code=status, headers=headers, media_type="text/plain"
        )

    async def _with_status(self, request: Request, body: bytes, code: int, kind: str, key: str | None) -> Response:
        if not 200 <= code <= 599:
            return _plain("status must be between 200 and 599", 400)
        if kind == "plain":
            html = f"<html><body><h1>{code}</h1><p>reference server</p></body></html>"
            response = Response(html, status_code=code, media_type="text/html")
        else:
            response = await self.graphql.handle(request, body, key, self.state.stores.get(key))
            response.status_code = code
        if code in NO_BODY_STATUSES:
            return Response(status_code=code, headers={
                name: value for name, value in response.headers.items() if name != "content-length"
            })
        return response


async def _stalled_body():
    """The start of a 1000-byte body, then a stall that lasts until the client goes away (the task is cancelled)."""
    yield b'{"data": {"user": {"id": "1", "name": "Ada'
    await asyncio.sleep(3600)
