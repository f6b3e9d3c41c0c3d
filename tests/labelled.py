"""Shared by the tests and benchmarks: the labelled detector sets under tests/data and how to score them."""

from __future__ import annotations

import json
from pathlib import Path

from heuristics import Scorer

DATA = Path(__file__).resolve().parent / "data"


def load_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def flag_sets(kind: str) -> dict[str, list[dict]]:
    return {p.stem: load_jsonl(p) for p in sorted((DATA / "flags" / kind).glob("*.jsonl"))}


def flagged(scorer: Scorer, kind: str, item: dict) -> set[str]:
    """Flag codes the scorer raises for one labelled item."""
    if kind == "adult":
        result = scorer.score(user=item["user"], response=item["response"], history=item.get("history"))
    else:
        result = scorer.score(child=item["child"], question=item["question"], response=item["response"])
    return {f.code for f in result.flags}


def precision_recall(scorer: Scorer, kind: str, code: str, items: list[dict]) -> tuple[float, float, list]:
    tp = fp = fn = 0
    errors = []
    for item in items:
        hit = code in flagged(scorer, kind, item)
        if hit and item["label"]:
            tp += 1
        elif hit:
            fp += 1
            errors.append(("FP", item))
        elif item["label"]:
            fn += 1
            errors.append(("FN", item))
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, errors
