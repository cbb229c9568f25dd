"""Indexes created at start-up (idempotent: create_index is a no-op when present)."""
from __future__ import annotations

from pymongo import ASCENDING, DESCENDING
from pymongo.database import Database

INDEXES: dict[str, list[list[tuple[str, int]]]] = {
    "urls": [[("run_id", ASCENDING), ("state", ASCENDING)]],
    # (Compound indexes ending in _id would spare the API's _id-ordered pages a sort on
    # MongoDB, but nx-27017 cannot index _id inside a compound index.)
    "products": [
        [("category", ASCENDING)],
        [("run_id", ASCENDING)],
        [("availability", ASCENDING)],
        [("price", ASCENDING)],
        [("last_seen", DESCENDING)],
        [("changed_at", DESCENDING)],
    ],
    "failures": [[("run_id", ASCENDING)]],
    "rejects": [[("run_id", ASCENDING)]],
    "price_history": [[("product_id", ASCENDING), ("at", DESCENDING)], [("run_id", ASCENDING)]],
    "runs": [[("started_at", DESCENDING)]],
    # GET /changes?since=: by time, optionally per field or domain; the webhook's pending batch.
    "changes": [[("at", ASCENDING)], [("field", ASCENDING), ("at", ASCENDING)],
                [("domain", ASCENDING), ("at", ASCENDING)], [("run_id", ASCENDING)],
                [("delivery", ASCENDING), ("claim_until", ASCENDING)]],
    "dead_letters": [[("at", DESCENDING)]],
    # `schedule list` and the overlap check: a schedule's latest firings.
    "schedules_log": [[("schedule", ASCENDING), ("fired_at", DESCENDING)]],
}

_done: set[tuple[int, str]] = set()


def ensure_indexes(db: Database) -> None:
    """Create the project's indexes once per process and database."""
    import os

    key = (os.getpid(), db.name)
    if key in _done:
        return
    for collection, specs in INDEXES.items():
        for spec in specs:
            db[collection].create_index(spec)
    _done.add(key)
