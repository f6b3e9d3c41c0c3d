"""The wheel works installed outside the checkout: lexicons and rubrics ship as package data."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                            str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    if build.returncode != 0:
        pytest.fail(build.stdout + build.stderr)
    return next(out.glob("eq_heuristics-*.whl"))


def test_wheel_carries_lexicons_and_rubrics(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "heuristics/rubrics/adult.toml" in names and "heuristics/rubrics/child.toml" in names
    assert "heuristics/_data/lexicons/en/platitude.txt" in names
    assert "heuristics/_data/lexicons/ko/crisis.tsv" in names


def test_installed_wheel_scores_outside_the_checkout(wheel, tmp_path):
    target = tmp_path / "site"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target),
                              str(wheel)], capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr
    code = ("import json, heuristics, heuristics.resources as r; from heuristics import Scorer;"
            "res = Scorer('adult').score(user='죽고 싶어', response='Have you tried sleeping more?');"
            "print(json.dumps([heuristics.__file__, str(r.lexicon_dir()), res.total, res.crisis.in_user]))")
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    module, lexicons, total, in_user = json.loads(run.stdout)
    assert module.startswith(str(target)) and lexicons.startswith(str(target))
    assert in_user is True and total < 75
