"""Change events (collection ``changes``): one document per changed field of a product.

Written beside the product upsert (:mod:`productscraper.storage.products`):

* ``price``, ``currency``, ``availability``, ``title``: a stored product whose field
  differs from the stored version (``old`` -> ``new``);
* ``new``: a product stored for the first time (``new`` is a snapshot of its tracked fields);
* ``gone``: a product the previous complete run saw and this one did not discover
  (:func:`record_gone`, called when a run of a schedule completes).

``_id`` starts with the event's time (``at`` without its dashes and colons,
``20261207T110512.123456Z``: fixed width, and nx-27017 cannot update a document whose
string ``_id`` starts with an ISO date followed by more text), so ``_id`` order is time
order and the API pages by ``_id``. ``delivery`` is ``pending`` (a webhook is
configured and has not had it yet), ``delivered``, ``dead`` (its batch went to the dead
letters) or ``none`` (no webhook configured when it was written). A webhook delivery
*claims* a batch by setting ``claim_until`` (a lease) so two deliveries never send the same
events; a lease that lapses (its worker died) makes them pending again.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from pymongo.database import Database
from pymongo.errors import BulkWriteError

from productscraper.storage import duplicate_key_indexes, ledger
from productscraper.storage.clock import now_iso

TRACKED = ("price", "currency", "availability", "title")
NEW, GONE = "new", "gone"
#: A run the quality monitors marked degraded (productscraper/monitors/), not a product.
MONITOR = "monitor"
FIELDS = (*TRACKED, NEW, GONE, MONITOR)
PENDING, DELIVERED, DEAD, NONE = "pending", "delivered", "dead", "none"
#: ``claim_until`` of an event nobody has claimed (a time, not "": nx-27017's index
#: answers no range query on an empty string).
UNCLAIMED = "1970-01-01T00:00:00.000000Z"


def domain_of(url: str | None) -> str | None:
    """The host an event is filed under (the API's ``domain`` filter)."""
    return (urlsplit(url).hostname or None) if url else None


def snapshot(product: Mapping[str, Any]) -> dict[str, Any]:
    """The tracked fields of a product (the value of a ``new``/``gone`` event)."""
    return {f: product.get(f) for f in TRACKED}


def _event(product_id: str, url: str | None, field: str, old: Any, new: Any, run_id: str | None,
           at: str, delivery: str) -> dict[str, Any]:
    return {"_id": f"{at.replace('-', '').replace(':', '')}|{product_id}|{field}", "url": url, "product_id": product_id,
            "domain": domain_of(url), "field": field, "old": old, "new": new,
            "run_id": run_id, "at": at, "delivery": delivery, "claim_until": UNCLAIMED}


def field_events(old: Mapping[str, Any] | None, product: Mapping[str, Any], at: str,
                 delivery: str) -> list[dict[str, Any]]:
    """The events of storing ``product`` over the stored version ``old`` (None: new)."""
    pid, url, run_id = product["_id"], product.get("url"), product.get("run_id")
    if old is None:
        return [_event(pid, url, NEW, None, snapshot(product), run_id, at, delivery)]
    return [_event(pid, url, f, old.get(f), product.get(f), run_id, at, delivery)
            for f in TRACKED if old.get(f) != product.get(f)]


def monitor_event(run_id: str, domain: str, reasons: list[dict[str, Any]], at: str,
                  delivery: str) -> dict[str, Any]:
    """The ``monitor`` event of a degraded run: ``new`` holds the domain and the reasons."""
    event = _event(f"run:{run_id}", None, MONITOR, None, {"domain": domain, "reasons": reasons},
                   run_id, at, delivery)
    event["domain"] = domain
    return event


def insert(db: Database, events: Iterable[dict[str, Any]]) -> int:
    """Insert events (a duplicate ``_id`` is skipped); how many were new."""
    events = list(events)
    if not events:
        return 0
    try:
        db.changes.insert_many(events, ordered=False)
        return len(events)
    except BulkWriteError as exc:
        return len(events) - len(duplicate_key_indexes(exc))


def record_gone(db: Database, previous_run_id: str, run_id: str, *,
                delivery: str | None = None) -> int:
    """``gone`` events for the products ``previous_run_id`` saw (stored or unchanged) whose
    URL ``run_id`` did not discover; call it once ``run_id`` is complete. Idempotent: a
    product already reported gone by ``run_id`` is not reported again. Returns how many."""
    if delivery is None:
        delivery = default_delivery()
    seen_now = {d["fp"] for d in db.urls.find({"run_id": run_id}, {"fp": 1})}
    before = {d["fp"]: d for d in db.urls.find(
        {"run_id": previous_run_id, "state": {"$in": list(ledger.SUCCESS)}}, {"fp": 1, "url": 1})}
    missing = [fp for fp in before if fp not in seen_now]
    if not missing:
        return 0
    done = {d["product_id"] for d in db.changes.find(
        {"field": GONE, "run_id": run_id}, {"product_id": 1})}
    stored = {d["_id"]: d for d in db.products.find({"_id": {"$in": missing}})}
    at = now_iso()
    events = [_event(fp, before[fp].get("url"), GONE, snapshot(stored.get(fp) or {}), None,
                     run_id, at, delivery) for fp in missing if fp not in done]
    return insert(db, events)


def default_delivery() -> str:
    """``pending`` when a webhook is configured (WEBHOOK_URL), else ``none``."""
    from productscraper.config import get_config

    return PENDING if get_config().webhook_url else NONE


# -- webhook delivery -------------------------------------------------------------------------

def _lease_end(lease_s: float) -> str:
    from datetime import timedelta

    from productscraper.storage.clock import now_utc, to_iso

    return to_iso(now_utc() + timedelta(seconds=lease_s))


def claim(db: Database, size: int, lease_s: float) -> tuple[str, list[dict[str, Any]]]:
    """Claim up to ``size`` pending events, oldest first, for ``lease_s`` seconds.

    Returns the lease (a token; pass it to :func:`renew`) and the events it holds. The
    claim is one ``update_many`` whose filter still wants an expired lease, so of two
    deliveries reaching for the same event only one gets it.
    """
    now, token = now_iso(), uuid.uuid4().hex
    ids = [d["_id"] for d in db.changes.find(
        {"delivery": PENDING, "claim_until": {"$lt": now}}, {"_id": 1}).sort("_id", 1).limit(size)]
    if not ids:
        return token, []
    db.changes.update_many({"_id": {"$in": ids}, "delivery": PENDING, "claim_until": {"$lt": now}},
                           {"$set": {"claim_until": _lease_end(lease_s), "claim_token": token}})
    return token, _held(db, ids, token)


def renew(db: Database, ids: list[str], lease: str, lease_s: float) -> tuple[str, list[dict]]:
    """Extend ``lease`` on ``ids`` (a retry of the same batch); the lease and what it holds
    (nothing when the lease lapsed and another delivery took the events)."""
    db.changes.update_many({"_id": {"$in": ids}, "delivery": PENDING, "claim_token": lease},
                           {"$set": {"claim_until": _lease_end(lease_s)}})
    return lease, _held(db, ids, lease)


def _held(db: Database, ids: list[str], token: str) -> list[dict[str, Any]]:
    return list(db.changes.find({"_id": {"$in": ids}, "delivery": PENDING,
                                 "claim_token": token}).sort("_id", 1))


def settle(db: Database, ids: list[str], delivery: str) -> None:
    """Mark claimed events ``delivered`` or ``dead``."""
    if ids:
        db.changes.update_many({"_id": {"$in": ids}},
                               {"$set": {"delivery": delivery, "settled_at": now_iso()}})


def payload(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The JSON body of a webhook POST: the events as the API shows them."""
    keep = ("url", "product_id", "field", "old", "new", "run_id", "at")
    return [{"id": e["_id"], **{k: e.get(k) for k in keep}} for e in events]
