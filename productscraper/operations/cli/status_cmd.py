"""``status``: live progress of running runs and a table of recent runs."""
from __future__ import annotations

import argparse
import time

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Column, Table
from rich.text import Text

from productscraper.operations.queue_health import StallWatch
from productscraper.storage import runs
from productscraper.storage.connection import get_db


#: ``status`` (not ``--watch``) looks at an incomplete run's queues twice, this far apart.
STALL_RECHECK_S = 2.0


def register(sub) -> None:
    p = sub.add_parser("status", help="live progress of running runs and recent runs")
    p.add_argument("--run", default=None, help="only this run")
    p.add_argument("--recent", type=int, default=10, help="recent runs in the table (default 10)")
    p.add_argument("--watch", action="store_true", help="refresh until every shown run is complete")
    p.add_argument("--interval", type=float, default=1.0, help="refresh interval (default 1 s)")
    p.set_defaults(func=cmd_status)


def _summaries(db, run_id: str | None, recent: int) -> list[dict]:
    if run_id:
        return [runs.summary(db, run_id)]
    ids = [d["_id"] for d in db.runs.find({}, {"_id": 1}).sort("started_at", -1).limit(recent)]
    return [runs.summary(db, i) for i in ids]


def with_stalls(db, summaries: list[dict], watches: dict[str, StallWatch]) -> list[dict]:
    """Each incomplete run's summary with ``stalled`` messages (queues nobody consumes)."""
    out = []
    for s in summaries:
        if not s["complete"] and s["queued"]:
            watch = watches.setdefault(s["run_id"], StallWatch(db, s["run_id"], every=0))
            stalls = watch.poll()
            if stalls:
                s = {**s, "stalled": [item.message(s["run_id"]) for item in stalls]}
        out.append(s)
    return out


def render(summaries: list[dict]) -> Group:
    """Progress bars for incomplete runs above a table of all the given runs (and a line
    for each stalled queue)."""
    bars = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[detail]}"))
    for s in summaries:
        if not s["complete"]:
            done = s["stored"] + s["unchanged"] + s["failed"] + s["rejected"]
            bars.add_task(f"run {s['run_id']}", total=s["discovered"] or None, completed=done,
                          detail=f"stored {s['stored']} unchanged {s['unchanged']} "
                                 f"failed {s['failed']} rejected {s['rejected']}"
                                 f" · {s['pages_per_min']:.0f}/min"
                                 + ("" if s["discovery_finished"] else " (discovering)"))
    stalled = [Text(line, style="bold red") for s in summaries for line in s.get("stalled") or ()]
    table = Table("run", Column("state", no_wrap=True, min_width=8), "discovered", "stored", "unchanged", "failed",
                  "rejected", "queued",
                  "changed", "retries", "duration s", "pages/min", title="runs")
    for s in summaries:
        state = "complete" if s["complete"] else ("STALLED" if s.get("stalled") else "running")
        table.add_row(s["run_id"], state, str(s["discovered"]),
                      str(s["stored"]), str(s["unchanged"]), str(s["failed"]), str(s["rejected"]),
                      str(s["queued"]),
                      str(s["changes"]["changed"]), str(s["retries"]), f"{s['duration_s']:.1f}",
                      f"{s['pages_per_min']:.0f}")
    return Group(bars, *stalled, table)


def cmd_status(args: argparse.Namespace) -> int:
    db = get_db()
    console = Console()
    watches: dict[str, StallWatch] = {}
    if not args.watch:
        # A stall is named once it is seen twice with nothing moving in between: look
        # again a few seconds later only when the first look saw a queue without consumer.
        summaries = with_stalls(db, _summaries(db, args.run, args.recent), watches)
        if any(w.suspects for w in watches.values()):
            time.sleep(STALL_RECHECK_S)
            summaries = with_stalls(db, _summaries(db, args.run, args.recent), watches)
        console.print(render(summaries))
        return 0
    with Live(render(_summaries(db, args.run, args.recent)), console=console,
              refresh_per_second=4) as live:
        while True:
            summaries = _summaries(db, args.run, args.recent)
            for s in summaries:
                watches.setdefault(s["run_id"], StallWatch(db, s["run_id"]))
            summaries = with_stalls(db, summaries, watches)
            live.update(render(summaries))
            if all(s["complete"] for s in summaries):
                return 0
            time.sleep(args.interval)
