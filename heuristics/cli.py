"""`eqscore`: the command line, a thin shell over Scorer and the bulk runner."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from . import bulk
from .heads import ModelError
from .rubric import RubricError
from .scorer import MODES, Scorer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Score AI-companion replies on emotional-intelligence rubrics, with evidence.")

InputArg = Annotated[str, typer.Argument(help="JSON Lines input file, or '-' for stdin")]
OutputOpt = Annotated[str, typer.Option("--output", "-o", help="output file, or '-' for stdout")]
ModeOpt = Annotated[str | None, typer.Option(
    help="full (embedding heads; the default for built-in rubrics), fast (no encoder, no torch) or rules "
         "(the default for your own rubric file)")]
ModelOpt = Annotated[str | None, typer.Option(help="a folder written by `eqscore train`")]
FallbackOpt = Annotated[bool, typer.Option("--fallback-fast",
                                           help="if the full-mode model or encoder is unavailable, use fast mode")]


def _open_lines(path: str):
    if path == "-":
        return sys.stdin.buffer
    p = Path(path)
    if not p.is_file():
        typer.echo(f"eqscore: input file not found: {path}", err=True)
        raise typer.Exit(2)
    return p.open("rb")


def _run(input: str, output: str, make, method: str) -> None:
    try:
        scorer = make()
    except (RubricError, ModelError, ValueError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    tally = bulk.Tally()
    source = _open_lines(input)
    sink = sys.stdout if output == "-" else open(output, "w", encoding="utf-8")  # noqa: SIM115
    try:
        for line in bulk.run(source, getattr(scorer, method), tally):
            sink.write(line + "\n")
    finally:
        if sink is not sys.stdout:
            sink.close()
        if source is not sys.stdin.buffer:
            source.close()
    if tally.failed:
        typer.echo(f"eqscore: {tally.failed} of {tally.lines} lines failed (first: {tally.first_error})", err=True)
        raise typer.Exit(1)


@app.command()
def score(input: InputArg, rubric: Annotated[str, typer.Option(help="adult, child, or a rubric .toml")] = "adult",
          output: OutputOpt = "-", mode: ModeOpt = None, model: ModelOpt = None,
          fallback_fast: FallbackOpt = False) -> None:
    """Score each reply: total, band, dimensions with evidence, flags, auto-fail, crisis, msg."""
    _run(input, output, lambda: Scorer(rubric, mode=mode, model=model, fallback_to_fast=fallback_fast),
         "score_record")


@app.command()
def compare(input: InputArg, rubric: Annotated[str, typer.Option(help="a child rubric name or .toml")] = "child",
            output: OutputOpt = "-", mode: ModeOpt = None, model: ModelOpt = None,
            fallback_fast: FallbackOpt = False) -> None:
    """The child rubric's pairwise evaluation: score_model1, score_model2, msg, and both full scores."""
    _run(input, output, lambda: Scorer(rubric, mode=mode, model=model, fallback_to_fast=fallback_fast),
         "compare_record")


