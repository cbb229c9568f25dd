"""Live run statistics, aggregated per worker process and flushed every few seconds.

Each task records its outcome here in memory (no round trip); a background thread
``$inc``-s the counters into the run's document (collection ``runs``) every
``FLUSH_INTERVAL`` seconds, so its ``events``/``workers``/``coverage`` counters are live
within seconds, as are ``timings.<phase>.ms``/``.n`` (the milliseconds per phase of stored
products' tasks, :mod:`productscraper.worker.task_timing`, and how many tasks); once the run is
complete the worker also writes the ledger-derived summary, so the document equals
``report`` at the end (``wait`` writes the summary while a run goes on).

Counters (``events.*``) count task executions, so a task delivered twice counts twice;
the authoritative counts (``discovered``, ``stored``, …) come from the ledger.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter, defaultdict

from productscraper.worker.outcomes import Outcome

log = logging.getLogger(__name__)

FLUSH_INTERVAL = 2.0
#: The ledger-derived summary costs count queries over the run's ledger, so each worker
#: checks it at most this often (``wait``/``status``/``report`` write it too).
SUMMARY_INTERVAL = 10.0
COVERAGE_FIELDS = ("title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn",
                   "brand", "rating", "review_count", "category", "description", "image_url")


def covered_fields(product: dict) -> list[str]:
    """The coverage counters a stored product adds to: its non-empty fields, and one
    ``warning_<name>`` per data warning (``warning_currency_unknown``: a price stored
    without a currency), so ``report``'s field coverage shows how often each happened."""
    fields = [f for f in COVERAGE_FIELDS if product.get(f) not in (None, "", [])]
    fields.extend(f"warning_{_key(str(w))}" for w in product.get("warnings") or ())
    return fields


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
        self.summarised_at: dict[str, float] = {}
        self.dirty: set[str] = set()

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
            if outcome.state == "stored":
                for phase, ms in outcome.timings.items():
                    c[f"timings.{phase}.ms"] += ms
                    c[f"timings.{phase}.n"] += 1
        self._ensure_thread()

    def _ensure_thread(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._loop, name="runstats", daemon=True)
            self.thread.start()

    def _loop(self) -> None:
        while not self.stop.wait(FLUSH_INTERVAL):
            self.flush()

    def flush(self) -> None:
        """Write pending counters; refresh the summaries of the runs they touched.

        A run whose summary was refreshed less than SUMMARY_INTERVAL ago stays "dirty"
        and is refreshed by a later flush, so the last counts of a run always reach its
        document even when no more tasks come.
        """
        with self.lock:
            pending, self.pending = self.pending, defaultdict(Counter)
        if not pending and not self.dirty:
            return
        from productscraper.monitors.suite import check_run
        from productscraper.scheduling.completion import record_gone_once
        from productscraper.storage import runs
        from productscraper.storage.connection import get_db

        written: set[str] = set()
        try:
            db = get_db()
            for run_id, counter in pending.items():
                db.runs.update_one({"_id": run_id}, {"$inc": dict(counter)}, upsert=True)
                written.add(run_id)
                self.dirty.add(run_id)
            now = time.monotonic()
            for run_id in list(self.dirty):
                if now - self.summarised_at.get(run_id, 0.0) >= SUMMARY_INTERVAL:
                    self.summarised_at[run_id] = now
                    summary = runs.settled_summary(db, run_id)
                    # Only a complete summary is written: a mid-run one could land after
                    # `wait` wrote the final one and put stale counts over it.
                    if summary["complete"]:
                        runs.save_summary(db, run_id, summary)
                        self.dirty.discard(run_id)
                        try:
                            check_run(db, run_id)  # once per run, whoever is first
                            record_gone_once(db, run_id)
                        except Exception:  # a monitor's bug must not stop the counters
                            log.exception("run-completion checks failed on run %s", run_id)
        except Exception as exc:  # MongoDB down: keep the counts for the next flush
            log.warning("run stats not flushed (%s); will retry", exc)
            with self.lock:
                for run_id, counter in pending.items():
                    if run_id not in written:
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
