#!/usr/bin/env bash
# Creates a Python virtual environment of the repository and installs its pinned requirements into it.
#
#   scripts/bootstrap-python.sh [servers|oracle]
#
#   servers (the default)  <repo>/.venv from Development/Tests/ReferenceServers/requirements.txt: the reference servers
#   oracle                 <repo>/.venv-oracle from Development/Tests/Oracle/requirements.txt: graphql-core 3.2.8, the
#                          validation oracle of the compiler's differential tests and benchmarks
#
# A stamp file records the SHA-256 of requirements.txt; when it matches, the script does nothing, so the test
# suite can call it before every run. Works from any current directory.
set -euo pipefail

say() { printf 'bootstrap-python: %s\n' "$*"; }
fail() {
    printf 'bootstrap-python: FAILED: %s\n' "$*" >&2
    exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
environment="${1:-servers}"
case "$environment" in
servers)
    requirements="$root/Development/Tests/ReferenceServers/requirements.txt"
    venv="$root/.venv"
    stamp="$venv/.reference-servers-stamp"
    import_check='import ariadne, strawberry, starlette, uvicorn, hypercorn, proxy'
    ;;
oracle)
    requirements="$root/Development/Tests/Oracle/requirements.txt"
    venv="$root/.venv-oracle"
    stamp="$venv/.oracle-stamp"
    import_check='import graphql; assert graphql.__version__ == "3.2.8", graphql.__version__'
    ;;
*) fail "unknown environment '$environment' (expected servers or oracle)" ;;
esac

[ -f "$requirements" ] || fail "missing $requirements"

digest() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    else
        shasum -a 256 "$1" | cut -d' ' -f1
    fi
}

wanted="$(digest "$requirements")"
is_current() { [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; }

if is_current; then
    say "up to date ($venv)"
    exit 0
fi

mkdir -p "$venv"
# Serialise concurrent runs (two test processes starting at once); flock is absent on macOS, where we go unlocked.
if command -v flock >/dev/null 2>&1; then
    exec 9>"$venv/.bootstrap.lock"
    flock 9
    if is_current; then
        say "up to date ($venv), installed by a concurrent run"
        exit 0
    fi
fi

rm -f "$stamp"
command -v python3 >/dev/null 2>&1 || fail "python3 is not on PATH"
if [ ! -x "$venv/bin/python" ]; then
    say "creating virtual environment $venv with $(python3 --version 2>&1)"
    python3 -m venv "$venv" || fail "python3 -m venv $venv"
fi

say "installing $requirements"
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet -r "$requirements" \
    || fail "pip install -r $requirements"
"$venv/bin/python" -c "$import_check" \
    || fail "the installed packages do not import"

printf '%s\n' "$wanted" >"$stamp"
say "done ($venv)"
