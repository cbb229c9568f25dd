"""The whole path with real worker processes: listing crawl -> Celery -> workers -> MongoDB."""
import time
from pathlib import Path

import pytest

from productscraper.storage.clock import parse_iso
from productscraper.worker.task_timing import PHASES
from productscraper.config import Config
from tests.conftest import make_env
from tests.e2e import crawl, mismatches, wait
from tests.services import cli

pytestmark = pytest.mark.e2e


def test_demo_run_stores_every_product_with_correct_fields(stack, db, demo_shop):
    shop = demo_shop(products=60, per_page=5, latency_ms=100)
    crawl(stack, shop.listing_url, "demo1", "-a", "profile=demo")
    rep = wait(stack, "demo1")
    assert rep == {**rep, "discovered": 60, "stored": 60, "failed": 0, "rejected": 0,
                   "queued": 0, "complete": True}
    assert rep["duration_s"] > 0
    stored = {d["url"]: d for d in db.products.find({"run_id": "demo1"})}
    assert mismatches(shop.truth(), stored) == []
    # Discovery and fan-out overlap: products were stored before the last listing page was read.
    run = db.runs.find_one({"_id": "demo1"})
    first_stored = min(parse_iso(d["finished_at"]) for d in db.urls.find({"run_id": "demo1"}))
    assert first_stored < parse_iso(run["discovery_finished_at"])


def test_the_report_shows_where_each_stored_products_task_spent_its_time(stack, demo_shop):
    shop = demo_shop(products=20, per_page=10, latency_ms=100)
    crawl(stack, shop.listing_url, "timed1", "-a", "profile=demo")
    rep = wait(stack, "timed1")
    assert rep["stored"] == 20 and rep["timed_products"] == 20
    t = rep["time_per_product_ms"]
    assert set(t) == {*PHASES, "site", "total"}
    # Every page takes the shop's 100 ms, which Scrapy measures as the site's share of fetch.
    assert 100 <= t["site"] <= t["fetch"] < t["total"]
    assert all(t[p] >= 0 for p in PHASES) and t["store"] > 0 and t["extract"] > 0
    # The phases follow one another: together they are the task (to the reports' rounding).
    assert abs(sum(t[p] for p in PHASES) - t["total"]) <= 0.1 * len(PHASES)


def test_a_second_run_upserts_the_same_products_without_duplicates(stack, db, demo_shop):
    shop = demo_shop(products=25, seed=5)
    for run_id in ("again1", "again2"):
        crawl(stack, shop.listing_url, run_id, "-a", "profile=demo")
        assert wait(stack, run_id)["stored"] == 25
    urls = [p["url"] for p in shop.truth()]
    assert db.products.count_documents({"url": {"$in": urls}}) == 25
    assert db.urls.count_documents({"run_id": "again2", "change": "unchanged"}) == 25


def test_missing_product_pages_end_as_failed_with_the_reason(stack, db, demo_shop):
    shop = demo_shop(products=20, faults={"404": 0.1, "410": 0.05})
    crawl(stack, shop.listing_url, "gone1", "-a", "profile=demo")
    rep = wait(stack, "gone1")
    assert (rep["stored"], rep["failed"]) == (17, 3)
    failures = {f["url"]: f for f in db.failures.find({"run_id": "gone1"})}
    expected = {p["url"]: p["fault"] for p in shop.truth() if p["fault"]}
    assert set(failures) == set(expected)
    for url, fault in expected.items():
        assert failures[url]["status"] == int(fault)
        assert failures[url]["reason"] == f"HTTP {fault}"
        assert failures[url]["attempts"] == 1  # permanent: not retried
        assert db.urls.find_one({"url": url, "run_id": "gone1"})["state"] == "failed"


