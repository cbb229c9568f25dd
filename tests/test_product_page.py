"""ProductPage: generic schema.org / OpenGraph extraction on small hand-written pages."""
from __future__ import annotations

import dataclasses
import json

import pytest

from productscraper.pages import ProductPage
from productscraper.pages.jsonld import parse_jsonld_text
from productscraper.processing import normalise_product
from productscraper.profiles import FrozenMap, get_profile

URL = "https://shop.example/p/widget?id=7"
GENERIC = get_profile("generic")


def ld(data: object) -> str:
    """A page with one JSON-LD script."""
    return f'<html><head><script type="application/ld+json">{json.dumps(data)}</script></head><body></body></html>'


def ld_raw(script: str) -> str:
    """A page with one JSON-LD script given verbatim (for broken JSON)."""
    return f'<html><head><script type="application/ld+json">{script}</script></head><body><h1>x</h1></body></html>'


def extract(html: str | bytes, url: str = URL, profile=GENERIC) -> dict:
    return normalise_product(ProductPage(url, html, profile).to_raw(), profile=profile)


OFFER = {"@type": "Offer", "price": "19.99", "priceCurrency": "EUR", "availability": "https://schema.org/InStock"}

# (id, html, expected subset of the normalised product)
CASES = [
    (
        "plain-jsonld",
        ld({"@context": "https://schema.org", "@type": "Product", "name": "Widget", "sku": "W-1", "offers": OFFER}),
        {"title": "Widget", "sku": "W-1", "price": 19.99, "currency": "EUR", "availability": "in_stock"},
    ),
    (
        "graph-with-id-reference",
        ld({"@context": "https://schema.org", "@graph": [
            {"@type": "WebPage", "@id": URL, "mainEntity": {"@id": "#product"}},
            {"@type": "Product", "@id": "#product", "name": "Graph Widget", "offers": {"@id": "#offer"}},
            {"@type": "Offer", "@id": "#offer", "price": 5, "priceCurrency": "USD", "availability": "InStock"},
        ]}),
        {"title": "Graph Widget", "price": 5.0, "currency": "USD", "availability": "in_stock"},
    ),
    (
        "top-level-array",
        ld([{"@type": "Organization", "name": "Shop"}, {"@type": "Product", "name": "Arrayed", "offers": OFFER}]),
        {"title": "Arrayed", "price": 19.99},
    ),
    (
        "type-list-and-full-url",
        ld({"@type": ["https://schema.org/Product", "Thing"], "name": "Typed", "offers": OFFER}),
        {"title": "Typed", "price": 19.99},
    ),
    (
        "type-full-url-string",
        ld({"@type": "http://schema.org/Product", "name": "Url Typed", "offers": OFFER}),
        {"title": "Url Typed"},
    ),
    (
        "offers-list-lowest-in-stock",
        ld({"@type": "Product", "name": "Many offers", "offers": [
            {"@type": "Offer", "price": "9.00", "priceCurrency": "GBP", "availability": "OutOfStock"},
            {"@type": "Offer", "price": "15.00", "priceCurrency": "GBP", "availability": "InStock"},
            {"@type": "Offer", "price": "12.50", "priceCurrency": "GBP", "availability": "http://schema.org/InStock"},
        ]}),
        {"price": 12.5, "currency": "GBP", "availability": "in_stock"},
    ),
    (
        "offers-list-none-in-stock-takes-first",
        ld({"@type": "Product", "name": "Sold out", "offers": [
            {"@type": "Offer", "price": "30", "priceCurrency": "GBP", "availability": "SoldOut"},
            {"@type": "Offer", "price": "20", "priceCurrency": "GBP", "availability": "OutOfStock"},
        ]}),
        {"price": 30.0, "availability": "out_of_stock"},
    ),
    (
        "aggregate-offer-low-price",
        ld({"@type": "Product", "name": "Agg", "offers": {
            "@type": "AggregateOffer", "lowPrice": "10.50", "highPrice": "99", "priceCurrency": "USD", "offerCount": 4}}),
        {"price": 10.5, "currency": "USD"},
    ),
    (
        "aggregate-offer-price-only",
        ld({"@type": "Product", "name": "Agg2", "offers": {"@type": "AggregateOffer", "price": "7", "priceCurrency": "CAD"}}),
        {"price": 7.0, "currency": "CAD"},
    ),
    (
        "aggregate-offer-inner-offers",
        ld({"@type": "Product", "name": "Agg3", "offers": {"@type": "AggregateOffer", "priceCurrency": "EUR", "offers": [
            {"@type": "Offer", "price": "8", "availability": "InStock"},
            {"@type": "Offer", "price": "6", "availability": "InStock"}]}}),
        {"price": 6.0, "currency": "EUR"},
    ),
    (
        "price-specification",
        ld({"@type": "Product", "name": "Spec", "offers": {"@type": "Offer", "availability": "InStock",
            "priceSpecification": {"@type": "UnitPriceSpecification", "price": 24.9, "priceCurrency": "EUR"}}}),
        {"price": 24.9, "currency": "EUR"},
    ),
    (
        "price-specification-list-skips-list-price",
        ld({"@type": "Product", "name": "Spec list", "offers": {"@type": "Offer", "priceSpecification": [
            {"@type": "UnitPriceSpecification", "price": 49.0, "priceCurrency": "EUR", "priceType": "https://schema.org/ListPrice"},
            {"@type": "UnitPriceSpecification", "price": 39.0, "priceCurrency": "EUR"}]}}),
        {"price": 39.0, "currency": "EUR"},
    ),
    (
        "string-price-with-symbol-and-thousands",
        ld({"@type": "Product", "name": "Pricey", "offers": {"@type": "Offer", "price": "£1,299.00"}}),
        {"price": 1299.0, "currency": "GBP"},
    ),
    (
        "string-price-european",
        ld({"@type": "Product", "name": "Euro", "offers": {"@type": "Offer", "price": "1.299,00 €"}}),
        {"price": 1299.0, "currency": "EUR"},
    ),
    (
        "numeric-price",
        ld({"@type": "Product", "name": "Num", "offers": {"@type": "Offer", "price": 1299.5, "priceCurrency": "usd"}}),
        {"price": 1299.5, "currency": "USD"},
    ),
    (
        "numeric-price-three-decimals-is-exact",
        ld({"@type": "Product", "name": "Num3", "offers": {"@type": "Offer", "price": 2.675, "priceCurrency": "KWD"}}),
        {"price": 2.68, "currency": "KWD"},
    ),
    (
        "product-group-variants",
        ld({"@type": "ProductGroup", "name": "Shirt", "productGroupID": "SH", "brand": {"@type": "Brand", "name": "Acme"},
            "hasVariant": [
                {"@type": "Product", "name": "Shirt L", "sku": "SH-L", "offers": {"@type": "Offer", "price": "25", "priceCurrency": "EUR", "availability": "InStock"}},
                {"@type": "Product", "name": "Shirt S", "sku": "SH-S", "offers": {"@type": "Offer", "price": "20", "priceCurrency": "EUR", "availability": "InStock"}},
            ]}),
        {"title": "Shirt", "price": 20.0, "currency": "EUR", "brand": "Acme", "sku": "SH-S"},
    ),
    (
        "product-group-variant-matching-url",
        ld({"@type": "ProductGroup", "name": "Shoe", "hasVariant": [
            {"@type": "Product", "name": "Shoe 40", "url": "https://shop.example/p/shoe?size=40", "offers": {"@type": "Offer", "price": "60", "priceCurrency": "EUR"}},
            {"@type": "Product", "name": "Shoe 42", "url": URL, "offers": {"@type": "Offer", "price": "65", "priceCurrency": "EUR"}},
        ]}),
        {"title": "Shoe 42", "price": 65.0},
    ),
    (
        "brand-image-rating-ids",
        ld({"@type": "Product", "name": "Full", "brand": "Plain Brand", "mpn": "MPN-9", "gtin13": "4006381333931",
            "image": [{"@type": "ImageObject", "url": "/img/a.jpg"}, "/img/b.jpg"],
            "aggregateRating": {"@type": "AggregateRating", "ratingValue": "8", "bestRating": "10", "reviewCount": "1,024"},
            "category": "Tools > Hand tools", "offers": OFFER}),
        {"brand": "Plain Brand", "mpn": "MPN-9", "gtin": "4006381333931", "image_url": "https://shop.example/img/a.jpg",
         "rating": 4.0, "review_count": 1024, "category": "Hand tools"},
    ),
    (
        "image-object-and-gtin-number",
        ld({"@type": "Product", "name": "Img", "image": {"@type": "ImageObject", "contentUrl": "https://cdn.example/x.png"},
            "gtin": 123456789012, "offers": OFFER}),
        {"image_url": "https://cdn.example/x.png", "gtin": "123456789012"},
    ),
    (
        "breadcrumb-list-category",
        ld([{"@type": "Product", "name": "Kettle", "offers": OFFER},
            {"@type": "BreadcrumbList", "itemListElement": [
                {"@type": "ListItem", "position": 3, "name": "Kettle", "item": URL},
                {"@type": "ListItem", "position": 1, "name": "Home", "item": "https://shop.example/"},
                {"@type": "ListItem", "position": 2, "item": {"@id": "https://shop.example/kitchen", "name": "Kitchen"}}]}]),
        {"category": "Kitchen", "breadcrumbs": ["Home", "Kitchen", "Kettle"]},
    ),
    (
        "related-products-do-not-win",
        ld({"@type": "Product", "name": "Main", "offers": OFFER,
            "isRelatedTo": [{"@type": "Product", "name": "Other", "offers": {"@type": "Offer", "price": "1"}}]}),
        {"title": "Main", "price": 19.99},
    ),
    (
        "inventory-level",
        ld({"@type": "Product", "name": "Stocked", "offers": {**OFFER, "inventoryLevel": {"@type": "QuantitativeValue", "value": 12}}}),
        {"stock": 12, "availability": "in_stock"},
    ),
    (
        "html-entities-and-markup-in-description",
        ld({"@type": "Product", "name": "Tom &amp; Jerry", "description": "<p>Best&nbsp;<b>cat</b></p><p>ever</p>", "offers": OFFER}),
        {"title": "Tom & Jerry", "description": "Best cat ever"},
    ),
]

