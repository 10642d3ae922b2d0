#!/usr/bin/env python3
"""Fails when the library, the build plugin or its tool use an API newer than the declared deployment targets.

On Linux the compiler checks no Apple availability, so code that compiles here can fail to build for an app with the
package's own deployment targets (iOS 17, macOS 14, tvOS 17, watchOS 10). This guard reads the targets from the root
`Package.swift`, then looks in `Sources/`, `Plugins/` and `APICoreNIO/Sources/` for each API of the list below used outside an `if #available`,
`guard #available` or `@available` that covers it.

Where an API's availability comes from:
- standard library, `_Concurrency`, `Synchronization` and `Observation` APIs: the toolchain's own `.swiftinterface`
  files, which carry Apple's `@available` attributes on Linux too. The list names the declaration to look for; the
  guard reads the versions from the interface on every run and fails when the declaration is not found, so the list
  cannot drift from the toolchain.
- Foundation APIs: Foundation ships no interface on Linux, so the versions are written here, each with the Apple
  documentation page that states them.

It also fails on a platform choice made with `canImport` of a module that only Linux builds link
(`#if canImport(AsyncHTTPClient)` is true on a Mac whose build folder holds the module for another target): platform
choices say `os(...)`.

Usage: availability-guard.py [--root DIR]   (exit status 1 and one line per finding when something is wrong)
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys
from dataclasses import dataclass, field

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS")

# Modules that only the Linux graph links (the `APICoreNIO` package's, and `os(Linux)` in Package.swift).
LINUX_ONLY_MODULES = (
    "AsyncHTTPClient", "WSClient", "WSCore", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL", "NIOFoundationCompat",
    "NIOWebSocket", "Tracing", "Instrumentation",
)


@dataclass
class API:
    """One API with a minimum Apple version: how code uses it, and where its availability comes from."""

    name: str
    usage: str  # a regular expression matched against code (comments and string literals removed)
    module: str | None = None  # the toolchain module whose interface declares it
    declaration: str | None = None  # a regular expression for its declaration in that interface
    versions: dict[str, tuple[int, ...]] = field(default_factory=dict)  # for APIs without an interface
    source: str = ""  # where `versions` come from, for APIs without an interface


APIS = [
    API("String(validating:as:)", r"\bString\s*\(\s*validating\s*:", "Swift",
        r"public init\?<Encoding>\(validating codeUnits: some Swift\.Sequence<Encoding\.CodeUnit>|"
        r"public init\?<Encoding>\(validating codeUnits: some Sequence<Encoding\.CodeUnit>"),
    API("Mutex", r"\bMutex\s*[<(]", "Synchronization", r"public struct Mutex<Value>"),
    API("Atomic", r"\bAtomic\s*[<(]", "Synchronization", r"public struct Atomic<Value>"),
    API("Span", r"\bSpan\s*<", "Swift", r"public struct Span<Element>"),
    API("RawSpan", r"\bRawSpan\b", "Swift", r"public struct RawSpan\b"),
    API("MutableSpan", r"\bMutableSpan\s*<", "Swift", r"public struct MutableSpan<Element>"),
    API("MutableRawSpan", r"\bMutableRawSpan\b", "Swift", r"public struct MutableRawSpan\b"),
    API("OutputSpan", r"\bOutputSpan\s*<", "Swift", r"public struct OutputSpan<Element>"),
    API("UTF8Span", r"\bUTF8Span\b|\.utf8Span\b", "Swift", r"public struct UTF8Span\b"),
    API("InlineArray", r"\bInlineArray\s*<|\[\s*\d+\s+of\s+\w", "Swift", r"public struct InlineArray<"),
    API("RangeSet", r"\bRangeSet\s*[<(]", "Swift", r"public struct RangeSet<Bound>"),
    API("Int128", r"\bInt128\b", "Swift", r"public struct Int128\b"),
    API("UInt128", r"\bUInt128\b", "Swift", r"public struct UInt128\b"),
    API("Task(name:)", r"\bTask(\.detached)?\s*\(\s*name\s*:", "_Concurrency",
        r"public init\(name: Swift\.String\? = nil, priority: _Concurrency\.TaskPriority\? = nil, "
        r"@_inheritActorContext"),
    API("Task.immediate", r"\bTask\s*\.\s*immediate(Detached)?\b", "_Concurrency", r"public static func immediate\("),
    API("task executor preference", r"\bwithTaskExecutorPreference\b|\bexecutorPreference\s*:", "_Concurrency",
        r"public func withTaskExecutorPreference<"),
    API("Observations", r"\bObservations\s*[{(<]", "Observation", r"public struct Observations<Element, Failure>"),
    API("#Expression", r"#Expression\b|\bExpression\s*<",
        versions={"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,)},
        source="developer.apple.com/documentation/foundation/expression"),
    API("Calendar.RecurrenceRule", r"\bRecurrenceRule\b",
        versions={"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,)},
        source="developer.apple.com/documentation/foundation/calendar/recurrencerule"),
    API("DiscreteFormatStyle", r"\bDiscreteFormatStyle\b",
        versions={"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,)},
        source="developer.apple.com/documentation/foundation/discreteformatstyle"),
]


def version(text: str) -> tuple[int, ...]:
    """`15`, `15.0` and `15.0.0` alike, so that they compare equal."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def show(value: tuple[int, ...]) -> str:
    parts = list(value)
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(part) for part in parts)


