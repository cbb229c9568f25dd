"""The MongoDB queries behind the read-only API.

Only operations that both real MongoDB and nx-27017 (the local MongoDB-wire server)
support: ``find`` with equality, ``$gt``/``$gte``/``$lte``, ``$in`` and ``$regex``, ``sort``,
``limit`` (tests/test_api.py checks each against nx-27017). Pagination is keyset
pagination on ``_id``: a page asks for ``_id > last id of the previous page``, so it stays
cheap on deep pages and never skips or repeats a document while others are written.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bson import ObjectId
from bson.decimal128 import Decimal128
from pymongo import ASCENDING, DESCENDING
from pymongo.database import Database

from productscraper.storage import runs
from productscraper.storage.clock import to_iso


class InvalidCursor(ValueError):
    """A pagination cursor that this API did not issue."""


def encode_cursor(last_id: str) -> str:
    """Opaque cursor for the page after the document ``last_id``."""
    raw = json.dumps({"after": last_id}, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_cursor(cursor: str) -> str:
    """The ``_id`` a cursor points after; :class:`InvalidCursor` for anything else."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8"))
    except (ValueError, UnicodeError, binascii.Error) as exc:
        raise InvalidCursor("invalid cursor") from exc
    if not isinstance(data, dict) or not isinstance(data.get("after"), str):
        raise InvalidCursor("invalid cursor")
    return data["after"]


@dataclass(frozen=True)
class ProductFilter:
    """The ``/products`` filters; ``None`` means "not filtered on"."""

    category: str | None = None
    min_price: float | None = None
    max_price: float | None = None
    availability: tuple[str, ...] = ()
    q: str | None = None
    run_id: str | None = None

    def to_query(self) -> dict[str, Any]:
        """The MongoDB filter document."""
        query: dict[str, Any] = {}
        if self.category is not None:
            query["category"] = self.category
        price: dict[str, float] = {}
        if self.min_price is not None:
            price["$gte"] = self.min_price
        if self.max_price is not None:
            price["$lte"] = self.max_price
        if price:
            query["price"] = price
        if self.availability:
            query["availability"] = {"$in": list(self.availability)}
        if self.q:
            # The user's text is matched literally: escaped, never run as a pattern
            # (no injected wildcards, no catastrophic backtracking).
            query["title"] = {"$regex": re.escape(self.q), "$options": "i"}
        if self.run_id is not None:
            query["run_id"] = self.run_id
        return query


@dataclass(frozen=True)
class Page:
    """One page of documents and the cursor of the next page (None on the last)."""

    items: list[dict[str, Any]]
    next_cursor: str | None


def jsonable(value: Any) -> Any:
    """A BSON value as plain JSON types (times as the project's ISO-8601 UTC strings)."""
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, datetime):
        return to_iso(value)
    if isinstance(value, ObjectId):
        return str(value)
    if isinstance(value, Decimal128):
        return float(value.to_decimal())
    if isinstance(value, bytes):
        return value.hex()
    return value


def with_id(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A stored document for the API: ``_id`` renamed to ``id``, BSON types made JSON."""
    out = jsonable(doc)
    out["id"] = str(out.pop("_id"))
    return out


def _page(collection, query: dict[str, Any], limit: int, cursor: str | None) -> Page:
    if cursor is not None:
        query = {**query, "_id": {"$gt": decode_cursor(cursor)}}
    # One more than asked tells whether a next page exists without a count.
    docs = list(collection.find(query).sort("_id", ASCENDING).limit(limit + 1))
    more = len(docs) > limit
    docs = docs[:limit]
    next_cursor = encode_cursor(str(docs[-1]["_id"])) if more and docs else None
    return Page([with_id(d) for d in docs], next_cursor)


def find_products(db: Database, flt: ProductFilter, limit: int, cursor: str | None = None) -> Page:
    """A page of products matching ``flt``, in ``_id`` order."""
    return _page(db.products, flt.to_query(), limit, cursor)


def get_product(db: Database, product_id: str) -> dict[str, Any] | None:
    """One product, or None."""
    doc = db.products.find_one({"_id": product_id})
    return with_id(doc) if doc else None


def recent_runs(db: Database, limit: int) -> list[dict[str, Any]]:
    """The latest runs, newest first (``started_at`` descending)."""
    docs = db.runs.find({}).sort([("started_at", DESCENDING), ("_id", DESCENDING)]).limit(limit)
    return [with_id(d) for d in docs]


def run_exists(db: Database, run_id: str) -> bool:
    """True when the run has a run document or ledger entries."""
    return (db.runs.find_one({"_id": run_id}, {"_id": 1}) is not None
            or db.urls.find_one({"run_id": run_id}, {"_id": 1}) is not None)


def get_run(db: Database, run_id: str) -> dict[str, Any] | None:
    """The run document with its live ``summary`` (from the ledger), or None."""
    doc = runs.get(db, run_id)
    if doc is None and not run_exists(db, run_id):
        return None
    out = with_id(doc or {"_id": run_id})
    out["summary"] = jsonable(runs.summary(db, run_id))
    return out


def run_failures(db: Database, run_id: str, limit: int, cursor: str | None = None) -> Page:
    """A page of the run's failure records, in ``_id`` order."""
    return _page(db.failures, {"run_id": run_id}, limit, cursor)


#: What a change event shows through the API (delivery bookkeeping stays inside).
CHANGE_FIELDS = {"url": 1, "product_id": 1, "domain": 1, "field": 1, "old": 1, "new": 1,
                 "run_id": 1, "at": 1}


def find_changes(db: Database, since: str | None, field: str | None, domain: str | None,
                 limit: int, cursor: str | None = None) -> Page:
    """Change events after ``since`` (ISO-8601 UTC), of one field and/or domain, oldest first.

    An event's ``_id`` starts with its ``at``, so the ``_id`` pages are in time order.
    """
    query: dict[str, Any] = {}
    if since is not None:
        query["at"] = {"$gt": since}
    if field is not None:
        query["field"] = field
    if domain is not None:
        query["domain"] = domain.lower()
    if cursor is not None:
        query["_id"] = {"$gt": decode_cursor(cursor)}
    docs = list(db.changes.find(query, CHANGE_FIELDS).sort("_id", ASCENDING).limit(limit + 1))
    more = len(docs) > limit
    docs = docs[:limit]
    next_cursor = encode_cursor(str(docs[-1]["_id"])) if more and docs else None
    return Page([with_id(d) for d in docs], next_cursor)


def ping(db: Database) -> bool:
    """True when MongoDB answers ``ping`` (nx-27017 has no version in server_info)."""
    try:
        return bool(db.client.admin.command("ping").get("ok"))
    except Exception:  # any failure means "not healthy"; /health reports it, never raises
        return False