BROKEN_JSON = [
    ("trailing-commas", '{"@type": "Product", "name": "Trail", "offers": {"price": "3.00", "priceCurrency": "GBP",},}'),
    ("raw-newline-in-string", '{"@type": "Product", "name": "New\nline", "offers": {"price": "3.00", "priceCurrency": "GBP"}}'),
    ("html-comment", '<!-- {"@type": "Product", "name": "Commented", "offers": {"price": "3.00", "priceCurrency": "GBP"}} -->'),
    ("cdata", '//<![CDATA[\n{"@type": "Product", "name": "Cdata", "offers": {"price": "3.00", "priceCurrency": "GBP"}}\n//]]>'),
    ("concatenated", '{"@type": "Organization", "name": "Shop"}\n{"@type": "Product", "name": "Second", "offers": {"price": "3.00", "priceCurrency": "GBP"}}'),
    ("bad-escape", '{"@type": "Product", "name": "Back\\slash", "offers": {"price": "3.00", "priceCurrency": "GBP"}}'),
    ("control-chars", '{"@type": "Product", "name": "Tab\there", "offers": {"price": "3.00", "priceCurrency": "GBP"}};'),
    ("junk-after", '{"@type": "Product", "name": "Junk", "offers": {"price": "3.00", "priceCurrency": "GBP"}} oops }'),
]


