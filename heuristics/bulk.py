"""JSON Lines in, JSON Lines out, one output line per input line, in order, never aborting midway.

A line that cannot be scored (not UTF-8, not JSON, wrong fields, too long) becomes an error record
{"id", "error": {"line", "reason"}}; the counts let the CLI exit non-zero with a one-line summary."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from pydantic import BaseModel

from .schemas import ErrorDetail, ErrorRecord
from .scorer import InputError


@dataclass
class Tally:
    lines: int = 0
    failed: int = 0
    first_error: str = ""
    reasons: list[str] = field(default_factory=list)


def _parse(raw: bytes, lineno: int) -> tuple[dict | None, ErrorRecord | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, ErrorRecord(error=ErrorDetail(line=lineno, reason=f"not UTF-8: byte {exc.start} is invalid"))
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"invalid JSON: {exc.msg} at column {exc.colno}"
        return None, ErrorRecord(error=ErrorDetail(line=lineno, reason=reason))
    if not isinstance(obj, dict):
        return None, ErrorRecord(error=ErrorDetail(line=lineno, reason="each line must be a JSON object"))
    return obj, None


def run(lines: Iterable[bytes], score: Callable[[dict], BaseModel], tally: Tally) -> Iterator[str]:
    """Score each non-blank line with `score`; yield one JSON string per line."""
    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue  # blank lines carry no record
        tally.lines += 1
        obj, error = _parse(raw.rstrip(b"\r\n"), lineno)
        if obj is not None:
            rid = obj.get("id") if isinstance(obj.get("id"), str | int) else None
            try:
                result = score(obj)
            except InputError as exc:
                error = ErrorRecord(id=rid, error=ErrorDetail(line=lineno, reason=str(exc)))
            except Exception as exc:  # a scorer bug must not lose the rest of the file
                error = ErrorRecord(id=rid, error=ErrorDetail(line=lineno,
                                                              reason=f"internal error: {type(exc).__name__}: {exc}"))
            else:
                yield dumps(result)
                continue
        tally.failed += 1
        if not tally.first_error:
            tally.first_error = f"line {lineno}: {error.error.reason}"
        yield dumps(error)


def dumps(model: BaseModel) -> str:
    return json.dumps(model.model_dump(mode="json"), ensure_ascii=False)
