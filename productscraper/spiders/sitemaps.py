"""Sitemap discovery for the listing spider: robots.txt ``Sitemap:`` lines, sitemap indexes,
gzipped sitemaps, all read with Scrapy's own sitemap support (``scrapy.utils.sitemap``,
the body handling of ``SitemapSpider`` via ``scrapy.utils.gz``).

Which sitemap URLs are products:

* the profile's ``sitemap_rules`` (regexes, searched in the URL as SitemapSpider's rules
  are; a URL matching none is not a product), else
* generically: in a sitemap index only the sitemaps named for products are read (all of
  them when none is), and of each sitemap a few URLs are probed for schema.org Product
  data: all probes are products -> the whole sitemap is; none -> none of it; a mix -> every
  URL is probed (capped by the spider's ``max_probes_per_page``).
"""
from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import scrapy
from scrapy.http import Response, TextResponse, XmlResponse
from scrapy.utils.gz import gunzip, gzip_magic_number
from scrapy.utils.sitemap import Sitemap, sitemap_urls_from_robots

from productscraper.spiders.encoding import body_encoding
from productscraper.pages.product import ProductPage

logger = logging.getLogger(__name__)

#: A sitemap whose URL says it lists products ("sitemap-products-2.xml.gz", "product_sitemap.xml").
PRODUCT_SITEMAP = re.compile(r"product", re.I)
_SITEMAP_URL = re.compile(r"sitemap[^/]*\.xml(\.gz)?$|\.xml(\.gz)?$", re.I)
#: Generic sitemaps: URLs probed before a whole sitemap is taken for products.
SAMPLE = 3


def is_sitemap_url(url: str) -> bool:
    """True for a URL naming a sitemap (or sitemap index) file rather than a page."""
    return bool(_SITEMAP_URL.search(urlsplit(url).path))


def is_site_root(url: str) -> bool:
    """True for a site's home page: the only start URL ``discovery=auto`` reads sitemaps for
    (a listing page as start URL asks for that listing, not the whole site)."""
    parts = urlsplit(url)
    return parts.path in ("", "/") and not parts.query


def sitemap_body(response: Response, max_size: int, warn_size: int) -> bytes | None:
    """The XML of a sitemap response, gunzipped when gzipped; None if it is no sitemap.

    The same rules as ``SitemapSpider._get_sitemap_body`` (size limits included).
    """
    if isinstance(response, XmlResponse):
        return response.body
    if gzip_magic_number(response):
        try:
            body = gunzip(response.body, max_size=response.meta.get("download_maxsize", max_size))
        except ValueError:  # over the size limit (Scrapy's _DecompressionMaxSizeExceeded)
            return None
        warn = response.meta.get("download_warnsize", warn_size)
        if len(response.body) < warn <= len(body):
            logger.warning("%s: sitemap is %d bytes once decompressed", response.url, len(body))
        return body
    if response.url.endswith((".xml", ".xml.gz")):
        return response.body  # already gunzipped by HttpCompressionMiddleware
    return None


