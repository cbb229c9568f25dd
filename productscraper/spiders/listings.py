"""The listing spider: walks listing/category pages and yields product detail URLs."""
from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import scrapy
from scrapy.exceptions import UsageError
from scrapy.http import Response, TextResponse

from scrapy.linkextractors import LinkExtractor

from productscraper.items import DetailUrlItem
from productscraper.pages.listing import ListingPage
from productscraper.pages.product import ProductPage
from productscraper.profiles import GENERIC, SiteProfile, get_profile, profile_for_url
from productscraper.config import get_config
from productscraper.browser.waits import AllLoaded, needs_browser, renders_listings
from productscraper.storage.runs import new_run_id
from productscraper.urls import InvalidURL, canonical_url, host_key, validate_url

#: Scheduler priority of listing pages over other requests (the catalog spider's product
#: pages, generic-profile probes): the next listing page takes the first free slot.
LISTING_PRIORITY = 10


class ListingsSpider(scrapy.Spider):
    """``scrapy crawl listings -a start_url=URL [-a start_url2=URL] [-a run_id=ID] [-a profile=NAME]``.

    Which links are listings, pagination and products comes from the site profile
    (chosen per start URL by host:port, or forced with ``-a profile=NAME``).
    """

    name = "listings"
    #: It yields detail URLs, never products: the MongoDB pipeline stays off for it.
    stores_products = False
    #: Generic profile only: how many same-site links of one listing page are probed
    #: for schema.org Product data when the page itself names no product links.
    max_probes_per_page = 200

    def __init__(self, start_url: str | None = None, run_id: str | None = None,
                 profile: str | None = None, start_urls: str | None = None, **kwargs: Any) -> None:
        extra = {k: v for k, v in kwargs.items() if k.startswith("start_url")}
        for k in extra:
            kwargs.pop(k)
        super().__init__(**kwargs)
        raw = [u for u in [start_url, *(v for _, v in sorted(extra.items()))] if u]
        if start_urls:
            raw += [u for u in start_urls.split(",") if u.strip()]
        if not raw:
            raise UsageError("listings: give at least one -a start_url=URL")
        try:
            self.start_urls = [validate_url(u) for u in raw]
        except InvalidURL as exc:
            raise UsageError(f"listings: invalid start URL: {exc}") from None
        self.forced_profile: SiteProfile | None = get_profile(profile) if profile else None
        if run_id is None:
            run_id = new_run_id()
            # Printed (not only logged) so a user piping logs away still sees it.
            print(f"run_id: {run_id}", file=sys.stdout, flush=True)
        self.run_id = run_id
        self._seen: set[str] = set()

    def profile_for(self, url: str) -> SiteProfile:
        """The forced profile, else the one matching ``url``'s host."""
        return self.forced_profile or profile_for_url(url)

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            yield self.listing_request(url)

    def listing_request(self, url: str) -> scrapy.Request:
        """A listing page request: rendered (every "load more" loaded) when the profile says so."""
        if renders_listings(self.profile_for(url)):
            from scrapy_selenium import SeleniumRequest

            return SeleniumRequest(url=url, callback=self.parse_listing, errback=self.listing_failed,
                                   meta={"ps_listing": True}, priority=LISTING_PRIORITY,
                                   wait_time=get_config().render_wait_s * 4, wait_until=AllLoaded())
        return scrapy.Request(url, callback=self.parse_listing, errback=self.listing_failed,
                              meta={"ps_listing": True}, priority=LISTING_PRIORITY)

    def listing_failed(self, failure) -> None:
        """A listing page could not be fetched: say so loudly (its products stay undiscovered)."""
        self.crawler.stats.inc_value("listings/failed_pages")
        self.logger.error("listing page %s failed: %s: %s", failure.request.url,
                          type(failure.value).__name__, failure.value)

    def parse_listing(self, response: Response) -> Iterator[Any]:
        """Yield a :class:`DetailUrlItem` per new product link, then follow pagination."""
        if not isinstance(response, TextResponse):
            self.logger.warning("listing %s is not HTML (%s); skipped", response.url,
                                response.headers.get(b"Content-Type"))
            return
        profile = self.profile_for(response.url)
        page = ListingPage(response.url, response.body, profile, encoding=response.encoding)
        products = page.product_urls()
        follow = page.next_page_urls() + page.category_urls()
        # Pagination first: walking the listing chain is the critical path of a run, and
        # the page's items may wait in the enqueue pipeline while it flushes a batch.
        for url in follow:
            yield self.listing_request(response.urljoin(url))
        for url in products:
            item = self._detail_item(url, profile, response.url)
            if item:
                yield item
        if not products and profile.name == GENERIC:
            yield from self._probe_links(response, exclude=set(follow))

    def _detail_item(self, url: str, profile: SiteProfile, source: str) -> DetailUrlItem | None:
        """A DetailUrlItem for a product URL not yet seen in this run, else None."""
        try:
            key = canonical_url(url)
        except InvalidURL:
            self.crawler.stats.inc_value("listings/invalid_product_url")
            return None
        if key in self._seen:
            return None
        self._seen.add(key)
        self.crawler.stats.inc_value("listings/product_urls")
        return DetailUrlItem(url=key, run_id=self.run_id, profile=profile.name,
                             render=needs_browser(profile), source=source)

    def _probe_links(self, response: TextResponse, exclude: set[str]) -> Iterator[scrapy.Request]:
        """Generic sites: fetch same-site links to see which are product pages."""
        site = host_key(response.url)
        probed = 0
        for link in LinkExtractor().extract_links(response):
            # Same site only (host and port: allow_domains would ignore the port).
            if link.url in exclude or host_key(link.url) != site or probed >= self.max_probes_per_page:
                continue
            probed += 1
            yield scrapy.Request(link.url, callback=self.parse_candidate)

    def parse_candidate(self, response: Response) -> Iterator[Any]:
        """A probed link: a product detail URL when the page carries schema.org Product data."""
        if not isinstance(response, TextResponse):
            return
        profile = self.profile_for(response.url)
        if ProductPage(response.url, response.body, profile, encoding=response.encoding).schema_product:
            item = self._detail_item(response.request.url, profile, response.url)
            if item:
                yield item
