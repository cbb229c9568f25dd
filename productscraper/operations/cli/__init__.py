"""Command line: ``python -m productscraper COMMAND`` (see ``--help``)."""
from __future__ import annotations

import argparse
import sys

from productscraper.operations.cli import (demo_cmd, domains_cmd, enqueue_cmd, ops_cmd, quality_cmd,
                                          runs_cmd, schedule_cmd, stack_cmd, status_cmd)

COMMANDS = (stack_cmd, runs_cmd, status_cmd, enqueue_cmd, demo_cmd, ops_cmd, quality_cmd,
            schedule_cmd, domains_cmd)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(prog="python -m productscraper",
                                     description="Distributed product scraper: Scrapy + Celery + MongoDB.")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    return int(args.func(args) or 0)
