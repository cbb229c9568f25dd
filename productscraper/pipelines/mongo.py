"""Store products in MongoDB (idempotent upserts) and mark their ledger entry ``stored``."""
from __future__ import annotations

from typing import Any

from productscraper.items import ProductItem
from productscraper.pipelines import in_thread
from productscraper.storage import ledger, products
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes


def _store(item: ProductItem) -> str:
    db = get_db()
    change = products.upsert(db, item.product)
    ledger.mark(db, item.run_id, item.url, ledger.STORED, attempts=item.attempt, change=change)
    return change


class MongoPipeline:
    """Upserts ``item.product`` keyed on ``_id`` (the URL fingerprint)."""

    async def open_spider(self) -> None:
        await in_thread(lambda: ensure_indexes(get_db()))

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, ProductItem) or item.product is None:
            return item
        item.extra["change"] = await in_thread(_store, item)
        return item
