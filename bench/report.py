"""Comparisons between scenarios, and the results as Markdown, JSON and a PNG plot.

:func:`compare` adds what only makes sense relative to another scenario: the speed-up
over the sequential baseline, the fan-out's per-task CPU overhead over the plain crawl
and the ratio to the physical limit; :func:`summary` the headline ratios and targets.
"""
from __future__ import annotations

import json
import math
import os
import platform
import statistics
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench.cpu_report import PROCESSES, books_section, books_summary, cpu_ratio
from bench.plot import plot, plot_cpu_by_process, scenario_label
from bench.scenarios import Params, Result
from productscraper.config import Config
from productscraper.worker.task_timing import PHASES

#: Targets of issue 7 (reported as met / not met, never enforced).
LIMIT_TARGET = 1.5  # fan-out wall within 1.5x of listing pages x latency
SCALING_TARGET = 3.0  # products/min of 4 workers >= 3x that of 1
SOAK_TARGET = 0.10  # worker RSS after N tasks within 10% of after 500
ZERO_TARGET = 1.0  # at 0 ms, 2 workers' products/min >= the plain crawl's


def _find(results: list[Result], kind: str, latency: float, workers: int | None = None,
          corpus: str | None = None) -> Result | None:
    for r in results:
        if r.extra.get("corpus") != corpus:
            continue  # a corpus's rows (books) are compared with each other only
        if r.kind == kind and r.latency_ms == latency and not r.error and (
                workers is None or r.workers == workers):
            return r
    return None


def _tasks(r: Result) -> int:
    return r.stored + r.failed + r.rejected


def all_cpu_s(r: Result) -> float | None:
    """CPU seconds of every process on the machine's cores: the system, redis+nx, the shop."""
    if r.cpu_s is None:
        return None
    return r.cpu_s + (r.service_cpu_s or 0.0) + (r.site_cpu_s or 0.0)


def _products(r: Result) -> int:
    return r.products if r.extrapolated_from else _tasks(r)


def all_cpu_per_product_ms(r: Result) -> float | None:
    """:func:`all_cpu_s` per product, in milliseconds."""
    total = all_cpu_s(r)
    return total * 1000 / _products(r) if total is not None and _products(r) else None


def compare(results: list[Result]) -> list[dict[str, Any]]:
    """One dict per result: its fields plus ``speedup``, ``overhead_*_ms``, ``limit_ratio``,
    ``all_cpu_per_product_ms`` and ``cores_busy``."""
    rows = []
    for r in results:
        row = asdict(r)
        per_product = all_cpu_per_product_ms(r)
        if per_product is not None and r.wall_s and not r.error:
            row["all_cpu_per_product_ms"] = per_product
            row["cores_busy"] = all_cpu_s(r) / r.wall_s
        corpus = r.extra.get("corpus")
        seq = _find(results, "sequential", r.latency_ms, corpus=corpus)
        if seq and seq.products_per_min and r.products_per_min and r.kind != "soak" and not r.error:
            row["speedup"] = r.products_per_min / seq.products_per_min
        plain = _find(results, "plain", r.latency_ms, corpus=corpus)
        if r.kind in ("fanout", "enqueue", "soak") and r.worker_cpu_s is not None and _tasks(r):
            per_task = r.worker_cpu_s / _tasks(r)
            row["worker_cpu_per_task_ms"] = per_task * 1000
            if plain and plain.cpu_per_product_s is not None:
                base = plain.cpu_per_product_s
                row["overhead_mean_ms"] = (per_task - base) * 1000
                if r.chunk_cpu_per_task_s:
                    row["overhead_median_ms"] = (statistics.median(r.chunk_cpu_per_task_s) - base) * 1000
        if r.physical_limit_s and r.wall_s:
            row["limit_ratio"] = r.wall_s / r.physical_limit_s
        rows.append(row)
    return rows


