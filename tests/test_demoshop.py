"""The demo shop (productscraper.demoshop): pages, faults, admin API, JS pages, latency."""
from __future__ import annotations

import base64
import http.client
import json
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urljoin

import pytest
from parsel import Selector

from productscraper.demoshop.catalog import build_catalog
from productscraper.demoshop.faults import FaultSpec, assign_faults
from productscraper.demoshop.testing import DemoShopProcess

FAULTS = {
    "503": 0.05, "500": 0.05, "429": 0.05, "timeout": 0.05, "drop": 0.05, "404": 0.05,
    "410": 0.05, "malformed": 0.05, "nonhtml": 0.05, "huge": 0.05, "redirect_loop": 0.05,
    "invalid": 0.1,
}
HUGE_BYTES = 300_000
LOG_LINE = re.compile(r"^\d+\.\d{6} (GET|POST|HEAD) (\S+) (\d{3})$")


@pytest.fixture(scope="module")
def shop():
    with DemoShopProcess(products=40, per_page=7, categories=4, seed=3, faults=FAULTS,
                         transient_failures=2, hang_s=1, huge_bytes=HUGE_BYTES,
                         private_products=2) as running:
        yield running


@pytest.fixture(scope="module")
def truth(shop):
    return shop.truth()


@pytest.fixture(scope="module")
def js_shop():
    with DemoShopProcess(products=12, per_page=5, seed=5, js=True) as running:
        yield running


@pytest.fixture
def admin_shop():
    with DemoShopProcess(products=40, per_page=10, seed=9) as running:
        yield running


def faulty(truth, kind):
    return [row for row in truth if row["fault"] == kind]


def path_of(shop, url):
    assert url.startswith(shop.url)
    return url[len(shop.url):]


def jsonld(page: Selector) -> dict[str, dict]:
    docs = [json.loads(text) for text in page.css('script[type="application/ld+json"]::text').getall()]
    return {doc["@type"]: doc for doc in docs}


def crawl_listing(shop, first_path):
    """Follow next links from `first_path`; return (product hrefs in order, pages seen)."""
    hrefs, pages, path = [], 0, first_path
    while path:
        result = shop.fetch(path)
        assert result.status == 200, path
        page = Selector(result.text)
        links = page.css("article.product h3 a.product-link::attr(href)").getall()
        # The ItemList JSON-LD repeats the visible links (for scrapers without selectors).
        item_list = jsonld(page)["ItemList"]["itemListElement"]
        assert [item["url"] for item in item_list] == [shop.url_for(link) for link in links]
        hrefs += links
        pages += 1
        nxt = page.css("ul.pager li.next a[rel=next]::attr(href)").get()
        assert nxt == page.css('link[rel="next"]::attr(href)').get()
        path = urljoin(path, nxt) if nxt else None
    return hrefs, pages


# --- catalogue and pages ----------------------------------------------------------------------


def test_pagination_reaches_every_product_exactly_once(shop, truth):
    hrefs, pages = crawl_listing(shop, "/catalogue/page-1.html")
    public = [h for h in hrefs if not h.startswith("/private/")]
    assert public == [path_of(shop, row["url"]) for row in truth]  # id order, no repeats
    assert pages == 6  # 40 products, 7 per page
    assert shop.fetch("/catalogue/page-7.html").status == 404
    assert shop.fetch("/catalogue/page-0.html").status == 404


def test_category_pages_partition_the_catalogue(shop, truth):
    home = Selector(shop.fetch("/").text)
    assert home.css('a[href="/catalogue/page-1.html"]')
    seen = {}
    for link in home.css("nav.categories a"):
        hrefs, _ = crawl_listing(shop, link.attrib["href"])
        for href in hrefs:
            assert href not in seen
            seen[href] = link.css("::text").get()
    assert len(home.css("nav.categories a")) == 4
    assert seen == {path_of(shop, row["url"]): row["category"] for row in truth}


