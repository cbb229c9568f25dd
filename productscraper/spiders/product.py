"""The product spider: one request per product detail page.

Run alone (``scrapy crawl product -a url=URL -a run_id=ID``) it scrapes one page;
inside a Celery worker the :mod:`productscraper.worker.crawl_service` keeps one instance open
for the life of the process and feeds it a request per task.
"""
from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import scrapy
from scrapy import signals
from scrapy.exceptions import DontCloseSpider
from scrapy.http import Response, TextResponse
from twisted.python.failure import Failure

from productscraper.spiders.encoding import body_encoding
from productscraper.worker import outcomes
from productscraper.config import get_config
from productscraper.items import ProductItem
from productscraper.pages.product import ProductPage
from productscraper.profiles import SiteProfile, get_profile, profile_for_url
from productscraper.browser.waits import looks_script_built, product_wait
from productscraper.signals import product_outcome
from productscraper.worker.task_timing import mark

HTML_TYPES = (b"text/html", b"application/xhtml")
NOT_MODIFIED = 304


def response_validators(response: Response) -> dict[str, str]:
    """The response's ``ETag`` / ``Last-Modified`` (what a conditional request sends back)."""
    found = {}
    for key, header in (("etag", b"ETag"), ("last_modified", b"Last-Modified")):
        value = response.headers.get(header)
        if value:
            found[key] = value.decode("latin-1")
    return found


def conditional_headers(validators: dict[str, str] | None) -> dict[str, str]:
    """``If-None-Match`` / ``If-Modified-Since`` for a product's stored validators."""
    headers = {}
    if validators and validators.get("etag"):
        headers["If-None-Match"] = validators["etag"]
    if validators and validators.get("last_modified"):
        headers["If-Modified-Since"] = validators["last_modified"]
    return headers


def is_html(response: Response) -> bool:
    """True for an HTML answer (by Content-Type, or sniffed when none is given)."""
    ctype = (response.headers.get(b"Content-Type") or b"").split(b";")[0].strip().lower()
    if ctype:
        return ctype.startswith(HTML_TYPES)
    return isinstance(response, TextResponse) and b"<html" in response.body[:2048].lower()


