"""Fault injection: every discovered URL ends stored, failed or rejected, exactly once.

Real Redis, a real MongoDB-wire server and real worker processes; the demo shop injects
the faults. Timeouts are shortened (still layered) so the suite stays fast.
"""
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from pymongo import MongoClient

from tests.conftest import make_env
from tests.e2e import crawl, report, wait
from tests.services import ROOT, cli, mongo_server, redis_server

pytestmark = pytest.mark.e2e

FAST = {"DOWNLOAD_TIMEOUT": "2", "TASK_SOFT_TIME_LIMIT": "6", "TASK_TIME_LIMIT": "8",
        "VISIBILITY_TIMEOUT": "20", "RETRY_BACKOFF_MAX": "2", "DOWNLOAD_MAXSIZE": "1000000"}


def database(env):
    uri = env["MONGO_URI"]
    return MongoClient(uri, tz_aware=True)[uri.rsplit("/", 1)[1]]


def start_stack(env, *args):
    cli("stack", "up", "--no-schedules", "--no-flower", "--render-workers", "0", *args, env=env)  # HTTP delivery only


def check_exactly_once(db, shop, run_id, rep):
    assert rep["complete"], rep
    assert rep["stored"] + rep["failed"] + rep["rejected"] == rep["discovered"]
    urls = [p["url"] for p in shop.truth()]
    assert db.products.count_documents({"url": {"$in": urls}}) == rep["stored"]
    assert db.urls.count_documents({"run_id": run_id}) == rep["discovered"]


@pytest.fixture(scope="module")
def fast_stack(redis_srv, mongo_srv, tmp_path_factory):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("rel"), **FAST)
    start_stack(env, "--workers", "2", "--concurrency", "16")
    yield env
    cli("stack", "down", env=env, check=False)


def test_mixed_faults_each_url_ends_in_exactly_one_terminal_state(fast_stack, demo_shop):
    faults = {"503": 0.20, "timeout": 0.05, "drop": 0.03, "404": 0.02, "malformed": 0.01,
              "nonhtml": 0.01}
    shop = demo_shop(products=300, per_page=20, faults=faults, hang_s=20)
    crawl(fast_stack, shop.listing_url, "faults1", "-a", "profile=demo")
    rep = wait(fast_stack, "faults1", timeout=240)
    db = database(fast_stack)
    check_exactly_once(db, shop, "faults1", rep)
    truth = {p["url"]: p["fault"] for p in shop.truth()}
    states = {d["url"]: d for d in db.urls.find({"run_id": "faults1"})}
    for url, fault in truth.items():
        entry = states[url]
        if fault in (None, "503", "timeout", "drop"):
            assert entry["state"] == "stored", (url, fault, entry)
            if fault:
                assert entry["attempts"] >= 2, (url, fault, entry)  # retried, then stored
        elif fault == "404":
            assert (entry["state"], entry["reason"]) == ("failed", "HTTP 404")
        elif fault == "nonhtml":
            assert entry["state"] == "failed" and "non-HTML content: application/pdf" in entry["reason"]
        elif fault == "malformed":
            assert entry["state"] == "rejected" and "no product data" in entry["reason"]
    assert rep["stored"] == 300 - 6 - 3 - 3
    failures = {f["url"]: f for f in db.failures.find({"run_id": "faults1"})}
    assert set(failures) == {u for u, f in truth.items() if f in ("404", "nonhtml")}
    assert all(f["attempts"] == 1 for f in failures.values())  # permanent: no retry


