#!/usr/bin/env bash
# Builds the DocC catalog of every library product with swift-docc-plugin; any documentation warning (a link that
# does not resolve, a curated symbol that does not exist, ...) fails it. The archives land in .build/docs/<Target>.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(
    APICoreGraphQL APICoreKit APICoreCache APICoreSQLite APICoreSwiftMetrics APICoreTesting APICoreTestMocks
    APICoreWebSocket APICoreCompiler APICoreCodegen
)
mkdir -p .build/docs
for target in "${targets[@]}"; do
    echo "== docs: $target"
    status=0
    swift package --allow-writing-to-directory .build/docs generate-documentation --target "$target" \
        --warnings-as-errors --output-path ".build/docs/$target" > .build/docs/log.txt 2>&1 || status=$?
    grep -v '^\[' .build/docs/log.txt || true
    if [ "$status" -ne 0 ]; then
        echo "error: the documentation of $target has warnings or errors (above)" >&2
        exit 1
    fi
done
