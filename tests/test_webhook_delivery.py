"""The webhook delivery (tasks/webhook.py) against a local receiver, real MongoDB-wire and Redis."""
import hashlib
import hmac
import uuid

import pytest
import redis
from pymongo import MongoClient

from productscraper.config import Config
from productscraper.storage import changes
from productscraper.storage.indexes import ensure_indexes
from tests.test_change_events_e2e import SECRET, Receiver


@pytest.fixture
def hook(mongo_srv, redis_url, monkeypatch):
    import tasks.webhook as wh

    receiver = Receiver()
    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", tz_aware=True)
    db = client[f"w{uuid.uuid4().hex[:8]}"]
    ensure_indexes(db)
    cfg = Config(webhook_url=receiver.url, webhook_secret=SECRET, webhook_batch_size=2,
                 webhook_timeout=5)
    monkeypatch.setattr(wh, "get_config", lambda: cfg)
    monkeypatch.setattr(wh, "get_db", lambda: db)
    monkeypatch.setattr(wh, "_redis", redis.Redis.from_url(redis_url))
    monkeypatch.setattr(wh, "SCHEDULED_KEY", f"pstest:{uuid.uuid4().hex}:scheduled")
    at = "2026-12-07T10:00:00.000000Z"
    for i in range(3):
        changes.insert(db, changes.field_events({"price": 1.0}, {"_id": f"p{i}", "url": f"http://s.test/{i}",
                                                                 "price": 2.0 + i, "run_id": "r"},
                                                at, changes.PENDING))
    yield wh, db, receiver
    receiver.close()
    client.close()


def test_the_signature_is_the_hex_hmac_sha256_of_the_body():
    import tasks.webhook as wh

    body = b'[{"id":"x"}]'
    assert wh.sign(body, "k") == "sha256=" + hmac.new(b"k", body, hashlib.sha256).hexdigest()


def test_pending_events_go_out_in_signed_batches_and_are_marked_delivered(hook):
    wh, db, receiver = hook
    first = wh.deliver_once(None, None)
    assert first == {"state": "delivered", "events": 2, "more": True}
    assert wh.deliver_once(None, None)["events"] == 1
    assert wh.deliver_once(None, None) == {"state": "empty"}
    assert [len(p["events"]) for p in receiver.posts] == [2, 1]
    assert all(p["verified"] for p in receiver.posts)
    sent = [e for p in receiver.posts for e in p["events"]]
    assert [(e["product_id"], e["field"], e["old"], e["new"]) for e in sent] == [
        ("p0", "price", 1.0, 2.0), ("p1", "price", 1.0, 3.0), ("p2", "price", 1.0, 4.0)]
    assert db.changes.count_documents({"delivery": "delivered"}) == 3


def test_a_failed_post_keeps_its_batch_for_the_retry_then_goes_to_the_dead_letters(hook):
    wh, db, receiver = hook
    receiver.status = 503
    failed = wh.deliver_once(None, None)
    assert failed["state"] == "failed" and failed["error"] == "HTTP 503"
    # Another delivery meanwhile takes only what the failed batch does not hold.
    receiver.status = 200
    assert wh.deliver_once(None, None)["events"] == 1
    receiver.status = 500
    again = wh.deliver_once(failed["ids"], failed["lease"])
    assert again["ids"] == failed["ids"]
    assert receiver.posts[0]["events"] == receiver.posts[2]["events"]  # the same body
    wh.dead_letter(again["ids"], again["error"], 2)
    (letter,) = list(db.dead_letters.find())
    assert (letter["error"], letter["attempts"], letter["change_ids"]) == ("HTTP 500", 2, failed["ids"])
    assert db.changes.count_documents({"delivery": "dead"}) == 2


def test_a_refused_connection_is_a_failure_not_an_exception(hook, monkeypatch):
    wh, db, _ = hook
    from productscraper.operations.netutil import free_port

    cfg = Config(webhook_url=f"http://127.0.0.1:{free_port()}/x", webhook_timeout=2)
    monkeypatch.setattr(wh, "get_config", lambda: cfg)
    result = wh.deliver_once(None, None)
    assert result["state"] == "failed" and "refused" in result["error"].lower()


def test_notify_schedules_one_delivery_per_window(hook, monkeypatch):
    wh, _, _ = hook
    sent = []
    monkeypatch.setattr(wh.deliver_changes, "apply_async", lambda **kw: sent.append(kw))
    assert wh.notify_changes() and not wh.notify_changes()
    assert sent == [{"countdown": 1.0, "queue": "webhooks"}]
    wh.deliver_once(None, None)  # the delivery clears the key: the next change schedules anew
    assert wh.notify_changes()
