"""Reading JSON Lines files whose every problem must name the file and line (label, judge, scenario files)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path


def objects(path: Path, error: type[Exception]) -> Iterator[tuple[str, dict]]:
    """(where, object) for each non-blank line; a missing file, bad UTF-8, bad JSON or a non-object raises
    `error` with "<file>:<line>: reason"."""
    if not path.is_file():
        raise error(f"{path}: file not found")
    for lineno, raw in enumerate(path.read_bytes().splitlines(), start=1):
        if not raw.strip():
            continue
        where = f"{path}:{lineno}"
        try:
            obj = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise error(f"{where}: not UTF-8") from None
        except json.JSONDecodeError as exc:
            raise error(f"{where}: invalid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise error(f"{where}: each line must be a JSON object")
        yield where, obj
