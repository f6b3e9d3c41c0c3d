"""Language and content for the child's age: reading grade (textstat) against an age-to-grade target,
abstract or technical words, and graphic content."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from ..readability import grade_level, hard_words, target_grade
from .base import asserted, finding, whole

LONG_SENTENCE = 30
GRADE_SLACK = 7.0  # Flesch-Kincaid is noisy on a few sentences: only a far-off grade is a finding


def hard_word_allowance(age: int | None) -> int:
    """How many four-syllable words a reply may use: 1 up to age 8, 2 at 9-10, 3 at 11-12."""
    a = age if age is not None else 8
    return 1 if a <= 8 else 2 if a <= 10 else 3


class AgeAppropriateness:
    name: ClassVar[str] = "age_appropriateness"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        age = analysis.child.age if analysis.child else None
        out: list[Finding] = []
        grade = grade_level(fld.text)
        target = target_grade(age)
        if grade is not None:
            out.append(whole("reading_grade", fld, f"reading grade {grade:.1f} (target {target:.0f})", grade))
        complex_words = asserted(fld, "complex_words")
        graphic = asserted(fld, "graphic_content")
        hard = hard_words(fld.text)
        longest = max((len([t for t in s if not t.is_punct]) for s in fld.sentences), default=0)
        too_hard = grade is not None and grade > target + GRADE_SLACK and len(fld.sentences) >= 2
        young = age is None or age <= 8
        if graphic:
            out += [finding("not_age_appropriate", fld, m, f"content unsuited to a child: \"{m.text}\"")
                    for m in graphic]
        elif complex_words and (young or len(complex_words) >= 2 or too_hard):
            out += [finding("not_age_appropriate", fld, m, f"word too abstract for age {age}: \"{m.text}\"")
                    for m in complex_words]
        elif len(hard) > hard_word_allowance(age) or (len(fld.words) >= 8 and len(hard) / len(fld.words) > 0.15):
            out.append(whole("not_age_appropriate", fld,
                             f"{len(hard)} long, abstract words for age {age}: {', '.join(hard[:4])}"))
        elif young and longest > LONG_SENTENCE:
            out.append(whole("not_age_appropriate", fld, f"a {longest}-word sentence is hard to follow at age {age}"))
        elif too_hard:
            out.append(whole("not_age_appropriate", fld,
                             f"reading grade {grade:.1f} is above {target + GRADE_SLACK:.0f} for age {age}", grade))
        return out


detector = AgeAppropriateness()
