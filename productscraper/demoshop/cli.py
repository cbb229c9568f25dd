"""Command line of the demo shop: ``python -m productscraper.demoshop [options]``.

The project's main CLI reuses `add_arguments` and `run` (or `main`) for
``python -m productscraper demo-shop``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

from .faults import FAULT_KINDS, FaultSpec, parse_fault

if TYPE_CHECKING:
    from .server import ShopOptions

__all__ = ["add_arguments", "main", "options_from_args", "run"]

READY_PREFIX = "DEMO SHOP LISTENING "


def _fault(text: str) -> FaultSpec:
    try:
        return parse_fault(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the demo shop's options to `parser` (also used by the project's main CLI)."""
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=_non_negative_int, default=0, help="port; 0 picks a free one")
    parser.add_argument("--products", type=_positive_int, default=50, help="number of products")
    parser.add_argument("--per-page", type=_positive_int, default=20, help="products per listing page")
    parser.add_argument("--categories", type=_positive_int, default=5, help="number of categories")
    parser.add_argument("--seed", type=int, default=1, help="seed of every random choice")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="delay of every response")
    parser.add_argument("--latency-jitter-ms", type=float, default=0.0,
                        help="extra uniform random delay 0..N ms")
    parser.add_argument("--js", action="store_true",
                        help="listings link /js/product/ID/ pages that need a browser")
    parser.add_argument("--fault", dest="faults", type=_fault, action="append", default=[],
                        metavar="KIND=SHARE",
                        help=f"give SHARE (0..1) of the products a fault; KIND in {', '.join(FAULT_KINDS)}")
    parser.add_argument("--transient-failures", type=_non_negative_int, default=1,
                        help="failing requests before a 503/500 product recovers")
    parser.add_argument("--hang-s", type=float, default=60.0, help="how long a 'timeout' product hangs")
    parser.add_argument("--huge-bytes", type=_non_negative_int, default=12_000_000,
                        help="body size of a 'huge' product page")
    parser.add_argument("--private-products", type=_non_negative_int, default=0,
                        help="extra products linked under /private/ (disallowed by robots.txt)")
    parser.add_argument("--js-delay-ms", type=_non_negative_int, default=300,
                        help="delay before a JS product page builds its content (default 300)")
    parser.add_argument("--head-script", metavar="URL", default=None,
                        help="put <script src=URL> first in every page's <head> (a third-party tag)")
    parser.add_argument("--beyond-last", choices=("404", "first"), default="404",
                        help="listing pages past the last: 404 (default) or answered with page 1")
    parser.add_argument("--etags", action="store_true",
                        help="product pages send an ETag and answer If-None-Match with 304")
    parser.add_argument("--no-sitemap", dest="sitemap", action="store_false",
                        help="robots.txt names no sitemap (the sitemaps are still served)")
    parser.add_argument("--access-log", metavar="FILE", default=None,
                        help="append '<epoch> <METHOD> <path?query> <status>' per request")


def options_from_args(args: argparse.Namespace) -> ShopOptions:
    """Translate parsed arguments into ShopOptions."""
    from .server import ShopOptions

    return ShopOptions(
        host=args.host, port=args.port, products=args.products, per_page=args.per_page,
        categories=args.categories, seed=args.seed, latency_ms=args.latency_ms,
        latency_jitter_ms=args.latency_jitter_ms, js=args.js, faults=tuple(args.faults),
        transient_failures=args.transient_failures, hang_s=args.hang_s, huge_bytes=args.huge_bytes,
        private_products=args.private_products, access_log=args.access_log,
        js_delay_ms=args.js_delay_ms, head_script=args.head_script,
        beyond_last=args.beyond_last, sitemap=args.sitemap, etags=args.etags,
    )


def run(args: argparse.Namespace) -> int:
    """Serve with already-parsed arguments until SIGTERM/SIGINT; returns an exit code."""
    # aiohttp is imported only here so `--help` and the main CLI stay fast.
    from .server import ShopState, serve

    options = options_from_args(args)
    try:
        ShopState.from_options(options)  # fail fast (shares > 1 ...) before binding
    except ValueError as exc:
        print(f"demo shop: {exc}", file=sys.stderr)
        return 2

    def ready(url: str) -> None:
        print(f"{READY_PREFIX}{url}", flush=True)

    try:
        asyncio.run(serve(options, ready))
    except KeyboardInterrupt:
        pass
    except OSError as exc:  # e.g. port already in use
        print(f"demo shop: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` (default sys.argv[1:]) and serve."""
    parser = argparse.ArgumentParser(prog="python -m productscraper.demoshop",
                                     description="Deterministic demo shop for scraper tests.")
    add_arguments(parser)
    return run(parser.parse_args(argv))
