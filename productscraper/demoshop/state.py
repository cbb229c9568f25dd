"""The demo shop's options and its state while it serves (catalogue, faults, counters)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from aiohttp import web

from . import templates
from .catalog import Catalog, Product, build_catalog
from .faults import AttemptCounter, FaultPlan, FaultSettings, FaultSpec, assign_faults


STATE_KEY: web.AppKey[ShopState] = web.AppKey("demoshop_state")


@dataclass(frozen=True)
class ShopOptions:
    """Everything the CLI can set."""

    host: str = "127.0.0.1"
    port: int = 0
    products: int = 50
    per_page: int = 20
    categories: int = 5
    seed: int = 1
    latency_ms: float = 0.0
    latency_jitter_ms: float = 0.0
    js: bool = False
    faults: Sequence[FaultSpec] = ()
    transient_failures: int = 1
    hang_s: float = 60.0
    huge_bytes: int = 12_000_000
    private_products: int = 0
    access_log: str | None = None
    js_delay_ms: int = 300
    #: A ``<script src>`` put first in every page's ``<head>`` (a third-party tag).
    head_script: str | None = None
    #: Listing pages past the last: "404", or "first" (answered with page 1, as some shops do).
    beyond_last: str = "404"
    #: robots.txt names the sitemap index (``--no-sitemap`` turns it off).
    sitemap: bool = True
    #: Product pages carry an ETag (a hash of the page) and answer a matching
    #: If-None-Match with 304 (``--etags``; conditional re-crawls).
    etags: bool = False


@dataclass
class ShopState:
    """Mutable server state: catalogue (reprice mutates it), counters, throttle, access log."""

    options: ShopOptions
    catalog: Catalog
    plan: FaultPlan
    settings: FaultSettings
    attempts: AttemptCounter = field(default_factory=AttemptCounter)
    stats: Counter[str] = field(default_factory=Counter)
    throttle_until: float = 0.0
    throttle_status: int = 429
    throttle_retry_after: int = 1
    #: False: product pages are served without their price markup (/_admin/markup).
    price_markup: bool = True
    access_log: IO[str] | None = None
    jitter: random.Random = field(default_factory=random.Random)

    @classmethod
    def from_options(cls, options: ShopOptions) -> ShopState:
        """Build the catalogue and fault plan; raises ValueError on inconsistent options."""
        catalog = build_catalog(options.products, options.categories, options.seed, options.private_products)
        plan = assign_faults([p.id for p in catalog.products], options.faults, options.seed)
        settings = FaultSettings(options.transient_failures, options.hang_s, options.huge_bytes)
        return cls(options=options, catalog=catalog, plan=plan, settings=settings,
                   jitter=random.Random(f"jitter:{options.seed}"))

    def product_path(self, product: Product) -> str:
        """Site-relative URL of a product as the listings link it."""
        if product.private:
            return f"/private/product/{product.id}/"
        return f"/js/product/{product.id}/" if self.options.js else f"/product/{product.id}/"

    def truth(self, origin: str, *, include_private: bool = False) -> list[dict[str, object]]:
        """Ground truth for every public product (and private ones on request)."""
        products = self.catalog.products + (self.catalog.private_products if include_private else [])
        rows = []
        for p in products:
            row: dict[str, object] = {
                "id": p.id,
                "url": origin + self.product_path(p),
                "title": p.title,
                "price": p.price,
                "currency": templates.CURRENCY,
                "availability": "in_stock" if p.in_stock else "out_of_stock",
                "stock": p.stock,
                "sku": p.sku,
                "gtin": p.gtin,
                "brand": p.brand,
                "rating": p.rating,
                "review_count": p.review_count,
                "category": p.category.name,
                "image_url": f"{origin}/media/{p.id}.jpg",
                "description": p.description,
                "fault": self.plan.kind(p.id),
                "fault_detail": self.plan.detail(p.id),
                "js": self.options.js and not p.private,
            }
            if include_private:
                row["private"] = p.private
            rows.append(row)
        return rows


def _state(request: web.Request) -> ShopState:
    return request.app[STATE_KEY]


def _origin(request: web.Request) -> str:
    return f"{request.scheme}://{request.host}"