def full_use_ratio(plain: Result, fan: Result, cores: int = 2) -> tuple[float, float, float] | None:
    """``(ratio, fan-out ms, plain ms)``: the products/min ratio if every core were busy.

    CPU-bound, the plain crawl's one process can use one core, while the fan-out's
    processes and the servers and the shop share ``cores``: ``cores × plain's own CPU per
    product ÷ the CPU per product of every process of the fan-out``. Start-up included.
    """
    fan_ms = all_cpu_per_product_ms(fan)
    if fan_ms is None or plain.cpu_s is None or not _products(plain):
        return None
    plain_ms = plain.cpu_s * 1000 / _products(plain)
    return cores * plain_ms / fan_ms, fan_ms, plain_ms


def repeat_ratios(repeats: list[tuple[Result, Result]]) -> list[float]:
    """Fan-out ÷ plain products/min of each zero-latency repeat pair that completed."""
    return [fan.products_per_min / plain.products_per_min for plain, fan in repeats
            if plain.products_per_min and fan.products_per_min and not (plain.error or fan.error)]


def _untargeted(what: str, value: float | None) -> dict[str, Any]:
    """A headline item shown for context, with no target to meet."""
    return {"what": what, "value": value, "target": None, "met": None}


def _targeted(what: str, value: float, op: str, bound: float) -> dict[str, Any]:
    """A headline item with a target: ``op`` ("≥" or "≤") ``bound``, and whether it is met."""
    met = value >= bound if op == "≥" else value <= bound
    return {"what": what, "value": value, "target": f"{op} {bound:g}", "bound": bound, "met": met}


def summary(results: list[Result], p: Params,
            repeats: list[tuple[Result, Result]] | None = None,
            cores: int | None = None) -> list[dict[str, Any]]:
    """Headline figures: ``{"what", "value", "target", "met"}`` (target/met may be None),
    with the target's number as ``"bound"`` where there is one.

    ``repeats``: extra (plain, fan-out 2 workers) pairs at zero latency; with the pair of
    the table they give target 3 as a median of back-to-back ratios. ``cores``: the
    machine's (default ``os.cpu_count()``), for the zero-latency ratio with every core busy.
    """
    cores = cores or os.cpu_count() or 1
    out: list[dict[str, Any]] = []
    for latency in sorted({r.latency_ms for r in results if r.kind == "fanout"}, reverse=True):
        fan, plain = _find(results, "fanout", latency, 2), _find(results, "plain", latency)
        if fan and plain and fan.wall_s and plain.wall_s:
            out.append(_untargeted(f"fan-out 2 workers ÷ plain crawl, wall ({latency:g} ms)",
                                   fan.wall_s / plain.wall_s))
            out.append(_untargeted(f"fan-out 2 workers ÷ plain crawl, CPU-s ({latency:g} ms)",
                                   fan.cpu_s / plain.cpu_s if plain.cpu_s else None))
        if latency == 0 and plain and plain.products_per_min:
            # Target 3 (CPU-bound): 2 workers reach at least the plain crawl's products/min.
            for r in results:
                if (r.kind == "fanout" and r.latency_ms == 0 and r.workers == 2 and r.products_per_min
                        and not r.extra.get("corpus")):
                    ratio = r.products_per_min / plain.products_per_min
                    out.append(_targeted(f"{r.name}: products/min ÷ plain crawl's", ratio, "≥", ZERO_TARGET))
                    full = full_use_ratio(plain, r, cores)
                    if full is not None:
                        out.append(_untargeted(f"{r.name}: the same ratio with every core busy "
                                               f"({cores} cores ÷ {full[1]:.2f} ms of all processes' "
                                               f"CPU per product, against 1 core ÷ the plain crawl's "
                                               f"own {full[2]:.2f} ms)", full[0]))
        for r in results:
            if r.kind == "fanout" and r.latency_ms == latency and r.physical_limit_s and r.wall_s:
                ratio = r.wall_s / r.physical_limit_s
                out.append(_targeted(f"{r.name}: wall ÷ physical limit ({r.physical_limit_s:.1f} s)",
                                     ratio, "≤", LIMIT_TARGET))
                start = r.extra.get("startup_s")
                if start is not None:
                    out.append(_untargeted(f"{r.name}: the same without the spider's start-up "
                                           f"({start:.1f} s before its first request)",
                                           (r.wall_s - start) / r.physical_limit_s))
    scaling = sorted((r for r in results if r.kind == "enqueue" and not r.error and r.products_per_min),
                     key=lambda r: r.workers or 0)
    if len(scaling) >= 2:
        lo, hi = scaling[0], scaling[-1]
        ratio = hi.products_per_min / lo.products_per_min
        what = f"enqueue scaling, products/min {hi.workers} ÷ {lo.workers} workers"
        out.append(_targeted(what, ratio, "≥", SCALING_TARGET) if (lo.workers, hi.workers) == (1, 4)
                   else _untargeted(what, ratio))
    soak = next((r for r in results if r.kind == "soak" and not r.error), None)
    if soak and soak.extra.get("rss_growth") is not None:
        growth = soak.extra["rss_growth"]
        out.append({"what": f"soak: worker RSS after {soak.products} tasks vs after 500 "
                            f"({soak.extra['rss_after_500_mb']:.0f} → {soak.extra['rss_after_all_mb']:.0f} MB)",
                    "value": growth, "target": f"≤ +{SOAK_TARGET:.0%}", "met": abs(growth) <= SOAK_TARGET,
                    "percent": True})
    ratios = repeat_ratios(repeats or [])
    plain0, fan0 = _find(results, "plain", 0.0), _find(results, "fanout", 0.0, 2)
    if ratios and plain0 and fan0 and plain0.products_per_min and fan0.products_per_min:
        ratios.insert(0, fan0.products_per_min / plain0.products_per_min)
    if ratios:
        median = statistics.median(ratios)
        out.append(_targeted(f"fan-out 2 workers ÷ plain crawl, products/min at 0 ms: median of "
                             f"{len(ratios)} back-to-back pairs (range {min(ratios):.2f}–{max(ratios):.2f})",
                             median, "≥", ZERO_TARGET))
    return out


