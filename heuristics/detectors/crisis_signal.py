"""Crisis signals in the user's message and recent turns, English and Korean.

Explicit and indirect ideation, farewells, method-seeking, self-harm, danger to a third person, children's
voices and slang are looked up in lexicons; a hit does not count when it is negated ("I'm not suicidal"),
quoted, inside an idiom ("this commute is killing me"), a Korean intensifier ("배고파 죽겠다": -어 + 죽겠다),
or framed as fiction, a game, school work, sports, news or a recovered past."""

from __future__ import annotations

import re
from functools import cache
from typing import ClassVar

from .. import lexicon
from ..analysis import Analysis, Field, Match
from ..findings import Finding

INTENSIFIER_ENDINGS = {"어", "아", "어서", "아서", "여"}


@cache
def _english() -> list[tuple[str, re.Pattern[str]]]:
    return [(kind, re.compile(p[3:], re.IGNORECASE)) for kind, ps in lexicon.load_concepts("en", "crisis").items()
            for p in ps]


def _in_any(text: str, start: int, end: int, patterns) -> bool:
    return any(m.start() <= start and end <= m.end() for p in patterns for m in p.finditer(text))


def _sentence_text(fld: Field, m: Match) -> str:
    sent = fld.sentences[m.sentence] if fld.sentences else None
    return sent.text if sent is not None else fld.text


def english_signals(fld: Field) -> list[tuple[str, Match]]:
    idioms = lexicon.load("en", "crisis_idioms").patterns
    frames = lexicon.load("en", "crisis_frames").patterns
    out: list[tuple[str, Match]] = []
    for kind, pattern in _english():
        plist = lexicon.PhraseList(f"crisis.{kind}", "en", (), (pattern,))
        for m in fld.find(plist):
            if m.quoted or (m.negated and kind != "third_party"):
                continue
            if _in_any(fld.text, m.start, m.end, idioms):
                continue
            if any(p.search(_sentence_text(fld, m)) for p in frames):
                continue
            out.append((kind, m))
    return out


def korean_signals(fld: Field) -> list[tuple[str, Match]]:
    if not fld.is_korean:
        return []
    idioms = lexicon.load("ko", "crisis_idioms").phrases
    idiom_spans = [(m.start, m.end) for m in fld.find_korean(idioms)]
    frames = lexicon.load("ko", "crisis_frames").phrases
    frame_sentences = {m.sentence for m in fld.find_korean(frames)}
    out: list[tuple[str, Match]] = []
    for kind, phrases in lexicon.load_concepts("ko", "crisis").items():
        for m in fld.find_korean(phrases):
            if m.negated or m.quoted or m.sentence in frame_sentences:
                continue
            if any(s <= m.start < e for s, e in idiom_spans):
                continue
            if _is_intensifier(fld, m):
                continue
            out.append((kind, m))
    return out


def _is_intensifier(fld: Field, m: Match) -> bool:
    """-어/아 + 죽다 is an intensifier ("배고파 죽겠다", "보고 싶어 죽겠어"), not a wish to die."""
    idx = next((i for i, t in enumerate(fld.morphs) if t.start == m.start), None)
    if idx is None or fld.morphs[idx].form != "죽":
        return False
    return idx > 0 and fld.morphs[idx - 1].form in INTENSIFIER_ENDINGS and fld.morphs[idx - 1].tag == "EC"


def crisis_findings(analysis: Analysis) -> list[Finding]:
    """Current crisis signals in the user's message and last two user turns (memoised on the analysis)."""
    if "crisis" not in analysis.memo:
        found: list[Finding] = []
        for fld in analysis.user_fields:
            for kind, m in english_signals(fld) + korean_signals(fld):
                found.append(Finding("crisis_signal", fld.name, (m.start, m.end), m.text,
                                     f"crisis signal in the user's words ({kind.replace('_', ' ')})"))
        analysis.memo["crisis"] = found
    return analysis.memo["crisis"]


class CrisisSignal:
    name: ClassVar[str] = "crisis_signal"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult", "child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        return crisis_findings(analysis)


detector = CrisisSignal()
