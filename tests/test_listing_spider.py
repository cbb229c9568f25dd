"""The listing spider, in-process (pytest-twisted), on the demo shop."""
import pytest
import pytest_twisted
from scrapy import Request, signals
from scrapy.crawler import CrawlerRunner
from scrapy.exceptions import UsageError
from scrapy.http import HtmlResponse
from scrapy.utils.project import get_project_settings
from scrapy.utils.test import get_crawler

from productscraper.items import DetailUrlItem
from productscraper.spiders.listings import LISTING_PRIORITY, ListingsSpider


@pytest.fixture
def crawl_listings(redis_url, prefix):
    """An in-process listing crawl collecting its items (no broker, the tests' own Redis)."""

    async def crawl(settings_extra: dict | None = None, **kwargs) -> list[DetailUrlItem]:
        settings = get_project_settings()
        settings.setdict(settings_extra or {})
        settings.set("ITEM_PIPELINES", {})  # no broker: collect the items instead
        settings.set("RATELIMIT_REDIS_URL", redis_url)  # robots.txt cache, rate limiter
        settings.set("RATELIMIT_KEY_PREFIX", prefix)
        settings.set("LOG_LEVEL", "WARNING")
        items: list[DetailUrlItem] = []
        crawler = CrawlerRunner(settings).create_crawler(ListingsSpider)
        crawler.signals.connect(lambda item, **_: items.append(item), signal=signals.item_scraped,
                                weak=False)
        await crawler.crawl(**kwargs)
        return items

    return crawl


@pytest_twisted.ensureDeferred
async def test_listing_spider_follows_pagination_and_yields_each_product_once(demo_shop, crawl_listings):
    shop = demo_shop(products=45, per_page=10)
    items = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="t1")
    urls = [i.url for i in items]
    assert len(urls) == len(set(urls)) == 45
    assert set(urls) == {p["url"] for p in shop.truth()}
    assert all(i.run_id == "t1" and i.profile == "demo" for i in items)


@pytest_twisted.ensureDeferred
async def test_two_start_urls_overlapping_yield_no_duplicates(demo_shop, crawl_listings):
    shop = demo_shop(products=30, per_page=10)
    items = await crawl_listings(start_url=shop.listing_url,
                                 start_url2=shop.url + "/catalogue/page-2.html",
                                 profile="demo", run_id="t2")
    assert len(items) == len({i.url for i in items}) == 30


@pytest_twisted.ensureDeferred
async def test_generic_profile_finds_products_by_their_schema_org_data(demo_shop, crawl_listings):
    shop = demo_shop(products=12, per_page=5)
    items = await crawl_listings(start_url=shop.listing_url, run_id="t3")  # no profile
    assert {i.url for i in items} == {p["url"] for p in shop.truth()}
    assert {i.profile for i in items} == {"generic"}


@pytest.mark.parametrize("bad", ["ftp://example.com/", "not a url", "http://"])
def test_invalid_start_url_is_a_usage_error(bad):
    with pytest.raises(UsageError, match="invalid start URL"):
        ListingsSpider(start_url=bad)


def test_missing_start_url_is_a_usage_error():
    with pytest.raises(UsageError, match="start_url"):
        ListingsSpider()


def test_run_id_is_generated_and_printed_when_not_given(capsys):
    spider = ListingsSpider(start_url="http://127.0.0.1:1/")
    assert spider.run_id
    assert f"run_id: {spider.run_id}" in capsys.readouterr().out


PLAIN_SITE = {
    "/list": '<html><body><a href="/p/1">One</a> <a href="/p/2">Two</a> <a href="/about">About</a>'
             '<a rel="next" href="/list2">next</a></body></html>',
    "/list2": '<html><body><a href="/p/3">Three</a></body></html>',
    "/about": "<html><body><h1>About us</h1></body></html>",
    **{f"/p/{i}": ('<html><head><script type="application/ld+json">{"@context": "https://schema.org",'
                   f'"@type": "Product", "name": "Item {i}", "offers": {{"price": "{i}.00",'
                   '"priceCurrency": "EUR"}}</script></head><body><h1>Item</h1></body></html>')
       for i in (1, 2, 3)},
}


