"""Minimizing: downplaying the user's feeling ("It's not that bad", "Others have it worse"). Adult rubric: -5."""

from .base import PhraseDetector

detector = PhraseDetector(
    name="minimizing", code="minimizing", lexicon_name="minimizing", why="downplays the feeling (minimizing)"
)
