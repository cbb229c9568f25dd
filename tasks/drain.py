"""Graceful drain on SIGTERM, bounded by ``WORKER_DRAIN_S`` (default 25 s).

Kubernetes (and KEDA scaling a Deployment down) sends SIGTERM, then SIGKILL once the pod's
``terminationGracePeriodSeconds`` have passed. Celery's warm shutdown on SIGTERM already
stops consuming and waits for the running tasks, but for as long as they take: a task
still running at SIGKILL leaves its message in Redis's unacked hash until the visibility
timeout, and the pod's Chromium is killed mid-page. With the drain on:

1. SIGTERM: Celery's warm shutdown starts (no new task is taken, running ones go on); a
   watchdog thread starts here.
2. If the worker has not exited within ``WORKER_DRAIN_S`` seconds, the watchdog writes the
   acks already made, puts every message this worker still holds back on its queue at
   once (kombu's restore of unacked messages, the same as at a clean channel close: the
   tasks are not acked, so another worker runs them), quits the browser, reaps its
   processes and exits 0.

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


def _close_browsers() -> None:
    try:
        from productscraper.browser import reap_orphans, shutdown_browser
    except ImportError:
        return
    try:
        shutdown_browser()
    except Exception:
        log.exception("drain: could not quit the browser")
    try:
        reap_orphans()
    except Exception:
        log.exception("drain: could not reap browser processes")


def _kill_children() -> None:
    # Prefork children (and their browsers) must not outlive the worker.
    import signal

    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                ppid = int(fh.read().rsplit(") ", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == os.getpid():
            try:
                os.kill(int(entry), signal.SIGKILL)
            except ProcessLookupError:
                pass


def force_exit(reason: str) -> None:
    """Requeue what is held, close browsers, exit 0 (the drain time is up)."""
    try:
        held = requeue_held_messages()
        log.warning("drain: %s; %d message(s) put back on their queue", reason, held)
    except Exception:
        log.exception("drain: could not requeue the held messages (they return after the "
                      "visibility timeout)")
    _close_browsers()
    _kill_children()
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
