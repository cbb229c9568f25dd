"""The thread pool's threads are all started when a worker is ready, not by its first tasks."""
import threading
import time

import pytest
from celery import Celery
from celery.concurrency.base import BasePool
from celery.concurrency.thread import TaskPool as ThreadPool

from tasks.worker_hooks import start_pool_threads
from tests.conftest import make_env
from tests.services import cli


def test_start_pool_threads_starts_every_thread_of_the_thread_pool():
    pool = ThreadPool(limit=4)
    try:
        assert len(pool.executor._threads) == 0  # ThreadPoolExecutor starts them lazily
        assert start_pool_threads(pool) == 4
        # All idle now: a burst of tasks runs on them and starts no thread of its own.
        gate = threading.Barrier(5)
        futures = [pool.executor.submit(gate.wait, 5) for _ in range(4)]
        gate.wait(5)
        for future in futures:
            future.result(5)
        assert len(pool.executor._threads) == 4
    finally:
        pool.executor.shutdown()


def test_start_pool_threads_leaves_other_pools_alone():
    # (not the solo pool: creating one sends worker_process_init, which starts a crawler)
    assert start_pool_threads(BasePool(limit=1)) == 0
    assert start_pool_threads(None) == 0


def _pool_stats(broker_url: str, timeout: float = 30.0) -> dict:
    app = Celery(broker=broker_url)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            replies = app.control.inspect(timeout=1.0).stats() or {}
            if replies:
                return next(iter(replies.values()))["pool"]
        raise AssertionError("no worker answered inspect stats")
    finally:
        app.close()


@pytest.mark.e2e
def test_a_ready_worker_has_all_its_pool_threads_before_its_first_task(redis_srv, mongo_srv,
                                                                      tmp_path):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, WORKER_POOL="threads")
    try:
        cli("stack", "up", "--workers", "1", "--concurrency", "4", "--no-flower", "--render-workers", "0",
            "--no-schedules", env=env)
        pool = _pool_stats(env["REDIS_URL"])
        assert pool["max-concurrency"] == 4
        assert pool["threads"] == 4  # no task has run yet
    finally:
        cli("stack", "down", env=env, check=False)
    assert "4 pool threads started" in (tmp_path / "worker1.log").read_text()
