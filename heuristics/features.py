"""findings -> features: a flat, named vector of what the detectors found, the input of every head.

Counts saturate (two validations are not twice as empathetic as one) so no single phrase dominates."""

from __future__ import annotations

from collections import Counter

import numpy as np

from .analysis import Analysis
from .findings import Finding
from .readability import target_grade

SATURATION = {"echoes_user": 3, "warmth": 3, "strategy": 3}


def concrete_words(fld) -> int:
    """Content words beyond the vocabulary of empathy boilerplate: a proxy for a reply that speaks to this
    situation ("his cup and his hoodie", "three years") rather than to any situation; it works the same whatever
    language the user wrote in."""
    from . import lexicon

    generic = set(lexicon.load("en", "generic_words").phrases)
    lemmas = {(t.lemma_ or t.lower_).lower() for t in fld.doc if t.is_alpha and not t.is_stop and len(t.text) > 2}
    return len(lemmas - generic)


def extract(analysis: Analysis, findings: list[Finding]) -> dict[str, float]:
    counts = Counter(f.code for f in findings)
    feats: dict[str, float] = {code: min(n, SATURATION.get(code, 1)) / SATURATION.get(code, 1)
                               for code, n in counts.items()}
    fld = analysis.response
    feats["tokens"] = next((f.value for f in findings if f.code == "tokens"), 0.0) / 100.0
    feats["question"] = float(any(s.text.rstrip().endswith("?") for s in fld.sentences))
    feats["very_short"] = float(len(fld.words) < 8)
    concrete = concrete_words(fld)
    feats["concrete"] = min(concrete, 4) / 4
    specific = counts["echoes_user"] + counts["same_topic"] + counts["emotion_matched"] + concrete // 3
    feats["generic"] = float(specific == 0)
    has_history = any(role == "user" for role, _ in analysis.history)
    feats["ignores_history"] = float(has_history and not counts["builds_on_history"])
    feats["personal"] = float(any(f.code.startswith("personal_") for f in findings))
    grade = next((f.value for f in findings if f.code == "reading_grade"), None)
    if grade is not None and analysis.child is not None:
        feats["grade_gap"] = max(0.0, grade - target_grade(analysis.child.age) - 1.0) / 5.0
    from .detectors.warmth_signals import emotion_concepts  # local: features must not drive detector imports

    if analysis.kind == "child" and not emotion_concepts(analysis.prompt):
        feats["no_feeling_asked"] = 1.0  # nothing to validate: do not punish a curiosity answer for it
    return feats


EMBEDDING_EXTRAS = ["cos_user_reply", "cos_history_reply", "user_is_korean"]


def embedding_block(analysis: Analysis, encoder) -> np.ndarray:
    """[reply (384) | user message (384) | cos(user, reply), cos(history, reply), user_is_korean].

    The English encoder cannot read Hangul, so a Korean message contributes zeros here and reaches the heads
    through the language-neutral detector features instead (emotion and topic concepts it names, matched
    against the English reply; crisis signals)."""
    reply = analysis.response.text
    korean = analysis.prompt.is_korean
    earlier = " ".join(f.text for _, f in analysis.history[-3:] if not f.is_korean)
    texts = [reply] + ([] if korean else [analysis.prompt.text]) + ([earlier] if earlier else [])
    vectors = encoder.encode(texts)
    r = vectors[0]
    u = np.zeros_like(r) if korean else vectors[1]
    h = vectors[-1] if earlier else np.zeros_like(r)
    extras = np.array([float(u @ r), float(h @ r), float(korean)], dtype=np.float32)
    return np.concatenate([r, u, extras])
