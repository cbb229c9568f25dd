"""Normalise a product item (prices, currency, availability, ratings, text, URLs)."""
from __future__ import annotations

from typing import Any

from productscraper.items import ProductItem
from productscraper.processing.normalise import normalise_product
from productscraper.processing.sanitise import mongo_safe
from productscraper.profiles import get_profile
from productscraper.storage.clock import now_iso
from productscraper.urls import canonical_url, url_fingerprint


class ProcessingPipeline:
    """Fills ``item.product``: the normalised document that will be stored."""

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, ProductItem):
            return item
        profile = get_profile(item.profile) if item.profile else None
        product = normalise_product(item.raw, profile=profile)
        product = mongo_safe(product)  # page content never becomes MongoDB operators/paths
        product.update(
            _id=url_fingerprint(item.url),
            url=canonical_url(item.url),
            run_id=item.run_id,
            scraped_at=now_iso(),
            rendered=item.rendered,
        )
        if item.extra.get("validators"):  # for the next run's conditional request
            product["validators"] = item.extra["validators"]
        item.product = product
        return item