def test_other_faults_are_classified_and_retry_after_is_honoured(fast_stack, demo_shop):
    faults = {"429": 0.1, "500": 0.1, "huge": 0.05, "redirect_loop": 0.05, "410": 0.05,
              "invalid": 0.1}
    shop = demo_shop(products=60, faults=faults, huge_bytes=2_000_000)
    crawl(fast_stack, shop.listing_url, "faults2", "-a", "profile=demo")
    rep = wait(fast_stack, "faults2", timeout=180)
    db = database(fast_stack)
    check_exactly_once(db, shop, "faults2", rep)
    states = {d["url"]: d for d in db.urls.find({"run_id": "faults2"})}
    expected = {"429": ("stored", None), "500": ("stored", None), "huge": ("failed", "TooLarge"),
                "redirect_loop": ("failed", "RedirectLoop"), "410": ("failed", "HttpError"),
                "invalid": ("rejected", None), None: ("stored", None)}
    for p in shop.truth():
        entry = states[p["url"]]
        state, error = expected[p["fault"]]
        assert entry["state"] == state, (p["fault"], entry)
        if error:
            assert entry["error"] == error, (p["fault"], entry)
    rejects = list(db.rejects.find({"run_id": "faults2"}))
    assert len(rejects) == 6
    assert all(r["reasons"] and {"field", "reason"} <= set(r["reasons"][0]) for r in rejects)
    # 429 carried Retry-After: 1 -> the retry came at least a second after the first try.
    for p in shop.truth():
        if p["fault"] == "429":
            times = [float(line.split()[0]) for line in shop.access_log_lines()
                     if line.split()[2] == p["url"].split(str(shop.port), 1)[1]]
            assert len(times) == 2 and times[1] - times[0] >= 0.9, times


def test_retry_failed_re_enqueues_the_failures_of_a_run(fast_stack, demo_shop):
    shop = demo_shop(products=10, faults={"503": 0.3}, transient_failures=10)
    crawl(fast_stack, shop.listing_url, "rf1", "-a", "profile=demo")
    rep = wait(fast_stack, "rf1", timeout=120)
    assert (rep["stored"], rep["failed"]) == (7, 3)
    db = database(fast_stack)
    assert {f["attempts"] for f in db.failures.find({"run_id": "rf1"})} == {4}  # 1 + MAX_RETRIES
    shop.reset()  # the shop recovers: attempt counters start again, under the failure count
    out = cli("retry-failed", "--run", "rf1", env=fast_stack).stdout
    assert "re-enqueued 3 failed URL(s)" in out
    # 10 transient failures per page > the 4 attempts of a retry: still failing, still recorded.
    rep = wait(fast_stack, "rf1", timeout=120)
    assert (rep["stored"], rep["failed"]) == (7, 3)
    assert db.failures.count_documents({"run_id": "rf1"}) == 3


def worker_pid(env, name):
    import json

    procs = json.loads((Path(env["PRODUCTSCRAPER_RUN_DIR"]) / "stack.json").read_text())
    return next(p["pid"] for p in procs if p["name"] == name)


def children(pid):
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(") ", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, IndexError):
                pass
    return out


def wait_for_stored(db, run_id, n, timeout=60):
    deadline = time.monotonic() + timeout
    while db.urls.count_documents({"run_id": run_id, "state": "stored"}) < n:
        assert time.monotonic() < deadline
        time.sleep(0.2)


def test_sigkill_of_a_prefork_pool_child_loses_nothing(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, **FAST)
    start_stack(env, "--workers", "1", "--concurrency", "3", "--pool", "prefork")
    try:
        shop = demo_shop(products=60, latency_ms=300)
        db = database(env)
        crawl(env, shop.listing_url, "kill1", "-a", "profile=demo")
        wait_for_stored(db, "kill1", 5)
        kids = children(worker_pid(env, "worker1"))
        assert kids, "prefork worker has no pool children"
        os.kill(kids[0], signal.SIGKILL)
        killed_at = time.monotonic()
        rep = wait(env, "kill1", timeout=60)
        assert time.monotonic() - killed_at < 60
        check_exactly_once(db, shop, "kill1", rep)
        assert rep["stored"] == 60
    finally:
        cli("stack", "down", env=env, check=False)


