"""SeleniumMiddleware: scrapy-selenium's SeleniumRequest rendered in-process (pytest-twisted).

Crawls run with CrawlerRunner on the test reactor; the browser can reach only 127.0.0.1.
"""
from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import pytest
import pytest_twisted
import scrapy
from scrapy import signals
from scrapy.crawler import CrawlerRunner
from scrapy.exceptions import IgnoreRequest
from scrapy.utils.test import get_crawler
from scrapy_selenium import SeleniumRequest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from productscraper.browser import LOOPBACK_ONLY, RenderTimeout, shutdown_browser
from productscraper.middlewares.selenium import SeleniumMiddleware
from productscraper.operations.netutil import free_port, wait_listening
from tests.services import ROOT, python_json
from tests.test_browser import JS_PAGE, serve_pages, skip_without_browser

pytestmark = pytest.mark.browser

CORPUS = ROOT.parent / "shared" / "corpus"
SETTINGS = {
    "DOWNLOADER_MIDDLEWARES": {"productscraper.middlewares.selenium.SeleniumMiddleware": 800},
    "SELENIUM_EXTRA_ARGUMENTS": [LOOPBACK_ONLY],
    "ROBOTSTXT_OBEY": False,
    "LOG_LEVEL": "WARNING",
    "TELNETCONSOLE_ENABLED": False,
    "REMOTE_CONTROL_ENABLED": False,
}


def css(selector: str):
    return EC.presence_of_element_located((By.CSS_SELECTOR, selector))


class OneShotSpider(scrapy.Spider):
    """Sends the requests ``make_requests(spider)`` builds; keeps responses and failures."""

    name = "oneshot"

    def __init__(self, make_requests: Callable[["OneShotSpider"], list[scrapy.Request]], **kwargs):
        super().__init__(**kwargs)
        self.make_requests = make_requests
        self.responses: list[scrapy.http.Response] = []
        self.failures: list = []
        self.done_at: dict[str, float] = {}

    async def start(self):
        for request in self.make_requests(self):
            yield request

    def parse(self, response):
        self.responses.append(response)
        self.done_at[response.url] = time.monotonic()
        for quote in response.css("div.quote"):
            yield {"text": quote.css("span.text::text").get(),
                   "author": quote.css("small.author::text").get()}

    def failed(self, failure):
        self.failures.append(failure)


async def crawl(make_requests, **settings) -> tuple[list[dict], OneShotSpider]:
    items: list[dict] = []
    crawler = CrawlerRunner({**SETTINGS, **settings}).create_crawler(OneShotSpider)
    crawler.signals.connect(lambda item, **_: items.append(item), signal=signals.item_scraped,
                            weak=False)
    await crawler.crawl(make_requests=make_requests)
    return items, crawler.spider