def interface_path(module: str) -> str:
    """The toolchain's interface of `module`, found next to the running `swift`."""
    swift = next((os.path.join(d, "swift") for d in os.environ.get("PATH", "").split(os.pathsep)
                  if os.path.isfile(os.path.join(d, "swift"))), None)
    if swift is None:
        raise SystemExit("availability guard: no `swift` on PATH to find the toolchain's interfaces")
    lib = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift")
    matches = [p for p in glob.glob(os.path.join(lib, "*", f"{module}.swiftmodule", "*.swiftinterface"))
               if not p.endswith(".private.swiftinterface")]
    if not matches:
        raise SystemExit(f"availability guard: no interface of {module} under {lib}")
    return sorted(matches)[0]


def interface_versions(api: API, cache: dict[str, list[str]]) -> tuple[dict[str, tuple[int, ...]], str]:
    """The Apple versions of `api`'s declaration, from the `@available` attribute right above it."""
    path = interface_path(api.module)
    lines = cache.setdefault(path, open(path, encoding="utf-8").read().splitlines())
    pattern = re.compile(api.declaration)
    for number, line in enumerate(lines):
        if not pattern.search(line):
            continue
        for above in reversed(lines[max(0, number - 4):number]):
            found = dict(re.findall(r"\b(macOS|iOS|tvOS|watchOS) (\d+(?:\.\d+)*)", above))
            if "@available(" in above and found:
                return {p: version(v) for p, v in found.items() if p in PLATFORMS}, f"{path}:{number + 1}"
        return {}, f"{path}:{number + 1}"
    raise SystemExit(f"availability guard: the declaration of {api.name} is not in {path}; update the list")


def deployment_targets(root: str) -> dict[str, tuple[int, ...]]:
    manifest = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    targets = {p: version(v.replace("_", ".")) for p, v in re.findall(r"\.(macOS|iOS|tvOS|watchOS)\(\.v([\d_]+)\)",
                                                                       manifest)}
    missing = [p for p in PLATFORMS if p not in targets]
    if missing:
        raise SystemExit(f"availability guard: Package.swift declares no target for {', '.join(missing)}")
    return targets


def code_lines(text: str) -> list[str]:
    """Each line's code, with comments and the contents of string literals blanked out (line numbers kept)."""
    out, line, i, state, depth = [], [], 0, "code", 0
    while i < len(text):
        c, rest = text[i], text[i:i + 3]
        if c == "\n":
            out.append("".join(line))
            line = []
            if state == "line-comment":
                state = "code"
            i += 1
            continue
        if state == "code":
            if text.startswith("//", i):
                state = "line-comment"
            elif text.startswith("/*", i):
                state, depth = "block-comment", 1
                i += 2
                continue
            elif rest == '"""':
                state = "multiline-string"
                line.append('"""')
                i += 3
                continue
            elif c == '"':
                state = "string"
                line.append('"')
            else:
                line.append(c)
        elif state == "block-comment":
            if text.startswith("/*", i):
                depth += 1
                i += 1
            elif text.startswith("*/", i):
                depth -= 1
                i += 1
                if depth == 0:
                    state = "code"
        elif state == "string":
            if c == "\\":
                i += 2
                continue
            if c == '"':
                state = "code"
                line.append('"')
        elif state == "multiline-string":
            if c == "\\":
                i += 2
                continue
            if rest == '"""':
                state = "code"
                line.append('"""')
                i += 3
                continue
        i += 1
    out.append("".join(line))
    return out


