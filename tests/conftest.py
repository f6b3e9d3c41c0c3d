from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from heuristics import Scorer  # noqa: E402


@pytest.fixture(scope="session")
def adult() -> Scorer:
    return Scorer("adult")


@pytest.fixture(scope="session")
def child() -> Scorer:
    return Scorer("child")


CHILD = {"name": "Mina", "age": 7, "interests": ["drawing", "cats"], "goals": ["making friends"],
         "family": "Lives with her mom and grandma."}


@pytest.fixture()
def profile() -> dict:
    return dict(CHILD)
