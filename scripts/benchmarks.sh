#!/usr/bin/env bash
# Runs the release-mode benchmark and writes BENCHMARKS.md from it: the machine, the date, the table, the peak memory
# and what each baseline is; then what generated code costs an app against Apollo (scripts/measure-generated.sh),
# unless it only re-renders an earlier run.
#
#   scripts/benchmarks.sh [apicore-bench options, e.g. --iterations 20 --warmup 3]
#   scripts/benchmarks.sh --results FILE COMMIT DATE [options]   (re-renders the JSON lines of an earlier run)
#
# Needs python3 (graphql-core's environment is bootstrapped here) and the shared corpus beside the repository
# (../shared/corpus, or pass --corpus DIR).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Development/Benchmarks Package.swift || echo ' with uncommitted changes')"
date_utc="$(date -u '+%Y-%m-%d %H:%M UTC')"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
rerender=0
if [ "${1:-}" = "--results" ]; then
    rerender=1
    # Re-render a saved run: scripts/benchmarks.sh --results FILE COMMIT DATE [ARGUMENTS].
    cp "$2" "$results"
    commit="$3"
    date_utc="$4"
    shift 4
else
    scripts/bootstrap-python.sh oracle
    command=(swift run --package-path Development -c release apicore-bench --json "$@")
    echo "benchmarks: ${command[*]}" >&2
    "${command[@]}" | tee "$results"
fi

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
cores="$(nproc)"
memory_kb="$(sed -n 's/^MemTotal:[[:space:]]*\([0-9]*\) kB/\1/p' /proc/meminfo)"
os="$(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r) $(uname -m)"
swift_version="$(swift --version 2>&1 | head -n 1)"

export cpu cores memory_kb os swift_version date_utc commit
export arguments="${*:-}"
.venv-oracle/bin/python - "$results" >BENCHMARKS.md <<'PYTHON'
import json
import os
import sys

results = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]

# The targets of the speed issue, as bounds on the time ratio (ours / baseline).
targets = {
    "response.decode_normalize": 0.25,
    "cache.read_memory": 0.10,
    "cache.write_sqlite": 0.30,
    "cache.read_sqlite": 0.30,
    "cache.read_sqlite_concurrent": 0.65,
    "watch.fanout": 2.0,
    "cache.read_sqlite_large": 1.3,
    "compiler.github": 0.03,
    "http.query": 0.6,
    "http.query_16": 0.4,
    "http.query.vs_ahc": 1.15,
    "http.query_16.vs_ahc": 1.15,
}

# Bounds on the median itself, in milliseconds, for rows whose times are a latency rather than work.
absolute_targets = {
    "cache.pool_stall": 5.0,
    "codegen.scale": 200.0,
}


def duration(ms: float) -> str:
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 1:
        return f"{ms:.2f} ms"
    return f"{ms * 1000:.0f} µs"


env = os.environ
print("# Benchmarks")
print()
print(f"Measured {env['date_utc']} at commit {env['commit']} with "
      f"`swift run --package-path Development -c release apicore-bench --json{(' ' + env['arguments']) if env['arguments'] else ''}` "
      "(written by `scripts/benchmarks.sh`).")
print()
print(f"- CPU: {env['cpu']}, {env['cores']} cores available")
print(f"- Memory: {int(env['memory_kb']) / 1024 / 1024:.1f} GiB")
print(f"- OS: {env['os']}")
print(f"- Swift: {env['swift_version']}")
iterations = min((r["iterations"] for r in results if r["name"] != "http.soak"), default=0)
print(f"- {iterations} timed iterations per side after warm-up runs, more for the in-process scenarios of a few "
      "milliseconds: until each side's runs add up to half a second (the JSON lines' `iterations`). Those time one "
      "side, then the other: timed in alternation, each side's runs would pay for the other's caches and freed "
      "memory (`json.read` ran 3.5 times slower after each `JSONSerialization` run). The machine is shared, so "
      "expect noise.")
print()
print("The ratio is our median time over the baseline's median time in the same run: below 1 is faster. "
      "For `http.query*` throughput relative to `URLSession` is 1 / ratio.")
