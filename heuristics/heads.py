"""features -> dimension scores. The rules-only head is the rubric's transparent formula; trained heads
(models/) implement the same `predict` and are swapped in by the Scorer."""

from __future__ import annotations

from typing import Protocol

from .rubric import Rubric


class Head(Protocol):
    def predict(self, features: dict[str, float]) -> dict[str, float]:
        """Raw dimension scores on each dimension's own scale (0..max)."""
        ...


class RulesHead:
    """score = max * clamp(base + sum(weight * feature), 0, 1), with base and weights from the rubric file."""

    def __init__(self, rubric: Rubric) -> None:
        self.rubric = rubric

    def predict(self, features: dict[str, float]) -> dict[str, float]:
        out = {}
        for dim in self.rubric.dimensions:
            frac = dim.base + sum(w * features.get(name, 0.0) for name, w in dim.weights.items())
            out[dim.key] = dim.max * min(1.0, max(0.0, frac))
        return out
