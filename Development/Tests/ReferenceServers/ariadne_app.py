"""Reference GraphQL server built on ariadne (schema first, from schema.graphql) and Starlette.

    .venv/bin/python Tests/ReferenceServers/ariadne_app.py --port 0 --parent-pid PID

Routes: `/graphql` (POST, and GET for queries; WebSocket subscriptions over graphql-transport-ws), `/graphql-ws`
(WebSocket subscriptions over the legacy graphql-ws) and `/health`. The data are seed_data's, one copy per `X-Test-Key`
header value (the shared default copy without it), as in the strawberry server. None of the harness routes
(persisted queries, /secure, /flaky, /status, REST, stats) exist here.

Observed differences from strawberry_app.py (ariadne 1.1.1 vs strawberry-graphql 0.341.2 on graphql-core 3.3.2):
- Syntax, validation and variable-coercion errors: HTTP 400 (strawberry: 200). Syntax and validation errors come
  as `{"errors": [...]}` without a "data" key (strawberry: `"data": null`); variable errors carry `"data": null`.
- Mutation over GET: HTTP 400, message "'operationName' is required if 'query' defines multiple operations." even
  for a single operation (the strawberry server: 405, `Allow: POST`).
- A JSON array body (batch): 400 `application/json` `{"errors":[{"message":"Operation data should be a JSON object"}]}`,
  nothing run (strawberry batches: a JSON array of results).
- `streamedItems`: the whole list, after awaiting its gates in order (no `@stream`; no route opens a gate here).
- A body that is not JSON, or not `application/json`: 400 text/plain, as strawberry but with other wording.
- GET without a query: 405 with an empty body (strawberry: 404 text/plain).
- Methods other than GET/POST: 405 with an empty body (strawberry: 405 with a text/plain message).
- Content type: always `application/json`; Accept is not consulted (the strawberry server honours
  `application/graphql-response+json`).
- Results and resolver errors: byte-for-byte the same JSON (same `message`/`locations`/`path`, no `extensions`).
- Subscriptions: one WebSocket subprotocol per route (strawberry: both on /graphql); an event source that raises
  gives a `next` whose payload has `errors` and no `data` member (strawberry: `"data": null`). The legacy handler is
  patched (LegacyWSHandler) so that stopping a waiting subscription does not drop the connection.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from ariadne import (
    EnumType,
    MutationType,
    ObjectType,
    QueryType,
    ScalarType,
    SubscriptionType,
    make_executable_schema,
    upload_scalar,
)
from ariadne.asgi import GraphQL
from ariadne.asgi.handlers import GraphQLHTTPHandler, GraphQLTransportWSHandler, GraphQLWSHandler
from ariadne.explorer import ExplorerHttp405
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute

import item_pages
import server_runtime
import subscription_sources
import uploads
from gates import gates
from seed_data import ROLES, StoreRegistry

SDL = (Path(__file__).resolve().parent / "schema.graphql").read_text()
stores = StoreRegistry()

query = QueryType()
mutation = MutationType()
subscription = SubscriptionType()
user = ObjectType("User")
product = ObjectType("Product")
long_scalar = ScalarType("Long", serializer=int, value_parser=int)
role = EnumType("Role", {name: name for name in ROLES})


def _store(info):
    return stores.get(info.context["request"].headers.get("x-test-key"))


def _user_json(record):
    return record.to_json() if record else None


@query.field("user")
def resolve_user(_, info, id):
    return _user_json(_store(info).users.get(id))


@query.field("users")
def resolve_users(_, info, first=None):
    records = list(_store(info).users.values())
    if first is not None:
        records = records[: max(first, 0)]
    return [record.to_json() for record in records]


@query.field("product")
def resolve_product(_, info, id):
    record = _store(info).products.get(id)
    return _store(info).product_json(record) if record else None


@query.field("products")
def resolve_products(_, info):
    store = _store(info)
    return [store.product_json(record) for record in store.products.values()]


@query.field("failing")
def resolve_failing(*_):
    raise ValueError("failing field")


@query.field("slow")
async def resolve_slow(*_, delayMs):
    await asyncio.sleep(max(delayMs, 0) / 1000)
    return "done"


@query.field("gated")
async def resolve_gated(*_, key):
    return await gates.wait(key)


@query.field("items")
def resolve_items(*_, first=None, after=None, last=None, before=None):
    return item_pages.connection(first, after, last, before)


@query.field("streamedItems")
async def resolve_streamed_items(*_, count, gate=None):
    # No @stream here: the whole list, once every gate has been opened in order.
    return [item async for item in item_pages.streamed(count, gate)]


@user.field("secret")
def resolve_secret(*_):
    raise ValueError("secret is classified")


@user.field("strictSecret")
def resolve_strict_secret(*_):
    raise ValueError("strict secret is classified")


@mutation.field("createUser")
def resolve_create_user(_, info, name, email=None, role="MEMBER"):
    return _store(info).create_user(name, email, role or "MEMBER").to_json()


@mutation.field("updateProduct")
def resolve_update_product(_, info, id, title=None, priceCents=None):
    store = _store(info)
    record = store.products.get(id)
    if record is None:
        return None
    if title is not None:
        record.title = title
    if priceCents is not None:
        record.price_cents = priceCents
    return store.product_json(record)


@mutation.field("publishEvent")
def resolve_publish_event(*_, key, text):
    return subscription_sources.broker.publish(key, text)


@mutation.field("finishEvents")
def resolve_finish_events(*_, key):
    return subscription_sources.broker.finish(key)


@query.field("inspectFile")
@mutation.field("uploadFile")
async def resolve_upload_file(*_, file):
    return await uploads.describe(file)


@mutation.field("uploadFiles")
async def resolve_upload_files(*_, files):
    return [await uploads.describe(file) for file in files]


@mutation.field("uploadProfile")
async def resolve_upload_profile(*_, input):
    avatar = input.get("avatar")
    return {"name": input["name"], "avatar": await uploads.describe(avatar) if avatar is not None else None}


@subscription.source("countdown")
def countdown_source(*_, intervalMs, **arguments):
    return subscription_sources.countdown(arguments["from"], intervalMs)


@subscription.source("ticks")
def ticks_source(*_, after, intervalMs):
    return subscription_sources.ticks(after, intervalMs)


@subscription.source("events")
def events_source(*_, key):
    return subscription_sources.broker.events(key)


@subscription.source("failAfter")
def fail_after_source(*_, count):
    return subscription_sources.fail_after(count)


for _field in ("countdown", "ticks", "events", "failAfter"):
    subscription.set_field(_field, lambda event, *_, **__: event)

schema = make_executable_schema(
    SDL, query, mutation, subscription, user, product, long_scalar, role, upload_scalar
)


class LegacyWSHandler(GraphQLWSHandler):
    """ariadne 1.1.1's graphql-ws handler stops a subscription by calling aclose() on the generator its own observer
    task is still iterating, which fails ("asynchronous generator is already running") and drops the connection
    whenever a client stops a subscription that is waiting for its next event. This one cancels that task first."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._observers: dict[int, asyncio.Task] = {}

    async def observe_async_results(self, websocket, results, operation_id) -> None:
        self._observers[id(results)] = asyncio.current_task()
        try:
            await super().observe_async_results(websocket, results, operation_id)
        finally:
            self._observers.pop(id(results), None)

    async def stop_websocket_operation(self, websocket, operation) -> None:
        observer = self._observers.pop(id(operation.generator), None)
        if observer is not None and observer is not asyncio.current_task():
            observer.cancel()
            await asyncio.wait([observer])
        await super().stop_websocket_operation(websocket, operation)


def _graphql_app(websocket_handler) -> GraphQL:
    return GraphQL(
        schema,
        http_handler=GraphQLHTTPHandler(),
        websocket_handler=websocket_handler,
        execute_get_queries=True,
        explorer=ExplorerHttp405(),
    )


async def health(_request):
    return PlainTextResponse("ok")


app = Starlette(
    routes=[
        Route("/health", health),
        Route("/graphql", _graphql_app(None), methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
        # ariadne serves one WebSocket subprotocol per app: graphql-transport-ws here, graphql-ws on /graphql-ws.
        WebSocketRoute("/graphql", _graphql_app(GraphQLTransportWSHandler())),
        WebSocketRoute("/graphql-ws", _graphql_app(LegacyWSHandler())),
    ]
)

if __name__ == "__main__":
    # Resolver and validation errors are expected here; they reach the client, so keep stderr for real trouble.
    logging.getLogger("ariadne").setLevel(logging.CRITICAL)
    server_runtime.run(app, "ariadne reference GraphQL server")
