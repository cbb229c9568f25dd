"""Fan-out: register detail URLs in the ledger, then publish one Celery task each.

The ledger write comes first: a URL whose publish fails (broker down) stays ``queued``
in MongoDB, where ``reconcile`` finds and re-publishes it, so no URL is lost.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from pymongo.database import Database

from productscraper.storage import ledger
from productscraper.storage.ledger import Entry

log = logging.getLogger(__name__)


@dataclass
class FanOutResult:
    """How many entries were new, already known to the run, and failed to publish."""

    new: int = 0
    duplicates: int = 0
    publish_errors: int = 0
    last_error: str | None = None


def _celery():
    from tasks.app import RENDER_TASK, SCRAPE_TASK, app, cfg

    return app, cfg, SCRAPE_TASK, RENDER_TASK


def publish(entries: list[Entry]) -> FanOutResult:
    """Send one task per entry over one broker connection; errors are counted, not raised."""
    app, cfg, scrape, render = _celery()
    result = FanOutResult()
    if not entries:
        return result
    try:
        with app.producer_or_acquire() as producer:
            for e in entries:
                name, queue = (render, cfg.render_queue) if e.render else (scrape, cfg.product_queue)
                try:
                    app.send_task(name, args=[e.url, e.run_id], kwargs={"profile": e.profile},
                                  queue=queue, task_id=e.id, producer=producer)
                except Exception as exc:  # broker down: the entry stays queued in the ledger
                    result.publish_errors += 1
                    result.last_error = f"{type(exc).__name__}: {exc}"
    except Exception as exc:
        result.publish_errors = len(entries)
        result.last_error = f"{type(exc).__name__}: {exc}"
    if result.publish_errors:
        log.error("could not publish %d task(s) to the broker (%s); they stay queued in the "
                  "ledger and `python -m productscraper reconcile` re-publishes them",
                  result.publish_errors, result.last_error)
    return result


def fan_out(db: Database, entries: Iterable[Entry]) -> FanOutResult:
    """Register ``entries`` (de-duplicated per run) and publish the new ones."""
    entries = list(entries)
    new = ledger.register_many(db, entries)
    result = publish(new)
    result.new = len(new)
    result.duplicates = len(entries) - len(new)
    return result


def broker_reachable(timeout: float = 3.0) -> str | None:
    """None when the broker answers, else a readable error."""
    app, *_ = _celery()
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
