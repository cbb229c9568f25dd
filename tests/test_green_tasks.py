"""Green tasks: Celery tasks as greenlets on the reactor thread (the ``reactor`` pool).

Each check runs in a fresh interpreter with a reactor in a background thread (crochet),
as in a worker process.
"""
from __future__ import annotations

from tests.services import ROOT, python_json

_SETUP = """
import json, threading, time
from concurrent.futures import Future
import crochet
crochet.setup()
from twisted.internet import reactor
from productscraper.worker.green_tasks import GreenTasks, call_blocking, current_runner

runner = GreenTasks(reactor)
reactor_thread = crochet.run_in_reactor(threading.get_ident)().wait(5)
"""

_CONCURRENT = _SETUP + """
N = 20
futures = [Future() for _ in range(N)]
waiting, results = [], {}

def task(i):
    assert threading.get_ident() == reactor_thread
    waiting.append(i)
    if len(waiting) == N:  # every task is waiting at once: only now complete them all
        for j, f in enumerate(futures):
            reactor.callLater(0, f.set_result, j * 10)
    runner.wait([futures[i]], timeout=30)
    results[i] = futures[i].result(0)

for i in range(N):
    runner.submit(task, i)
assert runner.wait_idle(30)
print(json.dumps({"results": [results[i] for i in range(N)], "active": runner.active}))
"""


def test_tasks_wait_for_their_futures_side_by_side_on_the_reactor_thread():
    # With a blocking wait the first task would hold the reactor, the futures would never
    # be completed and wait_idle would time out.
    out = python_json(_CONCURRENT, env={"PYTHONPATH": str(ROOT)})
    assert out == {"results": [i * 10 for i in range(20)], "active": 0}


_TIMEOUT = _SETUP + """
seen = {}

def task():
    never = Future()
    started = time.monotonic()
    runner.wait([never], timeout=0.3)
    seen.update(done=never.done(), waited=time.monotonic() - started)

runner.submit(task)
print(json.dumps({"idle": runner.wait_idle(10), **seen}))
"""


def test_a_wait_returns_after_its_timeout_when_the_future_never_completes():
    out = python_json(_TIMEOUT, env={"PYTHONPATH": str(ROOT)})
    assert out["idle"] is True and out["done"] is False
    assert out["waited"] >= 0.29


_BLOCKING = _SETUP + """
seen = {}

def boom():
    raise ValueError("MongoDB said no")

def task():
    seen["runner"] = current_runner() is runner
    seen["value"] = call_blocking(lambda a, b=0: (threading.get_ident(), a + b), 2, b=3)
    try:
        call_blocking(boom)
    except ValueError as exc:
        seen["error"] = str(exc)
    seen["back_on_reactor"] = threading.get_ident() == reactor_thread

runner.submit(task)
assert runner.wait_idle(10)
ident, value = seen.pop("value")
print(json.dumps({**seen, "value": value, "in_other_thread": ident != reactor_thread,
                  "outside": call_blocking(threading.get_ident) == threading.get_ident(),
                  "runner_outside": current_runner() is None}))
"""


def test_call_blocking_runs_in_a_thread_for_a_green_task_and_inline_anywhere_else():
    out = python_json(_BLOCKING, env={"PYTHONPATH": str(ROOT)})
    assert out == {"runner": True, "value": 5, "in_other_thread": True,
                   "error": "MongoDB said no", "back_on_reactor": True,
                   "outside": True, "runner_outside": True}


_FAILING = _SETUP + """
import logging
logging.basicConfig(level=logging.ERROR)
ran = []

def bad():
    raise RuntimeError("tracer bug")

runner.submit(bad)
runner.submit(lambda: ran.append(1))
print(json.dumps({"idle": runner.wait_idle(10), "active": runner.active, "ran": ran}))
"""


def test_a_task_that_raises_is_logged_and_the_runner_goes_on():
    out = python_json(_FAILING, env={"PYTHONPATH": str(ROOT)})
    assert out == {"idle": True, "active": 0, "ran": [1]}
