"""The enqueue pipeline: each new detail URL becomes a Celery task (listing side).

URLs are batched (``ENQUEUE_BATCH_SIZE`` / ``ENQUEUE_FLUSH_INTERVAL``) so one ledger
insert and one broker connection serve many URLs, and flushed off the reactor thread
so the spider keeps crawling listing pages while workers start on the products.
"""
from __future__ import annotations

from typing import Any

from scrapy.exceptions import NotConfigured
from twisted.internet import task

from productscraper.fanout import FanOutResult, broker_reachable, fan_out
from productscraper.items import DetailUrlItem
from productscraper.pipelines import in_thread
from productscraper.storage import runs
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes
from productscraper.storage.ledger import Entry


class BrokerUnavailable(RuntimeError):
    """The Celery broker cannot be reached: nothing is enqueued."""


class EnqueuePipeline:
    """Registers DetailUrlItems in the ledger and publishes their tasks."""

    def __init__(self, crawler) -> None:
        self.crawler = crawler
        self.batch_size = crawler.settings.getint("ENQUEUE_BATCH_SIZE", 20)
        self.interval = crawler.settings.getfloat("ENQUEUE_FLUSH_INTERVAL", 0.2)
        self.buffer: list[Entry] = []
        self.loop: task.LoopingCall | None = None
        self.active = False

    @classmethod
    def from_crawler(cls, crawler) -> "EnqueuePipeline":
        if crawler.spidercls.name != "listings" and not getattr(crawler.spidercls, "enqueues", False):
            raise NotConfigured("only the listing spider enqueues")
        return cls(crawler)

    async def open_spider(self) -> None:
        spider = self.crawler.spider
        error = await in_thread(broker_reachable)
        if error:
            raise BrokerUnavailable(f"Celery broker unreachable ({error}); nothing was enqueued")
        await in_thread(self._start_run, spider)
        self.active = True
        self.loop = task.LoopingCall(self._tick)
        self.loop.start(self.interval, now=False)

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
                                 render=item.render))
        if len(self.buffer) >= self.batch_size:
            await self._flush()
        return item

    def _tick(self):
        if self.buffer:
            from scrapy.utils.defer import deferred_from_coro

            return deferred_from_coro(self._flush())
        return None

    async def _flush(self) -> None:
        batch, self.buffer = self.buffer, []
        if not batch:
            return
        result: FanOutResult = await in_thread(fan_out, get_db(), batch)
        stats = self.crawler.stats
        stats.inc_value("enqueue/new", result.new)
        stats.inc_value("enqueue/duplicates", result.duplicates)
        if result.publish_errors:
            stats.inc_value("enqueue/publish_errors", result.publish_errors)

    async def close_spider(self) -> None:
        if not self.active:
            return
        if self.loop and self.loop.running:
            self.loop.stop()
        await self._flush()
        spider = self.crawler.spider
        stats = self.crawler.stats
        reason = getattr(self.crawler.engine, "close_reason", None) if self.crawler.engine else None
        await in_thread(runs.finish_discovery, get_db(), spider.run_id,
                        new=stats.get_value("enqueue/new", 0),
                        duplicates=stats.get_value("enqueue/duplicates", 0),
                        publish_errors=stats.get_value("enqueue/publish_errors", 0),
                        listing_pages=stats.get_value("response_received_count", 0),
                        reason=reason)
        spider.logger.info("run %s: discovery finished, %s new URLs enqueued", spider.run_id,
                           stats.get_value("enqueue/new", 0))
