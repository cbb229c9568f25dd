"""A product task's conditional request and its 304 (tasks/product.py), with a stand-in crawler
and a real MongoDB-wire server."""
from types import SimpleNamespace

import pytest

from productscraper.storage import ledger, products
from productscraper.urls import url_fingerprint
from productscraper.worker.outcomes import Outcome

URL = "http://shop.test/p/1"


class Crawler:
    """Answers like a site that says 304 to every request that carries validators, or
    (``always_304``) to every request."""

    def __init__(self, always_304: bool = False) -> None:
        self.calls: list[dict | None] = []
        self.always_304 = always_304

    def scrape(self, url, run_id, *, validators=None, **_):
        self.calls.append(validators)
        if validators or (self.always_304 and len(self.calls) == 1):
            return Outcome("unchanged", url, status=304)
        return Outcome("stored", url, status=200, change="created")


@pytest.fixture
def mdb(fresh_db, monkeypatch):
    import tasks.product as tp

    monkeypatch.setattr(tp, "get_db", lambda: fresh_db)
    monkeypatch.setattr(tp, "get_run_stats", lambda _: SimpleNamespace(record=lambda *a, **k: None))
    monkeypatch.setattr(tp, "notify_changes", lambda: None)
    return fresh_db


def run_task(crawler, monkeypatch, run_id="r2"):
    import tasks.product as tp
    from productscraper.worker import crawl_service

    monkeypatch.setattr(crawl_service, "get_service", lambda: crawler)
    task = SimpleNamespace(request=SimpleNamespace(retries=0, hostname="w", kwargs={}))
    return tp.run_product_task(task, URL, run_id, None, render=False)


def test_a_stored_products_validators_make_the_request_conditional_and_a_304_ends_unchanged(
        mdb, monkeypatch):
    products.upsert(mdb, {"_id": url_fingerprint(URL), "url": URL, "title": "t", "run_id": "r1",
                          "validators": {"etag": '"v1"', "last_modified": "Mon, 07 Dec 2026 10:00:00 GMT"}})
    ledger.register(mdb, ledger.Entry("r2", URL))
    crawler = Crawler()
    assert run_task(crawler, monkeypatch)["state"] == "unchanged"
    assert crawler.calls == [{"etag": '"v1"', "last_modified": "Mon, 07 Dec 2026 10:00:00 GMT"}]
    entry = mdb.urls.find_one({"_id": ledger.ledger_id("r2", URL)})
    assert (entry["state"], entry["status"]) == ("unchanged", 304)
    assert mdb.products.find_one({"_id": url_fingerprint(URL)})["run_id"] == "r2"


def test_a_304_without_a_stored_product_is_fetched_again_in_full(mdb, monkeypatch):
    ledger.register(mdb, ledger.Entry("r2", URL))
    crawler = Crawler(always_304=True)
    assert run_task(crawler, monkeypatch)["state"] == "stored"
    assert crawler.calls == [None, None]  # no validators either time: nothing was stored
    assert mdb.urls.find_one({"_id": ledger.ledger_id("r2", URL)})["state"] == "queued"  # the pipeline marks it
    assert mdb.products.count_documents({}) == 0  # the stand-in crawler stores nothing


def test_conditional_requests_off_sends_no_validators(mdb, monkeypatch):
    import tasks.product as tp
    from productscraper.config import Config

    products.upsert(mdb, {"_id": url_fingerprint(URL), "url": URL, "title": "t",
                          "validators": {"etag": '"v1"'}})
    monkeypatch.setattr(tp, "get_config", lambda: Config(conditional_requests=False))
    crawler = Crawler()
    run_task(crawler, monkeypatch)
    assert crawler.calls == [None]


def test_a_redelivered_task_whose_product_this_run_stored_is_read_in_full_and_ends_stored(
        mdb, monkeypatch):
    # The worker stored the page and died before the ledger heard of it; the message comes
    # back. A 304 against the run's own copy would end the URL `unchanged` in the run that
    # stored it (seen as 995 stored of 996 in the multihost cut-off scenario).
    products.upsert(mdb, {"_id": url_fingerprint(URL), "url": URL, "title": "t", "run_id": "r2",
                          "validators": {"etag": '"v1"'}})
    ledger.register(mdb, ledger.Entry("r2", URL))
    crawler = Crawler()
    assert run_task(crawler, monkeypatch)["state"] == "stored"
    assert crawler.calls == [None]
