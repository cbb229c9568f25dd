"""``status``: live progress of running runs and a table of recent runs."""
from __future__ import annotations

import argparse
import time

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from productscraper.storage import runs
from productscraper.storage.connection import get_db


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


def render(summaries: list[dict]) -> Group:
    """Progress bars for incomplete runs above a table of all the given runs."""
    bars = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[detail]}"))
    for s in summaries:
        if not s["complete"]:
            done = s["stored"] + s["failed"] + s["rejected"]
            bars.add_task(f"run {s['run_id']}", total=s["discovered"] or None, completed=done,
                          detail=f"stored {s['stored']} failed {s['failed']} rejected {s['rejected']}"
                                 f" · {s['pages_per_min']:.0f}/min"
                                 + ("" if s["discovery_finished"] else " (discovering)"))
    table = Table("run", "state", "discovered", "stored", "failed", "rejected", "queued",
                  "changed", "retries", "duration s", "pages/min", title="runs")
    for s in summaries:
        table.add_row(s["run_id"], "complete" if s["complete"] else "running", str(s["discovered"]),
                      str(s["stored"]), str(s["failed"]), str(s["rejected"]), str(s["queued"]),
                      str(s["changes"]["changed"]), str(s["retries"]), f"{s['duration_s']:.1f}",
                      f"{s['pages_per_min']:.0f}")
    return Group(bars, table)


def cmd_status(args: argparse.Namespace) -> int:
    db = get_db()
    console = Console()
    if not args.watch:
        console.print(render(_summaries(db, args.run, args.recent)))
        return 0
    with Live(render(_summaries(db, args.run, args.recent)), console=console,
              refresh_per_second=4) as live:
        while True:
            summaries = _summaries(db, args.run, args.recent)
            live.update(render(summaries))
            if all(s["complete"] for s in summaries):
                return 0
            time.sleep(args.interval)
