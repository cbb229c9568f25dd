"""Store products in MongoDB (idempotent upserts) and mark their ledger entry ``stored``.

Items that arrive while a write is out are written together with the next one (group
commit, at most ``STORE_BATCH_SIZE``; see :mod:`productscraper.pipelines.group_commit`):
one read, one products write and one ledger write per group instead of three round trips
per item. An item leaves the pipeline only once its group is written.

MongoDB unreachable when the crawl opens: a one-off crawl (the catalog spider) stops with
:class:`StoreUnavailable`; a worker's long-lived crawler opens anyway, its writes fail
and their tasks retry with back-off until MongoDB is back, as in an outage mid-run (the
indexes are then created before the first write).
"""
from __future__ import annotations

import logging
from typing import Any

from pymongo.errors import ConnectionFailure, PyMongoError
from scrapy.exceptions import NotConfigured

from productscraper.exceptions import StoreUnavailable
from productscraper.items import ProductItem
from productscraper.pipelines import in_thread
from productscraper.pipelines.group_commit import GroupCommit
from productscraper.storage import ledger, products
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes
from productscraper.worker.task_timing import mark

log = logging.getLogger(__name__)


def store_many(items: list[ProductItem]) -> list[str | Exception]:
    """Store a group; one change (or the item's own error) per item.

    When a group fails for any reason but the connection, each item is written again on
    its own, so that one item MongoDB refuses (say, a document it cannot encode) fails
    alone instead of failing, and retrying, everyone in its group.
    """
    try:
        return _store_group(items)
    except ConnectionFailure:
        raise  # MongoDB unreachable: every task of the group retries with back-off
    except Exception:
        if len(items) == 1:
            raise
    return [_store_alone(item) for item in items]


def _store_alone(item: ProductItem) -> str | Exception:
    try:
        return _store_group([item])[0]
    except ConnectionFailure:
        raise
    except Exception as exc:  # noqa: BLE001 - reported as this item's error
        return exc


def _store_group(items: list[ProductItem]) -> list[str]:
    db = get_db()
    ensure_indexes(db)  # once per process: a no-op unless MongoDB was away at open
    changes = products.upsert_many(db, [item.product for item in items])
    ledger.mark_many(db, ledger.STORED, [
        ledger.Mark(item.run_id, item.url, attempts=item.attempt, extra={"change": change})
        for item, change in zip(items, changes)])
    return changes


class MongoPipeline:
    """Upserts ``item.product`` keyed on ``_id`` (the URL fingerprint), in groups."""

    def __init__(self, crawler) -> None:
        self.crawler = crawler
        self.writer: GroupCommit[ProductItem, str] = GroupCommit(
            store_many, max_size=crawler.settings.getint("STORE_BATCH_SIZE", 50))

    @classmethod
    def from_crawler(cls, crawler) -> "MongoPipeline":
        if not getattr(crawler.spidercls, "stores_products", True):
            raise NotConfigured  # the listing spider: nothing to store, no connection to open
        return cls(crawler)

    async def open_spider(self) -> None:
        try:
            await in_thread(lambda: ensure_indexes(get_db()))
        except PyMongoError as exc:
            if not getattr(self.crawler.spider, "keep_alive", False):
                raise StoreUnavailable.from_error(exc, "no page was crawled") from exc
            # A worker: dying here would stop its tasks until someone restarts it.
            log.warning("%s", StoreUnavailable.from_error(
                exc, "the worker starts anyway; its tasks retry their writes until it is back"))

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, ProductItem) or item.product is None:
            return item
        mark(item.marks, "store")
        item.extra["change"] = await self.writer.submit(item)
        mark(item.marks, "stored")
        return item

    async def close_spider(self) -> None:
        await self.writer.drain()
