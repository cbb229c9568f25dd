"""Live run statistics, aggregated per worker process and flushed every few seconds.

Each task records its outcome here in memory (no round trip); a background thread
``$inc``-s the counters into the run's document (collection ``runs``) every
``FLUSH_INTERVAL`` seconds and refreshes the run's ledger-derived summary, so the
``runs`` document is live within seconds and equals ``report`` once the run is done.

Counters (``events.*``) count task executions, so a task delivered twice counts twice;
the authoritative counts (``discovered``, ``stored``, …) come from the ledger.
"""
from __future__ import annotations

import logging
import threading
from collections import Counter, defaultdict

from productscraper.outcomes import Outcome

log = logging.getLogger(__name__)

FLUSH_INTERVAL = 2.0
COVERAGE_FIELDS = ("title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn",
                   "brand", "rating", "review_count", "category", "description", "image_url")


def _key(text: str) -> str:
    # Hostnames contain dots; MongoDB field paths must not.
    return text.replace(".", "_").replace("$", "_")


class RunStats:
    """Per-process accumulator of run counters."""

    def __init__(self, worker: str) -> None:
        self.worker = _key(worker)
        self.lock = threading.Lock()
        self.pending: dict[str, Counter] = defaultdict(Counter)
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()

    def record(self, run_id: str, outcome: Outcome, *, retried: bool = False) -> None:
        """Count one task execution's outcome (cheap: memory only)."""
        with self.lock:
            c = self.pending[run_id]
            state = "retried" if retried else outcome.state
            c[f"events.{state}"] += 1
            c[f"workers.{self.worker}.{state}"] += 1
            if outcome.status:
                c[f"responses.{outcome.status}"] += 1
            if outcome.change:
                c[f"changes.{outcome.change}"] += 1
            for f in outcome.fields:
                c[f"coverage.{f}"] += 1
        self._ensure_thread()

    def _ensure_thread(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._loop, name="runstats", daemon=True)
            self.thread.start()

    def _loop(self) -> None:
        while not self.stop.wait(FLUSH_INTERVAL):
            self.flush()

    def flush(self) -> None:
        """Write pending counters and refresh the summaries of the runs they touched."""
        with self.lock:
            pending, self.pending = self.pending, defaultdict(Counter)
        if not pending:
            return
        from productscraper.storage import runs
        from productscraper.storage.connection import get_db

        try:
            db = get_db()
            for run_id, counter in pending.items():
                db.runs.update_one({"_id": run_id}, {"$inc": dict(counter)}, upsert=True)
                runs.save_summary(db, run_id, runs.summary(db, run_id))
        except Exception as exc:  # MongoDB down: keep the counts for the next flush
            log.warning("run stats not flushed (%s); will retry", exc)
            with self.lock:
                for run_id, counter in pending.items():
                    self.pending[run_id].update(counter)


_stats: RunStats | None = None
_lock = threading.Lock()


def get_run_stats(worker: str) -> RunStats:
    """This process's accumulator."""
    global _stats
    with _lock:
        if _stats is None:
            _stats = RunStats(worker)
        return _stats


def flush_run_stats() -> None:
    """Flush now (worker shutdown)."""
    if _stats is not None:
        _stats.flush()
