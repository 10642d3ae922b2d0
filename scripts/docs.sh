#!/usr/bin/env bash
# Builds the DocC catalog of every library product with the toolchain's own `docc`, from the symbol graphs that
# `swift package dump-symbol-graph` writes for the library package (the configuration an Apple app builds; the
# SwiftNIO transports, in the `APICoreNIO` package, are named in plain text, not linked). Any documentation warning (a link that does not resolve, a curated symbol that does not exist, ...) fails it. The
# archives land in .build/docs/<Target>. No documentation plugin is involved, so the library's manifest declares none.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(
    APICoreGraphQL APICoreScalars APICoreJSON APICoreKit APICoreCache APICoreSQLite APICoreSwiftMetrics APICoreTesting
    APICoreTestMocks
    APICoreWebSocket APICoreCompiler APICoreCodegen APICoreDynamic
)
mkdir -p .build/docs
echo "== docs: symbol graphs"
swift package dump-symbol-graph --emit-extension-block-symbols \
    > .build/docs/symbol-graphs.log 2>&1 || { cat .build/docs/symbol-graphs.log >&2; exit 1; }
graphs="$(sed -n 's/^Files written to //p' .build/docs/symbol-graphs.log | tail -n 1)"
[ -d "$graphs" ] || graphs="$(find .build -type d -name symbolgraph | head -n 1)"
[ -d "$graphs" ] || { echo "error: dump-symbol-graph wrote no symbol graphs" >&2; exit 1; }

for target in "${targets[@]}"; do
    echo "== docs: $target"
    # The module's own graph and those of its extensions to other modules (Target@Other.symbols.json).
    own=".build/docs/graphs-$target"
    rm -rf "$own" && mkdir -p "$own"
    cp "$graphs/$target.symbols.json" "$own/"
    find "$graphs" -name "$target@*.symbols.json" -exec cp {} "$own/" \;
    status=0
    docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$own" \
        --fallback-display-name "$target" --fallback-bundle-identifier "com.apicorekit.$target" \
        --warnings-as-errors --output-path ".build/docs/$target" > .build/docs/log.txt 2>&1 || status=$?
    grep -v '^\[' .build/docs/log.txt || true
    if [ "$status" -ne 0 ]; then
        echo "error: the documentation of $target has warnings or errors (above)" >&2
        exit 1
    fi
done
