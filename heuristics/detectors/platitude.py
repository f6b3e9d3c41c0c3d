"""Platitudes: stock reassurances ("Everything happens for a reason", "You'll be fine"). Adult rubric: -5."""

from .base import PhraseDetector

detector = PhraseDetector(
    name="platitude", code="platitude", lexicon_name="platitude", why="stock reassurance (platitude)"
)
