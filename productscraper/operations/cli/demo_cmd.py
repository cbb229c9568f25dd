"""``demo-shop``: serve the project's own demo shop on 127.0.0.1."""
from __future__ import annotations


def register(sub) -> None:
    from productscraper.demoshop.cli import add_arguments

    p = sub.add_parser("demo-shop", help="serve the demo shop (pagination, faults, JS pages)")
    add_arguments(p)
    p.set_defaults(func=cmd_demo_shop)


def cmd_demo_shop(args) -> int:
    from productscraper.demoshop.cli import run

    return run(args)
