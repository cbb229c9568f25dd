"""Sitemap discovery of the listing spider, in-process, on the demo shop's sitemaps."""
import logging
import uuid

import pytest
import pytest_twisted
from pymongo import MongoClient
from scrapy.exceptions import UsageError

from productscraper.demoshop.sitemaps import product_lastmod
from productscraper.profiles import ProfileError, load_profile_file
from productscraper.spiders.listings import ListingsSpider
from productscraper.spiders.sitemaps import is_site_root, is_sitemap_url
from productscraper.storage import ledger
from tests.test_listing_spider import crawl_listings  # noqa: F401 - the fixture

SITEMAP_PATHS = ("/sitemap_index.xml", "/sitemap-products-1.xml", "/sitemap-products-2.xml.gz")


def _paths(shop) -> list[str]:
    return [line.split()[2] for line in shop.access_log_lines()]


@pytest_twisted.ensureDeferred
async def test_sitemap_discovery_finds_the_same_urls_as_the_listing_walk(demo_shop, crawl_listings):
    shop = demo_shop(products=45, per_page=10)
    walked = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="w",
                                  discovery="listing")
    walk_requests = len(shop.access_log_lines())
    mapped = await crawl_listings(start_url=shop.url + "/", profile="demo", run_id="s")
    assert {i.url for i in mapped} == {i.url for i in walked} == {p["url"] for p in shop.truth()}
    assert len(mapped) == 45  # each once
    sitemap_run = _paths(shop)[walk_requests:]
    assert set(SITEMAP_PATHS) <= set(sitemap_run)  # the index, the plain and the gzipped sitemap
    assert not [p for p in sitemap_run if p.startswith(("/catalogue/", "/category/", "/product/"))]


@pytest_twisted.ensureDeferred
async def test_sitemap_urls_carry_their_lastmod(demo_shop, crawl_listings):
    shop = demo_shop(products=12, per_page=5)
    items = await crawl_listings(start_url=shop.url + "/", profile="demo", run_id="lm", discovery="sitemap")
    by_url = {p["url"]: p["id"] for p in shop.truth()}
    assert {i.url: i.lastmod for i in items} == {url: product_lastmod(pid) for url, pid in by_url.items()}


@pytest_twisted.ensureDeferred
async def test_sitemap_rules_leave_out_the_category_pages_of_a_sitemap(demo_shop, crawl_listings):
    shop = demo_shop(products=20, per_page=5)
    items = await crawl_listings(start_url=shop.url + "/sitemap-categories.xml", profile="demo",
                                 run_id="cat", discovery="sitemap")
    assert items == []  # the sitemap was read (below) but names no product
    assert "/sitemap-categories.xml" in _paths(shop)


@pytest_twisted.ensureDeferred
async def test_generic_sitemap_discovery_reads_product_sitemaps_and_probes_a_few_urls(
        demo_shop, crawl_listings):
    shop = demo_shop(products=30, per_page=10)
    items = await crawl_listings(start_url=shop.url + "/", run_id="g", discovery="sitemap")  # no profile
    assert {i.url for i in items} == {p["url"] for p in shop.truth()}
    paths = _paths(shop)
    assert "/sitemap-categories.xml" not in paths  # not named for products: not read
    assert len([p for p in paths if p.startswith("/product/")]) == 2 * 3  # 3 probes per sitemap


@pytest_twisted.ensureDeferred
async def test_a_gzipped_sitemap_given_as_start_url_is_read_directly(demo_shop, crawl_listings):
    shop = demo_shop(products=10, per_page=5)
    items = await crawl_listings(start_url=shop.url + "/sitemap-products-2.xml.gz", profile="demo", run_id="gz")
    assert sorted(i.url for i in items) == sorted(p["url"] for p in shop.truth()[5:])


