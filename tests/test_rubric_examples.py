"""The rubrics' own worked examples (issue 2, "Done when")."""

from __future__ import annotations

import json

import pytest
from labelled import DATA

EXAMPLES = json.loads((DATA / "rubric_examples.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("example", EXAMPLES["child"], ids=lambda e: e["id"])
def test_child_model2_beats_model1_and_lands_near_the_rubric(child_any, profile, example):
    result = child_any.compare(child=profile, question=example["question"], model1=example["model1"],
                           model2=example["model2"])
    assert result.score_model2 > result.score_model1
    assert abs(result.score_model1 - example["total1"]) <= 10, result.model1.msg
    assert abs(result.score_model2 - example["total2"]) <= 10, result.model2.msg


@pytest.mark.parametrize("age", [5, 9, 12])
def test_child_examples_hold_at_other_ages(child_any, profile, age):
    profile["age"] = age
    for example in EXAMPLES["child"]:
        result = child_any.compare(child=profile, question=example["question"], model1=example["model1"],
                               model2=example["model2"])
        assert result.score_model2 > result.score_model1


def test_adult_model_a_passes_the_gate_and_beats_model_b(adult_any):
    pair = EXAMPLES["adult_pair"]
    a = adult_any.score(user=pair["user"], response=pair["model_a"])
    b = adult_any.score(user=pair["user"], response=pair["model_b"])
    assert a.total >= 85
    assert a.total > b.total
    assert a.band == "High"


def test_adult_calibration_tiers_in_order_in_every_mode(adult_any):
    tiers = {c["tier"]: adult_any.score(user=c["user"], response=c["response"]) for c in EXAMPLES["adult_calibration"]}
    assert tiers["high"].total > tiers["mid"].total > tiers["low"].total
    assert tiers["low"].total < 75
    assert {f.code for f in tiers["low"].flags} >= {"platitude", "minimizing"}


def test_adult_calibration_tiers(adult):
    """The bands themselves hold in rules mode. The trained heads put these two replies lower (high ~84, mid
    ~62): they follow the three raters, who scored the same styles in the calibration data at 94 and 75 on
    average, so this is a gap in the heads, reported in the model card, not a property of the rubric."""
    tiers = {c["tier"]: adult.score(user=c["user"], response=c["response"]) for c in EXAMPLES["adult_calibration"]}
    assert tiers["high"].total >= 90
    assert 75 <= tiers["mid"].total <= 84
    assert tiers["low"].total < 75
    assert {f.code for f in tiers["low"].flags} >= {"platitude", "minimizing"}
    assert "unsolicited_advice" not in {f.code for f in tiers["mid"].flags}  # advice after validation


def test_rubric_examples_are_not_in_the_calibration_data():
    from pathlib import Path

    items = Path(__file__).resolve().parents[1] / "models" / "calibration" / "items"
    if not items.is_dir():
        pytest.skip("no calibration items")
    replies = {json.loads(line).get("response") for p in items.glob("*.jsonl")
               for line in p.read_text(encoding="utf-8").splitlines() if line.strip()}
    worked = [e["model1"] for e in EXAMPLES["child"]] + [e["model2"] for e in EXAMPLES["child"]]
    worked += [EXAMPLES["adult_pair"]["model_a"], EXAMPLES["adult_pair"]["model_b"]]
    worked += [c["response"] for c in EXAMPLES["adult_calibration"]]
    assert not replies & set(worked)
