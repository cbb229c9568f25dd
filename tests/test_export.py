"""``python -m productscraper export`` against a real nx-27017 (MongoDB wire protocol over TCP)."""
from __future__ import annotations

import csv
import io
import json
import os
import uuid

import pytest
from pymongo import MongoClient

from productscraper.operations import export
from productscraper.storage import products, runs
from productscraper.storage.indexes import ensure_indexes
from tests.services import ROOT, MongoCommands, cli

#: Values that need CSV quoting and JSON escaping.
AWKWARD_TITLES = ['Comma, "quotes" and\nnewline', "Ünïcode — ☃", "=HYPERLINK(\"x\")"]


def _product(i: int, run_id: str) -> dict:
    return {
        "_id": f"{i:040x}",
        "url": f"http://shop.test/p/{i}",
        "title": AWKWARD_TITLES[i] if i < len(AWKWARD_TITLES) else f"Book {i}",
        "price": None if i % 7 == 0 else round(2.25 * i, 2),
        "currency": "GBP",
        "availability": "in_stock",
        "category": "Poetry",
        "breadcrumbs": ["Home", "Books", "Poetry"],
        "truncated": ["description"] if i == 4 else [],
        "description": None,
        "run_id": run_id,
    }


RUN_A = [_product(i, "exp-a") for i in range(37)]
RUN_B = [_product(i, "exp-b") for i in range(37, 45)]


@pytest.fixture(scope="module")
def mongo_uri(mongo_srv):
    """This module's own database, seeded through the storage API."""
    uri = f"mongodb://127.0.0.1:{mongo_srv.port}/exp{uuid.uuid4().hex[:8]}"
    client = MongoClient(uri, tz_aware=True)
    db = client.get_default_database()
    ensure_indexes(db)
    for p in RUN_A + RUN_B:
        products.upsert(db, p)
    runs.start(db, "exp-a", source="test")
    runs.start(db, "exp-empty", source="test")  # a run that (no longer) has products
    yield uri
    client.close()


@pytest.fixture(scope="module")
def db(mongo_uri):
    client = MongoClient(mongo_uri, tz_aware=True)
    yield client.get_default_database()
    client.close()


@pytest.fixture(scope="module")
def env(mongo_uri):
    return {**os.environ, "MONGO_URI": mongo_uri, "PYTHONPATH": str(ROOT)}


def test_jsonl_has_every_product_of_the_run_exactly_once(env):
    proc = cli("export", "--run", "exp-a", "--format", "jsonl", env=env)
    lines = proc.stdout.splitlines()
    docs = [json.loads(line) for line in lines]
    assert sorted(d["_id"] for d in docs) == sorted(p["_id"] for p in RUN_A)
    assert len(docs) == len(RUN_A)
    by_id = {d["_id"]: d for d in docs}
    first = by_id[RUN_A[0]["_id"]]
    assert first["title"] == AWKWARD_TITLES[0] and first["breadcrumbs"] == ["Home", "Books", "Poetry"]
    assert first["first_seen"].endswith("Z")
    assert f"{len(RUN_A)} product(s) of run exp-a" in proc.stderr


def test_csv_has_a_fixed_header_and_every_product_exactly_once(env, tmp_path):
    out = tmp_path / "a.csv"
    cli("export", "--run", "exp-a", "--format", "csv", "--out", str(out), env=env)
    assert not (tmp_path / "a.csv.part").exists()
    with open(out, encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    assert tuple(rows[0]) == export.FIELDS
    records = [dict(zip(rows[0], r)) for r in rows[1:]]
    assert sorted(r["_id"] for r in records) == sorted(p["_id"] for p in RUN_A)
    by_id = {r["_id"]: r for r in records}
    assert by_id[RUN_A[0]["_id"]]["title"] == AWKWARD_TITLES[0]  # quoting round-trips
    assert by_id[RUN_A[1]["_id"]]["title"] == AWKWARD_TITLES[1]
    assert by_id[RUN_A[1]["_id"]]["breadcrumbs"] == "Home > Books > Poetry"
    assert by_id[RUN_A[4]["_id"]]["truncated"] == "description"
    assert by_id[RUN_A[0]["_id"]]["price"] == ""  # None -> empty cell
    assert float(by_id[RUN_A[3]["_id"]]["price"]) == RUN_A[3]["price"]
    assert all(r["run_id"] == "exp-a" for r in records)


def test_only_products_the_run_last_saw_are_exported(env):
    docs = [json.loads(x) for x in cli("export", "--run", "exp-b", env=env).stdout.splitlines()]
    assert sorted(d["_id"] for d in docs) == sorted(p["_id"] for p in RUN_B)


def test_a_known_run_without_products_exports_just_the_header(env):
    proc = cli("export", "--run", "exp-empty", "--format", "csv", env=env)
    assert list(csv.reader(io.StringIO(proc.stdout))) == [list(export.FIELDS)]


def test_unknown_run_exits_non_zero_with_a_clear_message(env, tmp_path):
    out = tmp_path / "none.jsonl"
    proc = cli("export", "--run", "no-such-run", "--out", str(out), env=env, check=False)
    assert proc.returncode == 2
    assert "unknown run 'no-such-run'" in proc.stderr
    assert not out.exists() and not (tmp_path / "none.jsonl.part").exists()
    proc = cli("export", "--run", "no-such-run", "--format", "csv", env=env, check=False)
    assert proc.returncode == 2 and proc.stdout == ""


def test_products_are_streamed_in_batches(mongo_uri):
    listener = MongoCommands()
    client = MongoClient(mongo_uri, event_listeners=[listener])
    try:
        db = client.get_default_database()
        stream = export.iter_products(db, "exp-a", batch_size=5)
        first = next(stream)  # a generator: documents arrive before the run is read in full
        assert listener.names.count("getMore") == 0
        rest = list(stream)
        assert len({d["_id"] for d in [first, *rest]}) == len(RUN_A)
        assert listener.names.count("getMore") >= len(RUN_A) // 5 - 1  # the cursor fetched batch after batch
    finally:
        client.close()


def test_export_run_rejects_an_unknown_format(db):
    with pytest.raises(ValueError):
        export.export_run(db, "exp-a", "xml", io.StringIO())
