"""Unsafe suggestions to a child: secrets from parents, meeting strangers, sharing details, medicines,
fire, heights, going off alone. Negated advice ("don't keep secrets from your mom") is safe."""

from .base import PhraseDetector

detector = PhraseDetector(
    name="unsafe_suggestion", code="unsafe_suggestion", lexicon_name="child_unsafe",
    why="unsafe suggestion for a child", applies_to=frozenset({"child"}),
)