@pytest_twisted.ensureDeferred
async def test_auto_walks_the_listing_when_robots_txt_names_no_sitemap(demo_shop, crawl_listings):
    shop = demo_shop(products=25, per_page=10, extra_args=["--no-sitemap"])
    items = await crawl_listings(start_url=shop.url + "/", profile="demo", run_id="ns")
    paths = _paths(shop)
    assert "/robots.txt" in paths and "/" in paths
    assert not [p for p in paths if "sitemap" in p]
    assert items == []  # the demo profile follows no categories: the home page names no product


@pytest_twisted.ensureDeferred
async def test_auto_walks_a_listing_page_given_as_start_url_even_with_a_sitemap(demo_shop, crawl_listings):
    shop = demo_shop(products=25, per_page=10)
    items = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="lp")
    assert len(items) == 25 and not [p for p in _paths(shop) if "sitemap" in p]


@pytest_twisted.ensureDeferred
async def test_discovery_sitemap_without_a_sitemap_is_a_clear_error(demo_shop, crawl_listings, caplog):
    shop = demo_shop(products=5, extra_args=["--no-sitemap"])
    with caplog.at_level(logging.ERROR):
        items = await crawl_listings(start_url=shop.url + "/", profile="demo", run_id="e", discovery="sitemap")
    assert items == []
    assert "robots.txt names no sitemap" in caplog.text and "discovery=listing" in caplog.text


@pytest_twisted.ensureDeferred
async def test_a_sitemap_that_is_not_xml_is_reported_and_skipped(demo_shop, crawl_listings, caplog):
    shop = demo_shop(products=5)
    with caplog.at_level(logging.ERROR):
        items = await crawl_listings(start_url=shop.url + "/robots.xml", profile="demo", run_id="bad",
                                     discovery="sitemap")
    assert items == []
    assert "listing page" in caplog.text and "robots.xml" in caplog.text  # a 404: failed loudly


@pytest.mark.parametrize("bad", ["all", "", "sitemaps"])
def test_an_unknown_discovery_mode_is_a_usage_error(bad):
    with pytest.raises(UsageError, match="discovery must be one of auto, listing, sitemap"):
        ListingsSpider(start_url="http://127.0.0.1:1/", discovery=bad)


@pytest.mark.parametrize("line, key", [
    ('discovery = "maybe"', "discovery"),
    ('sitemap_rules = ["/product/(\\\\d+"]', "sitemap_rules"),
    ("speculate_pages = -1", "speculate_pages"),
    ("speculate_pages = true", "speculate_pages"),
])
def test_bad_discovery_keys_of_a_profile_name_the_key(tmp_path, line, key):
    path = tmp_path / "shop.toml"
    path.write_text(f'name = "shop"\n{line}\n', encoding="utf-8")
    with pytest.raises(ProfileError, match=f"key '{key}'"):
        load_profile_file(path)


def test_the_ledger_keeps_a_sitemap_lastmod(mongo_srv):
    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")
    db = client[f"lm{uuid.uuid4().hex[:8]}"]
    try:
        ledger.register_many(db, [ledger.Entry("r", "http://a.test/p/1", lastmod="2026-03-04"),
                                  ledger.Entry("r", "http://a.test/p/2")])
        docs = {d["url"]: d for d in ledger.entries(db, "r")}
        assert docs["http://a.test/p/1"]["lastmod"] == "2026-03-04"
        assert "lastmod" not in docs["http://a.test/p/2"]
    finally:
        client.drop_database(db.name)
        client.close()


@pytest.mark.parametrize("url, sitemap, root", [
    ("http://s.test/", False, True), ("http://s.test", False, True),
    ("http://s.test/sitemap_index.xml", True, False), ("http://s.test/maps/products.xml.gz", True, False),
    ("http://s.test/catalogue/page-1.html", False, False), ("http://s.test/?q=shoes", False, False),
])
def test_start_urls_are_told_apart(url, sitemap, root):
    assert (is_sitemap_url(url), is_site_root(url)) == (sitemap, root)
