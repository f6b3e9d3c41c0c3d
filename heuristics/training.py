"""Fit heads to a team's own labels: `eqscore train` and the shipped models use this.

Judged file: the input fields of the rubric plus `"dims": {KEY: score}` (and optionally `"flags"`, `"total"`),
one JSON object per line. Ridge regression per dimension, its alpha chosen by 5-fold cross-validation on the
training rows only (folds keep a child's answer pair together); the rubric's rules still apply after the heads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.stats import spearmanr
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.model_selection import GroupKFold

from . import __version__, jsonl
from . import rubric as rubric_mod
from .features import EMBEDDING_EXTRAS
from .heads import CALIBRATION_GRID, RulesHead, TrainedHeads, calibrate, fit_projection, project
from .scorer import InputError, Scorer

MIN_ROWS = 50
ALPHAS = (0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0)
FOLDS = 5


class LabelError(ValueError):
    """A judged file the trainer cannot use, with the file and line at fault."""


@dataclass
class Prepared:
    """Design matrix pieces for labelled rows: detector features, embeddings, findings, targets."""

    features: list[dict[str, float]]
    blocks: list[np.ndarray | None]
    findings: list[list]
    targets: np.ndarray  # (n, n_dims) averaged labels
    totals: np.ndarray  # labelled totals (given, or the sum of dims)
    groups: list[str]
    korean: np.ndarray
    flag_labels: dict[str, np.ndarray]


def read_judged(path: Path, rubric: rubric_mod.Rubric) -> list[dict]:
    """Read and check a judged file: every line parses, has every dimension, scores are numbers in range."""
    rows = []
    maxima = {d.key: d.max for d in rubric.dimensions}
    for where, row in jsonl.objects(path, LabelError):
        dims = row.get("dims")
        if not isinstance(dims, dict):
            raise LabelError(f"{where}: missing \"dims\" (an object of {sorted(maxima)})")
        missing = [k for k in maxima if k not in dims]
        if missing:
            raise LabelError(f"{where}: dims lack {missing}")
        for key, value in dims.items():
            if key not in maxima:
                raise LabelError(f"{where}: unknown dimension '{key}' for rubric '{rubric.name}'")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise LabelError(f"{where}: dims.{key} is not a number: {value!r}")
            if not 0 <= value <= maxima[key]:
                raise LabelError(f"{where}: dims.{key} = {value} is outside 0..{maxima[key]}")
        total = row.get("total")
        if total is not None and (isinstance(total, bool) or not isinstance(total, int | float)
                                  or not 0 <= total <= 100):
            raise LabelError(f"{where}: total must be a number in 0..100, not {total!r}")
        row["_line"] = int(where.rsplit(":", 1)[1])
        rows.append(row)
    if len(rows) < MIN_ROWS:
        raise LabelError(f"{path}: {len(rows)} labelled rows; training needs at least {MIN_ROWS}")
    return rows


def prepare(scorer: Scorer, rows: list[dict], mode: str, path: str = "data") -> Prepared:
    feats, blocks, found_all, groups, korean = [], [], [], [], []
    dims = [d.key for d in scorer.rubric.dimensions]
    for row in rows:
        try:
            a, _ = scorer.analysis_of(row)
        except InputError as exc:
            raise LabelError(f"{path}:{row.get('_line', '?')}: {exc}") from None
        found = scorer.findings(a)
        from .features import embedding_block, extract

        feats.append(extract(a, found))
        blocks.append(embedding_block(a, scorer.encoder) if mode == "full" else None)
        found_all.append(found)
        groups.append(str(row.get("pair") or row.get("id") or len(groups)))
        korean.append(a.prompt.is_korean)
    targets = np.array([[float(r["dims"][k]) for k in dims] for r in rows])
    totals = np.array([float(r["total"]) if r.get("total") is not None else float(sum(r["dims"].values()))
                       for r in rows])
    codes = scorer.rubric.flag_codes
    flag_labels = {c: np.array([c in (r.get("flags") or []) for r in rows]) for c in codes}
    return Prepared(feats, blocks, found_all, targets, totals, groups, np.array(korean), flag_labels)


def feature_names(prepared: Prepared) -> list[str]:
    return sorted({k for f in prepared.features for k in f})


PCA_COMPONENTS = 32  # per embedding (reply, user): chosen by cross-validation on the adult and child data


def design(prepared: Prepared, names: list[str], mode: str, projection=None) -> np.ndarray:
    x = np.array([[f.get(n, 0.0) for n in names] for f in prepared.features], dtype=np.float64)
    if mode == "full":
        blocks = np.array(prepared.blocks, dtype=np.float64)
        x = np.hstack([x, project(blocks, *projection)])
    return x


def _standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    return mean, scale


def totals_after_rules(rubric: rubric_mod.Rubric, dims: np.ndarray, findings: list[list]) -> np.ndarray:
    keys = [d.key for d in rubric.dimensions]
    out = []
    for row, found in zip(dims, findings, strict=True):
        raw = {k: int(round(v)) for k, v in zip(keys, row, strict=True)}
        out.append(rubric_mod.apply(rubric, raw, found).total)
    return np.array(out, dtype=float)


def fit(scorer: Scorer, prepared: Prepared, mode: str, data_note: str = "") -> tuple[TrainedHeads, dict]:
    """Choose alpha per dimension by cross-validation, report CV metrics, refit on all rows."""
    rubric = scorer.rubric
    names = feature_names(prepared)
    blocks = np.array(prepared.blocks, dtype=np.float64) if mode == "full" else None
    projection = fit_projection(blocks, PCA_COMPONENTS) if mode == "full" else None
    x = design(prepared, names, mode, projection)
    y = prepared.targets
    maxima = np.array([d.max for d in rubric.dimensions], dtype=float)
    folds = list(GroupKFold(n_splits=FOLDS).split(x, y, groups=prepared.groups))
    cv_pred = {alpha: np.zeros_like(y) for alpha in ALPHAS}
    for train_idx, test_idx in folds:
        if mode == "full":  # the projection is refitted inside each fold: no peeking at the held-out fold
            x = design(prepared, names, mode, fit_projection(blocks[train_idx], PCA_COMPONENTS))
        mean, scale = _standardise(x[train_idx])
        xt, xv = (x[train_idx] - mean) / scale, (x[test_idx] - mean) / scale
        for alpha in ALPHAS:
            model = Ridge(alpha=alpha).fit(xt, y[train_idx])
            cv_pred[alpha][test_idx] = np.clip(model.predict(xv), 0, maxima)
    chosen = []
    for j in range(y.shape[1]):
        errors = {alpha: float(np.mean((cv_pred[alpha][:, j] - y[:, j]) ** 2)) for alpha in ALPHAS}
        chosen.append(min(errors, key=errors.get))
    best = np.column_stack([cv_pred[a][:, j] for j, a in enumerate(chosen)])
    calibration = fit_calibration(best, y, maxima)
    best = cross_calibrated(best, y, maxima, folds)  # what calibrated heads score on rows they never saw
    x = design(prepared, names, mode, projection)
    flag_codes, flag_c, thresholds, cv_flags = ([], [], [], {})
    if mode == "full":
        flag_codes, flag_c, thresholds, cv_flags = fit_flag_heads(x, prepared, rubric, folds)
    findings_cv = [found + [_learned(code) for code in flag_codes if cv_flags[code][i]]
                   for i, found in enumerate(prepared.findings)]
    cv_totals = totals_after_rules(rubric, best, findings_cv)
    report = {
        "cv_folds": FOLDS, "rows": len(y), "alphas": dict(zip([d.key for d in rubric.dimensions], chosen, strict=True)),
        "cv": metrics(rubric, best, y, cv_totals, prepared.totals, prepared.korean),
    }
    mean, scale = _standardise(x)
    coef = np.zeros((y.shape[1], x.shape[1]))
    intercept = np.zeros(y.shape[1])
    for j, alpha in enumerate(chosen):
        model = Ridge(alpha=alpha).fit((x - mean) / scale, y[:, j])
        coef[j], intercept[j] = model.coef_, model.intercept_
    flag_coef = np.zeros((len(flag_codes), x.shape[1]))
    flag_intercept = np.zeros(len(flag_codes))
    labels = prepared.flag_labels
    for k, (code, c) in enumerate(zip(flag_codes, flag_c, strict=True)):
        clf = LogisticRegression(C=c, max_iter=2000).fit((x - mean) / scale, labels[code])
        flag_coef[k], flag_intercept[k] = clf.coef_[0], clf.intercept_[0]
    report["learned_flags"] = {code: {"C": c, "threshold": t, **_pr(cv_flags[code], labels[code])}
                               for code, c, t in zip(flag_codes, flag_c, thresholds, strict=True)}
    import sklearn

    card = {
        "eq_heuristics": __version__, "trained": dt.date.today().isoformat(), "data": data_note,
        "versions": {"numpy": np.__version__, "scikit-learn": sklearn.__version__},
        "model": "ridge per dimension over standardised inputs; alpha by 5-fold CV (mean squared error); "
                 "isotonic calibration of each dimension fitted on the cross-validated predictions"
                 + (f"; embeddings reduced to {PCA_COMPONENTS} principal components each" if mode == "full" else ""),
        "inputs": names + ([f"reply_pc{i}" for i in range(PCA_COMPONENTS)] + [f"user_pc{i}" for i in range(
            PCA_COMPONENTS)] + EMBEDDING_EXTRAS if mode == "full" else []),
        "report": report,
    }
    if mode == "full":
        from .encoder import ENCODER_VERSION

        card["encoder"] = ENCODER_VERSION
    proj_mean, proj = projection if projection is not None else (np.zeros(0), np.zeros((0, 0)))
    heads = TrainedHeads(mode, rubric.name, [d.key for d in rubric.dimensions], maxima.tolist(), names, mean, scale,
                         coef, intercept, card, flag_codes, flag_coef, flag_intercept, np.array(thresholds),
                         proj_mean, proj, calibration)
    return heads, report


def fit_calibration(pred: np.ndarray, y: np.ndarray, maxima: np.ndarray) -> np.ndarray:
    """Per dimension, the isotonic map from cross-validated predictions to labels, tabulated on a fixed grid."""
    from sklearn.isotonic import IsotonicRegression

    table = np.zeros((y.shape[1], CALIBRATION_GRID))
    for j, top in enumerate(maxima):
        iso = IsotonicRegression(y_min=0.0, y_max=float(top), out_of_bounds="clip").fit(pred[:, j], y[:, j])
        table[j] = iso.predict(np.linspace(0.0, float(top), CALIBRATION_GRID))
    return table


def cross_calibrated(pred: np.ndarray, y: np.ndarray, maxima: np.ndarray, folds) -> np.ndarray:
    """Calibrate each fold's predictions with a map fitted on the other folds only (honest CV metrics)."""
    out = np.empty_like(pred)
    for train_idx, test_idx in folds:
        table = fit_calibration(pred[train_idx], y[train_idx], maxima)
        out[test_idx] = calibrate(pred[test_idx], table, maxima.tolist())
    return out


