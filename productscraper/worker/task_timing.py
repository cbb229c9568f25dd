"""Where a product task's time goes: marks along its path, phases per task.

A product's request carries a dict of marks (``time.monotonic()`` seconds) in
``request.meta["ps_marks"]``, and its item carries the same dict on to storage:

``task``      the Celery task asks the worker's crawler for the URL (pool thread)
``injected``  its request reaches the crawler's reactor thread
``response``  the spider's callback gets the response
``store``     the item reaches the storage pipeline
``stored``    its group is written (products and ledger)

with ``download_latency``, Scrapy's own measure of the download (seconds, a duration, not
a mark); the task thread adds the end when it has the outcome. The phases, in ms:

=============  ==========================================================================
``handover``   task -> injected: the hand-over from Celery's pool thread to the crawler
``fetch``      injected -> response: Scrapy's scheduler, downloader middlewares (rate
               limit, robots.txt), the download itself; ``site`` is the part Scrapy
               measured from sending the request to the response headers
               (``download_latency``), so ``fetch - site`` is the crawler's own share
``extract``    response -> store: the page object, normalisation, validation
``store``      store -> stored: the group commit's wait and write
``return``     stored -> end: Scrapy's ``item_scraped``, the hand-back to the task thread
``total``      task -> end
=============  ==========================================================================

Workers add them up per run (:mod:`productscraper.storage.runstats`), and ``report`` divides by
the number of stored products: where a run's time went, per product, without a profiler.
"""
from __future__ import annotations

import time
from collections.abc import Mapping

#: The phases of a stored product's task, in the order they happen.
PHASES = ("handover", "fetch", "extract", "store", "return")
#: Reported beside the phases: ``site`` (part of ``fetch``) and ``total`` (all of them).
EXTRA = ("site", "total")

# The marks each phase runs between ("end": when the task thread has the outcome).
_SPANS = {"handover": ("task", "injected"), "fetch": ("injected", "response"),
          "extract": ("response", "store"), "store": ("store", "stored"),
          "return": ("stored", "end"), "total": ("task", "end")}


def mark(marks: dict[str, float] | None, name: str) -> None:
    """Record that the task reached ``name`` now (nothing when it carries no marks)."""
    if marks is not None:
        marks[name] = time.monotonic()


def phases(marks: Mapping[str, float], end: float) -> dict[str, float]:
    """Milliseconds per phase (and ``site``, ``total``) of one task that ended at ``end``.

    Only complete spans are given: a task that skipped a point (a page rendered in a
    browser has no ``download_latency``, say) has no phase that starts or ends there.
    """
    points = {**marks, "end": end}
    out = {name: round((points[b] - points[a]) * 1000, 3)
           for name, (a, b) in _SPANS.items() if a in points and b in points}
    site_s = marks.get("download_latency")
    if site_s is not None and "fetch" in out:
        out["site"] = round(site_s * 1000, 3)
    return out
