"""Deterministic variants of the corpus's operation documents, each with graphql-core's verdict, as JSON lines.

    variants.py --corpus DIR [--seed N] [--scale F] [--cache DIR]
    variants.py --corpus DIR --schema FILE --operations DIR [--per-file] [--preamble FILE] [--seed N] [--scale F]

The first form runs every unit of `oracle_units.CORPUS_UNITS`; the second one unit (paths relative to the corpus).
Variants are made with graphql-core's AST (parse, change one thing, print), so every variant parses. Output, one JSON
object per line on standard output:

- `{"type": "compilation", "name", "schema", "files": [{"name", "text"}]}`: a compilation unit; `files` are its
  documents as graphql-core prints them (file names relative to the corpus), the base every variant changes.
- `{"type": "case", "id", "compilation", "mutation", "detail", "source", "changed": [{"name", "text"}], "valid",
  "errors": [{"rule", "message", "locations": [{"file", "line", "column"}]}]}`: one document set and graphql-core's
  verdict. `source` is `corpus` for the corpus files as they are on disk (`changed` empty), `printed` for the printed
  base, `variant` for the base with the `changed` files replaced.

Every file of a compilation is parsed on its own and the definitions are validated together, as one document, with
graphql-js 16's specified rules less NoUnusedFragments. A summary goes to standard error.

With `--cache DIR`, the output is kept in DIR under a digest of everything it depends on (these scripts, graphql-core's
version, the arguments, the corpus files read) and printed from there while none of it changes.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import random
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

from graphql import GraphQLSchema, Source, parse, print_ast

import mutations_definitions
import mutations_fields
import mutations_variables
import oracle_cache
import oracle_pool
from oracle_units import CORPUS_UNITS, Compilation, Unit, document_paths, load_compilations, load_schema, merged
from oracle_verdict import verdict
from live_definitions import LiveDocuments
from variant_edits import DocumentCopies, MutationContext, strip_locations
from variant_sites import collect_sites

MUTATIONS = mutations_fields.MUTATIONS + mutations_variables.MUTATIONS + mutations_definitions.MUTATIONS


def budget(sites_count: int, scale: float) -> int:
    """How many variants a compilation unit gets: more for units with more places to change."""
    return round(max(30, min(160, 14 * math.sqrt(sites_count))) * scale)


def compilation_variants(
    schema: GraphQLSchema, compilation: Compilation, seed: int, scale: float, exact: bool = False
) -> Iterator[Dict[str, Any]]:
    """The records of one compilation unit: itself, its corpus and printed cases, then its variants."""
    corpus_verdict = verdict(schema, merged(compilation.documents))
    for document in compilation.documents:
        strip_locations(document)
    definition_texts = [[print_ast(definition) for definition in document.definitions]
                        for document in compilation.documents]
    base_texts = ["\n\n".join(texts) for texts in definition_texts]
    base_documents = [parse(Source(text, file)) for text, file in zip(base_texts, compilation.files)]
    yield {
        "type": "compilation",
        "name": compilation.name,
        "files": [{"name": file, "text": text} for file, text in zip(compilation.files, base_texts)],
    }
    yield case(compilation, "corpus", "corpus", "the corpus files", [], corpus_verdict)
    printed_verdict = verdict(schema, merged(base_documents))
    yield case(compilation, "printed", "printed", "the printed corpus files", [], printed_verdict)

    sites = collect_sites(schema, compilation.documents)
    live = LiveDocuments(base_documents)
    rng = random.Random(f"{seed}:{compilation.name}")
    wanted = budget(len(sites.fields) + len(sites.arguments) + len(sites.variable_definitions), scale)
    seen = set()
    produced = 0
    for _ in range(wanted * 20):
        if produced == wanted:
            break
        mutation = rng.choice(MUTATIONS)
        copies = DocumentCopies(compilation.documents)
        detail = mutation(MutationContext(copies, sites, schema, rng))
        if detail is None:
            continue
        changed, changed_texts = changed_files(compilation, copies, definition_texts)
        key = tuple((item["name"], item["text"]) for item in changed)
        if not changed or key in seen:
            continue
        seen.add(key)
        replaced = {
            compilation.files.index(item["name"]): parse(Source(item["text"], item["name"])) for item in changed
        }
        if exact:
            document = merged([replaced.get(index, base) for index, base in enumerate(base_documents)])
        else:
            document = live.reduced(replaced, changed_texts)
        produced += 1
        yield case(compilation, f"{produced:04d}", mutation.__name__, detail, changed, verdict(schema, document))


def changed_files(
    compilation: Compilation, copies: DocumentCopies, definition_texts: List[List[str]]
) -> Tuple[List[Dict[str, str]], Dict[int, List[str]]]:
    """The files whose printed text differs from the base, in file order, and their printed definitions.

    Only copied or added definitions are printed again; the others keep their base text.
    """
    changed = []
    changed_texts = {}
    for file in copies.touched_files():
        definitions, touched = copies.file_definitions(file)
        base = definition_texts[file]
        texts = [print_ast(definition) if index in touched else base[index]
                 for index, definition in enumerate(definitions)]
        if texts != base:
            changed.append({"name": compilation.files[file], "text": "\n\n".join(texts)})
            changed_texts[file] = texts
    return changed, changed_texts


def case(
    compilation: Compilation, number: str, mutation: str, detail: str, changed: List[Dict[str, str]],
    outcome: Dict[str, Any],
) -> Dict[str, Any]:
    source = mutation if mutation in ("corpus", "printed") else "variant"
    return {
        "type": "case",
        "id": f"{compilation.name}#{number}",
        "compilation": compilation.name,
        "mutation": mutation,
        "detail": detail,
        "source": source,
        "changed": changed,
        **outcome,
    }


def unit_records(
    corpus: Path, unit: Unit, seed: int, scale: float, exact: bool = False
) -> Iterator[Dict[str, Any]]:
    """Every record of a unit, each compilation record carrying the unit's schema path."""
    schema = load_schema(corpus, unit)
    for compilation in load_compilations(corpus, unit):
        for record in compilation_variants(schema, compilation, seed, scale, exact):
            if record["type"] == "compilation":
                record["schema"] = unit.schema
            yield record


