"""The read-only API against a real nx-27017 (MongoDB wire protocol over TCP).

Every filter is checked twice: against the same query sent directly with pymongo, and
against the answer MongoDB's semantics give (computed in Python from the seed), so an
operator nx-27017 gets wrong would show up here rather than in production.
"""
from __future__ import annotations

import uuid
import warnings

import pytest
from pymongo import MongoClient

from productscraper.storage import ledger, products, runs
from productscraper.storage.indexes import ensure_indexes

fastapi = pytest.importorskip("fastapi", reason="fastapi is not installed (pip install fastapi)")
with warnings.catch_warnings():
    # Starlette 1.x prefers the httpx2 package for its test client; httpx still works.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient  # noqa: E402

from productscraper.operations.api.app import create_app  # noqa: E402
from productscraper.operations.api.queries import ProductFilter, decode_cursor, encode_cursor  # noqa: E402

CATEGORIES = ["Poetry", "Travel", "Science Fiction", None]
AVAILABILITY = ["in_stock", "out_of_stock", "preorder", "unknown"]
#: Titles with regex metacharacters: ``q`` must match them literally.
SPECIAL_TITLES = ["C++ (2nd ed.) [x]", "a.b*c?", "Dollar $5 ^start", "back\\slash|pipe", "Ünïcode Straße"]


def _product(i: int) -> dict:
    title = SPECIAL_TITLES[i] if i < len(SPECIAL_TITLES) else f"Book {i:03d} {'Alpha' if i % 3 else 'beta'}"
    return {
        "_id": f"{i:040x}",
        "url": f"http://shop.test/p/{i}",
        "title": title,
        "price": None if i % 11 == 0 else round(1.5 * i, 2),
        "currency": "GBP",
        "availability": AVAILABILITY[i % len(AVAILABILITY)],
        "stock": i % 5,
        "category": CATEGORIES[i % len(CATEGORIES)],
        "breadcrumbs": ["Home", "Books", CATEGORIES[i % len(CATEGORIES)] or "Misc"],
        "truncated": [],
        "run_id": "run-a" if i % 2 else "run-b",
        "scraped_at": "2026-12-02T15:00:00.000000Z",
    }


SEED = [_product(i) for i in range(53)]


@pytest.fixture(scope="module")
def mdb(mongo_srv):
    """This module's own database on the session's nx-27017, seeded through the storage API."""
    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", tz_aware=True)
    db = client[f"api{uuid.uuid4().hex[:8]}"]
    ensure_indexes(db)
    for p in SEED:
        products.upsert(db, p)
    runs.start(db, "run-a", source="test")
    runs.start(db, "run-b", source="test")
    urls = [f"http://shop.test/p/{i}" for i in range(6)]
    ledger.register_many(db, [ledger.Entry("run-a", u) for u in urls])
    for u in urls[:2]:
        ledger.mark(db, "run-a", u, ledger.FAILED, attempts=1, reason="HTTP 404")
        ledger.record_failure(db, "run-a", u, error="HttpError", reason="HTTP 404", status=404, attempts=1)
    # A run known only from its ledger (no run document).
    ledger.register(db, ledger.Entry("ledger-only", "http://shop.test/p/1"))
    yield db
    client.close()


TOKEN = "test-token-1"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture(scope="module")
def client(mdb):
    """A client that sends a valid bearer token with every request."""
    with TestClient(create_app(mdb, tokens=(TOKEN, "test-token-2")), headers=AUTH) as c:
        yield c


@pytest.fixture(scope="module")
def anonymous(mdb):
    """A client that sends no Authorization header."""
    with TestClient(create_app(mdb, tokens=(TOKEN, "test-token-2"))) as c:
        yield c


PROTECTED_PATHS = ["/products", f"/products/{SEED[0]['_id']}", "/runs", "/runs/run-a",
                   "/runs/run-a/failures"]


