"""One long-lived Scrapy crawl per worker process, fed one request per Celery task.

A Twisted reactor cannot be restarted in a process, and creating a crawler per task
costs ~26 ms (NOTES.md). So each worker process runs one reactor in a background
thread (crochet) with one :class:`~productscraper.spiders.product.ProductSpider` kept
open by ``DontCloseSpider``; a task hands its URL to the running engine (on the
reactor thread, ``callFromThread``) and blocks on a future that the item's journey
completes: ``item_scraped`` (after the pipelines stored it), ``item_dropped``
(rejected), or the spider's ``product_outcome`` signal (download error, non-HTML, ...).
"""
from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from productscraper.worker import outcomes
from productscraper.extensions.gc_freeze import freeze_startup_objects
from productscraper.worker.green_tasks import GreenTasks
from productscraper.worker.outcomes import Outcome
from productscraper.pages.warm_up import warm_up_extraction
from productscraper.worker.task_timing import phases

log = logging.getLogger(__name__)

#: Scrapy settings that differ inside a worker (see README "Architecture").
WORKER_SETTINGS: dict[str, Any] = {
    "LOG_INSTALL_ROOT_HANDLER": False,  # Celery owns logging in the worker
    "LOG_LEVEL": "WARNING",
    "LOGSTATS_INTERVAL": 0,
    "TELNETCONSOLE_ENABLED": False,
    "REMOTE_CONTROL_ENABLED": False,
    # One request per task: the Celery pool size is the real concurrency limit, the
    # cluster-wide per-domain limiter the politeness limit.
    "CONCURRENT_REQUESTS": 512,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 512,
    "REACTOR_THREADPOOL_MAXSIZE": 20,
    "TWISTED_REACTOR": "twisted.internet.asyncioreactor.AsyncioSelectorReactor",
}


def _install_dns_resolver(crawler) -> None:
    """Scrapy's caching resolver (``TWISTED_DNS_RESOLVER``) on the worker's reactor.

    ``scrapy crawl`` (CrawlerProcess) installs it when it starts the reactor;
    CrawlerRunner, which the worker uses on its own reactor thread, does not, so
    every new connection asked Twisted's default resolver: a ``getaddrinfo`` in a
    reactor pool thread and two thread hops per connection (on a site that closes
    its connections, as the books corpus server does, every request).
    """
    from scrapy.utils.misc import build_from_crawler, load_object
    from twisted.internet import reactor

    resolver_class = load_object(crawler.settings["TWISTED_DNS_RESOLVER"])
    build_from_crawler(resolver_class, crawler, reactor=reactor).install_on_reactor()


