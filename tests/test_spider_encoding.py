"""The encoding spiders hand the page objects: the server's charset, else the body's own bytes."""
from __future__ import annotations

from scrapy.http import HtmlResponse, Request

from productscraper.spiders.encoding import body_encoding
from productscraper.spiders.product import ProductSpider

URL = "https://www.shop.example.at/p/e274f"
# A migrated shop page: UTF-8 bytes under the old <meta charset>.
BODY = ('<html><head><meta charset="ISO-8859-15"><title>Monitor E274F</title></head><body>'
        '<h1>Monitor E274F</h1><table><tr><td style="font-size:28px">€210,<span>87</span></td></tr></table>'
        '<button>In den Warenkorb</button></body></html>').encode("utf-8")


def _response(headers: dict[str, str] | None = None) -> HtmlResponse:
    request = Request(URL, meta={"ps_run_id": "r1", "ps_url": URL})
    return HtmlResponse(URL, body=BODY, headers=headers or {}, request=request)


def test_a_server_charset_is_kept_and_none_leaves_the_body_to_say() -> None:
    assert body_encoding(_response({"Content-Type": "text/html; charset=windows-1252"})) == "cp1252"
    assert body_encoding(_response({"Content-Type": "text/html"})) is None
    assert body_encoding(_response()) is None


def test_utf8_bytes_under_a_stale_meta_charset_keep_their_price_and_currency() -> None:
    response = _response({"Content-Type": "text/html"})
    assert response.encoding == "iso8859-15"  # what Scrapy alone would decode it as
    item = next(iter(ProductSpider(url=URL, run_id="r1").parse_product(response)))
    assert (item.raw["price"], item.raw["currency"], item.raw["title"]) == ("€210,87", "EUR", "Monitor E274F")
