"""``python -m bench.discovery``: issue 38's discovery scenarios on the books corpus.

Serves ../shared/corpus/books (bench/corpus_server.py, ``--latency-ms``, default 100) and,
beside it from a temporary directory, a generated sitemap index of two sitemaps (the
second gzipped) naming the 1,000 product URLs the listings link plus every category page
(which the books profile's ``sitemap_rules`` filter out). Then, one after the other:

* the serial chain: the 50 listing pages walked one after another (urllib), the time
  every ratio below is relative to;
* sequential: bench.sequential on a sample, extrapolated (as in ``make bench``);
* (a) fan-out through the listing pages (speculative pagination, the profile's K);
* (b) fan-out through the sitemap index (``-a discovery=sitemap``).

Prints wall times as ratios to the serial chain and stored / failed / duplicated counts.
"""
from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.corpus_server import BOOKS_PRODUCT, CORPUS
from bench.lab import ROOT, Lab, Params, Result
from bench.measure import MeasuredProcess, Sampler
from bench.scenarios import _run_distributed, _scrapy, last_time, run_sequential
from bench.sequential import fetch
from productscraper.demoshop.sitemaps import sitemap_index, urlset
from productscraper.operations.netutil import free_port, wait_listening
from productscraper.pages.listing import ListingPage
from productscraper.profiles import get_profile

BOOKS = CORPUS / "books"
EXPECTED = {"discovered": 1000, "stored": 996, "failed": 4}


class CorpusSite:
    """The books tree served by ``python -m bench.corpus_server`` in a child process."""

    def __init__(self, tree: Path, also: Path, latency_ms: float) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.listing_url = f"{self.url}/index.html"
        self.access_log = also.parent / "access.log"
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "bench.corpus_server", str(tree), "--port", str(self.port),
             "--latency-ms", str(latency_ms), "--access-log", str(self.access_log), "--also", str(also)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_listening("127.0.0.1", self.port, 15):
            self.close()
            raise RuntimeError("bench.corpus_server did not start")

    def access_log_lines(self) -> list[str]:
        """Lines of the access log so far (as DemoShopProcess's)."""
        return self.access_log.read_text(encoding="utf-8").splitlines() if self.access_log.exists() else []

    def close(self) -> None:
        """Stop the server."""
        self._proc.terminate()
        self._proc.wait(10)


def write_sitemaps(directory: Path, origin: str) -> int:
    """The sitemap index and its two sitemaps for the books tree; returns the product URLs named."""
    profile = get_profile("books")
    products: list[str] = []
    page = BOOKS / "index.html"
    while page:  # the product URLs exactly as the listing pages link them
        url = origin + "/" + page.relative_to(BOOKS).as_posix()
        listing = ListingPage(url, page.read_bytes(), profile)
        products += [u for u in listing.product_urls() if u not in products]
        nxt = listing.next_page_urls()
        page = BOOKS / nxt[0][len(origin) + 1:] if nxt else None
    categories = sorted(origin + "/" + p.relative_to(BOOKS).as_posix()
                        for p in (BOOKS / "catalogue" / "category").rglob("*.html"))
    assert not any(BOOKS_PRODUCT.match(c[len(origin):]) for c in categories)
    half = len(products) // 2
    first = [(u, "2026-01-01") for u in products[:half]] + [(c, None) for c in categories[::2]]
    second = [(u, "2026-01-02") for u in products[half:]] + [(c, None) for c in categories[1::2]]
    (directory / "sitemap-books-1.xml").write_text(urlset(first), encoding="utf-8")
    (directory / "sitemap-books-2.xml.gz").write_bytes(gzip.compress(urlset(second).encode(), mtime=0))
    (directory / "sitemap_index.xml").write_text(sitemap_index(
        [f"{origin}/sitemap-books-1.xml", f"{origin}/sitemap-books-2.xml.gz"]), encoding="utf-8")
    return len(products)


def serial_chain_s(start_url: str) -> tuple[float, int]:
    """Seconds to walk the listing chain one page after another, and the pages walked."""
    profile, url, pages = get_profile("books"), start_url, 0
    started = time.monotonic()
    while url:
        nxt = ListingPage(url, fetch(url), profile).next_page_urls()
        pages += 1
        url = nxt[0] if nxt else None
    return time.monotonic() - started, pages


