"""Products (collection ``products``) with change detection, ``price_history`` and the
per-field change events of :mod:`productscraper.storage.changes`.

A product's HTTP validators (``validators``: ``etag``, ``last_modified``, from the response
that was stored) are kept on its document for the next run's conditional request; they are
not content (a new ETag alone is no change).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from pymongo import UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError

from productscraper.storage import changes as change_events
from productscraper.storage import duplicate_key_indexes
from productscraper.storage.clock import now_iso

#: Fields that change on every crawl and so do not count as content.
VOLATILE = frozenset({"_id", "run_id", "scraped_at", "first_seen", "last_seen", "changed_at",
                      "content_hash", "validators"})
CREATED, CHANGED, UNCHANGED = "created", "changed", "unchanged"


def content_hash(product: Mapping[str, Any]) -> str:
    """Stable hash of a product's content (volatile fields excluded)."""
    content = {k: v for k, v in product.items() if k not in VOLATILE}
    blob = json.dumps(content, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha1(blob.encode("utf-8")).hexdigest()


def upsert(db: Database, product: Mapping[str, Any]) -> str:
    """Insert or update a product keyed on ``_id``; returns created/changed/unchanged.

    A created product writes a ``new`` change event, a changed one an event per changed
    tracked field (:mod:`productscraper.storage.changes`).

    Idempotent: storing the same content twice changes only ``last_seen``; a price or
    availability change appends one ``price_history`` entry whose ``_id`` is derived from
    the old and new content, so a duplicated task cannot append it twice.
    """
    return upsert_many(db, [product])[0]


def upsert_many(db: Database, items: Sequence[Mapping[str, Any]]) -> list[str]:
    """:func:`upsert` for many products in three or four round trips; one result per product.

    One ``find`` reads the stored versions, one unordered ``bulk_write`` writes them, one
    ``insert_many`` writes the change events and one appends the price changes. A product that occurs more than once
    is written in order, each occurrence seeing the one before (a later wave).
    """
    results: list[str] = [""] * len(items)
    for wave in _waves(items):
        for i, change in zip(wave, _upsert_distinct(db, [items[i] for i in wave])):
            results[i] = change
    return results


def _waves(items: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Indexes of ``items`` in waves with distinct ``_id``s (the n-th occurrence in wave n)."""
    seen: dict[Any, int] = {}
    waves: list[list[int]] = []
    for i, item in enumerate(items):
        n = seen.get(item["_id"], 0)
        seen[item["_id"]] = n + 1
        if n == len(waves):
            waves.append([])
        waves[n].append(i)
    return waves


def touch(db: Database, product_id: str, run_id: str) -> bool:
    """Record that ``run_id`` saw the product unchanged (a 304): ``last_seen`` and ``run_id``
    only. False when no such product is stored."""
    res = db.products.update_one({"_id": product_id},
                                 {"$set": {"last_seen": now_iso(), "run_id": run_id}})
    return res.matched_count == 1


def validators(db: Database, product_ids: Sequence[str],
               run_id: str | None = None) -> dict[str, dict[str, str]]:
    """The stored HTTP validators (``etag``/``last_modified``) of those products that have
    some, leaving out the products ``run_id`` itself stored already: a task redelivered
    after its worker stored the page but died before the ledger heard of it must end
    ``stored`` (read in full, unchanged content), not ``unchanged`` by a 304 against its
    own run's copy."""
    query: dict[str, Any] = {"_id": {"$in": list(product_ids)}}
    if run_id is not None:
        query["run_id"] = {"$ne": run_id}
    return {d["_id"]: d["validators"] for d in db.products.find(query, {"validators": 1})
            if d.get("validators")}


def _upsert_distinct(db: Database, items: Sequence[Mapping[str, Any]]) -> list[str]:
    now = now_iso()
    stored = {doc["_id"]: doc for doc in db.products.find(
        {"_id": {"$in": [p["_id"] for p in items]}},
        {"content_hash": 1, **{f: 1 for f in change_events.TRACKED}})}
    writes: list[UpdateOne] = []
    history: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    delivery = change_events.default_delivery()
    results: list[str] = []
    for product in items:
        pid = product["_id"]
        digest = content_hash(product)
        old = stored.get(pid)
        if old is not None and old.get("content_hash") == digest:
            seen = {"last_seen": now, "run_id": product.get("run_id")}
            if product.get("validators"):
                seen["validators"] = product["validators"]
            writes.append(UpdateOne({"_id": pid}, {"$set": seen}))
            results.append(UNCHANGED)
            continue
        events.extend(change_events.field_events(old, product, now, delivery))
        fields = {k: v for k, v in product.items() if k != "_id"}
        fields.update(content_hash=digest, last_seen=now, changed_at=now)
        writes.append(UpdateOne({"_id": pid}, {"$set": fields, "$setOnInsert": {"first_seen": now}},
                                upsert=True))
        if old is None:
            results.append(CREATED)
            continue
        results.append(CHANGED)
        if (old.get("price"), old.get("availability")) != (product.get("price"), product.get("availability")):
            history.append({
                "_id": f"{pid}:{old.get('content_hash')}:{digest}",
                "product_id": pid,
                "url": product.get("url"),
                "run_id": product.get("run_id"),
                "old_price": old.get("price"),
                "new_price": product.get("price"),
                "currency": product.get("currency"),
                "old_availability": old.get("availability"),
                "new_availability": product.get("availability"),
                "at": now,
            })
    db.products.bulk_write(writes, ordered=False)
    change_events.insert(db, events)  # after the products: an event never precedes its product
    if history:
        try:
            db.price_history.insert_many(history, ordered=False)
        except BulkWriteError as exc:  # a redelivered task: the change is recorded already
            duplicate_key_indexes(exc)
    return results
