"""Shapes of real shop markup: the machine-readable data shops embed besides JSON-LD, read by
the generic extraction (no site profile).

Microdata and RDFa around the visible price, OpenGraph / Facebook product meta tags, and the
JS state platforms and front-end frameworks print into the page (Next.js, Nuxt, Redux
__INITIAL_STATE__, Shopify, WooCommerce, Magento 2, BigCommerce, Google Analytics
dataLayer). The expectations are what a careful human reads from the page: the current price
and its currency, whether the product can be bought, the shop's article number and the
product's name; where embedded data and the visible page disagree, the visible page wins.
None copies one shop's page; they are the common patterns.
"""
from __future__ import annotations

import html
import json
from typing import Any

import pytest

from tests.markup_shapes import BUY, check, extract, shop

US = "https://www.shop.example.com/p/walnut-desk-lamp"
DE = "https://www.shop.example.de/p/walnut-desk-lamp"
SHOPIFY = "https://lumio.example.com/products/walnut-desk-lamp"
NAME = "Walnut Desk Lamp"


def shown(price: str = "$89.00", button: str = "Add to cart") -> str:
    return (f'<div class="product-price"><span class="price">{price}</span></div>'
            + (BUY.format(button) if button else ""))


def script(js: str, attrs: str = "") -> str:
    return f"<script{attrs}>{js}</script>"


def meta(prop: str, content: str, attr: str = "property") -> str:
    return f'<meta {attr}="{prop}" content="{content}">'


def _md(inner: str) -> str:
    return f'<div itemscope itemtype="https://schema.org/Product">{inner}</div>'


_OFFER_MD = ('<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
             '<span class="price" itemprop="price" content="{price}">{shown}</span>'
             '<meta itemprop="priceCurrency" content="{cur}">{extra}</div>')


def md_offer(price: str = "89.00", shown_: str = "$89.00", cur: str = "USD", extra: str = "") -> str:
    return _OFFER_MD.format(price=price, shown=shown_, cur=cur, extra=extra)


_SHOPIFY_VARIANTS = [{"id": 40001, "title": "Black", "price": 8900, "sku": "WDL-BLK", "available": True},
                     {"id": 40002, "title": "White", "price": 9900, "sku": "WDL-WHT", "available": True}]


def shopify_meta(variants: list[dict[str, Any]]) -> str:
    data = {"product": {"id": 7712, "vendor": "Lumio", "type": "Lamps",
                        "variants": [{"id": v["id"], "price": v["price"], "name": f'{NAME} - {v["title"]}',
                                      "public_title": v["title"], "sku": v["sku"]} for v in variants]},
            "page": {"pageType": "product", "resourceType": "product", "resourceId": 7712}}
    return script('window.ShopifyAnalytics = window.ShopifyAnalytics || {};'
                  'window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {};'
                  f'var meta = {json.dumps(data)};'
                  'for (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }')


def shopify_json(variants: list[dict[str, Any]], available: bool = True) -> str:
    data = {"id": 7712, "title": NAME, "handle": "walnut-desk-lamp", "vendor": "Lumio", "available": available,
            "price": variants[0]["price"], "variants": variants}
    return (script(json.dumps(data), ' type="application/json" data-product-json')
            + '<link rel="stylesheet" href="//cdn.shopify.com/s/files/1/0001/t/2/assets/base.css">')


def _next(product: dict[str, Any]) -> str:
    data = {"props": {"pageProps": {"product": product}}, "page": "/p/[slug]", "buildId": "b1"}
    return script(json.dumps(data), ' id="__NEXT_DATA__" type="application/json"')


def _woo(variations: list[dict[str, Any]]) -> str:
    attr = html.escape(json.dumps(variations), quote=True)
    return (f'<form class="variations_form cart" method="post" data-product_id="12" data-product_variations="{attr}">'
            '<select name="attribute_pa_color"><option value="">Choose an option</option><option value="black">Black'
            '</option></select><button type="submit" class="single_add_to_cart_button button alt">Add to cart</button>'
            '</form>')


def _wv(price: float, regular: float, in_stock: bool, sku: str) -> dict[str, Any]:
    return {"attributes": {"attribute_pa_color": sku.lower()}, "display_price": price, "display_regular_price": regular,
            "is_in_stock": in_stock, "is_purchasable": True, "sku": sku, "variation_id": 100 + len(sku) + int(price),
            "price_html": f'<span class="price"><span class="woocommerce-Price-amount amount">${price:.2f}</span></span>'}


