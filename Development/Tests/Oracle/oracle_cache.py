"""Keeping a script's output in a folder under a digest of everything it depends on."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable, Iterable, List, Tuple

import graphql


def digest(prefix: str, arguments: List[str], inputs: Iterable[Path], base: Path) -> str:
    """A name for the output: `prefix-<digest>` of graphql-core's version, the arguments, these scripts, the inputs."""
    hasher = hashlib.sha256()
    hasher.update(graphql.__version__.encode())
    hasher.update("\0".join(arguments).encode())
    for script in sorted(Path(__file__).parent.glob("*.py")):
        hasher.update(script.name.encode() + script.read_bytes())
    for path in inputs:
        hasher.update(path.relative_to(base).as_posix().encode() + path.read_bytes())
    return f"{prefix}-{hasher.hexdigest()[:32]}"


def cached(folder: Path, name: str, produce: Callable[[], Tuple[str, str]]) -> Tuple[str, str]:
    """The (output, summary) kept in `folder` under `name`, produced and kept there first when missing."""
    output_path, summary_path = folder / f"{name}.jsonl", folder / f"{name}.summary"
    if output_path.exists() and summary_path.exists():
        return output_path.read_text(encoding="utf-8"), summary_path.read_text(encoding="utf-8")
    produced = produce()
    folder.mkdir(parents=True, exist_ok=True)
    prefix = name.rsplit("-", 1)[0]
    for stale in folder.glob(f"{prefix}-*"):  # outputs of older inputs
        stale.unlink(missing_ok=True)
    for path, text in zip((output_path, summary_path), produced):
        temporary = path.with_name(f"{path.name}.{os.getpid()}")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    return produced