@pytest.fixture(scope="module")
def quotes() -> Iterator[str]:
    """The offline quotes corpus served on a free loopback port (skipped when absent)."""
    root = CORPUS / "quotes"
    if not (root / "js" / "index.html").exists():
        pytest.skip(f"offline quotes corpus not found at {root} (present only next to the workplace clone)")
    skip_without_browser()
    port = free_port()
    server = subprocess.Popen([sys.executable, str(CORPUS / "serve.py"), str(root), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_listening("127.0.0.1", port, 10), "corpus server did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture(scope="module")
def js_site() -> Iterator[str]:
    """A page of our own whose content JavaScript builds 300 ms after load."""
    skip_without_browser()
    with serve_pages({"/js": JS_PAGE, "/plain": "<p>plain</p>",
                      "/never": "<div id='app'></div>",
                      "/late": JS_PAGE.replace("300);", "1500);")}) as url:
        yield url


@pytest.fixture(scope="module", autouse=True)
def _quit_browser_after_module():
    yield
    shutdown_browser()


@pytest_twisted.ensureDeferred
async def test_selenium_request_waiting_for_quotes_yields_the_ten_quotes(quotes):
    items, spider = await crawl(lambda s: [SeleniumRequest(
        url=quotes + "/js/", callback=s.parse, errback=s.failed, wait_time=10,
        wait_until=css("div.quote"))])
    assert not spider.failures
    assert len(items) == 10
    assert items[0]["author"] == "Albert Einstein"
    assert all(i["text"].startswith("\u201c") for i in items)
    assert spider.responses[0].meta["ps_rendered"] is True


@pytest_twisted.ensureDeferred
async def test_plain_request_for_the_javascript_page_yields_no_quotes(quotes):
    items, spider = await crawl(lambda s: [scrapy.Request(quotes + "/js/", callback=s.parse)])
    assert items == []
    assert len(spider.responses) == 1
    assert "ps_rendered" not in spider.responses[0].meta


@pytest_twisted.ensureDeferred
async def test_screenshot_true_puts_png_bytes_in_meta(quotes):
    _, spider = await crawl(lambda s: [SeleniumRequest(
        url=quotes + "/js/", callback=s.parse, wait_time=10, wait_until=css("div.quote"),
        screenshot=True)])
    shot = spider.responses[0].meta["screenshot"]
    assert isinstance(shot, bytes) and shot.startswith(b"\x89PNG\r\n\x1a\n")


@pytest_twisted.ensureDeferred
async def test_non_selenium_request_is_untouched_by_the_middleware(tmp_path):
    # Executables that do not exist: touching the browser for a plain request would fail.
    crawler = get_crawler(settings_dict={"SELENIUM_BROWSER_EXECUTABLE_PATH": str(tmp_path / "none")})
    middleware = SeleniumMiddleware.from_crawler(crawler)
    request = scrapy.Request("http://127.0.0.1:9/")
    assert await middleware.process_request(request) is None
    assert request.meta == {}
    # ...while a SeleniumRequest fails with IgnoreRequest naming what is missing.
    with pytest.raises(IgnoreRequest, match=str(tmp_path / "none")):
        await middleware.process_request(SeleniumRequest(url="http://127.0.0.1:9/"))


@pytest_twisted.ensureDeferred
async def test_page_built_by_javascript_after_300ms_renders(js_site):
    items, spider = await crawl(lambda s: [
        SeleniumRequest(url=js_site + "/js", callback=s.parse, errback=s.failed,
                        wait_time=5, wait_until=css("p.late"), script="window.scrollTo(0, 0);"),
    ])
    assert not spider.failures
    response = spider.responses[0]
    assert response.css("p.late::text").get() == "built by javascript"
    assert response.url == js_site + "/js"


@pytest_twisted.ensureDeferred
async def test_rendering_does_not_block_other_requests(js_site):
    # The render waits 1.5 s for its content; the plain request must not wait for it.
    _, spider = await crawl(lambda s: [
        SeleniumRequest(url=js_site + "/late", callback=s.parse, errback=s.failed,
                        wait_time=5, wait_until=css("p.late")),
        scrapy.Request(js_site + "/plain", callback=s.parse),
    ])
    assert not spider.failures
    assert spider.done_at[js_site + "/plain"] < spider.done_at[js_site + "/late"]


@pytest_twisted.ensureDeferred
async def test_wait_until_never_met_fails_with_a_transient_render_timeout(js_site):
    from productscraper.worker.outcomes import classify_failure

    _, spider = await crawl(lambda s: [
        SeleniumRequest(url=js_site + "/never", callback=s.parse, errback=s.failed,
                        wait_time=1, wait_until=css("p.late")),
    ], RETRY_ENABLED=False)  # RenderTimeout is an OSError, which RetryMiddleware retries
    assert spider.responses == []
    [failure] = spider.failures
    assert isinstance(failure.value, RenderTimeout)
    assert classify_failure(js_site + "/never", failure).transient


def test_a_crawler_that_never_renders_does_not_import_selenium():
    # Every spider and worker has the middleware enabled; most never render, and
    # Selenium costs ~0.1 s of start-up to import.
    code = (
        "import asyncio, json, sys, scrapy\n"
        "from scrapy.utils.test import get_crawler\n"
        "from productscraper.middlewares.selenium import SeleniumMiddleware\n"
        "mw = SeleniumMiddleware.from_crawler(get_crawler())\n"
        "assert asyncio.run(mw.process_request(scrapy.Request('http://127.0.0.1:9/'))) is None\n"
        "print(json.dumps(sorted(m for m in sys.modules\n"
        "                        if m.split('.')[0] in ('selenium', 'scrapy_selenium'))))\n"
    )
    assert python_json(code) == []
