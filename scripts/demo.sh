#!/usr/bin/env bash
# Starts the bundled reference GraphQL server on a free loopback port, runs `apicore query` against it, and stops the
# server. Until the demo app exists, this is the project's main job.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

scripts/bootstrap-python.sh
swift build --product apicore

log="$(mktemp)"
.venv/bin/python Tests/ReferenceServers/strawberry_app.py --port 0 --parent-pid $$ >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT

port=""
for _ in $(seq 1 300); do
    port="$(sed -n 's/^LISTENING \([0-9]*\)$/\1/p' "$log" | head -n 1)"
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "the reference server exited" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { cat "$log" >&2; echo "the reference server did not start" >&2; exit 1; }

echo "reference server on http://127.0.0.1:$port/graphql"
set -x
"$(swift build --show-bin-path)/apicore" query \
    --endpoint "http://127.0.0.1:$port/graphql" \
    --document Examples/Queries/UserDetails.graphql \
    --variables '{"id": "1"}'