MIN_FLAG_POSITIVES = 15
FLAG_CS = (0.01, 0.03, 0.1, 0.3)
MIN_FLAG_PRECISION = 0.9


def _learned(code: str):
    """A learned flag as a finding, for applying the rubric's rules to cross-validated or held-out rows."""
    from .findings import Finding

    return Finding(code, "response", (0, 0), "", "learned flag")


def _pr(pred: np.ndarray, truth: np.ndarray) -> dict:
    tp = int((pred & truth).sum())
    precision = tp / max(1, int(pred.sum()))
    recall = tp / max(1, int(truth.sum()))
    return {"cv_precision": round(precision, 3), "cv_recall": round(recall, 3), "positives": int(truth.sum())}


def fit_flag_heads(x: np.ndarray, prepared: Prepared, rubric: rubric_mod.Rubric, folds):
    """Logistic heads for the red flags the labels mark but the lexicons miss (paraphrases). A flag gets a
    head when it has enough positives; C and the probability threshold are chosen on CV predictions so that
    precision stays >= 0.9. Its evidence at scoring time is the sentence the head finds most typical."""
    labels = prepared.flag_labels
    codes, cs, thresholds, cv_flags = [], [], [], {}
    for code in rubric.flag_codes:
        truth = labels.get(code)
        if truth is None or truth.sum() < MIN_FLAG_POSITIVES:
            continue
        best = None
        for c in FLAG_CS:
            prob = np.zeros(len(truth))
            for train_idx, test_idx in folds:
                mean, scale = _standardise(x[train_idx])
                if truth[train_idx].all() or not truth[train_idx].any():
                    continue
                clf = LogisticRegression(C=c, max_iter=2000).fit((x[train_idx] - mean) / scale, truth[train_idx])
                prob[test_idx] = clf.predict_proba((x[test_idx] - mean) / scale)[:, 1]
            for t in (0.5, 0.6, 0.7, 0.8, 0.9):
                pred = prob >= t
                tp = (pred & truth).sum()
                precision = tp / max(1, pred.sum())
                f1 = 2 * tp / max(1, pred.sum() + truth.sum())
                if precision >= MIN_FLAG_PRECISION and (best is None or f1 > best[0]):
                    best = (f1, c, t, pred)
        if best is not None:
            codes.append(code)
            cs.append(best[1])
            thresholds.append(best[2])
            cv_flags[code] = best[3]
    return codes, cs, thresholds, cv_flags


