"""The agreement report renders its figures in a real browser (headless Chromium); a screenshot is kept."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="chromium not installed (CI installs it)")
def test_report_renders_in_chromium(tmp_path):
    assert CHROMIUM, "chromium is required in CI (.ci/run installs it)"
    ours, report = tmp_path / "ours.jsonl", tmp_path / "report.html"
    subprocess.run([sys.executable, "-m", "heuristics.cli", "score", str(EXAMPLES / "adult_turns.jsonl"), "-o",
                    str(ours)], check=True, cwd=ROOT, timeout=300)
    subprocess.run([sys.executable, "-m", "heuristics.cli", "agree", "--pred", str(ours), "--judge",
                    str(EXAMPLES / "judge_gpt.jsonl"), "--judge", str(EXAMPLES / "judge_human.jsonl"), "--input",
                    str(EXAMPLES / "adult_turns.jsonl"), "--report", str(report)], check=True, cwd=ROOT, timeout=300)
    profile = tmp_path / "profile"
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", report.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    for figure in ('id="scatter"', 'id="dimensions"', 'id="confusion"'):
        assert figure in dom.stdout
    assert dom.stdout.count("<svg") >= 3 and "<mark" in dom.stdout
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "agreement_report.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--window-size=1200,1800",
                    f"--screenshot={shot}", report.as_uri()], capture_output=True, timeout=120)
    assert shot.is_file() and shot.stat().st_size > 20_000  # a blank page is a few kB
    print(f"screenshot: {shot}")
