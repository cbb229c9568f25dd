"""Ledger, products and runs against a real MongoDB-wire server (nx-27017 over TCP)."""
import threading
import time
import uuid

import pytest
from pymongo import MongoClient

from productscraper.storage import ledger, products, runs
from tests.services import MongoCommands


@pytest.fixture
def mdb(fresh_db):
    return fresh_db


def test_ledger_registers_each_url_once_per_run(mdb):
    entries = [ledger.Entry("r1", f"http://a.test/p/{i}") for i in range(5)]
    assert len(ledger.register_many(mdb, entries)) == 5
    again = ledger.register_many(mdb, entries + [ledger.Entry("r1", "http://a.test/p/1?#frag")])
    assert again == []
    assert ledger.register(mdb, ledger.Entry("r2", "http://a.test/p/1"))  # another run: its own entry
    assert ledger.counts(mdb, "r1") == {"queued": 5, "stored": 0, "unchanged": 0, "failed": 0, "rejected": 0}


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
    assert all(c == {"queued": 25, "stored": 15, "unchanged": 0, "failed": 0, "rejected": 0}
               for c, _ in seen)
    assert all(ch == {"created": 15, "changed": 0, "unchanged": 0} for _, ch in seen)
    assert ledger.counts(mdb, "busy") == {"queued": 0, "stored": 200, "unchanged": 0, "failed": 0, "rejected": 0}
    assert ledger.counts(mdb, "nothing-here") == {"queued": 0, "stored": 0, "unchanged": 0, "failed": 0, "rejected": 0}


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


def test_a_sold_out_page_that_hides_its_price_records_the_stock_change(mdb):
    p = {"_id": "k9", "url": "http://a.test/p9", "title": "T", "price": 9.99, "currency": "EUR",
         "availability": "in_stock", "run_id": "r1"}
    assert products.upsert(mdb, p) == products.CREATED
    sold_out = {**p, "price": None, "availability": "out_of_stock", "run_id": "r2"}
    assert products.upsert(mdb, sold_out) == products.CHANGED
    stored = mdb.products.find_one({"_id": "k9"})
    assert (stored["price"], stored["availability"]) == (None, "out_of_stock")
    history = list(mdb.price_history.find({"product_id": "k9"}))
    assert [(h["old_price"], h["new_price"], h["old_availability"], h["new_availability"])
            for h in history] == [(9.99, None, "in_stock", "out_of_stock")]


def test_upsert_many_gives_each_product_what_one_upsert_at_a_time_gives(mdb):
    base = {"url": "http://a.test/p", "title": "T", "availability": "in_stock", "run_id": "r1"}
    one_by_one = mdb.client[mdb.name + "_one"]
    first = [{**base, "_id": f"k{i}", "price": 1.0} for i in range(4)]
    # k0 unchanged, k1 new price, k2 twice in the group (new, then changed), k9 new
    second = [first[0], {**first[1], "price": 2.0}, {**base, "_id": "k9", "price": 5.0},
              {**first[2], "price": 3.0}, {**first[2], "price": 4.0}]
    for db in (mdb, one_by_one):
        assert products.upsert_many(db, first) == [products.CREATED] * 4
    expected = [products.upsert(one_by_one, p) for p in second]
    assert products.upsert_many(mdb, second) == expected == [
        products.UNCHANGED, products.CHANGED, products.CREATED, products.CHANGED, products.CHANGED]

    def content(db, collection, fields):
        return sorted(tuple(d.get(f) for f in fields) for d in db[collection].find())

    assert content(mdb, "products", ("_id", "price")) == content(one_by_one, "products", ("_id", "price"))
    history = ("product_id", "old_price", "new_price")
    assert content(mdb, "price_history", history) == content(one_by_one, "price_history", history) == [
        ("k1", 1.0, 2.0), ("k2", 1.0, 3.0), ("k2", 3.0, 4.0)]
    # A redelivered group records no change twice.
    assert products.upsert_many(mdb, second[:3]) == [products.UNCHANGED] * 3
    assert len(content(mdb, "price_history", history)) == 3


def test_a_price_change_another_worker_recorded_first_is_not_an_error(mdb):
    p = {"_id": "kd", "url": "http://a.test/d", "price": 1.0}
    products.upsert(mdb, p)
    changed = {**p, "price": 2.0}
    old_hash, new_hash = products.content_hash(p), products.content_hash(changed)
    mdb.price_history.insert_one({"_id": f"kd:{old_hash}:{new_hash}", "product_id": "kd"})  # the twin task
    assert products.upsert_many(mdb, [changed, {**p, "_id": "ke"}]) == [products.CHANGED, products.CREATED]
    assert mdb.price_history.count_documents({"product_id": "kd"}) == 1


