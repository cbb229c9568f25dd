"""Change events, their webhook batches and the ``unchanged`` ledger state, on nx-27017."""

import pytest

from productscraper.storage import changes, ledger, products
from productscraper.urls import url_fingerprint


@pytest.fixture
def mdb(fresh_db):
    return fresh_db


def book(pid="k1", **fields):
    return {"_id": pid, "url": f"http://shop.test:8080/{pid}", "title": "A book", "price": 10.0,
            "currency": "GBP", "availability": "in_stock", "run_id": "r1", **fields}


def test_a_new_product_is_one_new_event_and_each_changed_field_one_event(mdb, monkeypatch):
    monkeypatch.setattr(changes, "default_delivery", lambda: changes.PENDING)
    products.upsert(mdb, book())
    (new,) = list(mdb.changes.find())
    assert (new["field"], new["old"], new["domain"]) == ("new", None, "shop.test")
    assert new["new"] == {"price": 10.0, "currency": "GBP", "availability": "in_stock", "title": "A book"}
    products.upsert(mdb, book(run_id="r2", description="longer text"))  # content, no tracked field
    products.upsert(mdb, book(run_id="r2", description="longer text"))  # unchanged
    assert mdb.changes.count_documents({"run_id": "r2"}) == 0
    products.upsert(mdb, book(run_id="r3", price=12.5, availability="out_of_stock"))
    got = sorted((c["field"], c["old"], c["new"]) for c in mdb.changes.find({"run_id": "r3"}))
    assert got == [("availability", "in_stock", "out_of_stock"), ("price", 10.0, 12.5)]
    assert all(c["delivery"] == "pending" for c in mdb.changes.find())


def test_validators_are_kept_but_are_not_content(mdb):
    products.upsert(mdb, book(validators={"etag": '"a"'}))
    assert products.upsert(mdb, book(validators={"etag": '"b"'})) == products.UNCHANGED
    assert products.validators(mdb, ["k1", "nope"]) == {"k1": {"etag": '"b"'}}
    assert mdb.changes.count_documents({}) == 1  # the `new` event only


def test_touch_updates_last_seen_only_of_a_stored_product(mdb):
    products.upsert(mdb, book())
    before = mdb.products.find_one({"_id": "k1"})
    assert products.touch(mdb, "k1", "r9")
    after = mdb.products.find_one({"_id": "k1"})
    assert after["run_id"] == "r9" and after["last_seen"] >= before["last_seen"]
    assert after["content_hash"] == before["content_hash"]
    assert not products.touch(mdb, "missing", "r9")


def test_unchanged_entries_are_counted_and_never_downgraded_by_a_late_failure(mdb):
    urls = [f"http://a.test/{i}" for i in range(3)]
    ledger.register_many(mdb, [ledger.Entry("ru", u) for u in urls])
    assert ledger.mark(mdb, "ru", urls[0], ledger.UNCHANGED, status=304)
    assert not ledger.mark(mdb, "ru", urls[0], ledger.FAILED, reason="late")
    assert not ledger.mark(mdb, "ru", urls[0], ledger.REJECTED, reason="late")
    ledger.mark(mdb, "ru", urls[1], ledger.STORED)
    assert not ledger.mark(mdb, "ru", urls[1], ledger.UNCHANGED)  # stored stays stored
    assert ledger.mark(mdb, "ru", urls[0], ledger.STORED)  # read in full after all
    ledger.mark(mdb, "ru", urls[2], ledger.UNCHANGED)
    assert ledger.counts(mdb, "ru") == {"queued": 0, "stored": 2, "unchanged": 1, "failed": 0,
                                        "rejected": 0}


