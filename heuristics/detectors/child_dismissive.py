"""Dismissive replies to a child: trivialising the feeling ("It's not a big deal", "Don't be scared") or
skipping past it to a replacement ("We can get you a new fish!") without acknowledging it."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import asserted, finding, whole
from .warmth_signals import emotion_concepts

SHORT_REPLY_WORDS = 14


class ChildDismissive:
    name: ClassVar[str] = "child_dismissive"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        feeling = emotion_concepts(analysis.prompt) or asserted(analysis.prompt, "child_worry")
        acknowledged = bool(asserted(fld, "validation")) or bool(emotion_concepts(fld))
        if set(feeling) == {"joy"} and asserted(fld, "enthusiasm"):
            acknowledged = True  # joy is shared by celebrating it ("Yay! A handstand!"), not by naming it
        hits = asserted(fld, "child_dismissive") + asserted(fld, "minimizing")
        if hits and feeling:  # a curiosity question ("why does the moon change shape?") has no feeling to dismiss
            return [finding("dismissive", fld, m, f"trivialises the child's feeling: \"{m.text}\"") for m in hits]
        if emotion_concepts(analysis.prompt) and not acknowledged and len(fld.words) <= SHORT_REPLY_WORDS:
            concept = sorted(feeling)[0]
            return [whole("dismissive", fld, f"the child expressed {concept} and the reply does not acknowledge it")]
        return []


detector = ChildDismissive()
