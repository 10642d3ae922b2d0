"""REST access to the same users and products as the GraphQL schema, with camelCase JSON keys.

Errors are `{"error": {"code": CODE, "message": text}}` with codes BAD_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED.
"""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from seed_data import ROLES, DataStore


def rest_error(status: int, code: str, message: str, headers: dict | None = None) -> Response:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def _not_allowed(allowed: str) -> Response:
    return rest_error(405, "METHOD_NOT_ALLOWED", f"allowed methods: {allowed}", {"allow": allowed})


def _user_fields(body: bytes) -> tuple[str, str | None, str] | Response:
    """Validates a `{name, email?, role?}` body; a missing role is MEMBER."""
    try:
        payload = json.loads(body)
    except ValueError:
        return rest_error(400, "BAD_REQUEST", "body is not JSON")
    if not isinstance(payload, dict):
        return rest_error(400, "BAD_REQUEST", "body must be a JSON object")
    name, email, role = payload.get("name"), payload.get("email"), payload.get("role", "MEMBER")
    if not isinstance(name, str) or not name:
        return rest_error(400, "BAD_REQUEST", "name must be a non-empty string")
    if email is not None and not isinstance(email, str):
        return rest_error(400, "BAD_REQUEST", "email must be a string or null")
    if role not in ROLES:
        return rest_error(400, "BAD_REQUEST", f"role must be one of {', '.join(ROLES)}")
    return name, email, role


def _list_users(request: Request, store: DataStore) -> Response:
    users = list(store.users.values())
    role = request.query_params.get("role")
    if role is not None:
        if role not in ROLES:
            return rest_error(400, "BAD_REQUEST", f"role must be one of {', '.join(ROLES)}")
        users = [user for user in users if user.role == role]
    limit = request.query_params.get("limit")
    if limit is not None:
        if not limit.isdigit():
            return rest_error(400, "BAD_REQUEST", "limit must be a non-negative integer")
        users = users[: int(limit)]
    return JSONResponse([user.to_json() for user in users])


def _users(request: Request, body: bytes, rest: list[str], store: DataStore) -> Response:
    method = request.method
    if not rest:
        if method == "GET":
            return _list_users(request, store)
        if method != "POST":
            return _not_allowed("GET, POST")
        fields = _user_fields(body)
        if isinstance(fields, Response):
            return fields
        user = store.create_user(*fields)
        location = f"{request.url.path.rstrip('/')}/{user.id}"
        return JSONResponse(user.to_json(), status_code=201, headers={"location": location})
    if len(rest) != 1:
        return rest_error(404, "NOT_FOUND", "no such resource")
    user_id = rest[0]
    if method not in ("GET", "PUT", "DELETE"):
        return _not_allowed("GET, PUT, DELETE")
    user = store.users.get(user_id)
    if user is None:
        return rest_error(404, "NOT_FOUND", f"user {user_id} not found")
    if method == "GET":
        return JSONResponse(user.to_json())
    if method == "DELETE":
        del store.users[user_id]
        return Response(status_code=204)
    fields = _user_fields(body)
    if isinstance(fields, Response):
        return fields
    user.name, user.email, user.role = fields
    return JSONResponse(user.to_json())


def _products(request: Request, rest: list[str], store: DataStore) -> Response:
    if request.method != "GET":
        return _not_allowed("GET")
    if not rest:
        return JSONResponse([store.product_json(product) for product in store.products.values()])
    product = store.products.get(rest[0]) if len(rest) == 1 else None
    if product is None:
        return rest_error(404, "NOT_FOUND", f"product {'/'.join(rest)} not found")
    return JSONResponse(store.product_json(product))


def handle_rest(request: Request, body: bytes, segments: list[str], store: DataStore) -> Response:
    """Serves `segments` (the path after `rest/`, split at slashes) from `store`."""
    if segments and segments[0] == "users":
        return _users(request, body, segments[1:], store)
    if segments and segments[0] == "products":
        return _products(request, segments[1:], store)
    return rest_error(404, "NOT_FOUND", "no such resource")
