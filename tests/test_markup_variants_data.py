"""Shapes of real shop markup: the machine-readable data shops embed (JSON-LD), read by the
generic extraction (no site profile).

Each case is a small product page whose <head> or <body> carries schema.org JSON-LD in one
of the shapes real shops print (Yoast/WooCommerce @graph, Shopify themes, Magento, Shopware,
hand-written snippets with trailing commas or comments), beside the visible page a customer
sees. The expectations are what a careful human reads from the page: the current price and
its currency, whether the product can be bought, the shop's article number and the product's
name. Where the markup and the visible page disagree, the visible page wins. None copies one
shop's page; they are the common patterns. The other machine-readable layers (microdata,
RDFa, OpenGraph, embedded JS state) are in tests/test_markup_variants_data2.py.
"""
from __future__ import annotations

import html
import json
from typing import Any

import pytest

from tests.markup_shapes import BUY, check, extract, shop

US = "https://www.shop.example.com/p/walnut-desk-lamp"
DE = "https://www.shop.example.de/p/walnut-desk-lamp"
NAME = "Walnut Desk Lamp"


def ld(*nodes: Any) -> str:
    """One <script type="application/ld+json"> per node."""
    return "".join(f'<script type="application/ld+json">{json.dumps(n, ensure_ascii=False)}</script>' for n in nodes)


def raw_ld(text: str) -> str:
    return f'<script type="application/ld+json">{text}</script>'


def offer(price: Any = "89.00", currency: str | None = "USD", availability: str = "https://schema.org/InStock",
          **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"@type": "Offer", "price": price, "availability": availability, **more}
    if currency is not None:
        out["priceCurrency"] = currency
    return out


def product(offers: Any = None, name: str = NAME, sku: str = "WDL-1", **more: Any) -> dict[str, Any]:
    return {"@context": "https://schema.org", "@type": "Product", "name": name, "sku": sku,
            "brand": {"@type": "Brand", "name": "Lumio"}, "offers": offer() if offers is None else offers, **more}


def shown(price: str = "$89.00", button: str = "Add to cart") -> str:
    """The visible price box and buy button."""
    return (f'<div class="product-price"><span class="price">{price}</span></div>'
            + (BUY.format(button) if button else ""))


ORG = {"@type": "Organization", "@id": "https://www.shop.example.com/#org", "name": "Lumio",
       "url": "https://www.shop.example.com/", "logo": "https://www.shop.example.com/logo.png"}
CRUMBS = {"@type": "BreadcrumbList", "itemListElement": [
    {"@type": "ListItem", "position": 1, "name": "Home", "item": "https://www.shop.example.com/"},
    {"@type": "ListItem", "position": 2, "name": "Lamps", "item": "https://www.shop.example.com/c/lamps"},
    {"@type": "ListItem", "position": 3, "name": NAME}]}
BASE = {"price": 89.0, "currency": "USD", "availability": "in_stock", "sku": "WDL-1", "title": NAME}


def _p(**kw: Any) -> dict[str, Any]:
    out = {k: v for k, v in product(**kw).items() if k != "@context"}
    return out


def _related(name: str, price: str, sku: str) -> dict[str, Any]:
    return product(offer(price), name=name, sku=sku)


