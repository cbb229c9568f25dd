"""``schedule add|list|remove``: recurring listing crawls on Celery beat (RedBeat)."""
from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from productscraper.profiles import DISCOVERY_MODES
from productscraper.storage.clock import to_iso


def register(sub) -> None:
    p = sub.add_parser("schedule", help="recurring crawls: add, list, remove (run by `celery beat`)")
    ssub = p.add_subparsers(dest="action", required=True)
    add = ssub.add_parser("add", help="add a schedule (beat picks it up at its next tick)")
    add.add_argument("name", help="schedule name; each run is NAME-<UTC timestamp>")
    add.add_argument("--start-url", required=True, help="listing page, site root or sitemap")
    add.add_argument("--profile", default=None, help="site profile (default: by host)")
    add.add_argument("--discovery", default=None, choices=DISCOVERY_MODES,
                     help="auto | listing | sitemap (default: the profile's)")
    when = add.add_mutually_exclusive_group(required=True)
    when.add_argument("--every", type=float, metavar="SECONDS",
                      help="fire now, then every SECONDS")
    when.add_argument("--cron", metavar='"m h dom mon dow"', help="crontab expression, UTC")
    add.add_argument("--replace", action="store_true", help="replace a schedule of that name")
    add.set_defaults(func=cmd_add)
    ls = ssub.add_parser("list", help="schedules with their next run, last run and its outcome")
    ls.add_argument("--json", action="store_true", help="print JSON")
    ls.set_defaults(func=cmd_list)
    rm = ssub.add_parser("remove", help="remove a schedule (no more firings)")
    rm.add_argument("name")
    rm.set_defaults(func=cmd_remove)


def cmd_add(args: argparse.Namespace) -> int:
    from productscraper.scheduling import entries

    try:
        s = entries.add(args.name, args.start_url, every=args.every, cron=args.cron,
                        profile=args.profile, discovery=args.discovery, replace=args.replace)
    except entries.ScheduleError as exc:
        print(f"schedule add: {exc}")
        return 2
    print(f"schedule {s.name}: {s.spec}, next run {_when(s.next_run)}, start URL {s.start_url}")
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    from productscraper.scheduling import entries

    if not entries.remove(args.name):
        print(f"schedule {args.name}: no such schedule")
        return 2
    print(f"schedule {args.name}: removed")
    return 0


def rows() -> list[dict]:
    """One dict per schedule: its definition, next run, last run and that run's outcome."""
    from productscraper.scheduling import entries, firings
    from productscraper.storage.connection import get_db

    db = get_db()
    out = []
    for s in entries.all_schedules():
        last = firings.last(db, s.name)
        started = last if last and last["action"] == firings.STARTED else firings.last(db, s.name, firings.STARTED)
        out.append({
            "name": s.name, "schedule": s.spec, "start_url": s.start_url, "profile": s.profile,
            "discovery": s.discovery, "next_run": _when(s.next_run),
            "last_firing": last and {"fired_at": last["fired_at"], "action": last["action"],
                                     "run_id": last.get("run_id"), "outcome": firings.outcome(db, last)},
            "last_run": started and {"run_id": started["run_id"], "fired_at": started["fired_at"],
                                     "outcome": firings.outcome(db, started)},
        })
    return out


def cmd_list(args: argparse.Namespace) -> int:
    data = rows()
    if args.json:
        print(json.dumps(data, default=str))
        return 0
    if not data:
        print("no schedules")
        return 0
    table = Table("name", "schedule", "start URL", "next run", "last run", "outcome", "last firing")
    for r in data:
        run, firing = r["last_run"] or {}, r["last_firing"] or {}
        table.add_row(r["name"], r["schedule"], r["start_url"], r["next_run"] or "-",
                      run.get("run_id") or "-", run.get("outcome") or "-",
                      "-" if not firing else
                      ("same" if firing.get("run_id") and firing["run_id"] == run.get("run_id")
                       else f"{firing['fired_at']} {firing['outcome']}"))
    Console(width=200).print(table)
    return 0


def _when(dt) -> str | None:
    return to_iso(dt) if dt is not None else None