class CrawlService:
    """The per-process crawler; get it with :func:`get_service`."""

    def __init__(self, settings_overrides: dict[str, Any] | None = None) -> None:
        self.overrides = {**WORKER_SETTINGS, **(settings_overrides or {})}
        self.pending: dict[str, Future] = {}
        self.crawler = None
        self.spider = None
        self.closed = False
        self.pid = os.getpid()
        #: Celery tasks running as greenlets on the reactor thread (the ``reactor`` pool).
        self.green: GreenTasks | None = None

    # -- start-up -------------------------------------------------------------------
    def start(self, timeout: float = 60.0) -> None:
        """Start the reactor thread and open the long-lived spider."""
        _install_reactor_thread()
        from crochet import run_in_reactor

        run_in_reactor(self._open)().wait(timeout)
        from twisted.internet import reactor

        self.green = GreenTasks(reactor)
        # Lazy imports and caches of extraction, paid here rather than by the first tasks.
        warm_s = warm_up_extraction()
        if self.crawler.settings.getbool("GC_FREEZE_ENABLED", True):
            # The warm-up's modules and caches live as long as the process, like the
            # start-up objects the GcFreeze extension froze when the engine started.
            freeze_startup_objects()
        log.info("crawl service ready in pid %s (extraction warmed up in %.2f s)", self.pid, warm_s)

    def _open(self):
        from scrapy import signals
        from scrapy.crawler import CrawlerRunner
        from scrapy.utils.project import get_project_settings
        from twisted.internet import defer

        from productscraper.signals import product_outcome
        from productscraper.spiders.product import ProductSpider

        os.environ.setdefault("SCRAPY_SETTINGS_MODULE", "productscraper.settings")
        settings = get_project_settings()
        settings.setdict(self.overrides, priority="cmdline")
        runner = CrawlerRunner(settings)
        crawler = runner.create_crawler(ProductSpider)
        _install_dns_resolver(crawler)
        # Scrapy holds receivers weakly: weak=False or they vanish (NOTES.md).
        crawler.signals.connect(self._on_scraped, signal=signals.item_scraped, weak=False)
        crawler.signals.connect(self._on_dropped, signal=signals.item_dropped, weak=False)
        crawler.signals.connect(self._on_item_error, signal=signals.item_error, weak=False)
        crawler.signals.connect(self._on_spider_error, signal=signals.spider_error, weak=False)
        crawler.signals.connect(self._on_request_dropped, signal=signals.request_dropped, weak=False)
        crawler.signals.connect(self._on_outcome, signal=product_outcome, weak=False)
        crawler.signals.connect(self._on_spider_closed, signal=signals.spider_closed, weak=False)
        opened: defer.Deferred = defer.Deferred()
        crawler.signals.connect(lambda spider: opened.callback(spider),
                                signal=signals.spider_opened, weak=False)
        done = crawler.crawl(keep_alive=True)
        done.addErrback(lambda f: opened.called or opened.errback(f))
        self.crawler = crawler

        def _ready(spider):
            self.spider = spider
            return spider

        return opened.addCallback(_ready)

    # -- tasks ------------------------------------------------------------------------
    def scrape(self, url: str, run_id: str, *, profile: str | None = None, attempt: int = 1,
               render: bool = False, timeout: float = 30.0,
               defer_over: float | None = None, validators: dict[str, str] | None = None) -> Outcome:
        """Scrape one URL through the running spider and its pipelines; block for the outcome.

        ``validators``: the stored product's ETag/Last-Modified, for a conditional request.
        """
        return self.scrape_many([url], run_id, profile=profile, attempt=attempt, render=render,
                                timeout=timeout, defer_over=defer_over,
                                validators={url: validators} if validators else None)[0]

    def scrape_many(self, urls: list[str], run_id: str, *, profile: str | None = None,
                    attempt: int = 1, render: bool = False, timeout: float = 30.0,
                    defer_over: float | None = None,
                    validators: dict[str, dict[str, str]] | None = None) -> list[Outcome]:
        """Scrape several URLs concurrently; one outcome per URL, in order.

        ``validators``: URL -> its stored ETag/Last-Modified (conditional requests).

        ``timeout`` bounds the whole call: a URL without an outcome by then is a
        transient ``TaskTimeout`` failure.
        """
        from twisted.internet import reactor

        if self.closed:  # a new service replaces this one (get_service); try again then
            return [outcomes.failed(url, "CrawlerClosed", "the worker's crawler is closed",
                                    transient=True) for url in urls]
        started = time.monotonic()
        jobs = [(uuid.uuid4().hex, url, Future()) for url in urls]
        for key, _, future in jobs:
            self.pending[key] = future
        injected = ([(key, url) for key, url, _ in jobs], run_id, profile, attempt, render,
                    defer_over, started, validators or {})
        green = self.green is not None and self.green.in_task()
        if green:  # on the reactor thread already: no hand-over, and wait without blocking
            self._inject_all(*injected)
            self.green.wait([future for _, _, future in jobs], timeout)
        else:
            reactor.callFromThread(self._inject_all, *injected)
        deadline = time.monotonic() + timeout
        results = []
        try:
            for key, url, future in jobs:
                try:
                    outcome = future.result(0 if green else max(0.0, deadline - time.monotonic()))
                    outcome.url = outcome.url or url
                    if outcome.marks:
                        outcome.timings = phases(outcome.marks, time.monotonic())
                    results.append(outcome)
                except FutureTimeout:
                    results.append(outcomes.failed(url, "TaskTimeout",
                                                   f"no result within {timeout:.0f} s",
                                                   transient=True))
        finally:
            for key, _, _ in jobs:
                self.pending.pop(key, None)
        return results

    def _inject_all(self, jobs, run_id, profile, attempt, render, defer_over, started,
                    validators) -> None:
        for key, url in jobs:
            self._inject(key, url, run_id, profile, attempt, render, defer_over, started,
                         validators.get(url))

    def _inject(self, key, url, run_id, profile, attempt, render, defer_over, started,
                validators=None) -> None:
        # Runs on the reactor thread: engine.crawl is not thread-safe.
        try:
            request = self.spider.make_request(url, run_id=run_id, profile=profile, key=key,
                                               attempt=attempt, render=render,
                                               validators=None if render else validators)
            # Where the task's time goes (task_timing): its own dict of marks per URL.
            request.meta["ps_marks"] = {"task": started, "injected": time.monotonic()}
            if defer_over is not None:
                request.meta["ps_defer_over"] = defer_over
            self.crawler.engine.crawl(request)
        except Exception as exc:  # e.g. an unusable URL: fail this task, not the service
            self._resolve(key, outcomes.failed(url, type(exc).__name__, str(exc)))

    # -- completion (reactor thread) ---------------------------------------------------
    def _resolve(self, key: str | None, outcome: Outcome) -> None:
        future = self.pending.get(key) if key else None
        if future is not None and not future.done():
            future.set_result(outcome)

    def _on_scraped(self, item, response=None, spider=None) -> None:
        from productscraper.storage.runstats import covered_fields

        product = item.product or {}
        self._resolve(item.task_key, Outcome(
            "stored", item.url, product_id=product.get("_id"), change=item.extra.get("change"),
            status=item.status, marks=item.marks or {},
            fields=covered_fields(product)))

    def _on_dropped(self, item, response=None, exception=None, spider=None) -> None:
        reasons = getattr(exception, "reasons", None) or [
            {"field": "item", "reason": str(exception)}]
        self._resolve(getattr(item, "task_key", None),
                      Outcome("rejected", item.url, reason=str(exception), reasons=reasons))

    def _on_item_error(self, item, response=None, spider=None, failure=None) -> None:
        # A pipeline raised: most often MongoDB is unreachable -> worth a retry.
        exc = failure.value if failure is not None else None
        from pymongo.errors import PyMongoError

        self._resolve(getattr(item, "task_key", None), outcomes.failed(
            item.url, type(exc).__name__, f"storing failed: {exc}",
            transient=isinstance(exc, (PyMongoError, OSError))))

    def _on_spider_error(self, failure, response=None, spider=None) -> None:
        meta = getattr(response, "meta", {}) or {}
        exc = failure.value
        self._resolve(meta.get("ps_key"), outcomes.failed(
            meta.get("ps_url") or getattr(response, "url", ""), type(exc).__name__,
            f"extraction failed: {exc}"))

    def _on_request_dropped(self, request, spider=None) -> None:
        self._resolve(request.meta.get("ps_key"), outcomes.failed(
            request.url, "RequestDropped", "request dropped by the scheduler", transient=True))

    def _on_outcome(self, key=None, outcome=None, **_: Any) -> None:
        self._resolve(key, outcome)

    def _on_spider_closed(self, spider=None, reason=None) -> None:
        # Should never happen (DontCloseSpider), but if the engine stops, fail the waiting
        # tasks now (they are retried) and let get_service() open a new crawler.
        self.closed = True
        log.error("the worker's spider closed (%s); a new one will be opened", reason)
        for key in list(self.pending):
            self._resolve(key, outcomes.failed("", "CrawlerClosed", f"spider closed: {reason}",
                                               transient=True))


_service: CrawlService | None = None
_service_lock = threading.Lock()


def _install_reactor_thread() -> None:
    """Install Scrapy's asyncio reactor and run it in a daemon thread (once per process)."""
    import asyncio
    import sys

    if "twisted.internet.reactor" not in sys.modules:
        from twisted.internet import asyncioreactor

        asyncioreactor.install(asyncio.new_event_loop())
    import crochet

    crochet.setup()


def get_service() -> CrawlService:
    """This process's crawl service, started on first use (after any fork)."""
    global _service
    service = _service
    if service is not None and service.pid == os.getpid() and not service.closed:
        return service  # the common case, once per task: no lock
    if service is not None and service.green is not None and service.green.in_task():
        # A green task runs on the reactor thread: it must not wait for the lock, whose
        # holder may be starting a new service and waiting for the reactor.
        return service
    with _service_lock:
        if _service is None or _service.pid != os.getpid() or _service.closed:
            service = CrawlService()
            service.start()
            _service = service
        return _service