class ProductSpider(scrapy.Spider):
    """Scrapes product detail pages into :class:`ProductItem`."""

    name = "product"
    custom_settings = {"RETRY_ENABLED": False}  # the Celery task owns retries (back-off)

    def __init__(self, url: str | None = None, run_id: str = "adhoc", profile: str | None = None,
                 keep_alive: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.url = url
        self.run_id = run_id
        self.profile_name = profile
        self.keep_alive = keep_alive

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any) -> "ProductSpider":
        spider = super().from_crawler(crawler, *args, **kwargs)
        if spider.keep_alive:
            crawler.signals.connect(spider._stay_open, signal=signals.spider_idle)
        return spider

    def _stay_open(self) -> None:
        # A worker's spider lives as long as its process: tasks inject requests.
        raise DontCloseSpider

    async def start(self) -> AsyncIterator[scrapy.Request]:
        if self.url:
            yield self.make_request(self.url, run_id=self.run_id, profile=self.profile_name)

    def make_request(self, url: str, *, run_id: str, profile: str | None = None,
                     key: str | None = None, attempt: int = 1, render: bool = False,
                     validators: dict[str, str] | None = None) -> scrapy.Request:
        """The request for one product URL (``dont_filter``: repeats are legitimate retries).

        ``validators`` (the stored product's ``etag``/``last_modified``) make it a
        conditional request: a 304 answer ends the URL ``unchanged``, without extraction.

        ``render=True`` builds a ``SeleniumRequest`` that waits for the profile's
        ``wait_for`` selector, else until the extractor accepts the page
        (:func:`productscraper.browser.waits.product_wait`), within RENDER_BUDGET seconds from
        navigation to the DOM read, fetching only what the resource policy allows.
        """
        meta = {"ps_key": key, "ps_run_id": run_id, "ps_profile": profile, "ps_url": url,
                "ps_attempt": attempt, "ps_render": render}
        if render:
            from scrapy_selenium import SeleniumRequest

            site = self.resolve_profile(profile, url)
            budget = get_config().render_budget_s
            meta.update(render_budget=budget, render_allow_hosts=site.render_allow_hosts)
            return SeleniumRequest(url=url, callback=self.parse_product, errback=self.on_error,
                                   meta=meta, dont_filter=True, wait_time=budget,
                                   wait_until=product_wait(site))
        headers = conditional_headers(validators)
        if headers:
            # 304 reaches the callback only when asked for (HttpErrorMiddleware).
            meta.update(ps_conditional=True, handle_httpstatus_list=[NOT_MODIFIED])
        return scrapy.Request(url, callback=self.parse_product, errback=self.on_error,
                              meta=meta, dont_filter=True, headers=headers or None)

    def resolve_profile(self, name: str | None, url: str) -> SiteProfile:
        """The named profile, else the one matching the URL's host."""
        return get_profile(name) if name else profile_for_url(url)

    def parse_product(self, response: Response) -> Iterator[Any]:
        """Extract the raw product data with the page object."""
        meta = response.meta
        url = meta.get("ps_url") or response.url
        marks = meta.get("ps_marks")
        mark(marks, "response")
        if marks is not None and meta.get("download_latency") is not None:
            marks["download_latency"] = meta["download_latency"]  # Scrapy's, in seconds
        if response.status == NOT_MODIFIED:  # only a conditional request lets a 304 in here
            self.report(meta, outcomes.Outcome("unchanged", url, status=NOT_MODIFIED,
                                               reason="HTTP 304 Not Modified"))
            return
        if not is_html(response):
            ctype = (response.headers.get(b"Content-Type") or b"unknown").decode("latin-1")
            self.report(meta, outcomes.failed(url, "NotHTML", f"non-HTML content: {ctype}",
                                              status=response.status))
            return
        profile = self.resolve_profile(meta.get("ps_profile"), url)
        page = ProductPage(response.url, response.body, profile, encoding=body_encoding(response))
        rendered = bool(meta.get("ps_rendered"))
        if not rendered and profile.render_on_miss and looks_script_built(page, response):
            # The plain HTML has no product data but has scripts, so the page is probably
            # built by JavaScript: the task hands it to a browser worker - or, with no
            # browser to hand it to, ends it now with the reason (never queued forever).
            cfg = get_config()
            if cfg.rendering_allowed:
                self.report(meta, outcomes.Outcome("render", url, reason="no product data in the "
                                                   "plain HTML: rendering in a browser"))
            else:
                self.report(meta, outcomes.failed(url, "NeedsJavaScript", cfg.no_rendering_reason,
                                                  status=response.status))
            return
        extra = {} if page.has_product_data() else {"no_product_data": True}
        found = response_validators(response)
        if found and not rendered:
            extra["validators"] = found
        yield ProductItem(url=url, run_id=meta["ps_run_id"], raw=page.to_raw(),
                          profile=profile.name, task_key=meta.get("ps_key"),
                          attempt=meta.get("ps_attempt", 1), rendered=rendered,
                          status=response.status, extra=extra, marks=marks)

    def on_error(self, failure: Failure) -> None:
        """Download failed (HTTP error, timeout, robots.txt, ...): report why."""
        request = failure.request  # set by Scrapy on errbacks
        url = request.meta.get("ps_url") or request.url
        outcome = outcomes.classify_failure(url, failure)
        self.logger.info("product %s failed: %s (%s)", url, outcome.reason,
                         "transient" if outcome.transient else "permanent")
        self.report(request.meta, outcome)

    def report(self, meta: dict, outcome: outcomes.Outcome) -> None:
        """Tell whoever waits for this request (the task) how it ended."""
        self.crawler.signals.send_catch_log(product_outcome, key=meta.get("ps_key"),
                                            outcome=outcome)
