"""Trained heads: `eqscore train` on a user's file, label-file checks, safe storage, modes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from heuristics import Scorer
from heuristics.heads import ModelError
from heuristics.training import LabelError, read_judged, train

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ROOT / "models" / "calibration" / "adult_train.jsonl"


def rows(n: int) -> list[dict]:
    return [json.loads(line) for line in TRAIN.read_text(encoding="utf-8").splitlines()[:n]]


def write(path: Path, data: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("heads")
    data = write(folder / "judged.jsonl", rows(120))
    report = train("adult", data, folder / "fast", mode="fast")
    assert report["rows"] == 120
    return folder / "fast"


def test_round_trip_scores_with_the_trained_heads(trained):
    card = json.loads((trained / "card.json").read_text())
    assert card["mode"] == "fast" and card["rubric"] == "adult" and "heads.npz" in card["files"]
    scorer = Scorer("adult", model=trained)
    good = scorer.score(user="사람 많은데도 나 혼자인 기분이야.",
                        response="That loneliness sounds heavy, especially in a crowd. I'm here with you.")
    bad = scorer.score(user="사람 많은데도 나 혼자인 기분이야.", response="Everyone makes mistakes. You'll be fine!")
    assert scorer.mode == "fast" and good.total > bad.total


def test_tampered_heads_are_refused(trained, tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    for f in trained.iterdir():
        (copy / f.name).write_bytes(f.read_bytes())
    data = bytearray((copy / "heads.npz").read_bytes())
    data[-10] ^= 0xFF
    (copy / "heads.npz").write_bytes(bytes(data))
    with pytest.raises(ModelError, match="checksum"):
        Scorer("adult", model=copy)


def test_heads_for_another_rubric_are_refused(trained):
    with pytest.raises(ModelError, match="dimensions"):
        Scorer("child", model=trained)


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(ModelError, match="no trained heads"):
        Scorer("adult", model=tmp_path)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda r: r.pop("dims"), "missing \"dims\""),
    (lambda r: r["dims"].pop("tone_consistency"), "dims lack"),
    (lambda r: r["dims"].update(tone_consistency=25), "outside 0..20"),
    (lambda r: r["dims"].update(tone_consistency="high"), "not a number"),
    (lambda r: r.update(total=140), "total must be"),
])
def test_bad_label_files_are_rejected_with_file_and_line(tmp_path, edit, message):
    data = rows(60)
    edit(data[6])
    path = write(tmp_path / "judged.jsonl", data)
    with pytest.raises(LabelError, match=message) as info:
        read_judged(path, Scorer("adult").rubric)
    assert f"{path}:7" in str(info.value)


def test_too_few_rows(tmp_path):
    path = write(tmp_path / "judged.jsonl", rows(49))
    with pytest.raises(LabelError, match="at least 50"):
        read_judged(path, Scorer("adult").rubric)


def test_cli_train_reports_bad_files(tmp_path):
    path = write(tmp_path / "judged.jsonl", rows(10))
    run = subprocess.run([sys.executable, "-m", "heuristics.cli", "train", "--rubric", "adult", "--data", str(path),
                          "--out", str(tmp_path / "out"), "--mode", "fast"], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 2 and "at least 50" in run.stderr


def test_fast_mode_never_imports_torch():
    code = ("import sys; from heuristics import Scorer; s = Scorer('adult', mode='fast');"
            "s.score(user='I feel alone.', response='That sounds lonely. I am here.');"
            "print('torch' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"


def test_shipped_full_and_fast_heads_load_and_score():
    for mode in ("fast", "full"):
        for kind in ("adult", "child"):
            scorer = Scorer(kind, mode=mode)
            assert scorer.mode == mode
    full = Scorer("adult", mode="full")
    result = full.score(user="죽고 싶어", response="Have you tried going to bed earlier?")
    assert result.crisis.in_user and "missed_crisis" in {f.code for f in result.flags}


def test_unknown_mode():
    with pytest.raises(ValueError, match="mode must be"):
        Scorer("adult", mode="turbo")


def test_full_mode_evidence_spans_match_the_reply():
    scorer = Scorer("adult", mode="full")
    rows = [json.loads(line) for line in (ROOT / "models" / "calibration" / "adult_heldout.jsonl")
            .read_text(encoding="utf-8").splitlines()[:40]]
    learned = 0
    for row in rows:
        result = scorer.score(user=row["user"], response=row["response"], history=row.get("history"))
        for flag in result.flags:
            if flag.field == "response":
                assert row["response"][flag.span[0]:flag.span[1]] == flag.text
            learned += flag.why.startswith("learned")
    assert learned >= 1  # the learned heads take part in scoring, with a sentence as evidence


def test_default_mode_is_full_and_a_missing_full_model_falls_back_only_when_asked(tmp_path, monkeypatch, capsys):
    import shutil

    import heuristics.scorer as scorer_mod

    assert Scorer("adult").mode == "full"
    shutil.copytree(ROOT / "models" / "adult" / "fast", tmp_path / "adult" / "fast")
    monkeypatch.setattr(scorer_mod, "models_dir", lambda: tmp_path)
    with pytest.raises(ModelError, match="fallback_to_fast"):
        Scorer("adult", mode="full")
    scorer = Scorer("adult", mode="full", fallback_to_fast=True)
    assert scorer.mode == "fast"
    assert "falling back to fast mode" in capsys.readouterr().err
    assert scorer.score(user="I feel alone.", response="That sounds lonely. I'm here.").total > 0
    assert Scorer("adult").mode == "rules"  # no heads for a rubric: its own formula scores (custom rubric files)


def test_calibration_is_monotone_and_survives_save_and_load(tmp_path):
    from heuristics.heads import TrainedHeads

    heads = Scorer("child", mode="fast").head
    assert heads.calibration.shape == (5, 65)  # the shipped heads carry their isotonic calibration
    assert (np.diff(heads.calibration, axis=1) >= 0).all()
    heads.save(tmp_path / "m")
    again = TrainedHeads.load(tmp_path / "m", Scorer("child", mode="rules").rubric)
    assert np.array_equal(again.calibration, heads.calibration)
    raw = np.linspace(0, 1, 11)[:, None] * np.array(heads.maxima)[None, :]
    from heuristics.heads import calibrate

    mapped = calibrate(raw, heads.calibration, heads.maxima)
    assert (np.diff(mapped, axis=0) >= 0).all() and (mapped >= 0).all()
    assert (mapped <= np.array(heads.maxima)).all()
