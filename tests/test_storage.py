"""Ledger, products and runs against a real MongoDB-wire server (nx-27017 over TCP)."""
import threading
import time
import uuid

import pytest
from pymongo import MongoClient

from productscraper.storage import ledger, products, runs
from productscraper.storage.indexes import ensure_indexes


@pytest.fixture
def mdb(mongo_srv):
    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", tz_aware=True)
    database = client[f"s{uuid.uuid4().hex[:8]}"]
    ensure_indexes(database)
    yield database
    client.close()


def test_ledger_registers_each_url_once_per_run(mdb):
    entries = [ledger.Entry("r1", f"http://a.test/p/{i}") for i in range(5)]
    assert len(ledger.register_many(mdb, entries)) == 5
    again = ledger.register_many(mdb, entries + [ledger.Entry("r1", "http://a.test/p/1?#frag")])
    assert again == []
    assert ledger.register(mdb, ledger.Entry("r2", "http://a.test/p/1"))  # another run: its own entry
    assert ledger.counts(mdb, "r1") == {"queued": 5, "stored": 0, "failed": 0, "rejected": 0}


def test_ledger_counts_are_exact_while_other_entries_change_state(mdb):
    # A run's counts must not drift while workers mark other runs' (and its own) entries.
    ledger.register_many(mdb, [ledger.Entry("steady", f"http://a.test/s/{i}") for i in range(40)])
    for i in range(15):
        ledger.mark(mdb, "steady", f"http://a.test/s/{i}", ledger.STORED, change="created")
    busy = [ledger.Entry("busy", f"http://a.test/b/{i}") for i in range(200)]
    ledger.register_many(mdb, busy)
    errors: list[BaseException] = []

    def mark_busy() -> None:
        try:
            for e in busy:
                ledger.mark(mdb, "busy", e.url, ledger.STORED, change="created")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    writer = threading.Thread(target=mark_busy)
    writer.start()
    seen = []
    while writer.is_alive():
        seen.append((ledger.counts(mdb, "steady"), runs.change_counts(mdb, "steady")))
    writer.join()
    assert not errors and len(seen) > 3
    assert all(c == {"queued": 25, "stored": 15, "failed": 0, "rejected": 0} for c, _ in seen)
    assert all(ch == {"created": 15, "changed": 0, "unchanged": 0} for _, ch in seen)
    assert ledger.counts(mdb, "busy") == {"queued": 0, "stored": 200, "failed": 0, "rejected": 0}
    assert ledger.counts(mdb, "nothing-here") == {"queued": 0, "stored": 0, "failed": 0, "rejected": 0}


def test_a_stored_entry_is_never_downgraded_by_a_late_failure(mdb):
    ledger.register(mdb, ledger.Entry("r", "http://a.test/x"))
    assert ledger.mark(mdb, "r", "http://a.test/x", ledger.STORED, attempts=1)
    assert not ledger.mark(mdb, "r", "http://a.test/x", ledger.FAILED, attempts=2, reason="HTTP 503")
    assert ledger.counts(mdb, "r")["stored"] == 1


def test_failure_records_are_upserted_not_duplicated(mdb):
    for _ in range(2):
        ledger.record_failure(mdb, "r", "http://a.test/gone", error="HttpError", reason="HTTP 404",
                              status=404, attempts=1)
    docs = list(mdb.failures.find({"run_id": "r"}))
    assert len(docs) == 1 and docs[0]["status"] == 404 and docs[0]["reason"] == "HTTP 404"


def test_product_upsert_is_idempotent_and_records_price_changes_once(mdb):
    p = {"_id": "k1", "url": "http://a.test/p", "title": "T", "price": 1.5,
         "availability": "in_stock", "run_id": "r1"}
    assert products.upsert(mdb, p) == products.CREATED
    assert products.upsert(mdb, p) == products.UNCHANGED
    assert products.upsert(mdb, {**p, "run_id": "r2"}) == products.UNCHANGED
    changed = {**p, "price": 2.0, "run_id": "r3"}
    assert products.upsert(mdb, changed) == products.CHANGED
    assert products.upsert(mdb, changed) == products.UNCHANGED
    assert mdb.products.count_documents({}) == 1
    history = list(mdb.price_history.find({"product_id": "k1"}))
    assert [(h["old_price"], h["new_price"]) for h in history] == [(1.5, 2.0)]


