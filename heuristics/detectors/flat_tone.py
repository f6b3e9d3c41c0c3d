"""Flat tone for a child: no warmth, enthusiasm, feeling words, play or use of the child's name.

A question alone does not make a reply warm ("What is your next task?")."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import asserted, finding, whole
from .warmth_signals import emotion_concepts


class FlatTone:
    name: ClassVar[str] = "flat_tone"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        warm = asserted(fld, "warmth")
        out = [finding("warmth", fld, m, "warm or playful language") for m in warm]
        name = analysis.child.name if analysis.child else ""
        lively = (len(warm) + len(asserted(fld, "validation")) + len(asserted(fld, "presence"))
                  + len(emotion_concepts(fld)) + int(bool(name) and name.lower() in fld.text.lower()))
        if lively == 0:
            out.append(whole("flat_tone", fld, "no warmth, feeling words, play or question: reads flat"))
        return out


detector = FlatTone()
