"""Latency and throughput of the scorer against references measured in the same run: the raw encoder (the
embedding floor), the spaCy pipeline alone, and the three modes. Times on these shared machines are noisy,
so read the ratios. Prints a table and writes benchmarks/results/speed.json.

    python benchmarks/speed.py [--n 200]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def items(n: int) -> list[dict]:
    rows = [json.loads(line) for line in (ROOT / "models" / "calibration" / "adult_heldout.jsonl")
            .read_text(encoding="utf-8").splitlines() if line.strip()]
    return [{k: r[k] for k in ("user", "response", "history") if k in r} for r in (rows * (n // len(rows) + 1))[:n]]


def timed(fn, data) -> dict:
    fn(data[0])  # warm up (lazy loads)
    times = []
    for item in data:
        start = time.perf_counter()
        fn(item)
        times.append(time.perf_counter() - start)
    return {"ms_median": round(statistics.median(times) * 1000, 2),
            "ms_p95": round(sorted(times)[int(0.95 * len(times)) - 1] * 1000, 2),
            "per_second": round(len(times) / sum(times), 1)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    data = items(args.n)
    from heuristics import Scorer, encoder, nlp

    results = {}
    enc = encoder.load()
    results["encoder alone (reply + user, 2 texts)"] = timed(lambda x: enc.encode([x["response"], x["user"]]), data)
    english = nlp.english()
    results["spaCy pipeline alone (reply)"] = timed(lambda x: english(x["response"]), data)
    for mode in ("rules", "fast", "full"):
        scorer = Scorer("adult", mode=mode)
        results[f"Scorer mode={mode}"] = timed(lambda x, s=scorer: s.score(**x), data)
    floor = results["encoder alone (reply + user, 2 texts)"]["ms_median"]
    print(f"{'path':42} {'median ms':>10} {'p95 ms':>8} {'per s':>8} {'x encoder':>10}")
    for name, row in results.items():
        row["x_encoder_floor"] = round(row["ms_median"] / floor, 2)
        cells = f"{row['ms_median']:>10} {row['ms_p95']:>8} {row['per_second']:>8} {row['x_encoder_floor']:>10}"
        print(f"{name:42} {cells}")
    results["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    results["items"] = len(data)
    print(f"max RSS {results['max_rss_mb']} MB over {len(data)} items")
    (HERE / "results" / "speed.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
