"""Each extraction layer on a small real-world-shaped page (tests/fixtures/extraction/).

Every page names its product in only one machine-readable place besides the visible page,
so each test fails when its layer stops reading that place.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from productscraper.pages import ProductPage
from productscraper.processing import normalise_product, validate_product
from productscraper.profiles import GENERIC_PROFILE

FIXTURES = Path(__file__).parent / "fixtures" / "extraction"


def extract(name: str, url: str | None = None) -> dict[str, Any]:
    """The normalised product of one fixture page (served at ``url``)."""
    body = (FIXTURES / f"{name}.html").read_bytes()
    raw = ProductPage(url or f"https://shop.example/{name}", body, GENERIC_PROFILE).to_raw()
    return normalise_product(raw)


def test_next_js_page_data_gives_price_sku_brand_and_stock() -> None:
    product = extract("nextjs")
    assert (product["price"], product["currency"], product["sku"], product["brand"]) == (89.0, "GBP", "TR2-BLK-42", "Peak")
    assert product["availability"] == "in_stock"
    assert product["sources"]["sku"] == "embedded_json"


def test_nuxt_js_object_literal_is_read_with_unquoted_keys() -> None:
    product = extract("nuxt")
    assert (product["price"], product["currency"], product["sku"]) == (49.9, "EUR", "KM-1001")
    assert product["brand"] == "Röstwerk" and product["sources"]["price"] == "embedded_json"


def test_shopify_meta_prices_are_cents_and_the_url_variant_is_selected() -> None:
    product = extract("shopify", "https://nordvik.se/products/ullmossa?variant=40002")
    assert (product["price"], product["sku"]) == (349.0, "UM-ROD")
    assert (product["price_min"], product["price_max"]) == (299.0, 349.0)
    assert product["currency"] == "SEK"  # Shopify.currency, and "kr" alone would be ambiguous
    assert product["title"] == "Ullmössa"


def test_woocommerce_variations_give_the_lowest_available_price_and_its_list_price() -> None:
    product = extract("woocommerce")
    assert product["price"] == 15.0  # M at 12 is out of stock
    assert product["list_price"] == 20.0 and product["sku"] == "CB-S"
    assert (product["price_min"], product["price_max"]) == (12.0, 18.0)
    assert product["currency"] == "EUR"


def test_magento_final_price_not_old_price_nor_a_related_products_price() -> None:
    product = extract("magento")
    assert product["price"] == 59.9 and product["list_price"] == 79.9
    assert product["sku"] == "ZT-30-BLU" and product["availability"] == "in_stock"  # "Disponibile"
    assert product["sources"]["price"] == "platform"


def test_datalayer_ga4_ecommerce_item() -> None:
    product = extract("datalayer", "https://sklep.example.pl/p/ke-17")
    assert (product["price"], product["currency"], product["sku"], product["brand"]) == (149.99, "PLN", "KE-17-W", "Domix")
    assert product["availability"] == "in_stock"  # "Dostępny"


def test_stray_itemprops_outside_a_product_scope_are_read_but_not_the_breadcrumbs_name() -> None:
    product = extract("itemprop")
    assert product["title"] == "Lampe de bureau Arc"
    assert (product["price"], product["currency"], product["sku"]) == (64.5, "EUR", "ARC-LB-02")
    assert product["availability"] == "out_of_stock"
    assert product["sources"]["price"] == "attributes"


def test_dom_heuristic_takes_the_sale_price_not_struck_msrp_per_unit_or_related_prices() -> None:
    product = extract("dom_struck")
    assert (product["price"], product["currency"]) == (179.0, "USD")
    assert product["availability"] == "in_stock"  # "Only 3 left", not the related tile's "Out of stock"
    assert product["sku"] == "WST-2291"  # "Item #" label, value in the next element
    assert product["sources"]["price"] == "dom"


def test_markup_price_the_page_strikes_through_loses_to_the_visible_sale_price() -> None:
    product = extract("schema_list_price")
    assert product["price"] == 20.99 and product["list_price"] == 29.99
    assert product["sources"]["price"] == "dom" and product["sources"]["list_price"] == "schema_org"


def test_of_several_json_ld_products_the_one_the_heading_names_is_the_page_s_own() -> None:
    product = extract("schema_related_first")
    assert (product["title"], product["sku"], product["price"]) == ("Trail Runner 2", "TR2-GRN-42", 89.0)


@pytest.mark.parametrize("name", sorted(p.stem for p in FIXTURES.glob("*.html")))
def test_every_fixture_product_is_valid_and_says_where_each_value_came_from(name: str) -> None:
    product = extract(name)
    assert validate_product({**product, "url": "https://shop.example/p"}) == []
    assert {"title", "price", "currency"} <= set(product["sources"])


def test_a_product_group_s_variant_is_the_one_the_url_names_by_its_shopify_variant_id() -> None:
    """Shopify's JSON-LD puts ``?variant=`` in the variant's ``@id`` and its offer's url."""
    import json

    from productscraper.pages import ProductPage
    from productscraper.processing import normalise_product
    from productscraper.profiles import GENERIC_PROFILE

    base = "https://www.lumio.example.com/products/lamp"

    def variant(vid: str, sku: str, price: str, stock: str) -> dict:
        return {"@type": "Product", "@id": f"{base}?variant={vid}#variant", "sku": sku, "name": f"Lamp {sku}",
                "offers": {"@type": "Offer", "url": f"{base}?variant={vid}", "price": price,
                           "priceCurrency": "USD", "availability": f"https://schema.org/{stock}"}}

    data = {"@context": "https://schema.org", "@type": "ProductGroup", "name": "Lamp", "productGroupID": "1",
            "hasVariant": [variant("4241", "S", "49.00", "InStock"), variant("4242", "L", "64.00", "OutOfStock")]}
    html = f'<html><head><script type="application/ld+json">{json.dumps(data)}</script></head><body><h1>Lamp</h1></body></html>'
    chosen = normalise_product(ProductPage(f"{base}?variant=4242", html, GENERIC_PROFILE).to_raw())
    assert (chosen["price"], chosen["availability"], chosen["sku"]) == (64.0, "out_of_stock", "L")
    plain = normalise_product(ProductPage(base, html, GENERIC_PROFILE).to_raw())  # no variant named: the best offer
    assert (plain["price"], plain["availability"], plain["sku"]) == (49.0, "in_stock", "S")


def test_without_markup_the_h1_tells_the_page_s_product_from_others_in_a_state_blob() -> None:
    import json

    from productscraper.pages import ProductPage
    from productscraper.processing import normalise_product
    from productscraper.profiles import GENERIC_PROFILE

    others = [{"name": f"Lamp {i}", "sku": f"L-{i}", "price": 10 + i} for i in range(3)]
    state = {"props": {"pageProps": {"recentlyViewed": others,
                                     "product": {"name": "Walnut Desk Lamp", "sku": "WDL-100", "price": 24}}}}
    html = ('<html><body><script id="__NEXT_DATA__" type="application/json">' + json.dumps(state) + '</script>'
            '<h1>Walnut Desk Lamp</h1><span class="price">$24.00</span></body></html>')
    product = normalise_product(ProductPage("https://www.lumio.example/p/1", html, GENERIC_PROFILE).to_raw())
    assert (product["title"], product["sku"], product["price"]) == ("Walnut Desk Lamp", "WDL-100", 24.0)
