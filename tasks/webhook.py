"""Change events to ``WEBHOOK_URL``: signed JSON batches, retried with back-off, then dead letters.

Scraping never waits on the webhook: a product task that stored a change only calls
:func:`notify_changes`, which schedules one delivery task on the ``webhooks`` queue
(``WEBHOOK_QUEUE``) ``WEBHOOK_BATCH_DELAY`` seconds ahead unless one is scheduled already
(a Redis key set with NX), so the changes of that window travel together. The delivery
task deletes that key, claims up to ``WEBHOOK_BATCH_SIZE`` pending events (a lease on
each, :mod:`productscraper.storage.changes`), and POSTs them as a JSON array with

    X-Productscraper-Signature: sha256=<hex HMAC-SHA256 of the body with WEBHOOK_SECRET>

A 2xx marks them ``delivered`` (and, with more pending, the task goes on with the next
batch). Anything else is retried with the same batch (same body) after an exponential
back-off with full jitter (Celery's ``retry_backoff`` formula, capped at
``WEBHOOK_BACKOFF_MAX``); after ``WEBHOOK_MAX_RETRIES`` retries the batch is written to
``dead_letters`` and its events marked ``dead``. MongoDB and HTTP calls run in a thread
(:func:`~productscraper.worker.green_tasks.call_blocking`), never on a worker's crawler thread.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import urllib.error
import urllib.request
from typing import Any

from celery import Task
from celery.utils.time import get_exponential_backoff_interval
from pymongo.errors import PyMongoError

from productscraper.config import Config, get_config
from productscraper.storage import changes
from productscraper.storage.clock import now_iso
from productscraper.storage.connection import get_db
from productscraper.worker.green_tasks import call_blocking
from tasks.app import WEBHOOK_TASK, app

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Productscraper-Signature"
#: Redis key that says "a delivery task is scheduled" (its TTL outlives a lost task).
SCHEDULED_KEY = "ps:webhook:scheduled"
#: Seconds a lease outlasts the POST it covers (the task's own time on top of the timeout).
LEASE_MARGIN_S = 60.0

_redis = None


def sign(body: bytes, secret: str) -> str:
    """The signature header's value: ``sha256=`` + hex HMAC-SHA256 of ``body``."""
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def _client():
    global _redis
    if _redis is None:
        from productscraper.politeness.limiter import redis_client

        _redis = redis_client(get_config().redis_url)
    return _redis


def notify_changes() -> bool:
    """Schedule a delivery of pending change events (no-op without WEBHOOK_URL); True
    when this call scheduled one. Never raises: the webhook must not stop scraping."""
    cfg = get_config()
    if not cfg.webhook_url:
        return False
    try:
        if not _client().set(SCHEDULED_KEY, now_iso(), nx=True,
                             ex=int(cfg.webhook_batch_delay + LEASE_MARGIN_S)):
            return False
        deliver_changes.apply_async(countdown=cfg.webhook_batch_delay, queue=cfg.webhook_queue)
        return True
    except Exception as exc:  # noqa: BLE001 - the events stay pending for the next trigger
        log.warning("webhook delivery not scheduled (%s); the changes stay pending", exc)
        return False


def post(cfg: Config, body: bytes) -> str | None:
    """POST ``body`` to the webhook; None on a 2xx, else why not."""
    request = urllib.request.Request(cfg.webhook_url, data=body, method="POST", headers={
        "Content-Type": "application/json", SIGNATURE_HEADER: sign(body, cfg.webhook_secret),
        "User-Agent": cfg.user_agent})
    try:
        with urllib.request.urlopen(request, timeout=cfg.webhook_timeout) as response:
            return None if 200 <= response.status < 300 else f"HTTP {response.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except (OSError, ValueError) as exc:  # refused, timed out, unresolvable, bad URL
        return f"{type(exc).__name__}: {exc}"