print()
print("| scenario | median | min | max | baseline median | ratio | target | |")
print("|---|---:|---:|---:|---:|---:|---:|---|")
for result in results:
    target = targets.get(result["name"])
    bound = absolute_targets.get(result["name"])
    if bound is not None:
        verdict = "meets" if result["median_ms"] <= bound else "misses"
        shown = f"median ≤ {duration(bound)}"
    else:
        verdict = "" if target is None else ("meets" if result["ratio"] <= target else "misses")
        shown = "" if target is None else f"≤ {target:.2f}"
    print(f"| `{result['name']}` | {duration(result['median_ms'])} | {duration(result['min_ms'])} | "
          f"{duration(result['max_ms'])} | {duration(result['baseline_median_ms'])} | {result['ratio']:.3f} | "
          f"{shown} | {verdict} |")
print()

for result in results:
    if "peak_rss_bytes" in result:
        mb = lambda value: f"{value / 1e6:.1f} MB"
        growth = result["peak_rss_bytes"] - result["startup_rss_bytes"]
        print("## Peak memory")
        print()
        print(f"`{result['name']}`, measured in a child process of the benchmark (VmHWM before reading the file and after one run). As `APIClient` does with a response body, the JSON is read and the bytes freed, then the data is decoded and normalized and the records are written to an in-memory cache:")
        print()
        print(f"- input file: {mb(result['input_bytes'])}")
        print(f"- peak resident set: {mb(result['peak_rss_bytes'])}, of which {mb(result['startup_rss_bytes'])} "
              f"before reading the file; growth {mb(growth)} = "
              f"{growth / result['input_bytes']:.1f} bytes per input byte")
        if "input_held_peak_rss_bytes" in result:
            held = result["input_held_peak_rss_bytes"] - result["input_held_startup_rss_bytes"]
            print(f"- the same with the file's bytes held throughout (a caller that keeps the body): growth {mb(held)} = "
                  f"{held / result['input_bytes']:.1f} bytes per input byte")
        baseline_growth = result["baseline_peak_rss_bytes"] - result["baseline_startup_rss_bytes"]
        print(f"- JSONSerialization alone on the same file: peak {mb(result['baseline_peak_rss_bytes'])}, "
              f"growth {mb(baseline_growth)} = {baseline_growth / result['input_bytes']:.1f} bytes per input byte")
        print()

for result in results:
    if "rss_growth_per_request_bytes" in result:
        mb = lambda value: f"{value / 1e6:.1f} MB"
        print("## Memory kept per request")
        print()
        print(f"`{result['name']}`: in child processes, the resident set after a quarter of the queries and after all "
              "of them (10,000 and 40,000 by default), 16 at a time:")
        print()
        print(f"- `APIClient` on the default transport: {mb(result['rss_after_10k_bytes'])}, then "
              f"{mb(result['rss_after_40k_bytes'])}: {result['rss_growth_per_request_bytes']:.0f} bytes per request")
        print(f"- `APIClient` on `URLSessionTransport`: "
              f"{result['urlsession_transport_rss_growth_per_request_bytes']:.0f} bytes per request")
        print(f"- a bare `URLSession`: {result['baseline_rss_growth_per_request_bytes']:.0f} bytes per request")
        print()

print("## Reading the figures")
print()
print("- Foundation's `JSONSerialization` on Linux (swift-corelibs-foundation) is a slow floor: it builds NSDictionary "
      "and NSString objects. The response and cache ratios would be higher against Apple's implementation.")
print("- `http.query*` run `APIClient` on the platform's transport (AsyncHTTPClient on Linux) against a bare "
      "`URLSession` and, in the `.vs_ahc` rows, a bare AsyncHTTPClient. A query one at a time is a chain of threads "
      "handing work on (the caller's pool thread, the client's event loop, the server's), so its time follows the "
      "instructions run along that chain (callgrind, the in-process server included, counts them) and the wake-ups "
      "between them. `APIClient` runs a task per call, the call's own, so that cancelling by name or by time limit "
      "reaches it; the time limits of all calls share one timer (`DeadlineTimer`). A client the transport makes has "
      "no tracer unless one is configured or bootstrapped, so AsyncHTTPClient builds no span attributes for it; the "
      "bare AsyncHTTPClient keeps the default no-op tracer. The two sides are timed in alternation, but these ratios "
      "still move by a few hundredths from run to run here, so compare several runs before reading one. "
      "`--profile-side ours` (or `baseline`) runs one side in both slots, for `perf` or callgrind on one client alone.")
