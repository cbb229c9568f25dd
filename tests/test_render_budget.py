"""A product render waits for what the page will have, within one budget, and nothing
outside the page holds it (real Chromium against the demo shop; no stack)."""
from __future__ import annotations

import shutil
import time

import pytest

from productscraper.browser import LOOPBACK_ONLY, BrowserPool, RenderTimeout
from productscraper.demoshop.testing import DemoShopProcess, HangingServer
from productscraper.pages.product import ProductPage
from productscraper.profiles import get_profile
from productscraper.browser.resource_policy import blocked_url_patterns
from productscraper.browser.waits import ExtractorAccepts, ProductDataPresent

pytestmark = pytest.mark.browser

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    pytest.skip("Debian's chromium and chromium-driver are not installed (make setup installs them)",
                allow_module_level=True)

BUDGET = 10.0
SETTLE = 1.5


@pytest.fixture(scope="module")
def pool():
    pool = BrowserPool(extra_arguments=[LOOPBACK_ONLY])
    yield pool
    pool.quit()


@pytest.fixture(scope="module")
def hang():
    with HangingServer("127.0.0.2") as server:
        yield server


@pytest.fixture(scope="module")
def shop(hang):
    # Every page's <head> starts with a script from a host that accepts and never answers,
    # before the page's own script; 1 product in 3 never gets any data.
    with DemoShopProcess(products=6, js=True, js_delay_ms=300, head_script=f"{hang.url}/tag.js",
                         faults={"nodata": 0.34}) as shop:
        yield shop


def _url(shop, fault):
    return next(p["url"] for p in shop.truth() if p["fault"] == fault)


def _render(pool, url, wait, policy=True):
    return pool.render(url, wait_until=wait, budget=BUDGET,
                       blocked_urls=blocked_url_patterns(url) if policy else ())


def test_a_render_without_wait_for_ends_when_the_extractor_accepts_the_page(pool, shop, hang):
    profile = get_profile("demo")  # wait_for = "": no selector to wait for
    url = _url(shop, None)
    pool.render(url, budget=BUDGET, blocked_urls=blocked_url_patterns(url))  # browser started
    wait = ExtractorAccepts(profile, SETTLE)
    result = _render(pool, url, wait)
    assert wait.outcome == "data" and not result.waited_out
    page = ProductPage(url, result.html, profile)
    assert page.has_product_data()
    truth = next(p for p in shop.truth() if p["url"] == url)
    assert page.to_raw()["title"] == truth["title"]
    # The data comes 300 ms after the page loads: the wait ends then, not at the budget.
    assert result.seconds < 3.0, result.seconds


def test_a_never_answering_third_party_script_is_not_even_requested(pool, shop, hang):
    before = hang.connections
    url = _url(shop, None)
    result = _render(pool, url, ExtractorAccepts(get_profile("demo"), SETTLE))
    assert ProductPage(url, result.html, get_profile("demo")).has_product_data()
    assert hang.connections == before  # blocked by the browser itself, never connected
    assert result.seconds < BUDGET


def test_without_the_resource_policy_the_same_script_holds_the_page_load(pool, shop, hang):
    """The control experiment: the hanging host really is reachable and really hangs."""
    before = hang.connections
    url = _url(shop, None)
    started = time.monotonic()
    result = pool.render(url, wait_until=ExtractorAccepts(get_profile("demo"), SETTLE), budget=3.0)
    assert hang.connections > before
    assert time.monotonic() - started >= 2.9  # held until the page-load budget ran out
    assert result.waited_out or not ProductPage(url, result.html, get_profile("demo")).has_product_data()


def test_a_page_that_never_gets_data_settles_quickly_without_raising(pool, shop):
    url = _url(shop, "nodata")
    wait = ExtractorAccepts(get_profile("demo"), SETTLE)
    result = _render(pool, url, wait)
    assert wait.outcome == "settled"
    assert not ProductPage(url, result.html, get_profile("demo")).has_product_data()
    # Quiet for SETTLE seconds after loading: given up long before the budget.
    assert result.seconds < BUDGET / 2, result.seconds


def test_an_explicit_wait_for_selector_still_wins(pool, shop):
    url = _url(shop, None)
    wait = ProductDataPresent("h1.title", SETTLE)
    result = _render(pool, url, wait)
    assert wait.outcome == "data" and "h1" in result.html


def test_a_soft_wait_not_met_within_the_budget_returns_the_page(pool, shop):
    url = _url(shop, "nodata")
    wait = ProductDataPresent("h1.never-there", settle_s=None)  # no settling: the budget decides
    result = pool.render(url, wait_until=wait, budget=1.0, blocked_urls=blocked_url_patterns(url))
    assert result.waited_out and wait.outcome is None


def test_a_hard_wait_not_met_still_raises_a_render_timeout(pool, shop):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC

    url = _url(shop, "nodata")
    with pytest.raises(RenderTimeout):
        pool.render(url, wait_time=0.5, blocked_urls=blocked_url_patterns(url),
                    wait_until=EC.presence_of_element_located((By.CSS_SELECTOR, "h1.never-there")))
