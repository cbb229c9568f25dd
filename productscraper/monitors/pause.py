"""Paused domains (collection ``domains``): pause, resume, list, and a cached "is it paused?".

One document per domain (``host:port`` as :func:`productscraper.urls.host_key` gives it):
``{_id: domain, state: "paused" | "resumed", reasons: [...], runs: [run ids], paused_at,
paused_by, resumed_at, resumed_ts}`` (``state`` is a string, not a bool: nx-27017 stores a
bool ``$set`` on an existing document as an integer; ``resumed_ts`` is epoch seconds because
it compares ISO strings only to the second). A paused domain's product tasks are deferred by the workers (re-queued with a
countdown, counted ``deferred``, never fetched) until ``domains resume DOMAIN``.

Workers ask on every task, so the set of paused domains is cached per process for
``PAUSED_DOMAINS_CACHE`` seconds (2): a pause or a resume reaches every worker within that.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from pymongo.database import Database
from pymongo.errors import PyMongoError

from productscraper.storage.clock import now_iso, reference_time

log = logging.getLogger(__name__)

COLLECTION = "domains"
PAUSED, RESUMED = "paused", "resumed"


def pause(db: Database, domain: str, reasons: list[dict], run_ids: list[str] | None = None,
          by: str = "monitors") -> None:
    """Pause ``domain`` with the reasons (and the runs that led to it)."""
    db[COLLECTION].update_one(
        {"_id": domain},
        {"$set": {"state": PAUSED, "reasons": list(reasons), "runs": list(run_ids or []),
                  "paused_at": now_iso(), "paused_by": by}},
        upsert=True)
    _forget()


def resume(db: Database, domain: str) -> bool:
    """Resume ``domain``; False when it was not paused. Its monitor history restarts here:
    only runs checked after ``resumed_at`` count towards the next pause."""
    result = db[COLLECTION].update_one(
        {"_id": domain, "state": PAUSED},
        {"$set": {"state": RESUMED, "resumed_at": now_iso(), "resumed_ts": reference_time()}})
    _forget()
    return result.modified_count > 0


def get(db: Database, domain: str) -> dict | None:
    """The domain's document, or None."""
    return db[COLLECTION].find_one({"_id": domain})


def list_domains(db: Database, paused_only: bool = True) -> list[dict]:
    """Domain documents (paused ones only by default), by domain."""
    query = {"state": PAUSED} if paused_only else {}
    return sorted(db[COLLECTION].find(query), key=lambda d: d["_id"])


def paused_domains(db: Database) -> frozenset[str]:
    """The paused domains, read now."""
    return frozenset(d["_id"] for d in db[COLLECTION].find({"state": PAUSED}, {"_id": 1}))


# ------------------------------------------------------------------ per-process cache

_lock = threading.Lock()
_cache: dict[str, tuple[float, frozenset[str]]] = {}  # db name -> (expires, domains)


def _forget() -> None:
    with _lock:
        _cache.clear()


def _call(fn: Callable[..., frozenset[str]], *args: Any) -> frozenset[str]:
    return fn(*args)


def cached(db_name: str) -> frozenset[str] | None:
    """The cached paused set of database ``db_name``, or None when it must be read again
    (cheap: no I/O, so a green task asks it on the reactor thread)."""
    with _lock:
        entry = _cache.get(db_name)
    return entry[1] if entry and entry[0] > time.monotonic() else None


def refresh(db: Database, ttl: float) -> frozenset[str]:
    """Read the paused set and cache it for ``ttl`` seconds. MongoDB unreachable: the last
    known set (none: nothing paused) is kept for another ``ttl``, so tasks are not failed
    for a monitor's sake."""
    try:
        domains = paused_domains(db)
    except PyMongoError as exc:
        log.warning("paused domains not read (%s); using the last known set", exc)
        with _lock:
            domains = _cache.get(db.name, (0.0, frozenset()))[1]
    with _lock:
        _cache[db.name] = (time.monotonic() + max(0.0, ttl), domains)
    return domains


def is_paused(db: Database, domain: str, ttl: float,
              blocking: Callable[..., frozenset[str]] = _call) -> bool:
    """True when ``domain`` is paused (cached for ``ttl`` seconds). ``blocking`` runs the
    MongoDB read a stale cache needs (a green task passes ``call_blocking``: off the reactor)."""
    domains = cached(db.name)
    if domains is None:
        domains = blocking(refresh, db, ttl)
    return domain in domains
