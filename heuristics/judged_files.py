"""Reading score files for `eqscore agree`: our output, LLM-judge or human files, and the child compare format.

Every problem names the file and line: duplicate ids, non-numeric scores, unknown dimensions, mixed rubrics."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import jsonl


class ScoreFileError(ValueError):
    pass


@dataclass
class Rated:
    """One rater's view of one item."""

    total: float
    dims: dict[str, float] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    evidence: list[dict] = field(default_factory=list)  # our flags' spans, for the report
    text: str = ""


@dataclass
class ScoreFile:
    name: str
    rubric: str | None
    items: dict[str, Rated]


def _number(value, where: str, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScoreFileError(f"{where}: {what} is not a number: {value!r}")
    return float(value)


def _flags(value, where: str) -> tuple[set[str], list[dict]]:
    if value is None:
        return set(), []
    if not isinstance(value, list):
        raise ScoreFileError(f"{where}: flags must be a list of codes or flag objects")
    codes, spans = set(), []
    for f in value:
        if isinstance(f, str):
            codes.add(f)
        elif isinstance(f, dict) and isinstance(f.get("code"), str):
            codes.add(f["code"])
            spans.append(f)
        else:
            raise ScoreFileError(f"{where}: a flag must be a code or an object with \"code\"")
    return codes, spans


def _rated(obj: dict, where: str, dim_keys: set[str] | None) -> Rated:
    if "total" not in obj:
        raise ScoreFileError(f"{where}: missing \"total\"")
    total = _number(obj["total"], where, "total")
    if not 0 <= total <= 100:
        raise ScoreFileError(f"{where}: total {total:g} is outside 0..100")
    dims: dict[str, float] = {}
    if isinstance(obj.get("dims"), dict):
        dims = {k: _number(v, where, f"dims.{k}") for k, v in obj["dims"].items()}
    elif isinstance(obj.get("dimensions"), dict):
        for k, v in obj["dimensions"].items():
            score = v.get("score") if isinstance(v, dict) else v
            dims[k] = _number(score, where, f"dimensions.{k}.score")
    if dim_keys is not None:
        unknown = set(dims) - dim_keys
        if unknown:
            raise ScoreFileError(f"{where}: dimensions {sorted(unknown)} are not in the rubric")
    codes, spans = _flags(obj.get("flags"), where)
    if isinstance(obj.get("dimensions"), dict):  # our own output: keep the evidence spans for the report
        for v in obj["dimensions"].values():
            for ev in (v.get("evidence") or []) if isinstance(v, dict) else []:
                if isinstance(ev, dict) and "signal" in ev and ev not in spans:
                    spans.append(ev | {"code": ev["signal"]})
    return Rated(total, dims, codes, spans)


def read(path: Path, dim_keys: set[str] | None = None) -> ScoreFile:
    """One score file. Child compare lines become two items, "<id>#model1" and "<id>#model2"."""
    items: dict[str, Rated] = {}
    rubrics: set[str] = set()
    for where, obj in jsonl.objects(path, ScoreFileError):
        if "id" not in obj:
            raise ScoreFileError(f"{where}: each line must be an object with an \"id\"")
        if "error" in obj and "total" not in obj and "score_model1" not in obj:
            continue  # an error record of ours: reported as missing, not scored
        rid = str(obj["id"])
        entries: list[tuple[str, Rated]] = []
        if "score_model1" in obj or "model1" in obj:
            for m in ("model1", "model2"):
                sub = obj.get(m) if isinstance(obj.get(m), dict) else {}
                if f"score_{m}" in obj:
                    sub = dict(sub) | {"total": obj[f"score_{m}"]}
                if isinstance(sub.get("rubric"), str):
                    rubrics.add(sub["rubric"])
                entries.append((f"{rid}#{m}", _rated(sub, where, dim_keys)))
        else:
            if isinstance(obj.get("rubric"), str):
                rubrics.add(obj["rubric"])
            entries.append((rid, _rated(obj, where, dim_keys)))
        for key, rated in entries:
            if key in items:
                raise ScoreFileError(f"{where}: duplicate id {key!r}")
            items[key] = rated
    if len(rubrics) > 1:
        raise ScoreFileError(f"{path}: mixes rubrics {sorted(rubrics)}")
    return ScoreFile(path.name, next(iter(rubrics), None), items)
