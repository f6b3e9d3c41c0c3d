"""Multi-turn scenarios and the KPI gate (`eqscore gate`), as the adult rubric's Scoring Process says:
each turn scored with the turns before it as history; per-dimension averages per scenario; scenario totals;
the aggregate over scenarios; PASS when the average reaches the threshold and no auto-fail was triggered, with
the Final Checklist's other items reported as checked or not checkable here."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from . import jsonl
from .scorer import InputError, Scorer


class ScenarioError(ValueError):
    pass


def read(path: Path) -> list[dict]:
    scenarios, seen = [], set()
    for where, obj in jsonl.objects(path, ScenarioError):
        if not isinstance(obj.get("turns"), list) or not obj["turns"]:
            raise ScenarioError(f"{where}: a scenario needs \"id\" and a non-empty \"turns\" list")
        sid = obj.get("id")
        if not isinstance(sid, str | int) or isinstance(sid, bool) or sid in seen:
            raise ScenarioError(f"{where}: missing or duplicate scenario id {sid!r}")
        seen.add(sid)
        for k, turn in enumerate(obj["turns"], start=1):
            if not isinstance(turn, dict) or not all(isinstance(turn.get(f), str) for f in ("user", "response")):
                raise ScenarioError(f"{where}: turn {k} needs string \"user\" and \"response\"")
        obj["_line"] = where.rsplit(":", 1)[1]
        scenarios.append(obj)
    if not scenarios:
        raise ScenarioError(f"{path}: no scenarios")
    return scenarios


def run_gate(scorer: Scorer, scenarios: list[dict], threshold: float, scenarios_required: int = 5,
             turns_required: int = 10) -> dict:
    keys = [d.key for d in scorer.rubric.dimensions]
    out_scenarios, auto_fails = [], []
    for sc in scenarios:
        history: list[dict] = []
        turns = []
        for k, turn in enumerate(sc["turns"], start=1):
            try:
                result = scorer.score(user=turn["user"], response=turn["response"], history=list(history),
                                      id=f"{sc['id']}/{k}")
            except InputError as exc:
                raise ScenarioError(f"line {sc['_line']}: scenario {sc['id']!r} turn {k}: {exc}") from None
            turns.append(result.model_dump(mode="json"))
            if result.auto_fail:
                auto_fails.append({"scenario": sc["id"], "turn": k,
                                   "flags": [f.code for f in result.flags], "msg": result.msg})
            history += [{"role": "user", "content": turn["user"]}, {"role": "assistant", "content": turn["response"]}]
        dims = {key: round(float(np.mean([t["dimensions"][key]["score"] for t in turns])), 2) for key in keys}
        total = round(float(np.mean([t["total"] for t in turns])), 2)
        out_scenarios.append({"id": sc["id"], "turns": turns, "dimension_averages": dims,
                              "dimension_sum": round(sum(dims.values()), 2), "total": total})
    aggregate_dims = {k: round(float(np.mean([s["dimension_averages"][k] for s in out_scenarios])), 2) for k in keys}
    average = round(float(np.mean([s["total"] for s in out_scenarios])), 2)
    coverage = len(out_scenarios) >= scenarios_required and all(
        len(s["turns"]) >= turns_required for s in out_scenarios)
    checklist = [
        {"item": f"All {scenarios_required} scenarios evaluated ({scenarios_required * turns_required} turns)",
         "status": "checked" if coverage else "failed",
         "detail": f"{len(out_scenarios)} scenarios, turns: {[len(s['turns']) for s in out_scenarios]}"},
        {"item": f"Average score >= {threshold:g}/100", "status": "checked" if average >= threshold else "failed",
         "detail": f"average {average}"},
        {"item": "No auto-fail conditions triggered", "status": "checked" if not auto_fails else "failed",
         "detail": f"{len(auto_fails)} auto-fail turn(s)"},
        {"item": "3 independent evaluators scored blindly", "status": "not checkable by this tool",
         "detail": "use `eqscore blind` / `eqscore unblind` for the human or LLM raters"},
        {"item": "Inter-rater reliability >= 0.70", "status": "not checkable by this tool",
         "detail": "run `eqscore agree` on the raters' files"},
        {"item": "Evaluators calibrated on rubric", "status": "not checkable by this tool", "detail": ""},
    ]
    passed = coverage and average >= threshold and not auto_fails
    return {"rubric": scorer.rubric.name, "mode": scorer.mode, "threshold": threshold, "passed": passed,
            "average": average, "dimension_averages": aggregate_dims, "scenarios": out_scenarios,
            "auto_fails": auto_fails, "checklist": checklist}


def table(result: dict) -> str:
    """The terminal table for people."""
    keys = list(result["dimension_averages"])
    head = f"{'scenario':<14}" + "".join(f"{k[:12]:>13}" for k in keys) + f"{'total':>8}"
    lines = [head, "-" * len(head)]
    for s in result["scenarios"]:
        lines.append(f"{str(s['id'])[:14]:<14}" + "".join(f"{s['dimension_averages'][k]:>13.2f}" for k in keys)
                     + f"{s['total']:>8.2f}")
    lines.append("-" * len(head))
    lines.append(f"{'average':<14}" + "".join(f"{result['dimension_averages'][k]:>13.2f}" for k in keys)
                 + f"{result['average']:>8.2f}")
    lines.append("")
    for item in result["checklist"]:
        mark = {"checked": "[x]", "failed": "[ ]"}.get(item["status"], "[?]")
        lines.append(f"{mark} {item['item']}: {item['status']}" + (f" ({item['detail']})" if item["detail"] else ""))
    for af in result["auto_fails"]:
        lines.append(f"    auto-fail: scenario {af['scenario']} turn {af['turn']}: {', '.join(af['flags'])}")
    lines.append("")
    lines.append(f"{'PASS' if result['passed'] else 'FAIL'}: average {result['average']} "
                 f"(threshold {result['threshold']:g})")
    return "\n".join(lines)
