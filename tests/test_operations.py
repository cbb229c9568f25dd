"""Operations: Flower (with auth) during a run, a screenshot of it, `status`, the `runs` document."""
import base64
import json
import os
import shutil
import time
import urllib.error
import urllib.request

import pytest
from pymongo import MongoClient

from productscraper.operations.netutil import free_port, listening
from tests.conftest import make_env
from tests.e2e import crawl, report, wait
from tests.services import ROOT, cli

pytestmark = pytest.mark.e2e
AUTH = ("ops", "s3cret")
SCREENSHOT = ROOT / "docs" / "images" / "flower-tasks.png"


def flower_get(port: int, path: str, auth=AUTH):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if auth:
        token = base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
        req.add_header("Authorization", f"Basic {token}")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


@pytest.fixture(scope="module")
def ops_stack(redis_srv, mongo_srv, tmp_path_factory):
    port = free_port()
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("ops"),
                   FLOWER_PORT=str(port), FLOWER_BASIC_AUTH=":".join(AUTH))
    cli("stack", "up", "--no-schedules", "--workers", "2", "--concurrency", "4", "--render-workers", "0", env=env)
    deadline = time.monotonic() + 30
    while not listening("127.0.0.1", port) and time.monotonic() < deadline:
        time.sleep(0.3)
    time.sleep(2)  # Flower subscribes to worker events once it is up
    yield env, port
    cli("stack", "down", env=env, check=False)


def test_flower_api_with_auth_lists_workers_and_the_runs_tasks(ops_stack, demo_shop):
    env, port = ops_stack
    with pytest.raises(urllib.error.HTTPError) as denied:
        flower_get(port, "/api/workers", auth=None)
    assert denied.value.code == 401
    shop = demo_shop(products=40, per_page=10, latency_ms=200)
    crawl(env, shop.listing_url, "ops1", "-a", "profile=demo")
    deadline = time.monotonic() + 30
    while True:  # during the run; no ?refresh=1: the workers came online after Flower started
        workers = flower_get(port, "/api/workers")
        tasks = flower_get(port, "/api/tasks?taskname=productscraper.scrape_product&limit=1000")
        ours = [t for t in tasks.values() if "ops1" in str(t.get("args"))]
        if len(workers) == 2 and ours:
            break
        assert time.monotonic() < deadline, (workers, len(tasks))
        time.sleep(0.5)
    assert {w.split("@")[0] for w in workers} == {"worker1", "worker2"}
    assert all(t["name"] == "productscraper.scrape_product" for t in ours)
    urls = {p["url"] for p in shop.truth()}
    assert all(eval(t["args"])[0] in urls for t in ours)  # Flower shows args as a repr
    wait(env, "ops1")
    # Right after the run, asked afresh (an inspect broadcast), both workers answer in time.
    assert {w.split("@")[0] for w in flower_get(port, "/api/workers?refresh=1")} == {"worker1", "worker2"}
    assert {w.split("@")[0] for w in flower_get(port, "/api/workers")} == {"worker1", "worker2"}


@pytest.mark.browser
def test_a_screenshot_of_flowers_task_list_shows_the_tasks(ops_stack, tmp_path):
    if not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed")
    from productscraper.browser import BrowserPool

    env, port = ops_stack
    pool = BrowserPool(extra_arguments=["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                                        "--window-size=1400,900"])
    try:
        with pool.session() as browser:
            driver = browser.driver
            token = base64.b64encode(":".join(AUTH).encode()).decode()
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setExtraHTTPHeaders",
                                   {"headers": {"Authorization": f"Basic {token}"}})
            driver.get(f"http://127.0.0.1:{port}/tasks")
            deadline, reload_at = time.monotonic() + 40, time.monotonic() + 5
            while "productscraper.scrape_product" not in driver.page_source:
                assert time.monotonic() < deadline, "Flower's task list never showed the tasks"
                if time.monotonic() > reload_at:  # the list is fetched when the page loads
                    driver.refresh()
                    reload_at = time.monotonic() + 5
                time.sleep(0.5)
            png = driver.get_screenshot_as_png()
    finally:
        pool.quit()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    target = SCREENSHOT if os.environ.get("UPDATE_SCREENSHOTS") else tmp_path / "flower.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(png)


def test_status_shows_progress_and_the_runs_document_matches_report(ops_stack, demo_shop):
    env, _ = ops_stack
    env = {**env, "COLUMNS": "200"}
    # 200 pages at 500 ms on 2 x 8 task slots: at least 6 s of work after discovery, so the
    # run is still going when status looks (80 pages could be done by then).
    shop = demo_shop(products=200, per_page=100, latency_ms=500)
    crawl(env, shop.listing_url, "ops2", "-a", "profile=demo")
    live = cli("status", "--run", "ops2", env=env).stdout
    assert "ops2" in live and "running" in live and "━" in live, live  # a progress bar while it runs
    rep = wait(env, "ops2")
    time.sleep(3)  # the workers' statistics flush every 2 s
    final = cli("status", "--run", "ops2", env=env).stdout
    assert "complete" in final
    uri = env["MONGO_URI"]
    doc = MongoClient(uri)[uri.rsplit("/", 1)[1]].runs.find_one({"_id": "ops2"})
    rep = report(env, "ops2")
    for key in ("discovered", "stored", "failed", "rejected", "queued", "complete"):
        assert doc[key] == rep[key], key
    assert doc["events"]["stored"] >= 200
    assert sum(doc["workers"][w].get("stored", 0) for w in doc["workers"]) >= 200
    assert rep["field_coverage"]["title"] == 1.0 and rep["field_coverage"]["price"] == 1.0


def test_a_worker_started_after_flower_is_in_its_worker_list_without_a_refresh(ops_stack):
    env, port = ops_stack
    cli("stack", "up", "--no-schedules", "--workers", "3", "--concurrency", "4", "--render-workers", "0", env=env)
    deadline = time.monotonic() + 40
    while "worker3" not in {w.split("@")[0] for w in flower_get(port, "/api/workers")}:
        assert time.monotonic() < deadline, "Flower never listed the worker that came online after it"
        time.sleep(0.5)
