"""JavaScript product pages through the render queue: real workers, real Chromium."""
import os
import shutil
import signal
import threading
import tempfile
import time
from pathlib import Path

import pytest

from productscraper.browser import LOOPBACK_ONLY
from productscraper.browser import browser_processes as all_browser_processes
from tests.conftest import make_env
from tests.e2e import crawl, mismatches, wait
from tests.services import cli

pytestmark = [pytest.mark.e2e, pytest.mark.browser]
#: Documented bound (README "Sizing"): peak private memory of a render worker's process tree.
RENDER_WORKER_MEMORY_BOUND_MB = 1200

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    pytest.skip("Debian's chromium and chromium-driver are not installed (make setup installs them)",
                allow_module_level=True)


def browser_processes(env):
    """Browsers of the stack under test: their private directories are under its TMPDIR
    (other tests, or other test processes under xdist, may run browsers meanwhile)."""
    return all_browser_processes(env["TMPDIR"])


def env_for(redis_srv, mongo_srv, run_dir, **extra):
    # Short: Chromium puts a Unix socket under TMPDIR (108-byte path limit).
    tmp = tempfile.mkdtemp(prefix="pst-", dir="/tmp")
    return make_env(redis_srv.port, mongo_srv.port, run_dir, BROWSER_EXTRA_ARGS=LOOPBACK_ONLY,
                    TMPDIR=tmp, **extra)


