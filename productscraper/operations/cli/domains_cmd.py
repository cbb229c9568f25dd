"""``domains``: the domains the quality monitors paused (list), resume one, pause one by hand."""
from __future__ import annotations

import argparse

from productscraper.monitors import pause
from productscraper.storage.connection import get_db


def register(sub) -> None:
    d = sub.add_parser("domains", help="paused domains (quality monitors): list, resume, pause")
    dsub = d.add_subparsers(dest="domains_command", required=True)
    ls = dsub.add_parser("list", help="paused domains and why")
    ls.add_argument("--all", action="store_true", help="also domains paused before and resumed")
    ls.set_defaults(func=cmd_list)
    rs = dsub.add_parser("resume", help="resume a paused domain: its deferred tasks run again")
    rs.add_argument("domain", help="host or host:port, as `domains list` shows it")
    rs.set_defaults(func=cmd_resume)
    ps = dsub.add_parser("pause", help="pause a domain by hand: its tasks are deferred")
    ps.add_argument("domain", help="host or host:port (the port when the URLs name one)")
    ps.add_argument("--reason", default="paused by hand", help="why (shown by `domains list`)")
    ps.set_defaults(func=cmd_pause)


def format_domain(doc: dict) -> str:
    """One domain's block: state, since when, the runs and the reasons."""
    paused = doc.get("state") == pause.PAUSED
    state = "PAUSED" if paused else "resumed"
    when = doc.get("paused_at") if paused else doc.get("resumed_at")
    lines = [f"{doc['_id']}: {state} since {when} (by {doc.get('paused_by', '?')})"]
    if doc.get("runs"):
        lines.append(f"  runs: {', '.join(doc['runs'])}")
    lines += [f"  - {r.get('message', r)}" for r in doc.get("reasons") or ()]
    return "\n".join(lines)


def cmd_list(args: argparse.Namespace) -> int:
    docs = pause.list_domains(get_db(), paused_only=not args.all)
    if not docs:
        print("no paused domains")
    for doc in docs:
        print(format_domain(doc))
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    if not pause.resume(get_db(), args.domain):
        print(f"domain {args.domain} is not paused")
        return 1
    print(f"domain {args.domain} resumed: its deferred tasks run at their next try")
    return 0


def cmd_pause(args: argparse.Namespace) -> int:
    pause.pause(get_db(), args.domain, [{"monitor": "manual", "message": args.reason}], by="hand")
    print(f"domain {args.domain} paused: its tasks are deferred until `domains resume {args.domain}`")
    return 0
