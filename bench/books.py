"""The books scenario of ``make bench``: the books corpus at zero latency, plain peer vs fan-out.

Serves ../shared/corpus/books (1,000 real books.toscrape.com product pages, 4 of them
missing, 50 listing pages) with ``bench/corpus_server.py`` at zero latency and runs, back
to back, the plain Scrapy peer (``scrapy crawl catalog -a profile=books``: the same
extraction, processing and MongoDB pipelines in one process) and the fan-out (the
listing spider + 2 warm workers). Every process's CPU is accounted on its own (listing
spider, workers, redis-server, nx-27017, the site; :class:`bench.measure.CpuAccount`), so
the report can set CPU per 1,000 products side by side, process by process.

Without the corpus the scenario is skipped with a message (the rest of the benchmark runs).
"""
from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.corpus_server import CORPUS
from bench.lab import Lab, Params, Result

BOOKS = CORPUS / "books"
STORED = 996  # 1,000 product URLs, 4 of them answer 404 (see bench/discovery.py)
LABEL = "books"


def available() -> bool:
    """Whether the books corpus is there (../shared/corpus/books)."""
    return (BOOKS / "index.html").is_file()


class BooksSite:
    """The books tree at ``latency_ms``, as a context manager (see bench.discovery.CorpusSite)."""

    def __init__(self, latency_ms: float = 0.0) -> None:
        from bench.discovery import CorpusSite

        self._dir = Path(tempfile.mkdtemp(prefix="productscraper-books-"))
        (self._dir / "www").mkdir()
        self.site = CorpusSite(BOOKS, self._dir / "www", latency_ms)

    def __enter__(self):
        return self.site

    def __exit__(self, *exc: object) -> None:
        self.site.close()


def books_params(p: Params) -> Params:
    """The run's parameters with the books corpus's shape (996 products, 20 per page)."""
    from dataclasses import replace

    return replace(p, products=STORED, per_page=20)


def pair(lab: Lab, site, p: Params, fanout_first: bool = False) -> tuple[Result, Result]:
    """One plain peer crawl and one 2-worker fan-out of the books site, back to back."""
    from bench.scenarios import run_fanout, run_plain

    bp = books_params(p)
    plain: Callable[[], Result] = lambda: run_plain(lab, site, bp, 0.0, profile="books", label=LABEL)
    fan: Callable[[], Result] = lambda: run_fanout(lab, site, bp, 0.0, 2, profile="books", label=LABEL)
    if fanout_first:
        f = fan()
        result = (plain(), f)
    else:
        result = (plain(), fan())
    for r in result:
        r.extra["corpus"] = LABEL  # not the demo shop's zero-latency pair (bench.report)
    return result


def skipped_message() -> str:
    """What the benchmark prints when the corpus is missing."""
    return f"books: skipped, no corpus at {BOOKS} (../shared/corpus/books)"


if __name__ == "__main__":  # pragma: no cover - by hand: one pair, the figures on stderr
    from bench.measure import Sampler

    work = Path(tempfile.mkdtemp(prefix="productscraper-books-bench-"))
    if not available():
        print(skipped_message(), file=sys.stderr)
        sys.exit(0)
    sampler = Sampler(0.2)
    sampler.start()
    with Lab(work, sampler) as lab, BooksSite() as site:
        for r in pair(lab, site, Params(latency_ms=0.0)):
            print(r.name, r.stored, f"wall {r.wall_s:.2f}", f"{r.products_per_min:,.0f}/min",
                  {k: round(v, 2) for k, v in r.extra["cpu_by_process_s"].items()}, file=sys.stderr)
    sampler.stop()
    print(f"work dir {work}", file=sys.stderr)
