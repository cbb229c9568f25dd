"""Worker life-cycle hooks: start the crawler early, close the browser on the way out.

- Threads/solo pool: the worker process itself runs tasks, so its crawler (reactor
  thread + long-lived spider) is started as soon as the worker is ready, not by the
  first task; so are the thread pool's threads.
- Prefork pool: the parent must never touch the reactor (it would break the forked
  children, NOTES.md); each child starts its own in ``worker_process_init``.
- Prefork children leave with ``os._exit`` (no atexit), so the browser is quit in
  ``worker_process_shutdown``; ``worker_shutdown`` covers the other pools.
"""
from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from celery import signals

log = logging.getLogger(__name__)


def _is_prefork(controller) -> bool:
    # By module name: nothing outside tasks/speedups imports Celery's pool internals.
    pool_cls = getattr(controller, "pool_cls", None)
    return isinstance(pool_cls, type) and any(
        c.__module__ == "celery.concurrency.prefork" and c.__name__ == "TaskPool" for c in pool_cls.__mro__)


def _warm_up() -> None:
    from productscraper.browser import reap_orphans
    from productscraper.worker.crawl_service import get_service

    try:  # browsers left by a worker that was SIGKILLed
        reaped = reap_orphans()
        if reaped:
            log.warning("reaped %d orphaned browser process(es)", reaped)
    except Exception:
        log.exception("could not reap orphaned browsers")
    try:
        get_service()
    except Exception:  # the first task will try again and report the error
        log.exception("could not start the crawl service")


def start_pool_threads(pool, timeout: float = 10.0) -> int:
    """Start every thread of Celery's thread pool now; returns how many it has.

    ``ThreadPoolExecutor`` starts a thread per task submitted while none is idle, and
    ``Thread.start()`` waits for the new thread to run. The first burst of messages
    after a worker starts came while its crawler thread kept the GIL busy, and the
    consumer took 50 ms to hand 16 of them over (3 ms per thread start), against 17 ms
    with the threads already there. Each thread here waits on a barrier, so none is idle
    before all have started. Other pools are left alone (0).
    """
    executor = getattr(pool, "executor", None)
    limit = getattr(pool, "limit", 0) or 0
    if not isinstance(executor, ThreadPoolExecutor) or limit < 1:
        return 0
    barrier = threading.Barrier(limit + 1)
    for _ in range(limit):
        executor.submit(barrier.wait, timeout)
    try:
        barrier.wait(timeout)
    except threading.BrokenBarrierError:  # not worth failing the worker for
        log.warning("the pool's threads did not all start within %.0f s", timeout)
    return len(executor._threads)


def serves_pages(app) -> bool:
    """Whether this worker consumes a product or render queue (the ``schedules`` queue's
    worker runs listing crawls in subprocesses and needs no crawler of its own)."""
    from productscraper.config import get_config

    cfg = get_config()
    queues = getattr(app.amqp.queues, "consume_from", None) or app.amqp.queues
    return bool(set(queues) & {cfg.product_queue, cfg.render_queue})


@signals.worker_ready.connect
def start_crawler_when_ready(sender=None, **_):
    """Start this process's crawler and pool threads (not in a prefork parent)."""
    controller = getattr(sender, "controller", None)
    if controller is not None and not _is_prefork(controller):
        started = start_pool_threads(getattr(controller, "pool", None))
        if started:
            log.info("%d pool threads started", started)
        if serves_pages(sender.app):
            threading.Thread(target=_warm_up, name="crawl-service-warm-up", daemon=True).start()


@signals.worker_init.connect
def sync_clock(**_):
    """Onto the cluster's clock before the consumer takes its first message (its leases)."""
    from productscraper.storage import clock_sync

    clock_sync.start()


@signals.worker_process_init.connect
def start_crawler_in_child(**_):
    """Prefork child: its own reactor and crawler (and clock sync thread)."""
    from productscraper.storage import clock_sync

    clock_sync.start()
    threading.Thread(target=_warm_up, name="crawl-service-warm-up", daemon=True).start()


@signals.worker_process_shutdown.connect
@signals.worker_shutdown.connect
def on_process_exit(**_):
    """Flush run statistics; quit this process's browser (no Chromium left behind)."""
    from productscraper.storage.runstats import flush_run_stats

    try:
        flush_run_stats()
    except Exception:
        log.exception("could not flush run statistics")
    try:
        from productscraper.browser import shutdown_browser
    except ImportError:
        return
    try:
        shutdown_browser()
    except Exception:
        log.exception("could not quit the browser")


#: Celery's loggers of the two INFO lines it writes per task ("received", "succeeded").
PER_TASK_LOGGERS = ("celery.worker.strategy", "celery.app.trace")


@signals.after_setup_logger.connect
def quiet_per_task_lines(**_):
    """Without ``LOG_EACH_TASK``, Celery's per-task INFO lines are off (warnings stay).

    Celery checks these loggers' level once, when it builds a task's strategy and tracer,
    and then skips even formatting the lines. At millions of tasks they were most of a
    worker's log, and ~0.04 ms of its CPU per task (measured on an idle thread).
    """
    from productscraper.config import get_config

    if not get_config().log_each_task:
        for name in PER_TASK_LOGGERS:
            logging.getLogger(name).setLevel(logging.WARNING)
