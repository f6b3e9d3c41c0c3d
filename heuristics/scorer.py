"""The one Scorer: text -> analysis -> findings -> features -> heads -> rubric -> result.

The CLI, the bulk runner and (later) the HTTP pre-filter and Dask jobs are thin shells around it. A Scorer
is cheap to call and safe to reuse; build one per rubric and keep it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import ValidationError

from . import analysis as analysis_mod
from . import detectors, explain, features
from . import rubric as rubric_mod
from .findings import Finding
from .heads import Head, ModelError, RulesHead, TrainedHeads
from .resources import models_dir
from .schemas import (
    AdultInput,
    ChildInput,
    ChildPairInput,
    CompareResult,
    Crisis,
    DimensionScore,
    Evidence,
    Flag,
    ScoreResult,
    reason,
)

# Findings that are evidence for a dimension through a feature of another name.
EVIDENCE_VIA = {
    "reading_grade": "grade_gap",
    "crisis_signal": "missed_crisis",
    "crisis_handled": "missed_crisis",
    "sensitive_topic": "missed_sensitive_redirect",
    "trusted_adult": "missed_sensitive_redirect",
    "personal_name": "personal",
    "personal_interest": "personal",
    "personal_goal": "personal",
}
NOT_EVIDENCE = {"tokens"}


class InputError(ValueError):
    """A record the scorer cannot score, with a reason a person can act on."""


MODES = ("full", "fast", "rules")


class Scorer:
    """Score replies on one rubric.

    rubric: a built-in name ("adult", "child") or a TOML path.
    mode:   None    "full" when heads ship for the rubric (built-in ones), else "rules" (your own rubric file);
            "full"  detectors + sentence-embedding heads (onnxruntime, no torch),
            "fast"  detectors + feature-only heads (no encoder loaded),
            "rules" detectors + the rubric file's transparent formula (no trained model needed).
    model:  a folder written by `eqscore train`; its card decides the mode.
    fallback_to_fast: if the full-mode heads or the encoder cannot be loaded, warn and use fast mode instead of
            failing (only when asked: a silent downgrade would change scores under a user's feet).
    """

    def __init__(self, rubric: str | Path = "adult", mode: str | None = None, model: str | Path | None = None,
                 head: Head | None = None, fallback_to_fast: bool = False) -> None:
        if mode is not None and mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        self.rubric = rubric_mod.load(rubric)
        if mode is None:  # full where heads ship for this rubric; a rubric file of your own scores by its formula
            mode = "full" if (models_dir() / self.rubric.name / "full" / "card.json").is_file() else "rules"
        self.detectors = detectors.for_kind(self.rubric.input)
        self._encoder = None
        try:
            self.head = head if head is not None else self._load_head(mode, model)
            if self.head.mode == "full" and fallback_to_fast:
                _ = self.encoder  # fail now, not on the first reply, so the fallback can still happen
        except (ModelError, ImportError, OSError) as exc:
            if not fallback_to_fast or model is not None or mode != "full":
                raise
            print(f"eq-heuristics: full mode unavailable ({exc}); falling back to fast mode", file=sys.stderr)
            self.head = self._load_head("fast", None)
        self.mode = self.head.mode

    def _load_head(self, mode: str, model: str | Path | None) -> Head:
        if model is not None:
            return TrainedHeads.load(Path(model), self.rubric)
        if mode == "rules":
            return RulesHead(self.rubric)
        folder = models_dir() / self.rubric.name / mode
        if not (folder / "card.json").is_file():
            raise ModelError(f"no shipped {mode}-mode heads for rubric '{self.rubric.name}' (looked in "
                             f"{folder}); train some with `eqscore train`, or use mode='rules'"
                             + ("" if mode == "fast" else " or mode='fast' (or fallback_to_fast=True)"))
        return TrainedHeads.load(folder, self.rubric)

    @property
    def encoder(self):
        if self._encoder is None:
            from . import encoder

            self._encoder = encoder.load()
        return self._encoder

    # -- public API ---------------------------------------------------------------------------------------
    def score(self, response: str, user: str | None = None, history: list[dict] | None = None, *,
              child: dict | None = None, question: str | None = None, id: str | int | None = None
              ) -> ScoreResult:
        """Score one reply. Adult rubrics take `user` (+ `history`); child rubrics take `child` + `question`."""
        if self.rubric.input == "adult":
            record = {"id": id if id is not None else "", "user": user, "response": response,
                      "history": history or []}
        else:
            record = {"id": id if id is not None else "", "child": child, "question": question,
                      "response": response}
        result = self.score_record(record)
        return result.model_copy(update={"id": id})

    def score_record(self, record: dict[str, Any]) -> ScoreResult:
        """Validate and score one input record (the JSON Lines format of `eqscore score`)."""
        return self._score(*self.analysis_of(record))

    def analysis_of(self, record: dict[str, Any]) -> tuple[analysis_mod.Analysis, str | int]:
        """Validate one input record and analyse its text (raises InputError with the reason)."""
        if self.rubric.input == "adult":
            item = _validate(AdultInput, record)
            history = [t.model_dump() for t in item.history]
            return analysis_mod.build("adult", item.response, item.user, history), item.id
        item = _validate(ChildInput, record)
        return analysis_mod.build("child", item.response, item.question, None, _profile(item.child)), item.id

    def compare(self, child: dict, question: str, model1: str, model2: str,
                id: str | int | None = None) -> CompareResult:
        """The child rubric's pairwise evaluation: Model 1 vs Model 2 for the same child and question."""
        record = {"id": id if id is not None else "", "child": child, "question": question,
                  "model1": model1, "model2": model2}
        return self.compare_record(record).model_copy(update={"id": id})

    def compare_record(self, record: dict[str, Any]) -> CompareResult:
        if self.rubric.input != "child":
            raise InputError(f"compare needs a child rubric; '{self.rubric.name}' takes adult turns")
        item = _validate(ChildPairInput, record)
        profile = _profile(item.child)
        one = self._score(analysis_mod.build("child", item.model1, item.question, None, profile), item.id)
        two = self._score(analysis_mod.build("child", item.model2, item.question, None, profile), item.id)
        msg = explain.compare_message(one.total, two.total, one.msg, two.msg)
        return CompareResult(id=item.id, score_model1=one.total, score_model2=two.total, msg=msg,
                             model1=one, model2=two)

    # -- pipeline -----------------------------------------------------------------------------------------
    def findings(self, a: analysis_mod.Analysis) -> list[Finding]:
        out: list[Finding] = []
        for detector in self.detectors:
            out.extend(detector.scan(a))
        return out

    def analyse(self, a: analysis_mod.Analysis) -> tuple[list[Finding], dict[str, float], np.ndarray | None]:
        """findings, features and (full mode) the embedding block of one analysed input."""
        found = self.findings(a)
        feats = features.extract(a, found)
        block = features.embedding_block(a, self.encoder) if self.mode == "full" else None
        return found, feats, block

    def learned_flags(self, a: analysis_mod.Analysis, feats: dict[str, float], block: np.ndarray | None,
                      found: list[Finding]) -> list[Finding]:
        """Red flags the trained heads see and the lexicons missed (full mode). The evidence is the sentence
        the head finds most typical of the flag: each sentence is scored in place of the whole reply."""
        head = self.head
        if not isinstance(head, TrainedHeads) or not head.flag_codes or block is None:
            return []
        probs = head.flag_probabilities(head.design_row(feats, block)[None, :])[0]
        have = {f.code for f in found}
        fired = [(k, code) for k, code in enumerate(head.flag_codes)
                 if probs[k] >= head.flag_thresholds[k] and code not in have]
        if not fired:
            return []
        sentences = a.response.sentences
        per_sentence = None
        if len(sentences) > 1:
            vectors = self.encoder.encode([sent.text for sent in sentences])
            rows = []
            for vec in vectors:
                variant = block.copy()
                variant[:len(vec)] = vec
                rows.append(head.design_row(feats, variant))
            per_sentence = head.flag_probabilities(np.array(rows))
        out = []
        for k, code in fired:
            best = sentences[int(np.argmax(per_sentence[:, k]))] if per_sentence is not None else None
            span = (best.start_char, best.end_char) if best is not None else (0, len(a.response.text))
            out.append(Finding(code, "response", span, a.response.text[span[0]:span[1]],
                               f"learned {code.replace('_', ' ')} head (p={probs[k]:.2f}); most typical sentence"))
        return out

    def _score(self, a: analysis_mod.Analysis, id: str | int | None) -> ScoreResult:
        found, feats, block = self.analyse(a)
        found = found + self.learned_flags(a, feats, block, found)
        maxima = {d.key: d.max for d in self.rubric.dimensions}
        raw = {k: int(min(maxima[k], max(0, round(v)))) for k, v in self.head.predict(feats, block).items()}
        applied = rubric_mod.apply(self.rubric, raw, found)
        in_user = any(f.code == "crisis_signal" for f in found)
        return ScoreResult(
            id=id, rubric=self.rubric.name, total=applied.total, band=applied.band,
            dimensions={d.key: DimensionScore(score=applied.dimensions[d.key], max=d.max,
                                              evidence=self._evidence(d, found)) for d in self.rubric.dimensions},
            flags=[Flag(code=f.code, points=int(p), field=f.field, span=f.span, text=f.text, why=f.why)
                   for f, p in applied.flags],
            auto_fail=applied.auto_fail,
            crisis=Crisis(in_user=in_user, handled=in_user and any(f.code == "crisis_handled" for f in found)),
            msg=explain.message(self.rubric, applied, found),
        )

    def _evidence(self, dim: rubric_mod.Dimension, found: list[Finding]) -> list[Evidence]:
        ruled = {r.flag for r in self.rubric.rules if r.dimension == dim.key}
        out = []
        for f in found:
            if f.code in NOT_EVIDENCE:
                continue
            key = EVIDENCE_VIA.get(f.code, f.code)
            if key in dim.weights or f.code in ruled:
                out.append(Evidence(**f.as_evidence()))
        return out


def _validate(model, record: dict[str, Any]):
    if not isinstance(record, dict):
        raise InputError(f"each line must be a JSON object, not {type(record).__name__}")
    try:
        return model.model_validate(record)
    except ValidationError as exc:
        raise InputError(reason(exc)) from None


def _profile(child) -> analysis_mod.ChildProfile:
    return analysis_mod.ChildProfile(child.name, child.age, list(child.interests), list(child.goals), child.family)
