"""The URL ledger (collection ``urls``): every URL a run discovers and its state.

One document per (run, URL): ``_id`` is ``"<run_id>:<url fingerprint>"`` so a run never
enqueues a URL twice (the insert is the de-duplication, atomic across processes),
and a later run of the same URLs gets entries of its own instead of rewriting the
history of the previous run. States: ``queued`` -> ``stored`` | ``unchanged`` | ``failed`` |
``rejected``; ``unchanged``: the site answered 304 Not Modified to a conditional request
(nothing extracted, the stored product's ``last_seen`` updated).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from pymongo import UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError, DuplicateKeyError

from productscraper.storage import duplicate_key_indexes
from productscraper.storage.clock import now_iso
from productscraper.storage.count import count
from productscraper.urls import canonical_url, url_fingerprint

QUEUED, STORED, FAILED, REJECTED = "queued", "stored", "failed", "rejected"
UNCHANGED = "unchanged"
STATES = (QUEUED, STORED, UNCHANGED, FAILED, REJECTED)
TERMINAL = (STORED, UNCHANGED, FAILED, REJECTED)
#: Terminal states a later outcome of the same URL never downgrades.
SUCCESS = (STORED, UNCHANGED)


def ledger_id(run_id: str, url: str) -> str:
    """Ledger key of ``url`` in ``run_id``."""
    return f"{run_id}:{url_fingerprint(url)}"


@dataclass(frozen=True)
class Entry:
    """A URL registered in a run."""

    run_id: str
    url: str
    profile: str | None = None
    render: bool = False
    #: The sitemap's <lastmod> of the URL (a later run can take only what changed).
    lastmod: str | None = None

    @property
    def id(self) -> str:
        return ledger_id(self.run_id, self.url)


def _doc(entry: Entry, now: str) -> dict:
    doc = {
        "_id": entry.id,
        "fp": url_fingerprint(entry.url),
        "url": canonical_url(entry.url),
        "run_id": entry.run_id,
        "profile": entry.profile,
        "render": entry.render,
        "state": QUEUED,
        "attempts": 0,
        "created_at": now,
        "updated_at": now,
    }
    if entry.lastmod:
        doc["lastmod"] = entry.lastmod
    return doc


def register(db: Database, entry: Entry) -> bool:
    """Record ``entry`` as queued; False when the run already has this URL."""
    try:
        db.urls.insert_one(_doc(entry, now_iso()))
        return True
    except DuplicateKeyError:
        return False


def register_many(db: Database, entries: Iterable[Entry]) -> list[Entry]:
    """Record many entries in one round trip; return those that were new."""
    now = now_iso()
    by_id: dict[str, Entry] = {}
    for e in entries:
        by_id.setdefault(e.id, e)
    if not by_id:
        return []
    docs = [_doc(e, now) for e in by_id.values()]
    try:
        db.urls.insert_many(docs, ordered=False)
        return list(by_id.values())
    except BulkWriteError as exc:
        dup = {docs[i]["_id"] for i in duplicate_key_indexes(exc)}
        return [e for i, e in by_id.items() if i not in dup]


def mark(db: Database, run_id: str, url: str, state: str, *, attempts: int | None = None,
         reason: str | None = None, **extra) -> bool:
    """Move an entry to a terminal ``state``; a ``stored`` (or ``unchanged``) entry is never
    downgraded (``stored`` may replace ``unchanged``: the page was read in full after all).

    Idempotent: a task delivered twice ends in one terminal state (a late failure
    cannot overwrite a success).
    """
    flt, update = _mark_update(run_id, url, state, attempts, reason, extra)
    return db.urls.update_one(flt, update).matched_count == 1


def mark_many(db: Database, state: str, marks: Iterable[Mark]) -> int:
    """:func:`mark` for many entries in one round trip; returns how many matched."""
    writes = [UpdateOne(*_mark_update(m.run_id, m.url, state, m.attempts, m.reason, m.extra))
              for m in marks]
    return db.urls.bulk_write(writes, ordered=False).matched_count if writes else 0


@dataclass
class Mark:
    """One entry of :func:`mark_many`: which URL of which run, and what to record."""

    run_id: str
    url: str
    attempts: int | None = None
    reason: str | None = None
    extra: dict = field(default_factory=dict)


def _mark_update(run_id: str, url: str, state: str, attempts: int | None, reason: str | None,
                 extra: dict) -> tuple[dict, dict]:
    assert state in TERMINAL, state
    now = now_iso()
    fields = {"state": state, "updated_at": now, "finished_at": now, "reason": reason, **extra}
    if attempts is not None:
        fields["attempts"] = attempts
    flt: dict = {"_id": ledger_id(run_id, url)}
    if state == UNCHANGED:
        flt["state"] = {"$ne": STORED}
    elif state != STORED:
        flt["state"] = {"$nin": list(SUCCESS)}
    return flt, {"$set": fields}


def requeue(db: Database, run_id: str, url: str) -> None:
    """Put an entry back to ``queued`` (retry-failed, reconcile)."""
    db.urls.update_one(
        {"_id": ledger_id(run_id, url)},
        {"$set": {"state": QUEUED, "updated_at": now_iso(), "reason": None}},
    )


def counts(db: Database, run_id: str) -> dict[str, int]:
    """Number of entries per state for a run (every state present, zero when none)."""
    # One indexed count per state rather than a $group by state: nx-27017 answers such a
    # $group through a shared temporary table and was seen to return wrong counts under
    # concurrent writes. storage.count says why it is not count_documents either.
    return {s: count(db.urls, {"run_id": run_id, "state": s}) for s in STATES}


def entries(db: Database, run_id: str, state: str | None = None) -> Iterator[dict]:
    """Ledger documents of a run, optionally only those in ``state``."""
    flt: dict = {"run_id": run_id}
    if state:
        flt["state"] = state
    return db.urls.find(flt)


def record_failure(db: Database, run_id: str, url: str, *, error: str, reason: str,
                   status: int | None, attempts: int) -> None:
    """Upsert the run's failure record for ``url`` (collection ``failures``)."""
    now = now_iso()
    db.failures.update_one(
        {"_id": ledger_id(run_id, url)},
        {
            "$set": {"url": canonical_url(url), "run_id": run_id, "error": error, "reason": reason,
                     "status": status, "attempts": attempts, "last_at": now},
            "$setOnInsert": {"first_at": now},
        },
        upsert=True,
    )
