"""The MongoDB pipeline's group writes against a real MongoDB-wire server (nx-27017 over
TCP): one item MongoDB refuses fails alone, an unreachable server fails the group."""

import pytest
from bson.errors import InvalidDocument
from pymongo import MongoClient
from pymongo.errors import ConnectionFailure

from productscraper.items import ProductItem
from productscraper.operations.netutil import free_port
from productscraper.pipelines import mongo
from productscraper.storage import ledger


@pytest.fixture
def mdb(fresh_db, monkeypatch):
    monkeypatch.setattr(mongo, "get_db", lambda: fresh_db)
    return fresh_db


def _item(i: int, **product) -> ProductItem:
    url = f"http://a.test/p/{i}"
    return ProductItem(url=url, run_id="r", raw={}, product={
        "_id": f"k{i}", "url": url, "title": f"P{i}", "price": 1.0, **product})


def test_a_group_is_stored_and_marked_with_one_change_per_item(mdb):
    items = [_item(i) for i in range(5)]
    ledger.register_many(mdb, [ledger.Entry("r", it.url) for it in items])
    assert mongo.store_many(items) == ["created"] * 5
    assert ledger.counts(mdb, "r")["stored"] == 5
    assert mongo.store_many([_item(1, price=2.0), _item(2)]) == ["changed", "unchanged"]


def test_an_item_mongodb_refuses_fails_alone_and_the_rest_of_its_group_is_stored(mdb):
    items = [_item(0), _item(1, tags={"a set", "cannot be encoded"}), _item(2)]
    ledger.register_many(mdb, [ledger.Entry("r", it.url) for it in items])
    results = mongo.store_many(items)
    assert results[0] == results[2] == "created"
    assert isinstance(results[1], InvalidDocument)
    assert sorted(d["_id"] for d in mdb.products.find()) == ["k0", "k2"]
    assert ledger.counts(mdb, "r")["stored"] == 2  # the refused one stays queued (its task fails)


def test_an_unreachable_server_fails_the_whole_group_at_once_without_trying_each_item(monkeypatch):
    dead = MongoClient(f"mongodb://127.0.0.1:{free_port()}", serverSelectionTimeoutMS=300)
    monkeypatch.setattr(mongo, "get_db", lambda: dead["x"])
    calls = []
    real = mongo._store_group
    monkeypatch.setattr(mongo, "_store_group", lambda items: calls.append(len(items)) or real(items))
    with pytest.raises(ConnectionFailure):
        mongo.store_many([_item(i) for i in range(4)])
    assert calls == [4]  # one attempt for the group, no per-item retries against a dead server
    dead.close()
