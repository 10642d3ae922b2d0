"""graphql-core's side of the compiler benchmark (`swift run -c release apicore-bench --only compiler.github`).

    bench_graphql_core.py --corpus DIR [--scale-operations DIR] [--iterations N]

Does the same work as the Swift side, step by step, timing each iteration with time.perf_counter, and prints one JSON
object: graphql-core's and Python's versions, the iterations, and per step its id, the median and every sample in
seconds, and what the step produced (type or error counts, so that both sides can be seen to do the same work).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

import graphql
from graphql import (
    DocumentNode,
    GraphQLSchema,
    Source,
    assert_valid_schema,
    build_ast_schema,
    build_client_schema,
    parse,
    validate,
)
from graphql.validation import NoUnusedFragmentsRule, specified_rules

import oracle_pool

#: The rules our validator applies by default: the specified rules, unused fragments allowed.
RULES = tuple(rule for rule in specified_rules if rule is not NoUnusedFragmentsRule)


def time_step(iterations: int, work: Callable[[], Any]) -> Dict[str, Any]:
    """Runs `work` once to warm up, then `iterations` times; the samples in seconds and the last result."""
    result = work()
    samples: List[float] = []
    for _ in range(iterations):
        start = time.perf_counter()
        result = work()
        samples.append(time.perf_counter() - start)
    return {"median_seconds": statistics.median(samples), "samples": samples, "result": result}


def build_sdl_schema(text: str, name: str) -> GraphQLSchema:
    """Parse, build and validate a schema from SDL, as GraphQLSchema.build(from:) does."""
    schema = build_ast_schema(parse(Source(text, name)))
    assert_valid_schema(schema)
    return schema


def build_introspection_schema(data: bytes) -> GraphQLSchema:
    """Read introspection JSON, build and validate the schema, as GraphQLSchema.build(introspection:file:) does."""
    result = json.loads(data)
    schema = build_client_schema(result.get("data", result))
    assert_valid_schema(schema)
    return schema


def parse_and_validate(schema: GraphQLSchema, sources: List[Source]) -> int:
    """Parse every document, validate them as one unit; the number of errors."""
    documents = [parse(source) for source in sources]
    unit = DocumentNode(definitions=tuple(definition for document in documents for definition in document.definitions))
    return len(validate(schema, unit, RULES))


def document_sources(folder: Path, corpus: Path) -> List[Source]:
    """The `.graphql` files of a folder, sorted, named relative to the corpus."""
    return [
        Source(path.read_text(encoding="utf-8"), path.relative_to(corpus).as_posix())
        for path in sorted(folder.rglob("*.graphql"))
    ]


def main(arguments: List[str]) -> int:
    oracle_pool.unblock_signals()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", required=True, type=Path, help="the corpus folder")
    parser.add_argument(
        "--scale-operations",
        type=Path,
        help="the generated operations of codegen.scale, over the corpus's GitHub 2021-10-01 schema",
    )
    parser.add_argument("--iterations", type=int, default=5, help="timed iterations per step (default 5)")
    options = parser.parse_args(arguments)
    corpus: Path = options.corpus
    iterations = max(1, options.iterations)

    github_sdl = (corpus / "github/schema.graphqls").read_text(encoding="utf-8")
    githawk_json = (corpus / "github/operations/githawk/schema-2020.json").read_bytes()
    apollo_sdl = (corpus / "github/operations/apollo/schema-apollo.graphqls").read_text(encoding="utf-8")
    githawk_documents = document_sources(corpus / "github/operations/githawk", corpus)
    apollo_documents = document_sources(corpus / "github/operations/apollo", corpus)

    steps: Dict[str, Dict[str, Any]] = {}
    steps["github-sdl-parse"] = time_step(
        iterations, lambda: len(parse(Source(github_sdl, "schema.graphqls")).definitions)
    )
    steps["github-schema"] = time_step(
        iterations, lambda: len(build_sdl_schema(github_sdl, "schema.graphqls").type_map)
    )
    steps["githawk-schema"] = time_step(iterations, lambda: len(build_introspection_schema(githawk_json).type_map))
    githawk_schema = build_introspection_schema(githawk_json)
    steps["githawk-operations"] = time_step(iterations, lambda: parse_and_validate(githawk_schema, githawk_documents))
    steps["apollo-schema"] = time_step(
        iterations, lambda: len(build_sdl_schema(apollo_sdl, "schema-apollo.graphqls").type_map)
    )
    apollo_schema = build_sdl_schema(apollo_sdl, "schema-apollo.graphqls")
    steps["apollo-operations"] = time_step(iterations, lambda: parse_and_validate(apollo_schema, apollo_documents))

    if options.scale_operations is not None:
        scale_name = "github/schema-2021-10-01.graphqls"
        scale_sdl = (corpus / scale_name).read_text(encoding="utf-8")
        scale_documents = [
            Source(path.read_text(encoding="utf-8"), path.name)
            for path in sorted(options.scale_operations.glob("*.graphql"))
        ]
        steps["scale-schema"] = time_step(iterations, lambda: len(build_sdl_schema(scale_sdl, scale_name).type_map))
        scale_schema = build_sdl_schema(scale_sdl, scale_name)
        steps["scale-operations"] = time_step(iterations, lambda: parse_and_validate(scale_schema, scale_documents))

    report = {
        "graphql_core": graphql.__version__,
        "python": platform.python_version(),
        "iterations": iterations,
        "steps": [{"id": step_id, **measurement} for step_id, measurement in steps.items()],
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
