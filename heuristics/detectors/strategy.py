"""Constructive strategies and invitations (child Depth of Understanding; adult coping ideas)."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import asserted, finding


class Strategy:
    name: ClassVar[str] = "strategy"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        return [finding("strategy", fld, m, "offers a strategy or invitation") for m in asserted(fld, "strategy")]


detector = Strategy()
