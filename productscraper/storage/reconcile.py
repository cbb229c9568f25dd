"""Re-publish work the broker lost; re-enqueue failures on request.

Redis as deployed here keeps nothing on disk: if it restarts mid-run, the queued tasks
are gone while the ledger still says ``queued``. The ledger is the source of truth, so
a run that has stalled (no ledger progress for a while) with empty broker queues is
re-published from it. A URL re-published while its task is in fact still alive runs
twice, which the idempotent writes make harmless.
"""
from __future__ import annotations

import logging

from pymongo.database import Database

from productscraper.fanout.publisher import publish
from productscraper.storage import ledger
from productscraper.storage.clock import now_iso
from productscraper.storage.ledger import Entry

log = logging.getLogger(__name__)


def broker_backlog() -> int | None:
    """Messages waiting in the product and render queues, or None if the broker is down."""
    from tasks.app import app, cfg

    try:
        with app.connection_for_write() as conn:
            channel = conn.default_channel
            total = 0
            for queue in (cfg.product_queue, cfg.render_queue):
                total += channel.queue_declare(queue=queue, passive=False, durable=True,
                                               auto_delete=False).message_count
            return total
    except Exception as exc:
        log.warning("broker unreachable while checking the backlog: %s", exc)
        return None


def _entry(doc: dict) -> Entry:
    return Entry(run_id=doc["run_id"], url=doc["url"], profile=doc.get("profile"),
                 render=bool(doc.get("render")))


def republish_queued(db: Database, run_id: str) -> int:
    """Publish again every ledger entry of the run still ``queued``; returns how many.

    URLs of a paused domain are skipped: their tasks are not lost but deferred (held by a
    worker until their countdown), and re-publishing them would only multiply them.
    """
    from productscraper.monitors.pause import paused_domains
    from productscraper.urls import host_key

    paused = paused_domains(db)
    entries = [_entry(d) for d in ledger.entries(db, run_id, ledger.QUEUED)
               if not paused or host_key(d["url"]) not in paused]
    result = publish(entries)
    sent = len(entries) - result.publish_errors
    if sent:
        db.runs.update_one({"_id": run_id}, {"$inc": {"reconciled": sent},
                                             "$set": {"reconciled_at": now_iso()}}, upsert=True)
    return sent


def retry_failed(db: Database, run_id: str) -> int:
    """Put the run's failed URLs back to ``queued`` and publish them again."""
    docs = list(ledger.entries(db, run_id, ledger.FAILED))
    for d in docs:
        ledger.requeue(db, run_id, d["url"])
        db.failures.delete_one({"_id": d["_id"]})  # recreated if it fails again
    result = publish([_entry(d) for d in docs])
    return len(docs) - result.publish_errors


class StallDetector:
    """Decides when a run's queued URLs must have been lost by the broker.

    Stalled = the count of terminal URLs has not moved for ``after`` seconds while URLs
    are still queued and the broker queues are empty.
    """

    def __init__(self, after: float) -> None:
        self.after = after
        self.last_done = -1
        self.since = 0.0

    def check(self, now: float, done: int, queued: int) -> bool:
        """True when it is time to re-publish (resets the clock when it says so)."""
        if done != self.last_done or queued == 0:
            self.last_done, self.since = done, now
            return False
        if now - self.since < self.after:
            return False
        self.since = now
        return broker_backlog() == 0
