"""Use of the child's context: name, interests, goals and family, which the child rubric asks replies to
consider ("Each response must consider these details")."""

from __future__ import annotations

import re
from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding


class Personalization:
    name: ClassVar[str] = "personalization"
    applies_to: ClassVar[frozenset[str]] = frozenset({"child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        child = analysis.child
        if child is None:
            return []
        fld = analysis.response
        out = []
        terms = [("name", child.name)] + [("interest", i) for i in child.interests] + [
            ("goal", g) for g in child.goals]
        for kind, term in terms:
            for word in re.findall(r"[A-Za-z]{4,}", term or "") if kind != "name" else [term]:
                if not word:
                    continue
                m = re.search(rf"\b{re.escape(word.rstrip('s'))}", fld.text, re.IGNORECASE)
                if m:
                    out.append(Finding("personal_" + kind, fld.name, (m.start(), m.end()), m.group(0),
                                       f"uses the child's {kind} ({term})"))
                    break
        return out


detector = Personalization()
