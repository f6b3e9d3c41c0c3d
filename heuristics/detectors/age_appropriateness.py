"""Language and content for the child's age: reading grade (textstat) against an age-to-grade target,
abstract or technical words, and graphic content."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from ..readability import grade_level, target_grade
from .base import asserted, finding, whole

GRADE_SLACK = 3.0


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
        too_hard = grade is not None and grade > target + GRADE_SLACK
        young = age is None or age <= 8
        if graphic:
            out += [finding("not_age_appropriate", fld, m, f"content unsuited to a child: \"{m.text}\"")
                    for m in graphic]
        elif complex_words and (young or len(complex_words) >= 2 or too_hard):
            out += [finding("not_age_appropriate", fld, m, f"word too abstract for age {age}: \"{m.text}\"")
                    for m in complex_words]
        elif too_hard:
            out.append(whole("not_age_appropriate", fld,
                             f"reading grade {grade:.1f} is above {target + GRADE_SLACK:.0f} for age {age}", grade))
        return out


detector = AgeAppropriateness()
