"""features -> dimension scores.

Two kinds of head share one `predict(features, embedding)`:
- RulesHead: the rubric file's transparent formula over detector findings (mode "rules");
- TrainedHeads: ridge regressions fitted to labelled replies, over detector features alone (mode "fast",
  no encoder) or with sentence embeddings too (mode "full"). Stored as npz + a JSON card with checksums;
  never a pickle.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import numpy as np

from .rubric import Rubric

FORMAT = "eq-heuristics-heads/1"


class ModelError(RuntimeError):
    """A trained model that is missing, corrupt, or made for another rubric or encoder."""


class Head(Protocol):
    mode: str

    def predict(self, features: dict[str, float], embedding: np.ndarray | None = None) -> dict[str, float]:
        """Raw dimension scores on each dimension's own scale (0..max)."""
        ...


class RulesHead:
    """score = max * clamp(base + sum(weight * feature), 0, 1), with base and weights from the rubric file."""

    mode = "rules"

    def __init__(self, rubric: Rubric) -> None:
        self.rubric = rubric

    def predict(self, features: dict[str, float], embedding: np.ndarray | None = None) -> dict[str, float]:
        out = {}
        for dim in self.rubric.dimensions:
            frac = dim.base + sum(w * features.get(name, 0.0) for name, w in dim.weights.items())
            out[dim.key] = dim.max * min(1.0, max(0.0, frac))
        return out