def test_sigkill_of_a_whole_worker_is_recovered_by_the_others(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, **FAST)
    start_stack(env, "--workers", "2", "--concurrency", "4")
    try:
        shop = demo_shop(products=80, latency_ms=300)
        db = database(env)
        crawl(env, shop.listing_url, "kill2", "-a", "profile=demo")
        wait_for_stored(db, "kill2", 5)
        os.killpg(worker_pid(env, "worker1"), signal.SIGKILL)  # the worker and all it started
        killed_at = time.monotonic()
        rep = wait(env, "kill2", timeout=60)
        assert time.monotonic() - killed_at < 60
        check_exactly_once(db, shop, "kill2", rep)
        assert rep["stored"] == 80
    finally:
        cli("stack", "down", env=env, check=False)


def test_redis_restart_mid_run_is_completed_by_reconcile(mongo_srv, tmp_path, demo_shop):
    broker = redis_server()
    env = make_env(broker.port, mongo_srv.port, tmp_path, **FAST)
    start_stack(env, "--workers", "1", "--concurrency", "2")
    try:
        shop = demo_shop(products=60, latency_ms=200)
        db = database(env)
        crawl(env, shop.listing_url, "redis1", "-a", "profile=demo")
        wait_for_stored(db, "redis1", 4)
        broker.restart()  # nothing on disk: the queued tasks are gone
        proc = cli("wait", "--run", "redis1", "--timeout", "90", "--reconcile-after", "5",
                   "--interval", "0.5", env=env, timeout=120)
        assert "re-published" in proc.stdout + proc.stderr
        rep = report(env, "redis1")
        check_exactly_once(db, shop, "redis1", rep)
        assert rep["stored"] == 60
    finally:
        cli("stack", "down", env=env, check=False)
        broker.stop()


def test_mongodb_down_for_20_seconds_mid_run_loses_nothing(redis_srv, tmp_path, demo_shop):
    store = mongo_server(tmp_path / "mongo")
    env = make_env(redis_srv.port, store.port, tmp_path / "run", **FAST)
    start_stack(env, "--workers", "1", "--concurrency", "4")
    try:
        shop = demo_shop(products=60, latency_ms=200)
        db = database(env)
        crawl(env, shop.listing_url, "mongo1", "-a", "profile=demo")
        wait_for_stored(db, "mongo1", 4)
        store.restart(down_for=20)
        rep = wait(env, "mongo1", timeout=150)
        check_exactly_once(database(env), shop, "mongo1", rep)
        assert rep["stored"] == 60
    finally:
        cli("stack", "down", env=env, check=False)
        store.stop()


def test_a_worker_started_while_mongodb_is_down_keeps_its_tasks_until_it_is_back(
        redis_srv, tmp_path, demo_shop):
    # The worker's crawler cannot open (its storage pipeline needs MongoDB): its tasks must
    # wait with back-off, not fail and be acked, and all of them are stored once it is back.
    from productscraper.operations.stack import DEFAULT_POOL, pool_env, worker_cmd

    store = mongo_server(tmp_path / "mongo")
    env = make_env(redis_srv.port, store.port, tmp_path / "run", **FAST)
    (tmp_path / "run").mkdir()
    shop = demo_shop(products=6)
    cli("enqueue", "--run", "cold1", "--profile", "demo", *[p["url"] for p in shop.truth()],
        env=env)
    store.stop()
    log = open(tmp_path / "worker.log", "w")
    worker = subprocess.Popen(worker_cmd("cold", "products", 4), env={**env, **pool_env(DEFAULT_POOL)},
                              cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        time.sleep(8)  # the worker is up and has taken the tasks while MongoDB is away
        assert worker.poll() is None, (tmp_path / "worker.log").read_text()[-2000:]
        store.start()
        rep = wait(env, "cold1", timeout=120)
        check_exactly_once(database(env), shop, "cold1", rep)
        assert rep["stored"] == 6
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(30)
        log.close()
        store.stop()