def test_product_page_jsonld_and_markup_equal_truth(shop, truth):
    healthy = [row for row in truth if row["fault"] is None]
    assert len(healthy) >= 10
    for row in healthy:
        result = shop.fetch(path_of(shop, row["url"]))
        assert result.status == 200
        assert result.headers["Content-Type"] == "text/html; charset=utf-8"
        page = Selector(result.text)
        docs = jsonld(page)
        product, offer = docs["Product"], docs["Product"]["offers"]
        assert product["name"] == row["title"]
        assert (product["sku"], product["gtin13"], product["brand"]["name"]) == (row["sku"], row["gtin"], row["brand"])
        assert product["description"] == row["description"]
        assert product["image"] == row["image_url"]
        assert offer["price"] == f"{row['price']:.2f}" and offer["priceCurrency"] == "EUR"
        assert offer["url"] == row["url"]
        stock_word = "InStock" if row["availability"] == "in_stock" else "OutOfStock"
        assert offer["availability"] == f"https://schema.org/{stock_word}"
        if row["rating"] is None:
            assert "aggregateRating" not in product and not page.css("div.rating")
        else:
            assert product["aggregateRating"]["ratingValue"] == row["rating"]
            assert product["aggregateRating"]["reviewCount"] == row["review_count"]
            assert page.css("div.rating::attr(data-rating)").get() == f"{row['rating']:.1f}"
        crumbs = [item["name"] for item in docs["BreadcrumbList"]["itemListElement"]]
        assert crumbs == ["Home", row["category"], row["title"]]
        assert page.css("nav.breadcrumb a::text").getall() == ["Home", row["category"]]
        assert page.css("h1.title::text").get() == row["title"]
        assert page.css("p.price::text").get() == f"€{row['price']:.2f}"
        expected = f"In stock ({row['stock']} available)" if row["stock"] is not None else "Out of stock"
        assert page.css("p.availability::text").get() == expected
        assert page.xpath("//table[@class='specs']//th[.='SKU']/following-sibling::td/text()").get() == row["sku"]
        assert page.css("div.description::text").get() == row["description"]
        assert urljoin(row["url"], page.css("img.main::attr(src)").get()) == row["image_url"]


def test_catalogue_has_out_of_stock_and_unrated_products():
    products = build_catalog(200, 5, seed=1).products
    out = sum(not p.in_stock for p in products)
    assert 15 <= out <= 50  # about 15 %
    assert any(p.rating is None for p in products) and any(p.rating is not None for p in products)
    assert all(p.rating is None or 1 <= p.rating <= 5 for p in products)
    assert len({p.title for p in products}) == 200


def test_media_is_a_jpeg(shop):
    result = shop.fetch("/media/1.jpg")
    assert result.status == 200 and result.headers["Content-Type"] == "image/jpeg"
    assert result.body.startswith(b"\xff\xd8") and result.body.endswith(b"\xff\xd9")
    assert shop.fetch("/media/999.jpg").status == 404


def test_robots_disallows_private_products_linked_from_page_one(shop):
    assert shop.fetch("/robots.txt").text == (
        f"User-agent: *\nDisallow: /private/\n\nSitemap: {shop.url}/sitemap_index.xml\n")
    page1 = Selector(shop.fetch("/catalogue/page-1.html").text)
    private = [h for h in page1.css("a.product-link::attr(href)").getall() if h.startswith("/private/")]
    assert private == ["/private/product/41/", "/private/product/42/"]
    assert shop.fetch("/private/product/41/").status == 200
    assert shop.fetch("/product/41/").status == 404
    assert len(shop.truth()) == 40 and len(shop.truth(include_private=True)) == 42


def test_unknown_paths_answer_html_404(shop):
    result = shop.fetch("/no/such/page")
    assert result.status == 404 and result.headers["Content-Type"].startswith("text/html")


# --- faults -----------------------------------------------------------------------------------


def test_faults_are_deterministic_for_a_seed(truth):
    specs = [FaultSpec(kind, share) for kind, share in FAULTS.items()]
    ids = list(range(1, 41))
    plan = assign_faults(ids, specs, seed=3)
    assert plan == assign_faults(ids, specs, seed=3)
    assert plan.kinds != assign_faults(ids, specs, seed=4).kinds
    assert {row["id"]: row["fault"] for row in truth if row["fault"]} == plan.kinds
    for kind, share in FAULTS.items():
        assert len(faulty(truth, kind)) == round(share * 40)
    details = [row["fault_detail"] for row in faulty(truth, "invalid")]
    assert sorted(details) == ["negative_price", "negative_price", "no_title", "no_title"]