@pytest.mark.parametrize("html,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_jsonld_variants(html: str, expected: dict) -> None:
    product = extract(html)
    assert {k: product[k] for k in expected} == expected


@pytest.mark.parametrize("script", [c[1] for c in BROKEN_JSON], ids=[c[0] for c in BROKEN_JSON])
def test_broken_jsonld_is_salvaged(script: str) -> None:
    page = ProductPage(URL, ld_raw(script), GENERIC)
    product = normalise_product(page.to_raw(), profile=GENERIC)
    assert product["price"] == 3.0 and product["currency"] == "GBP"
    assert product["title"] and product["title"] != "x"  # from the JSON-LD, not the h1
    assert page.has_product_data()


def test_one_broken_script_does_not_hide_the_others() -> None:
    html = (
        '<script type="application/ld+json">{"@type": "Organization",, broken</script>'
        + '<script type="application/ld+json">{"@type": "Product", "name": "Fine", "offers": {"price": "4", "priceCurrency": "EUR"}}</script>'
    )
    assert extract(html)["title"] == "Fine"


def test_parse_jsonld_text_flattens_lists() -> None:
    assert parse_jsonld_text('[{"a": 1}, {"b": 2}]') == [{"a": 1}, {"b": 2}]
    assert parse_jsonld_text("not json at all") == []
    assert parse_jsonld_text("") == []


MICRODATA = """
<html><body>
<div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Micro Kettle</h1>
  <img itemprop="image" src="/k.jpg">
  <span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Brewco</span></span>
  <span itemprop="sku">K-77</span>
  <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
    <span itemprop="ratingValue">4.4</span> / <span itemprop="bestRating">5</span> (<span itemprop="reviewCount">31</span>)
  </div>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <meta itemprop="priceCurrency" content="EUR">
    <span itemprop="price" content="49.90">49,90&nbsp;€</span>
    <link itemprop="availability" href="https://schema.org/PreOrder">
  </div>
</div>
</body></html>
"""

RDFA = """
<html><body vocab="https://schema.org/">
<div typeof="Product">
  <h1 property="name">RDFa Lamp</h1>
  <img property="image" src="lamp.jpg">
  <span property="gtin13">5901234123457</span>
  <div property="offers" typeof="Offer">
    <span property="priceCurrency" content="GBP">£</span><span property="price" content="12.00">12.00</span>
    <link property="availability" href="https://schema.org/BackOrder">
  </div>
</div>
</body></html>
"""

OPENGRAPH = """
<html><head>
<meta property="og:type" content="product">
<meta property="og:title" content="OG Chair">
<meta property="og:image" content="https://cdn.example/chair.jpg">
<meta property="product:price:amount" content="1.234,56">
<meta property="product:price:currency" content="EUR">
<meta property="og:availability" content="out of stock">
<meta property="product:brand" content="Sitwell">
<meta name="description" content="A   chair.">
</head><body><h1>Ignored heading</h1></body></html>
"""


@pytest.mark.parametrize(
    "html,expected",
    [
        (MICRODATA, {"title": "Micro Kettle", "price": 49.9, "currency": "EUR", "availability": "preorder",
                     "brand": "Brewco", "sku": "K-77", "rating": 4.4, "review_count": 31,
                     "image_url": "https://shop.example/k.jpg"}),
        (RDFA, {"title": "RDFa Lamp", "price": 12.0, "currency": "GBP", "availability": "backorder",
                "gtin": "5901234123457", "image_url": "https://shop.example/p/lamp.jpg"}),
        (OPENGRAPH, {"title": "OG Chair", "price": 1234.56, "currency": "EUR", "availability": "out_of_stock",
                     "brand": "Sitwell", "image_url": "https://cdn.example/chair.jpg", "description": "A chair."}),
    ],
    ids=["microdata", "rdfa", "opengraph-only"],
)
def test_other_syntaxes(html: str, expected: dict) -> None:
    product = extract(html)
    assert {k: product[k] for k in expected} == expected


@pytest.mark.parametrize(
    "body",
    [b"", b"   ", "", b"\x00\x01\x02\xff\xfe\x89PNG\r\n\x1a\n" * 50, "<html><body><div><p>unclosed <b>", "<<<>>>&&&;",
     b'<script type="application/ld+json">{{{{</script>', "<html>" + "<div>" * 3000, "\ufeff<html></html>"],
    ids=["empty-bytes", "blank", "empty-str", "binary", "unclosed", "garbage", "broken-ld", "deep-nesting", "bom"],
)
def test_junk_never_raises(body: bytes | str) -> None:
    page = ProductPage(URL, body, GENERIC)
    raw = page.to_raw()
    assert raw["url"] == URL
    assert page.has_product_data() is False
    assert normalise_product(raw, profile=GENERIC)["availability"] == "unknown"


def test_has_product_data_needs_title_and_price_or_product() -> None:
    assert not ProductPage(URL, "<h1>Only a heading</h1>", GENERIC).has_product_data()
    assert ProductPage(URL, ld({"@type": "Product", "name": "No price"}), GENERIC).has_product_data()
    assert ProductPage(URL, '<h1>T</h1><meta property="product:price:amount" content="3">', GENERIC).has_product_data()


# A sold-out product page the way big marketplaces show it: no price at all, the stock state
# where the buy box was, the shop's article number in the details table.
SOLD_OUT_NO_PRICE = """<html><head><title>Garden Hose 30 m : Home</title></head><body>
<h1 id="title"><span id="productTitle">Garden Hose 30 m</span></h1>
<div id="availability"><span class="a-color-price">Currently unavailable.</span></div>
<p>We don't know when or if this item will be back in stock.</p>
<table id="details"><tr><th>ASIN</th><td>B07XJ8C8F5</td></tr>
<tr><th>Item model number</th><td>GH-30</td></tr></table></body></html>"""


def test_sold_out_page_without_a_price_is_product_data_and_valid() -> None:
    from productscraper.processing.validate import validate_product

    page = ProductPage(URL, SOLD_OUT_NO_PRICE, GENERIC)
    assert page.has_product_data()  # stored with price null, never sent to a browser for a price
    product = normalise_product(page.to_raw(), profile=GENERIC)
    assert product["title"] == "Garden Hose 30 m"
    assert product["price"] is None
    assert product["availability"] == "out_of_stock"
    assert product["sku"] == "B07XJ8C8F5"  # the labelled ASIN
    assert validate_product(product) == []


def test_sold_out_words_without_an_identifier_are_not_product_data() -> None:
    # A category page's title and a "Sold out" badge: no product to store.
    html = "<html><body><h1>Garden hoses</h1><ul><li>Hose A <b>Sold out</b></li></ul></body></html>"
    page = ProductPage(URL, html, GENERIC)
    assert not page.has_product_data()



def test_profile_fields_override_field_by_field() -> None:
    html = ld({"@type": "Product", "name": "From JSON-LD", "sku": "LD-SKU", "offers": OFFER}) + (
        '<h1 class="t">From the page</h1><p class="nothing"></p><ul class="crumbs"><li>A</li><li>B</li></ul>'
    )
    profile = dataclasses.replace(
        GENERIC, fields=FrozenMap({"title": "h1.t::text", "sku": "p.missing::text", "breadcrumbs": "ul.crumbs li::text"})
    )
    raw = ProductPage(URL, html, profile).to_raw()
    assert raw["title"] == "From the page"
    assert raw["sku"] == "LD-SKU"  # selector matched nothing: the generic value stays
    assert raw["breadcrumbs"] == ["A", "B"]
    assert raw["price"] == "19.99"


def test_raw_has_every_contract_field() -> None:
    raw = ProductPage(URL, "<html></html>", GENERIC).to_raw()
    assert set(raw) == {
        "url", "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn", "brand", "rating",
        "rating_scale", "review_count", "category", "breadcrumbs", "description", "image_url", "canonical_url",
        "price_min", "price_max", "list_price", "sources",
    }
    assert all(v is None or isinstance(v, (str, list, dict)) for v in raw.values())  # sources: a dict


def test_encoding_and_canonical() -> None:
    html = '<html><head><link rel="canonical" href="/p/widget"></head><body><h1>Caf\xe9</h1></body></html>'
    raw = ProductPage(URL, html.encode("latin-1"), GENERIC, encoding="latin-1").to_raw()
    assert raw["title"] == "Caf\xe9"
    assert raw["canonical_url"] == "https://shop.example/p/widget"


def test_stray_itemprops_fill_gaps_but_not_from_other_items() -> None:
    html = (
        '<ol itemscope itemtype="https://schema.org/BreadcrumbList"><li itemprop="itemListElement" itemscope '
        'itemtype="https://schema.org/ListItem"><span itemprop="name">Home</span><meta itemprop="position" content="1">'
        "</li></ol><h1>Stray Lamp</h1>"
        '<span itemprop="price" content="9.50">9,50</span><meta itemprop="priceCurrency" content="USD">'
        '<link itemprop="availability" href="https://schema.org/InStock">'
    )
    product = extract(html)
    assert (product["title"], product["price"], product["currency"], product["availability"]) == (
        "Stray Lamp", 9.5, "USD", "in_stock")
    assert product["breadcrumbs"] == ["Home"] and product["category"] is None


def test_jsonld_after_closing_html_tag_is_found() -> None:
    html = "<html><body><h1>Late</h1></body></html>\n" + ld({"@type": "Product", "name": "Late", "offers": OFFER})
    assert extract(html)["price"] == 19.99
