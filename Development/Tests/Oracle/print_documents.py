"""graphql-core's printer on every GraphQL file of the corpus, as JSON lines, for the Swift printer's differential test.

    print_documents.py --corpus DIR [--cache DIR] [--jobs N]

For each `.graphql` and `.graphqls` file of the corpus (schemas included, the kitchen sinks too), in path order, one
line `{"name": <path relative to the corpus>, "text": print_ast(parse(file))}`. Files graphql-core cannot parse are
left out and counted in the summary on standard error. With `--cache DIR` the output is kept under a digest of its
inputs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import List, Optional, Tuple

from graphql import GraphQLError, Source, parse, print_ast

import oracle_cache
import oracle_pool


def corpus_files(corpus: Path) -> List[Path]:
    """The corpus's GraphQL files, sorted by relative path."""
    files = [path for pattern in ("*.graphql", "*.graphqls") for path in corpus.rglob(pattern)]
    return sorted(files, key=lambda path: path.relative_to(corpus).as_posix())


def printed(job: Tuple[Path, Path]) -> Optional[str]:
    """One file's line, or None when graphql-core cannot parse it."""
    corpus, path = job
    name = path.relative_to(corpus).as_posix()
    try:
        text = print_ast(parse(Source(path.read_text(encoding="utf-8"), name)))
    except GraphQLError:
        return None
    return json.dumps({"name": name, "text": text}, sort_keys=True)


def produce(corpus: Path, jobs: int) -> Tuple[str, str]:
    """The JSON lines and the summary."""
    files = corpus_files(corpus)
    lines = oracle_pool.pool_map(printed, [(corpus, path) for path in files], jobs)
    kept = [line for line in lines if line is not None]
    summary = f"printed {len(kept)} files; {len(lines) - len(kept)} do not parse\n"
    return "".join(line + "\n" for line in kept), summary


def main(arguments: Optional[List[str]] = None) -> int:
    arguments = sys.argv[1:] if arguments is None else arguments
    oracle_pool.unblock_signals()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", required=True, type=Path, help="the corpus folder")
    parser.add_argument("--cache", type=Path, help="a folder to keep the output in, keyed by its inputs")
    parser.add_argument("--jobs", type=int, default=2, help="files printed in parallel (default 2)")
    options = parser.parse_args(arguments)
    if options.cache is None:
        output, summary = produce(options.corpus, options.jobs)
    else:
        name = oracle_cache.digest("printed", [], corpus_files(options.corpus), options.corpus)
        output, summary = oracle_cache.cached(options.cache, name, lambda: produce(options.corpus, options.jobs))
    sys.stdout.write(output)
    sys.stderr.write(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