# ------------------------------------------------------------------------ markdown


def _f(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def markdown_table(rows: list[dict]) -> str:
    """The results table (one row per scenario)."""
    head = ("| scenario | products | wall s | products/min | speed-up vs sequential | CPU-s | "
            "redis+nx CPU-s | all CPU ms/product | cores busy | peak RSS MB | CPU ms/task (workers) | "
            "overhead ms/task: mean / median | wall ÷ limit |")
    cols = head.count("|") - 1
    lines = [head, "|---|" + "---:|" * (cols - 1)]
    for row in rows:
        if row.get("error"):
            lines.append(f"| {row['name']} | error: {row['error'][:120].replace('|', '/')} |"
                         + " |" * (cols - 2))
            continue
        stored = f"{row['stored']}" if not row.get("extrapolated_from") else f"{row['products']}*"
        if row["extra"].get("incomplete"):
            stored += " (incomplete)"
        overhead = "–"
        if row.get("overhead_mean_ms") is not None:
            overhead = f"{row['overhead_mean_ms']:+.1f} / " + (
                f"{row['overhead_median_ms']:+.1f}" if row.get("overhead_median_ms") is not None else "–")
        speed = f"{row['speedup']:.1f}×" if row.get("speedup") else "–"
        limit = f"{row['limit_ratio']:.2f}" if row.get("limit_ratio") else "–"
        lines.append(
            f"| {scenario_label(row)} | {stored} | {_f(row['wall_s'])} | {_f(row['products_per_min'], 0)} | "
            f"{speed} | {_f(row['cpu_s'])} | {_f(row['service_cpu_s'])} | "
            f"{_f(row.get('all_cpu_per_product_ms'), 2)} | {_f(row.get('cores_busy'), 2)} | "
            f"{_f(row['peak_rss_mb'], 0)} | "
            f"{_f(row.get('worker_cpu_per_task_ms'))} | {overhead} | {limit} |")
    return "\n".join(lines)


def timings_table(rows: list[dict]) -> str:
    """Where the distributed scenarios' tasks spent their time (empty without timings).

    The phases are a worker's (``report``'s "time per stored product"; with several
    products per task, a product's phases run from its batch task's start); "thread time
    per task" is the scenario's wall time × its task threads ÷ its tasks, so where the
    queue never runs dry (``enqueue``) the difference from "task" is the time a thread
    waits between two tasks.
    """
    timed = [r for r in rows if not r.get("error") and r["extra"].get("time_per_product_ms")]
    if not timed:
        return ""
    lines = ["| scenario | " + " | ".join(PHASES) + " | of which the site | task | "
             "thread time per task |", "|---|" + "---:|" * (len(PHASES) + 3)]
    for row in timed:
        t = row["extra"]["time_per_product_ms"]
        tasks = math.ceil((row["stored"] + row["failed"] + row["rejected"])
                          / row["extra"].get("products_per_task", 1))
        slot = (row["wall_s"] * row["workers"] * row["concurrency"] * 1000 / tasks
                if tasks and row.get("wall_s") and row.get("workers") and row.get("concurrency")
                else None)
        lines.append(f"| {scenario_label(row)} | " + " | ".join(_f(t.get(p)) for p in PHASES)
                     + f" | {_f(t.get('site'))} | {_f(t.get('total'))} | {_f(slot)} |")
    return "\n".join(lines)


def _ratio(value: float, bound: float | None) -> str:
    """Two decimals, or three where two would print the target's bound itself: 0.998
    shown as "1.00 — NOT met" reads as a contradiction."""
    text = f"{value:.2f}"
    if bound is not None and value != bound and text == f"{bound:.2f}":
        text = f"{value:.3f}"
    return text


def summary_lines(items: list[dict]) -> str:
    """The headline ratios as a bullet list."""
    lines = []
    for s in items:
        value = "–" if s["value"] is None else (
            f"{s['value']:+.1%}" if s.get("percent") else _ratio(s["value"], s.get("bound")))
        verdict = "" if s["met"] is None else (" — met" if s["met"] else " — NOT met")
        target = f" (target {s['target']})" if s["target"] else ""
        lines.append(f"- {s['what']}: **{value}**{target}{verdict}")
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    cpu = ""
    try:
        cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                    if line.startswith("model name")), "")
    except OSError:
        pass
    mem_gb = None
    try:
        kb = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal"))
        mem_gb = round(kb / 1024 / 1024, 1)
    except (OSError, StopIteration):
        pass
    import os

    versions = {}
    for name in ("scrapy", "celery", "kombu", "pymongo", "redis", "twisted"):
        try:
            from importlib.metadata import version

            versions[name] = version(name)
        except Exception:
            versions[name] = None
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": mem_gb,
            "os": f"{platform.system()} {platform.release()}", "python": platform.python_version(),
            "packages": versions, "load_avg_at_start": os.getloadavg()}


