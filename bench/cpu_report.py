"""CPU per 1,000 products, process by process, and issue 38's books targets.

Every scenario records each process's CPU over its timed window in
``Result.extra["cpu_by_process_s"]`` (:class:`bench.measure.CpuAccount`); this module
sets the fan-out beside the plain Scrapy peer and judges the books pairs.
"""
from __future__ import annotations

import statistics
from typing import Any

from bench.lab import Result

BOOKS_SPEED_TARGET = 0.95  # issue 38: books at 0 ms, fan-out products/min >= 0.95x the peer's
BOOKS_CPU_TARGET = 1.3  # issue 38: all processes' CPU per product <= 1.3x the peer's
#: The system's processes, in the order of the by-process table (the site is not one).
PROCESSES = ("listing spider", "workers", "plain crawl", "redis-server", "nx-27017")


def _f(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def _targeted(what: str, value: float, op: str, bound: float) -> dict[str, Any]:
    met = value >= bound if op == "≥" else value <= bound
    return {"what": what, "value": value, "target": f"{op} {bound:g}", "bound": bound, "met": met}


def system_cpu_s(r: Result) -> float | None:
    """CPU seconds of the system's own processes (spider, workers or the plain crawl,
    redis-server, nx-27017): everything but the site being scraped."""
    by = r.extra.get("cpu_by_process_s")
    if not by:
        return None
    return sum(v for k, v in by.items() if k in PROCESSES)


def cpu_per_1000(r: Result, cpu_s: float | None) -> float | None:
    """``cpu_s`` per 1,000 products stored."""
    return cpu_s * 1000 / r.stored if cpu_s is not None and r.stored else None


def cpu_ratio(plain: Result, fan: Result) -> float | None:
    """Fan-out ÷ plain: the system's CPU per product stored."""
    a, b = cpu_per_1000(fan, system_cpu_s(fan)), cpu_per_1000(plain, system_cpu_s(plain))
    return a / b if a is not None and b else None


def cpu_by_process_table(plain: Result, fan: Result) -> str:
    """CPU-s per 1,000 products stored, process by process, the fan-out beside the peer."""
    pb, fb = plain.extra.get("cpu_by_process_s") or {}, fan.extra.get("cpu_by_process_s") or {}
    lines = ["| process | fan-out 2 workers | plain Scrapy peer | fan-out ÷ peer |", "|---|---:|---:|---:|"]

    def row(name: str, f: float | None, p: float | None, bold: bool = False) -> str:
        fk, pk = cpu_per_1000(fan, f), cpu_per_1000(plain, p)
        ratio = f"{fk / pk:.2f}×" if fk is not None and pk else "–"
        cells = [_f(fk, 2), _f(pk, 2), ratio]
        if bold:
            cells = [f"**{c}**" for c in cells]
        return f"| {name} | " + " | ".join(cells) + " |"

    for name in PROCESSES:
        if name in pb or name in fb:
            lines.append(row(name, fb.get(name), pb.get(name)))
    lines.append(row("all the system's processes", system_cpu_s(fan), system_cpu_s(plain), bold=True))
    lines.append(row("the site (corpus server; not counted above)", fb.get("site"), pb.get("site")))
    return "\n".join(lines)


def books_summary(pairs: list[tuple[Result, Result]]) -> list[dict[str, Any]]:
    """Issue 38's acceptance 3 on the books corpus at zero latency: medians over the pairs."""
    done = [(a, b) for a, b in pairs if a.products_per_min and b.products_per_min
            and not (a.error or b.error)]
    if not done:
        return []
    speed = [b.products_per_min / a.products_per_min for a, b in done]
    cpu = [c for c in (cpu_ratio(a, b) for a, b in done) if c is not None]
    out = [_targeted(f"books, 0 ms: fan-out 2 workers ÷ plain peer, products/min, median of {len(speed)} "
                     f"back-to-back pairs (range {min(speed):.2f}–{max(speed):.2f})",
                     statistics.median(speed), "≥", BOOKS_SPEED_TARGET)]
    if cpu:
        out.append(_targeted(f"books, 0 ms: fan-out ÷ plain peer, CPU of all the system's processes per "
                             f"product, median of {len(cpu)} pairs (range {min(cpu):.2f}–{max(cpu):.2f})",
                             statistics.median(cpu), "≤", BOOKS_CPU_TARGET))
    return out


def books_section(pairs: list[tuple[Result, Result]]) -> list[str]:
    """results.md's section on the books pair: the by-process table and the pairs."""
    if not pairs:
        return []
    plain, fan = pairs[0]
    if plain.error or fan.error:
        return []
    ratios = [f"{b.products_per_min / a.products_per_min:.2f}× (CPU {cpu_ratio(a, b) or 0:.2f}×)"
              for a, b in pairs if a.products_per_min and b.products_per_min]
    return ["## Books corpus at zero latency: CPU per 1,000 products, by process", "",
            f"The first pair ({fan.stored} and {plain.stored} products stored; fan-out {fan.wall_s:.1f} s, "
            f"plain peer {plain.wall_s:.1f} s). CPU-s per 1,000 products stored, each process accounted "
            "on its own over the timed window (`bench.measure.CpuAccount`):", "",
            cpu_by_process_table(plain, fan), "",
            "![CPU per 1,000 products by process](books-cpu.png)", "",
            "Every pair, fan-out ÷ peer products/min (and CPU per product): " + ", ".join(ratios) + ".", ""]