@pytest.fixture
def plain_site():
    """A site whose listings name products with nothing but plain links."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = PLAIN_SITE.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write((body or "").encode())

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest_twisted.ensureDeferred
async def test_generic_profile_probes_plain_links_for_product_pages(plain_site, crawl_listings):
    items = await crawl_listings(start_url=f"{plain_site}/list", run_id="t4")
    assert {i.url for i in items} == {f"{plain_site}/p/{n}" for n in (1, 2, 3)}


async def _render_js_listing(demo_shop, crawl_listings, path: str, run_id: str):
    """(items, shop) of a listing crawl of the demo shop's scripted listing in Chromium."""
    import shutil

    if not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed")
    from productscraper.browser import shutdown_browser

    shop = demo_shop(products=45, per_page=10, js=True)
    shutdown_browser()  # a fresh browser, whatever earlier in-process tests left
    try:
        items = await crawl_listings(
            settings_extra={"SELENIUM_EXTRA_ARGUMENTS": [
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]},
            start_url=f"{shop.url}{path}", profile="demo_js_scroll", run_id=run_id)
    finally:
        shutdown_browser()  # this test's own process rendered: leave no browser behind
    return items, shop


@pytest.mark.browser
@pytest_twisted.ensureDeferred
async def test_a_scripted_listing_with_load_more_is_rendered_until_everything_is_loaded(
        demo_shop, crawl_listings):
    items, shop = await _render_js_listing(demo_shop, crawl_listings, "/js/catalogue/", "t5")
    assert {i.url for i in items} == {p["url"] for p in shop.truth()}
    assert all(i.render for i in items)  # render = "both": the products go to the browser queue


@pytest.mark.browser
@pytest_twisted.ensureDeferred
async def test_a_load_more_button_under_an_overlay_is_still_clicked(demo_shop, crawl_listings):
    # The button is clicked as an element, not at its coordinates: a mouse click there
    # lands on whatever covers it (here an invisible full-window link). The same race,
    # with a card the last batch pushed into the button's place, once navigated the
    # browser to a product page and the listing came out empty.
    items, shop = await _render_js_listing(demo_shop, crawl_listings,
                                           "/js/catalogue/?overlay=1", "t5o")
    assert {i.url for i in items} == {p["url"] for p in shop.truth()}


@pytest_twisted.ensureDeferred
async def test_the_same_scripted_listing_without_a_browser_yields_nothing(demo_shop, crawl_listings):
    shop = demo_shop(products=15, js=True)
    items = await crawl_listings(start_url=f"{shop.url}/js/catalogue/", profile="demo", run_id="t6")
    assert items == []


def test_a_listing_page_follows_its_next_page_before_handing_over_its_products():
    # The listing chain is a run's critical path: the next page must not wait while the
    # enqueue pipeline flushes this page's URLs, nor queue behind product requests.
    body = b"""<html><body><section class="products">
      <article class="product"><h3><a class="product-link" href="/product/1/">One</a></h3></article>
      <article class="product"><h3><a class="product-link" href="/product/2/">Two</a></h3></article>
    </section><ul class="pager"><li class="next"><a href="page-2.html">next</a></li></ul></body></html>"""
    spider = ListingsSpider.from_crawler(get_crawler(ListingsSpider), profile="demo", run_id="t6",
                                         start_url="http://127.0.0.1:1/catalogue/page-1.html")
    response = HtmlResponse("http://127.0.0.1:1/catalogue/page-1.html", body=body)
    out = list(spider.parse_listing(response))
    assert isinstance(out[0], Request) and out[0].url.endswith("/catalogue/page-2.html")
    assert out[0].priority == LISTING_PRIORITY > 0
    # then the pages fetched ahead (speculate_pages = 4), just below the walk's own next page
    ahead = out[1:5]
    assert [r.url.rsplit("/", 1)[1] for r in ahead] == [f"page-{n}.html" for n in (3, 4, 5, 6)]
    assert all(isinstance(r, Request) and 0 < r.priority < LISTING_PRIORITY for r in ahead)
    assert [type(o) for o in out[5:]] == [DetailUrlItem, DetailUrlItem]