@dataclass
class TrainedHeads:
    """One ridge head per dimension over standardised [detector features | embedding block]."""

    mode: str
    rubric: str
    dims: list[str]
    maxima: list[float]
    feature_names: list[str]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray  # (n_dims, n_inputs)
    intercept: np.ndarray  # (n_dims,)
    card: dict = field(default_factory=dict)
    flag_codes: list[str] = field(default_factory=list)  # learned red-flag heads (full mode)
    flag_coef: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    flag_intercept: np.ndarray = field(default_factory=lambda: np.zeros(0))
    flag_thresholds: np.ndarray = field(default_factory=lambda: np.zeros(0))
    proj_mean: np.ndarray = field(default_factory=lambda: np.zeros(0))  # PCA of the embeddings (full mode)
    proj: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    calibration: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))  # (n_dims, CALIBRATION_GRID)

    @property
    def uses_embeddings(self) -> bool:
        return self.mode == "full"

    def design_row(self, features: dict[str, float], embedding: np.ndarray | None) -> np.ndarray:
        row = np.array([features.get(name, 0.0) for name in self.feature_names], dtype=np.float64)
        if self.uses_embeddings:
            if embedding is None:
                raise ModelError("full-mode heads need the embedding block")
            row = np.concatenate([row, project(embedding[None, :], self.proj_mean, self.proj)[0]])
        return row

    def predict_matrix(self, x: np.ndarray) -> np.ndarray:
        raw = np.clip(((x - self.mean) / self.scale) @ self.coef.T + self.intercept, 0.0, np.array(self.maxima))
        return calibrate(raw, self.calibration, self.maxima)

    def predict(self, features: dict[str, float], embedding: np.ndarray | None = None) -> dict[str, float]:
        scores = self.predict_matrix(self.design_row(features, embedding)[None, :])[0]
        return dict(zip(self.dims, scores.tolist(), strict=True))

    def flag_probabilities(self, rows: np.ndarray) -> np.ndarray:
        """(n_rows, n_flags) probabilities of the learned red flags."""
        if not self.flag_codes:
            return np.zeros((len(rows), 0))
        z = ((rows - self.mean) / self.scale) @ self.flag_coef.T + self.flag_intercept
        return 1.0 / (1.0 + np.exp(-z))

    # -- storage ------------------------------------------------------------------------------------------
    def save(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        np.savez(folder / "heads.npz", mean=self.mean, scale=self.scale, coef=self.coef, intercept=self.intercept,
                 flag_coef=self.flag_coef, flag_intercept=self.flag_intercept, flag_thresholds=self.flag_thresholds,
                 proj_mean=self.proj_mean, proj=self.proj, calibration=self.calibration)
        card = dict(self.card) | {
            "format": FORMAT, "mode": self.mode, "rubric": self.rubric, "dims": self.dims,
            "maxima": self.maxima, "feature_names": self.feature_names, "flag_codes": self.flag_codes,
            "files": {"heads.npz": _sha256(folder / "heads.npz")},
        }
        (folder / "card.json").write_text(json.dumps(card, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, folder: Path, rubric: Rubric) -> TrainedHeads:
        card_path = folder / "card.json"
        if not card_path.is_file():
            raise ModelError(f"no trained heads at {folder} (card.json missing)")
        card = json.loads(card_path.read_text(encoding="utf-8"))
        if card.get("format") != FORMAT:
            raise ModelError(f"{card_path}: format {card.get('format')!r}, this version reads {FORMAT!r}")
        for name, digest in card.get("files", {}).items():
            path = folder / name
            if not path.is_file() or _sha256(path) != digest:
                raise ModelError(f"{path}: checksum mismatch or missing file; retrain or reinstall the model")
        if card["dims"] != [d.key for d in rubric.dimensions]:
            raise ModelError(f"{folder}: heads were trained for dimensions {card['dims']}, "
                             f"rubric '{rubric.name}' has {[d.key for d in rubric.dimensions]}")
        if card["mode"] == "full":
            from .encoder import ENCODER_VERSION

            if card.get("encoder") != ENCODER_VERSION:
                raise ModelError(f"{folder}: trained on encoder {card.get('encoder')!r}, "
                                 f"this version serves {ENCODER_VERSION!r}; retrain with eqscore train")
        arrays = np.load(folder / "heads.npz", allow_pickle=False)
        return cls(card["mode"], card["rubric"], card["dims"], card["maxima"], card["feature_names"],
                   arrays["mean"], arrays["scale"], arrays["coef"], arrays["intercept"], card,
                   card.get("flag_codes", []), arrays["flag_coef"], arrays["flag_intercept"], arrays["flag_thresholds"],
                   arrays["proj_mean"], arrays["proj"],
                   arrays["calibration"] if "calibration" in arrays.files else np.zeros((0, 0)))


CALIBRATION_GRID = 65  # points 0, max/64, ..., max of each dimension


def calibrate(raw: np.ndarray, table: np.ndarray, maxima: list[float]) -> np.ndarray:
    """Map raw ridge outputs through each dimension's monotone calibration (isotonic, fitted on cross-validated
    predictions): ridge shrinks towards the mean, and this stretches its scores back onto the raters' scale
    without changing their order. An empty table is the identity."""
    if table.size == 0:
        return raw
    out = np.empty_like(raw)
    for j, top in enumerate(maxima):
        out[:, j] = np.interp(raw[:, j], np.linspace(0.0, top, table.shape[1]), table[j])
    return out


EMBED = 768  # reply (384) + user message (384); the pair extras follow


def project(blocks: np.ndarray, mean: np.ndarray, proj: np.ndarray) -> np.ndarray:
    """Embedding blocks -> [principal components of reply and user embeddings | pair extras]."""
    return np.hstack([(blocks[:, :EMBED] - mean) @ proj, blocks[:, EMBED:]])


def fit_projection(blocks: np.ndarray, components: int) -> tuple[np.ndarray, np.ndarray]:
    """Separate PCAs of the reply and the user embeddings (SVD, deterministic), as one block-diagonal map."""
    mean = blocks[:, :EMBED].mean(axis=0)
    proj = np.zeros((EMBED, 2 * components))
    for k, (lo, hi) in enumerate(((0, EMBED // 2), (EMBED // 2, EMBED))):
        centred = blocks[:, lo:hi] - mean[lo:hi]
        _, _, vt = np.linalg.svd(centred, full_matrices=False)
        vt = vt[:components] * np.sign(vt[:components, :1] + 1e-12)  # fixed sign for reproducible files
        proj[lo:hi, k * components:(k + 1) * components] = vt.T
    return mean, proj


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
