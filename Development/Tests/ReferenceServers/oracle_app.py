"""A generic, deterministic GraphQL server for the normalized cache's differential tests: any schema, seeded data.

    .venv/bin/python Tests/ReferenceServers/oracle_app.py --port 0 --parent-pid PID --schema PATH --seed N [--pool N]

It builds the schema from the SDL file at `--schema` with graphql-core's `build_schema` and answers every valid
operation from oracle_graph.py's object graph for `--seed`: the same query always gets the same answer, and the same
object (type and id) has the same field values whichever path reaches it. `--pool` (default 6) is how many ids each
id-keyed type has, so that random queries meet the same objects. Queries and mutations are both pure functions;
nothing is stored.

Routes:
    POST /graphql   a JSON object {"query", "variables", "operationName"}: 200 `{"data": ..., "errors": [...]}`
                    (`errors` only when there are any; syntax and validation errors come with `"data": null`);
                    400 `{"errors": [{"message": ...}]}` for a body that is not such an object or has no query
    GET  /health    200 "ok"

`--port`, `--parent-pid` and the single `LISTENING <port>` line behave as in the other reference servers
(server_runtime.py); the line comes once the schema is built and validated. graphql-core 3.3's rules on @deprecated
(an implementation field deprecated where its interface field is not, a required argument or input field
deprecated) only warn on stderr, since real schemas such as GitHub's break them.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from graphql import GraphQLError, GraphQLSchema, build_schema, graphql, validate_schema
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

import server_runtime
from oracle_graph import ObjectGraph

DESCRIPTION = "deterministic GraphQL server for any schema (seeded object graph)"
# Schema validation rules about @deprecated that graphql-core 3.3 enforces and real schemas break (GitHub's deprecates
# `id` on types whose Node.id is not deprecated): they change nothing in execution, so they only warn here.
TOLERATED_SCHEMA_ERRORS = (" must not be deprecated.", " cannot be deprecated.")


def _add_arguments(parser) -> None:
    parser.add_argument("--schema", required=True, help="the schema's SDL file")
    parser.add_argument("--seed", type=int, required=True, help="the seed of the object graph")
    parser.add_argument("--pool", type=int, default=6, help="distinct ids per id-keyed type (default 6)")


def _bad_request(message: str) -> Response:
    return JSONResponse({"errors": [{"message": message}]}, status_code=400)


def load_schema(path: str) -> GraphQLSchema:
    """The schema of the SDL file, validated; exits with graphql-core's errors when it cannot be served."""
    schema = build_schema(Path(path).read_text(encoding="utf-8"))
    errors = validate_schema(schema)  # here rather than on the first request
    fatal = [error for error in errors if not error.message.endswith(TOLERATED_SCHEMA_ERRORS)]
    if fatal:
        sys.exit(f"oracle server: {path} is not a valid schema:\n" + "\n".join(error.message for error in fatal))
    if errors:
        print(f"oracle server: ignoring {len(errors)} @deprecated consistency errors in {path}", file=sys.stderr)
        schema = GraphQLSchema(**{**schema.to_kwargs(), "assume_valid": True})
    return schema


def make_app(graph: ObjectGraph) -> Starlette:
    async def execute(request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except ValueError:
            return _bad_request("The body is not JSON.")
        if not isinstance(body, dict) or not isinstance(body.get("query"), str):
            return _bad_request("The body has no query.")
        variables = body.get("variables")
        operation_name = body.get("operationName")
        if variables is not None and not isinstance(variables, dict):
            return _bad_request("variables must be an object.")
        if operation_name is not None and not isinstance(operation_name, str):
            return _bad_request("operationName must be a string.")
        result = await graphql(
            graph.schema,
            body["query"],
            variable_values=variables,
            operation_name=operation_name,
            field_resolver=graph.resolve_field,
            type_resolver=graph.resolve_type,
        )
        answer: dict = {"data": result.data}
        if result.errors:
            answer["errors"] = [error.formatted for error in result.errors]
        return JSONResponse(answer)

    async def health(_request: Request) -> Response:
        return PlainTextResponse("ok")

    return Starlette(routes=[Route("/graphql", execute, methods=["POST"]), Route("/health", health)])


def main() -> None:
    arguments = server_runtime.prepare(DESCRIPTION, _add_arguments)
    try:
        graph = ObjectGraph(load_schema(arguments.schema), arguments.seed, arguments.pool)
    except (OSError, GraphQLError, TypeError, ValueError) as error:
        sys.exit(f"oracle server: cannot serve {arguments.schema}: {error}")
    sock = server_runtime.bind_loopback(arguments.port)
    asyncio.run(server_runtime._serve(make_app(graph), sock))


if __name__ == "__main__":
    main()
