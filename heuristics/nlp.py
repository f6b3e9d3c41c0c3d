"""Shared, lazily built language tools: one spaCy pipeline, one Kiwi, one WordPiece tokenizer per process."""

from __future__ import annotations

import re
import sys
from functools import cache


def _import_spacy_without_torch():
    """spaCy's thinc imports torch when it is installed (1.3 s, ~300 MB) though a blank pipeline never uses
    it; block that one import so fast mode stays torch-free. Later imports of torch work as usual."""
    blocked = "torch" not in sys.modules
    if blocked:
        sys.modules["torch"] = None  # type: ignore[assignment]  # makes `import torch` raise ImportError
    try:
        import spacy
    finally:
        if blocked and sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]
    return spacy


spacy = _import_spacy_without_torch()
from spacy.language import Language  # noqa: E402

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")


def has_hangul(text: str) -> bool:
    return bool(HANGUL.search(text))


@cache
def english() -> Language:
    """Blank English + sentencizer + lookup lemmatizer: 0.4 ms per reply, no trained model to download."""
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    try:
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"}).initialize()
    except (ValueError, OSError):  # spacy-lookups-data missing: matching runs on NORM, lemmas are a bonus
        nlp.remove_pipe("lemmatizer")
    return nlp


@cache
def kiwi():  # -> kiwipiepy.Kiwi
    """Korean morphology (kiwipiepy, offline model), built once: ~1 s to load, ~2 ms per message."""
    from kiwipiepy import Kiwi

    return Kiwi()


@cache
def wordpiece():  # -> tokenizers.Tokenizer
    """The shipped embedding model's own tokenizer, so 'over 100 tokens' means what the model sees."""
    from tokenizers import Tokenizer

    from .resources import embedding_model_dir

    tok = Tokenizer.from_file(str(embedding_model_dir() / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    return tok


def count_tokens(text: str) -> int:
    """WordPiece tokens of all-MiniLM-L6-v2, special tokens excluded."""
    return len(wordpiece().encode(text, add_special_tokens=False).ids)
