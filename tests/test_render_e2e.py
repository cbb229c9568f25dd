"""JavaScript product pages through the render queue: real workers, real Chromium."""
import os
import shutil
import signal
import threading
import time
from pathlib import Path

import pytest

from productscraper.browser import browser_processes as all_browser_processes
from tests.conftest import make_env
from tests.e2e import crawl, mismatches, wait
from tests.services import cli

pytestmark = [pytest.mark.e2e, pytest.mark.browser]
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
#: Documented bound (README "Sizing"): peak private memory of a render worker's process tree.
RENDER_WORKER_MEMORY_BOUND_MB = 1200

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    pytest.skip("Debian's chromium and chromium-driver are not installed (make setup installs them)",
                allow_module_level=True)


def browser_processes():
    """Browsers of the stacks under test (not one this pytest process may own itself)."""
    own = set(tree(os.getpid()))
    return [p for p in all_browser_processes() if p.pid not in own]


def env_for(redis_srv, mongo_srv, run_dir, **extra):
    return make_env(redis_srv.port, mongo_srv.port, run_dir, BROWSER_EXTRA_ARGS=LOOPBACK_ONLY,
                    **extra)


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
    cli("stack", "up", "--workers", "1", "--render-workers", "1", "--no-flower", env=env)
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
    assert browser_processes() == []


def test_without_browser_rendering_js_pages_are_rejected_with_the_reason(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path, BROWSER_RENDERING="off")
    cli("stack", "up", "--workers", "1", "--no-flower", env=env)
    try:
        shop = demo_shop(products=10, js=True)
        crawl(env, shop.listing_url, "js2", "-a", "profile=demo_js")
        rep = wait(env, "js2", timeout=120)
        assert (rep["stored"], rep["rejected"]) == (0, 10)
        from pymongo import MongoClient

        uri = env["MONGO_URI"]
        db = MongoClient(uri)[uri.rsplit("/", 1)[1]]
        for r in db.rejects.find({"run_id": "js2"}):
            assert "no product data found on the page" in r["reasons"][0]["reason"]
    finally:
        cli("stack", "down", env=env, check=False)


def test_a_sigkilled_render_worker_leaves_no_browser_after_stack_down(redis_srv, mongo_srv, tmp_path, demo_shop):
    env = env_for(redis_srv, mongo_srv, tmp_path)
    cli("stack", "up", "--workers", "0", "--render-workers", "1", "--no-flower", env=env)
    try:
        shop = demo_shop(products=30, js=True)
        crawl(env, shop.listing_url, "js3", "-a", "profile=demo_js")
        deadline = time.monotonic() + 60
        while not browser_processes() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert browser_processes(), "no browser started"
        os.kill(stack_pid(env, "render1"), signal.SIGKILL)
    finally:
        cli("stack", "down", env=env, check=False)
    deadline = time.monotonic() + 10
    while browser_processes() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert browser_processes() == []