def deliver_once(ids: list[str] | None, lease: str | None) -> dict[str, Any]:
    """Claim a batch (or keep the one a retry holds) and POST it; what happened."""
    cfg = get_config()
    db = get_db()
    hold = cfg.webhook_timeout + LEASE_MARGIN_S
    if ids is None:
        try:
            _client().delete(SCHEDULED_KEY)  # a change stored from now on schedules anew
        except Exception as exc:  # noqa: BLE001
            log.warning("webhook: could not clear %s (%s)", SCHEDULED_KEY, exc)
        lease, events = changes.claim(db, cfg.webhook_batch_size, hold)
    else:
        lease, events = changes.renew(db, ids, lease or "", hold)
    if not events:
        return {"state": "empty"}
    held = [e["_id"] for e in events]
    body = json.dumps(changes.payload(events), default=str, separators=(",", ":")).encode()
    error = post(cfg, body)
    if error is None:
        changes.settle(db, held, changes.DELIVERED)
        return {"state": "delivered", "events": len(held),
                "more": len(held) >= cfg.webhook_batch_size}
    return {"state": "failed", "ids": held, "lease": lease, "error": error}


def dead_letter(ids: list[str], error: str, attempts: int) -> None:
    """A batch that never got through: one ``dead_letters`` document, events ``dead``."""
    cfg = get_config()
    db = get_db()
    events = list(db.changes.find({"_id": {"$in": ids}}).sort("_id", 1))
    db.dead_letters.insert_one({
        "kind": "webhook", "target": cfg.webhook_url, "error": error, "attempts": attempts,
        "change_ids": ids, "body": changes.payload(events), "at": now_iso()})
    changes.settle(db, ids, changes.DEAD)


def backoff(attempt: int, cfg: Config) -> float:
    """Seconds before retry ``attempt`` (0-based): exponential, full jitter, capped."""
    return float(get_exponential_backoff_interval(
        factor=1, retries=attempt, maximum=int(max(cfg.webhook_backoff_max, 1)), full_jitter=True))


@app.task(name=WEBHOOK_TASK, bind=True, max_retries=None, ignore_result=True)
def deliver_changes(self: Task, ids: list[str] | None = None, lease: str | None = None,
                    attempt: int = 0) -> dict:
    """POST one batch of pending change events to WEBHOOK_URL (module docstring)."""
    cfg = get_config()
    if not cfg.webhook_url:
        return {"state": "off"}
    try:
        result = call_blocking(deliver_once, ids, lease)
    except PyMongoError as exc:  # MongoDB away: try again later (a held batch keeps its lease
        # only until it lapses; then the events are pending for any delivery)
        if attempt >= cfg.webhook_max_retries:
            raise
        raise self.retry(countdown=backoff(attempt, cfg), max_retries=None, exc=exc,
                         kwargs={"ids": ids, "lease": lease, "attempt": attempt + 1})
    if result["state"] == "delivered":
        if result["more"]:
            deliver_changes.apply_async(queue=cfg.webhook_queue)
        return result
    if result["state"] != "failed":
        return result
    if attempt < cfg.webhook_max_retries:
        countdown = backoff(attempt, cfg)
        log.info("webhook POST failed (%s); retry %d in %.1f s", result["error"], attempt + 1,
                 countdown)
        # The batch stays ours until the retry has had its go.
        lease, _ = call_blocking(changes.renew, get_db(), result["ids"], result["lease"],
                                 countdown + cfg.webhook_timeout + LEASE_MARGIN_S)
        raise self.retry(countdown=countdown, max_retries=None,
                         kwargs={"ids": result["ids"], "lease": lease, "attempt": attempt + 1})
    log.warning("webhook POST failed %d times (%s): %d event(s) to the dead letters",
                attempt + 1, result["error"], len(result["ids"]))
    call_blocking(dead_letter, result["ids"], result["error"], attempt + 1)
    deliver_changes.apply_async(queue=cfg.webhook_queue)  # later events get their own go
    return {"state": "dead", "events": len(result["ids"]), "error": result["error"]}
