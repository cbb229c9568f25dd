"""Task events (what Flower shows) from a real worker: batched, and none lost at shutdown."""
import ast
import threading
import time

import pytest
from celery import Celery

from tests.conftest import make_env
from tests.e2e import wait
from tests.services import cli

pytestmark = pytest.mark.e2e


class EventLog:
    """A Celery event receiver (as Flower runs one) in a thread of its own."""

    def __init__(self, broker_url: str) -> None:
        self.app = Celery(broker=broker_url)
        self.events: list[dict] = []
        self.receiver = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with self.app.connection() as conn:
            self.receiver = self.app.events.Receiver(conn, handlers={"*": self.events.append})
            self.receiver.capture(limit=None, timeout=None, wakeup=False)

    def of_type(self, kind: str) -> list[dict]:
        return [e for e in list(self.events) if e["type"] == kind]

    def wait_for(self, predicate, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return True

    def stop(self) -> None:
        if self.receiver is not None:
            self.receiver.should_stop = True
        self.thread.join(5)


@pytest.mark.parametrize("buffer_limit, published_before_stop", [("", False), ("24", True)])
def test_task_events_wait_for_the_timer_up_to_event_buffer_limit_and_are_flushed_at_stop(
        redis_srv, mongo_srv, tmp_path, demo_shop, buffer_limit, published_before_stop):
    # A flush interval longer than the test: events leave the worker only when
    # EVENT_BUFFER_LIMIT are buffered or when it stops. 12 tasks make 36 task events: past
    # Celery's own limit of 24, which would publish a batch at once; under the default
    # EVENT_BUFFER_LIMIT (1,000) they all wait.
    shop = demo_shop(products=12)
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, EVENT_FLUSH_INTERVAL="30",
                   EVENT_BUFFER_LIMIT=buffer_limit)
    log = EventLog(env["REDIS_URL"])
    try:
        cli("stack", "up", "--no-schedules", "--workers", "1", "--concurrency", "4", "--no-flower", "--render-workers", "0", env=env)
        assert log.wait_for(lambda: log.of_type("worker-online"), 30), "no worker-online event"
        cli("enqueue", "--run", "ev1", "--profile", "demo", *[p["url"] for p in shop.truth()],
            env=env)
        assert wait(env, "ev1")["stored"] == 12
        time.sleep(1.0)
        task_events = [e for e in list(log.events) if e["type"].startswith("task-")]
        assert bool(task_events) is published_before_stop, [e["type"] for e in task_events]
        cli("stack", "down", env=env)
        assert log.wait_for(lambda: len(log.of_type("task-succeeded")) == 12, 10), \
            f"events lost at shutdown: {[e['type'] for e in log.events]}"
        received = {e["uuid"] for e in log.of_type("task-received")}
        assert received == {e["uuid"] for e in log.of_type("task-succeeded")}
        assert len(received) == 12
        # Flower's Result column: the task's result dict as text (tasks/result_repr.py).
        results = [ast.literal_eval(e["result"]) for e in log.of_type("task-succeeded")]
        assert {r["state"] for r in results} == {"stored"}
        assert {r["url"] for r in results} == {p["url"] for p in shop.truth()}
    finally:
        cli("stack", "down", env=env, check=False)
        log.stop()


@pytest.mark.parametrize("log_each_task", ["false", "true"])
def test_per_task_log_lines_are_written_only_with_log_each_task(
        redis_srv, mongo_srv, tmp_path, demo_shop, log_each_task):
    shop = demo_shop(products=3)
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, LOG_EACH_TASK=log_each_task)
    try:
        cli("stack", "up", "--no-schedules", "--workers", "1", "--concurrency", "2", "--no-flower", "--render-workers", "0", env=env)
        cli("enqueue", "--run", f"log-{log_each_task}", "--profile", "demo",
            *[p["url"] for p in shop.truth()], env=env)
        assert wait(env, f"log-{log_each_task}")["stored"] == 3
    finally:
        cli("stack", "down", env=env, check=False)
    text = (tmp_path / "worker1.log").read_text()
    lines = 3 if log_each_task == "true" else 0
    assert text.count("] received") == lines
    assert text.count("] succeeded in") == lines
    assert "crawl service ready" in text  # the worker's other INFO lines stay
