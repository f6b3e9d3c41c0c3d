#!/usr/bin/env bash
# Rebuild the shipped heads from the calibration data (train split only) and their model cards.
set -euo pipefail
cd "$(dirname "$0")/.."
python models/calibration/aggregate.py > /dev/null
for rubric in adult child; do
  for mode in full fast; do
    eqscore train --rubric "$rubric" --data "models/calibration/${rubric}_train.jsonl" --out "models/$rubric/$mode" --mode "$mode"
  done
done
python benchmarks/heads_eval.py      # held-out evaluation, written into the model cards
