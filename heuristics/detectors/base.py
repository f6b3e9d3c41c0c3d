"""The one detector interface: `scan(analysis) -> list[Finding]`, like llm-guard's output scanners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from .. import lexicon
from ..analysis import Analysis, Field, Match
from ..findings import Finding


class Detector(Protocol):
    """A detector reads the shared Analysis and reports findings with evidence; it never scores."""

    name: ClassVar[str]
    applies_to: ClassVar[frozenset[str]]  # input kinds: "adult", "child"

    def scan(self, analysis: Analysis) -> list[Finding]: ...


def finding(code: str, fld: Field, match: Match, why: str, value: float = 1.0) -> Finding:
    return Finding(code, fld.name, (match.start, match.end), match.text, why, value)


WHOLE_SPAN_LIMIT = 300


def whole(code: str, fld: Field, why: str, value: float = 1.0) -> Finding:
    """A finding about a whole field (length, readability, a missed crisis). Its span covers the field, up to
    its first 300 characters, and `text` is exactly that slice."""
    end = min(len(fld.text), WHOLE_SPAN_LIMIT)
    return Finding(code, fld.name, (0, end), fld.text[:end], why, value)


def asserted(fld: Field, name: str, lang: str = "en") -> list[Match]:
    """Hits of a lexicon that the field says in its own voice (not negated, quoted or reported)."""
    return [m for m in fld.find(lexicon.load(lang, name)) if m.asserted]


@dataclass
class PhraseDetector:
    """A flag raised by any asserted hit of one lexicon in the reply: the simplest detector shape."""

    name: str
    code: str
    lexicon_name: str
    why: str
    applies_to: frozenset[str] = frozenset({"adult"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        return [finding(self.code, fld, m, f"{self.why}: \"{m.text}\"") for m in asserted(fld, self.lexicon_name)]