def test_fault_shares_above_one_are_rejected():
    with pytest.raises(ValueError):
        assign_faults(range(1, 11), [FaultSpec("503", 0.6), FaultSpec("404", 0.6)], seed=1)
    done = subprocess.run(
        [sys.executable, "-m", "productscraper.demoshop", "--fault", "503=0.6", "--fault", "404=0.6"],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 2 and "more than 1" in done.stderr and done.stdout == ""


@pytest.mark.parametrize("kind", ["503", "500"])
def test_server_errors_fail_transient_failures_times_then_succeed(shop, truth, kind):
    path = path_of(shop, faulty(truth, kind)[0]["url"])
    assert [shop.fetch(path).status for _ in range(3)] == [int(kind), int(kind), 200]


def test_429_once_with_retry_after(shop, truth):
    path = path_of(shop, faulty(truth, "429")[0]["url"])
    first = shop.fetch(path)
    assert first.status == 429 and first.headers["Retry-After"] == "1"
    assert shop.fetch(path).status == 200


@pytest.mark.parametrize("kind", ["404", "410"])
def test_missing_products_stay_missing(shop, truth, kind):
    path = path_of(shop, faulty(truth, kind)[0]["url"])
    assert [shop.fetch(path).status for _ in range(2)] == [int(kind)] * 2


def test_drop_breaks_the_first_response_then_recovers(shop, truth):
    path = path_of(shop, faulty(truth, "drop")[0]["url"])
    conn = http.client.HTTPConnection("127.0.0.1", shop.port, timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    assert response.status == 200 and int(response.getheader("Content-Length")) > 1000
    with pytest.raises((http.client.IncompleteRead, ConnectionError)):
        response.read()
    conn.close()
    healed = shop.fetch(path)
    assert healed.status == 200 and jsonld(Selector(healed.text))["Product"]["name"]


def test_timeout_hangs_the_first_request_only(shop, truth):
    path = path_of(shop, faulty(truth, "timeout")[0]["url"])
    started = time.monotonic()
    assert shop.fetch(path).status == 200
    assert time.monotonic() - started >= 1.0  # hang_s=1
    started = time.monotonic()
    assert shop.fetch(path).status == 200
    assert time.monotonic() - started < 0.9


def test_nonhtml_is_a_pdf(shop, truth):
    result = shop.fetch(path_of(shop, faulty(truth, "nonhtml")[0]["url"]))
    assert result.status == 200 and result.headers["Content-Type"] == "application/pdf"
    assert result.body.startswith(b"%PDF-")


def test_malformed_page_has_no_product_data(shop, truth):
    row = faulty(truth, "malformed")[0]
    result = shop.fetch(path_of(shop, row["url"]))
    assert result.status == 200 and result.headers["Content-Type"].startswith("text/html")
    assert "</html>" not in result.text and "ld+json" not in result.text
    assert row["title"] not in result.text and "€" not in result.text and "<h1" not in result.text


def test_huge_page_has_the_declared_size_and_no_product_data(shop, truth):
    row = faulty(truth, "huge")[0]
    result = shop.fetch(path_of(shop, row["url"]))
    assert result.status == 200 and len(result.body) == HUGE_BYTES
    assert int(result.headers["Content-Length"]) == HUGE_BYTES
    assert row["title"].encode() not in result.body and b"ld+json" not in result.body


def test_redirect_loop_redirects_to_itself_with_a_new_query(shop, truth):
    path = path_of(shop, faulty(truth, "redirect_loop")[0]["url"])
    locations = []
    target = path
    for _ in range(4):
        result = shop.fetch(target)
        assert result.status == 302
        target = result.headers["Location"]
        assert target.startswith(path + "?")
        locations.append(target)
    assert len(set(locations)) == 4


def test_invalid_products_lack_a_title_or_have_a_negative_price(shop, truth):
    for row in faulty(truth, "invalid"):
        result = shop.fetch(path_of(shop, row["url"]))
        assert result.status == 200
        page = Selector(result.text)
        product = jsonld(page)["Product"]
        if row["fault_detail"] == "no_title":
            assert "name" not in product and not page.css("h1")
            assert row["title"] not in result.text
        else:
            assert product["offers"]["price"] == "-5.00"
            assert page.css("p.price::text").get() == "€-5.00"


# --- JS pages ---------------------------------------------------------------------------------


def _payload(html: str) -> dict:
    encoded = re.search(r'var payload = "([A-Za-z0-9+/=]+)"', html).group(1)
    return json.loads(base64.b64decode(encoded).decode("utf-8"))


def test_js_product_raw_html_has_no_product_data(js_shop):
    truth = js_shop.truth()
    listing = Selector(js_shop.fetch("/catalogue/page-1.html").text)
    assert listing.css("a.product-link::attr(href)").getall()[:2] == ["/js/product/1/", "/js/product/2/"]
    for row in truth[:5]:
        assert row["js"] and "/js/product/" in row["url"]
        raw = js_shop.fetch(path_of(js_shop, row["url"])).text
        assert row["title"] not in raw and f"{row['price']:.2f}" not in raw and row["sku"] not in raw
        assert not Selector(raw).css('script[type="application/ld+json"]')
        assert '"@type"' not in raw and "€" not in raw
        # ...but the script's payload builds exactly the static page's markup and JSON-LD.
        static = js_shop.fetch(f"/product/{row['id']}/").text
        data = _payload(raw)
        assert data["html"] in static
        assert [json.loads(doc) for doc in data["jsonld"]][0]["name"] == row["title"]


def test_js_catalogue_api_pages_through_every_product(js_shop):
    page = Selector(js_shop.fetch("/js/catalogue/").text)
    assert page.css("button.load-more") and not page.css("article.product")
    urls, number = [], 1
    while number is not None:
        data = json.loads(js_shop.fetch(f"/api/products?page={number}").body)
        urls += [p["url"] for p in data["products"]]
        number = data["next"]
    assert urls == [row["url"] for row in js_shop.truth()]
    assert js_shop.fetch("/api/products?page=4").status == 404


@pytest.mark.browser
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium")
def test_js_product_renders_like_the_static_page_in_chromium(js_shop, tmp_path):
    row = js_shop.truth()[0]
    done = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path}",
         "--virtual-time-budget=3000", "--dump-dom", row["url"]],
        capture_output=True, text=True, timeout=60,
    )
    page = Selector(done.stdout)
    assert page.css("h1.title::text").get() == row["title"]
    assert page.css("p.price::text").get() == f"€{row['price']:.2f}"
    assert jsonld(page)["Product"]["name"] == row["title"]


