"""``stack up|down|status``."""
from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from productscraper.operations import stack
from productscraper.config import DEFAULT_POOL, get_config


def register(sub) -> None:
    p = sub.add_parser("stack", help="start/stop the local stack (Redis, MongoDB, workers, Flower)")
    ssub = p.add_subparsers(dest="action", required=True)
    up = ssub.add_parser("up", help="start what is missing")
    up.add_argument("--workers", type=int, default=2, help="HTTP worker processes (default 2)")
    up.add_argument("--concurrency", type=int, default=None,
                    help="tasks at once per worker process (default WORKER_CONCURRENCY, 16)")
    up.add_argument("--render-workers", type=int, default=None,
                    help="browser worker processes (default 1 when chromium and chromedriver are "
                         "installed, else 0; 0 = none: pages that need JavaScript then wait in "
                         "the render queue, and `wait` reports the stall)")
    up.add_argument("--render-concurrency", type=int, default=1, help="tasks at once per render worker (default 1)")
    up.add_argument("--pool", default=None, choices=["reactor", "threads", "prefork", "solo"],
                    help=f"Celery pool (default WORKER_POOL, {DEFAULT_POOL})")
    up.add_argument("--no-flower", action="store_true", help="do not start Flower")
    up.add_argument("--no-schedules", action="store_true",
                    help="start neither Celery beat nor the schedules worker")
    up.set_defaults(func=cmd_up)
    down = ssub.add_parser("down", help="stop exactly what `stack up` started")
    down.set_defaults(func=cmd_down)
    st = ssub.add_parser("status", help="list what runs")
    st.set_defaults(func=cmd_status)


def cmd_up(args: argparse.Namespace) -> int:
    cfg = get_config()
    try:
        procs = stack.up(cfg, workers=args.workers,
                         concurrency=args.concurrency or cfg.worker_concurrency,
                         render_workers=args.render_workers,
                         render_concurrency=args.render_concurrency,
                         flower=not args.no_flower, pool=args.pool or cfg.worker_pool,
                         schedules=not args.no_schedules)
    except stack.StackError as exc:
        print(f"stack up failed: {exc}")
        return 1
    for p in procs:
        print(f"{p.name:<12} pid {p.pid:<8} log {p.log}")
    if not args.no_flower:
        print(f"Flower: http://127.0.0.1:{cfg.flower_port}/")
    return 0


def cmd_down(args: argparse.Namespace) -> int:
    stopped = stack.down(get_config())
    print("stopped: " + (", ".join(stopped) if stopped else "nothing was running"))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    rows = stack.status(get_config())
    table = Table("name", "pid", "alive", "log")
    for r in rows:
        table.add_row(r["name"], str(r["pid"]), "yes" if r["alive"] else "NO", r["log"])
    Console().print(table if rows else "nothing started by `stack up`")
    return 0
