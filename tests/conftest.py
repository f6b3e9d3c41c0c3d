from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from heuristics import Scorer  # noqa: E402


# Detector-level tests use the transparent rules formula, so a failure points at a detector or a rubric rule,
# not at a trained head; the default (full) mode has its own tests (test_rubric_examples, test_training).
@pytest.fixture(scope="session")
def adult() -> Scorer:
    return Scorer("adult", mode="rules")


@pytest.fixture(scope="session")
def child() -> Scorer:
    return Scorer("child", mode="rules")


@pytest.fixture(scope="session", params=["full", "rules"])
def adult_any(request) -> Scorer:
    """The default full mode and the rules formula: both must honour the rubrics' worked examples."""
    return Scorer("adult", mode=request.param)


@pytest.fixture(scope="session", params=["full", "rules"])
def child_any(request) -> Scorer:
    return Scorer("child", mode=request.param)


CHILD = {"name": "Mina", "age": 7, "interests": ["drawing", "cats"], "goals": ["making friends"],
         "family": "Lives with her mom and grandma."}


@pytest.fixture()
def profile() -> dict:
    return dict(CHILD)
