"""Detectors on held-out sets written by helpers who never saw the lexicons, and that were never used to tune
them: the honest estimate of how the rules generalise. Prints a table and writes benchmarks/results/heldout.json.

    python benchmarks/heldout.py
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from heuristics import Scorer

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"


def load(name: str) -> list[dict]:
    path = DATA / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def prf(pairs: list[tuple[bool, bool]]) -> dict:
    tp = sum(p and t for p, t in pairs)
    fp = sum(p and not t for p, t in pairs)
    fn = sum(t and not p for p, t in pairs)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return {"n": len(pairs), "precision": round(precision, 3), "recall": round(recall, 3)}


def crisis(adult: Scorer) -> dict:
    out = {}
    for name in ("crisis_heldout2.jsonl",):
        items = load(name)
        by_lang: dict[str, list] = defaultdict(list)
        for item in items:
            found = adult.score(user=item["text"], response="Thanks for telling me.").crisis.in_user
            by_lang[item["lang"]].append((found, item["label"] == "crisis"))
            by_lang["all"].append((found, item["label"] == "crisis"))
        for lang, pairs in by_lang.items():
            crises = [p for p, t in pairs if t]
            looks = [p for p, t in pairs if not t]
            out[f"{name}:{lang}"] = {"crisis_recall": round(sum(crises) / len(crises), 3),
                                     "lookalike_clean": round(1 - sum(looks) / len(looks), 3),
                                     "n": len(pairs)}
    return out


def flags(kind: str, scorer: Scorer) -> dict:
    grouped: dict[str, list] = defaultdict(list)
    for item in load(f"heldout_flags_{kind}.jsonl"):
        if kind == "adult":
            result = scorer.score(user=item["user"], response=item["response"], history=item.get("history"))
        else:
            result = scorer.score(child=item["child"], question=item["question"], response=item["response"])
        grouped[item["flag"]].append((item["flag"] in {f.code for f in result.flags}, bool(item["label"])))
    return {code: prf(pairs) for code, pairs in sorted(grouped.items())}


def main() -> int:
    adult, child = Scorer("adult"), Scorer("child")
    report = {"crisis": crisis(adult), "adult_flags": flags("adult", adult), "child_flags": flags("child", child)}
    print(f"{'set':42} {'n':>4} {'P / crisis recall':>18} {'R / look-alikes clean':>22}")
    for key, row in report["crisis"].items():
        print(f"{key:42} {row['n']:>4} {row['crisis_recall']:>18.2f} {row['lookalike_clean']:>22.2f}")
    for kind in ("adult_flags", "child_flags"):
        for code, row in report[kind].items():
            print(f"{kind + ':' + code:42} {row['n']:>4} {row['precision']:>18.2f} {row['recall']:>22.2f}")
    out = HERE / "results" / "heldout.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
