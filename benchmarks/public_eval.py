"""Our scores against public human labels (evaluation only: these sets are licensed for non-commercial research,
are read from ../shared/data, never copied, and never used to fit or tune anything we ship).

- EPITOME (Sharma et al., EMNLP 2020): Spearman of empathy_accuracy with ER + IP, and of engagement_quality
  with EX (exploration), for the rules, fast and full modes.
- ESConv (Liu et al., ACL 2021): how our advice findings line up with "Providing Suggestions" and our question
  findings with "Question" (precision, recall, F1).

    python benchmarks/public_eval.py [--limit 800]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy.stats import spearmanr

from heuristics import Scorer

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "data"


def load(name: str, limit: int) -> list[dict]:
    path = SHARED / name / "dev.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    step = max(1, len(rows) // limit)
    return rows[::step][:limit]  # a deterministic spread over the file


def epitome(limit: int) -> dict:
    rows = [r for r in load("epitome", limit) if r["seeker_post"].strip() and r["response_post"].strip()]
    er_ip = np.array([r["er"] + r["ip"] for r in rows])
    ex = np.array([r["ex"] for r in rows])
    out = {"n": len(rows)}
    for mode in ("rules", "fast", "full"):
        scorer = Scorer("adult", mode=mode)
        emp, eng = [], []
        for r in rows:
            res = scorer.score(user=r["seeker_post"][:5000], response=r["response_post"][:5000])
            emp.append(res.dimensions["empathy_accuracy"].score)
            eng.append(res.dimensions["engagement_quality"].score)
        out[mode] = {"empathy_accuracy~ER+IP": round(float(spearmanr(emp, er_ip)[0]), 3),
                     "engagement_quality~EX": round(float(spearmanr(eng, ex)[0]), 3)}
    return out


def prf(pred: list[bool], truth: list[bool]) -> dict:
    tp = sum(p and t for p, t in zip(pred, truth, strict=True))
    precision = tp / max(1, sum(pred))
    recall = tp / max(1, sum(truth))
    return {"precision": round(precision, 3), "recall": round(recall, 3),
            "f1": round(2 * precision * recall / max(1e-9, precision + recall), 3), "positives": sum(truth)}


def esconv(limit: int) -> dict:
    rows = [r for r in load("esconv", limit) if r.get("seeker_turn")]
    scorer = Scorer("adult", mode="rules")
    advice, unsolicited, question, reflective = [], [], [], []
    for r in rows:
        history = [{"role": "user" if c["speaker"] == "seeker" else "assistant", "content": c["text"]}
                   for c in r["context"] if c["text"].strip()]
        res = scorer.score(user=r["seeker_turn"], response=r["response"], history=history)
        signals = {e.signal for d in res.dimensions.values() for e in d.evidence} | {f.code for f in res.flags}
        advice.append(bool(signals & {"advice", "unsolicited_advice"}))
        unsolicited.append("unsolicited_advice" in signals)
        question.append(r["response"].rstrip().endswith("?") or "?" in r["response"])
        reflective.append("reflective_question" in signals)
    suggestions = [r["strategy"] == "Providing Suggestions" for r in rows]
    questions = [r["strategy"] == "Question" for r in rows]
    return {"n": len(rows),
            "advice (any) ~ Providing Suggestions": prf(advice, suggestions),
            "unsolicited_advice ~ Providing Suggestions": prf(unsolicited, suggestions),
            "reflective_question ~ Question": prf(reflective, questions),
            "any question mark ~ Question (reference)": prf(question, questions)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=800)
    args = parser.parse_args()
    if not SHARED.is_dir():
        print(f"public data not found at {SHARED}; nothing to evaluate")
        return 0
    report = {"epitome": epitome(args.limit), "esconv": esconv(args.limit)}
    print(json.dumps(report, indent=2))
    (HERE / "results" / "public_eval.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
