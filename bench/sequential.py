"""The sequential baseline: one page after another, as the seed system did before Celery.

A listing page, then each of its product pages, then the next listing page — with
urllib in one Python process, and the project's own page objects, normalisation and
MongoDB upsert, so only the way of crawling differs from the other scenarios.

    MONGO_URI=mongodb://127.0.0.1:27017/bench python -m bench.sequential \\
        --start-url http://127.0.0.1:8000/catalogue/page-1.html --profile demo --limit 100

Prints one JSON line: products stored, listing pages, and the time and CPU at the
start and end of the crawl (after the imports), from which the benchmark
extrapolates a sample to the whole catalogue.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time
import urllib.error
import urllib.request

from productscraper.pages.listing import ListingPage
from productscraper.pages.product import ProductPage
from productscraper.processing.normalise import normalise_product
from productscraper.profiles import SiteProfile, get_profile
from productscraper.storage.clock import now_iso
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes
from productscraper.storage.products import upsert
from productscraper.urls import canonical_url, url_fingerprint


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def fetch(url: str, timeout: float = 30.0) -> bytes:
    """GET ``url`` (a new connection each time, as plain urllib does)."""
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read()


def scrape_product(db, url: str, profile: SiteProfile, run_id: str) -> None:
    """Fetch, extract, normalise and store one product."""
    raw = ProductPage(url, fetch(url), profile).to_raw()
    product = normalise_product(raw, profile=profile)
    product.update(_id=url_fingerprint(url), url=canonical_url(url), run_id=run_id,
                   scraped_at=now_iso())
    upsert(db, product)


def crawl(start_url: str, profile: SiteProfile, run_id: str, limit: int = 0) -> dict:
    """Walk the catalogue from ``start_url``; stop after ``limit`` products (0 = all)."""
    db = get_db()
    ensure_indexes(db)
    started, cpu0 = time.time(), _cpu()
    seen: set[str] = set()
    pages, failed, url = 0, 0, start_url
    while url and not (limit and len(seen) >= limit):
        listing = ListingPage(url, fetch(url), profile)
        pages += 1
        for product_url in listing.product_urls():
            if limit and len(seen) >= limit:
                break
            if product_url in seen:
                continue
            seen.add(product_url)
            try:
                scrape_product(db, product_url, profile, run_id)
            except urllib.error.HTTPError:  # a missing product page (the books corpus has 4)
                failed += 1
        next_pages = listing.next_page_urls()
        url = next_pages[0] if next_pages else None
    return {"products": len(seen), "failed": failed, "listing_pages": pages, "started_at": started,
            "ended_at": time.time(), "cpu_start_s": cpu0, "cpu_end_s": _cpu()}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; prints the result as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m bench.sequential", description=__doc__.split("\n")[0])
    parser.add_argument("--start-url", required=True)
    parser.add_argument("--profile", default="demo")
    parser.add_argument("--run-id", default="sequential")
    parser.add_argument("--limit", type=int, default=0, help="products to scrape (0 = all)")
    args = parser.parse_args(argv)
    result = crawl(args.start_url, get_profile(args.profile), args.run_id, args.limit)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
