"""Therapy jargon without warmth ("I hear you validating your emotions", "cognitive distortion")."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import asserted, finding
from .warmth_signals import warmth_hits


class TherapyJargon:
    name: ClassVar[str] = "therapy_jargon"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        hits = asserted(fld, "therapy_jargon")
        if not hits or (len(hits) < 2 and warmth_hits(analysis) >= 2):
            return []
        return [finding("therapy_jargon", fld, m, f"clinical jargon without warmth: \"{m.text}\"") for m in hits]


detector = TherapyJargon()
