"""Average the three raters' labels into the judged format the trainer reads, split off a held-out part,
and measure the raters' agreement (written into the model cards).

    python models/calibration/aggregate.py

Reads items/*.jsonl (what the raters saw, plus the author's `design` notes, which no rater saw) and
labels/<part>_r{1,2,3}.jsonl. Writes <rubric>_train.jsonl, <rubric>_heldout.jsonl and agreement.json.
The held-out part (about 20%, chosen by a hash of the item id, child pairs kept together) is never used to
fit or choose heads.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.stats import spearmanr
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

HERE = Path(__file__).resolve().parent
PARTS = {"adult": ["adult_part1", "adult_part2", "adult_part3", "adult_part4"], "child": ["child", "child_part2"]}
ADULT_BANDS = [(85, "High"), (75, "Mid"), (0, "Low")]
CHILD_BANDS = [(90, "Exceptional"), (80, "Very Strong"), (70, "Good"), (60, "Satisfactory"), (50, "Adequate"),
               (30, "Weak"), (0, "Inadequate")]
INPUT_FIELDS = {"adult": ["id", "user", "response", "history"], "child": ["id", "child", "question", "response"]}


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def band(total: float, bands) -> str:
    return next(name for lo, name in bands if total >= lo)


def heldout(key: str) -> bool:
    return int(hashlib.sha256(key.encode()).hexdigest(), 16) % 5 == 0


def build(kind: str) -> dict:
    items = {}
    for part in PARTS[kind]:
        for item in read(HERE / "items" / f"{part}.jsonl"):
            items[item["id"]] = item
    raters: list[dict[str, dict]] = [{}, {}, {}]
    for part in PARTS[kind]:
        for r in range(3):
            for label in read(HERE / "labels" / f"{part}_r{r + 1}.jsonl"):
                raters[r][label["id"]] = label
    ids = sorted(set(items) & set(raters[0]) & set(raters[1]) & set(raters[2]))
    bands = ADULT_BANDS if kind == "adult" else CHILD_BANDS
    rows = {"train": [], "heldout": []}
    for item_id in ids:
        item = items[item_id]
        labels = [raters[r][item_id] for r in range(3)]
        dims = {k: round(float(np.mean([lab["dims"][k] for lab in labels])), 2) for k in labels[0]["dims"]}
        votes = Counter(code for lab in labels for code in set(lab.get("flags", [])))
        row = {k: item[k] for k in INPUT_FIELDS[kind] if k in item}
        row |= {"dims": dims, "flags": sorted(c for c, n in votes.items() if n >= 2),
                "total": round(float(np.mean([lab["total"] for lab in labels])), 2),
                "raters": [lab["total"] for lab in labels]}
        if kind == "child":
            row["pair"] = item["pair"]
        split_key = item.get("pair", item_id) if kind == "child" else item_id
        rows["heldout" if heldout(f"{kind}:{split_key}") else "train"].append(row)
    for split, split_rows in rows.items():
        out = HERE / f"{kind}_{split}.jsonl"
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in split_rows), encoding="utf-8")
    totals = np.array([[raters[r][i]["total"] for r in range(3)] for i in ids], dtype=float)
    band_table = aggregate_raters(np.array([[band(t, bands) for t in row] for row in totals]))[0]
    pairs = list(itertools.combinations(range(3), 2))
    return {
        "items": len(ids), "train": len(rows["train"]), "heldout": len(rows["heldout"]),
        "fleiss_kappa_bands": round(float(fleiss_kappa(band_table)), 3),
        "mean_pairwise_spearman_total": round(float(np.mean(
            [spearmanr(totals[:, a], totals[:, b])[0] for a, b in pairs])), 3),
        "mean_pairwise_mae_total": round(float(np.mean([np.abs(totals[:, a] - totals[:, b]).mean()
                                                        for a, b in pairs])), 2),
        "korean_user_messages": sum(1 for i in ids if any("\uac00" <= ch <= "\ud7a3"
                                                          for ch in items[i].get("user", ""))),
    }


def main() -> None:
    report = {kind: build(kind) for kind in PARTS}
    (HERE / "agreement.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
