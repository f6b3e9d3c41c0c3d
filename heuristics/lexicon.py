"""Phrase lists as data (lexicons/<lang>/<name>.txt), textstat-style: plain lines, '#' comments.

Line forms:
  phrase             matched on token norms (spaCy NORM: lower-cased, "'ll" -> "will", "n't" -> "not")
  re:<regex>         matched case-insensitively on the raw text
For Korean (lexicons/ko) a phrase is a sequence of morpheme forms as kiwipiepy gives them
("죽 고 싶" matches 죽고 싶어 / 죽고 싶다), and TSV files map a concept to phrases.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from .resources import lexicon_dir


@dataclass(frozen=True)
class PhraseList:
    """One lexicon file: literal phrases plus regular expressions."""

    name: str
    lang: str
    phrases: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...] = field(default=())


def _lines(lang: str, filename: str) -> list[str]:
    path = lexicon_dir() / lang / filename
    if not path.is_file():
        raise FileNotFoundError(f"lexicon {lang}/{filename} not found under {lexicon_dir()}")
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("re:") else raw.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


# Contractions whose apostrophe must stay: without it they are other words (were, well, ill, hell, shell).
KEEP_APOSTROPHE = re.compile(r"\b(we|i|he|she)'\?(re|ll|d)\b", re.IGNORECASE)


def compile_pattern(regex: str) -> re.Pattern[str]:
    """Case-insensitive; an apostrophe is optional ("dont", "im", "wasnt"), except where dropping it makes
    another word ("we're" is not "were")."""
    relaxed = KEEP_APOSTROPHE.sub(lambda m: f"{m.group(1)}'{m.group(2)}", regex.replace("'", "'?"))
    return re.compile(relaxed, re.IGNORECASE)


@cache
def load(lang: str, name: str) -> PhraseList:
    """Load lexicons/<lang>/<name>.txt."""
    phrases, patterns = [], []
    for line in _lines(lang, f"{name}.txt"):
        if line.startswith("re:"):
            patterns.append(compile_pattern(line[3:].strip()))
        else:
            phrases.append(line)
    return PhraseList(name, lang, tuple(phrases), tuple(patterns))


@cache
def korean(name: str) -> tuple[str, ...]:
    """Lines of lexicons/ko/<name>.txt as find_korean takes them: morpheme sequences and 're:' regexes."""
    return tuple(_lines("ko", f"{name}.txt"))


@cache
def load_concepts(lang: str, name: str) -> dict[str, tuple[str, ...]]:
    """Load lexicons/<lang>/<name>.tsv: 'concept<TAB>phrase' lines, grouped by concept."""
    grouped: dict[str, list[str]] = {}
    for line in _lines(lang, f"{name}.tsv"):
        concept, _, phrase = line.partition("\t")
        if phrase.strip():
            grouped.setdefault(concept.strip(), []).append(phrase.strip())
    return {k: tuple(v) for k, v in grouped.items()}