def metrics(rubric: rubric_mod.Rubric, pred: np.ndarray, target: np.ndarray, pred_total: np.ndarray,
            target_total: np.ndarray, korean: np.ndarray) -> dict:
    out: dict = {"dimensions": {}}
    for j, dim in enumerate(rubric.dimensions):
        out["dimensions"][dim.key] = {"spearman": _rho(pred[:, j], target[:, j]),
                                      "mae": round(float(np.abs(pred[:, j] - target[:, j]).mean()), 2)}
    out["total"] = {"spearman": _rho(pred_total, target_total),
                    "mae": round(float(np.abs(pred_total - target_total).mean()), 2)}
    if korean.any() and (~korean).any():
        out["total_korean"] = {"spearman": _rho(pred_total[korean], target_total[korean]), "n": int(korean.sum())}
        out["total_english"] = {"spearman": _rho(pred_total[~korean], target_total[~korean]),
                                "n": int((~korean).sum())}
    return out


def _rho(a: np.ndarray, b: np.ndarray) -> float:
    if np.std(a) == 0 or np.std(b) == 0:
        return 0.0
    return round(float(spearmanr(a, b)[0]), 3)


def evaluate(scorer: Scorer, prepared: Prepared) -> dict:
    """Metrics of a scorer's head (trained or rules) on prepared, labelled rows."""
    head = scorer.head
    keys = [d.key for d in scorer.rubric.dimensions]
    findings = prepared.findings
    if isinstance(head, RulesHead):
        pred = np.array([[head.predict(f)[k] for k in keys] for f in prepared.features])
    else:
        x = np.array([head.design_row(f, b) for f, b in zip(prepared.features, prepared.blocks, strict=True)])
        pred = head.predict_matrix(x)
        if head.flag_codes:  # the learned red flags take part in the rules, as they do when scoring
            probs = head.flag_probabilities(x)
            findings = [found + [_learned(code) for k, code in enumerate(head.flag_codes)
                                 if probs[i, k] >= head.flag_thresholds[k] and not any(f.code == code for f in found)]
                        for i, found in enumerate(findings)]
    totals = totals_after_rules(scorer.rubric, pred, findings)
    return {"metrics": metrics(scorer.rubric, pred, prepared.targets, totals, prepared.totals, prepared.korean),
            "pred_totals": totals}


def train(rubric: str | Path, data: Path, out: Path, mode: str = "full") -> dict:
    """Read a judged file, fit heads, write them with their card; returns the cross-validation report."""
    scorer = Scorer(rubric, mode="rules")
    rows = read_judged(Path(data), scorer.rubric)
    prepared = prepare(scorer, rows, mode, str(data))
    if len(set(prepared.groups)) < FOLDS:
        raise LabelError(f"{data}: {len(set(prepared.groups))} distinct ids/pairs; cross-validation needs at least "
                         f"{FOLDS}")
    heads, report = fit(scorer, prepared, mode, data_note=f"{Path(data).name}: {len(rows)} rows")
    heads.save(Path(out))
    return report
