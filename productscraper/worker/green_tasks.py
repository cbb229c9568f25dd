"""Celery tasks run as greenlets on the crawler's reactor thread (the ``reactor`` pool).

With Celery's thread pool, each task holds a thread that hands its URL to the reactor
thread and blocks until the page is stored: three threads per task (consumer -> pool ->
reactor and back), each hand-over a wake-up and a fight for the GIL. Here a task runs
on the reactor thread itself, in a greenlet of its own: where it would block for the
crawl (:meth:`GreenTasks.wait`), it switches back to the reactor, which switches into it
again once the outcome is there. Celery's tracer, acks and events run unchanged.

Rules for code that runs in such a task (``tasks/product.py``): never block the reactor.
Waiting for the crawl goes through :meth:`GreenTasks.wait` (the crawl service does
that); other blocking calls (MongoDB writes of failures, hand-offs to the browser queue)
go through :func:`call_blocking`, which runs them in a thread. Outside a green task it
simply calls them, so the same code serves the other pools. Short Redis calls (a retry's
publish) stay on the reactor thread, as the rate limiter's already do.
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

import greenlet

log = logging.getLogger(__name__)


class GreenTasks:
    """Runs functions as greenlets on one reactor thread; see the module docstring."""

    def __init__(self, reactor) -> None:
        self.reactor = reactor
        self._loop: greenlet.greenlet | None = None  # the reactor thread's own greenlet
        self._incoming: deque = deque()
        self._scheduled = False
        self._schedule_lock = threading.Lock()
        self._active = 0
        self._idle = threading.Condition()

    # -- from any thread ---------------------------------------------------------------
    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` as a green task on the reactor thread (returns at once).

        Calls made while the reactor has not yet picked up earlier ones share its
        wake-up: one ``callFromThread`` per batch, not per task.
        """
        with self._idle:
            self._active += 1
        self._incoming.append((fn, args))
        with self._schedule_lock:
            if self._scheduled:
                return
            self._scheduled = True
        self.reactor.callFromThread(self._start_incoming)

    @property
    def active(self) -> int:
        """Green tasks submitted and not finished."""
        return self._active

    def wait_idle(self, timeout: float) -> bool:
        """Block until every submitted task has finished; False on timeout."""
        with self._idle:
            return self._idle.wait_for(lambda: self._active == 0, timeout)

    # -- on the reactor thread -----------------------------------------------------------
    def _start_incoming(self) -> None:
        if self._loop is None:
            self._loop = greenlet.getcurrent()
        with self._schedule_lock:
            self._scheduled = False
        while self._incoming:
            fn, args = self._incoming.popleft()
            task = greenlet.greenlet(self._run, parent=self._loop)
            task.ps_green_runner = self
            task.switch(fn, args)  # runs until it waits, or to the end

    def _run(self, fn: Callable[..., Any], args: Sequence[Any]) -> None:
        try:
            fn(*args)
        except BaseException:  # noqa: BLE001 - Celery's tracer reports task errors itself
            log.exception("green task %r failed", fn)
        finally:
            with self._idle:
                self._active -= 1
                if self._active == 0:
                    self._idle.notify_all()

    def in_task(self) -> bool:
        """True when the caller runs in one of this runner's green tasks."""
        return current_runner() is self

    def wait(self, futures: Sequence[Future], timeout: float) -> None:
        """Let the reactor run until every future is done or ``timeout`` seconds passed.

        Only from a green task. The futures must be completed on the reactor thread.
        """
        if all(f.done() for f in futures):
            return
        woken = False
        resume = self._resumer()

        def wake(*_: Any) -> None:
            nonlocal woken
            if not woken:
                woken = True
                # Resumed from the reactor's own greenlet, never from inside another task.
                self.reactor.callLater(0, resume)

        def on_done(_: Future) -> None:
            if all(f.done() for f in futures):
                wake()

        for future in futures:
            future.add_done_callback(on_done)
        timer = self.reactor.callLater(timeout, wake)
        try:
            self._switch_until(resume)
        finally:
            if timer.active():
                timer.cancel()

    @staticmethod
    def _resumer() -> Callable[[], None]:
        """A callable that switches into the calling green task and marks that it did."""
        current = greenlet.getcurrent()

        def resume() -> None:
            resume.done = True
            current.switch()

        resume.done = False
        return resume

    def _switch_until(self, resume: Callable[[], None]) -> None:
        # Back to the reactor until ``resume`` has switched us in: a resume by anyone
        # else (there should be none) must not end the wait early.
        while True:
            self._loop.switch()
            if resume.done:
                return
            log.warning("green task resumed before its wake-up; waiting on", stack_info=True)

    def call_blocking(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` in a thread, the calling green task waiting for it."""
        from twisted.internet.threads import deferToThread

        outcome: list = []
        resume = self._resumer()

        def done(result: Any) -> None:
            outcome.append(result)
            self.reactor.callLater(0, resume)

        deferToThread(fn, *args, **kwargs).addBoth(done)
        self._switch_until(resume)
        result = outcome[0]
        from twisted.python.failure import Failure

        if isinstance(result, Failure):
            result.raiseException()
        return result


def current_runner() -> GreenTasks | None:
    """The runner of the green task the caller runs in, or None (any other thread)."""
    return getattr(greenlet.getcurrent(), "ps_green_runner", None)


def call_blocking(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, never on the reactor thread: from a green task it runs in a
    thread while the reactor goes on; anywhere else it is simply called."""
    runner = current_runner()
    if runner is None:
        return fn(*args, **kwargs)
    return runner.call_blocking(fn, *args, **kwargs)
