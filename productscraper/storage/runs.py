"""Run documents (collection ``runs``) and run summaries."""
from __future__ import annotations

import time
import uuid
from datetime import datetime, timezone

from pymongo.database import Database

from productscraper.storage import ledger
from productscraper.storage.clock import now_iso, parse_iso
from productscraper.storage.count import count
from productscraper.worker.task_timing import EXTRA, PHASES


def new_run_id() -> str:
    """A fresh, sortable, readable run id."""
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]


def start(db: Database, run_id: str, *, source: str, start_urls: list[str] | None = None,
          profile: str | None = None) -> None:
    """Create (or re-open) the run; discovery is open until :func:`finish_discovery`."""
    now = now_iso()
    db.runs.update_one(
        {"_id": run_id},
        {
            "$set": {"source": source, "start_urls": start_urls or [], "profile": profile,
                     "discovery_finished": False, "updated_at": now},
            "$setOnInsert": {"started_at": now},
        },
        upsert=True,
    )


def finish_discovery(db: Database, run_id: str, **stats) -> None:
    """Record that no more URLs will be added to the run (``wait`` may now finish)."""
    now = now_iso()
    db.runs.update_one(
        {"_id": run_id},
        {"$set": {"discovery_finished": True, "discovery_finished_at": now, "updated_at": now,
                  **{f"discovery.{k}": v for k, v in stats.items()}}},
        upsert=True,
    )


def get(db: Database, run_id: str) -> dict | None:
    """The run document, or None."""
    return db.runs.find_one({"_id": run_id})


def _last_finished(db: Database, run_id: str) -> datetime | None:
    doc = next(iter(db.urls.find({"run_id": run_id, "finished_at": {"$exists": True}},
                                 {"finished_at": 1}).sort("finished_at", -1).limit(1)), None)
    return parse_iso(doc["finished_at"]) if doc else None


def change_counts(db: Database, run_id: str) -> dict[str, int]:
    """Stored products of the run by change: created / changed / unchanged."""
    # Counts, not $group (see ledger.counts).
    return {change: count(db.urls, {"run_id": run_id, "state": ledger.STORED, "change": change})
            for change in ("created", "changed", "unchanged")}


def field_coverage(run: dict) -> dict[str, float]:
    """Share of the run's stored products that have each field (from the live counters)."""
    stored = (run.get("events") or {}).get("stored") or 0
    counts = run.get("coverage") or {}
    return {f: round(n / stored, 4) for f, n in sorted(counts.items())} if stored else {}


def time_per_product(run: dict) -> dict[str, float]:
    """Mean milliseconds per phase of the run's stored products' tasks (live counters;
    the phases are :mod:`productscraper.worker.task_timing`'s, in their order)."""
    sums = run.get("timings") or {}
    return {phase: round(sums[phase]["ms"] / sums[phase]["n"], 1)
            for phase in (*PHASES, *EXTRA) if (sums.get(phase) or {}).get("n")}


def summary(db: Database, run_id: str) -> dict:
    """Counts, completeness and speed of a run (what ``wait`` and ``report`` print)."""
    computed_at = now_iso()  # before reading: a summary is as old as its first read
    run = get(db, run_id) or {}
    c = ledger.counts(db, run_id)
    discovered = sum(c.values())
    terminal = sum(c[s] for s in ledger.TERMINAL)
    complete = bool(run.get("discovery_finished")) and c[ledger.QUEUED] == 0
    started = parse_iso(run.get("started_at"))
    end = _last_finished(db, run_id) if complete else parse_iso(now_iso())
    duration = (end - started).total_seconds() if started and end else 0.0
    return {
        "run_id": run_id,
        "exists": bool(run) or discovered > 0,
        "discovered": discovered,
        "queued": c[ledger.QUEUED],
        "stored": c[ledger.STORED],
        # Answered 304 to a conditional request: seen, not extracted (``changes.unchanged``
        # counts the stored products whose content had not changed).
        "unchanged": c[ledger.UNCHANGED],
        "failed": c[ledger.FAILED],
        "rejected": c[ledger.REJECTED],
        "complete": complete,
        "discovery_finished": bool(run.get("discovery_finished")),
        "duration_s": round(max(duration, 0.0), 3),
        "pages_per_min": round(terminal / duration * 60, 1) if duration > 0 else 0.0,
        "changes": change_counts(db, run_id),
        "retries": (run.get("events") or {}).get("retried", 0),
        # Task executions put off because the URL's domain was paused (monitors/pause.py).
        "deferred": (run.get("events") or {}).get("deferred", 0),
        "field_coverage": field_coverage(run),
        "time_per_product_ms": time_per_product(run),
        "timed_products": ((run.get("timings") or {}).get("total") or {}).get("n", 0),
        # Set once by the quality monitors (productscraper/monitors/suite.py): None until then.
        "degraded": None if run.get("degraded") is None else bool(run["degraded"]),
        "degraded_reasons": run.get("degraded_reasons") or [],
        "computed_at": computed_at,
    }


COUNT_KEYS = ("discovered", "queued", "stored", "unchanged", "failed", "rejected")


def settled_summary(db: Database, run_id: str, pause: float = 0.2) -> dict:
    """A summary that says "complete" only when two reads ``pause`` apart agree.

    nx-27017 (the embedded server) can count a document that is being updated in
    neither or both states for an instant, so a single read could end a run one URL
    early; real MongoDB never does, and the second read costs only ``pause``.
    """
    first = summary(db, run_id)
    if not first["complete"]:
        return first
    time.sleep(pause)
    second = summary(db, run_id)
    if not second["complete"] or any(first[k] != second[k] for k in COUNT_KEYS):
        second["complete"] = False
    return second


def save_summary(db: Database, run_id: str, summ: dict) -> None:
    """Store a summary in the run document (lasting history beyond Flower).

    ``discovery_finished`` belongs to the discovering process and is never written here,
    so a summary read before discovery ended cannot reopen the run. Writers keep stale
    summaries out by when they write: ``wait`` writes what it just read, and workers only
    write complete summaries (which later reads cannot contradict).
    """
    fields = {k: v for k, v in summ.items()
              if k not in {"run_id", "exists", "discovery_finished", "computed_at", "degraded",
                           "degraded_reasons"}}
    fields["summary_at"] = summ["computed_at"]
    fields["updated_at"] = now_iso()
    if summ.get("complete"):
        fields["finished_at"] = fields["updated_at"]
    db.runs.update_one({"_id": run_id}, {"$set": fields})
