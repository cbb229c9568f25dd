"""Products (collection ``products``) with change detection and ``price_history``."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

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
    pid = product["_id"]
    now = now_iso()
    digest = content_hash(product)
    old = db.products.find_one({"_id": pid}, {"content_hash": 1, "price": 1, "availability": 1,
                                             "currency": 1})
    if old is not None and old.get("content_hash") == digest:
        db.products.update_one({"_id": pid}, {"$set": {"last_seen": now,
                                                       "run_id": product.get("run_id")}})
        return UNCHANGED
    fields = {k: v for k, v in product.items() if k != "_id"}
    fields.update(content_hash=digest, last_seen=now, changed_at=now)
    db.products.update_one({"_id": pid}, {"$set": fields, "$setOnInsert": {"first_seen": now}},
                           upsert=True)
    if old is None:
        return CREATED
    if (old.get("price"), old.get("availability")) != (product.get("price"), product.get("availability")):
        try:
            db.price_history.insert_one({
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
        except DuplicateKeyError:
            pass
    return CHANGED
