"""The ``reactor`` pool: Celery tasks run as greenlets on the worker's crawler thread.

Selected with ``WORKER_POOL=reactor`` (tasks/app.py). See
:mod:`productscraper.worker.green_tasks` for how a task waits for its page without a thread.
Concurrency is bounded by the prefetch limit (``--concurrency`` x the prefetch
multiplier), as with the thread pool: the consumer holds no more tasks than that.

Fenced (:mod:`tasks.speedups`): replaces Celery 5.7's thread pool (``celery.concurrency.thread.TaskPool``) for ``WORKER_POOL=reactor``; verified on the versions in
``SPEEDUPS['reactor_pool']``. On other versions, or with ``CELERY_SPEEDUPS=off``, the stock
behaviour is used instead: Celery's ``threads`` pool.
"""
from __future__ import annotations

from typing import Any

from celery.concurrency.base import BasePool, apply_target


class TaskPool(BasePool):
    """Hands each task to the crawl service's green task runner."""

    body_can_be_buffer = True
    signal_safe = False
    #: Seconds a warm shutdown waits for running tasks.
    STOP_TIMEOUT = 60.0

    def _runner(self):
        from productscraper.worker.crawl_service import get_service

        return get_service().green

    def on_apply(self, target, args=None, kwargs=None, callback=None, accept_callback=None,
                 **_: Any) -> None:
        self._runner().submit(apply_target, target, args or (), kwargs or {}, callback,
                              accept_callback)

    def on_stop(self) -> None:
        from productscraper.worker import crawl_service

        service = crawl_service._service
        if service is not None and service.green is not None:
            service.green.wait_idle(self.STOP_TIMEOUT)
        super().on_stop()
