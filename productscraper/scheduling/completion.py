"""``gone`` events between the complete runs of one schedule.

A product a schedule's previous complete run saw, whose URL this run did not discover, is
reported ``gone`` (:func:`productscraper.storage.changes.record_gone`). Only runs whose
listing crawl ended well (exit 0) and whose URLs are all terminal are compared: a crawl cut
short would report half the shop gone. Called where a complete run is noticed (the worker
that settles the last URL, ``wait``, ``report``); a flag on the run makes it happen once.
"""
from __future__ import annotations

from pymongo import DESCENDING
from pymongo.database import Database

from productscraper.scheduling import firings
from productscraper.storage import changes, runs

FLAG = "gone_checked"


def _complete_firing(db: Database, firing: dict | None) -> bool:
    return bool(firing and firing.get("crawl_exit") == 0
                and runs.summary(db, firing["run_id"])["complete"])


def record_gone_once(db: Database, run_id: str) -> int | None:
    """Record the ``gone`` events of ``run_id`` against its schedule's previous complete
    run; how many, or None when it is no complete scheduled run or was done already."""
    doc = runs.get(db, run_id)
    if not doc or doc.get(FLAG):
        return None
    firing = db.schedules_log.find_one({"_id": run_id, "action": firings.STARTED})
    if not _complete_firing(db, firing):
        return None
    earlier = db.schedules_log.find(
        {"schedule": firing["schedule"], "action": firings.STARTED,
         "fired_at": {"$lt": firing["fired_at"]}}).sort("fired_at", DESCENDING).limit(5)
    previous = next((f for f in earlier if _complete_firing(db, f)), None)
    claimed = db.runs.update_one({"_id": run_id, FLAG: {"$exists": False}},
                                 {"$set": {FLAG: previous["run_id"] if previous else "none"}})
    if not claimed.modified_count or previous is None:
        return None if not claimed.modified_count else 0
    gone = changes.record_gone(db, previous["run_id"], run_id)
    if gone:
        from productscraper.monitors.suite import notify_webhook

        notify_webhook()
    return gone