def unit_lines(job: Tuple[Path, Unit, int, float, bool]) -> List[str]:
    """A unit's records as JSON lines (the work of one process)."""
    corpus, unit, seed, scale, exact = job
    return [json.dumps(record, sort_keys=True) for record in unit_records(corpus, unit, seed, scale, exact)]


def generate(options: argparse.Namespace, units: List[Unit]) -> Tuple[str, str]:
    """The JSON lines and the summary."""
    counts: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    total: collections.Counter = collections.Counter()
    jobs = [(options.corpus, unit, options.seed, options.scale, options.exact) for unit in units]
    results = oracle_pool.pool_map(unit_lines, jobs, options.jobs)
    output = []
    for lines in results:
        for line in lines:
            output.append(line + "\n")
            record = json.loads(line)
            if record["type"] == "case":
                verdict_name = "valid" if record["valid"] else "invalid"
                counts[record["mutation"]][verdict_name] += 1
                total[verdict_name] += 1
    summary = [
        f"{mutation:32} valid {counter['valid']:5} invalid {counter['invalid']:5}\n"
        for mutation, counter in sorted(counts.items())
    ]
    summary.append(f"{'total':32} valid {total['valid']:5} invalid {total['invalid']:5}\n")
    return "".join(output), "".join(summary)


def cached_output(options: argparse.Namespace, units: List[Unit], arguments: List[str]) -> Tuple[str, str]:
    """The output kept in the cache folder for these inputs (generated first when missing)."""
    key_arguments = [argument for argument in arguments if argument != str(options.cache)]
    inputs = [path for unit in units for path in [options.corpus / unit.schema] + document_paths(options.corpus, unit)]
    name = oracle_cache.digest("variants", key_arguments, inputs, options.corpus)
    return oracle_cache.cached(options.cache, name, lambda: generate(options, units))


def main(arguments: Optional[List[str]] = None) -> int:
    arguments = sys.argv[1:] if arguments is None else arguments
    oracle_pool.unblock_signals()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", required=True, type=Path, help="the corpus folder")
    parser.add_argument("--schema", help="one unit's schema, relative to the corpus (SDL or introspection JSON)")
    parser.add_argument("--operations", help="one unit's folder of .graphql files, relative to the corpus")
    parser.add_argument("--per-file", action="store_true", help="every file is a compilation unit of its own")
    parser.add_argument("--preamble", type=Path, help="SDL graphql-core needs before the schema")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the variants (default 1)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the number of variants (default 1)")
    parser.add_argument("--cache", type=Path, help="a folder to keep the output in, keyed by its inputs")
    parser.add_argument("--jobs", type=int, default=2, help="units worked on in parallel (default 2)")
    parser.add_argument(
        "--exact", action="store_true", help="validate whole documents (slower; see live_definitions.py)"
    )
    options = parser.parse_args(arguments)
    if (options.schema is None) != (options.operations is None):
        parser.error("--schema and --operations go together")
    units = CORPUS_UNITS
    if options.schema:
        preamble = options.preamble.read_text(encoding="utf-8") if options.preamble else ""
        units = [Unit(Path(options.operations).name, options.schema, options.operations, preamble, options.per_file)]
    output, summary = generate(options, units) if options.cache is None else cached_output(options, units, arguments)
    sys.stdout.write(output)
    sys.stderr.write(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
