"""``wait`` and ``report``: follow a run to its end, and summarise it."""
from __future__ import annotations

import argparse
import json
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pymongo.database import Database
from pymongo.errors import PyMongoError

from productscraper.monitors.suite import check_run as check_quality, verdict_of
from productscraper.operations.queue_health import EXIT_STALLED, StallWatch, find_run_stalls
from productscraper.scheduling.completion import record_gone_once
from productscraper.storage.reconcile import StallDetector, republish_queued, retry_failed
from productscraper.storage.runstats import FLUSH_INTERVAL
from productscraper.storage import runs
from productscraper.storage.connection import get_db
from productscraper.worker.task_timing import PHASES


def register(sub) -> None:
    w = sub.add_parser("wait", help="block until every URL of a run is in a terminal state")
    w.add_argument("--run", required=True, help="run id")
    w.add_argument("--timeout", type=float, default=3600.0, help="seconds (default 3600)")
    w.add_argument("--interval", type=float, default=1.0, help="poll interval, seconds (default 1)")
    w.add_argument("--reconcile-after", type=float, default=30.0,
                   help="re-publish queued URLs after this many seconds without progress while "
                        "the broker queues are empty (default 30; 0 = never)")
    w.add_argument("--stall-after", type=float, default=60.0,
                   help=f"exit with code {EXIT_STALLED} once the run has made no progress for this "
                        "many seconds while a queue holding its messages has no consumer "
                        "(default 60; 0 = never)")
    w.set_defaults(func=cmd_wait)
    rc = sub.add_parser("reconcile", help="re-publish a run's queued URLs (after a broker loss)")
    rc.add_argument("--run", required=True, help="run id")
    rc.set_defaults(func=cmd_reconcile)
    rf = sub.add_parser("retry-failed", help="re-enqueue a run's failed URLs")
    rf.add_argument("--run", required=True, help="run id")
    rf.set_defaults(func=cmd_retry_failed)
    r = sub.add_parser("report", help="summary of a run")
    r.add_argument("--run", required=True, help="run id")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.set_defaults(func=cmd_report)


def format_summary(s: dict) -> str:
    """Human-readable one-block summary."""
    state = "complete" if s["complete"] else "INCOMPLETE"
    text = (f"run {s['run_id']}: {state}\n"
            f"  discovered {s['discovered']}, stored {s['stored']}, "
            f"unchanged {s.get('unchanged', 0)} (304), failed {s['failed']}, "
            f"rejected {s['rejected']}, queued {s['queued']}\n"
            f"  duration {s['duration_s']:.1f} s, {s['pages_per_min']:.0f} pages/min\n"
            f"  changes: {s['changes']['created']} new, {s['changes']['changed']} changed, "
            f"{s['changes']['unchanged']} unchanged; {s['retries']} retries")
    timing = s.get("time_per_product_ms") or {}
    if timing.get("total") is not None:
        parts = []
        for phase in (p for p in PHASES if p in timing):
            site = f" (site {timing['site']:.1f})" if phase == "fetch" and "site" in timing else ""
            parts.append(f"{phase} {timing[phase]:.1f}{site}")
        text += (f"\n  time per stored product, mean of {s.get('timed_products', 0)} tasks: "
                 f"{', '.join(parts)}; total {timing['total']:.1f} ms")
    if s.get("deferred"):
        text += f"\n  {s['deferred']} task(s) deferred: their domain was paused (`domains list`)"
    if s.get("degraded"):
        text += "\n  DEGRADED: " + "; ".join(r["message"] for r in s.get("degraded_reasons") or ())
    for line in s.get("stalled") or ():
        text += f"\n  {line}"
    return text


def with_verdict(db: Database, s: dict) -> dict:
    """``s`` with the quality monitors' verdict: a complete run nobody checked yet is
    checked now (idempotent, :func:`productscraper.monitors.suite.check_run`)."""
    if not s.get("complete"):
        return s
    check_quality(db, s["run_id"])
    record_gone_once(db, s["run_id"])  # a scheduled run: products its last run saw, now gone
    return {**s, **verdict_of(runs.get(db, s["run_id"]))}


