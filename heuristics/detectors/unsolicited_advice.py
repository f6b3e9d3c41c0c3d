"""Advice before empathy: a fix offered before any acknowledgment of the feeling, when none was asked for.

Adult rubric: -5 "unsolicited advice without empathy first"; Safety 11-13 for rushing to fix. Advice that
follows validation is reported as the signal `advice` (it still lowers Safety and Engagement a little)."""

from __future__ import annotations

from typing import ClassVar

from .. import lexicon
from ..analysis import Analysis, Field
from ..findings import Finding
from .base import asserted, finding
from .warmth_signals import emotion_concepts


def asks_for_advice(fld: Field) -> bool:
    if fld.is_korean and fld.find_korean(lexicon.load("ko", "advice_request").phrases):
        return True
    return bool(asserted(fld, "advice_request"))


def advice_matches(fld: Field) -> list:
    presence = [(m.start, m.end) for m in asserted(fld, "presence")]
    return [m for m in asserted(fld, "advice") if not any(s <= m.start < e for s, e in presence)]


def first_acknowledgment(analysis: Analysis) -> int | None:
    """Index of the first sentence that validates or names a feeling."""
    fld = analysis.response
    sentences = [m.sentence for m in asserted(fld, "validation")]
    for hits in emotion_concepts(fld).values():
        sentences += [m.sentence for m in hits if m.asserted]
    return min(sentences) if sentences else None


class UnsolicitedAdvice:
    name: ClassVar[str] = "unsolicited_advice"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        advice = advice_matches(fld)
        if not advice:
            return []
        first = advice[0]
        ack = first_acknowledgment(analysis)
        if asks_for_advice(analysis.prompt):
            return [finding("advice", fld, first, "advice the user asked for")]
        if ack is None or first.sentence < ack:
            where = "with no acknowledgment of the feeling" if ack is None else "before acknowledging the feeling"
            return [finding("unsolicited_advice", fld, first, f"advice \"{first.text}\" {where}")]
        return [finding("advice", fld, first, "advice after validating (rushes to fix)")]


detector = UnsolicitedAdvice()
