"""Speculative pagination: listing pages fetched ahead of the walk, same URLs as the walk."""
import math

import pytest
import pytest_twisted

from productscraper.pages.pagination import page_pattern
from productscraper.spiders.speculation import ParsedListing, Speculator
from tests.e2e import max_in_window
from tests.test_listing_spider import crawl_listings  # noqa: F401 - the fixture


def _catalogue_requests(shop) -> list[tuple[float, str, int]]:
    rows = [line.split() for line in shop.access_log_lines()]
    return [(float(t), path, int(status)) for t, _, path, status in rows if path.startswith("/catalogue/")]


@pytest.mark.parametrize("products, per_page", [(45, 10), (80, 10), (7, 10)])
@pytest_twisted.ensureDeferred
async def test_speculation_discovers_exactly_what_the_serial_walk_does(demo_shop, crawl_listings,
                                                                       products, per_page):
    # 45/10 = 5 pages (not a multiple of K = 4), 80/10 = 8 (a multiple), 7/10 = a single page
    shop = demo_shop(products=products, per_page=per_page)
    serial = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="serial",
                                  discovery="listing", speculate_pages="0")
    serial_pages = len(_catalogue_requests(shop))
    ahead = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="ahead",
                                 discovery="listing", speculate_pages="4")
    assert sorted(i.url for i in ahead) == sorted(i.url for i in serial)  # same URLs, each once
    assert {i.url for i in ahead} == {p["url"] for p in shop.truth()}
    spec = _catalogue_requests(shop)[serial_pages:]
    pages = -(-products // per_page)
    assert serial_pages == pages
    assert sorted(p for _, p, status in spec if status == 200) == sorted(
        f"/catalogue/page-{n}.html" for n in range(1, pages + 1))
    # fetched ahead: past the last page, answered 404, at most K of them
    past = [path for _, path, status in spec if status == 404]
    assert (1 if pages > 1 else 0) <= len(past) <= 4 and len(spec) == pages + len(past)


@pytest_twisted.ensureDeferred
async def test_a_shop_answering_pages_past_the_last_with_page_one_yields_the_walks_urls(
        demo_shop, crawl_listings):
    shop = demo_shop(products=45, per_page=10, extra_args=["--beyond-last", "first"])
    assert shop.fetch("/catalogue/page-9999.html").text == shop.fetch("/catalogue/page-1.html").text
    items = await crawl_listings(start_url=shop.listing_url, profile="demo", run_id="p1",
                                 discovery="listing", speculate_pages="4")
    assert len(items) == 45 and {i.url for i in items} == {p["url"] for p in shop.truth()}
    # speculation stops at the first page of products already seen: no endless walk
    fetched = [path for _, path, _ in _catalogue_requests(shop)]
    assert len(fetched) - 2 <= 5 + 4  # the two fetches above, 5 pages, at most K more


@pytest_twisted.ensureDeferred
async def test_speculative_requests_never_exceed_the_domains_rate_limit(demo_shop, crawl_listings):
    rate = 5
    shop = demo_shop(products=60, per_page=5)  # 12 pages
    items = await crawl_listings(
        settings_extra={"DOMAIN_RATE_LIMITS": f"127.0.0.1:{shop.port}={rate}"},
        start_url=shop.listing_url, profile="demo", run_id="rl", discovery="listing", speculate_pages="4")
    assert len(items) == 60
    times = [float(line.split()[0]) for line in shop.access_log_lines()]  # every request, robots.txt too
    assert len(times) >= 13
    busiest = max_in_window(times, 1.0)
    print(f"{len(times)} requests at {rate}/s: busiest 1 s window {busiest}")
    # Slots are granted 1/rate apart; arrivals at the shop jitter by a few ms around them, so
    # (as in test_politeness) a 1 s window's edges may hold one more arrival than the rate.
    assert busiest <= rate + 1
    # and the K pages fetched ahead did not come at once: half a second holds at most the
    # slots granted in it (0, 1/rate, 2/rate, ...) plus one late arrival from before it. Sent
    # together, the K + 1 pages would be there at once. (Gaps between two arrivals are no
    # measure: on a loaded machine one late arrival leaves a short gap after it, seen 75 ms.)
    half = 0.5
    bound = math.ceil(half * rate) + 1  # 4: below the K + 1 = 5 a burst would bring
    assert max_in_window(times, half) <= bound


@pytest.mark.parametrize("current, nxt, later", [
    ("http://s.test/catalogue/page-1.html", "http://s.test/catalogue/page-2.html", "http://s.test/catalogue/page-5.html"),
    ("http://s.test/index.html", "http://s.test/catalogue/page-2.html", "http://s.test/catalogue/page-5.html"),
    ("http://s.test/shoes", "http://s.test/shoes?page=2", "http://s.test/shoes?page=5"),
    ("http://s.test/shoes/page/2/", "http://s.test/shoes/page/3/", "http://s.test/shoes/page/6/"),
    ("http://s.test/s?q=a&p=1", "http://s.test/s?q=a&p=2", "http://s.test/s?q=a&p=5"),
    ("http://s.test/s?offset=20", "http://s.test/s?offset=40", "http://s.test/s?offset=100"),
    ("http://s.test/s", "http://s.test/s?offset=24", "http://s.test/s?offset=96"),
])
def test_numeric_next_page_patterns_give_the_pages_after(current, nxt, later):
    pattern = page_pattern(current, nxt)
    assert pattern is not None and pattern.url(pattern.number(1)) == nxt
    assert pattern.url(pattern.number(4)) == later


@pytest.mark.parametrize("current, nxt", [
    ("http://s.test/a", "http://s.test/b"),  # no number
    ("http://s.test/page-3.html", "http://s.test/page-2.html"),  # backwards
    ("http://s.test/x?page=2&y=1", "http://s.test/z?page=3&y=1"),  # another path
])
def test_links_without_a_growing_page_number_are_not_speculated_on(current, nxt):
    assert page_pattern(current, nxt) is None


def _page(url: str, *products: str, nxt: str = "") -> ParsedListing:
    return ParsedListing(url, products, (nxt,) if nxt else (), ())


def test_a_page_fetched_ahead_is_handed_out_only_when_the_walk_reaches_it():
    spec = Speculator()
    fetches, ready = spec.follow("http://s.test/page-1.html", "http://s.test/page-2.html", 2)
    assert [f.url for f in fetches] == [f"http://s.test/page-{n}.html" for n in (2, 3, 4)]
    assert [f.speculative for f in fetches] == [False, True, True] and ready == []
    p3 = _page("http://s.test/page-3.html", "/p/3", nxt="http://s.test/page-4.html")
    assert not spec.arrived(fetches[1].page, p3)  # ahead of the walk: parked
    p2 = _page("http://s.test/page-2.html", "/p/2", nxt="http://s.test/page-3.html")
    assert spec.arrived(fetches[0].page, p2)  # the walk's own next page
    fetches, ready = spec.follow(p2.url, p2.next_urls[0], 2)
    assert ready == [p3] and [f.url for f in fetches] == ["http://s.test/page-5.html"]


def test_a_failed_page_ahead_stops_speculation_and_is_fetched_again_when_the_walk_gets_there():
    spec = Speculator()
    fetches, _ = spec.follow("http://s.test/page-1.html", "http://s.test/page-2.html", 1)
    assert not spec.failed(fetches[1].page)  # page 3 failed while ahead: not reported
    assert spec.arrived(fetches[0].page, _page("http://s.test/page-2.html", "/p/2"))
    again, _ = spec.follow("http://s.test/page-2.html", "http://s.test/page-3.html", 1)
    assert [(f.url, f.again, f.speculative) for f in again] == [("http://s.test/page-3.html", True, False)]
    assert spec.failed(again[0].page)  # now the walk's own page: a real failure


def test_a_page_ahead_with_only_seen_products_stops_speculation():
    spec = Speculator()
    fetches, _ = spec.follow("http://s.test/page-1.html", "http://s.test/page-2.html", 1)
    assert spec.arrived(fetches[0].page, _page("http://s.test/page-2.html", "/p/1", "/p/2"))
    assert not spec.arrived(fetches[1].page, _page("http://s.test/page-3.html", "/p/1"))
    more, _ = spec.follow("http://s.test/page-2.html", "http://s.test/page-3.html", 3)
    assert more == [] and spec.stops == 1  # page 3 is parked, nothing more is fetched ahead