@app.command()
def train(rubric: Annotated[str, typer.Option(help="adult, child, or a rubric .toml")] = "adult",
          data: Annotated[str, typer.Option(help="judged JSON Lines: input fields + dims (+ flags, total)")] = "",
          out: Annotated[str, typer.Option(help="folder to write the heads and their card to")] = "",
          mode: Annotated[str, typer.Option(help="full (with embeddings) or fast (detector features only)")] = "full"
          ) -> None:
    """Fit the heads to your own judge's or raters' labels; score with them via --model OUT."""
    from .training import LabelError
    from .training import train as fit

    if not data or not out:
        typer.echo("eqscore: train needs --data FILE and --out FOLDER", err=True)
        raise typer.Exit(2)
    if mode not in MODES[:2]:
        typer.echo(f"eqscore: --mode must be full or fast, not {mode!r}", err=True)
        raise typer.Exit(2)
    try:
        report = fit(rubric, Path(data), Path(out), mode)
    except (LabelError, RubricError, OSError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    cv = report["cv"]
    typer.echo(f"trained {mode} heads on {report['rows']} rows -> {out}")
    typer.echo(f"cross-validated total: Spearman {cv['total']['spearman']}, MAE {cv['total']['mae']}")
    for key, row in cv["dimensions"].items():
        typer.echo(f"  {key:24} Spearman {row['spearman']:.3f}  MAE {row['mae']:.2f}")



@app.command()
def gate(scenarios: Annotated[str, typer.Argument(help="JSON Lines: {\"id\", \"turns\": [{\"user\", \"response\"}]}")],
         threshold: Annotated[float | None, typer.Option(help="the KPI gate (default: the rubric's)")] = None,
         json_out: Annotated[str | None, typer.Option("--json", help="write the full result as JSON")] = None,
         rubric: Annotated[str, typer.Option(help="an adult-input rubric")] = "adult",
         mode: ModeOpt = None, model: ModelOpt = None,
         min_scenarios: Annotated[int, typer.Option(help="scenarios the checklist asks for")] = 5,
         turns: Annotated[int, typer.Option(help="turns per scenario the checklist asks for")] = 10) -> None:
    """Score multi-turn scenarios and apply the rubric's Final Checklist: exit 0 pass, 1 fail, 2 bad input."""
    import json

    from .scenarios import ScenarioError, read, run_gate, table

    try:
        scorer = Scorer(rubric, mode=mode, model=model)
        if scorer.rubric.input != "adult":
            raise ScenarioError(f"gate scores adult conversations; rubric '{scorer.rubric.name}' takes child input")
        gate_at = threshold if threshold is not None else (scorer.rubric.pass_threshold or 85.0)
        result = run_gate(scorer, read(Path(scenarios)), gate_at, min_scenarios, turns)
        if json_out:
            Path(json_out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except (ScenarioError, RubricError, ModelError, ValueError, OSError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(table(result))
    raise typer.Exit(0 if result["passed"] else 1)


@app.command()
def blind(pairs: Annotated[str, typer.Argument(help="JSON Lines with two replies per item")],
          out: Annotated[str, typer.Option(help="blinded JSON Lines (A/B, no model names)")] = "blinded.jsonl",
          key: Annotated[str, typer.Option(help="where to keep the A/B key")] = "key.json",
          seed: Annotated[int | None, typer.Option(help="fix the shuffle (default: random, stored in the key)")] = None
          ) -> None:
    """Shuffle A/B and strip model names for blind rating, as the rubric's Setup asks."""
    from .blinding import BlindError
    from .blinding import blind as do_blind

    try:
        n = do_blind(Path(pairs), Path(out), Path(key), seed)
    except (BlindError, OSError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"blinded {n} items -> {out}; key -> {key} (keep it away from the raters)")


@app.command()
def unblind(ratings: Annotated[str, typer.Argument(help="JSON Lines: {\"id\", \"A\", \"B\"}")],
            key: Annotated[str, typer.Option(help="the key written by `eqscore blind`")] = "key.json",
            output: OutputOpt = "-") -> None:
    """Map blinded A/B ratings back to the models; prints each model's mean on stderr."""
    import json

    from .blinding import BlindError
    from .blinding import unblind as do_unblind

    try:
        rows, means = do_unblind(Path(ratings), Path(key))
    except (BlindError, OSError, KeyError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
    for model_name, mean in sorted(means.items()):
        typer.echo(f"{model_name}: mean {mean}", err=True)


@app.command()
def agree(pred: Annotated[str, typer.Option(help="our score output (eqscore score / compare)")],
          judge: Annotated[list[str], typer.Option(help="a judge's or rater's file; repeat for more")],
          rubric: Annotated[str | None, typer.Option(help="rubric for bands (default: from our file)")] = None,
          input: Annotated[str | None, typer.Option("--input", help="the scored input, to show reply texts")] = None,
          report: Annotated[str | None, typer.Option(help="write a self-contained HTML report")] = None,
          json_out: Annotated[str | None, typer.Option("--json", help="write every statistic as JSON")] = None
          ) -> None:
    """Agreement between our scores and judges: kappas on bands, Spearman/Pearson/MAE, flags, disagreements."""
    import json

    from .agreement import analyse
    from .judged_files import ScoreFileError, read
    from .rubric import load

    try:
        ours = read(Path(pred))
        rub = load(rubric or ours.rubric or "adult")
        keys = {d.key for d in rub.dimensions}
        ours = read(Path(pred), keys)
        judges = [read(Path(j), keys) for j in judge]
        for f in judges:
            if f.rubric and f.rubric != rub.name:
                raise ScoreFileError(f"{f.name}: rubric '{f.rubric}' does not match '{rub.name}'")
        if ours.rubric and ours.rubric != rub.name:
            raise ScoreFileError(f"{ours.name}: rubric '{ours.rubric}' does not match '{rub.name}'")
        if input:
            from . import jsonl

            for _, obj in jsonl.objects(Path(input), ScoreFileError):
                for key, field in ((str(obj.get("id")), "response"), (f"{obj.get('id')}#model1", "model1"),
                                       (f"{obj.get('id')}#model2", "model2")):
                        if key in ours.items and isinstance(obj.get(field), str):
                            ours.items[key].text = obj[field]
        result = analyse(rub, ours, judges)
    except (ScoreFileError, RubricError, OSError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"{result['items_compared']} items compared ({rub.name} rubric); "
               f"Fleiss' kappa among judges: {result['fleiss_kappa']}")
    for name, ids in result["missing"].items():
        typer.echo(f"  {name}: {len(ids)} id(s) missing from this file, e.g. {', '.join(ids[:5])}", err=True)
    typer.echo(f"{'pair':<60} {'kappa':>7} {'w-kappa':>8} {'spearman':>9} {'pearson':>8} {'MAE':>6}")
    for name, s in result["pairs"].items():
        cells = [s["cohen_kappa"], s["weighted_kappa"], s["spearman"], s["pearson"], s["mae"]]
        typer.echo(f"{name[:60]:<60} " + " ".join(f"{'-' if c is None else f'{c:.3f}':>8}" for c in cells))
    typer.echo(f"{len(result['disagreements_over_15'])} item(s) where raters differ by more than 15 points")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if report:
        from .report import render

        Path(report).write_text(render(result), encoding="utf-8")


if __name__ == "__main__":
    app()
