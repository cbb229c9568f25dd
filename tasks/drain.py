"""Graceful drain on SIGTERM, bounded by ``WORKER_DRAIN_S`` (default 25 s).

Kubernetes (and KEDA scaling a Deployment down) sends SIGTERM, then SIGKILL once the pod's
``terminationGracePeriodSeconds`` have passed. Celery's warm shutdown on SIGTERM already
stops consuming and waits for the running tasks, but for as long as they take: a task
still running at SIGKILL leaves its message in Redis's unacked hash until the visibility
timeout, and the pod's Chromium is killed mid-page. With the drain on:

1. SIGTERM: Celery's warm shutdown starts (no new task is taken, running ones go on); a
   watchdog thread starts here.
2. If the worker has not exited within ``WORKER_DRAIN_S`` seconds, the watchdog stops the
   crawler thread where it stands (no task goes on to write anything), writes the acks
   already made, puts every message this worker still holds back on its queue at once
   (kombu's restore of unacked messages, as at a clean channel close: those tasks were
   never acked, so another worker runs them), quits the browser (2 s, then its processes
   are killed with every other descendant) and exits 0.

Tasks are written idempotently (NOTES.md), so a page whose task is cut short and run again
elsewhere is stored once. ``WORKER_DRAIN_S=0`` turns the watchdog off (Celery's own
unbounded warm shutdown).
"""
from __future__ import annotations

import logging
import os
import threading
import time

from celery import bootsteps, signals

log = logging.getLogger(__name__)

#: The consumer of this worker process (set by :class:`TrackConsumer`), whose channel holds
#: the unacked messages to give back.
_consumer = None
_started = threading.Event()


class TrackConsumer(bootsteps.StartStopStep):
    """Consumer step that records the consumer for the watchdog (does nothing else)."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def start(self, parent) -> None:
        global _consumer
        _consumer = parent


def requeue_held_messages(consumer=None) -> int:
    """Give back every message this worker's channel holds unacked; returns how many.

    Pending batched acks are written first (tasks/broker.py), so a task that finished is
    not restored and run again.
    """
    consumer = consumer if consumer is not None else _consumer
    task_consumer = getattr(consumer, "task_consumer", None)
    channel = getattr(task_consumer, "channel", None)
    if channel is None:
        return 0
    flush = getattr(channel, "flush_acks", None)
    if flush is not None:
        flush()
    qos = channel.qos
    qos._flush()  # acked tags out of the delivered set
    held = len(qos._delivered)
    # kombu's restore at channel close: each message back on its queue, unacked entry
    # removed in the same transaction (restore_by_tag).
    qos.restore_unacked_once()
    return held


def _refuse_new_browsers(*_, **__):
    raise RuntimeError("worker draining: no new browser")


def _close_browsers(timeout: float = 2.0) -> None:
    # A render still running would start a new browser once its own is gone (its retry
    # of a browser that stopped answering): from here on, none starts in this process.
    # A clean quit waits for the render in progress (it holds the pool's lock), so it
    # gets ``timeout`` seconds; whatever is left is killed with the process tree below.
    try:
        from productscraper.browser import BrowserPool, shutdown_browser
    except ImportError:
        return
    BrowserPool._start = _refuse_new_browsers
    quitter = threading.Thread(target=shutdown_browser, name="drain-browser-quit", daemon=True)
    quitter.start()
    quitter.join(timeout)


def descendants(pid: int) -> list[int]:
    """Every live (non-zombie) descendant of ``pid``."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                state, ppid = fh.read().rsplit(") ", 1)[1].split()[:2]
        except (OSError, IndexError, ValueError):
            continue
        if state != "Z":  # a killed child stays a zombie until reaped: it is gone
            kids.setdefault(int(ppid), []).append(int(entry))
    out, todo = [], list(kids.get(pid, []))
    while todo:
        child = todo.pop()
        out.append(child)
        todo.extend(kids.get(child, []))
    return out


def _kill_descendants(settle: float = 0.3) -> int:
    """SIGKILL the whole process tree below this one until it stays empty for ``settle``
    seconds (chromedriver, Chromium and its helpers, prefork children); how many died."""
    import signal

    killed, quiet_since = 0, time.monotonic()
    while time.monotonic() - quiet_since < settle:
        victims = descendants(os.getpid())  # the whole tree first: a kill reparents the rest
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        if victims:
            quiet_since = time.monotonic()
        time.sleep(0.05)
    return killed


def park_reactor(timeout: float = 2.0) -> bool:
    """Stop this process's crawler thread where it stands; True once it is parked.

    Messages given back must not be worked on any further here: a task resumed after the
    re-queue could record a failure (its browser killed under it) for a page another
    worker is about to store. Green tasks, and the results of the threads they wait for,
    all run on the reactor thread, so a reactor blocked in this call ends all of them.
    Never imports the reactor (a prefork parent must not, NOTES.md).
    """
    import sys

    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None or not getattr(reactor, "running", False):
        return False
    parked, forever = threading.Event(), threading.Event()

    def park() -> None:
        parked.set()
        forever.wait()  # until os._exit

    reactor.callFromThread(park)
    return parked.wait(timeout)


def force_exit(reason: str) -> None:
    """Freeze the tasks, requeue what is held, close browsers, exit 0 (drain time is up)."""
    if not park_reactor():
        log.warning("drain: the crawler thread did not stop within 2 s")
    try:
        held = requeue_held_messages()
        log.warning("drain: %s; %d message(s) put back on their queue", reason, held)
    except Exception:
        log.exception("drain: could not requeue the held messages (they return after the "
                      "visibility timeout)")
    _close_browsers()
    killed = _kill_descendants()
    if killed:
        log.warning("drain: killed %d leftover process(es) (browser, pool children)", killed)
    logging.shutdown()
    os._exit(0)


def _watchdog(drain_s: float) -> None:
    deadline = time.monotonic() + drain_s
    while time.monotonic() < deadline:
        time.sleep(min(0.2, max(deadline - time.monotonic(), 0)))
    force_exit(f"tasks still running after WORKER_DRAIN_S={drain_s:g}")


def on_shutting_down(sig=None, how=None, exitcode=None, **_) -> None:
    """SIGTERM/SIGINT (warm shutdown): start the watchdog once."""
    from productscraper.config import get_config

    drain_s = get_config().worker_drain_s
    if drain_s <= 0 or how != "Warm" or _started.is_set():
        return
    _started.set()
    log.info("drain: warm shutdown (%s); running tasks get %g s", sig, drain_s)
    threading.Thread(target=_watchdog, args=(drain_s,), name="drain-watchdog",
                     daemon=True).start()


def install(app) -> None:
    """Fence: the consumer step and the signal handler (the watchdog obeys WORKER_DRAIN_S)."""
    app.steps["consumer"].add(TrackConsumer)
    signals.worker_shutting_down.connect(on_shutting_down, weak=False)
