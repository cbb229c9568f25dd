"""Shapes of real shop markup at its messiest, read by the generic extraction: encodings, big pages,
odd placements (see tests/test_markup_messy.py for broken HTML, XHTML, AMP, template and noscript).

Pages served in windows-1252 or ISO-8859-1 with the currency as one byte, a UTF-8 BOM, currency
entities, the many spaces real shops put between digits and currency, RTL marks around amounts,
full-width digits; 2 MB pages with thousands of related tiles, 200 KB of inline state before the
product, the product at the very end of a long page; the price in an ``<iframe srcdoc>``, in a
``<meta itemprop>`` in the head, split across spans, in hidden inputs; the h1 inside ``<header>``,
several h1s, the name only in ``<title>`` and og:title. The expectations are what a careful human
reads from the page in a browser; where the browser shows nothing, the expectation is None.
None copies one shop's page; they are the common patterns.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import BUY, check, extract, shop

US = "https://www.lumio.example.com/products/walnut-desk-lamp"
DE = "https://www.lumio.example.de/walnut-tischleuchte"
UK = "https://www.lumio.example.co.uk/products/walnut-desk-lamp"
JP = "https://www.lumio.example.jp/products/walnut-desk-lamp"
IL = "https://www.lumio.example.co.il/products/walnut-desk-lamp"
SA = "https://www.lumio.example.sa/products/walnut-desk-lamp"
NAME = "Walnut Desk Lamp"
ADD = BUY.format("Add to cart")
ADD_DE = BUY.format("In den Warenkorb")
STOCK = '<p class="stock">In stock</p>'
HUMAN = {"price": 24.0, "currency": "USD", "availability": "in_stock"}
EUR = {"price": 24.9, "currency": "EUR", "availability": "in_stock"}


def de(price: str) -> str:
    return shop(f'<div class="product-price"><span class="price">{price}</span></div><p>Auf Lager</p>{ADD_DE}',
                lang="de")


def price_only(price: str, lang: str, button: str = ADD) -> str:
    return shop(f'<div class="product-price"><span class="price">{price}</span></div>{STOCK}{button}', lang=lang)


def legacy(page: str, charset_meta: str, encoding: str) -> bytes:
    return page.replace('<meta charset="utf-8">', charset_meta).encode(encoding)


def tile(i: int) -> str:
    sold = '<span class="badge">Sold out</span>' if i % 3 == 0 else ""
    return (f'<li class="product-card"><a href="/products/p{i}"><img src="/p{i}.jpg" alt="Lamp {i}"><h3>Lamp {i}'
            f'</h3></a><span class="price">${10 + i % 90}.{i % 100:02d}</span>{sold}'
            f'<button type="submit" class="add-to-cart">Add to cart</button></li>')


def big_related_page() -> str:
    tiles = "".join(tile(i) for i in range(9000))  # ~2 MB
    return shop(f'<div class="product-price"><span class="price">$24.00</span></div>{STOCK}'
                f'<p class="product-sku">SKU: WDL-100</p>{ADD}'
                f'<section class="related"><h2>You may also like</h2><ul>{tiles}</ul></section>')


def late_product_page() -> str:
    filler = "".join(f'<article class="post"><h2>Journal entry {i}</h2><p>{"Lorem ipsum dolor sit amet. " * 20}'
                     f'</p><a href="/blog/{i}">Read more</a></article>' for i in range(800))  # ~500 KB
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Walnut Desk Lamp | Lumio</title>'
            f'</head><body><header><a class="logo" href="/">Lumio</a></header><div class="journal">{filler}</div>'
            f'<div class="product-detail"><h1 class="product-title">{NAME}</h1><div class="product-price">'
            f'<span class="price">$24.00</span></div>{STOCK}<p class="product-sku">SKU: WDL-100</p>{ADD}</div>'
            '</body></html>')


def h1s_page(body: str, head_title: str = f"{NAME} | Lumio", head: str = "") -> str:
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<title>{head_title}</title>{head}</head><body>{body}</body></html>')


CASES = [
    # ------------------------------------------------------------------ encodings
    ("windows_1252_euro_byte_0x80_declared_in_meta", DE,
     legacy(de("24,90 €"), '<meta charset="windows-1252">', "cp1252"), EUR),
    ("windows_1252_euro_byte_in_http_equiv_meta", DE,
     legacy(de("€ 24,90"), '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">', "cp1252"),
     EUR),
    ("windows_1252_euro_byte_without_any_declaration", DE, legacy(de("24,90 €"), "", "cp1252"), EUR),
    ("iso_8859_1_pound_byte", UK,
     legacy(price_only("£12.99", "en-GB"), '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
            "latin-1"), {"price": 12.99, "currency": "GBP", "availability": "in_stock"}),
    ("utf8_bom_before_doctype", DE, b"\xef\xbb\xbf" + de("24,90 €").encode("utf-8"), dict(EUR, title=NAME)),
    ("utf8_bom_beats_a_windows_1252_declaration", DE,
     b"\xef\xbb\xbf" + legacy(de("24,90 €"), '<meta charset="windows-1252">', "utf-8"), dict(EUR, title=NAME)),
    ("utf16_page_with_bom", DE, b"\xff\xfe" + legacy(de("24,90 €"), '<meta charset="utf-16">', "utf-16-le"), EUR),
    ("iso_8859_1_declared_but_euro_byte_0x80_as_browsers_read_it", DE,
     legacy(de("24,90 €"), '<meta charset="iso-8859-1">', "cp1252"), EUR),
    ("windows_1252_smart_quotes_in_the_name", DE,
     legacy(shop('<span class="price">24,90 €</span><p>Auf Lager</p>' + ADD_DE, lang="de",
                 name="Walnut „Desk“ Lamp"), '<meta charset="windows-1252">', "cp1252"),
     dict(EUR, title="Walnut „Desk“ Lamp")),
    ("shift_jis_page_with_yen_kanji", JP,
     legacy(price_only("1,280円", "ja", BUY.format("カートに入れる")), '<meta charset="Shift_JIS">', "shift_jis"),
     {"price": 1280.0, "currency": "JPY", "availability": "in_stock"}),
    ("entity_euro_named", DE, de("24,90&nbsp;&euro;"), EUR),
    ("entity_euro_decimal", DE, de("&#8364; 24,90"), EUR),
    ("entity_euro_hex", DE, de("&#x20AC;24,90"), EUR),
    ("entity_pound_named", UK, price_only("&pound;12.99", "en-GB"), {"price": 12.99, "currency": "GBP"}),
    ("entity_yen_named", JP, price_only("&yen;1,280", "ja", BUY.format("カートに入れる")),
     {"price": 1280.0, "currency": "JPY"}),
    ("numeric_nbsp_between_amount_and_currency", DE, de("1.234,56&#160;€"), dict(EUR, price=1234.56)),
    ("thin_space_thousands_separator", DE, de("1&thinsp;234,56 €"), dict(EUR, price=1234.56)),
    ("narrow_nbsp_between_currency_and_amount", DE, de("€\u202f24,90"), EUR),
    ("non_breaking_hyphens_for_zero_cents", DE, de("24,\u2011\u2011 €"), dict(EUR, price=24.0)),
    ("hebrew_rlm_before_amount_shekel_after", IL,
     price_only("\u200f123.00 ₪", "he", BUY.format("הוספה לסל")), {"price": 123.0, "currency": "ILS"}),
    ("hebrew_rtl_embedding_around_shekel_amount", IL,
     price_only("\u202b₪\u00a0123.00\u202c", "he", BUY.format("הוספה לסל")), {"price": 123.0, "currency": "ILS"}),
    ("arabic_riyal_abbreviation_before_amount_with_rlm", SA,
     price_only("\u200fر.س\u200f 99", "ar", BUY.format("أضف إلى السلة")), {"price": 99.0, "currency": "SAR"}),
    ("arabic_riyal_after_arabic_indic_digits", SA,
     price_only("٩٩٫٠٠ ر.س", "ar", BUY.format("أضف إلى السلة")), {"price": 99.0, "currency": "SAR"}),
    ("full_width_digits_and_comma_with_en", JP,
     price_only("１，２８０円", "ja", BUY.format("カートに入れる")), {"price": 1280.0, "currency": "JPY"}),
    ("full_width_yen_and_digits_tax_included", JP,
     price_only("￥１，２８０（税込）", "ja", BUY.format("カートに入れる")), {"price": 1280.0, "currency": "JPY"}),
    # ------------------------------------------------------------------ big pages
    ("two_mb_page_with_thousands_of_related_tiles", US, big_related_page(),
     dict(HUMAN, sku="WDL-100", title=NAME)),
    ("product_block_at_the_end_of_a_long_page", US, late_product_page(), dict(HUMAN, sku="WDL-100", title=NAME)),
    # ------------------------------------------------------------------ odd placements
    ("price_only_inside_iframe_srcdoc", US,
     shop('<iframe class="price-widget" srcdoc="&lt;span class=&quot;price&quot;&gt;$24.00&lt;/span&gt;"></iframe>'
          + STOCK + ADD), {"price": None, "availability": "in_stock"}),
    ("iframe_srcdoc_price_beside_the_price", US,
     shop('<iframe srcdoc="&lt;span class=&quot;price&quot;&gt;$99.00&lt;/span&gt;"></iframe>'
          '<span class="price">$24.00</span>' + STOCK + ADD), HUMAN),
    ("price_only_in_meta_itemprop_in_the_head", US,
     shop(STOCK + ADD, head='<meta itemprop="price" content="24.00"><meta itemprop="priceCurrency" content="USD">'),
     {"price": 24.0, "currency": "USD"}),
    ("price_split_across_spans_with_nbsp", DE,
     de('<span class="int">1</span>&nbsp;<span class="int">234</span><span class="dec">,56</span>&nbsp;'
        '<span class="cur">€</span>'), dict(EUR, price=1234.56)),
    ("price_split_into_symbol_units_point_cents_spans", US,
     price_only('<span class="sym">$</span><span class="units">24</span><span class="pt">.</span>'
                '<span class="cents">00</span>', "en-US"), HUMAN),
    ("hidden_input_price_matches_the_shown_price", US,
     shop('<form method="post" action="/cart/add"><input type="hidden" name="price" value="24.00">'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD + '</form>'), HUMAN),
    ("hidden_input_price_in_cents_beside_the_shown_price", US,
     shop('<form method="post" action="/cart/add"><input type="hidden" name="price" value="2400">'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD + '</form>'), HUMAN),
    ("stale_hidden_input_regular_price_beside_the_sale_price", US,
     shop('<form method="post" action="/cart/add"><input type="hidden" name="product_price" value="30.00">'
          '<div class="product-price"><span class="price sale">$24.00</span></div>' + STOCK + ADD + '</form>'), HUMAN),
    ("h1_inside_the_article_header", US,
     h1s_page('<header class="site-header"><a class="logo" href="/">Lumio</a></header><article class="product">'
              f'<header class="product-header"><h1>{NAME}</h1></header><span class="price">$24.00</span>'
              f'{STOCK}{ADD}</article>'), dict(HUMAN, title=NAME)),
    ("h1_inside_the_site_header_as_product_name", US,
     h1s_page(f'<header class="site-header"><a class="logo" href="/">Lumio</a><h1 class="page-title">{NAME}</h1>'
              f'</header><main><span class="price">$24.00</span>{STOCK}{ADD}</main>'), dict(HUMAN, title=NAME)),
    ("three_h1s_logo_product_reviews", US,
     h1s_page('<header><h1 class="logo"><a href="/"><img src="/logo.svg" alt="Lumio"></a></h1></header><main>'
              f'<h1 class="product-title">{NAME}</h1><span class="price">$24.00</span>{STOCK}{ADD}'
              '<section class="reviews"><h1>Reviews (12)</h1><p>Lovely lamp.</p></section></main>'),
     dict(HUMAN, title=NAME)),
    ("three_h1s_logo_text_first", US,
     h1s_page('<header><h1 class="site-title"><a href="/">Lumio</a></h1></header><main>'
              f'<h1>{NAME}</h1><span class="price">$24.00</span>{STOCK}{ADD}<h1>Reviews</h1></main>'),
     dict(HUMAN, title=NAME)),
    ("title_only_in_title_and_og_title", US,
     h1s_page(f'<main><div class="product-name">{NAME}</div><span class="price">$24.00</span>{STOCK}{ADD}</main>',
              head_title=f"{NAME} – Lumio", head=f'<meta property="og:title" content="{NAME}">'),
     dict(HUMAN, title=NAME)),
    ("title_only_in_title_with_shop_suffix", "https://www.lumio.example/products/walnut-desk-lamp",  # shop: lumio
     h1s_page(f'<main><span class="price">$24.00</span>{STOCK}{ADD}</main>', head_title=f"{NAME} | Lumio"),
     {"price": 24.0, "availability": "in_stock", "title": NAME}),
]


@pytest.mark.parametrize("url,html,expected", [pytest.param(u, h, e, id=i) for i, u, h, e in CASES])
def test_messy_markup_reads_as_a_human_reads_it(url: str, html: str | bytes, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
