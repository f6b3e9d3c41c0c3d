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
ModeOpt = Annotated[str, typer.Option(help="full (embedding heads), fast (no encoder, no torch) or rules")]
ModelOpt = Annotated[str | None, typer.Option(help="a folder written by `eqscore train`")]


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
          output: OutputOpt = "-", mode: ModeOpt = "rules", model: ModelOpt = None) -> None:
    """Score each reply: total, band, dimensions with evidence, flags, auto-fail, crisis, msg."""
    _run(input, output, lambda: Scorer(rubric, mode=mode, model=model), "score_record")


@app.command()
def compare(input: InputArg, rubric: Annotated[str, typer.Option(help="a child rubric name or .toml")] = "child",
            output: OutputOpt = "-", mode: ModeOpt = "rules", model: ModelOpt = None) -> None:
    """The child rubric's pairwise evaluation: score_model1, score_model2, msg, and both full scores."""
    _run(input, output, lambda: Scorer(rubric, mode=mode, model=model), "compare_record")


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
    except (LabelError, RubricError) as exc:
        typer.echo(f"eqscore: {exc}", err=True)
        raise typer.Exit(2) from None
    cv = report["cv"]
    typer.echo(f"trained {mode} heads on {report['rows']} rows -> {out}")
    typer.echo(f"cross-validated total: Spearman {cv['total']['spearman']}, MAE {cv['total']['mae']}")
    for key, row in cv["dimensions"].items():
        typer.echo(f"  {key:24} Spearman {row['spearman']:.3f}  MAE {row['mae']:.2f}")


if __name__ == "__main__":
    app()
