"""The `eqscore agree --report` page: one self-contained HTML file (inline SVG figures from matplotlib, no
scripts, no network): ours vs judges scatter, per-dimension agreement bars, the band confusion heat map, and
the disagreements with our evidence spans highlighted in the reply."""

from __future__ import annotations

import html
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams["svg.hashsalt"] = "eq-heuristics"  # stable ids: the same data gives the same page


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def scatter(result: dict) -> str:
    fig, ax = plt.subplots(figsize=(5.2, 4.2))
    ours = result["totals"]["ours"]
    for name in result["raters"][1:]:
        ax.scatter(result["totals"][name], ours, s=18, alpha=0.7, label=name.split(":", 1)[-1])
    ax.plot([0, 100], [0, 100], color="#888", lw=1, ls="--")
    ax.set_xlabel("judge total")
    ax.set_ylabel("our total")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_title("Totals: ours vs judges")
    ax.legend(fontsize=8)
    return _svg(fig)


def dimension_bars(result: dict) -> str:
    dims = result["dimensions"]
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    judges = result["raters"][1:]
    width = 0.8 / max(1, len(judges))
    keys = list(dims) or ["(no dimension scores)"]
    for j, name in enumerate(judges):
        values = [(dims.get(k, {}).get(name) or {}).get("spearman") or 0.0 for k in keys]
        ax.bar([i + j * width for i in range(len(keys))], values, width, label=name.split(":", 1)[-1])
    ax.set_xticks([i + width * (len(judges) - 1) / 2 for i in range(len(keys))])
    ax.set_xticklabels([k.replace("_", "\n") for k in keys], fontsize=8)
    ax.set_ylim(-0.2, 1.0)
    ax.axhline(0.7, color="#c33", lw=1, ls=":")
    ax.set_ylabel("Spearman with ours")
    ax.set_title("Per-dimension agreement")
    ax.legend(fontsize=8)
    return _svg(fig)


def confusion(result: dict) -> str:
    conf = result["band_confusion"]
    bands, matrix = conf["bands"], conf["matrix"] or [[0] * len(conf["bands"])] * len(conf["bands"])
    fig, ax = plt.subplots(figsize=(4.8, 4.2))
    ax.imshow(matrix, cmap="Blues")
    ax.set_xticks(range(len(bands)))
    ax.set_yticks(range(len(bands)))
    ax.set_xticklabels(bands, rotation=45, ha="right", fontsize=8)
    ax.set_yticklabels(bands, fontsize=8)
    peak = max((v for row in matrix for v in row), default=0) or 1
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            ax.text(j, i, str(value), ha="center", va="center", fontsize=9,
                    color="white" if value > peak / 2 else "black")
    ax.set_xlabel("our band")
    ax.set_ylabel("judges' mean band")
    ax.set_title("Band confusion")
    return _svg(fig)


def highlight(text: str, flags: list[dict]) -> str:
    spans = sorted({(f["span"][0], f["span"][1], f["code"]) for f in flags
                    if f.get("field") == "response" and isinstance(f.get("span"), list)
                    and f["span"][1] > f["span"][0]})
    out, pos = [], 0
    for start, end, code in spans:
        if start < pos or end > len(text):
            continue
        out.append(html.escape(text[pos:start]))
        out.append(f'<mark title="{html.escape(code)}">{html.escape(text[start:end])}</mark>')
        pos = end
    out.append(html.escape(text[pos:]))
    return "".join(out)


def render(result: dict) -> str:
    rows = []
    for d in result["disagreements_over_15"]:
        totals = ", ".join(f"{html.escape(k.split(':', 1)[-1])} {v:.0f}" for k, v in d["totals"].items())
        flags = ", ".join(sorted({html.escape(f["code"]) for f in d["ours_flags"]})) or "none"
        marks = [f'<mark title="{html.escape(f["code"])}">{html.escape(f.get("text", ""))}</mark>'
                 for f in d["ours_evidence"]]
        body = highlight(d["text"], d["ours_evidence"]) if d["text"] else " ".join(marks)
        rows.append(f"<tr><td>{html.escape(d['id'])}</td><td>{d['spread']:.0f}</td><td>{totals}</td>"
                    f"<td>{flags}</td><td class=text>{body or '<i>(no text given: pass --input)</i>'}</td></tr>")
    pair_rows = "".join(
        f"<tr><td>{html.escape(k)}</td>" + "".join(
            f"<td>{'' if v.get(s) is None else v[s]}</td>" for s in ("n", "cohen_kappa", "weighted_kappa", "spearman",
                                                                     "pearson", "mae")) + "</tr>"
        for k, v in result["pairs"].items())
    missing = "".join(f"<li>{html.escape(f)}: {len(ids)} id(s) missing, e.g. {html.escape(', '.join(ids[:5]))}</li>"
                      for f, ids in result["missing"].items()) or "<li>none</li>"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>eq-heuristics agreement report</title>
<style>
body {{ font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1100px; color: #222; }}
h1 {{ font-size: 22px; }} h2 {{ font-size: 17px; margin-top: 28px; }}
.figs {{ display: flex; flex-wrap: wrap; gap: 16px; }} .figs figure {{ margin: 0; }}
.figs svg {{ max-width: 520px; height: auto; }}
table {{ border-collapse: collapse; width: 100%; }} td, th {{ border: 1px solid #ddd; padding: 4px 6px;
 vertical-align: top; }} th {{ background: #f4f4f4; }} td.text {{ max-width: 520px; }}
mark {{ background: #ffd54f; padding: 0 2px; border-radius: 2px; }}
</style></head><body>
<h1>Agreement: eq-heuristics vs judges ({html.escape(result['rubric'])} rubric)</h1>
<p>{result['items_compared']} items compared; Fleiss' kappa among judges (bands):
 {result['fleiss_kappa'] if result['fleiss_kappa'] is not None else 'n/a (one judge)'}.</p>
<h2>Figures</h2>
<div class="figs">
<figure id="scatter">{scatter(result)}</figure>
<figure id="dimensions">{dimension_bars(result)}</figure>
<figure id="confusion">{confusion(result)}</figure>
</div>
<h2>Rater pairs (totals; kappas on the rubric's bands)</h2>
<table><tr><th>pair</th><th>n</th><th>Cohen's kappa</th><th>quadratic-weighted kappa</th><th>Spearman</th>
<th>Pearson</th><th>MAE</th></tr>{pair_rows}</table>
<h2>Ids not in every file</h2><ul>{missing}</ul>
<h2>Disagreements over 15 points (the rubric's tie-break rule), worst first</h2>
<table><tr><th>id</th><th>spread</th><th>totals</th><th>our flags</th><th>reply, our evidence marked</th></tr>
{''.join(rows) or '<tr><td colspan=5>none</td></tr>'}</table>
</body></html>
"""
