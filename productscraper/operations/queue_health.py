"""Is anyone consuming the queues a run waits on? (``wait``, ``status`` and ``report``)

A run stalls for good when its messages sit in a broker queue that no worker consumes: a
page handed to the ``render`` queue with no browser worker started, say. The ledger alone
cannot tell that from a slow run, so this module asks the broker how many messages each
queue holds (a passive-safe ``queue_declare``: Redis ``LLEN``, RabbitMQ's count) and the
workers which queues they consume (``celery inspect active_queues``, one broadcast), and
names what is wrong: the queue, its messages, and the command that starts a consumer.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Callable

from pymongo.database import Database

from productscraper.storage import ledger
from productscraper.storage.count import count

log = logging.getLogger(__name__)

#: ``wait``'s exit code for a run that made no progress for ``--stall-after`` seconds while
#: one of its queues had messages and no consumer (0 complete, 1 timed out, 2 unknown run).
EXIT_STALLED = 3


@dataclass(frozen=True)
class QueueState:
    """One broker queue: messages waiting and workers consuming it (None: unknown)."""

    name: str
    messages: int | None
    consumers: int | None


@dataclass(frozen=True)
class Stall:
    """A queue holding a run's messages that no worker consumes."""

    queue: str
    messages: int
    run_waiting: int  # the run's URLs waiting for that queue (ledger)

    def message(self, run_id: str) -> str:
        """What ``wait``/``status``/``report`` print."""
        return (f"run {run_id} is stalled: queue {self.queue!r} holds {self.messages} "
                f"message(s) ({self.run_waiting} of this run's URLs) and no worker consumes it; "
                f"start one with: {consumer_command(self.queue)}")


def consumer_command(queue: str) -> str:
    """The command that starts a worker for ``queue`` (the local stack's, and Celery's own)."""
    from productscraper.config import get_config

    cfg = get_config()
    if queue == cfg.render_queue:
        return ("python -m productscraper stack up --render-workers 1 "
                f"(or: celery -A tasks worker -Q {queue} --concurrency 1)")
    return f"python -m productscraper stack up --workers 1 (or: celery -A tasks worker -Q {queue})"


def queue_states(queues: tuple[str, ...] | None = None, timeout: float = 1.0) -> list[QueueState] | None:
    """Messages and consumers of each queue (default: the product and render queues).

    None when the broker is unreachable. ``consumers`` counts the workers that answered
    ``inspect active_queues`` within ``timeout`` and consume the queue; on RabbitMQ the
    broker's own consumer count is used when larger (a worker too busy to answer).
    """
    from tasks.app import app, cfg

    names = queues or (cfg.product_queue, cfg.render_queue)
    counts: dict[str, tuple[int, int]] = {}
    try:
        with app.connection_for_write() as conn:
            channel = conn.default_channel
            for name in names:
                # passive=False: a Redis queue whose list is empty has no key, and a
                # passive declare of it would raise; the declare creates nothing there.
                ok = channel.queue_declare(queue=name, passive=False, durable=True, auto_delete=False)
                counts[name] = (ok.message_count, ok.consumer_count or 0)
    except Exception as exc:
        log.warning("broker unreachable while checking queues: %s", exc)
        return None
    consumers = dict.fromkeys(names, 0)
    try:
        replies = app.control.inspect(timeout=timeout).active_queues() or {}
    except Exception as exc:  # no answer is "no consumer seen", not an error
        log.debug("inspect active_queues failed: %s", exc)
        replies = {}
    for worker_queues in replies.values():
        for queue in worker_queues or ():
            if queue.get("name") in consumers:
                consumers[queue["name"]] += 1
    return [QueueState(name, counts[name][0], max(consumers[name], counts[name][1]))
            for name in names]


def run_waiting(db: Database, run_id: str) -> dict[str, int]:
    """The run's queued URLs by the queue they wait in (ledger: ``render`` flag)."""
    from productscraper.config import get_config

    cfg = get_config()
    queued = {"run_id": run_id, "state": ledger.QUEUED}
    render = count(db.urls, {**queued, "render": True})
    return {cfg.product_queue: count(db.urls, queued) - render, cfg.render_queue: render}


def find_stalls(states: list[QueueState], waiting: dict[str, int]) -> list[Stall]:
    """Queues with messages, none consumer, and URLs of the run waiting for them."""
    return [Stall(s.name, s.messages or 0, waiting.get(s.name, 0)) for s in states
            if s.consumers == 0 and (s.messages or 0) > 0 and waiting.get(s.name, 0) > 0]


def find_run_stalls(db: Database, run_id: str, timeout: float = 1.0) -> list[Stall]:
    """The run's stalled queues now (empty when none, or when the broker cannot be asked)."""
    waiting = run_waiting(db, run_id)
    if not any(waiting.values()):
        return []
    states = queue_states(timeout=timeout)
    return find_stalls(states, waiting) if states else []


class StallWatch:
    """Throttled :func:`find_run_stalls` for polling loops: at most one broadcast per ``every`` s.

    A queue counts as stalled once two checks in a row found it so *and* nothing moved in
    between: its message count did not drop and the run settled no URL. A worker busy
    enough to miss the ``inspect`` broadcast twice (two cores shared with a browser, say)
    still drains its queue, so it is never named. A stall is named within ``2 * every`` s.
    """

    def __init__(self, db: Database, run_id: str, every: float = 4.0,
                 check: Callable[[Database, str], list[Stall]] | None = None,
                 progress: Callable[[Database, str], int] | None = None) -> None:
        self.db, self.run_id, self.every = db, run_id, every
        self._check = check or find_run_stalls
        self._progress = progress or settled_count
        self.stalls: list[Stall] = []
        self._seen: dict[str, int] = {}  # queue -> its message count at the previous check
        self._settled: int | None = None
        self._next = 0.0

    @property
    def suspects(self) -> bool:
        """The latest check saw a queue without consumer (a second look would confirm)."""
        return bool(self._seen)

    def poll(self, now: float | None = None) -> list[Stall]:
        """The confirmed stalls as of the latest check (checks again after ``every`` s)."""
        now = time.monotonic() if now is None else now
        if now >= self._next:
            self._next = now + self.every
            try:
                found = self._check(self.db, self.run_id)
                settled = self._progress(self.db, self.run_id) if found else self._settled
            except Exception as exc:  # MongoDB or broker trouble: the caller reports those
                log.debug("stall check failed: %s", exc)
                return self.stalls
            moved = settled != self._settled
            self.stalls = [s for s in found if s.queue in self._seen
                           and s.messages >= self._seen[s.queue] and not moved]
            self._seen = {s.queue: s.messages for s in found}
            self._settled = settled
        return self.stalls


def settled_count(db: Database, run_id: str) -> int:
    """How many of the run's URLs have left the queue (any state but ``queued``)."""
    return count(db.urls, {"run_id": run_id, "state": {"$ne": ledger.QUEUED}})
