#!/usr/bin/env bash
# Fuzzes the JSON reader, the GraphQL lexer and parser, and the response decoder of a generated type with libFuzzer
# (swiftc -sanitize=fuzzer, with AddressSanitizer), each for a fixed number of iterations from a seed corpus taken
# from ../shared/corpus. A crash fails the script and leaves the input that caused it in .build/fuzz/crashes.
#
#   scripts/fuzz.sh [--runs N] [json|parser|decoder]...     (default: 1000000 runs of each)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
corpus="$root/../shared/corpus"
[ -d "$corpus" ] || { echo "error: the shared corpus is missing: $corpus" >&2; exit 1; }

runs=1000000
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    json | parser | decoder) targets+=("$1"); shift ;;
    *) echo "usage: scripts/fuzz.sh [--runs N] [json|parser|decoder]..." >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(json parser decoder)

out="$root/.build/fuzz"
mkdir -p "$out/lib" "$out/crashes"
flags=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name APICoreKit)

# A library module of the package, built static with coverage instrumentation.
library() {
    local name="$1"
    shift
    echo "== building $name for fuzzing"
    # A static library is added to, not replaced: the objects of sources renamed since would stay in it.
    rm -f "$out/lib/lib$name.a"
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/lib/$name.swiftmodule" \
        -emit-library -static -o "$out/lib/lib$name.a" "$@"
}

# The seed corpus of a target: a folder of files copied (or cut down) from the shared corpus.
seeds() {
    local target="$1" folder="$out/seeds-$1"
    rm -rf "$folder" && mkdir -p "$folder"
    case "$target" in
    json | decoder)
        # Responses, cut down so that every seed is small enough to mutate quickly and still decodes.
        python3 - "$corpus" "$folder" <<'PY'
import json, pathlib, sys
corpus, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
def trim(value):
    if isinstance(value, list):
        return [trim(item) for item in value[:2]]
    if isinstance(value, dict):
        return {key: trim(item) for key, item in value.items()}
    return value
count = 0
for path in sorted(corpus.rglob("*.json")):
    if path.stat().st_size > 2_000_000:
        continue
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        continue
    count += 1
    (folder / f"seed-{count}.json").write_text(json.dumps(trim(value)), encoding="utf-8")
PY
        ;;
    parser)
        find "$corpus" \( -name '*.graphql' -o -name '*.graphqls' \) -size -64k -print0 |
            while IFS= read -r -d '' file; do cp "$file" "$folder/$(echo "$file" | tr '/' '_')"; done
        ;;
    esac
    echo "$folder"
}

graphql_sources=$(find Sources/APICoreGraphQL -name '*.swift' | sort)
scalars_sources=$(find Sources/APICoreScalars -name '*.swift' | sort)
json_sources=$(find Sources/APICoreJSON -name '*.swift' | sort)
compiler_sources=$(find Sources/APICoreCompiler -name '*.swift' | sort)

for target in "${targets[@]}"; do
    case "$target" in
    json)
        library APICoreGraphQL $graphql_sources
        library APICoreScalars -I "$out/lib" $scalars_sources
        library APICoreJSON -I "$out/lib" $json_sources
        modules=(APICoreJSON APICoreScalars APICoreGraphQL)
        sources=(Development/Fuzz/JSONReader/FuzzJSONReader.swift) ;;
    parser)
        library APICoreCompiler $compiler_sources
        modules=(APICoreCompiler)
        sources=(Development/Fuzz/GraphQLParser/FuzzGraphQLParser.swift) ;;
    decoder)
        library APICoreGraphQL $graphql_sources
        library APICoreScalars -I "$out/lib" $scalars_sources
        library APICoreJSON -I "$out/lib" $json_sources
        modules=(APICoreJSON APICoreScalars APICoreGraphQL)
        sources=(Development/Fuzz/ResponseDecoder/FuzzResponseDecoder.swift
            $(find Development/Tests/Fixtures/GeneratedCode/Sources/GitHubApollo -name '*.swift' | sort)) ;;
    esac
    echo "== building the $target fuzzer"
    # Static libraries link in order: a module before the modules it depends on.
    swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$out/lib" -L "$out/lib" "${modules[@]/#/-l}" \
        -o "$out/fuzz-$target" "${sources[@]}"
    seed_folder="$(seeds "$target")"
    work="$out/corpus-$target"
    mkdir -p "$work"
    echo "== fuzzing $target: $runs runs from $(ls "$seed_folder" | wc -l | tr -d ' ') seeds"
    # Leak detection is off, as in scripts/sanitizers.sh: LeakSanitizer cannot see a reference that Swift keeps in an
    # enum's spare pointer bits, so the selection tables that generated types build once (globals of GraphQLSelection
    # values) are reported as leaked. Memory errors are all checked, and -rss_limit_mb stops real growth.
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        "$out/fuzz-$target" -runs="$runs" -max_len=16384 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
            -print_final_stats=1 -artifact_prefix="$out/crashes/$target-" "$work" "$seed_folder"
done
echo "== fuzzing passed: ${targets[*]}, $runs runs each"
