"""Running the page objects over a corpus: the stored product per page, timed.

Each page goes through exactly what a crawl stores: ``ProductPage(...).to_raw()`` then
``normalise_product`` with the generic profile (no site profile: the shop is unknown).
CPU time is ``time.process_time`` around both steps (HTML read from disk beforehand), the
minimum over ``repeat`` runs of the page: on a shared machine other processes only ever add
to one run's time (cache and frequency interference), so the minimum is the page's own cost
(the estimator ``timeit`` recommends). Every run's product is the same; the first is scored.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from productscraper.pages.product import ProductPage
from productscraper.processing.normalise import normalise_product
from productscraper.profiles import GENERIC_PROFILE
from productscraper.quality.corpus import CorpusPage
from productscraper.quality.metric import FIELDS, Scores, normalise_value, truth_value


@dataclass
class PageResult:
    """One page's product, its CPU time and the fields it got wrong."""

    page: CorpusPage
    product: dict[str, Any]
    cpu_ms: float
    wrong: list[str] = field(default_factory=list)


@dataclass
class QualityRun:
    """Scores overall and by has / has-not schema.org, with per-page results."""

    split: str
    overall: Scores = field(default_factory=Scores)
    with_schema: Scores = field(default_factory=Scores)
    without_schema: Scores = field(default_factory=Scores)
    results: list[PageResult] = field(default_factory=list)

    def cpu_percentile(self, q: float) -> float:
        """The q-quantile (0..1) of per-page extraction CPU milliseconds."""
        times = sorted(r.cpu_ms for r in self.results)
        if not times:
            return 0.0
        if q == 0.5:
            return statistics.median(times)
        return times[min(len(times) - 1, int(round(q * (len(times) - 1))))]

    def wrong_pages(self) -> list[dict[str, Any]]:
        """Each wrong field of each page: expected, got and the layer that produced it."""
        out = []
        for r in self.results:
            sources = r.product.get("sources") or {}
            for name in r.wrong:
                out.append({
                    "id": r.page.id, "field": name,
                    "expected": truth_value(r.page.truth, name),
                    "got": normalise_value(name, r.product.get(name)),
                    "layer": sources.get(name),
                })
        return out


def extract(page: CorpusPage, repeat: int = 1) -> tuple[dict[str, Any], float]:
    """(normalised product, CPU ms) for one corpus page; CPU is the least of ``repeat`` runs."""
    body = page.path.read_bytes()
    product: dict[str, Any] = {}
    best = float("inf")
    for i in range(max(1, repeat)):
        start = time.process_time()
        raw = ProductPage(page.url, body, GENERIC_PROFILE).to_raw()
        result = normalise_product(raw, profile=None)
        best = min(best, (time.process_time() - start) * 1000.0)
        if i == 0:
            product = result
    return product, best


def run_quality(pages: list[CorpusPage], split: str, repeat: int = 1) -> QualityRun:
    """Score every page; never stops on one page's failure (it scores as empty)."""
    run = QualityRun(split)
    for page in pages:
        try:
            product, cpu_ms = extract(page, repeat)
        except Exception as exc:  # a crash is a quality failure, not a benchmark failure
            product, cpu_ms = {"error": repr(exc)}, 0.0
        wrong = run.overall.add(page.truth, product)
        (run.with_schema if page.has_schema_org else run.without_schema).add(page.truth, product)
        run.results.append(PageResult(page, product, cpu_ms, wrong))
    return run


__all__ = ["FIELDS", "PageResult", "QualityRun", "extract", "run_quality"]