@pytest.mark.parametrize("path", PROTECTED_PATHS)
def test_every_route_but_health_is_401_without_a_token(anonymous, path):
    r = anonymous.get(path)
    assert r.status_code == 401, r.text
    assert r.headers["www-authenticate"] == "Bearer"
    assert "bearer token" in r.json()["detail"]


@pytest.mark.parametrize("header", ["Bearer wrong", "Bearer ", "Basic dGVzdDp0ZXN0", "test-token-1",
                                    f"Bearer {TOKEN}x"])
def test_a_wrong_or_malformed_token_is_401(anonymous, header):
    r = anonymous.get("/products", headers={"Authorization": header})
    assert r.status_code == 401, r.text


@pytest.mark.parametrize("token", [TOKEN, "test-token-2"])
def test_any_configured_token_is_200(anonymous, token):
    r = anonymous.get("/runs", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text


def test_health_needs_no_token(anonymous):
    assert anonymous.get("/health").status_code == 200


def test_without_api_tokens_protected_routes_say_it_is_not_configured(mdb):
    with TestClient(create_app(mdb, tokens=())) as c:
        r = c.get("/products", headers=AUTH)
        assert r.status_code == 401
        assert "API_TOKENS is not configured" in r.json()["detail"]
        assert c.get("/health").status_code == 200


def test_api_tokens_come_from_the_environment(mdb, monkeypatch):
    from productscraper.config import Config, get_config
    from productscraper.operations.api.auth import parse_tokens

    assert parse_tokens(Config.from_env({"API_TOKENS": " a , b,,"}).api_tokens) == ("a", "b")
    monkeypatch.setenv("API_TOKENS", "env-token")
    get_config.cache_clear()
    try:
        with TestClient(create_app(mdb)) as c:
            assert c.get("/runs", headers={"Authorization": "Bearer env-token"}).status_code == 200
            assert c.get("/runs", headers=AUTH).status_code == 401
    finally:
        get_config.cache_clear()


def test_openapi_documents_the_bearer_scheme(client):
    spec = client.get("/openapi.json").json()
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http", "scheme": "bearer", "description": "a token listed in API_TOKENS"}
    for path in ["/products", "/products/{product_id}", "/runs", "/runs/{run_id}",
                 "/runs/{run_id}/failures"]:
        op = spec["paths"][path]["get"]
        assert op["security"] == [{"bearerAuth": []}] and "401" in op["responses"], path
    assert "security" not in spec["paths"]["/health"]["get"]


def all_pages(client, path: str, params: dict | None = None, limit: int = 7) -> list[dict]:
    """Follow ``next_cursor`` to the end; fail on a loop."""
    items, cursor = [], None
    for _ in range(1000):
        q = {**(params or {}), "limit": limit}
        if cursor:
            q["cursor"] = cursor
        r = client.get(path, params=q)
        assert r.status_code == 200, r.text
        body = r.json()
        assert len(body["items"]) <= limit
        items += body["items"]
        cursor = body["next_cursor"]
        if cursor is None:
            return items
    raise AssertionError("pagination did not end")


def _mongo_semantics(params: dict):
    """What MongoDB returns for each filter, as a Python predicate over the seed."""
    avail = params.get("availability")
    avail = [avail] if isinstance(avail, str) else avail

    def match(p: dict) -> bool:
        if "category" in params and p["category"] != params["category"]:
            return False
        # $gte/$lte never match null (MongoDB compares numbers with numbers only).
        if "min_price" in params and (p["price"] is None or p["price"] < params["min_price"]):
            return False
        if "max_price" in params and (p["price"] is None or p["price"] > params["max_price"]):
            return False
        if avail and p["availability"] not in avail:
            return False
        if "q" in params and params["q"].lower() not in p["title"].lower():
            return False
        if "run_id" in params and p["run_id"] != params["run_id"]:
            return False
        return True
    return match


FILTERS = [
    {},
    {"category": "Poetry"},
    {"category": "Science Fiction"},
    {"category": "no such category"},
    {"min_price": 30},
    {"max_price": 12.5},
    {"min_price": 10, "max_price": 40},
    {"min_price": 40, "max_price": 10},
    {"availability": "in_stock"},
    {"availability": ["in_stock", "preorder"]},
    {"q": "alpha"},
    {"q": "BETA"},
    {"q": "(2nd ed.) [x]"},
    {"q": "."},
    {"q": "*c?"},
    {"q": "$5 ^"},
    {"q": "\\slash|"},
    {"q": "straße"},
    {"run_id": "run-a"},
    {"run_id": "run-a", "category": "Travel", "min_price": 5, "availability": ["in_stock", "unknown"]},
]


@pytest.mark.parametrize("params", FILTERS, ids=lambda p: "&".join(f"{k}={v}" for k, v in p.items()) or "all")
def test_each_filter_returns_what_mongodb_returns(client, mdb, params):
    got = [p["id"] for p in all_pages(client, "/products", params)]
    assert len(got) == len(set(got)), "a product was returned twice"
    avail = params.get("availability")
    flt = ProductFilter(category=params.get("category"), min_price=params.get("min_price"),
                        max_price=params.get("max_price"),
                        availability=tuple([avail] if isinstance(avail, str) else avail or ()),
                        q=params.get("q"), run_id=params.get("run_id"))
    direct = sorted(d["_id"] for d in mdb.products.find(flt.to_query(), {"_id": 1}))
    expected = sorted(p["_id"] for p in SEED if _mongo_semantics(params)(p))
    assert got == direct == expected


def test_metacharacters_in_q_are_matched_literally(client):
    # ".*" as a pattern would match every title; as text it matches none of the seed.
    assert all_pages(client, "/products", {"q": ".*"}) == []
    titles = [p["title"] for p in all_pages(client, "/products", {"q": "c++ (2nd"})]
    assert titles == ["C++ (2nd ed.) [x]"]


@pytest.mark.parametrize("limit", [1, 7, 53, 200])
def test_cursor_pagination_visits_every_product_exactly_once(client, limit):
    ids = [p["id"] for p in all_pages(client, "/products", limit=limit)]
    assert ids == sorted(p["_id"] for p in SEED)


def test_a_page_is_ordered_by_id_and_documents_keep_their_fields(client):
    body = client.get("/products", params={"limit": 3}).json()
    assert [p["id"] for p in body["items"]] == sorted(p["_id"] for p in SEED)[:3]
    first = body["items"][0]
    assert first["url"] == "http://shop.test/p/0" and first["breadcrumbs"] == ["Home", "Books", "Poetry"]
    assert first["first_seen"].endswith("Z") and "content_hash" in first and "_id" not in first


def test_cursor_is_opaque_and_round_trips():
    assert decode_cursor(encode_cursor("abc:def/ü")) == "abc:def/ü"
    assert "abc" not in encode_cursor("abc")


def test_get_product_by_id(client):
    r = client.get(f"/products/{SEED[7]['_id']}")
    assert r.status_code == 200 and r.json()["title"] == SEED[7]["title"]


@pytest.mark.parametrize("path", ["/products/nope", "/runs/nope", "/runs/nope/failures",
                                  "/products/%24where", "/runs/%2E%2A"])
def test_unknown_ids_are_404_with_a_json_error(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")
    assert "not found" in r.json()["detail"]


@pytest.mark.parametrize("params", [
    {"limit": 0}, {"limit": 201}, {"limit": "x"}, {"min_price": -1}, {"max_price": "nan"},
    {"min_price": "inf"}, {"availability": "sold"}, {"cursor": "not-a-cursor"}, {"cursor": "e30"},
    {"q": ""}, {"q": "a\x00b"}, {"q": "x" * 201},
])
def test_bad_parameters_are_422(client, params):
    r = client.get("/products", params=params)
    assert r.status_code == 422, r.text
    assert isinstance(r.json()["detail"], list)


def test_runs_newest_first(client, mdb):
    mdb.runs.update_one({"_id": "run-b"}, {"$set": {"started_at": "2026-12-03T00:00:00.000000Z"}})
    mdb.runs.update_one({"_id": "run-a"}, {"$set": {"started_at": "2026-12-02T00:00:00.000000Z"}})
    items = client.get("/runs").json()["items"]
    assert [r["id"] for r in items] == ["run-b", "run-a"]
    assert [r["id"] for r in client.get("/runs", params={"limit": 1}).json()["items"]] == ["run-b"]


def test_run_detail_has_the_live_summary(client):
    body = client.get("/runs/run-a").json()
    assert body["id"] == "run-a" and body["source"] == "test"
    s = body["summary"]
    assert (s["discovered"], s["queued"], s["failed"], s["stored"]) == (6, 4, 2, 0)
    assert client.get("/runs/ledger-only").json()["summary"]["discovered"] == 1


def test_run_failures(client):
    items = all_pages(client, "/runs/run-a/failures", limit=1)
    assert sorted(f["url"] for f in items) == ["http://shop.test/p/0", "http://shop.test/p/1"]
    assert {(f["reason"], f["status"]) for f in items} == {("HTTP 404", 404)}
    assert client.get("/runs/run-b/failures").json() == {"items": [], "next_cursor": None}


def test_health_and_docs(client):
    assert client.get("/health").json() == {"status": "ok", "mongodb": "ok"}
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/products", "/products/{product_id}", "/runs", "/runs/{run_id}",
            "/runs/{run_id}/failures", "/health"} <= set(paths)


def test_health_is_503_when_mongodb_is_unreachable():
    from productscraper.operations.netutil import free_port

    client = MongoClient(f"mongodb://127.0.0.1:{free_port()}", serverSelectionTimeoutMS=200)
    with TestClient(create_app(client["x"], tokens=(TOKEN,)), headers=AUTH) as c:
        assert c.get("/health").status_code == 503
        r = c.get("/products")
        assert r.status_code == 503 and r.json() == {"detail": "MongoDB unavailable"}
    client.close()


# --- schemathesis: the app against its own OpenAPI spec ---------------------------------
# The schema is loaded at import time from an app whose database is set by a fixture:
# schemathesis' lazy loader (``schemathesis.pytest.from_fixture``) fails on pytest 9
# (``'Function' object has no attribute '_nodeid'``), and /openapi.json needs no database.

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import positive_data_acceptance  # noqa: E402
from schemathesis.config._auth import AuthConfig  # noqa: E402

FUZZED_APP = create_app(tokens=(TOKEN,))
schema = schemathesis.openapi.from_asgi("/openapi.json", FUZZED_APP)
# The token through schemathesis' own OpenAPI auth: its negative cases (no or a bad token)
# must then be refused with 401, which its checks verify.
schema.config.auth = AuthConfig(openapi={"bearerAuth": {"bearer": TOKEN}})


@pytest.fixture
def fuzzed_db(mdb):
    FUZZED_APP.state.db = mdb
    yield mdb
    FUZZED_APP.state.db = None


@schema.parametrize()
@settings(max_examples=80, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_openapi_no_server_errors_and_responses_match_the_schema(case, fuzzed_db):
    # A cursor is opaque: the schema can only say "a string", and a string the API did
    # not issue is rightly refused (422), which the positive-data check would flag.
    excluded = [positive_data_acceptance] if (case.query or {}).get("cursor") is not None else []
    case.call_and_validate(excluded_checks=excluded)


def test_run_detail_says_whether_the_monitors_found_the_run_degraded_and_why(client, mdb):
    assert client.get("/runs/run-a").json()["degraded"] is None  # not checked (yet)
    reasons = [{"monitor": "price_coverage", "metric": "price_coverage", "value": 0.0,
                "limit": 0.8, "message": "price coverage 0.0% is below the floor 80.0%"}]
    runs.start(mdb, "run-degraded", source="test")
    mdb.runs.update_one({"_id": "run-degraded"},
                        {"$set": {"degraded": True, "degraded_reasons": reasons}})
    body = client.get("/runs/run-degraded").json()
    assert body["degraded"] is True and body["degraded_reasons"] == reasons
    assert body["summary"]["degraded"] is True