def test_record_gone_reports_products_the_previous_run_saw_and_this_one_did_not(mdb):
    prev = [f"http://shop.test:8080/p{i}" for i in range(3)]
    for url in prev:
        products.upsert(mdb, {**book(url_fingerprint(url)), "url": url})
    ledger.register_many(mdb, [ledger.Entry("s-1", u) for u in prev])
    ledger.mark(mdb, "s-1", prev[0], ledger.STORED)
    ledger.mark(mdb, "s-1", prev[1], ledger.UNCHANGED)
    ledger.mark(mdb, "s-1", prev[2], ledger.FAILED)  # not seen: cannot vanish
    ledger.register(mdb, ledger.Entry("s-2", prev[0]))
    assert changes.record_gone(mdb, "s-1", "s-2", delivery=changes.NONE) == 1
    assert changes.record_gone(mdb, "s-1", "s-2", delivery=changes.NONE) == 0  # idempotent
    (gone,) = list(mdb.changes.find({"field": "gone"}))
    assert gone["url"] == prev[1] and gone["run_id"] == "s-2" and gone["new"] is None
    assert gone["old"]["price"] == 10.0


def test_two_deliveries_never_claim_the_same_event_and_a_renewed_lease_keeps_the_batch(mdb):
    at = "2026-01-01T00:00:00.000000Z"
    mdb.changes.insert_many([{"_id": f"20260101T000000.000000Z|k{i}|price", "field": "price", "delivery": "pending",
                              "claim_until": changes.UNCLAIMED} for i in range(5)])
    lease_a, batch_a = changes.claim(mdb, 3, 60)
    lease_b, batch_b = changes.claim(mdb, 3, 60)
    assert len(batch_a) == 3 and len(batch_b) == 2
    assert not {e["_id"] for e in batch_a} & {e["_id"] for e in batch_b}
    assert changes.claim(mdb, 3, 60)[1] == []
    ids = [e["_id"] for e in batch_a]
    _, held = changes.renew(mdb, ids, lease_a, 60)
    assert [e["_id"] for e in held] == ids
    assert changes.renew(mdb, ids, lease_b, 60)[1] == []  # another delivery's lease: none of these
    changes.settle(mdb, ids, changes.DELIVERED)
    assert mdb.changes.count_documents({"delivery": "delivered"}) == 3
    # A lease that lapsed (its worker died) lets another delivery take the events.
    mdb.changes.update_many({"delivery": "pending"}, {"$set": {"claim_until": at}})
    assert len(changes.claim(mdb, 10, 60)[1]) == 2


def _scheduled_run(db, run_id: str, fired_at: str, urls: list[str], *, crawl_exit: int = 0):
    """A complete run of schedule ``s`` that stored ``urls``."""
    from productscraper.scheduling import firings
    from productscraper.storage import runs

    runs.start(db, run_id, source="schedule", start_urls=["http://shop.test:8080/"])
    firings.record_started(db, "s", run_id, fired_at)
    ledger.register_many(db, [ledger.Entry(run_id, u) for u in urls])
    for url in urls:
        products.upsert(db, {**book(url_fingerprint(url)), "url": url})
        ledger.mark(db, run_id, url, ledger.STORED)
    runs.finish_discovery(db, run_id)
    firings.record_crawl_end(db, run_id, crawl_exit)


def test_a_scheduled_run_reports_once_what_its_previous_complete_run_saw_and_it_did_not(mdb):
    from productscraper.scheduling.completion import record_gone_once

    urls = [f"http://shop.test:8080/p{i}" for i in range(3)]
    _scheduled_run(mdb, "s-20261207T100000Z", "2026-12-07T10:00:00Z", urls)
    # A firing whose listing crawl failed is not compared with, nor compared.
    _scheduled_run(mdb, "s-20261207T100500Z", "2026-12-07T10:05:00Z", urls[:1], crawl_exit=1)
    assert record_gone_once(mdb, "s-20261207T100500Z") is None
    _scheduled_run(mdb, "s-20261207T101000Z", "2026-12-07T10:10:00Z", urls[:2])
    assert record_gone_once(mdb, "s-20261207T100000Z") == 0  # the first: nothing before it
    assert record_gone_once(mdb, "s-20261207T101000Z") == 1
    assert record_gone_once(mdb, "s-20261207T101000Z") is None  # once
    (gone,) = list(mdb.changes.find({"field": "gone"}))
    assert (gone["url"], gone["run_id"]) == (urls[2], "s-20261207T101000Z")
