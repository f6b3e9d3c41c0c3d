"""Rubrics as data: load a TOML rubric (built-in name or a path) and apply its rules after the heads.

The rules run last and in the rubric's own terms: cap a dimension, zero it (auto-fail), deduct points from
the total once per red-flag kind, cap the total (a band ceiling), or set it to 0 (auto-fail); then the band
is looked up."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .findings import Finding
from .resources import rubric_dir


class RubricError(ValueError):
    """An unknown rubric name or a malformed rubric file."""


@dataclass(frozen=True)
class Dimension:
    key: str
    name: str
    max: int
    base: float
    weights: dict[str, float]


@dataclass(frozen=True)
class Rule:
    flag: str
    dimension: str
    deduct: int = 0
    cap: dict[str, int] = field(default_factory=dict)
    zero: tuple[str, ...] = ()
    total_zero: bool = False
    total_cap: int | None = None

    @property
    def auto_fail(self) -> bool:
        return self.total_zero or bool(self.zero)


@dataclass(frozen=True)
class Band:
    name: str
    min: int


@dataclass(frozen=True)
class Rubric:
    name: str
    title: str
    input: str
    dimensions: tuple[Dimension, ...]
    rules: tuple[Rule, ...]
    bands: tuple[Band, ...]
    pass_threshold: float | None = None
    source: str = ""

    @property
    def flag_codes(self) -> tuple[str, ...]:
        return tuple(r.flag for r in self.rules)

    def rule(self, code: str) -> Rule | None:
        return next((r for r in self.rules if r.flag == code), None)

    def band(self, total: float) -> str:
        for band in sorted(self.bands, key=lambda b: -b.min):
            if total >= band.min:
                return band.name
        return self.bands[-1].name


@dataclass
class Applied:
    """The rubric's verdict on one reply: final dimension scores, flags with their points, total, band."""

    dimensions: dict[str, int]
    flags: list[tuple[Finding, int]]  # first finding of each flag kind, with the points it cost
    total: int
    band: str
    auto_fail: bool
    reasons: list[str]


def load(name_or_path: str | Path) -> Rubric:
    """A built-in rubric by name ("adult", "child") or a TOML file of the same shape."""
    path = Path(name_or_path)
    if not path.suffix:
        path = rubric_dir() / f"{name_or_path}.toml"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in rubric_dir().glob("*.toml")))
            raise RubricError(f"unknown rubric '{name_or_path}' (built in: {known}; or pass a .toml path)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        rubric = Rubric(
            name=data["name"], title=data.get("title", data["name"]), input=data["input"],
            dimensions=tuple(Dimension(d["key"], d["name"], int(d["max"]), float(d.get("base", 0.5)),
                                       {k: float(v) for k, v in d.get("weights", {}).items()})
                             for d in data["dimensions"]),
            rules=tuple(Rule(r["flag"], r.get("dimension", ""), int(r.get("deduct", 0)),
                             {k: int(v) for k, v in r.get("cap", {}).items()}, tuple(r.get("zero", ())),
                             bool(r.get("total_zero", False)),
                             None if r.get("total_cap") is None else int(r["total_cap"]))
                   for r in data.get("rules", [])),
            bands=tuple(Band(b["name"], int(b["min"])) for b in data["bands"]),
            pass_threshold=data.get("pass_threshold"), source=str(path),
        )
    except FileNotFoundError as exc:
        raise RubricError(f"rubric file not found: {path}") from exc
    except (KeyError, TypeError, ValueError, tomllib.TOMLDecodeError) as exc:
        raise RubricError(f"malformed rubric {path}: {exc}") from exc
    if rubric.input not in ("adult", "child"):
        raise RubricError(f"rubric {path}: input must be 'adult' or 'child', not {rubric.input!r}")
    if len({d.key for d in rubric.dimensions}) != len(rubric.dimensions):
        raise RubricError(f"rubric {path}: dimension keys must be unique")
    if sum(d.max for d in rubric.dimensions) != 100:
        raise RubricError(f"rubric {path}: dimension maxima must add up to 100")
    keys = {d.key for d in rubric.dimensions}
    for r in rubric.rules:
        unknown = (set(r.cap) | set(r.zero) | ({r.dimension} - {""})) - keys
        if unknown:
            raise RubricError(f"rubric {path}: rule '{r.flag}' names unknown dimension(s) {sorted(unknown)}")
    return rubric


def apply(rubric: Rubric, raw: dict[str, int], findings: list[Finding]) -> Applied:
    """Caps, zeros, deductions and auto-fail, in that order, over the heads' raw dimension scores."""
    dims = dict(raw)
    flags: list[tuple[Finding, int]] = []
    deducted = 0
    auto_fail = False
    total_zero = False
    total_cap = 100
    reasons: list[str] = []
    for rule in rubric.rules:
        hit = next((f for f in findings if f.code == rule.flag), None)
        if hit is None:
            continue
        before = sum(dims.values())
        for key, ceiling in rule.cap.items():
            dims[key] = min(dims[key], ceiling)
        for key in rule.zero:
            dims[key] = 0
        lowered = before - sum(dims.values())
        deducted += rule.deduct
        flags.append((hit, rule.deduct if rule.deduct else lowered))
        if rule.auto_fail:
            auto_fail = True
            reasons.append(rule.flag)
        total_zero = total_zero or rule.total_zero
        if rule.total_cap is not None:
            total_cap = min(total_cap, rule.total_cap)
    total = 0 if total_zero else max(0, min(total_cap, sum(dims.values()) - deducted))
    return Applied(dims, flags, total, rubric.band(total), auto_fail, reasons)