def render_markdown(rows: list[dict], items: list[dict], p: Params, meta: dict) -> str:
    """The whole results.md."""
    m = meta["machine"]
    timings = timings_table(rows)
    params = (f"{p.products} products, {p.per_page} per listing page ({p.listing_pages} listing pages), "
              f"latency {p.latency_ms:g} ms per page, {p.concurrency} concurrent requests per process, "
              f"workers {', '.join(map(str, p.workers))}; scaling: {p.scaling_urls} URLs at "
              f"{p.scaling_latency_ms:g} ms, {p.scaling_concurrency} per process; soak {p.soak or 'off'}; "
              f"workers' pool {meta.get('pool', 'default')}")
    return "\n".join([
        "# Benchmark results",
        "",
        f"- **Date**: {meta['date']}",
        f"- **Machine**: {m['cpu'] or 'unknown CPU'}, {m['cores']} cores, {m['memory_gb']} GB, {m['os']}, "
        f"Python {m['python']}, " + ", ".join(f"{k} {v}" for k, v in m["packages"].items() if v)
        + f"; load average at start {', '.join(f'{x:.1f}' for x in m['load_avg_at_start'])}",
        f"- **Parameters**: {params}",
        f"- **Command**: `{meta['command']}`",
        "",
        "All figures come from **one run on the same shared machine**: compare them with each "
        "other as ratios, not with other machines or runs (timings drift ±20% between runs here, "
        "and other work on the machine competes for the same cores — the demo shop, "
        "redis-server and nx-27017 included).",
        "",
        markdown_table(rows),
        "",
        "\\* extrapolated linearly from the sample (start-up once, the crawl scaled).",
        "",
        *(["## Where a task's time went",
           "",
           "Mean milliseconds per stored product, from the workers' run counters (what "
           "`report` prints; the phases: [README](../../README.md#where-a-tasks-time-goes)). "
           "Thread time per task = wall × task threads ÷ tasks: where the queue never runs "
           "dry (`enqueue`), what exceeds the task is a thread's wait between two tasks.",
           "",
           timings,
           ""] if timings else []),
        *(books_section(meta.get("books_pairs") or []) or []),
        "## Headline",
        "",
        summary_lines(items) or "- (not enough scenarios for ratios)",
        "",
        "How to read each column: see [README.md](README.md).",
        "",
    ])