def run_books_fanout(lab: Lab, site: CorpusSite, p: Params, slug: str, label: str, *args: str) -> Result:
    """Listing spider with ``args`` + 2 warm workers over the books site, timed to the last entry."""
    result = Result(label, "fanout", p.latency_ms, EXPECTED["stored"], workers=2, concurrency=p.concurrency)

    def launch(env: dict, run_dir: Path) -> list[MeasuredProcess]:
        cmd = _scrapy("crawl", "listings", "-a", "profile=books", "-a", f"run_id={slug}", *args)
        return [MeasuredProcess(cmd, env=env, log=run_dir / "listings.log", cwd=ROOT)]

    result = _run_distributed(lab, site, p, slug=slug, result=result, workers=2, concurrency=p.concurrency,
                              launch=launch, run_ids=[slug])
    db = lab.db(lab_env_of(lab, slug))
    result.extra["discovered"] = db.urls.count_documents({"run_id": slug})
    urls = [d["url"] for d in db.products.find({"run_id": slug}, {"url": 1})]
    result.extra["duplicated"] = len(urls) - len(set(urls))
    # Discovery alone: from the start to the last URL registered in the ledger.
    ended = last_time(db, "urls", {"run_id": slug}, "finished_at")
    last_found = last_time(db, "urls", {"run_id": slug}, "created_at")
    if ended is not None and last_found is not None and result.wall_s is not None:
        result.extra["discovery_s"] = last_found - (ended - result.wall_s)
    return result


def lab_env_of(lab: Lab, slug: str) -> dict[str, str]:
    """The MONGO_URI the scenario ``slug`` used (recorded by :func:`_remember_env`)."""
    return _ENVS[slug]


_ENVS: dict[str, dict[str, str]] = {}


def _remember_env(lab: Lab) -> None:
    original = lab.env

    def env(slug: str) -> dict[str, str]:
        _ENVS[slug] = original(slug)
        return _ENVS[slug]

    lab.env = env  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios and print the figures (JSON last); exit 2 without the corpus."""
    ap = argparse.ArgumentParser(prog="python -m bench.discovery", description=__doc__.split("\n")[0])
    ap.add_argument("--latency-ms", type=float, default=100)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--sequential-sample", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args(argv)
    if not BOOKS.is_dir():
        print(f"no books corpus at {BOOKS} (../shared/corpus/books)", file=sys.stderr)
        return 2
    p = Params(products=1000, per_page=20, latency_ms=args.latency_ms, concurrency=args.concurrency,
               workers=(2,), sequential_sample=args.sequential_sample, timeout=args.timeout)
    work = Path(tempfile.mkdtemp(prefix="productscraper-discovery-"))
    (work / "www").mkdir()
    sampler = Sampler(0.2)
    sampler.start()
    rows: dict[str, dict] = {}
    try:
        with Lab(work / "lab", sampler) as lab:
            _remember_env(lab)
            site = CorpusSite(BOOKS, work / "www", args.latency_ms)
            try:
                named = write_sitemaps(work / "www", site.url)
                chain_s, pages = serial_chain_s(site.listing_url)
                print(f"serial chain: {pages} listing pages in {chain_s:.2f} s; sitemaps name {named} products",
                      file=sys.stderr, flush=True)
                seq = run_sequential(lab, site, p, args.latency_ms, profile="books")
                a = run_books_fanout(lab, site, p, "listing", "(a) fan-out, listing pages + speculation",
                                     "-a", f"start_url={site.listing_url}", "-a", "discovery=listing")
                b = run_books_fanout(lab, site, p, "sitemap", "(b) fan-out, sitemap index",
                                     "-a", f"start_url={site.url}/sitemap_index.xml", "-a", "discovery=sitemap")
            finally:
                site.close()
    finally:
        sampler.stop()
    rows["serial_chain"] = {"wall_s": chain_s, "pages": pages}
    rows["sequential"] = {"wall_s": seq.wall_s, "ratio": seq.wall_s / chain_s, "extrapolated_from": seq.extrapolated_from}
    for key, r in (("listing", a), ("sitemap", b)):
        rows[key] = {"wall_s": r.wall_s, "ratio_to_serial_chain": r.wall_s / chain_s,
                     "faster_than_sequential": seq.wall_s / r.wall_s, "discovered": r.extra["discovered"],
                     "stored": r.stored, "failed": r.failed, "duplicated": r.extra["duplicated"],
                     "cpu_s": r.cpu_s, "startup_s": r.extra.get("startup_s"),
                     "discovery_s": r.extra.get("discovery_s")}
    print(f"{'scenario':<44} {'wall s':>7} {'× chain':>8} {'disc':>5} {'stored':>6} {'failed':>6} {'dup':>4}"
          "  discovery s, CPU s")
    print(f"{'serial chain (' + str(pages) + ' pages)':<44} {chain_s:>7.2f} {1.0:>8.2f}")
    print(f"{'sequential (extrapolated)':<44} {seq.wall_s:>7.1f} {seq.wall_s / chain_s:>8.2f}")
    for key, r in (("listing", a), ("sitemap", b)):
        row = rows[key]
        print(f"{r.name:<44} {r.wall_s:>7.2f} {row['ratio_to_serial_chain']:>8.2f} {row['discovered']:>5} "
              f"{r.stored:>6} {r.failed:>6} {row['duplicated']:>4}  {row['discovery_s'] or 0:.2f}, {r.cpu_s or 0:.1f}"
              f"  ({row['faster_than_sequential']:.0f}× sequential)")
    print(json.dumps(rows))
    ok = all(rows[k]["stored"] == 996 and rows[k]["failed"] == 4 and rows[k]["duplicated"] == 0
             for k in ("listing", "sitemap"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
