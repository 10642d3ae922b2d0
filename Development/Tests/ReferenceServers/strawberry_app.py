"""Reference GraphQL server built on strawberry-graphql and Starlette, with the test harness routes.

    .venv/bin/python Tests/ReferenceServers/strawberry_app.py --port 0 --parent-pid PID

Routes are listed in reference_app.py and described in README.md.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from graphql import GraphQLSchema, build_schema, lexicographic_sort_schema, print_schema

import server_runtime
from graphql_http import GraphQLEndpoint, StrawberryView
from harness_state import HarnessState
from reference_app import ReferenceApp
from strawberry_schema import schema

SDL_PATH = Path(__file__).resolve().parent / "schema.graphql"
INCREMENTAL_DIRECTIVES = {"defer", "stream"}


def check_schema_matches_sdl() -> None:
    """Fails start-up when strawberry's schema drifts from schema.graphql, which ariadne serves."""

    def canonical(sdl: str) -> str:
        # Incremental execution adds @defer and @stream to strawberry's schema; ariadne's has neither.
        kwargs = build_schema(sdl).to_kwargs()
        kwargs["directives"] = tuple(d for d in kwargs["directives"] if d.name not in INCREMENTAL_DIRECTIVES)
        return print_schema(lexicographic_sort_schema(GraphQLSchema(**kwargs)))

    if canonical(str(schema)) != canonical(SDL_PATH.read_text()):
        sys.exit(f"strawberry_schema.py no longer matches {SDL_PATH.name}; update one to match the other:\n{schema}")


def make_app() -> ReferenceApp:
    state = HarnessState()
    return ReferenceApp(GraphQLEndpoint(StrawberryView(schema), state), state)


if __name__ == "__main__":
    check_schema_matches_sdl()
    # Resolver errors are expected here (failing fields); they reach the client, so keep stderr for real trouble.
    logging.getLogger("strawberry.execution").setLevel(logging.CRITICAL)
    server_runtime.run(make_app(), "strawberry reference GraphQL server")
