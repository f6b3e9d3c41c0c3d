"""Input and output records (JSON Lines), as the issues fix them. Pydantic validates the input and gives
the reason a line is rejected; the output models fix key order so the same input gives the same bytes."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError, field_validator

Id = StrictStr | StrictInt
MAX_CHARS = 20_000  # a reply longer than this is rejected with a reason, not truncated silently
MAX_RUN = 1_000  # characters without a space: tokenising one such run is quadratic, and no reply needs it
LONG_RUN = re.compile(rf"\S{{{MAX_RUN + 1},}}")


def _text(value: str, name: str) -> str:
    if not value.strip():
        raise ValueError(f"{name} is empty")
    if len(value) > MAX_CHARS:
        raise ValueError(f"{name} has {len(value)} characters; the limit is {MAX_CHARS}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{name} is not valid Unicode text (it holds a lone surrogate)") from None
    run = LONG_RUN.search(value)
    if run:
        raise ValueError(f"{name} has {len(run.group(0))} characters without a space; the limit is {MAX_RUN}")
    return value


class Turn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: Literal["user", "assistant"]
    content: StrictStr


class AdultInput(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Id
    user: StrictStr
    response: StrictStr
    history: list[Turn] = Field(default_factory=list)

    @field_validator("history", mode="before")
    @classmethod
    def _no_history(cls, v):
        return [] if v is None else v

    @field_validator("user", "response")
    @classmethod
    def _not_empty(cls, v: str, info) -> str:
        return _text(v, info.field_name)


class Child(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: StrictStr = ""
    age: Annotated[StrictInt, Field(ge=5, le=12)]
    interests: list[StrictStr] = Field(default_factory=list)
    goals: list[StrictStr] = Field(default_factory=list)
    family: StrictStr = ""


class ChildInput(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Id
    child: Child
    question: StrictStr
    response: StrictStr

    @field_validator("question", "response")
    @classmethod
    def _not_empty(cls, v: str, info) -> str:
        return _text(v, info.field_name)


class ChildPairInput(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Id
    child: Child
    question: StrictStr
    model1: StrictStr
    model2: StrictStr

    @field_validator("question", "model1", "model2")
    @classmethod
    def _not_empty(cls, v: str, info) -> str:
        return _text(v, info.field_name)


def reason(exc: ValidationError) -> str:
    """One line naming each bad field: "field 'user': Input should be a valid string"."""
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "record"
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"field '{loc}': {msg}")
    return "; ".join(parts)


# -- output -----------------------------------------------------------------------------------------------
class Evidence(BaseModel):
    signal: str
    field: str
    span: tuple[int, int]
    text: str
    why: str


class DimensionScore(BaseModel):
    score: int
    max: int
    evidence: list[Evidence]


class Flag(BaseModel):
    code: str
    points: int
    field: str
    span: tuple[int, int]
    text: str
    why: str


class Crisis(BaseModel):
    in_user: bool
    handled: bool


class ScoreResult(BaseModel):
    """One scored reply: what `Scorer.score` returns and `eqscore score` writes, one per line."""

    id: str | int | None = None
    rubric: str
    total: int
    band: str
    dimensions: dict[str, DimensionScore]
    flags: list[Flag]
    auto_fail: bool
    crisis: Crisis
    msg: str


class CompareResult(BaseModel):
    """The child rubric's Evaluation Format (score_model1, score_model2, msg) plus both full scores."""

    id: str | int | None = None
    score_model1: int
    score_model2: int
    msg: str
    model1: ScoreResult
    model2: ScoreResult


class ErrorDetail(BaseModel):
    line: int
    reason: str


class ErrorRecord(BaseModel):
    id: str | int | None = None
    error: ErrorDetail
