"""Blind labelling, as the adult rubric's Setup asks: shuffle which reply is A and which is B, strip the model
names, keep the key apart; map the raters' A/B scores back to the models afterwards."""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path

from . import jsonl

REPLY_FIELD_PAIRS = (("model1", "model2"), ("model_a", "model_b"))
CONTEXT_FIELDS = ("id", "user", "history", "child", "question", "turns")


class BlindError(ValueError):
    pass


def _replies(obj: dict, where: str) -> dict[str, object]:
    if isinstance(obj.get("responses"), dict) and len(obj["responses"]) == 2:
        return dict(obj["responses"])
    for a, b in REPLY_FIELD_PAIRS:
        if a in obj and b in obj:
            return {a: obj[a], b: obj[b]}
    raise BlindError(f"{where}: needs two replies: \"model1\"/\"model2\", \"model_a\"/\"model_b\", "
                     "or \"responses\" with two named entries")


def blind(src: Path, out: Path, key_path: Path, seed: int | None = None) -> int:
    seed = seed if seed is not None else secrets.randbits(32)
    rng = random.Random(seed)
    key: dict[str, dict[str, str]] = {}
    lines = []
    for where, obj in jsonl.objects(src, BlindError):
        if "id" not in obj:
            raise BlindError(f"{where}: each line must be an object with an \"id\"")
        rid = str(obj["id"])
        if rid in key:
            raise BlindError(f"{where}: duplicate id {rid!r}")
        names = list(_replies(obj, where).items())
        rng.shuffle(names)
        key[rid] = {"A": names[0][0], "B": names[1][0]}
        blinded = {k: obj[k] for k in CONTEXT_FIELDS if k in obj} | {"A": names[0][1], "B": names[1][1]}
        lines.append(json.dumps(blinded, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    key_path.write_text(json.dumps({"seed": seed, "items": key}, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return len(lines)


def _rating(obj: dict, side: str, where: str):
    for name in (side, f"score_{side}", f"score_{side.lower()}"):
        if name in obj:
            return obj[name]
    raise BlindError(f"{where}: no rating for {side} (\"{side}\" or \"score_{side}\")")


def unblind(ratings: Path, key_path: Path) -> tuple[list[dict], dict[str, float]]:
    """Ratings back on model names, and each model's mean numeric score (a number, or an object's "total")."""
    try:
        key = json.loads(key_path.read_text(encoding="utf-8"))["items"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise BlindError(f"{key_path}: not a key written by `eqscore blind` ({exc})") from None
    out, sums, seen = [], {}, set()
    for where, obj in jsonl.objects(ratings, BlindError):
        rid = str(obj.get("id"))
        if rid not in key:
            raise BlindError(f"{where}: id {rid!r} is not in the key")
        if rid in seen:
            raise BlindError(f"{where}: duplicate rating for id {rid!r}")
        seen.add(rid)
        scores = {key[rid][side]: _rating(obj, side, where) for side in ("A", "B")}
        extra = {k: v for k, v in obj.items() if k not in ("id", "A", "B", "score_A", "score_B", "score_a", "score_b")}
        out.append({"id": obj["id"], "scores": scores} | extra)
        for model, value in scores.items():
            number = value.get("total") if isinstance(value, dict) else value
            if isinstance(number, int | float) and not isinstance(number, bool):
                sums.setdefault(model, []).append(float(number))
    missing = sorted(set(key) - {str(o["id"]) for o in out})
    if missing:
        raise BlindError(f"{ratings}: no ratings for {len(missing)} blinded id(s), e.g. {missing[:5]}")
    return out, {m: round(sum(v) / len(v), 2) for m, v in sums.items()}
