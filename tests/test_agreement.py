"""`eqscore agree`: statistics against known answers, file checks, the JSON keys pipelines gate on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from heuristics.agreement import band_index, fleiss, pair_stats
from heuristics.rubric import Band, Rubric, load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def five_band_rubric() -> Rubric:
    adult = load("adult")
    bands = tuple(Band(name, lo) for name, lo in [("E", 80), ("D", 60), ("C", 40), ("B", 20), ("A", 0)])
    return Rubric("five", "five bands", "adult", adult.dimensions, adult.rules, bands)


def test_cohen_kappa_known_answer():
    rubric = load("adult")  # Low < 75 <= Mid < 85 <= High
    a = [90, 90, 80, 10, 10]  # High High Mid Low Low
    b = [95, 80, 78, 20, 90]  # High Mid  Mid Low High
    stats = pair_stats(rubric, a, b)
    # p_o = 3/5; p_e = (2*2 + 1*2 + 2*1) / 25 = 8/25 -> (0.6 - 0.32) / 0.68
    assert stats["cohen_kappa"] == pytest.approx(0.28 / 0.68, abs=1e-4)
    # quadratic weights w_ij = (i - j)^2 / (k - 1)^2 computed by hand from the two band lists
    ia = np.array([band_index(rubric, x) for x in a])
    ib = np.array([band_index(rubric, x) for x in b])
    k = 3
    observed = np.zeros((k, k))
    for i, j in zip(ia, ib, strict=True):
        observed[i, j] += 1
    expected = np.outer(observed.sum(1), observed.sum(0)) / observed.sum()
    weights = np.array([[(i - j) ** 2 / (k - 1) ** 2 for j in range(k)] for i in range(k)])
    assert stats["weighted_kappa"] == pytest.approx(1 - (weights * observed).sum() / (weights * expected).sum(),
                                                    abs=1e-4)
    assert stats["mae"] == pytest.approx(np.mean(np.abs(np.array(a) - np.array(b))))


def test_spearman_and_pearson_known_answers():
    stats = pair_stats(load("adult"), [1, 2, 3, 4, 5], [2, 1, 4, 3, 5])
    assert stats["spearman"] == pytest.approx(0.8)  # 1 - 6 * 4 / (5 * 24)
    assert stats["pearson"] == pytest.approx(0.8)


def test_fleiss_kappa_wikipedia_example():
    # Fleiss (1971) as on Wikipedia: 10 subjects, 14 raters, 5 categories -> kappa = 0.210
    counts = [[0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
              [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7]]
    centre = [10, 30, 50, 70, 90]  # one total inside each of the five bands
    per_subject = [[centre[c] for c, n in enumerate(row) for _ in range(n)] for row in counts]
    by_rater = [list(col) for col in zip(*per_subject, strict=True)]
    assert fleiss(five_band_rubric(), by_rater) == pytest.approx(0.210, abs=0.001)


def agree(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "heuristics.cli", "agree", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def ours(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("agree") / "ours.jsonl"
    run = subprocess.run([sys.executable, "-m", "heuristics.cli", "score", str(EXAMPLES / "adult_turns.jsonl"),
                          "-o", str(out)], capture_output=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0
    return out


def test_agree_end_to_end(ours, tmp_path):
    out = tmp_path / "agree.json"
    report = tmp_path / "report.html"
    run = agree("--pred", str(ours), "--judge", str(EXAMPLES / "judge_gpt.jsonl"), "--judge",
                str(EXAMPLES / "judge_human.jsonl"), "--input", str(EXAMPLES / "adult_turns.jsonl"),
                "--json", str(out), "--report", str(report))
    assert run.returncode == 0, run.stderr
    result = json.loads(out.read_text())
    assert result["missing"] == {"judge_human.jsonl": ["a8"]}  # reported, not silently dropped
    assert "a8" in run.stderr
    assert result["items_compared"] == 8
    assert isinstance(result["fleiss_kappa"], float)
    pair = result["pairs"]["ours vs judges_mean"]
    assert set(pair) == {"n", "cohen_kappa", "weighted_kappa", "spearman", "pearson", "mae"}
    assert set(result["dimensions"]) == {"empathy_accuracy", "response_relevance", "tone_consistency",
                                         "safety_boundaries", "engagement_quality"}
    assert result["band_confusion"]["bands"] == ["Low", "Mid", "High"]
    assert result["flags"]["platitude"]["precision"] == 1.0
    worst = result["disagreements_over_15"]
    assert worst and all(a["spread"] >= b["spread"] for a, b in zip(worst, worst[1:], strict=False))
    assert report.read_text().count("<svg") >= 3


@pytest.mark.parametrize(("line", "message"), [
    ('{"id": "a1", "total": 90}\n{"id": "a1", "total": 80}\n', "duplicate id 'a1'"),
    ('{"id": "a1", "total": "high"}\n', "total is not a number"),
    ('{"id": "a1", "total": 90, "dims": {"warmth": 3}}\n', "not in the rubric"),
    ('{"id": "a1", "total": 90, "rubric": "child"}\n', "does not match"),
    ('{"id": "a1"\n', "invalid JSON"),
])
def test_bad_judge_files_name_file_and_line(ours, tmp_path, line, message):
    bad = tmp_path / "judge.jsonl"
    bad.write_text(line)
    run = agree("--pred", str(ours), "--judge", str(bad))
    assert run.returncode == 2
    assert message in run.stderr and "judge.jsonl" in run.stderr


def test_child_compare_format_is_understood(tmp_path):
    compare = tmp_path / "ours.jsonl"
    run = subprocess.run([sys.executable, "-m", "heuristics.cli", "compare", str(EXAMPLES / "child_pairs.jsonl"),
                          "-o", str(compare)], capture_output=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0
    judge = tmp_path / "judge.jsonl"
    judge.write_text('{"id": "p1", "score_model1": 45, "score_model2": 92}\n'
                     '{"id": "p2", "model1": {"total": 40}, "model2": {"total": 90}}\n')
    out = tmp_path / "a.json"
    run = agree("--pred", str(compare), "--judge", str(judge), "--json", str(out))
    assert run.returncode == 0, run.stderr
    result = json.loads(out.read_text())
    assert result["rubric"] == "child" and result["items_compared"] == 4
    assert result["ids"] == ["p1#model1", "p1#model2", "p2#model1", "p2#model2"]
