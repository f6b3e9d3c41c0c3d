"""Strengths in an adult reply: validation, presence, naming emotions, reflective questions.

These are the positive evidence the Empathy, Tone and Engagement dimensions are built from."""

from __future__ import annotations

import re
from functools import cache
from typing import ClassVar

from .. import lexicon
from ..analysis import Analysis, Field
from ..findings import Finding
from .base import asserted, finding


def emotion_concepts(fld: Field) -> dict[str, list]:
    """Emotion concepts a field expresses: English regex lexicon, or Korean morpheme lexicon for Hangul."""
    if "emotion_concepts" not in fld.memo:
        fld.memo["emotion_concepts"] = _emotion_concepts(fld)
    return fld.memo["emotion_concepts"]


def _emotion_concepts(fld: Field) -> dict[str, list]:
    found: dict[str, list] = {}
    if fld.is_korean:
        for concept, phrases in lexicon.load_concepts("ko", "emotions").items():
            hits = [m for m in fld.find_korean(phrases) if not m.negated]
            if hits:
                found[concept] = hits
    for concept, plist in _english_emotions().items():
        hits = [m for m in fld.find(plist) if not m.quoted]
        if hits:
            found.setdefault(concept, []).extend(hits)
    return found


@cache
def _english_emotions() -> dict[str, lexicon.PhraseList]:
    return {
        concept: lexicon.PhraseList(f"emotions.{concept}", "en", (), tuple(
            lexicon.compile_pattern(p[3:] if p.startswith("re:") else rf"\b{re.escape(p)}\b") for p in phrases))
        for concept, phrases in lexicon.load_concepts("en", "emotions").items()
    }


# Emotion concepts close enough that naming one acknowledges the other ("nervous" for "scared").
FAMILIES = ({"fear", "anxiety"}, {"sadness", "loneliness", "rejection", "hopelessness"}, {"guilt", "shame"},
            {"anger", "jealousy"}, {"exhaustion", "hopelessness"}, {"confusion", "anxiety"})
NEGATIVE = {"fear", "anxiety", "sadness", "loneliness", "rejection", "hopelessness", "guilt", "shame", "anger",
            "jealousy", "exhaustion", "confusion"}


def related(concept: str, user_concepts: set[str]) -> bool:
    """Whether naming `concept` acknowledges what the user expressed."""
    if concept in user_concepts:
        return True
    if concept == "distress":  # "upset", "really hard": acknowledges any painful feeling
        return bool(user_concepts & NEGATIVE)
    return any(concept in fam and user_concepts & fam for fam in FAMILIES)


def question_sentences(fld: Field) -> list:
    return [s for s in fld.sentences if s.text.rstrip().endswith("?")]


def warmth_hits(analysis: Analysis) -> int:
    """How much plain warmth the reply has (validation + presence phrases); used to excuse a stray term."""
    fld = analysis.response
    return len(asserted(fld, "validation")) + len(asserted(fld, "presence"))


class WarmthSignals:
    name: ClassVar[str] = "warmth_signals"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult", "child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        fld = analysis.response
        out: list[Finding] = []
        out += [finding("validation", fld, m, "acknowledges the feeling") for m in asserted(fld, "validation")]
        out += [finding("presence", fld, m, "offers presence") for m in asserted(fld, "presence")]
        user_concepts = set(emotion_concepts(analysis.prompt))
        for concept, hits in emotion_concepts(fld).items():
            if concept == "joy" and "joy" not in user_concepts:
                continue
            matched = related(concept, user_concepts)
            why = f"names the user's {concept}" if matched else f"names an emotion ({concept})"
            out.append(finding("emotion_matched" if matched else "emotion_named", fld, hits[0], why))
        reflective = lexicon.load("en", "reflective_question")
        advice = lexicon.load("en", "advice")
        for sent in question_sentences(fld):
            text = sent.text
            if any(p.search(text) for p in advice.patterns):
                continue
            if any(p.search(text) for p in reflective.patterns):
                out.append(Finding("reflective_question", fld.name, (sent.start_char, sent.end_char), text,
                                   "invites reflection with a question"))
        return out


detector = WarmthSignals()