def wait_for_run(run_id: str, timeout: float, interval: float = 1.0, show: bool = True,
                 reconcile_after: float = 30.0, stall_after: float = 60.0) -> dict:
    """Poll the ledger until the run is complete or ``timeout`` passes; return the summary.

    MongoDB being briefly unreachable is waited out; a stalled run whose broker queues
    are empty is re-published from the ledger (see :mod:`productscraper.storage.reconcile`). A
    queue holding the run's messages with no consumer is named as soon as it is seen
    (:mod:`productscraper.operations.queue_health`); once the run has also made no progress for
    ``stall_after`` seconds, the summary is returned with ``stalled`` set.
    """
    db = get_db()
    deadline = time.monotonic() + timeout
    stall = StallDetector(reconcile_after) if reconcile_after > 0 else None
    watch = StallWatch(db, run_id)
    progress_mark: tuple = ()
    last_progress = time.monotonic()
    reported: set[str] = set()
    s: dict = {}
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[detail]}"), TimeElapsedColumn(), console=console,
                  disable=not show, transient=False) as progress:
        bar = progress.add_task(f"run {run_id}", total=None, detail="")
        while True:
            try:
                s = runs.settled_summary(db, run_id)
            except PyMongoError as exc:
                progress.update(bar, detail=f"MongoDB unreachable ({type(exc).__name__}), waiting")
                if time.monotonic() >= deadline:
                    return {**s, "complete": False, "error": str(exc)} if s else {
                        "run_id": run_id, "exists": True, "complete": False, "error": str(exc)}
                time.sleep(interval)
                continue
            done = s["stored"] + s["unchanged"] + s["failed"] + s["rejected"]
            progress.update(bar, total=s["discovered"] or None, completed=done,
                            detail=f"stored {s['stored']} unchanged {s['unchanged']} "
                                   f"failed {s['failed']} rejected {s['rejected']}"
                                   + ("" if s["discovery_finished"] else " (discovering)"))
            if s["complete"]:
                s = _with_counters(db, run_id, s)
            if s["complete"] or time.monotonic() >= deadline:
                runs.save_summary(db, run_id, s)
                return with_verdict(db, s)
            now = time.monotonic()
            mark = (s["discovered"], done)
            if mark != progress_mark:
                progress_mark, last_progress = mark, now
            stalls = watch.poll(now) if s["queued"] else []
            for item in stalls:
                if item.queue not in reported:
                    progress.console.print(item.message(run_id))
            reported = {item.queue for item in stalls}
            if stalls and stall_after > 0 and now - last_progress >= stall_after:
                runs.save_summary(db, run_id, s)
                return {**s, "stalled": [item.message(run_id) for item in stalls],
                        "stalled_for_s": round(now - last_progress, 1)}
            if stall and s["discovery_finished"] and stall.check(time.monotonic(), done, s["queued"]):
                n = republish_queued(db, run_id)
                progress.console.print(f"run {run_id}: no progress and empty broker queues: "
                                       f"re-published {n} queued URL(s)")
            time.sleep(interval)


def _with_counters(db: Database, run_id: str, s: dict,
                   grace: float = 2 * FLUSH_INTERVAL + 1) -> dict:
    """``s`` once the workers' live counters (retries, field coverage) include the run's end.

    The ledger says a run is complete as soon as its last entry is marked; workers add their
    counters to the run document every FLUSH_INTERVAL seconds, so they can lag behind by
    that much. Waits up to ``grace`` seconds for them (a killed worker's are never coming).
    """
    until = time.monotonic() + grace
    while ((runs.get(db, run_id) or {}).get("events") or {}).get("stored", 0) < s["stored"]:
        if time.monotonic() >= until:
            return s
        time.sleep(0.2)
    fresh = runs.summary(db, run_id)
    return fresh if fresh["complete"] else s


def cmd_wait(args: argparse.Namespace) -> int:
    s = wait_for_run(args.run, args.timeout, args.interval, reconcile_after=args.reconcile_after,
                     stall_after=args.stall_after)
    if not s.get("exists"):
        print(f"run {args.run}: unknown run (nothing discovered)")
        return 2
    if "discovered" not in s:
        print(f"run {args.run}: MongoDB unreachable: {s.get('error')}")
        return 1
    print(format_summary(s))
    if s.get("stalled"):
        print(f"stalled: no progress for {s['stalled_for_s']:.0f} s")
        return EXIT_STALLED
    if not s["complete"]:
        print(f"timed out after {args.timeout:.0f} s")
        return 1
    return 0


def with_stalls(db: Database, s: dict) -> dict:
    """``s`` plus ``stalled`` (messages naming each queue without a consumer) while the
    run is incomplete; asks the broker and the workers once."""
    if s.get("complete") or not s.get("queued"):
        return s
    stalls = find_run_stalls(db, s["run_id"])
    return {**s, "stalled": [item.message(s["run_id"]) for item in stalls]} if stalls else s


def cmd_report(args: argparse.Namespace) -> int:
    db = get_db()
    s = runs.summary(db, args.run)
    if not s["exists"]:
        print(json.dumps({"error": f"unknown run {args.run}"}) if args.json else f"unknown run {args.run}")
        return 2
    s = with_verdict(db, with_stalls(db, s))
    if args.json:
        print(json.dumps(s, default=str))
    else:
        print(format_summary(s))
    return 0


def cmd_reconcile(args: argparse.Namespace) -> int:
    n = republish_queued(get_db(), args.run)
    print(f"run {args.run}: re-published {n} queued URL(s)")
    return 0


def cmd_retry_failed(args: argparse.Namespace) -> int:
    n = retry_failed(get_db(), args.run)
    print(f"run {args.run}: re-enqueued {n} failed URL(s)")
    return 0
