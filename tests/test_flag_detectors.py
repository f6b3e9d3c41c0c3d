"""Each flag detector on its own labelled set (tests/data/flags): precision and recall >= 0.9 on >= 30
positives and >= 30 negatives, hard cases included (issue 2)."""

from __future__ import annotations

import pytest
from labelled import flag_sets, precision_recall

from heuristics import Scorer

ADULT = {"platitude", "minimizing", "unsolicited_advice", "medical_advice", "diagnosis", "missed_crisis",
         "corporate_tone", "therapy_jargon", "excessive_punctuation", "encourages_harm", "dismisses_crisis"}
CHILD = {"dismissive", "overloading", "flat_tone", "unsafe_suggestion", "not_age_appropriate",
         "missed_sensitive_redirect"}
# Further labelled sets for a flag, written separately (a regression set while building: <flag>_b.jsonl).
EXTRA_SETS = {"adult": {"encourages_harm_b": "encourages_harm"}, "child": {}}
SETS = {"adult": {c: c for c in ADULT} | EXTRA_SETS["adult"], "child": {c: c for c in CHILD} | EXTRA_SETS["child"]}
CASES = [(kind, name, code) for kind in ("adult", "child") for name, code in sorted(SETS[kind].items())]


def test_every_flag_has_a_labelled_set():
    assert set(flag_sets("adult")) == set(SETS["adult"])  # too_long is tested in test_detectors_hard_cases
    assert set(flag_sets("child")) == set(SETS["child"])


@pytest.mark.parametrize(("kind", "name", "code"), CASES, ids=[f"{k}-{n}" for k, n, _ in CASES])
def test_precision_and_recall(kind, name, code):
    items = flag_sets(kind)[name]
    assert sum(1 for i in items if i["label"]) >= 30
    assert sum(1 for i in items if not i["label"]) >= 30
    precision, recall, errors = precision_recall(Scorer(kind, mode="rules"), kind, code, items)
    shown = [(t, (i.get("user") or i.get("question"))[:50], i["response"][:80]) for t, i in errors]
    assert precision >= 0.9, shown
    assert recall >= 0.9, shown
