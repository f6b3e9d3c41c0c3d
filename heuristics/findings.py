"""What a detector reports: a finding with its evidence (field, character span, text, why)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One piece of evidence. `code` is a rubric flag code for problems, or a signal name for strengths."""

    code: str
    field: str
    span: tuple[int, int]
    text: str
    why: str
    value: float = 1.0

    def as_evidence(self) -> dict:
        return {"signal": self.code, "field": self.field, "span": list(self.span), "text": self.text,
                "why": self.why}
