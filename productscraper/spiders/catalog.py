"""The catalog spider: listings AND product pages in one plain Scrapy process.

    scrapy crawl catalog -a start_url=URL [-a start_url2=URL …] [-a run_id=ID] [-a profile=NAME] \\
        [-s CONCURRENT_REQUESTS=16 -s CONCURRENT_REQUESTS_PER_DOMAIN=16]

For small sites (a few thousand pages) this is all you need: no broker, no workers.
It walks the listing pages exactly like ``listings`` (same site profile, same
de-duplication) but, instead of enqueuing each product URL as a Celery task, it
requests the product page itself with :class:`ProductSpider`'s request and parse
logic, so extraction, normalisation, validation and MongoDB storage are the same as
in the workers. Products land in ``products`` (rejects in ``rejects``); there is no
URL ledger, so ``wait``/``report --run`` know nothing of such a run — the crawl
ends when the pages are done, and Scrapy's own stats say how it went. Product pages
are retried by Scrapy's RetryMiddleware (``RETRY_TIMES``), as there is no Celery
task to retry them.

The benchmark (``python -m bench.run``) uses it as the "plain single-process crawl"
peer of the fan-out.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scrapy.http import Response

from productscraper.items import DetailUrlItem
from productscraper.spiders.listings import ListingsSpider
from productscraper.spiders.product import ProductSpider


class CatalogSpider(ListingsSpider, ProductSpider):
    """Discovery from :class:`ListingsSpider`, product pages from :class:`ProductSpider`."""

    name = "catalog"
    stores_products = True  # ListingsSpider (first in the MRO) says False
    # ProductSpider turns retries off (the Celery task owns them); here nobody else
    # would retry, so Scrapy's defaults (project settings) apply again.
    custom_settings: dict[str, Any] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # ListingsSpider consumes start_url*/run_id/profile and passes the rest on
        # (MRO) to ProductSpider, whose own run_id default it then overrides.
        super().__init__(*args, **kwargs)
        self.keep_alive = False  # the crawl ends when the site is done

    def parse_listing(self, response: Response) -> Iterator[Any]:
        """The listing spider's output, with each new product URL turned into its request."""
        yield from self._product_requests(super().parse_listing(response))

    def parse_candidate(self, response: Response) -> Iterator[Any]:
        """Generic profile: a probed link that is a product is scraped as one."""
        yield from self._product_requests(super().parse_candidate(response))

    def _product_requests(self, results: Iterator[Any]) -> Iterator[Any]:
        for obj in results:
            if isinstance(obj, DetailUrlItem):
                # ListingsSpider already de-duplicated the URL within this run.
                yield self.make_request(obj.url, run_id=obj.run_id, profile=obj.profile)
            else:
                yield obj
