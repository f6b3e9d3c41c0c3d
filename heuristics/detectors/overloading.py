"""Overloading a child: more words, sentences or steps than the child's age can take in at once."""

from __future__ import annotations

import re
from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import whole

LIST_ITEM = re.compile(r"(^|\n)\s*(\d+[.)]|[-*•])\s+|\b(first(ly)?|second(ly)?|third(ly)?|fourth|finally|step \d)\b",
                       re.IGNORECASE)


def word_limit(age: int | None) -> int:
    """Words a reply may use for this age: 60 at 5-6, rising by 10 a year to 120 at 12."""
    a = age if age is not None else 8
    return 60 + max(0, min(a, 12) - 6) * 10


def sentence_limit(age: int | None) -> int:
    a = age if age is not None else 8
    return 6 if a <= 7 else 8 if a <= 9 else 9


class Overloading:
    name: ClassVar[str] = "overloading"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        age = analysis.child.age if analysis.child else None
        words, sentences = len(fld.words), len(fld.sentences)
        steps = len(LIST_ITEM.findall(fld.text))
        reasons = []
        if words > word_limit(age):
            reasons.append(f"{words} words (limit {word_limit(age)} at age {age})")
        if sentences > sentence_limit(age):
            reasons.append(f"{sentences} sentences (limit {sentence_limit(age)})")
        if steps >= 4:
            reasons.append(f"{steps} steps or list items")
        if not reasons:
            return []
        return [whole("overloading", fld, "too much at once: " + "; ".join(reasons), float(words))]


detector = Overloading()