def test_run_is_complete_only_after_discovery_and_every_url_terminal(mdb):
    runs.start(mdb, "rx", source="test")
    ledger.register(mdb, ledger.Entry("rx", "http://a.test/1"))
    assert not runs.summary(mdb, "rx")["complete"]
    ledger.mark(mdb, "rx", "http://a.test/1", ledger.STORED)
    assert not runs.summary(mdb, "rx")["complete"]  # the spider may still find more
    runs.finish_discovery(mdb, "rx")
    s = runs.summary(mdb, "rx")
    assert s["complete"] and s["discovered"] == 1 and s["stored"] == 1


def test_a_summary_read_before_discovery_ended_never_reopens_the_run(mdb):
    runs.start(mdb, "rs", source="test")
    ledger.register(mdb, ledger.Entry("rs", "http://a.test/1"))
    early = runs.summary(mdb, "rs")  # the spider is still discovering
    ledger.mark(mdb, "rs", "http://a.test/1", ledger.STORED)
    runs.finish_discovery(mdb, "rs")
    runs.save_summary(mdb, "rs", early)  # a slow writer arrives last
    assert runs.get(mdb, "rs")["discovery_finished"]
    assert runs.summary(mdb, "rs")["complete"]


def test_workers_write_only_complete_summaries_but_always_their_counters(mdb, monkeypatch):
    from productscraper import runstats
    from productscraper.outcomes import Outcome

    monkeypatch.setattr("productscraper.storage.connection.get_db", lambda config=None: mdb)
    monkeypatch.setattr(runstats, "SUMMARY_INTERVAL", 0.0)
    runs.start(mdb, "rw", source="test")
    for i in range(2):
        ledger.register(mdb, ledger.Entry("rw", f"http://a.test/{i}"))
    runs.finish_discovery(mdb, "rw")
    stats = runstats.RunStats("w1@host.example")
    ledger.mark(mdb, "rw", "http://a.test/0", ledger.STORED)
    stats.record("rw", Outcome("stored", "http://a.test/0", fields=["title"]))
    stats.flush()
    doc = runs.get(mdb, "rw")
    assert doc["events"]["stored"] == 1 and doc["workers"]["w1@host_example"]["stored"] == 1
    assert "stored" not in doc  # incomplete: no summary written by a worker
    ledger.mark(mdb, "rw", "http://a.test/1", ledger.STORED)
    stats.record("rw", Outcome("stored", "http://a.test/1", fields=["title"]))
    stats.flush()
    doc = runs.get(mdb, "rw")
    assert doc["complete"] and doc["stored"] == 2 and doc["events"]["stored"] == 2
    assert runs.summary(mdb, "rw")["field_coverage"] == {"title": 1.0}


def test_wait_reports_a_finished_run_with_the_counters_workers_flush_after_it(mdb, monkeypatch):
    # Workers add retries and field coverage to the run every FLUSH_INTERVAL seconds, so
    # the ledger can say "complete" before the last counters arrive; `wait` waits for them.
    from productscraper.cli import runs_cmd

    monkeypatch.setattr(runs_cmd, "get_db", lambda: mdb)
    runs.start(mdb, "late", source="test")
    ledger.register_many(mdb, [ledger.Entry("late", f"http://a.test/l/{i}") for i in range(4)])
    for i in range(4):
        ledger.mark(mdb, "late", f"http://a.test/l/{i}", ledger.STORED, change="created")
    runs.finish_discovery(mdb, "late")
    mdb.runs.update_one({"_id": "late"}, {"$inc": {"events.stored": 1, "coverage.title": 1}})

    def last_flush() -> None:  # the other worker's counters, a moment later
        time.sleep(1.0)
        mdb.runs.update_one({"_id": "late"}, {"$inc": {"events.stored": 3, "coverage.title": 3,
                                                       "events.retried": 2}})

    flusher = threading.Thread(target=last_flush)
    flusher.start()
    s = runs_cmd.wait_for_run("late", timeout=30, interval=0.1, show=False)
    flusher.join()
    assert s["complete"] and s["stored"] == 4
    assert s["field_coverage"] == {"title": 1.0} and s["retries"] == 2