def tree(pid: int) -> list[int]:
    """pid and all its descendants."""
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(") ", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def private_mb(pids) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith(("RssAnon:", "RssShmem:")):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def stack_pid(env, name):
    import json

    procs = json.loads((Path(env["PRODUCTSCRAPER_RUN_DIR"]) / "stack.json").read_text())
    return next(p["pid"] for p in procs if p["name"] == name)


def test_js_pages_are_rendered_by_one_recycled_browser_and_stored(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path, BROWSER_MAX_PAGES="100")
    cli("stack", "up", "--no-schedules", "--workers", "1", "--render-workers", "1", "--no-flower", env=env)
    peak = [0.0]
    stop = threading.Event()
    try:
        render_pid = stack_pid(env, "render1")

        def sample():
            while not stop.is_set():
                peak[0] = max(peak[0], private_mb(tree(render_pid)))
                time.sleep(0.5)

        threading.Thread(target=sample, daemon=True).start()
        shop = demo_shop(products=300, per_page=50, js=True, js_delay_ms=50)
        # Profile "demo": plain HTTP first; the pages lack data, so the automatic fallback
        # hands every one of them to the render queue.
        crawl(env, shop.listing_url, "js1", "-a", "profile=demo")
        rep = wait(env, "js1", timeout=420)
        assert (rep["discovered"], rep["stored"], rep["failed"], rep["rejected"]) == (300, 300, 0, 0)
        from pymongo import MongoClient

        uri = env["MONGO_URI"]
        db = MongoClient(uri)[uri.rsplit("/", 1)[1]]
        stored = {d["url"]: d for d in db.products.find({"run_id": "js1"})}
        assert mismatches(shop.truth(), stored) == []
        assert all(d["rendered"] for d in stored.values())
        log = (Path(env["PRODUCTSCRAPER_RUN_DIR"]) / "render1.log").read_text()
        starts = log.count("started chromium #")
        assert 1 <= starts <= 3, starts  # ceil(300 / 100)
        assert peak[0] < RENDER_WORKER_MEMORY_BOUND_MB, peak[0]
        print(f"render worker peak private memory: {peak[0]:.0f} MB, browser starts: {starts}")
    finally:
        stop.set()
        cli("stack", "down", env=env, check=False)
    assert browser_processes(env) == []


def _db(env):
    from pymongo import MongoClient

    uri = env["MONGO_URI"]
    return MongoClient(uri)[uri.rsplit("/", 1)[1]]


def test_without_a_browser_installed_js_pages_fail_with_the_reason_and_no_render_worker_starts(
        redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path, CHROMIUM_PATH=str(tmp_path / "no-chromium"))
    cli("stack", "up", "--no-schedules", "--workers", "1", "--no-flower", env=env)  # default render workers
    try:
        assert "render1" not in (tmp_path / "stack.json").read_text()
        shop = demo_shop(products=10, js=True)
        crawl(env, shop.listing_url, "js2", "-a", "profile=demo")
        rep = wait(env, "js2", timeout=120)
        assert (rep["stored"], rep["failed"], rep["queued"]) == (0, 10, 0)
        reasons = {d["reason"] for d in _db(env).failures.find({"run_id": "js2"})}
        assert reasons == {"needs JavaScript; no browser installed"}
    finally:
        cli("stack", "down", env=env, check=False)


def test_the_default_stack_renders_js_pages_within_the_budget_and_rejects_dataless_ones_once(
        redis_srv, mongo_srv, tmp_path, demo_shop):
    """Render-on-miss with the default `stack up` (one browser worker): a script on a host
    that accepts and never answers sits first in every page's <head>; a quarter of the
    pages never get data. Data pages are stored, the others rejected after one render."""
    from productscraper.demoshop.testing import HangingServer

    env = env_for(redis_srv, mongo_srv, tmp_path)
    cli("stack", "up", "--no-schedules", "--workers", "1", "--no-flower", env=env)
    try:
        with HangingServer("127.0.0.2") as hang:
            shop = demo_shop(products=12, js=True, head_script=f"{hang.url}/tag.js",
                             faults={"nodata": 0.25})
            started = time.monotonic()
            crawl(env, shop.listing_url, "js4", "-a", "profile=demo")
            rep = wait(env, "js4", timeout=120)
            elapsed = time.monotonic() - started
            assert hang.connections == 0
        truth = shop.truth()
        good = [p for p in truth if p["fault"] is None]
        assert (rep["stored"], rep["rejected"], rep["failed"]) == (len(good), 3, 0)
        db = _db(env)
        stored = {d["url"]: d for d in db.products.find({"run_id": "js4"})}
        assert mismatches(good, stored) == []
        assert all(d["rendered"] for d in stored.values())
        for entry in db.urls.find({"run_id": "js4", "state": "rejected"}):
            assert entry["reason"].startswith("page: no product data after rendering"), entry["reason"]
            assert entry["attempts"] == 1  # not retried as transient
        # 12 renders one after another, each well inside its 10 s budget.
        assert elapsed < 12 * 10, elapsed
    finally:
        cli("stack", "down", env=env, check=False)
    assert browser_processes(env) == []


def test_wait_names_a_queue_without_consumer_and_exits_with_the_stall_code(
        redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path)
    cli("stack", "up", "--no-schedules", "--workers", "1", "--render-workers", "0", "--no-flower", env=env)
    try:
        shop = demo_shop(products=5, js=True)
        crawl(env, shop.listing_url, "js5", "-a", "profile=demo")
        started = time.monotonic()
        proc = cli("wait", "--run", "js5", "--timeout", "600", "--stall-after", "15", env=env,
                   check=False, timeout=200)
        elapsed = time.monotonic() - started
        assert proc.returncode == 3, (proc.returncode, proc.stdout, proc.stderr[-2000:])
        out = proc.stdout + proc.stderr
        assert "queue 'render' holds 5 message(s)" in out, out
        assert "no worker consumes it" in out and "stack up --render-workers 1" in out
        assert elapsed < 90, elapsed
        report = cli("report", "--run", "js5", env=env).stdout
        assert "queue 'render' holds 5 message(s)" in report, report
        status = cli("status", "--run", "js5", env=env).stdout
        assert "STALLED" in status and "queue 'render'" in status, status
    finally:
        cli("stack", "down", env=env, check=False)


def test_a_sigkilled_render_worker_leaves_no_browser_after_stack_down(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path)
    cli("stack", "up", "--no-schedules", "--workers", "0", "--render-workers", "1", "--no-flower", env=env)
    try:
        shop = demo_shop(products=30, js=True)
        crawl(env, shop.listing_url, "js3", "-a", "profile=demo_js")
        deadline = time.monotonic() + 60
        while not browser_processes(env) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert browser_processes(env), "no browser started"
        os.kill(stack_pid(env, "render1"), signal.SIGKILL)
    finally:
        cli("stack", "down", env=env, check=False)
    deadline = time.monotonic() + 10
    while browser_processes(env) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert browser_processes(env) == []
