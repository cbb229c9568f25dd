"""The listing spider: walks listing/category pages and yields product detail URLs."""
from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import scrapy
from scrapy.exceptions import UsageError
from scrapy.http import Response, TextResponse

from scrapy.linkextractors import LinkExtractor

from productscraper.spiders.encoding import body_encoding
from productscraper.items import DetailUrlItem
from productscraper.pages.listing import ListingPage
from productscraper.pages.product import ProductPage
from productscraper.profiles import DISCOVERY_MODES, GENERIC, SiteProfile, get_profile, profile_for_url
from productscraper.spiders.sitemaps import SitemapDiscovery
from productscraper.spiders.speculation import SPEC_META, ParsedListing, Speculator
from productscraper.config import get_config
from productscraper.browser.waits import AllLoaded, needs_browser, renders_listings
from productscraper.storage.runs import new_run_id
from productscraper.urls import InvalidURL, canonical_url, host_key, validate_url

#: Scheduler priority of listing pages over other requests (the catalog spider's product
#: pages, generic-profile probes): the next listing page takes the first free slot.
LISTING_PRIORITY = 10


class ListingsSpider(SitemapDiscovery, scrapy.Spider):
    """``scrapy crawl listings -a start_url=URL [-a start_url2=URL] [-a run_id=ID] [-a profile=NAME]
    [-a discovery=auto|listing|sitemap] [-a speculate_pages=K]``.

    Which links are listings, pagination and products comes from the site profile
    (chosen per start URL by host:port, or forced with ``-a profile=NAME``). ``discovery``
    (default: the profile's, "auto"): sitemaps (robots.txt's, or a sitemap given as
    start URL; :mod:`productscraper.spiders.sitemaps`) or the listing pages, walked with
    speculative pagination (:mod:`productscraper.spiders.speculation`).
    """

    name = "listings"
    LISTING_PRIORITY = LISTING_PRIORITY
    #: It yields detail URLs, never products: the MongoDB pipeline stays off for it.
    stores_products = False
    #: Generic profile only: how many same-site links of one listing page are probed
    #: for schema.org Product data when the page itself names no product links.
    max_probes_per_page = 200

    def __init__(self, start_url: str | None = None, run_id: str | None = None,
                 profile: str | None = None, start_urls: str | None = None,
                 discovery: str | None = None, speculate_pages: str | int | None = None,
                 **kwargs: Any) -> None:
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
        if discovery is not None and discovery not in DISCOVERY_MODES:
            raise UsageError(f"listings: discovery must be one of {', '.join(DISCOVERY_MODES)}; got {discovery!r}")
        self.discovery = discovery
        try:
            self.speculate_pages = None if speculate_pages is None else int(speculate_pages)
        except ValueError:
            self.speculate_pages = -1
        if self.speculate_pages is not None and self.speculate_pages < 0:
            raise UsageError(f"listings: speculate_pages must be an integer >= 0; got {speculate_pages!r}")
        self.forced_profile: SiteProfile | None = get_profile(profile) if profile else None
        if run_id is None:
            run_id = new_run_id()
            # Printed (not only logged) so a user piping logs away still sees it.
            print(f"run_id: {run_id}", file=sys.stdout, flush=True)
        self.run_id = run_id
        self._seen: set[str] = set()
        self.speculator = Speculator()

    def profile_for(self, url: str) -> SiteProfile:
        """The forced profile, else the one matching ``url``'s host."""
        return self.forced_profile or profile_for_url(url)

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            for request in self.discovery_requests(url, self.discovery or self.profile_for(url).discovery):
                yield request

    def listing_request(self, url: str, chain_page: Any = None, *, speculative: bool = False,
                        again: bool = False) -> scrapy.Request:
        """A listing page request: rendered (every "load more" loaded) when the profile says so.

        ``chain_page`` marks a page of a numeric chain; pages fetched ahead of the walk go
        one step below the walk's own next page (still above every product request).
        """
        meta: dict[str, Any] = {"ps_listing": True}
        if chain_page is not None:
            meta[SPEC_META] = chain_page
        priority = LISTING_PRIORITY - 1 if speculative else LISTING_PRIORITY
        if renders_listings(self.profile_for(url)):
            from scrapy_selenium import SeleniumRequest

            return SeleniumRequest(url=url, callback=self.parse_listing, errback=self.listing_failed,
                                   meta=meta, priority=priority, dont_filter=again,
                                   wait_time=get_config().render_wait_s * 4, wait_until=AllLoaded())
        return scrapy.Request(url, callback=self.parse_listing, errback=self.listing_failed,
                              meta=meta, priority=priority, dont_filter=again)

    def listing_failed(self, failure) -> None:
        """A listing page could not be fetched: say so loudly (its products stay undiscovered).

        A page fetched ahead of the walk that fails (the 404 after the last page) only
        ends that chain's speculation; the walk fetches it again if it gets there.
        """
        chain_page = failure.request.meta.get(SPEC_META)
        if chain_page is not None and not self.speculator.failed(chain_page):
            self.crawler.stats.inc_value("listings/speculation/failed")
            return
        self.crawler.stats.inc_value("listings/failed_pages")
        self.logger.error("listing page %s failed: %s: %s", failure.request.url,
                          type(failure.value).__name__, failure.value)

    def parse_listing(self, response: Response) -> Iterator[Any]:
        """Yield a :class:`DetailUrlItem` per new product link, then follow pagination."""
        if not isinstance(response, TextResponse):
            self.logger.warning("listing %s is not HTML (%s); skipped", response.url,
                                response.headers.get(b"Content-Type"))
            return
        page = ListingPage(response.url, response.body, self.profile_for(response.url),
                           encoding=body_encoding(response))
        parsed = ParsedListing(response.url, tuple(page.product_urls()),
                               tuple(response.urljoin(u) for u in page.next_page_urls()),
                               tuple(response.urljoin(u) for u in page.category_urls()))
        chain_page = getattr(response.request, "meta", {}).get(SPEC_META)  # None: a start page
        if chain_page is not None and not self.speculator.arrived(chain_page, parsed):
            self.crawler.stats.inc_value("listings/speculation/parked")
            return  # fetched ahead of the walk: handed out when the walk reaches it
        pending = [parsed]
        while pending:
            current = pending.pop(0)
            yield from self._hand_out(current, response if current is parsed else None, pending)

    def _hand_out(self, parsed: ParsedListing, response: TextResponse | None,
                  pending: list[ParsedListing]) -> Iterator[Any]:
        """A page the walk reached: follow its links, then yield its products."""
        profile = self.profile_for(parsed.url)
        ahead = self.speculate_pages if self.speculate_pages is not None else profile.speculate_pages
        if renders_listings(profile):
            ahead = 0  # a rendered listing page costs a browser tab: never fetched on speculation
        # Pagination first: walking the listing chain is the critical path of a run, and
        # the page's items may wait in the enqueue pipeline while it flushes a batch.
        for url in parsed.next_urls:
            fetches, ready = self.speculator.follow(parsed.url, url, ahead)
            for fetch in fetches:
                yield self.listing_request(fetch.url, fetch.page, speculative=fetch.speculative,
                                           again=fetch.again)
            pending.extend(ready)
        for url in parsed.categories:
            yield self.listing_request(url)
        for url in parsed.products:
            item = self._detail_item(url, profile, parsed.url)
            if item:
                yield item
        if not parsed.products and profile.name == GENERIC and response is not None:
            yield from self._probe_links(response, exclude={*parsed.next_urls, *parsed.categories})

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
        if ProductPage(response.url, response.body, profile, encoding=body_encoding(response)).schema_product:
            item = self._detail_item(response.request.url, profile, response.url)
            if item:
                yield item
