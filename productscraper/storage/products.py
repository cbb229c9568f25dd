"""Products (collection ``products``) with change detection and ``price_history``."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from pymongo import UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError

from productscraper.storage import duplicate_key_indexes
from productscraper.storage.clock import now_iso

#: Fields that change on every crawl and so do not count as content.
VOLATILE = frozenset({"_id", "run_id", "scraped_at", "first_seen", "last_seen", "changed_at",
                      "content_hash"})
CREATED, CHANGED, UNCHANGED = "created", "changed", "unchanged"


def content_hash(product: Mapping[str, Any]) -> str:
    """Stable hash of a product's content (volatile fields excluded)."""
    content = {k: v for k, v in product.items() if k not in VOLATILE}
    blob = json.dumps(content, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha1(blob.encode("utf-8")).hexdigest()


def upsert(db: Database, product: Mapping[str, Any]) -> str:
    """Insert or update a product keyed on ``_id``; returns created/changed/unchanged.

    Idempotent: storing the same content twice changes only ``last_seen``; a price or
    availability change appends one ``price_history`` entry whose ``_id`` is derived from
    the old and new content, so a duplicated task cannot append it twice.
    """
    return upsert_many(db, [product])[0]


def upsert_many(db: Database, items: Sequence[Mapping[str, Any]]) -> list[str]:
    """:func:`upsert` for many products in three round trips; one result per product.

    One ``find`` reads the stored versions, one unordered ``bulk_write`` writes them and
    one ``insert_many`` appends the price changes. A product that occurs more than once
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


def _upsert_distinct(db: Database, items: Sequence[Mapping[str, Any]]) -> list[str]:
    now = now_iso()
    stored = {doc["_id"]: doc for doc in db.products.find(
        {"_id": {"$in": [p["_id"] for p in items]}},
        {"content_hash": 1, "price": 1, "availability": 1, "currency": 1})}
    writes: list[UpdateOne] = []
    history: list[dict[str, Any]] = []
    results: list[str] = []
    for product in items:
        pid = product["_id"]
        digest = content_hash(product)
        old = stored.get(pid)
        if old is not None and old.get("content_hash") == digest:
            writes.append(UpdateOne({"_id": pid}, {"$set": {"last_seen": now,
                                                            "run_id": product.get("run_id")}}))
            results.append(UNCHANGED)
            continue
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
    if history:
        try:
            db.price_history.insert_many(history, ordered=False)
        except BulkWriteError as exc:  # a redelivered task: the change is recorded already
            duplicate_key_indexes(exc)
    return results
