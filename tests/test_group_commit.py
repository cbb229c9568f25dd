"""Group commit (pipelines.group_commit): items that arrive while a write is out share
the next write, an idle pipeline writes at once, and no item completes before its write
has succeeded."""
import threading

import pytest_twisted
from scrapy.utils.defer import deferred_from_coro
from twisted.internet import defer, reactor
from twisted.internet.task import deferLater

from productscraper.pipelines.group_commit import GroupCommit


class Recorder:
    """A write_many that records its groups; it can be held at a gate or made to fail."""

    def __init__(self) -> None:
        self.groups: list[list[int]] = []
        self.fail_once: set[int] = set()  # a group holding one of these fails, once
        self.gate: threading.Event | None = None
        self.started = threading.Event()
        self.calls = 0  # writes begun (the gate holds them after this)

    def __call__(self, objs: list[int]) -> list[int]:
        self.calls += 1
        self.started.set()
        if self.gate is not None:
            self.gate.wait(5)
        self.groups.append(list(objs))
        if self.fail_once & set(objs):
            self.fail_once.clear()
            raise ConnectionError("mongo went away")
        return [o * 10 for o in objs]


def submit(commit: GroupCommit, objs) -> defer.DeferredList:
    return defer.DeferredList([deferred_from_coro(commit.submit(o)) for o in objs], consumeErrors=True)


async def until(predicate, timeout: float = 5.0) -> None:
    for _ in range(int(timeout / 0.01)):
        if predicate():
            return
        await deferLater(reactor, 0.01)
    raise AssertionError("condition not reached")


async def a_write_out(max_size: int = 50, first: int = 0):
    """A group commit whose first write (of ``first``) has begun and is held at the gate."""
    write = Recorder()
    write.gate = threading.Event()
    commit = GroupCommit(write, max_size=max_size)
    held = submit(commit, [first])
    await until(write.started.is_set)
    return write, commit, held


@pytest_twisted.ensureDeferred
async def test_an_idle_pipeline_writes_an_item_at_once_and_alone():
    write = Recorder()
    commit = GroupCommit(write, max_size=50)
    assert await deferred_from_coro(commit.submit(7)) == 70
    assert write.groups == [[7]]


@pytest_twisted.ensureDeferred
async def test_items_arriving_during_a_write_go_together_in_the_next_with_their_own_results():
    write, commit, first = await a_write_out()
    rest = submit(commit, range(1, 8))  # they arrive while the first write is out
    await until(lambda: commit.pending == 7)
    assert not first.called and not rest.called
    write.gate.set()
    results = await rest
    assert write.groups == [[0], list(range(1, 8))]
    assert [r for ok, r in results] == [o * 10 for o in range(1, 8)] and all(ok for ok, _ in results)
    assert [r for _, r in await first] == [0]


@pytest_twisted.ensureDeferred
async def test_a_full_group_is_written_without_waiting_for_the_write_in_flight():
    write, commit, held = await a_write_out(max_size=3)
    full = submit(commit, [1, 2, 3])  # reaches max_size: goes without waiting
    await until(lambda: write.calls == 2)  # both writes are out, the gate still closed
    assert commit.pending == 0
    write.gate.set()
    await full
    await held
    assert sorted(write.groups) == [[0], [1, 2, 3]]


@pytest_twisted.ensureDeferred
async def test_a_failed_write_fails_every_item_of_its_group_and_the_next_group_is_written():
    write, commit, first = await a_write_out()
    write.fail_once = {2}
    failed_group = submit(commit, [1, 2, 3])
    await until(lambda: commit.pending == 3)
    write.gate.set()
    assert [r for _, r in await first] == [0]
    failed = await failed_group
    assert [ok for ok, _ in failed] == [False, False, False]
    assert all(f.check(ConnectionError) for _, f in failed)
    again = await submit(commit, [1, 2, 3])
    assert [r for ok, r in again if ok] == [10, 20, 30]


@pytest_twisted.ensureDeferred
async def test_no_item_completes_before_its_write_and_drain_waits_for_every_item():
    write, commit, done = await a_write_out(first=1)
    later = submit(commit, [2, 3])
    await until(lambda: commit.pending == 2)
    draining = deferred_from_coro(commit.drain())
    await deferLater(reactor, 0.05)
    assert not done.called and not later.called and not draining.called  # nobody is told "stored"
    write.gate.set()
    await draining
    assert later.called and [r for _, r in later.result] == [20, 30] and commit.pending == 0


@pytest_twisted.ensureDeferred
async def test_a_write_returning_the_wrong_number_of_results_is_an_error_not_a_mix_up():
    # Results are routed by position: a short answer must fail the group, not shift it.
    commit = GroupCommit(lambda objs: objs[:-1], max_size=50)
    results = await submit(commit, [1])
    assert [ok for ok, _ in results] == [False]
    assert "0 results for 1 objects" in str(results[0][1].value)


@pytest_twisted.ensureDeferred
async def test_an_exception_in_an_items_place_fails_that_item_only():
    write, commit, first = await a_write_out()
    commit.write_many = lambda objs: [ValueError(o) if o == 2 else o * 10 for o in objs]
    group = submit(commit, [1, 2, 3])  # the next group, written by the new write_many
    await until(lambda: commit.pending == 3)
    write.gate.set()
    outcome = await group
    assert [ok for ok, _ in outcome] == [True, False, True]
    assert [outcome[0][1], outcome[2][1]] == [10, 30] and outcome[1][1].check(ValueError)
    assert [r for _, r in await first] == [0]
