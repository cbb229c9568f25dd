"""``api`` (serve the read-only HTTP API) and ``export`` (a run's products as JSONL/CSV)."""
from __future__ import annotations

import argparse
import os
import sys

from pymongo.errors import PyMongoError

from productscraper.operations import export
from productscraper.storage.connection import get_db


def register(sub) -> None:
    """Register the ``api`` and ``export`` sub-commands on argparse sub-parsers."""
    a = sub.add_parser("api", help="serve the read-only HTTP API (docs at /docs)")
    a.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    a.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    a.add_argument("--log-level", default="info", help="uvicorn log level (default info)")
    a.set_defaults(func=cmd_api)
    e = sub.add_parser("export", help="write the products of a run (those it last saw) as JSONL or CSV")
    e.add_argument("--run", required=True, help="run id")
    e.add_argument("--format", choices=export.FORMATS, default="jsonl", help="jsonl (default) or csv")
    e.add_argument("--out", default=None, help="output file (default: stdout)")
    e.set_defaults(func=cmd_export)


def cmd_api(args: argparse.Namespace) -> int:
    # Imported here: the other commands must not need the web stack.
    import uvicorn

    from productscraper.operations.api.app import create_app

    uvicorn.run(create_app(), host=args.host, port=args.port, log_level=args.log_level)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    db = get_db()
    try:
        if args.out is None:
            # Exports are UTF-8 whatever the locale says (a C locale would refuse "é").
            sys.stdout.reconfigure(encoding="utf-8")
            n = export.export_run(db, args.run, args.format, sys.stdout)
            sys.stdout.flush()
        else:
            n = _export_to_file(db, args)
    except export.UnknownRun:
        print(f"export: unknown run {args.run!r} (no run, ledger entry or product has this id)",
              file=sys.stderr)
        return 2
    except PyMongoError as exc:
        print(f"export: MongoDB error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `export ... | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    print(f"export: {n} product(s) of run {args.run}" + (f" written to {args.out}" if args.out else ""),
          file=sys.stderr)
    return 0


def _export_to_file(db, args: argparse.Namespace) -> int:
    """Write to ``FILE.part`` and rename on success: a failed export leaves no half file."""
    part = f"{args.out}.part"
    try:
        with open(part, "w", encoding="utf-8", newline="") as fh:
            n = export.export_run(db, args.run, args.format, fh)
        os.replace(part, args.out)
        return n
    finally:
        if os.path.exists(part):
            os.unlink(part)