# --- latency and admin API --------------------------------------------------------------------


def test_latency_is_served_concurrently():
    with DemoShopProcess(products=20, latency_ms=200) as slow:
        started = time.monotonic()
        assert slow.fetch("/").status == 200
        assert time.monotonic() - started >= 0.2
        started = time.monotonic()
        with ThreadPoolExecutor(20) as pool:
            statuses = list(pool.map(lambda i: slow.fetch(f"/product/{i}/").status, range(1, 21)))
        assert statuses == [200] * 20
        assert time.monotonic() - started < 2.0  # sequential would be 4 s


def test_reprice_changes_exactly_the_share(admin_shop):
    before = {row["id"]: row["price"] for row in admin_shop.truth()}
    changed = admin_shop.reprice(0.1, seed=7)
    after = {row["id"]: row["price"] for row in admin_shop.truth()}
    assert len(changed) == 4
    assert sorted(i for i in before if before[i] != after[i]) == changed
    page = Selector(admin_shop.fetch(f"/product/{changed[0]}/").text)
    assert page.css("p.price::text").get() == f"€{after[changed[0]]:.2f}"


def test_throttle_answers_status_with_retry_after_until_reset(admin_shop):
    until = admin_shop.throttle(429, retry_after=2, duration=30)
    assert until > time.time() + 20
    result = admin_shop.fetch("/catalogue/page-1.html")
    assert result.status == 429 and result.headers["Retry-After"] == "2"
    assert admin_shop.truth()  # admin endpoints are never throttled
    admin_shop.reset()
    assert admin_shop.fetch("/catalogue/page-1.html").status == 200


def test_stats_and_access_log_cover_non_admin_requests(admin_shop):
    admin_shop.fetch("/")
    admin_shop.fetch("/product/1/?ref=home")
    admin_shop.fetch("/product/999/")
    admin_shop.truth()
    stats = admin_shop.stats()
    assert stats == {"requests": 3, "by_path": {"/": 1, "/product/1/": 1, "/product/999/": 1}}
    lines = admin_shop.access_log_lines()
    parsed = [LOG_LINE.match(line).groups() for line in lines]
    assert parsed == [("GET", "/", "200"), ("GET", "/product/1/?ref=home", "200"),
                      ("GET", "/product/999/", "404")]
    admin_shop.reset()
    assert admin_shop.stats() == {"requests": 0, "by_path": {}}
