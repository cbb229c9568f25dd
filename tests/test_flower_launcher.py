"""productscraper/operations/flower.py: which worker events make Flower inspect a worker."""
from productscraper.operations.flower import INSPECT_TIMEOUT_MS, WorkerWatch, argv, flower_verified


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_worker_flower_does_not_know_is_inspected_on_its_first_event_only():
    known: set[str] = set()
    clock = Clock()
    watch = WorkerWatch(lambda: known, retry_s=10, clock=clock)
    assert watch.should_inspect({"type": "worker-online", "hostname": "w1@h"}) == "w1@h"
    clock.now = 2.0
    assert watch.should_inspect({"type": "worker-heartbeat", "hostname": "w1@h"}) is None  # asked already
    clock.now = 12.0  # it never answered: asked again, at most once per retry interval
    assert watch.should_inspect({"type": "worker-heartbeat", "hostname": "w1@h"}) == "w1@h"
    known.add("w1@h")
    clock.now = 30.0
    assert watch.should_inspect({"type": "worker-heartbeat", "hostname": "w1@h"}) is None


def test_task_events_and_events_without_a_host_inspect_nothing():
    watch = WorkerWatch(lambda: set())
    assert watch.should_inspect({"type": "task-succeeded", "hostname": "w1@h"}) is None
    assert watch.should_inspect({"type": "worker-online"}) is None


def test_flower_gets_a_longer_inspect_timeout_unless_one_is_given():
    assert argv(["--port=1"]) == ["celery", "-A", "tasks", "flower", "--port=1",
                                  f"--inspect_timeout={INSPECT_TIMEOUT_MS}"]
    assert argv(["--inspect_timeout=200"])[-1] == "--inspect_timeout=200"


def test_the_installed_flower_is_the_verified_series():
    # When this fails after an upgrade, re-check flower.app.Flower.start / Events.on_event
    # and move VERIFIED; until then the launcher runs plain Flower.
    assert flower_verified()
