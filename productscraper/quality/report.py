"""Formatting quality runs: the markdown table docs/quality.md keeps, and the wrong pages."""
from __future__ import annotations

import re
from pathlib import Path

from productscraper.quality.metric import FIELDS, Scores
from productscraper.quality.runner import QualityRun

BEGIN, END = "<!-- quality-table:begin -->", "<!-- quality-table:end -->"


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _row(label: str, scores: Scores) -> str:
    cells = []
    for name in FIELDS:
        s = scores.fields[name]
        cells.append(f"{_fmt(s.precision)} / {_fmt(s.recall)} / **{_fmt(s.f1)}**" if s.expected else
                     f"n/a ({s.predicted} found)")
    share = scores.currency_share
    currency = "n/a" if share is None else f"{share:.1%} of {scores.priced_pages}"
    return f"| {label} | {scores.pages} | " + " | ".join(cells) + f" | {currency} |"


def markdown_table(runs: list[QualityRun]) -> str:
    """One row per run and schema.org subset: P / R / **F1** per field, and CPU per page."""
    head = ("| part | pages | " + " | ".join(FIELDS) + " | currency right (priced pages) |\n"
            "|---|---|" + "---|" * len(FIELDS) + "---|")
    rows = [head]
    for run in runs:
        rows.append(_row(f"{run.split}", run.overall))
        rows.append(_row(f"{run.split}, schema.org Product", run.with_schema))
        rows.append(_row(f"{run.split}, no schema.org Product", run.without_schema))
    cpu = ["", "| part | median CPU ms/page | p95 CPU ms/page |", "|---|---|---|"]
    cpu += [f"| {run.split} | {run.cpu_percentile(0.5):.1f} | {run.cpu_percentile(0.95):.1f} |"
            for run in runs]
    return "\n".join(rows + cpu)


def wrong_pages_text(run: QualityRun) -> str:
    """One line per wrong field: page id, field, expected, got, layer."""
    lines = [f"wrong or missed fields ({run.split}):"]
    for w in run.wrong_pages():
        lines.append(f"  {w['id']:<32} {w['field']:<12} expected={w['expected']!r} "
                     f"got={w['got']!r} layer={w['layer']}")
    return "\n".join(lines)


def write_docs(path: Path, table: str) -> None:
    """Replace the table between the markers of ``path`` (appended when it has none)."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Extraction quality\n"
    block = f"{BEGIN}\n{table}\n{END}"
    if BEGIN in text and END in text:
        text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
