#!/usr/bin/env bash
# Builds and runs the whole test suite under ThreadSanitizer and AddressSanitizer, each in its own scratch path
# (Development/.build-tsan, Development/.build-asan) so that neither clobbers the other or the normal .build, with the environment of
# .ci/run. Fails on a failing test and on any sanitizer report, including one from a child process
# the tests start (apicore, apicore-demo, apicore-bench, the SQLite crash writer are built sanitized too).
#
#   scripts/sanitizers.sh [thread|address]...     (default: both, thread first)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

sanitizers=()
for argument in "$@"; do
    case "$argument" in
    thread | address) sanitizers+=("$argument") ;;
    *) echo "usage: scripts/sanitizers.sh [thread|address]..." >&2; exit 2 ;;
    esac
done
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(thread address)

# The environment of .ci/run (reference servers that cannot start fail their tests, warnings are errors), except
# that the tests building a package of their own in a child `swift build` (the fixture package, the hostile names,
# the build plugin) stay in .ci/run's plain pass: the child compiler is not instrumented, so here they would only add
# three concurrent builds, whose load can starve the loopback servers of the tests beside them.
export CI="${CI:-true}"
export APICORE_STRICT=1
export APICORE_BUILD_FIXTURES=0
# At most two tests at a time. Instrumented code runs several times slower, and with every test started at once the
# CPU-bound ones (corpus parsing, seeded property loops) queue so much work on Swift's cooperative pool (two threads
# here) that a continuation of a live test waits past that test's time limit: calls to a server that answered at once
# failed as timed out (at four at a time, one cancellation test still waited 81 s). swift-testing reads this variable; a
# toolchain that does not know it runs them all at once.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=2

for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
    thread) scratch="$root/Development/.build-tsan" ;;
    address) scratch="$root/Development/.build-asan" ;;
    esac
    # Reports go to files, one per process that has one, so that a report of a child process is seen even when its
    # test only looks at the exit status, and never mixes into output a test compares.
    reports="$scratch/sanitizer-reports"
    rm -rf "$reports" && mkdir -p "$reports"
    preload=()
    case "$sanitizer" in
    thread)
        # The suppressions are reports of synchronization ThreadSanitizer cannot see, each explained in the file.
        export TSAN_OPTIONS="log_path=$reports/tsan suppressions=$root/scripts/tsan-suppressions.txt"
        # Synchronization.Mutex hands the lock over in uninstrumented toolchain code under contention; this
        # library reports those hand-overs to ThreadSanitizer (see the file for why and how). The package's own lock
        # is a pthread mutex, which ThreadSanitizer sees by itself; swift-async-algorithms (through Hummingbird, in
        # the test servers) still uses Mutex.
        clang -O2 -shared -fPIC -Wall -Werror -o "$scratch/tsan-mutex-annotations.so" \
            "$root/scripts/tsan-mutex-annotations.c"
        preload=(env "LD_PRELOAD=$scratch/tsan-mutex-annotations.so")
        ;;
    address)
        # LeakSanitizer (on by default on Linux) is off: it cannot see a reference that Swift stores with an enum's
        # case in the spare bits of the pointer (an indirect enum, a multi-payload enum), so it reports memory that
        # is still reachable as leaked. A global array of two indirect-enum values is enough to get a report; the
        # suite got hundreds from the compiler's built-in definitions and from GraphQL, swift-collections and
        # swift-log, which made every executable the tests run exit with a failure. Memory errors are all checked.
        export ASAN_OPTIONS="log_path=$reports/asan detect_leaks=0"
        ;;
    esac

    echo "== $sanitizer sanitizer: build ($scratch)"
    start=$SECONDS
    swift build --package-path Development --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
    built=$SECONDS
    echo "== $sanitizer sanitizer: tests"
    status=0
    "${preload[@]}" swift test --package-path Development --skip-build --sanitize="$sanitizer" \
        --scratch-path "$scratch" || status=$?
    echo "== $sanitizer sanitizer: build $((built - start)) s, tests $((SECONDS - built)) s"

    if [ -n "$(ls -A "$reports")" ]; then
        for report in "$reports"/*; do
            echo "== $sanitizer sanitizer report: $(basename "$report")" >&2
            cat "$report" >&2
        done
        echo "== $sanitizer sanitizer: FAILED, $(ls "$reports" | wc -l | tr -d ' ') process(es) reported" >&2
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        echo "== $sanitizer sanitizer: FAILED, swift test exited with status $status" >&2
        exit "$status"
    fi
    echo "== $sanitizer sanitizer: passed"
done