def test_upsert_many_writes_a_group_in_two_to_four_round_trips(mongo_srv):
    listener = MongoCommands()
    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", event_listeners=[listener])
    db = client[f"rt{uuid.uuid4().hex[:8]}"]
    group = [{"_id": f"k{i}", "url": f"http://a.test/{i}", "price": 1.0} for i in range(20)]
    products.upsert_many(db, group)
    assert listener.names == ["find", "update", "insert"]  # the insert: 20 `new` change events
    listener.names.clear()
    products.upsert_many(db, [{**p, "price": 2.0} for p in group])
    assert listener.names == ["find", "update", "insert", "insert"]  # 20 change events, 20 price changes
    listener.names.clear()
    products.upsert_many(db, [{**p, "price": 2.0} for p in group])
    assert listener.names == ["find", "update"]  # nothing changed: nothing to insert
    listener.names.clear()
    ledger.mark_many(db, ledger.STORED, [ledger.Mark("r", p["url"], attempts=1) for p in group])
    assert listener.names == ["update"]
    client.close()


def test_mark_many_marks_each_entry_and_never_downgrades_a_stored_one(mdb):
    urls = [f"http://a.test/{i}" for i in range(4)]
    ledger.register_many(mdb, [ledger.Entry("rm", u) for u in urls])
    assert ledger.mark_many(mdb, ledger.STORED, [ledger.Mark("rm", u, attempts=1, extra={"change": "created"})
                                                 for u in urls[:2]]) == 2
    assert ledger.mark_many(mdb, ledger.FAILED, [ledger.Mark("rm", u, attempts=2, reason="HTTP 503")
                                                 for u in urls[1:]]) == 2  # urls[1] stays stored
    assert ledger.counts(mdb, "rm") == {**ledger.counts(mdb, "none"), "stored": 2, "failed": 2}
    entry = mdb.urls.find_one({"_id": ledger.ledger_id("rm", urls[0])})
    assert entry["change"] == "created" and entry["attempts"] == 1
    assert ledger.mark_many(mdb, ledger.STORED, []) == 0


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
    from productscraper.storage import runstats
    from productscraper.worker.outcomes import Outcome

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
    from productscraper.operations.cli import runs_cmd

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


def test_a_run_summary_gives_the_mean_milliseconds_per_phase_of_its_stored_products(mdb, monkeypatch):
    from productscraper.storage import runstats
    from productscraper.operations.cli.runs_cmd import format_summary
    from productscraper.worker.outcomes import Outcome

    monkeypatch.setattr("productscraper.storage.connection.get_db", lambda config=None: mdb)
    runs.start(mdb, "rt", source="test")
    stats = runstats.RunStats("w1@host.example")
    for total, site in ((110.0, 100.0), (130.0, None)):  # the second page was rendered
        timings = {"handover": 1.0, "fetch": total - 20, "extract": 4.0, "store": 14.0,
                   "return": 1.0, "total": total, **({"site": site} if site else {})}
        stats.record("rt", Outcome("stored", "http://a.test/t", timings=timings))
    # A failed task's time is not a stored product's: it is left out.
    stats.record("rt", Outcome("failed", "http://a.test/f", timings={"total": 5000.0}))
    stats.flush()
    s = runs.summary(mdb, "rt")
    assert s["time_per_product_ms"] == {"handover": 1.0, "fetch": 100.0, "extract": 4.0,
                                        "store": 14.0, "return": 1.0, "site": 100.0, "total": 120.0}
    assert s["timed_products"] == 2
    assert ("time per stored product, mean of 2 tasks: handover 1.0, fetch 100.0 (site 100.0), "
            "extract 4.0, store 14.0, return 1.0; total 120.0 ms") in format_summary(s)


def test_a_products_warnings_are_counted_in_the_runs_field_coverage():
    from productscraper.storage.runstats import covered_fields

    fields = covered_fields({"title": "T", "price": 3.5, "currency": None, "warnings": ["currency_unknown"]})
    assert fields == ["title", "price", "warning_currency_unknown"]
    assert covered_fields({"title": "T", "currency": "EUR"}) == ["title", "currency"]