CASES = [
    # (id, url, lang, head, body, expected)
    # ------------------------------------------------------------------ document shapes
    ("graph_product_organization_breadcrumbs", US, "en-US",
     ld({"@context": "https://schema.org", "@graph": [ORG, CRUMBS, _p()]}), shown(), BASE),
    ("graph_yoast_webpage_mainentity_reference", US, "en-US",
     ld({"@context": "https://schema.org", "@graph": [
         ORG, {"@type": "WebPage", "@id": US + "#webpage", "name": NAME + " | Lumio",
               "mainEntity": {"@id": US + "#product"}},
         {**_p(), "@id": US + "#product"}]}), shown(), BASE),
    ("top_level_list_of_nodes", US, "en-US", ld([{"@context": "https://schema.org", **ORG}, product(), CRUMBS]),
     shown(), BASE),
    ("product_as_webpage_main_entity", US, "en-US",
     ld({"@context": "https://schema.org", "@type": "ItemPage", "name": "Lamps", "mainEntity": _p()}), shown(), BASE),
    ("offer_as_root_with_item_offered", US, "en-US",
     ld({"@context": "https://schema.org", **offer(), "itemOffered": {"@type": "Product", "name": NAME, "sku": "WDL-1"}}),
     shown(), BASE),
    ("type_as_list_product_thing", US, "en-US", ld({**product(), "@type": ["Product", "Thing"]}), shown(), BASE),
    ("type_as_full_url", US, "en-US", ld({**product(), "@type": "http://schema.org/Product"}), shown(), BASE),
    ("type_individual_product", US, "en-US", ld({**product(), "@type": "IndividualProduct"}), shown(), BASE),
    ("jsonld_script_in_body_after_the_price", US, "en-US", "", shown() + ld(product()), BASE),
    ("breadcrumb_in_its_own_script_before_product", US, "en-US", ld(CRUMBS, {"@context": "https://schema.org", **ORG},
                                                                      product()), shown(), BASE),
    # ------------------------------------------------------------------ offers
    ("offers_as_list_of_one", US, "en-US", ld(product([offer()])), shown(), BASE),
    ("offers_as_list_of_variants_first_shown", US, "en-US",
     ld(product([offer("89.00", sku="WDL-1"), offer("99.00", sku="WDL-2", availability="https://schema.org/OutOfStock")])),
     shown(), {"price": 89.0, "currency": "USD", "availability": "in_stock"}),
    ("offers_list_first_variant_sold_out_page_shows_the_available_one", US, "en-US",
     ld(product([offer("99.00", availability="https://schema.org/OutOfStock"), offer("89.00")])),
     shown(), {"price": 89.0, "availability": "in_stock"}),
    ("aggregate_offer_low_high_page_shows_range", US, "en-US",
     ld(product({"@type": "AggregateOffer", "lowPrice": "79.00", "highPrice": "99.00", "offerCount": 3,
                 "priceCurrency": "USD", "availability": "https://schema.org/InStock"})),
     shown("$79.00 – $99.00"), {"price": 79.0, "currency": "USD", "availability": "in_stock"}),
    ("aggregate_offer_numbers_page_shows_from", DE, "de-DE",
     ld(product({"@type": "AggregateOffer", "lowPrice": 79, "highPrice": 99, "offerCount": "3", "priceCurrency": "EUR"})),
     shown("ab 79,00 €", "In den Warenkorb"), {"price": 79.0, "currency": "EUR"}),
    ("aggregate_offer_with_nested_offers", US, "en-US",
     ld(product({"@type": "AggregateOffer", "lowPrice": 89, "highPrice": 89, "priceCurrency": "USD", "offerCount": 2,
                 "offers": [offer(89), offer(89)]})), shown(), {"price": 89.0, "currency": "USD"}),
    ("price_specification_list_price_and_sale_price", US, "en-US",
     ld(product(offer(None, None, priceSpecification=[
         {"@type": "UnitPriceSpecification", "priceType": "https://schema.org/ListPrice", "price": 120,
          "priceCurrency": "USD"},
         {"@type": "UnitPriceSpecification", "priceType": "https://schema.org/SalePrice", "price": 89,
          "priceCurrency": "USD"}]))),
     '<div class="product-price"><s class="price-old">$120.00</s> <span class="price">$89.00</span></div>'
     + BUY.format("Add to cart"), {"price": 89.0, "currency": "USD"}),
    ("price_specification_strikethrough_listed_first", DE, "de-DE",
     ld(product(offer("89.00", "EUR", priceSpecification=[
         {"@type": "UnitPriceSpecification", "priceType": "https://schema.org/StrikethroughPrice", "price": "120.00",
          "priceCurrency": "EUR"},
         {"@type": "UnitPriceSpecification", "price": "89.00", "priceCurrency": "EUR"}]))),
     '<div class="product-price"><del>120,00 €</del> <span class="price">89,00 €</span></div>'
     + BUY.format("In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("price_only_in_price_specification", DE, "de-DE",
     ld(product({"@type": "Offer", "availability": "https://schema.org/InStock",
                 "priceSpecification": {"@type": "PriceSpecification", "price": 89, "priceCurrency": "EUR",
                                        "valueAddedTaxIncluded": True}})),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR", "sku": "WDL-1"}),
    # ------------------------------------------------------------------ price spellings
    ("price_string_german_thousands", DE, "de-DE", ld(product(offer("1.299,00", "EUR"))),
     shown("1.299,00 €", "In den Warenkorb"), {"price": 1299.0, "currency": "EUR"}),
    ("price_string_with_dollar_sign", US, "en-US", ld(product(offer("$12.99", "USD"))), shown("$12.99"),
     {"price": 12.99, "currency": "USD"}),
    ("price_string_comma_decimal_with_code", DE, "de-DE", ld(product(offer("12,99 EUR", None))),
     shown("12,99 €", "In den Warenkorb"), {"price": 12.99, "currency": "EUR"}),
    ("price_as_float", US, "en-US", ld(product(offer(12.99))), shown("$12.99"), {"price": 12.99, "currency": "USD"}),
    ("price_as_integer_thousands", DE, "de-DE", ld(product(offer(1299, "EUR"))),
     shown("1.299,00 €", "In den Warenkorb"), {"price": 1299.0, "currency": "EUR"}),
    ("price_string_us_thousands", US, "en-US", ld(product(offer("1,299.00"))), shown("$1,299.00"),
     {"price": 1299.0, "currency": "USD"}),
    ("price_currency_missing_page_shows_euro_de", DE, "de-DE", ld(product(offer("89.00", None))),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("price_currency_missing_page_shows_euro_on_dot_com", "https://www.shop.example.com/p/1", "en",
     ld(product(offer("89.00", None))), shown("€89.00"), {"price": 89.0, "currency": "EUR"}),
    ("price_currency_lowercase_code", US, "en-US", ld(product(offer("89.00", "usd"))), shown(),
     {"price": 89.0, "currency": "USD"}),
    ("price_currency_given_as_symbol", DE, "de-DE", ld(product(offer("89.00", "€"))),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("price_currency_gbp_on_uk_shop", "https://www.shop.example.co.uk/p/1", "en-GB", ld(product(offer("89.00", "GBP"))),
     shown("£89.00", "Add to basket"), {"price": 89.0, "currency": "GBP"}),
    # ------------------------------------------------------------------ product groups, several products
    ("product_group_has_variant", US, "en-US",
     ld({"@context": "https://schema.org", "@type": "ProductGroup", "name": NAME, "productGroupID": "WDL",
         "variesBy": ["https://schema.org/color"], "brand": {"@type": "Brand", "name": "Lumio"},
         "hasVariant": [{"@type": "Product", "name": NAME + " Black", "sku": "WDL-BLK", "color": "Black",
                         "offers": offer("89.00")},
                        {"@type": "Product", "name": NAME + " White", "sku": "WDL-WHT", "color": "White",
                         "offers": offer("99.00")}]}),
     shown(), {"price": 89.0, "currency": "USD", "availability": "in_stock", "title": NAME}),
    ("product_group_variants_referenced_by_id", US, "en-US",
     ld({"@context": "https://schema.org", "@graph": [
         {"@type": "ProductGroup", "@id": "#g", "name": NAME, "productGroupID": "WDL",
          "hasVariant": [{"@id": "#v1"}, {"@id": "#v2"}]},
         {"@type": "Product", "@id": "#v1", "name": NAME + " Black", "sku": "WDL-BLK", "isVariantOf": {"@id": "#g"},
          "offers": offer("89.00")},
         {"@type": "Product", "@id": "#v2", "name": NAME + " White", "sku": "WDL-WHT", "isVariantOf": {"@id": "#g"},
          "offers": offer("99.00")}]}), shown(), {"price": 89.0, "currency": "USD", "title": NAME}),
    ("main_product_first_then_related_products", US, "en-US",
     ld(product(), _related("Oak Desk Lamp", "49.00", "ODL-1"), _related("Brass Floor Lamp", "149.00", "BFL-1")),
     shown(), BASE),
    ("related_products_in_item_list_before_main", US, "en-US",
     ld({"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
         {"@type": "ListItem", "position": 1, "item": _p(offers=offer("49.00"), name="Oak Desk Lamp", sku="ODL-1")},
         {"@type": "ListItem", "position": 2, "item": _p(offers=offer("149.00"), name="Brass Floor Lamp", sku="BFL-1")}]},
        product()), shown(), BASE),
    ("similar_products_nested_in_main_product", US, "en-US",
     ld(product(isSimilarTo=[_p(offers=offer("49.00"), name="Oak Desk Lamp", sku="ODL-1")],
                isRelatedTo={"@type": "Product", "name": "LED Bulb E27", "sku": "BULB-1", "offers": offer("5.00")})),
     shown(), BASE),
    ("graph_with_accessory_product_listed_first", US, "en-US",
     ld({"@context": "https://schema.org", "@graph": [
         _p(offers=offer("5.00"), name="LED Bulb E27", sku="BULB-1"), ORG, _p()]}), shown(), BASE),
    # ------------------------------------------------------------------ availability spellings
    # (InStock, http(s)://schema.org/InStock / OutOfStock / SoldOut are in test_markup_variants_stock.py)
    ("availability_limited_availability", US, "en-US",
     ld(product(offer(availability="https://schema.org/LimitedAvailability"))), shown(), {"availability": "in_stock"}),
    ("availability_preorder_with_preorder_button", US, "en-US",
     ld(product(offer(availability="https://schema.org/PreOrder"))), shown(button="Pre-order now"),
     {"availability": "preorder"}),
    ("availability_presale", US, "en-US", ld(product(offer(availability="https://schema.org/PreSale"))),
     shown(button="Pre-order"), {"availability": "preorder"}),
    ("availability_backorder", US, "en-US", ld(product(offer(availability="http://schema.org/BackOrder"))),
     shown(button="Backorder"), {"availability": "backorder"}),
    ("availability_bare_sold_out_no_button", US, "en-US", ld(product(offer(availability="SoldOut"))),
     shown(button=""), {"availability": "out_of_stock"}),
    ("availability_discontinued", US, "en-US", ld(product(offer(availability="https://schema.org/Discontinued"))),
     shown(button="") + '<p class="notice">This product is no longer available.</p>', {"availability": "discontinued"}),
    ("availability_lowercase_instock", US, "en-US", ld(product(offer(availability="instock"))), shown(),
     {"availability": "in_stock"}),
    ("availability_schema_prefix", US, "en-US", ld(product(offer(availability="schema:OutOfStock"))),
     shown(button=""), {"availability": "out_of_stock"}),
    ("availability_url_with_trailing_whitespace", US, "en-US",
     ld(product(offer(availability=" https://schema.org/OutOfStock "))), shown(button=""),
     {"availability": "out_of_stock"}),
    ("availability_as_item_availability_object", US, "en-US",
     ld(product(offer(availability={"@id": "https://schema.org/OutOfStock"}))), shown(button=""),
     {"availability": "out_of_stock"}),
    ("availability_in_stock_in_markup_but_sold_out_button", US, "en-US", ld(product()),
     '<div class="product-price"><span class="price">$89.00</span></div>'
     '<button type="submit" name="add" class="product-form__submit button" disabled><span>Sold out</span></button>',
     {"availability": "out_of_stock", "price": 89.0}),
    ("availability_out_of_stock_in_markup_but_page_in_stock", US, "en-US",
     ld(product(offer(availability="https://schema.org/OutOfStock"))),
     shown() + '<p class="stock in-stock">In stock</p>', {"availability": "in_stock"}),
    # ------------------------------------------------------------------ names, brands, identifiers
    ("name_with_html_entities", US, "en-US",
     ld(product(name="Walnut Desk Lamp &amp; Shade", description="A lamp &quot;made to last&quot;")),
     shown(), {"title": "Walnut Desk Lamp & Shade", "price": 89.0}),
    ("name_with_numeric_entity_accent", DE, "de-DE", ld(product(offer("89.00", "EUR"), name="Caf&eacute;-Leuchte")),
     shown("89,00 €", "In den Warenkorb"), {"title": "Café-Leuchte", "price": 89.0}),
    ("name_with_shop_suffix", US, "en-US", ld(product(name=NAME + " | Lumio")), shown(), {"title": NAME}),
    ("brand_as_plain_string", US, "en-US", ld({**product(), "brand": "Lumio"}), shown(), {"brand": "Lumio"}),
    ("brand_as_organization_list", US, "en-US", ld({**product(), "brand": [{"@type": "Organization", "name": "Lumio"}]}),
     shown(), {"brand": "Lumio"}),
    ("sku_as_number", US, "en-US", ld({**product(), "sku": 12345}), shown(), {"sku": "12345"}),
    ("sku_on_the_offer_not_the_product", US, "en-US",
     ld({k: v for k, v in product(offer(sku="WDL-OFFER")).items() if k != "sku"}), shown(), {"sku": "WDL-OFFER"}),
    ("gtin13_as_number", US, "en-US", ld(product(gtin13=4006381333931)), shown(), {"gtin": "4006381333931"}),
    ("gtin_on_offer_with_leading_zero", US, "en-US", ld(product(offer(gtin12="012345678905"))), shown(),
     {"gtin": "012345678905"}),
    # ------------------------------------------------------------------ broken JSON browsers ignore
    ("trailing_commas", US, "en-US",
     raw_ld('{"@context": "https://schema.org", "@type": "Product", "name": "Walnut Desk Lamp", "sku": "WDL-1",'
            ' "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD",},}'), shown(),
     {"sku": "WDL-1", "price": 89.0, "currency": "USD"}),
    ("line_comment_inside", US, "en-US",
     raw_ld('{\n"@context": "https://schema.org",\n// product data\n"@type": "Product", "name": "Walnut Desk Lamp",\n'
            '"sku": "WDL-1", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}\n}'), shown(),
     {"sku": "WDL-1", "price": 89.0}),
    ("block_comment_before", US, "en-US",
     raw_ld('/* generated by theme */ {"@context": "https://schema.org", "@type": "Product", "name": "Walnut Desk Lamp",'
            ' "sku": "WDL-1", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}}'), shown(),
     {"sku": "WDL-1", "price": 89.0}),
    ("cdata_wrapper", US, "en-US",
     raw_ld('//<![CDATA[\n{"@context": "https://schema.org", "@type": "Product", "name": "Walnut Desk Lamp",'
            ' "sku": "WDL-1", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}}\n//]]>'), shown(),
     {"sku": "WDL-1", "price": 89.0}),
    ("raw_newline_inside_description_string", US, "en-US",
     raw_ld('{"@context": "https://schema.org", "@type": "Product", "name": "Walnut Desk Lamp", "sku": "WDL-1",'
            ' "description": "Solid walnut.\nDimmable.", "offers": {"@type": "Offer", "price": "89.00",'
            ' "priceCurrency": "USD"}}'), shown(), {"sku": "WDL-1", "price": 89.0}),
    ("unescaped_quote_breaks_one_script_the_other_is_read", US, "en-US",
     raw_ld('{"@context": "https://schema.org", "@type": "Organization", "name": "Lumio "the lamp people""}')
     + ld(product()), shown(), BASE),
    ("name_with_woocommerce_escaped_apostrophe", US, "en-US", ld(product(name="Children&#039;s Desk Lamp")),
     shown(), {"title": "Children's Desk Lamp", "price": 89.0}),
    # ------------------------------------------------------------------ markup against the visible page
    ("markup_regular_price_page_shows_sale_in_sale_box", US, "en-US", ld(product(offer("120.00"))),
     '<div class="price price--on-sale"><span class="price-item price-item--sale">$89.00</span>'
     '<s class="price-item price-item--regular">$120.00</s></div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "USD"}),
    ("markup_regular_price_page_shows_sale_with_badge", DE, "de-DE", ld(product(offer("120.00", "EUR"))),
     '<div class="product-detail-price-container"><span class="badge">Sale</span>'
     '<p class="product-detail-price with-list-price">89,00 €</p>'
     '<span class="list-price-price">120,00 €</span></div>' + BUY.format("In den Warenkorb"),
     {"price": 89.0, "currency": "EUR"}),
    ("markup_price_zero_placeholder_string", US, "en-US", ld(product(offer("0.00"))), shown(),
     {"price": 89.0, "currency": "USD"}),
    ("markup_price_zero_number", US, "en-US", ld(product(offer(0))), shown(), {"price": 89.0, "currency": "USD"}),
    ("markup_price_empty_string", US, "en-US", ld(product(offer(""))), shown(), {"price": 89.0, "currency": "USD"}),
    ("aggregate_offer_page_shows_the_selected_variants_higher_price", US, "en-US",
     ld(product({"@type": "AggregateOffer", "lowPrice": "79.00", "highPrice": "99.00", "priceCurrency": "USD"})),
     shown("$99.00"), {"price": 99.0, "currency": "USD"}),
    ("markup_in_stock_but_page_offers_only_preorder", US, "en-US", ld(product()),
     shown(button="Pre-order now") + '<p class="availability">Available for pre-order. Ships in May.</p>',
     {"availability": "preorder"}),
    ("markup_in_stock_but_page_says_currently_unavailable", US, "en-US", ld(product()),
     shown(button="") + '<div id="availability"><span class="a-color-price">Currently unavailable.</span></div>',
     {"availability": "out_of_stock"}),
    ("markup_price_of_a_bundle_related_not_the_page", US, "en-US",
     ld(product(), _related(NAME + " + Bulb Bundle", "99.00", "WDL-B")), shown(), BASE),
]


@pytest.mark.parametrize("url,lang,head,body,expected", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_json_ld_shapes_give_what_the_page_shows(url: str, lang: str, head: str, body: str,
                                                  expected: dict[str, Any]) -> None:
    name = html.escape(expected.get("title", NAME), quote=False)
    check(extract(shop(body, lang, name=name, head=head), url), expected)