def test_a_task_delivered_twice_leaves_one_document_and_one_terminal_state(stack, db, demo_shop):
    from celery import Celery

    shop = demo_shop(products=3)
    url = shop.truth()[0]["url"]
    cli("enqueue", "--run", "dup1", "--profile", "demo", url, env=stack)
    app = Celery(broker=stack["REDIS_URL"])
    app.send_task("productscraper.scrape_product", args=[url, "dup1"], kwargs={"profile": "demo"},
                  queue="products")
    assert wait(stack, "dup1")["stored"] == 1
    time.sleep(2)  # let the duplicate finish too
    assert db.products.count_documents({"url": url}) == 1
    assert [d["state"] for d in db.urls.find({"run_id": "dup1"})] == ["stored"]


def test_wait_times_out_with_a_non_zero_exit_for_an_unfinished_run(stack):
    # Discovery never finishes for a run nobody ended: register it by hand.
    from pymongo import MongoClient

    from productscraper.storage import runs

    uri = stack["MONGO_URI"]
    runs.start(MongoClient(uri)[uri.rsplit("/", 1)[1]], "open1", source="test")
    proc = cli("wait", "--run", "open1", "--timeout", "1", env=stack, check=False)
    assert proc.returncode == 1 and "timed out" in proc.stdout
    unknown = cli("report", "--run", "nope", "--json", env=stack, check=False)
    assert unknown.returncode == 2


def test_products_per_task_batches_urls_and_transient_failures_continue_alone(stack, db, demo_shop):
    shop = demo_shop(products=40, per_page=20, faults={"503": 0.1, "404": 0.05})
    batched = {**stack, "PRODUCTS_PER_TASK": "5"}  # read by the publisher (the listing spider)
    crawl(batched, shop.listing_url, "batch1", "-a", "profile=demo")
    rep = wait(stack, "batch1")
    assert (rep["stored"], rep["failed"], rep["rejected"]) == (38, 2, 0)
    failures = {f["url"] for f in db.failures.find({"run_id": "batch1"})}
    assert failures == {p["url"] for p in shop.truth() if p["fault"] == "404"}
    assert db.products.count_documents({"url": {"$in": [p["url"] for p in shop.truth()]}}) == 38
    # 503 pages were retried as single-URL tasks: the ledger shows the second attempt.
    for p in shop.truth():
        entry = db.urls.find_one({"run_id": "batch1", "url": p["url"]})
        assert entry["attempts"] == (2 if p["fault"] == "503" else 1), (p["fault"], entry)


def _pool_of(run_dir: str, worker: str = "worker1", timeout: float = 30.0) -> str:
    """The pool a worker runs, from Celery's start-up banner ("concurrency: 8 (thread)")."""
    log, deadline = Path(run_dir) / f"{worker}.log", time.monotonic() + timeout
    while "concurrency:" not in (text := log.read_text() if log.exists() else ""):
        assert time.monotonic() < deadline, f"no Celery banner in {log}"
        time.sleep(0.2)
    return text.split("concurrency:", 1)[1].split("(", 1)[1].split(")", 1)[0]


def test_workers_run_the_reactor_pool_by_default(stack):
    # With the speed-ups off (CELERY_SPEEDUPS=off, CI's second pass) it is Celery's thread pool.
    expected = "reactor_pool" if Config.from_env(stack).celery_speedups else "thread"
    assert _pool_of(stack["PRODUCTSCRAPER_RUN_DIR"]) == expected


def test_celerys_thread_pool_still_runs_the_whole_path(redis_srv, mongo_srv, tmp_path, demo_shop):
    # WORKER_POOL=threads: a pool thread per running task, blocked until its page is stored.
    shop = demo_shop(products=40, per_page=10, latency_ms=50)
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, WORKER_POOL="threads")
    try:
        cli("stack", "up", "--no-schedules", "--workers", "2", "--concurrency", "4", "--no-flower", "--render-workers", "0", env=env)
        crawl(env, shop.listing_url, "threads1", "-a", "profile=demo")
        rep = wait(env, "threads1")
        assert rep == {**rep, "stored": 40, "failed": 0, "queued": 0}
    finally:
        cli("stack", "down", env=env, check=False)
    assert _pool_of(str(tmp_path)) == "thread"
