"""Agreement between our scores, LLM judges and humans (`eqscore agree`).

Statistics come from scikit-learn (Cohen's kappa, plain and quadratic-weighted), scipy (Spearman, Pearson)
and statsmodels (Fleiss' kappa); bands are the rubric's. Ids missing from any file are reported, not dropped
silently; the rubric's tie-break rule (raters more than 15 points apart) lists the items to re-score."""

from __future__ import annotations

import itertools
import math

import numpy as np
from scipy.stats import pearsonr, spearmanr
from sklearn.metrics import cohen_kappa_score, confusion_matrix
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

from .judged_files import ScoreFile, ScoreFileError
from .rubric import Rubric

TIE_BREAK_POINTS = 15.0


def _safe(value: float) -> float | None:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else round(float(value), 4)


def _corr(fn, a, b) -> float | None:
    a, b = np.asarray(a, float), np.asarray(b, float)
    if len(a) < 3 or np.std(a) == 0 or np.std(b) == 0:
        return None
    return _safe(fn(a, b)[0])


def band_index(rubric: Rubric, total: float) -> int:
    """0 = lowest band."""
    ordered = sorted(rubric.bands, key=lambda b: b.min)
    return max(i for i, b in enumerate(ordered) if total >= b.min)


def pair_stats(rubric: Rubric, a: list[float], b: list[float]) -> dict:
    ba = [band_index(rubric, x) for x in a]
    bb = [band_index(rubric, x) for x in b]
    labels = list(range(len(rubric.bands)))
    both_constant = len(set(ba)) == 1 and set(ba) == set(bb)
    return {
        "n": len(a),
        "cohen_kappa": 1.0 if both_constant else _safe(cohen_kappa_score(ba, bb, labels=labels)),
        "weighted_kappa": 1.0 if both_constant else _safe(cohen_kappa_score(ba, bb, labels=labels,
                                                                              weights="quadratic")),
        "spearman": _corr(spearmanr, a, b),
        "pearson": _corr(pearsonr, a, b),
        "mae": _safe(np.mean(np.abs(np.asarray(a) - np.asarray(b)))) if a else None,
    }


def fleiss(rubric: Rubric, totals_by_rater: list[list[float]]) -> float | None:
    if len(totals_by_rater) < 2:
        return None
    table = np.array([[band_index(rubric, t) for t in item] for item in zip(*totals_by_rater, strict=True)])
    counts, _ = aggregate_raters(table, n_cat=len(rubric.bands))
    return _safe(fleiss_kappa(counts))


def analyse(rubric: Rubric, ours: ScoreFile, judges: list[ScoreFile]) -> dict:
    files = [ours, *judges]
    all_ids = set().union(*(set(f.items) for f in files))
    common = sorted(set(ours.items).intersection(*(set(j.items) for j in judges)))
    if not common:
        raise ScoreFileError(f"no id is in every file ({', '.join(f.name for f in files)}): nothing to compare")
    missing = {f.name: sorted(all_ids - set(f.items)) for f in files if all_ids - set(f.items)}
    names = ["ours"] + [f"judge{i + 1}:{j.name}" for i, j in enumerate(judges)]
    totals = {n: [f.items[i].total for i in common] for n, f in zip(names, files, strict=True)}
    judge_names = names[1:]
    totals["judges_mean"] = [float(np.mean([totals[j][k] for j in judge_names])) for k in range(len(common))]

    pairs = {}
    for a, b in itertools.combinations(names, 2):
        pairs[f"{a} vs {b}"] = pair_stats(rubric, totals[a], totals[b])
    if len(judge_names) > 1:
        pairs["ours vs judges_mean"] = pair_stats(rubric, totals["ours"], totals["judges_mean"])

    dims = {}
    for dim in rubric.dimensions:
        per_judge = {}
        for j, f in zip(judge_names, judges, strict=True):
            keys = [i for i in common if dim.key in ours.items[i].dims and dim.key in f.items[i].dims]
            if keys:
                a = [ours.items[i].dims[dim.key] for i in keys]
                b = [f.items[i].dims[dim.key] for i in keys]
                per_judge[j] = {"n": len(keys), "spearman": _corr(spearmanr, a, b), "pearson": _corr(pearsonr, a, b),
                                "mae": _safe(np.mean(np.abs(np.array(a) - np.array(b))))}
        if per_judge:
            dims[dim.key] = per_judge

    ordered_bands = [b.name for b in sorted(rubric.bands, key=lambda b: b.min)]
    ours_b = [band_index(rubric, t) for t in totals["ours"]]
    ref_b = [band_index(rubric, t) for t in totals["judges_mean"]]
    matrix = confusion_matrix(ref_b, ours_b, labels=list(range(len(ordered_bands)))).tolist() if common else []

    flags = {}
    codes = sorted({c for f in files for i in common for c in f.items[i].flags})
    for code in codes:
        truth = [sum(code in j.items[i].flags for j in judges) * 2 > len(judges) for i in common]
        pred = [code in ours.items[i].flags for i in common]
        tp = sum(p and t for p, t in zip(pred, truth, strict=True))
        flags[code] = {"judges_majority": sum(truth), "ours": sum(pred),
                       "precision": _safe(tp / sum(pred)) if sum(pred) else None,
                       "recall": _safe(tp / sum(truth)) if sum(truth) else None}

    disagreements = []
    for k, item in enumerate(common):
        values = {n: totals[n][k] for n in names}
        spread = max(values.values()) - min(values.values())
        if spread > TIE_BREAK_POINTS:
            disagreements.append({"id": item, "spread": round(spread, 2), "totals": values,
                                  "ours_flags": [e for e in ours.items[item].evidence if "signal" not in e],
                                  "ours_evidence": ours.items[item].evidence, "text": ours.items[item].text})
    disagreements.sort(key=lambda d: -d["spread"])
    return {
        "rubric": rubric.name, "raters": names, "items_compared": len(common), "missing": missing,
        "fleiss_kappa": fleiss(rubric, [totals[j] for j in judge_names]),
        "pairs": pairs, "dimensions": dims,
        "band_confusion": {"bands": ordered_bands, "rows": "judges_mean band", "columns": "our band",
                           "matrix": matrix},
        "flags": flags, "disagreements_over_15": disagreements,
        "totals": {n: totals[n] for n in [*names, "judges_mean"]}, "ids": common,
    }
