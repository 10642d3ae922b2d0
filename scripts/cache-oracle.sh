#!/usr/bin/env bash
# The cache's differential oracle at length: CacheOracleTests with 5,000 generated queries on each of its two schemas
# (the demo's and GitHub's), 10,000 in all, against the oracle server (graphql-core, oracle_app.py). The test suite
# runs the same tests with 150 queries each.
#
# Usage: scripts/cache-oracle.sh [--operations N] [--seed S]
#   --operations N   queries per schema (5000)
#   --seed S         the seed of the queries and of the server's object graph (20261129)
set -euo pipefail
cd "$(dirname "$0")/.."

operations=5000
seed=20261129
while [ $# -gt 0 ]; do
    case "$1" in
        --operations) operations="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        *) echo "usage: $0 [--operations N] [--seed S]" >&2; exit 2 ;;
    esac
done

export CI="${CI:-true}"
swift build --package-path Development --build-tests
start=$(date +%s)
APICORE_ORACLE_OPERATIONS="$operations" APICORE_ORACLE_SEED="$seed" \
    swift test --package-path Development --skip-build --filter CacheOracleTests
echo "cache oracle: $operations queries on each of 2 schemas, seed $seed, passed in $(( $(date +%s) - start )) s"
