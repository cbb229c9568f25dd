"""Reject invalid products loudly: collection ``rejects`` + ledger state ``rejected``."""
from __future__ import annotations

import logging
from typing import Any

from scrapy.exceptions import DropItem

from productscraper.items import ProductItem
from productscraper.pipelines import in_thread
from productscraper.processing.validate import validate_product
from productscraper.storage import ledger
from productscraper.storage.clock import now_iso
from productscraper.storage.connection import get_db

log = logging.getLogger(__name__)
NO_DATA_HINT = ("no product data found on the page (is it built by JavaScript? "
                "set render = \"detail\" in the site profile)")
#: A rendered page the extractor still does not accept is rejected (not retried: a second
#: render of the same page would show the same).
NO_DATA_AFTER_RENDER = "no product data after rendering"


class RejectedItem(DropItem):
    """A product that failed validation; ``reasons`` are field-level."""

    def __init__(self, reasons: list[dict]) -> None:
        super().__init__("; ".join(f"{r['field']}: {r['reason']}" for r in reasons))
        self.reasons = reasons


def _store_reject(item: ProductItem, reasons: list[dict]) -> None:
    db = get_db()
    doc_id = ledger.ledger_id(item.run_id, item.url)
    db.rejects.update_one(
        {"_id": doc_id},
        {"$set": {"url": item.url, "run_id": item.run_id, "reasons": reasons,
                  "product": item.product, "at": now_iso()}},
        upsert=True,
    )
    ledger.mark(db, item.run_id, item.url, ledger.REJECTED, attempts=item.attempt,
                reason="; ".join(f"{r['field']}: {r['reason']}" for r in reasons))


class ValidationPipeline:
    """Validates ``item.product``; invalid ones are recorded and dropped."""

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, ProductItem) or item.product is None:
            return item
        reasons = validate_product(item.product)
        if item.extra.get("no_product_data") and item.rendered:
            reasons = [{"field": "page", "reason": NO_DATA_AFTER_RENDER}, *reasons]
        elif reasons and item.extra.get("no_product_data"):
            reasons = [{"field": "page", "reason": NO_DATA_HINT}, *reasons]
        if reasons:
            await in_thread(_store_reject, item, reasons)
            raise RejectedItem(reasons)
        if item.product.get("warnings"):  # stored anyway (e.g. a price whose currency is unknown)
            log.warning("stored with warnings %s: %s", item.product["warnings"], item.url)
        return item
