"""Length in tokens of the shipped embedding model's tokenizer; the adult rubric deducts 5 over 100 tokens."""

from __future__ import annotations

from typing import ClassVar

from ..analysis import Analysis
from ..findings import Finding
from .base import whole

TOKEN_LIMIT = 100


class Length:
    name: ClassVar[str] = "length"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult", "child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        n = fld.token_count
        out = [whole("tokens", fld, f"{n} tokens", float(n))]
        if analysis.kind == "adult" and n > TOKEN_LIMIT:
            out.append(whole("too_long", fld, f"{n} tokens, over the rubric's limit of {TOKEN_LIMIT}", float(n)))
        return out


detector = Length()
