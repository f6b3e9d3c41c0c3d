"""Crisis signals in the user's message and recent turns, English and Korean.

Explicit and indirect ideation, farewells, method-seeking, self-harm, danger to a third person, children's
voices and slang are looked up in lexicons; a hit does not count when it is negated ("I'm not suicidal"),
quoted, inside an idiom ("this commute is killing me"), a Korean intensifier ("배고파 죽겠다": -어 + 죽겠다),
or framed as fiction, a game, school work, sports, news or a recovered past. A recovered past does not count
when the message tells of a relapse ("I was 200 days clean and broke my streak last night"), and a farewell
does not count when the message shows an everyday goodbye ("logging off, see you tomorrow")."""

from __future__ import annotations

import re
from functools import cache
from typing import ClassVar

from .. import lexicon
from ..analysis import Analysis, Field, Match
from ..findings import Finding

INTENSIFIER_ENDINGS = {"어", "아", "어서", "아서", "여"}
CAUSAL_ENDINGS = {"어서", "아서"}  # 힘들어서 죽고 싶어: a reason for a wish to die, not an intensifier


@cache
def _english() -> list[tuple[str, re.Pattern[str]]]:
    return [(kind, lexicon.compile_pattern(p[3:])) for kind, ps in lexicon.load_concepts("en", "crisis").items()
            for p in ps]


def _in_any(text: str, start: int, end: int, patterns) -> bool:
    """Whether an idiom overlaps the hit ("she'd kill me if I spoil the finale")."""
    return any(m.start() < end and start < m.end() for p in patterns for m in p.finditer(text))


CLAUSE_BREAK = re.compile(r"[,;:.!?\n—]|\bbut\b|\bthen\b|\band\b", re.IGNORECASE)
KO_FRAME_WINDOW = 6


def clause_around(text: str, start: int, end: int) -> str:
    """The clause holding a hit: between the nearest commas, stops, 'and', 'but' or 'then' around it."""
    left = max((m.end() for m in CLAUSE_BREAK.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in CLAUSE_BREAK.finditer(text, end)), len(text))
    return text[left:right]


def _sentence_text(fld: Field, m: Match) -> str:
    return fld.sentences[m.sentence].text if fld.sentences else fld.text


def _recovered_past(fld: Field, m: Match, lang: str) -> bool:
    """A past marker near the hit and a recovery cue anywhere: "I was suicidal in college ... good now"."""
    if lang == "en":
        near = _sentence_text(fld, m)
        past = any(p.search(near) for p in lexicon.load("en", "crisis_past").patterns)
    else:
        past = _near_korean(fld, m, lexicon.korean("crisis_past"))
    return past and _mentions(fld, "crisis_recovery", lang) and not _mentions(fld, "crisis_relapse", lang)


def _everyday_farewell(fld: Field, lang: str) -> bool:
    """Cues anywhere in the message that a goodbye is an ordinary one: logging off, a new job, a last episode."""
    return _mentions(fld, "crisis_farewell_everyday", lang)


def _mentions(fld: Field, name: str, lang: str) -> bool:
    """Anywhere in the message: the English lexicon's regexes, or the Korean lexicon's morpheme phrases."""
    if lang == "en":
        return any(p.search(fld.text) for p in lexicon.load("en", name).patterns)
    return bool(fld.find_korean(lexicon.korean(name)))


def _near_korean(fld: Field, m: Match, phrases) -> bool:
    i, j = fld.morph_index(m.start), fld.morph_index(m.end)
    for hit in fld.find_korean(phrases):
        k = fld.morph_index(hit.start)
        if i - KO_FRAME_WINDOW <= k <= j + KO_FRAME_WINDOW:
            return True
    return False


def english_signals(fld: Field) -> list[tuple[str, Match]]:
    idioms = lexicon.load("en", "crisis_idioms").patterns
    frames = lexicon.load("en", "crisis_frames").patterns
    out: list[tuple[str, Match]] = []
    for kind, pattern in _english():
        plist = lexicon.PhraseList(f"crisis.{kind}", "en", (), (pattern,))
        for m in fld.find(plist):
            if m.negated:  # quoted words count: "she texted me 'I'm going to kill myself'"
                continue
            if _in_any(fld.text, m.start, m.end, idioms):
                continue
            if any(p.search(clause_around(fld.text, m.start, m.end)) for p in frames):
                continue
            if _recovered_past(fld, m, "en"):
                continue
            if kind == "farewell" and _everyday_farewell(fld, "en"):
                continue
            out.append((kind, m))
    return out


def korean_signals(fld: Field) -> list[tuple[str, Match]]:
    if not fld.is_korean:
        return []
    idiom_spans = [(m.start, m.end) for m in fld.find_korean(lexicon.korean("crisis_idioms"))]
    frames = lexicon.korean("crisis_frames")
    hits = [(kind, m) for kind, phrases in lexicon.load_concepts("ko", "crisis").items()
            for m in fld.find_korean(phrases)]
    # A hit inside a longer negated one is negated too: 자살 in "자살하고 싶은 건 아니고".
    negated_spans = [(m.start, m.end) for _, m in hits if m.negated]
    out: list[tuple[str, Match]] = []
    for kind, m in hits:
        if m.negated or any(s <= m.start < e for s, e in idiom_spans):
            continue
        if any(s <= m.start and m.end <= e and (s, e) != (m.start, m.end) for s, e in negated_spans):
            continue
        if _is_intensifier(fld, m) or _near_korean(fld, m, frames) or _recovered_past(fld, m, "ko"):
            continue
        if kind == "farewell" and _everyday_farewell(fld, "ko"):
            continue
        out.append((kind, m))
    return out


def _is_intensifier(fld: Field, m: Match) -> bool:
    """-어/아 + 죽다 is an intensifier ("배고파 죽겠다", "보고 싶어 죽겠어"), not a wish to die; but -어서 + 죽고
    싶다 gives the reason for a wish ("힘들어서 죽고 싶어")."""
    morphs = fld.morphs
    idx = next((i for i, t in enumerate(morphs) if t.start == m.start), None)
    if idx is None or morphs[idx].form != "죽":
        return False
    if not (idx > 0 and morphs[idx - 1].form in INTENSIFIER_ENDINGS and morphs[idx - 1].tag == "EC"):
        return False
    wish = [t.form for t in morphs[idx + 1:idx + 3]] == ["고", "싶"]
    return not (wish and morphs[idx - 1].form in CAUSAL_ENDINGS)


def crisis_findings(analysis: Analysis) -> list[Finding]:
    """Current crisis signals in the user's message and last two user turns (memoised on the analysis)."""
    if "crisis" not in analysis.memo:
        found: list[Finding] = []
        seen: set[tuple[str, int, int]] = set()
        for fld in analysis.user_fields:
            for kind, m in english_signals(fld) + korean_signals(fld):
                if (fld.name, m.start, m.end) in seen:
                    continue
                seen.add((fld.name, m.start, m.end))
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