# ----------------------------------------------------------------------------- plot


def write(out: Path, results: list[Result], p: Params, command: str,
          machine_info: dict[str, Any] | None = None,
          repeats: list[tuple[Result, Result]] | None = None,
          books_pairs: list[tuple[Result, Result]] | None = None) -> str:
    """Write results.md, results.json and benchmark.png into ``out``; return the table.

    ``machine_info`` is :func:`machine` taken before the run (its load average);
    ``repeats`` the zero-latency repeat pairs (``--zero-repeats``); ``books_pairs`` the
    books scenario's pairs (the first is also in ``results``).
    """
    out.mkdir(parents=True, exist_ok=True)
    rows = compare(results)
    items = summary(results, p, repeats) + books_summary(books_pairs or [])
    meta = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": machine_info or machine(), "command": command,
            # The pool the fan-out's workers ran (the threads scenario names its own).
            "pool": Config.from_env().worker_pool}
    (out / "results.md").write_text(render_markdown(rows, items, p, {**meta, "books_pairs": books_pairs}))
    (out / "results.json").write_text(json.dumps(
        {"meta": meta, "params": asdict(p), "results": rows, "summary": items,
         "zero_repeats": [{"plain_wall_s": a.wall_s, "fanout_wall_s": b.wall_s,
                           "plain_per_min": a.products_per_min, "fanout_per_min": b.products_per_min}
                          for a, b in repeats or []],
         "books_pairs": [{"plain_wall_s": a.wall_s, "fanout_wall_s": b.wall_s,
                          "plain_per_min": a.products_per_min, "fanout_per_min": b.products_per_min,
                          "plain_cpu_by_process_s": a.extra.get("cpu_by_process_s"),
                          "fanout_cpu_by_process_s": b.extra.get("cpu_by_process_s"),
                          "cpu_ratio": cpu_ratio(a, b)} for a, b in books_pairs or []]},
        indent=2, default=str))
    first = (books_pairs or [None])[0]
    if first and not (first[0].error or first[1].error):
        plot_cpu_by_process(first[0].extra.get("cpu_by_process_s") or {},
                            first[1].extra.get("cpu_by_process_s") or {},
                            (first[0].stored, first[1].stored), out / "books-cpu.png", PROCESSES)
    if not plot(rows, out / "benchmark.png"):
        print("benchmark.png not written: matplotlib is not installed (pip install matplotlib)")
    return markdown_table(rows) + "\n\n" + summary_lines(items)
