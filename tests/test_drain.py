"""SIGTERM drain (tasks/drain.py) and the probes' heartbeat file (tasks/heartbeat.py), on
real worker processes, real Redis, a real MongoDB-wire server and real Chromium."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pymongo import MongoClient

from productscraper.browser import LOOPBACK_ONLY, browser_processes
from productscraper.operations.stack import DEFAULT_POOL, pool_env, worker_cmd
from tests.conftest import make_env
from tests.e2e import crawl, report
from tests.services import ROOT, cli

pytestmark = pytest.mark.e2e

DRAIN_S = 3.0
#: Layered timeouts; the visibility timeout far above the test's deadlines, so that only
#: the drain's own re-queue can bring a held message back in time.
TIMEOUTS = {"DOWNLOAD_TIMEOUT": "8", "TASK_SOFT_TIME_LIMIT": "10", "TASK_TIME_LIMIT": "12",
            "VISIBILITY_TIMEOUT": "300", "RETRY_BACKOFF_MAX": "2"}


class Worker:
    """A Celery worker process of the test's own (its own session, log in ``log``)."""

    def __init__(self, env: dict, name: str, queues: str, log: Path, concurrency: int = 6) -> None:
        self.log = log
        with open(log, "wb") as fh:
            self.proc = subprocess.Popen(worker_cmd(name, queues, concurrency),
                                         env={**env, **pool_env(DEFAULT_POOL)}, cwd=ROOT,
                                         stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)

    def sigterm(self, timeout: float) -> tuple[int | None, float]:
        """SIGTERM to the worker process alone (as Kubernetes does to the container's
        main process); (exit code or None if still running, seconds it took)."""
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            rc = None
        return rc, time.monotonic() - start

    def group(self) -> list[str]:
        """Live (non-zombie) processes of the worker's process group: "pid command"."""
        out = []
        for entry in Path("/proc").iterdir():
            try:
                fields = (entry / "stat").read_text().rsplit(") ", 1)[1].split()
                if fields[0] != "Z" and int(fields[2]) == self.proc.pid:
                    out.append(f"{entry.name} {(entry / 'cmdline').read_text()[:80]}")
            except (OSError, IndexError, ValueError):
                continue
        return out

    def group_alive(self) -> bool:
        return bool(self.group())

    def kill(self) -> None:
        if self.group_alive():
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def own_browsers(pid: int) -> list:
    """Browser processes started by worker ``pid`` (its pid is in their profile dir)."""
    return [p for p in browser_processes() if f"productscraper-chrome-{pid}-" in p.cmdline]


def wait_until(check, timeout: float, what: str, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(interval)
    return result


def database(env):
    uri = env["MONGO_URI"]
    return MongoClient(uri, tz_aware=True)[uri.rsplit("/", 1)[1]]


@pytest.mark.browser
@pytest.mark.skipif(not (shutil.which("chromium") and shutil.which("chromedriver")),
                    reason="Debian's chromium and chromium-driver are not installed")
def test_sigterm_mid_run_requeues_unfinished_tasks_closes_the_browser_and_exits_0_in_time(
        redis_srv, mongo_srv, tmp_path, demo_shop):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, BROWSER_EXTRA_ARGS=LOOPBACK_ONLY,
                   WORKER_DRAIN_S=str(DRAIN_S), **TIMEOUTS)
    # JavaScript pages: each is fetched, handed to the render queue and rendered by the one
    # browser, one at a time; at 1.5 s a page, renders are always in flight and waiting.
    shop = demo_shop(products=12, per_page=12, js=True, js_delay_ms=50, latency_ms=1500)
    first = Worker(env, "drainA", "products,render", tmp_path / "workerA.log")
    second = None
    try:
        crawl(env, shop.listing_url, "drain1", "-a", "profile=demo")
        db = database(env)
        wait_until(lambda: db.urls.count_documents({"run_id": "drain1", "state": "stored"}) >= 2,
                   120, "the first stored pages")
        assert own_browsers(first.proc.pid), "no browser running mid-run"

        rc, took = first.sigterm(timeout=DRAIN_S + 15)
        assert rc == 0, (rc, first.text()[-3000:])
        assert took < DRAIN_S + 5, f"exit took {took:.1f} s with WORKER_DRAIN_S={DRAIN_S}"
        assert "put back on their queue" in first.text()  # the drain ran out and re-queued
        assert not first.group(), f"processes of the drained worker left: {first.group()}"
        assert not own_browsers(first.proc.pid), "a browser outlived its worker"

        # A replacement finishes the run long before the visibility timeout (300 s) could
        # have returned anything: the re-queued messages were back at once.
        second = Worker(env, "drainB", "products,render", tmp_path / "workerB.log")
        cli("wait", "--run", "drain1", "--timeout", "120", "--interval", "0.5", env=env, timeout=150)
        rep = report(env, "drain1")
        assert (rep["discovered"], rep["stored"], rep["failed"], rep["rejected"]) == (12, 12, 0, 0), rep
        urls = [p["url"] for p in shop.truth()]
        assert db.products.count_documents({"url": {"$in": urls}}) == 12  # none twice
        assert db.urls.count_documents({"run_id": "drain1"}) == 12
        # Nothing the drained worker gave back was worked on there afterwards.
        assert db.failures.count_documents({"run_id": "drain1"}) == 0
        assert " failed: " not in first.text().split("put back on their queue", 1)[1]
    finally:
        first.kill()
        if second is not None:
            second.sigterm(timeout=DRAIN_S + 15)
            second.kill()
        cli("stack", "down", env=env, check=False)


def test_an_idle_worker_keeps_its_heartbeat_fresh_and_exits_0_at_once_on_sigterm(
        redis_srv, mongo_srv, tmp_path):
    beat = tmp_path / "heartbeat"
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, WORKER_DRAIN_S="20",
                   WORKER_HEARTBEAT_FILE=str(beat), WORKER_HEARTBEAT_INTERVAL="0.5")
    worker = Worker(env, "beat", "products", tmp_path / "worker.log", concurrency=2)
    try:
        wait_until(beat.exists, 60, "the heartbeat file")
        first = beat.stat().st_mtime
        wait_until(lambda: beat.stat().st_mtime > first, 5, "a fresher heartbeat")
        rc, took = worker.sigterm(timeout=20)
        assert rc == 0, worker.text()[-3000:]
        assert took < 10, f"an idle worker took {took:.1f} s to stop"  # not the drain time
        assert "put back on their queue" not in worker.text()
    finally:
        worker.kill()


def test_drain_zero_turns_the_watchdog_off(redis_srv, mongo_srv, tmp_path):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, WORKER_DRAIN_S="0")
    script = ("import threading; from tasks import drain; "
              "drain.on_shutting_down(sig='SIGTERM', how='Warm'); "
              "print(any(t.name == 'drain-watchdog' for t in threading.enumerate()))")
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr[-2000:]
    on = subprocess.run([sys.executable, "-c", script], env={**env, "WORKER_DRAIN_S": "5"},
                        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert on.stdout.strip() == "True", on.stderr[-2000:]
