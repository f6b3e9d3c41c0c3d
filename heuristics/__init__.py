"""eq-heuristics: fast, LLM-free scoring of AI-companion replies on emotional-intelligence rubrics."""

from . import nlp  # noqa: F401  (first: imports spaCy without dragging in torch)
from .scorer import InputError, Scorer

__all__ = ["InputError", "Scorer", "__version__"]
__version__ = "0.1.0"