AVAILABILITY = re.compile(r"(@available|#available)\s*\(([^)]*)\)")


def declared_versions(code: str) -> dict[str, tuple[int, ...]] | None:
    """The versions an `@available(...)` or `#available(...)` on this line guarantees, if it has one."""
    found = None
    for _, arguments in AVAILABILITY.findall(code):
        pairs = re.findall(r"\b(macOS|iOS|tvOS|watchOS)\s+(\d+(?:\.\d+)*)", arguments)
        if pairs:
            found = {**(found or {}), **{p: version(v) for p, v in pairs}}
    return found


def check_file(path: str, targets, requirements) -> list[str]:
    problems = []
    lines = code_lines(open(path, encoding="utf-8").read())
    # Each open brace's scope, with the versions it guarantees.
    scopes: list[dict[str, tuple[int, ...]]] = [dict(targets)]
    pending: dict[str, tuple[int, ...]] | None = None
    for number, code in enumerate(lines, start=1):
        stripped = code.strip()
        for keyword, module in re.findall(r"#(if|elseif)\s+.*?canImport\((\w+)\)", stripped):
            if module in LINUX_ONLY_MODULES:
                problems.append(
                    f"{path}:{number}: a platform choice by canImport({module}), a module only Linux links: "
                    "say os(...)")
        declared = declared_versions(code)
        if declared is not None and re.search(r"\bguard\b", code):
            # `guard #available(...) else { return }`: the rest of the enclosing scope has them.
            scopes[-1] = {p: max(v, declared.get(p, v)) for p, v in scopes[-1].items()}
        elif declared is not None:
            pending = declared
        current = dict(scopes[-1])
        if pending is not None and "{" in code:
            current = {p: max(v, pending.get(p, v)) for p, v in current.items()}
        for api, needed in requirements:
            if not re.search(api.usage, code):
                continue
            short = [p for p, v in needed.items() if p in current and v > current[p]]
            if short:
                wants = ", ".join(f"{p} {show(needed[p])}" for p in short)
                has = ", ".join(f"{p} {show(current[p])}" for p in short)
                problems.append(f"{path}:{number}: {api.name} needs {wants}; this code runs on {has}")
        for character in code:
            if character == "{":
                opened = dict(scopes[-1])
                if pending is not None:
                    opened = {p: max(v, pending.get(p, v)) for p, v in opened.items()}
                    pending = None
                scopes.append(opened)
            elif character == "}" and len(scopes) > 1:
                scopes.pop()
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--list", action="store_true", help="print each API's versions and their source")
    arguments = parser.parse_args()

    targets = deployment_targets(arguments.root)
    cache: dict[str, list[str]] = {}
    requirements = []
    for api in APIS:
        if api.module:
            versions, source = interface_versions(api, cache)
        else:
            versions, source = api.versions, api.source
        requirements.append((api, versions))
        if arguments.list:
            shown = ", ".join(f"{p} {show(v)}" for p, v in sorted(versions.items())) or "every version"
            print(f"{api.name}: {shown} ({source})")

    problems = []
    for folder in ("Sources", "Plugins", "APICoreNIO/Sources"):
        for path in sorted(glob.glob(os.path.join(arguments.root, folder, "**", "*.swift"), recursive=True)):
            problems += check_file(path, targets, requirements)
    for problem in problems:
        print(os.path.relpath(problem, arguments.root) if problem.startswith("/") else problem)
    if problems:
        shown = ", ".join(f"{p} {show(v)}" for p, v in targets.items())
        print(f"availability guard: {len(problems)} finding(s) against the deployment targets ({shown})")
        return 1
    print(f"availability guard: {len(APIS)} APIs checked in Sources, Plugins and APICoreNIO/Sources; none used beyond the targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