CASES = [
    # (id, url, lang, head, body, expected)
    # ------------------------------------------------------------------ microdata / RDFa
    ("microdata_price_content_dot_visible_comma_euro", DE, "de-DE", "",
     _md(f'<meta itemprop="name" content="{NAME}">' + md_offer("12.99", "12,99 €", "EUR")) + BUY.format("Kaufen"),
     {"price": 12.99, "currency": "EUR", "title": NAME}),
    ("microdata_price_content_thousands_visible_german", DE, "de-DE", "",
     _md(md_offer("1299.00", "1.299,00 €", "EUR")) + BUY.format("Kaufen"), {"price": 1299.0, "currency": "EUR"}),
    ("microdata_meta_currency_price_shown_without_symbol", "https://www.shop.example.com/p/1", "en", "",
     _md('<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
         '<span class="price" itemprop="price">89.00</span><meta itemprop="priceCurrency" content="CAD"></div>')
     + BUY.format("Add to cart"), {"price": 89.0, "currency": "CAD"}),
    ("microdata_price_content_with_comma", DE, "de-DE", "",
     _md(md_offer("12,99", "12,99 €", "EUR")) + BUY.format("Kaufen"), {"price": 12.99, "currency": "EUR"}),
    ("microdata_link_availability_preorder", US, "en-US", "",
     _md(md_offer(extra='<link itemprop="availability" href="https://schema.org/PreOrder">'))
     + BUY.format("Pre-order"), {"availability": "preorder", "price": 89.0}),
    ("microdata_meta_availability_out_of_stock", US, "en-US", "",
     _md(md_offer(extra='<meta itemprop="availability" content="OutOfStock">')), {"availability": "out_of_stock"}),
    ("microdata_availability_span_content_word", US, "en-US", "",
     _md(md_offer(extra='<span itemprop="availability" content="in_stock">In stock</span>')),
     {"availability": "in_stock"}),
    ("microdata_sku_and_gtin_meta", US, "en-US", "",
     _md('<meta itemprop="sku" content="WDL-1"><meta itemprop="gtin13" content="4006381333931">' + md_offer())
     + BUY.format("Add to cart"), {"sku": "WDL-1", "gtin": "4006381333931", "price": 89.0}),
    ("microdata_offer_scope_outside_the_product", US, "en-US", "",
     _md(f'<meta itemprop="name" content="{NAME}"><meta itemprop="sku" content="WDL-1">')
     + '<div itemscope itemtype="https://schema.org/Offer">'
       '<span class="price" itemprop="price" content="89.00">$89.00</span>'
       '<meta itemprop="priceCurrency" content="USD"><link itemprop="availability" href="https://schema.org/InStock">'
       '</div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "USD", "availability": "in_stock", "sku": "WDL-1"}),
    ("microdata_offer_linked_by_itemref", US, "en-US", "",
     '<div itemscope itemtype="https://schema.org/Product" itemref="offer1">'
     f'<meta itemprop="name" content="{NAME}"><meta itemprop="sku" content="WDL-1"></div>'
     '<div id="offer1" itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
     '<span class="price" itemprop="price" content="89.00">$89.00</span><meta itemprop="priceCurrency" content="USD">'
     '</div>' + BUY.format("Add to cart"), {"price": 89.0, "currency": "USD", "sku": "WDL-1"}),
    ("microdata_price_text_only_no_content", US, "en-US", "",
     _md('<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
         '<span itemprop="price">$89.00</span></div>') + BUY.format("Add to cart"), {"price": 89.0, "currency": "USD"}),
    ("microdata_data_vocabulary_org_legacy", US, "en-US", "",
     '<div itemscope itemtype="http://data-vocabulary.org/Product"><span itemprop="name">Walnut Desk Lamp</span>'
     '<span itemprop="offerDetails" itemscope itemtype="http://data-vocabulary.org/Offer">'
     '<meta itemprop="currency" content="USD"><span class="price" itemprop="price">89.00</span>'
     '<span itemprop="availability" content="in_stock">In stock</span></span></div>',
     {"price": 89.0, "currency": "USD", "availability": "in_stock"}),
    ("microdata_price_on_the_old_price_element_too", DE, "de-DE", "",
     _md('<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" '
         'content="EUR"><span class="old-price"><span itemprop="price" content="120.00">120,00 €</span></span>'
         '<span class="special-price"><span class="price">89,00 €</span></span></div>') + BUY.format("Kaufen"),
     {"price": 89.0, "currency": "EUR"}),
    ("microdata_related_product_scope_does_not_win", US, "en-US", "",
     _md(f'<meta itemprop="name" content="{NAME}">' + md_offer()) + BUY.format("Add to cart")
     + '<section class="related"><h2>You may also like</h2>'
     '<div itemscope itemtype="https://schema.org/Product"><a itemprop="name" href="/p/2">Oak Desk Lamp</a>'
     + md_offer("49.00", "$49.00") + '</div></section>', {"price": 89.0, "title": NAME}),
    ("microdata_unnamed_main_scope_beats_named_related_scope", US, "en-US", "",
     _md(md_offer()) + BUY.format("Add to cart") + '<section class="related"><h2>You may also like</h2>'
     '<div itemscope itemtype="https://schema.org/Product"><a itemprop="name" href="/p/2">Oak Desk Lamp</a>'
     + md_offer("49.00", "$49.00") + '</div></section>', {"price": 89.0, "title": NAME}),
    ("rdfa_schema_prefix_price", DE, "de-DE", "",
     '<div vocab="http://schema.org/" typeof="Product" prefix="schema: http://schema.org/">'
     f'<span property="schema:name">{NAME}</span><div property="schema:offers" typeof="schema:Offer">'
     '<span class="price" property="schema:price" content="89.00">89,00 €</span>'
     '<meta property="schema:priceCurrency" content="EUR">'
     '<link property="schema:availability" href="http://schema.org/InStock"></div></div>' + BUY.format("Kaufen"),
     {"price": 89.0, "currency": "EUR", "availability": "in_stock"}),
    ("rdfa_vocab_plain_property_names", US, "en-US", "",
     '<div vocab="https://schema.org/" typeof="Product"><span property="name">Walnut Desk Lamp</span>'
     '<span property="sku">WDL-1</span><div property="offers" typeof="Offer">'
     '<span property="priceCurrency" content="USD">$</span><span property="price" content="89.00">89.00</span>'
     '<link property="availability" href="https://schema.org/OutOfStock">Sold out</div></div>',
     {"price": 89.0, "currency": "USD", "availability": "out_of_stock", "sku": "WDL-1"}),
    # ------------------------------------------------------------------ OpenGraph / product meta
    ("og_product_price_amount_and_currency", DE, "de-DE",
     meta("og:type", "product") + meta("product:price:amount", "89.00") + meta("product:price:currency", "EUR"),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("og_price_amount_spelling", "https://www.shop.example.com/p/1", "en",
     meta("og:price:amount", "89.00") + meta("og:price:currency", "CAD"),
     '<div class="product-price"><span class="price">$89.00</span></div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "CAD"}),
    ("og_price_amount_comma_on_dutch_shop", "https://www.winkel.example.nl/p/1", "nl-NL",
     meta("product:price:amount", "1299,00") + meta("product:price:currency", "EUR"),
     shown("€ 1.299,-", "In winkelwagen"), {"price": 1299.0, "currency": "EUR"}),
    ("og_product_availability_instock", US, "en-US", meta("product:availability", "instock"), shown(button=""),
     {"availability": "in_stock"}),
    ("og_product_availability_oos", US, "en-US", meta("product:availability", "oos"), shown(button=""),
     {"availability": "out_of_stock"}),
    ("og_product_availability_in_stock_words", US, "en-US", meta("product:availability", "in stock"), shown(button=""),
     {"availability": "in_stock"}),
    ("og_product_availability_out_of_stock_words", US, "en-US", meta("og:availability", "out of stock"),
     shown(button=""), {"availability": "out_of_stock"}),
    ("og_product_availability_preorder", US, "en-US", meta("product:availability", "preorder"),
     shown(button="Pre-order"), {"availability": "preorder"}),
    ("og_sale_price_beats_price", US, "en-US",
     meta("product:price:amount", "120.00") + meta("product:price:currency", "USD")
     + meta("product:sale_price:amount", "89.00") + meta("product:sale_price:currency", "USD"),
     '<div class="product-price"><s>$120.00</s> <span class="price sale">$89.00</span></div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "USD"}),
    ("og_retailer_item_id_is_the_sku", US, "en-US",
     meta("product:retailer_item_id", "WDL-1") + meta("product:price:amount", "89.00"), shown(), {"sku": "WDL-1"}),
    ("twitter_data1_price", US, "en-US",
     meta("twitter:label1", "Price", "name") + meta("twitter:data1", "$12.99", "name"), shown("$12.99"),
     {"price": 12.99, "currency": "USD"}),
    ("og_price_zero_placeholder", US, "en-US",
     meta("product:price:amount", "0.00") + meta("product:price:currency", "USD"), shown(), {"price": 89.0}),
    # ------------------------------------------------------------------ Next.js / Nuxt / Redux state
    ("next_data_price_in_cents", US, "en-US",
     _next({"name": NAME, "sku": "WDL-1", "priceInCents": 8900, "currency": "USD", "inStock": True}), shown(),
     {"price": 89.0, "currency": "USD", "sku": "WDL-1"}),
    ("next_data_integer_cents_as_price", US, "en-US",
     _next({"name": NAME, "sku": "WDL-1", "price": 8900, "currency": "USD", "inStock": True}), shown(),
     {"price": 89.0, "currency": "USD"}),
    ("next_data_price_object_string_amount_hydrogen", US, "en-US",
     _next({"title": NAME, "vendor": "Lumio", "variants": {"nodes": [
         {"sku": "WDL-1", "availableForSale": True, "price": {"amount": "89.0", "currencyCode": "USD"},
          "compareAtPrice": {"amount": "120.0", "currencyCode": "USD"}}]}}),
     '<div class="product-price"><s>$120.00</s> <span class="price">$89.00</span></div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "USD", "sku": "WDL-1"}),
    ("next_data_cent_amount_commercetools", DE, "de-DE",
     _next({"name": {"de-DE": NAME}, "masterVariant": {"sku": "WDL-1", "prices": [
         {"value": {"type": "centPrecision", "currencyCode": "EUR", "centAmount": 8900, "fractionDigits": 2}}]}}),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR", "sku": "WDL-1"}),
    ("next_data_amount_cents_object_no_visible_symbol_confusion", US, "en-US",
     _next({"name": NAME, "sku": "WDL-1", "price": {"amount": 8900, "currencyCode": "USD", "precision": 2}}),
     shown(), {"price": 89.0, "currency": "USD"}),
    ("nuxt_object_literal_sku", DE, "de-DE",
     script('window.__NUXT__={layout:"default",data:[{product:{name:"Walnut Desk Lamp",sku:"WDL-1",'
            'price:89,currency:"EUR",stock:{available:true}}}],state:{}};'),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR", "sku": "WDL-1"}),
    ("nuxt_function_call_form", DE, "de-DE",
     script('window.__NUXT__=(function(a,b,c){return {layout:"default",data:[{product:{name:"Walnut Desk Lamp",'
            'sku:"WDL-1",price:89,currency:"EUR",inStock:a,related:[{name:"Oak Desk Lamp",price:49}]}}],'
            'fetch:{},mutations:[]}}(true,null,void 0));'),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR", "availability": "in_stock"}),
    ("initial_state_current_and_old_price", DE, "de-DE",
     script('window.__INITIAL_STATE__ = {"product": {"name": "Walnut Desk Lamp", "sku": "WDL-1", '
            '"price": {"current": 89.0, "old": 120.0}, "currency": "EUR", "available": true}};'),
     '<div class="product-price"><del>120,00 €</del> <span class="price">89,00 €</span></div>'
     + BUY.format("In den Warenkorb"), {"price": 89.0, "currency": "EUR", "sku": "WDL-1"}),
    ("initial_state_json_parse_string", US, "en-US",
     script("window.__INITIAL_STATE__ = JSON.parse('" + json.dumps(
         {"product": {"name": NAME, "sku": "WDL-1", "price": 89.0, "currency": "USD"}}).replace('"', '\\u0022') + "');"),
     shown(), {"price": 89.0, "currency": "USD", "sku": "WDL-1"}),
    ("embedded_state_regular_price_page_shows_sale", US, "en-US",
     script('window.__INITIAL_STATE__ = {"product": {"name": "Walnut Desk Lamp", "sku": "WDL-1", "price": 120.0, '
            '"currency": "USD"}};'),
     '<div class="price price--on-sale"><span class="price-item price-item--sale">$89.00</span>'
     '<s class="price-item price-item--regular">$120.00</s></div>' + BUY.format("Add to cart"),
     {"price": 89.0, "currency": "USD"}),
    # ------------------------------------------------------------------ Shopify
    ("shopify_meta_cents_first_variant", SHOPIFY, "en", shopify_meta(_SHOPIFY_VARIANTS), shown(),
     {"price": 89.0, "currency": "USD", "sku": "WDL-BLK"}),
    ("shopify_meta_url_variant_selected", SHOPIFY + "?variant=40002", "en", shopify_meta(_SHOPIFY_VARIANTS),
     shown("$99.00"), {"price": 99.0, "sku": "WDL-WHT"}),
    ("shopify_product_json_url_variant_selected", SHOPIFY + "?variant=40002", "en", "",
     shopify_json(_SHOPIFY_VARIANTS) + shown("$99.00"), {"price": 99.0, "sku": "WDL-WHT"}),
    ("shopify_product_json_all_variants_unavailable", SHOPIFY, "en", "",
     shopify_json([{**v, "available": False} for v in _SHOPIFY_VARIANTS], available=False)
     + '<div class="product-price"><span class="price">$89.00</span></div>'
       '<button type="submit" name="add" class="product-form__submit button" disabled>Sold out</button>',
     {"availability": "out_of_stock", "price": 89.0}),
    ("shopify_product_json_selected_variant_unavailable", SHOPIFY + "?variant=40002", "en", "",
     shopify_json([_SHOPIFY_VARIANTS[0], {**_SHOPIFY_VARIANTS[1], "available": False}])
     + '<div class="product-price"><span class="price">$99.00</span></div>'
       '<button type="submit" name="add" class="product-form__submit button" disabled>Sold out</button>',
     {"availability": "out_of_stock", "price": 99.0, "sku": "WDL-WHT"}),
    ("shopify_currency_active_cad", SHOPIFY, "en",
     script('window.Shopify = window.Shopify || {};Shopify.shop = "lumio.myshopify.com";'
            'Shopify.currency = {"active":"CAD","rate":"1.0"};') + shopify_meta(_SHOPIFY_VARIANTS),
     shown(), {"price": 89.0, "currency": "CAD"}),
    # ------------------------------------------------------------------ WooCommerce / Magento / BigCommerce
    ("woocommerce_variations_escaped_json_sale", US, "en-US", "",
     '<p class="price"><span class="woocommerce-Price-amount amount">$15.00</span> – '
     '<span class="woocommerce-Price-amount amount">$18.00</span></p>'
     + _woo([_wv(15, 20, True, "WDL-S"), _wv(18, 20, True, "WDL-L")]),
     {"price": 15.0, "currency": "USD", "availability": "in_stock"}),
    ("woocommerce_variations_all_out_of_stock", US, "en-US", "",
     '<p class="price"><span class="woocommerce-Price-amount amount">$15.00</span></p>'
     '<p class="stock out-of-stock">This product is currently out of stock and unavailable.</p>'
     + _woo([_wv(15, 15, False, "WDL-S"), _wv(15, 15, False, "WDL-L")]).replace(
         '<button type="submit"', '<button type="submit" disabled'), {"price": 15.0, "availability": "out_of_stock"}),
    ("magento_old_price_listed_before_final_price", DE, "de-DE", "",
     '<div class="price-box price-final_price" data-role="priceBox" data-product-id="7">'
     '<span class="old-price"><span class="price-container"><span id="old-price-7" data-price-amount="120" '
     'data-price-type="oldPrice" class="price-wrapper"><span class="price">120,00 €</span></span></span></span>'
     '<span class="special-price"><span class="price-container"><span id="product-price-7" data-price-amount="89" '
     'data-price-type="finalPrice" class="price-wrapper"><span class="price">89,00 €</span></span></span></span></div>'
     + BUY.format("In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("magento_spconfig_option_prices", DE, "de-DE",
     '', '<div class="price-box" data-role="priceBox"><span data-price-amount="89" data-price-type="finalPrice" '
     'class="price-wrapper"><span class="price">89,00 €</span></span></div>'
     '<script type="text/x-magento-init">' + json.dumps({"#product_addtocart_form": {"configurable": {"spConfig": {
         "attributes": {}, "currencyFormat": "%s €", "optionPrices": {
             "101": {"oldPrice": {"amount": 120}, "finalPrice": {"amount": 89}},
             "102": {"oldPrice": {"amount": 130}, "finalPrice": {"amount": 99}}}, "productId": "7"}}}})
     + '</script>' + BUY.format("In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("bigcommerce_bcdata_with_tax", "https://www.shop.example.co.uk/products/lamp", "en-GB",
     script('var BCData = {"csrf_token":"x","product_attributes":{"sku":"WDL-1","upc":null,"mpn":null,"gtin":null,'
            '"weight":null,"base":true,"image":null,"price":{"without_tax":{"formatted":"£74.17","value":74.17,'
            '"currency":"GBP"},"with_tax":{"formatted":"£89.00","value":89,"currency":"GBP"},"tax_label":"VAT"},'
            '"stock":null,"instock":true,"purchasable":true}};'),
     '<div class="productView-price"><span class="price price--withTax">£89.00</span>'
     '<span class="price price--withoutTax">£74.17 ex. VAT</span></div>'
     '<input id="form-action-addToCart" class="button button--primary" type="submit" value="Add to Basket">',
     {"price": 89.0, "currency": "GBP", "sku": "WDL-1", "availability": "in_stock"}),
    ("bigcommerce_bcdata_not_purchasable", US, "en-US",
     script('var BCData = {"product_attributes":{"sku":"WDL-1","price":{"without_tax":{"formatted":"$89.00",'
            '"value":89,"currency":"USD"}},"instock":false,"purchasable":false}};'),
     '<div class="productView-price"><span class="price price--withoutTax">$89.00</span></div>'
     '<input id="form-action-addToCart" class="button" type="submit" value="Out of stock" disabled>',
     {"price": 89.0, "availability": "out_of_stock", "sku": "WDL-1"}),
    # ------------------------------------------------------------------ analytics data layers
    ("datalayer_ua_detail_products", DE, "de-DE",
     script('window.dataLayer = window.dataLayer || []; dataLayer.push({"event": "productDetail", "ecommerce": '
            '{"currencyCode": "EUR", "detail": {"products": [{"name": "Walnut Desk Lamp", "id": "WDL-1", '
            '"price": "89.00", "brand": "Lumio", "category": "Lamps"}]}}});'),
     shown("89,00 €", "In den Warenkorb"), {"price": 89.0, "currency": "EUR"}),
    ("datalayer_ga4_view_item", "https://www.shop.example.co.uk/p/1", "en-GB",
     script('window.dataLayer = window.dataLayer || []; dataLayer.push({ecommerce: null}); '
            'dataLayer.push({event: "view_item", ecommerce: {currency: "GBP", value: 89, items: [{item_id: "WDL-1", '
            'item_name: "Walnut Desk Lamp", item_brand: "Lumio", price: 89, quantity: 1}]}});'),
     shown("£89.00", "Add to basket"), {"price": 89.0, "currency": "GBP"}),
    ("gtag_view_item_event", US, "en-US",
     script('gtag("event", "view_item", {"currency": "USD", "value": 89.00, "items": [{"item_id": "WDL-1", '
            '"item_name": "Walnut Desk Lamp", "price": 89.00}]});'),
     shown(), {"price": 89.0, "currency": "USD"}),
    ("datalayer_impressions_of_related_products_do_not_win", US, "en-US",
     script('dataLayer.push({"ecommerce": {"currencyCode": "USD", "impressions": [{"name": "Oak Desk Lamp", '
            '"id": "ODL-1", "price": "49.00", "list": "Related"}], "detail": {"products": [{"name": "Walnut Desk Lamp",'
            ' "id": "WDL-1", "price": "89.00"}]}}});'),
     shown(), {"price": 89.0, "currency": "USD"}),
]


@pytest.mark.parametrize("url,lang,head,body,expected", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_embedded_data_shapes_give_what_the_page_shows(url: str, lang: str, head: str, body: str,
                                                       expected: dict[str, Any]) -> None:
    check(extract(shop(body, lang, head=head), url), expected)
