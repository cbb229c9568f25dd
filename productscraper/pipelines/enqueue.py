"""The enqueue pipeline: each new detail URL becomes a Celery task (listing side).

URLs are batched (``ENQUEUE_BATCH_SIZE`` / ``ENQUEUE_FLUSH_INTERVAL``) so one ledger
insert and one broker connection serve many URLs, and flushed off the reactor thread
so the spider keeps crawling listing pages while workers start on the products. Its
ledger and broker calls run on a thread of its own (:class:`~productscraper.pipelines.OwnThreads`):
a hung broker queues flushes there instead of holding the reactor's shared threads, which
also resolve the listing pages' host names.
"""
from __future__ import annotations

import threading
import time
from typing import Any

from pymongo.errors import PyMongoError
from scrapy.exceptions import NotConfigured
from scrapy.utils.asyncio import sleep
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import task
from twisted.internet.defer import Deferred

from productscraper.config import get_config
from productscraper.exceptions import BrokerUnavailable, StoreUnavailable
from productscraper.fanout.publisher import FanOutResult, broker_reachable, fan_out, prepare_publisher
from productscraper.items import DetailUrlItem
from productscraper.pipelines import OwnThreads
from productscraper.storage import runs
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes
from productscraper.storage.ledger import Entry


class EnqueuePipeline:
    """Registers DetailUrlItems in the ledger and publishes their tasks."""

    def __init__(self, crawler) -> None:
        self.crawler = crawler
        self.batch_size = crawler.settings.getint("ENQUEUE_BATCH_SIZE", 20)
        self.interval = crawler.settings.getfloat("ENQUEUE_FLUSH_INTERVAL", 0.2)
        self.close_flush_timeout = crawler.settings.getfloat("ENQUEUE_CLOSE_TIMEOUT", 120.0)
        self.setup_join_timeout = crawler.settings.getfloat("ENQUEUE_SETUP_JOIN_TIMEOUT", 2.0)
        self.buffer: list[Entry] = []
        self.loop: task.LoopingCall | None = None
        self.active = False
        self.in_flight = 0  # flushes whose batch is out of the buffer and not yet settled
        self.publisher_ready: Deferred | None = None
        self.prepared = threading.Event()  # set by the set-up thread when it ends
        self.joined = False  # the reactor thread has blocked on the set-up (at most once)
        self.threads = OwnThreads("enqueue")

    @classmethod
    def from_crawler(cls, crawler) -> "EnqueuePipeline":
        if crawler.spidercls.name != "listings" and not getattr(crawler.spidercls, "enqueues", False):
            raise NotConfigured  # only the listing spider enqueues (no message: not a warning)
        return cls(crawler)

    async def open_spider(self) -> None:
        spider = self.crawler.spider
        error = await self.threads.run(broker_reachable)
        if error:
            raise BrokerUnavailable(f"Celery broker unreachable ({error}); nothing was enqueued")
        try:
            await self.threads.run(self._start_run, spider)
        except PyMongoError as exc:  # the ledger is where every URL is recorded first
            raise StoreUnavailable.from_error(exc, "nothing was enqueued") from exc
        # Celery's set-up overlaps the first listing downloads; the first flush waits for it.
        self.publisher_ready = self.threads.deferred(self._prepare)
        self.publisher_ready.addErrback(self._prepare_failed)
        self.active = True
        self.loop = task.LoopingCall(self._tick)
        self.loop.start(self.interval, now=False)

    def _prepare(self) -> None:
        try:
            prepare_publisher()
        finally:
            self.prepared.set()

    def _prepare_failed(self, failure) -> None:
        # Not fatal: the broker answered a moment ago, and the flush reports what it
        # cannot publish (those URLs stay queued in the ledger for reconcile).
        self.crawler.spider.logger.warning("preparing the task publisher failed: %s",
                                           failure.getErrorMessage())

    async def _publisher_prepared(self) -> None:
        ready = self.publisher_ready
        if ready is None or ready.called:
            return
        if not self.joined:
            # URLs are waiting and the set-up is not done: block the reactor thread on it,
            # once and briefly. Merely awaiting it leaves this thread parsing listing pages
            # with the GIL, and the set-up thread (~0.25 s of CPU, mostly imports, each
            # giving the GIL up for its file reads) got it back only every switch interval:
            # at zero latency it took 0.9 s while the workers had nothing to do. The
            # reactor first finishes its turn, so the next listing page's request (yielded
            # before the page's items) is already out; the bound keeps a slow broker from
            # holding the crawl.
            self.joined = True
            await sleep(0)
            self.prepared.wait(self.setup_join_timeout)
        done: Deferred = Deferred()
        ready.addBoth(lambda result: (done.callback(None), result)[1])
        await maybe_deferred_to_future(done)

    def _start_run(self, spider) -> None:
        db = get_db()
        ensure_indexes(db)
        runs.start(db, spider.run_id, source="listings", start_urls=list(spider.start_urls),
                   profile=spider.forced_profile.name if spider.forced_profile else None)
        spider.logger.info("run %s: discovery started", spider.run_id)

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, DetailUrlItem):
            return item
        self.buffer.append(Entry(run_id=item.run_id, url=item.url, profile=item.profile,
                                 render=item.render, lastmod=item.lastmod))
        if len(self.buffer) >= self.batch_size:
            await self._flush()
        return item

    def _tick(self):
        if self.buffer:
            from scrapy.utils.defer import deferred_from_coro

            return deferred_from_coro(self._flush())
        return None

    async def _flush(self) -> bool:
        """Send the buffer; on a MongoDB error keep it for the next try. True when empty."""
        batch, self.buffer = self.buffer, []
        if not batch:
            return True
        self.in_flight += 1
        try:
            await self._publisher_prepared()
            result: FanOutResult = await self.threads.run(fan_out, get_db(), batch)
        except PyMongoError as exc:
            # The ledger is unreachable: keep the URLs and try again on the next tick.
            self.buffer = batch + self.buffer
            self.crawler.stats.inc_value("enqueue/store_errors")
            self.crawler.spider.logger.warning("ledger unreachable (%s); %d URL(s) kept for retry",
                                               type(exc).__name__, len(self.buffer))
            return False
        finally:
            self.in_flight -= 1
        stats = self.crawler.stats
        stats.inc_value("enqueue/new", result.new)
        stats.inc_value("enqueue/duplicates", result.duplicates)
        if result.publish_errors:
            stats.inc_value("enqueue/publish_errors", result.publish_errors)
        return not self.buffer

    async def close_spider(self) -> None:
        try:
            await self._close()
        finally:
            self.threads.shutdown()

    async def _close(self) -> None:
        if not self.active:
            return
        if self.loop and self.loop.running:
            self.loop.stop()
        spider = self.crawler.spider
        deadline = time.monotonic() + self.close_flush_timeout
        # A flush started by the timer or by process_item may still be out: its batch is
        # in no buffer, and should it fail it puts the batch back. Closing before it
        # settles would leave those URLs out of the summary, or out of the unflushed file.
        while self.in_flight:
            await sleep(0.05)
        while not await self._flush() and time.monotonic() < deadline:
            await sleep(2.0)
        if self.buffer:
            self._save_unflushed(spider)
            return
        stats = self.crawler.stats
        reason = getattr(self.crawler.engine, "close_reason", None) if self.crawler.engine else None
        await self.threads.run(runs.finish_discovery, get_db(), spider.run_id,
                        new=stats.get_value("enqueue/new", 0),
                        duplicates=stats.get_value("enqueue/duplicates", 0),
                        publish_errors=stats.get_value("enqueue/publish_errors", 0),
                        listing_pages=stats.get_value("response_received_count", 0),
                        reason=reason)
        spider.logger.info("run %s: discovery finished, %s new URLs enqueued", spider.run_id,
                           stats.get_value("enqueue/new", 0))

    def _save_unflushed(self, spider) -> None:
        # Last resort when MongoDB stayed down: never lose discovered URLs silently.
        path = get_config().run_dir / f"unflushed-{spider.run_id}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"{e.url}\n" for e in self.buffer))
        spider.logger.error("MongoDB unreachable for %.0f s: %d discovered URL(s) written to %s; "
                            "enqueue them with `python -m productscraper enqueue --run %s --file %s`",
                            self.close_flush_timeout, len(self.buffer), path, spider.run_id, path)
