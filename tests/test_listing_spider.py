"""The listing spider, in-process (pytest-twisted), on the demo shop."""
import pytest
import pytest_twisted
from scrapy import signals
from scrapy.crawler import CrawlerRunner
from scrapy.exceptions import UsageError
from scrapy.utils.project import get_project_settings

from productscraper.items import DetailUrlItem
from productscraper.spiders.listings import ListingsSpider


async def crawl_listings(**kwargs) -> list[DetailUrlItem]:
    settings = get_project_settings()
    settings.set("ITEM_PIPELINES", {})  # no broker: collect the items instead
    settings.set("LOG_LEVEL", "WARNING")
    items: list[DetailUrlItem] = []
    crawler = CrawlerRunner(settings).create_crawler(ListingsSpider)
    crawler.signals.connect(lambda item, **_: items.append(item), signal=signals.item_scraped,
                            weak=False)
    await crawler.crawl(**kwargs)
    return items


@pytest_twisted.ensureDeferred
async def test_listing_spider_follows_pagination_and_yields_each_product_once(demo_shop):
    shop = demo_shop(products=45, per_page=10)
    items = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="t1")
    urls = [i.url for i in items]
    assert len(urls) == len(set(urls)) == 45
    assert set(urls) == {p["url"] for p in shop.truth()}
    assert all(i.run_id == "t1" and i.profile == "demo" for i in items)


@pytest_twisted.ensureDeferred
async def test_two_start_urls_overlapping_yield_no_duplicates(demo_shop):
    shop = demo_shop(products=30, per_page=10)
    items = await crawl_listings(start_url=shop.listing_url,
                                 start_url2=shop.url + "/catalogue/page-2.html",
                                 profile="demo", run_id="t2")
    assert len(items) == len({i.url for i in items}) == 30


@pytest_twisted.ensureDeferred
async def test_generic_profile_finds_products_by_their_schema_org_data(demo_shop):
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
