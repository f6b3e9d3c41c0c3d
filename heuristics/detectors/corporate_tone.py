"""Corporate / customer-service speak ("I appreciate your concern", "Let's circle back"). Adult rubric: the
-10 deduction is for corporate tone *throughout*, so one stray phrase inside a warm reply is not flagged."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import asserted, finding
from .warmth_signals import warmth_hits


class CorporateTone:
    name: ClassVar[str] = "corporate_tone"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        hits = asserted(fld, "corporate")
        if not hits or (len(hits) < 2 and warmth_hits(analysis) >= 2):
            return []
        return [finding("corporate_tone", fld, m, f"corporate phrasing: \"{m.text}\"") for m in hits]


detector = CorporateTone()
