"""The record of every firing (MongoDB collection ``schedules_log``), one document each.

``{schedule, fired_at, action: "started"|"skipped", reason, run_id, crawl_exit,
crawl_finished_at, outcome}``: a started firing gets ``crawl_exit`` when its listing crawl
ends and ``outcome`` once its run is complete (written by whoever sees it first:
``schedule list`` or the next firing).
"""
from __future__ import annotations

import uuid

from pymongo import DESCENDING
from pymongo.database import Database

from productscraper.storage import runs
from productscraper.storage.clock import now_iso

STARTED, SKIPPED = "started", "skipped"


def record_started(db: Database, schedule: str, run_id: str, fired_at: str) -> str:
    """A firing that starts ``run_id``; returns the record's id."""
    doc_id = run_id
    db.schedules_log.insert_one({"_id": doc_id, "schedule": schedule, "fired_at": fired_at,
                                 "action": STARTED, "run_id": run_id})
    return doc_id


def record_skipped(db: Database, schedule: str, reason: str, fired_at: str | None = None) -> str:
    """A firing that started nothing, and why."""
    doc_id = f"{schedule}-skip-{uuid.uuid4().hex[:10]}"
    db.schedules_log.insert_one({"_id": doc_id, "schedule": schedule, "fired_at": fired_at or now_iso(),
                                 "action": SKIPPED, "reason": reason})
    return doc_id


def record_crawl_end(db: Database, doc_id: str, exit_code: int, detail: str | None = None) -> None:
    """The listing crawl of a started firing ended (``detail``: why it failed, if it did)."""
    fields = {"crawl_exit": exit_code, "crawl_finished_at": now_iso()}
    if detail:
        fields["outcome"] = detail
    db.schedules_log.update_one({"_id": doc_id}, {"$set": fields})


def last(db: Database, schedule: str, action: str | None = None) -> dict | None:
    """The latest firing of ``schedule`` (of that action, if given)."""
    query = {"schedule": schedule, **({"action": action} if action else {})}
    return next(iter(db.schedules_log.find(query).sort("fired_at", DESCENDING).limit(1)), None)


def history(db: Database, schedule: str, limit: int = 0) -> list[dict]:
    """Firings of ``schedule``, oldest first (the latest ``limit`` when > 0)."""
    cursor = db.schedules_log.find({"schedule": schedule}).sort("fired_at", DESCENDING)
    if limit:
        cursor = cursor.limit(limit)
    return list(reversed(list(cursor)))


def outcome(db: Database, firing: dict) -> str:
    """What a firing came to: ``skipped: REASON``, ``crawl failed …``, ``discovering``,
    ``in progress (N queued)`` or ``complete: stored …``. A complete run's outcome is
    written back so it is computed once."""
    if firing["action"] == SKIPPED:
        return f"skipped: {firing.get('reason', '')}"
    if firing.get("outcome"):
        return firing["outcome"]
    s = runs.summary(db, firing["run_id"])
    if s["complete"]:
        text = (f"complete: {s['discovered']} discovered, {s['stored']} stored, "
                f"{s['failed']} failed, {s['rejected']} rejected")
        db.schedules_log.update_one({"_id": firing["_id"]}, {"$set": {"outcome": text}})
        return text
    if firing.get("crawl_exit") is None:
        return "discovering"
    return f"in progress ({s['queued']} queued)"
