#!/usr/bin/env bash
# Runs the whole test suite (the README's test command, with CI's environment) several times in a row while a CPU hog
# keeps every core busy, and fails on the first failing pass: the suite must not depend on an idle machine. Prints
# each pass's time and the load average seen during it.
#
#   scripts/loaded-suite.sh [--passes N] [--hogs N]     (default: 3 passes, one hog per core)
#
# The hogs are plain busy loops at normal priority, as another build or test job on a shared machine would be; each
# ends by itself once this script is gone, however it ended. The suite is built once first, without the hogs. The
# tests that build packages of their own are left out (as in scripts/sanitizers.sh): their child builds run at the
# lowest priority, which busy loops at normal priority would starve for hours. Linux only (it reads /proc/loadavg).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

passes=3
hogs=$(getconf _NPROCESSORS_ONLN)
while [ $# -gt 0 ]; do
    case "$1" in
    --passes) passes="$2"; shift 2 ;;
    --hogs) hogs="$2"; shift 2 ;;
    *) echo "usage: scripts/loaded-suite.sh [--passes N] [--hogs N]" >&2; exit 2 ;;
    esac
done

export CI="${CI:-true}"
export APICORE_STRICT=1
export APICORE_BUILD_FIXTURES=0

echo "== building the suite (no load)"
swift build --package-path Development --build-tests

hog_pids=()
stop_hogs() {
    for pid in ${hog_pids[@]+"${hog_pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    hog_pids=()
}
trap stop_hogs EXIT
echo "== starting $hogs CPU hog(s)"
script_pid=$$
for _ in $(seq "$hogs"); do
    # Spins while this script lives, so that a hog never outlives it, even after a SIGKILL.
    (while kill -0 "$script_pid" 2>/dev/null; do :; done) &
    hog_pids+=("$!")
done

log="$root/.build/loaded-suite"
mkdir -p "$log"
for pass in $(seq "$passes"); do
    echo "== pass $pass of $passes (load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
    start=$(date +%s)
    if ! swift test --package-path Development --skip-build > "$log/pass-$pass.log" 2>&1; then
        grep -E '✘|error:' "$log/pass-$pass.log" | head -40 >&2 || true
        echo "error: pass $pass failed under load; its output is in $log/pass-$pass.log" >&2
        exit 1
    fi
    summary=$(grep -E 'Test run with' "$log/pass-$pass.log" | tail -n 1 || true)
    echo "   $summary"
    echo "   $(($(date +%s) - start)) s, load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "== the suite passed $passes times in a row under $hogs CPU hog(s)"
