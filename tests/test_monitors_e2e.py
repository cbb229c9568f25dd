"""Acceptance: a domain whose pages lose their price markup between two runs.

Run 1 is fine; run 2 (price markup gone) is ``degraded`` with a reason naming price coverage;
run 3 (still broken) pauses the domain; a task of that domain enqueued afterwards is
deferred, never fetched (the demo shop's access log), until ``domains resume``.
"""

import pytest
from pymongo import MongoClient

from productscraper.urls import host_key
from tests.conftest import make_env
from tests.e2e import crawl, one_worker_stack, report, stack_database, until, wait
from tests.services import cli

pytestmark = pytest.mark.e2e

#: Deferred tasks come back every 1-1.5 s, workers see a pause/resume within 0.5 s.
QUICK = {"PAUSED_DOMAIN_RETRY": "1", "PAUSED_DOMAINS_CACHE": "0.5"}


@pytest.fixture(scope="module")
def monitor_stack(redis_srv, mongo_srv, tmp_path_factory):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("mon"), **QUICK)
    with one_worker_stack(env):
        yield env


@pytest.fixture(scope="module")
def mdb(monitor_stack):
    with stack_database(monitor_stack) as database:
        yield database




def run(env, shop, run_id):
    """A listing crawl of the shop with the demo profile, to its end; the report."""
    crawl(env, shop.listing_url, run_id, "-a", "profile=demo")
    return wait(env, run_id)


def fetches(shop, path):
    return sum(1 for line in shop.access_log_lines() if line.split()[2] == path)


def test_lost_price_markup_degrades_the_run_then_pauses_the_domain_until_resumed(
        monitor_stack, mdb, demo_shop):
    env = monitor_stack
    shop = demo_shop(products=20, seed=5)
    domain = host_key(shop.listing_url)

    rep = run(env, shop, "mon1")
    assert rep["stored"] == 20 and rep["degraded"] is False, rep

    shop.set_price_markup(False)
    rep = run(env, shop, "mon2")
    assert rep["stored"] == 20 and rep["degraded"] is True, rep
    messages = [r["message"] for r in rep["degraded_reasons"]]
    assert any(m.startswith("price coverage 0.0% is below the floor") for m in messages), messages
    assert any("price coverage dropped 100.0 points against run mon1" in m for m in messages)
    text = cli("report", "--run", "mon2", env=env).stdout
    assert "DEGRADED: price coverage 0.0%" in text
    assert [e["run_id"] for e in mdb.monitor_events.find({"domain": domain})] == ["mon2"]
    assert "no paused domains" in cli("domains", "list", env=env).stdout  # one bad run: not yet

    rep = run(env, shop, "mon3")
    assert rep["degraded"] is True
    listed = until(lambda: (out := cli("domains", "list", env=env).stdout) and domain in out and out,
                   what="the domain to be paused")
    assert "PAUSED" in listed and "mon3, mon2" in listed and "price coverage" in listed

    # A task of the paused domain: deferred again and again, never fetched, never failed.
    url = shop.truth()[0]["url"]
    path = url.split(str(shop.port), 1)[1]
    before = fetches(shop, path)
    assert before == 3
    cli("enqueue", "--run", "mon4", "--profile", "demo", url, env=env)
    until(lambda: ((mdb.runs.find_one({"_id": "mon4"}) or {}).get("events") or {}).get("deferred", 0) >= 2,
          what="the task to be deferred twice")
    assert fetches(shop, path) == before
    entry = mdb.urls.find_one({"run_id": "mon4"})
    assert entry["state"] == "queued" and not entry.get("attempts")
    rep = report(env, "mon4")
    assert (rep["queued"], rep["failed"], rep["complete"]) == (1, 0, False) and rep["deferred"] >= 2

    shop.set_price_markup(True)
    out = cli("domains", "resume", domain, env=env).stdout
    assert f"domain {domain} resumed" in out
    rep = wait(env, "mon4", timeout=60)
    assert (rep["stored"], rep["failed"]) == (1, 0)
    assert fetches(shop, path) == before + 1
    assert "no paused domains" in cli("domains", "list", env=env).stdout
    assert cli("domains", "resume", domain, env=env, check=False).returncode == 1


@pytest.fixture(scope="module")
def batch_stack(redis_srv, mongo_srv, tmp_path_factory):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("monb"), **QUICK,
                   PRODUCTS_PER_TASK="3")
    cli("stack", "up", "--workers", "1", "--concurrency", "4", "--render-workers", "0",
        "--no-flower", env=env)
    yield env
    cli("stack", "down", env=env, check=False)


def test_a_domain_paused_by_hand_defers_batched_tasks_until_resumed(batch_stack, demo_shop):
    env = batch_stack
    shop = demo_shop(products=3, seed=6)
    domain = host_key(shop.listing_url)
    out = cli("domains", "pause", domain, "--reason", "maintenance week", env=env).stdout
    assert f"domain {domain} paused" in out
    assert "maintenance week" in cli("domains", "list", env=env).stdout
    urls = [p["url"] for p in shop.truth()]
    cli("enqueue", "--run", "batch1", "--profile", "demo", *urls, env=env)
    client = MongoClient(env["MONGO_URI"], serverSelectionTimeoutMS=5000)
    db = client[env["MONGO_URI"].rsplit("/", 1)[1]]
    try:
        until(lambda: ((db.runs.find_one({"_id": "batch1"}) or {}).get("events") or {})
              .get("deferred", 0) >= 6, what="each URL deferred twice")
        assert not [line for line in shop.access_log_lines() if "/product/" in line]
        cli("domains", "resume", domain, env=env)
        rep = wait(env, "batch1", timeout=60)
        assert (rep["stored"], rep["failed"]) == (3, 0)
        assert len([line for line in shop.access_log_lines() if "/product/" in line]) == 3
    finally:
        client.close()
