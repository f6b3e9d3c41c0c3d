"""`eqscore`: the command line, a thin shell over Scorer and the bulk runner."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from . import bulk
from .rubric import RubricError
from .scorer import Scorer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Score AI-companion replies on emotional-intelligence rubrics, with evidence.")

InputArg = Annotated[str, typer.Argument(help="JSON Lines input file, or '-' for stdin")]
OutputOpt = Annotated[str, typer.Option("--output", "-o", help="output file, or '-' for stdout")]


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
    except RubricError as exc:
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
          output: OutputOpt = "-") -> None:
    """Score each reply: total, band, dimensions with evidence, flags, auto-fail, crisis, msg."""
    _run(input, output, lambda: Scorer(rubric), "score_record")


@app.command()
def compare(input: InputArg, rubric: Annotated[str, typer.Option(help="a child rubric name or .toml")] = "child",
            output: OutputOpt = "-") -> None:
    """The child rubric's pairwise evaluation: score_model1, score_model2, msg, and both full scores."""
    _run(input, output, lambda: Scorer(rubric), "compare_record")


if __name__ == "__main__":
    app()
