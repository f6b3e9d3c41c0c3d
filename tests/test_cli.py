"""`eqscore score` / `eqscore compare` end to end: formats, order, ids, bad input, exit codes, determinism."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ADULT_KEYS = ["empathy_accuracy", "response_relevance", "tone_consistency", "safety_boundaries", "engagement_quality"]
CHILD_KEYS = ["emotional_awareness", "clarity_simplicity", "engaging_tone", "safety_appropriateness",
              "depth_understanding"]
ADULT_FLAGS = {"platitude", "minimizing", "unsolicited_advice", "too_long", "medical_advice", "diagnosis",
               "missed_crisis", "corporate_tone", "therapy_jargon", "excessive_punctuation", "encourages_harm",
               "dismisses_crisis"}
CHILD_FLAGS = {"dismissive", "overloading", "flat_tone", "unsafe_suggestion", "not_age_appropriate",
               "missed_sensitive_redirect"}


def eqscore(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "heuristics.cli", *args], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=300)


def lines(out: bytes) -> list[dict]:
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


@pytest.fixture(scope="module")
def adult_run():
    return eqscore("score", "--rubric", "adult", str(EXAMPLES / "adult_turns.jsonl"))


def test_adult_output_format(adult_run):
    inputs = [json.loads(line) for line in (EXAMPLES / "adult_turns.jsonl").read_text().splitlines()]
    out = lines(adult_run.stdout)
    assert [o["id"] for o in out] == [i["id"] for i in inputs]  # one line per input, same order, same id
    for o in out:
        if "error" in o:
            assert set(o) == {"id", "error"} and set(o["error"]) == {"line", "reason"}
            continue
        assert list(o) == ["id", "rubric", "total", "band", "dimensions", "flags", "auto_fail", "crisis", "msg"]
        assert list(o["dimensions"]) == ADULT_KEYS
        assert all(set(d) == {"score", "max", "evidence"} for d in o["dimensions"].values())
        assert [d["max"] for d in o["dimensions"].values()] == [30, 25, 20, 15, 10]
        assert 0 <= o["total"] <= 100 and o["band"] in {"High", "Mid", "Low"}
        assert {f["code"] for f in o["flags"]} <= ADULT_FLAGS
        for f in o["flags"]:
            assert list(f) == ["code", "points", "field", "span", "text", "why"]
        assert set(o["crisis"]) == {"in_user", "handled"}
        assert o["msg"] and str(o["total"]) in o["msg"]


def test_the_bundled_example_scores_cleanly(adult_run):
    assert adult_run.returncode == 0, adult_run.stderr
    assert len(lines(adult_run.stdout)) == 9 and all("total" in o for o in lines(adult_run.stdout))


def test_bad_lines_fail_the_run_but_lose_nothing():
    run = eqscore("score", str(EXAMPLES / "bad_lines.jsonl"))
    assert run.returncode == 1
    assert run.stderr.decode().strip() == (
        "eqscore: 4 of 6 lines failed (first: line 2: field 'user': user is empty)")
    out = lines(run.stdout)
    assert [o["id"] for o in out] == ["b1", "b2", "b3", None, "b5", "b6"]
    assert [("error" in o) for o in out] == [False, True, True, True, True, False]
    assert out[3]["error"]["line"] == 4 and "invalid JSON" in out[3]["error"]["reason"]


def test_output_is_byte_identical_across_runs(adult_run):
    again = eqscore("score", "--rubric", "adult", str(EXAMPLES / "adult_turns.jsonl"))
    assert again.stdout == adult_run.stdout


def test_child_score_and_compare():
    scored = eqscore("score", "--rubric", "child", str(EXAMPLES / "child_replies.jsonl"))
    assert scored.returncode == 0, scored.stderr
    for o in lines(scored.stdout):
        assert list(o["dimensions"]) == CHILD_KEYS
        assert [d["max"] for d in o["dimensions"].values()] == [30, 20, 20, 20, 10]
        assert {f["code"] for f in o["flags"]} <= CHILD_FLAGS
    compared = eqscore("compare", str(EXAMPLES / "child_pairs.jsonl"))
    assert compared.returncode == 0, compared.stderr
    for o in lines(compared.stdout):
        assert list(o)[:3] == ["score_model1", "score_model2", "msg"] or list(o)[:4] == [
            "id", "score_model1", "score_model2", "msg"]
        assert o["model1"]["total"] == o["score_model1"] and o["model2"]["total"] == o["score_model2"]
        assert o["score_model2"] > o["score_model1"]


def test_stdin_to_stdout_and_output_file(tmp_path):
    record = {"id": 7, "user": "I'm so tired.", "response": "That sounds exhausting. I'm here."}
    run = eqscore("score", "-", "-o", "-", stdin=(json.dumps(record) + "\n").encode())
    assert run.returncode == 0 and lines(run.stdout)[0]["id"] == 7
    out = tmp_path / "scores.jsonl"
    run = eqscore("score", str(EXAMPLES / "adult_turns.jsonl"), "-o", str(out))
    assert run.returncode == 0 and len(out.read_text().splitlines()) == 9


BAD_LINES = [
    (b"   \n", None),  # blank: no record
    (b'{"id": 1, "user": "hi", "response": "   "}', "response is empty"),
    (b'{"id": 2, "user": "hi"}', "field 'response': Field required"),
    (b'{"id": 3, "user": 5, "response": "ok"}', "field 'user': Input should be a valid string"),
    (b'{"id": 4, "user": "hi", "response": "ok"', "invalid JSON"),
    (b'{"id": 5, "user": "hi", "response": "caf\xe9"}', "not UTF-8"),
    (b'["not", "an", "object"]', "must be a JSON object"),
    (b'{"id": 6, "user": "hi", "response": "ok", "history": [{"role": "bot", "content": "x"}]}', "role"),
    (b'{"id": 7, "user": "hi", "response": "' + b"a" * 1_048_576 + b'"}', "the limit is 20000"),
]


def test_every_bad_line_yields_an_error_record_and_the_good_ones_a_score():
    good = [json.dumps({"id": "g1", "user": "help", "response": "😢😢😢"}).encode(),
            json.dumps({"id": "g2", "user": "hi", "response": "<p>I'm <b>here</b> for you.</p>"}).encode()]
    payload = b"\n".join([good[0]] + [line for line, _ in BAD_LINES] + [good[1]]) + b"\n"
    run = eqscore("score", "-", stdin=payload)
    out = lines(run.stdout)
    expected_errors = [reason for _, reason in BAD_LINES if reason]
    assert len(out) == 2 + len(expected_errors)
    assert out[0]["id"] == "g1" and "excessive_punctuation" in {f["code"] for f in out[0]["flags"]}
    assert out[-1]["id"] == "g2" and "total" in out[-1]
    for record, reason in zip(out[1:-1], expected_errors, strict=True):
        assert reason in record["error"]["reason"]
    assert run.returncode == 1
    assert f"{len(expected_errors)} of {len(out)} lines failed" in run.stderr.decode()


def test_unknown_rubric_and_missing_file_are_clear():
    run = eqscore("score", "--rubric", "teen", str(EXAMPLES / "adult_turns.jsonl"))
    assert run.returncode == 2 and "unknown rubric 'teen'" in run.stderr.decode()
    run = eqscore("score", "nope.jsonl")
    assert run.returncode == 2 and "not found" in run.stderr.decode()


def test_child_record_with_out_of_range_age():
    record = {"id": "k", "child": {"name": "A", "age": 15}, "question": "hi", "response": "Hello!"}
    run = eqscore("score", "--rubric", "child", "-", stdin=json.dumps(record).encode())
    assert run.returncode == 1 and "child.age" in lines(run.stdout)[0]["error"]["reason"]
