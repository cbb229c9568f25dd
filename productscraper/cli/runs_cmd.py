"""``wait`` and ``report``: follow a run to its end, and summarise it."""
from __future__ import annotations

import argparse
import json
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from productscraper.storage import runs
from productscraper.storage.connection import get_db


def register(sub) -> None:
    w = sub.add_parser("wait", help="block until every URL of a run is in a terminal state")
    w.add_argument("--run", required=True, help="run id")
    w.add_argument("--timeout", type=float, default=3600.0, help="seconds (default 3600)")
    w.add_argument("--interval", type=float, default=1.0, help="poll interval, seconds (default 1)")
    w.set_defaults(func=cmd_wait)
    r = sub.add_parser("report", help="summary of a run")
    r.add_argument("--run", required=True, help="run id")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.set_defaults(func=cmd_report)


def format_summary(s: dict) -> str:
    """Human-readable one-block summary."""
    state = "complete" if s["complete"] else "INCOMPLETE"
    return (f"run {s['run_id']}: {state}\n"
            f"  discovered {s['discovered']}, stored {s['stored']}, failed {s['failed']}, "
            f"rejected {s['rejected']}, queued {s['queued']}\n"
            f"  duration {s['duration_s']:.1f} s, {s['pages_per_min']:.0f} pages/min")


def wait_for_run(run_id: str, timeout: float, interval: float = 1.0, show: bool = True) -> dict:
    """Poll the ledger until the run is complete or ``timeout`` passes; return the summary."""
    db = get_db()
    deadline = time.monotonic() + timeout
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[detail]}"), TimeElapsedColumn(), console=console,
                  disable=not show, transient=False) as progress:
        bar = progress.add_task(f"run {run_id}", total=None, detail="")
        while True:
            s = runs.summary(db, run_id)
            done = s["stored"] + s["failed"] + s["rejected"]
            progress.update(bar, total=s["discovered"] or None, completed=done,
                            detail=f"stored {s['stored']} failed {s['failed']} rejected {s['rejected']}"
                                   + ("" if s["discovery_finished"] else " (discovering)"))
            if s["complete"] or time.monotonic() >= deadline:
                runs.save_summary(db, run_id, s)
                return s
            time.sleep(interval)


def cmd_wait(args: argparse.Namespace) -> int:
    s = wait_for_run(args.run, args.timeout, args.interval)
    if not s["exists"]:
        print(f"run {args.run}: unknown run (nothing discovered)")
        return 2
    print(format_summary(s))
    if not s["complete"]:
        print(f"timed out after {args.timeout:.0f} s")
        return 1
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    s = runs.summary(get_db(), args.run)
    if not s["exists"]:
        print(json.dumps({"error": f"unknown run {args.run}"}) if args.json else f"unknown run {args.run}")
        return 2
    if args.json:
        print(json.dumps(s, default=str))
    else:
        print(format_summary(s))
    return 0