class SitemapDiscovery:
    """Mixin of :class:`~productscraper.spiders.listings.ListingsSpider`: the sitemap half."""

    def discovery_requests(self, url: str, mode: str) -> Iterator[scrapy.Request]:
        """The first request(s) for start URL ``url`` under discovery ``mode``."""
        if mode == "listing":
            yield self.listing_request(url)
        elif is_sitemap_url(url):
            yield self.sitemap_request(url)
        elif mode == "sitemap" or is_site_root(url):
            robots = f"{urlsplit(url).scheme}://{urlsplit(url).netloc}/robots.txt"
            yield scrapy.Request(robots, callback=self.parse_robots, errback=self.robots_failed,
                                 cb_kwargs={"start_url": url, "mode": mode}, priority=self.LISTING_PRIORITY,
                                 meta={"dont_obey_robotstxt": True, "ps_listing": True}, dont_filter=True)
        else:
            yield self.listing_request(url)

    def sitemap_request(self, url: str) -> scrapy.Request:
        """A sitemap (or sitemap index) request, at listing priority."""
        return scrapy.Request(url, callback=self.parse_sitemap, errback=self.listing_failed,
                              meta={"ps_listing": True}, priority=self.LISTING_PRIORITY)

    def parse_robots(self, response: Response, start_url: str, mode: str) -> Iterator[Any]:
        """robots.txt: its sitemaps, else (auto) the listing pages, else a clear error."""
        urls = list(sitemap_urls_from_robots(response.body, base_url=response.url))
        if urls:
            self.crawler.stats.inc_value("listings/discovery/sitemap")
            for url in urls:
                yield self.sitemap_request(url)
        else:
            yield from self._no_sitemap(start_url, mode, "robots.txt names no sitemap")

    def robots_failed(self, failure) -> Iterator[Any]:
        """robots.txt could not be read: as if it named no sitemap."""
        kwargs = failure.request.cb_kwargs
        yield from self._no_sitemap(kwargs["start_url"], kwargs["mode"], f"robots.txt failed: {failure.value}")

    def _no_sitemap(self, start_url: str, mode: str, why: str) -> Iterator[Any]:
        if mode == "sitemap":
            self.crawler.stats.inc_value("listings/discovery/no_sitemap")
            self.logger.error("discovery=sitemap: %s for %s; give the sitemap's URL as start_url, "
                              "or use -a discovery=listing", why, start_url)
            return
        self.crawler.stats.inc_value("listings/discovery/listing")
        yield self.listing_request(start_url)

    def parse_sitemap(self, response: Response) -> Iterator[Any]:
        """A sitemap index (follow its sitemaps) or a urlset (its product URLs)."""
        body = sitemap_body(response, self.settings.getint("DOWNLOAD_MAXSIZE"),
                            self.settings.getint("DOWNLOAD_WARNSIZE"))
        sitemap = Sitemap(body) if body else None
        if sitemap is None or sitemap.type not in ("sitemapindex", "urlset"):
            self.crawler.stats.inc_value("listings/sitemap/invalid")
            self.logger.error("sitemap %s is not a sitemap; skipped", response.url)
            return
        profile = self.profile_for(response.url)
        rules = [re.compile(r) for r in profile.sitemap_rules]
        if sitemap.type == "sitemapindex":
            locs = [entry["loc"] for entry in sitemap]
            if not rules:
                locs = [loc for loc in locs if PRODUCT_SITEMAP.search(loc)] or locs
            for loc in locs:
                yield self.sitemap_request(loc)
            return
        entries = [(entry["loc"], entry.get("lastmod")) for entry in sitemap]
        self.crawler.stats.inc_value("listings/sitemap/urls", len(entries))
        if rules:
            for loc, lastmod in entries:
                if any(rule.search(loc) for rule in rules):
                    yield from self._sitemap_item(loc, lastmod, response.url)
            return
        sample, rest = entries[:SAMPLE], entries[SAMPLE:]
        verdicts: dict[str, bool] = {}
        for loc, lastmod in sample:
            yield self._probe(loc, lastmod, response.url, verdicts=verdicts, sample=sample, rest=rest)

    def _sitemap_item(self, loc: str, lastmod: str | None, source: str) -> Iterator[Any]:
        item = self._detail_item(loc, self.profile_for(loc), source)
        if item:
            item.lastmod = lastmod
            yield item

    def _probe(self, loc: str, lastmod: str | None, source: str, **kwargs: Any) -> scrapy.Request:
        return scrapy.Request(loc, callback=self.parse_sitemap_probe, errback=self.sitemap_probe_failed,
                              cb_kwargs={"loc": loc, "lastmod": lastmod, "source": source, **kwargs})

    def parse_sitemap_probe(self, response: Response, loc: str, lastmod: str | None, source: str,
                            verdicts: dict[str, bool] | None = None, sample: list | None = None,
                            rest: list | None = None) -> Iterator[Any]:
        """A probed sitemap URL: a product when the page carries schema.org Product data."""
        is_product = isinstance(response, TextResponse) and bool(ProductPage(
            response.url, response.body, self.profile_for(response.url), encoding=body_encoding(response)
        ).schema_product)
        if is_product:
            yield from self._sitemap_item(loc, lastmod, source)
        if verdicts is not None:
            yield from self._sampled(loc, is_product, verdicts, sample or [], rest or [], source)

    def sitemap_probe_failed(self, failure) -> Iterator[Any]:
        """A probed URL failed: not counted as a product (the sample decides without it)."""
        kw = failure.request.cb_kwargs
        if kw.get("verdicts") is not None:
            yield from self._sampled(kw["loc"], False, kw["verdicts"], kw["sample"], kw["rest"],
                                     kw["source"])

    def _sampled(self, url: str, is_product: bool, verdicts: dict[str, bool], sample: list,
                 rest: list, source: str) -> Iterator[Any]:
        verdicts[url] = is_product
        if len(verdicts) < len(sample):
            return
        if all(verdicts.values()):
            for loc, lastmod in rest:
                yield from self._sitemap_item(loc, lastmod, source)
        elif any(verdicts.values()):
            for loc, lastmod in rest[:self.max_probes_per_page]:
                yield self._probe(loc, lastmod, source)
        else:
            self.logger.info("sitemap %s: no product data on %d probed URLs; skipped", source, len(sample))