print("- `http.soak`: until the client had one deadline timer, every call kept about 730 bytes until its time "
      "limit (60 s by default) would have passed: its own `Task.sleep`, whose wake-up stays registered with the "
      "Dispatch-based global executor when the sleep is cancelled. A `URLSession` keeps some memory per request of "
      "its own, which the bare `URLSession` row shows.")
print("- The response and cache rows are profiled with callgrind (`valgrind --tool=callgrind`, instruction counts) "
      "on a copy of the release binary stripped of debug information (`objcopy --strip-debug`), which the valgrind "
      "of Debian 12 needs; the executable has a synchronous `main` for the same reason. Run it with "
      "`SWIFT_DETERMINISTIC_HASHING=1`: with a random hash seed per process, dictionaries probe differently from run "
      "to run and the counts move by a few percent. `--toggle-collect` on the measured function (the read, the "
      "publish, `GitHubResponse.decodeAndNormalize`) leaves the baseline out.")
print("- Peak memory: the `--peak-memory-child` stages `json`, `decode` and `records` stop after each step with the "
      "file's bytes held (on the x25 response, 2.6 bytes per input byte after reading, 2.7 after decoding, 3.7 after "
      "normalizing); of the 2.6, 1.0 is the input and about 0.9 the strings' own bytes and headers (one allocation per "
      "string longer than 15 bytes). A record's fields are two arrays, the names shared by the records of one "
      "selection set. `APIClient` frees a body once it has read it, which the headline figure follows.")
print("- `cache.read_sqlite_concurrent` and `cache.pool_stall` read through `CacheStore.load`, which runs each read on "
      "one of the SQLite pool's reader connections, on one of the threads the SQLite caches read on (one per core): "
      "the 8 loads run two at a time on the 2 cores (at best half the time of one after another), and no thread of "
      "Swift's concurrency pool waits on them. What is left of the stall is the ticker's thread sharing the 2 cores "
      "with the 2 read threads; with a thread per load (GRDB's queues, 8 readers) it was 6.9 ms. Before the store's "
      "reads left its lock (2026-11-28) the 8 loads took 1.06-1.10 times the sequential ones and the ticker was late "
      "by 115-127 ms at the 99th percentile.")
print("- `watch.fanout`: the write finds the one affected watcher through the store's index from field to watcher; "
      "before the index, every write sorted all 10,000 watcher ids and tested each one's dependencies.")
print("- `codegen.github` has no target: it generates and writes Swift for every operation, which graphql-core's "
      "build and validate do not. `codegen.scale` has a bound on its median instead (200 ms, on a quiet machine): "
      "an app of Kickstarter's size regenerates within a build step nobody waits for. The files are rendered, and "
      "the keyed operations checked, on all the machine's cores (here 2). Its ratio compares it with "
      "graphql-core's front end on the same inputs, for scale: Apollo Kotlin 5.1's compiler step takes 226 ms for "
      "a 3.9 MB schema and 139 operations, JVM warm.")
print()
print("## What each scenario and baseline is")
print()
for result in results:
    print(f"- `{result['name']}`: {result['workload']}. Baseline: {result['baseline']}.")
PYTHON
if [ "$rerender" = 0 ]; then
    echo "benchmarks: scripts/measure-generated.sh --runs 3" >&2
    {
        echo
        echo "## What generated code costs an app"
        echo
        echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') at commit $commit with \`scripts/measure-generated.sh --runs 3\`"
        echo "(medians of 3 runs). Apollo's figures are fixed numbers the script carries, measured on an AMD EPYC machine:"
        echo "sizes compare on any machine, compile times only on that kind."
        echo
        scripts/measure-generated.sh --runs 3
    } >>BENCHMARKS.md
fi
echo "benchmarks: wrote BENCHMARKS.md" >&2
