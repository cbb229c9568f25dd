"""Stall detection's judgement (queue_health.StallWatch), with the broker checks replaced."""
from __future__ import annotations

from productscraper.operations.queue_health import Stall, StallWatch, find_stalls, QueueState


class Script:
    """Check results and settled counts played back one poll at a time."""

    def __init__(self, checks: list[list[Stall]], settled: list[int]) -> None:
        self.checks, self.settled = iter(checks), iter(settled)

    def check(self, db, run_id):
        return next(self.checks)

    def progress(self, db, run_id):
        return next(self.settled)


def watch(script: Script) -> StallWatch:
    return StallWatch(None, "r1", every=0, check=script.check, progress=script.progress)


def polls(w: StallWatch, n: int) -> list[list[str]]:
    return [[s.queue for s in w.poll(now=float(i))] for i in range(n)]


def test_a_queue_without_consumer_is_named_on_the_second_look_when_nothing_moved():
    stuck = [Stall("render", 5, 5)]
    w = watch(Script([stuck, stuck, stuck], [10, 10, 10]))
    assert polls(w, 3) == [[], ["render"], ["render"]]


def test_a_queue_that_drains_between_looks_is_not_named_although_no_worker_answered():
    # A worker too busy to answer `inspect` still takes messages off its queue.
    w = watch(Script([[Stall("products", 40, 40)], [Stall("products", 31, 31)]], [0, 0]))
    assert polls(w, 2) == [[], []]


def test_a_run_that_settles_urls_between_looks_is_not_named():
    # Prefetched messages do not change the list length, but the ledger moves.
    w = watch(Script([[Stall("products", 8, 8)]] * 3, [3, 7, 7]))
    assert polls(w, 3) == [[], [], ["products"]]


def test_a_stall_seen_only_once_is_not_named():
    w = watch(Script([[Stall("render", 2, 2)], [], [Stall("render", 2, 2)]], [1, 1, 1]))
    assert polls(w, 3) == [[], [], []]


def test_failing_checks_keep_the_last_verdict():
    def broken(db, run_id):
        raise ConnectionError("broker down")

    w = StallWatch(None, "r1", every=0, check=broken, progress=lambda db, r: 0)
    assert w.poll(now=0.0) == []


def test_only_queues_with_messages_no_consumer_and_waiting_urls_are_stalls():
    states = [QueueState("products", 3, 1), QueueState("render", 4, 0), QueueState("other", 9, 0)]
    assert find_stalls(states, {"products": 3, "render": 4}) == [Stall("render", 4, 4)]


def test_a_watch_suspects_a_queue_after_one_look_and_forgets_it_when_it_is_consumed():
    w = watch(Script([[Stall("render", 2, 2)], []], [0, 0]))
    assert not w.suspects
    w.poll(now=0.0)
    assert w.suspects
    w.poll(now=1.0)
    assert not w.suspects
