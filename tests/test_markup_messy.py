"""Shapes of real shop markup at its messiest, read by the generic extraction (no site profile).

Real product pages are rarely valid HTML: unclosed elements, a stray ``</body>`` before the
product, two ``<head>`` elements, forms inside forms, layout tables, ``<font>`` tags, upper-case
tags, unquoted attributes, comments inside the price, conditional comments, CDATA in scripts,
XHTML served as HTML, AMP pages, ``<template>`` and ``<noscript>`` copies of the price or of a
"Sold out" message. Each case is a small product page with one such shape; the expectations are
what a careful human reads from the page in a browser (current price, currency, availability,
the shop's article number, the product's name). Where the browser shows nothing, the expectation
is None. None copies one shop's page; they are the common patterns.
See tests/test_markup_messy2.py for encodings, big pages and odd placements.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import BUY, check, extract, shop

US = "https://www.lumio.example.com/products/walnut-desk-lamp"
DE = "https://www.lumio.example.de/walnut-tischleuchte"
NAME = "Walnut Desk Lamp"
ADD = BUY.format("Add to cart")
STOCK = '<p class="stock">In stock</p>'
SKU = '<p class="product-sku">SKU: WDL-100</p>'
HUMAN = {"price": 24.0, "currency": "USD", "availability": "in_stock"}


def raw(body: str, head: str = "", title: str = f"{NAME} | Lumio", pre: str = "<!DOCTYPE html>") -> str:
    """A page written by hand: no helper markup besides what the case gives."""
    return f'{pre}<html lang="en"><head><meta charset="utf-8"><title>{title}</title>{head}</head><body>{body}</body></html>'


HEADER = '<header class="site-header"><a class="logo" href="/">Lumio</a><a href="/cart">Cart (0)</a></header>'
H1 = f'<h1 class="product-title">{NAME}</h1>'

CASES = [
    # ------------------------------------------------------------------ broken HTML
    ("stray_body_and_html_close_before_the_product", US,
     raw(HEADER + '</body></html><main>' + H1 + '<div class="price">$24.00</div>' + STOCK + SKU + ADD + '</main>'),
     dict(HUMAN, sku="WDL-100", title=NAME)),
    ("unclosed_p_blocks_price_stock_sku", US,
     shop('<p class="price">$24.00<p class="availability">In stock<p>SKU: WDL-100<p>' + ADD),
     dict(HUMAN, sku="WDL-100")),
    ("stray_html_close_then_product_then_footer", US,
     raw(HEADER + '</html><div class="product">' + H1 + '<span class="price">$24.00</span>' + STOCK + ADD
         + '</div><footer>&copy; 2026</footer>'), dict(HUMAN, title=NAME)),
    ("two_html_and_two_head_elements", US,
     f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{NAME} | Lumio</title></head>'
     '<html><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/a.css"></head>'
     f'<body>{HEADER}<main>{H1}<span class="price">$24.00</span>{STOCK}{SKU}{ADD}</main></body></html></html>',
     dict(HUMAN, sku="WDL-100", title=NAME)),
    ("body_inside_body", US,
     raw(HEADER + '<body class="template-product"><main>' + H1 + '<span class="price">$24.00</span>' + STOCK + ADD
         + '</main></body>'), dict(HUMAN, title=NAME)),
    ("add_to_cart_form_inside_a_search_form", US,
     raw('<form action="/search" class="site-search"><input name="q">' + HEADER + '<main>' + H1
         + '<form method="post" action="/cart/add"><span class="price">$24.00</span>' + STOCK
         + '<input type="hidden" name="id" value="42">' + ADD + '</form></main></form>'), dict(HUMAN, title=NAME)),
    ("nested_layout_tables_with_preis_label_cell", DE,
     shop('<table width="100%" border="0" cellpadding="0"><tr><td valign="top"><img src="/l.jpg"></td><td>'
          '<table class="details"><tr><td><b>Preis:</b></td><td>24,90 €</td></tr>'
          '<tr><td>Versand:</td><td>4,90 €</td></tr><tr><td>Artikel-Nr.:</td><td>WDL-100</td></tr>'
          '<tr><td>Verfügbarkeit:</td><td>sofort lieferbar</td></tr></table></td></tr></table>'
          + BUY.format("In den Warenkorb"), lang="de"),
     {"price": 24.9, "currency": "EUR", "availability": "in_stock", "sku": "WDL-100"}),
    ("layout_table_price_cell_after_label_cell_in_another_row_order", DE,
     shop('<table><tr><td>Grundpreis:</td><td>9,96 € / l</td></tr><tr><td>Preis:</td><td><b>24,90 €</b></td></tr>'
          '</table>' + BUY.format("In den Warenkorb"), lang="de"), {"price": 24.9, "currency": "EUR"}),
    ("font_tags_around_price_and_stock", US,
     shop('<font face="Arial" size="4" color="#cc0000"><b>$24.00</b></font><br>'
          '<font color="green" size="2">In stock</font>' + ADD), HUMAN),
    ("uppercase_tags_and_attributes", US,
     shop('<DIV CLASS="PRODUCT-PRICE"><SPAN CLASS="PRICE">$24.00</SPAN></DIV><P CLASS="STOCK">In stock</P>'
          '<FORM METHOD="POST" ACTION="/cart/add"><INPUT TYPE="SUBMIT" VALUE="Add to Cart"></FORM>'), HUMAN),
    ("unquoted_attributes", US,
     shop('<div class=product-price><span class=price data-price=24.00>$24.00</span></div>'
          '<p class=stock>In stock</p><p class=product-sku>SKU: WDL-100</p>'
          '<button type=submit class=add-to-cart>Add to cart</button>'), dict(HUMAN, sku="WDL-100")),
    ("mixed_case_class_names", US,
     shop('<Div Class="Product-Price"><Span Class="Price">$24.00</Span></Div>' + STOCK + ADD), HUMAN),
    ("comments_around_the_price", US,
     shop('<!-- price --><div class="product-price"><!-- BEGIN price --><span class="price">$24.00</span>'
          '<!-- END price --></div><!-- /price -->' + STOCK + ADD), HUMAN),
    ("react_ssr_comment_between_symbol_and_amount", US,
     shop('<div class="product-price"><span class="price">$<!-- -->24<!-- -->.<!-- -->00</span></div>' + STOCK + ADD),
     HUMAN),
    ("commented_out_old_price_before_the_price", US,
     shop('<!-- <span class="price">$99.00</span> --><div class="product-price"><span class="price">$24.00</span>'
          '</div>' + STOCK + ADD), HUMAN),
    ("commented_out_sold_out_message", US,
     shop('<span class="price">$24.00</span><!-- <p class="stock out-of-stock">Sold out</p> -->' + STOCK + ADD), HUMAN),
    ("comment_inside_stock_statement", US,
     shop('<span class="price">$24.00</span><p class="stock"><!-- qty: 0 -->In stock<!-- sold out --></p>' + ADD), HUMAN),
    ("ie_conditional_comment_with_another_price", US,
     shop('<!--[if lt IE 9]><div class="product-price"><span class="price">$99.00</span></div><![endif]-->'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD), HUMAN),
    ("downlevel_revealed_conditional_comment_holds_the_price", US,
     shop('<![if !IE]><div class="product-price"><span class="price">$24.00</span></div><![endif]>' + STOCK + ADD),
     HUMAN),
    ("script_string_with_a_price_template_markup", US,
     shop('<script>var tpl = \'<div class="product-price"><span class="price">$99.00</span></div>\';'
          'var soldOut = "<p class=\\"stock\\">Sold out</p>";</script>'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD), HUMAN),
    ("cdata_wrapped_json_ld_in_script", US,
     shop('<span class="price">$24.00</span>' + ADD,
          head='<script type="application/ld+json">//<![CDATA[\n{"@context":"https://schema.org","@type":"Product",'
               '"name":"Walnut Desk Lamp","sku":"WDL-100","offers":{"@type":"Offer","price":"24.00",'
               '"priceCurrency":"USD","availability":"https://schema.org/InStock"}}\n//]]></script>'),
     dict(HUMAN, sku="WDL-100", title=NAME)),
    ("cdata_in_inline_js_state", US,
     shop('<script type="text/javascript">//<![CDATA[\nvar product = {"id": 42, "price": 2400, "sku": "WDL-100", '
          '"available": true};\n//]]></script><span class="price">$24.00</span>' + STOCK + ADD), HUMAN),
    ("misnested_bold_italic_around_price", US,
     shop('<p class="price"><b><i>$24.00</b></i></p>' + STOCK + ADD), HUMAN),
    ("stray_closing_divs_before_the_product", US,
     raw(HEADER + '</div></div></div></span><main>' + H1 + '<span class="price">$24.00</span>' + STOCK + ADD
         + '</main>'), dict(HUMAN, title=NAME)),
    ("stock_text_foster_parented_out_of_a_table", US,
     shop('<table class="price-table"><tr><td class="price">$24.00</td></tr><p>In stock</p></table>' + ADD), HUMAN),
    # ------------------------------------------------------------------ XHTML, AMP, template, noscript
    ("xhtml_served_as_html_with_prolog_and_namespaces", US,
     '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
     '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml" '
     'xmlns:og="http://ogp.me/ns#" xmlns:fb="http://www.facebook.com/2008/fbml" xml:lang="en" lang="en"><head>'
     f'<meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>{NAME} | Lumio</title>'
     f'<meta property="og:title" content="{NAME}" /></head><body>{HEADER}<div class="product">{H1}'
     '<span class="price" xml:lang="en">$24.00</span><br /><p class="stock">In stock</p><p class="product-sku">'
     'SKU: WDL-100</p><fb:like href="/p/1" /><form method="post" action="/cart/add"><input type="submit" '
     'class="add-to-cart" value="Add to cart" /></form></div></body></html>', dict(HUMAN, sku="WDL-100", title=NAME)),
    ("xhtml_self_closed_empty_elements_before_price", US,
     shop('<div class="clear" /><span class="icon" /><div class="product-price"><span class="price">$24.00</span>'
          '</div>' + STOCK + ADD), HUMAN),
    ("rdfa_goodrelations_namespaced_price", US,
     shop('<div xmlns:gr="http://purl.org/goodrelations/v1#" typeof="gr:Offering"><span property="gr:name">'
          'Walnut Desk Lamp</span><div rel="gr:hasPriceSpecification"><span typeof="gr:UnitPriceSpecification">'
          '<span property="gr:hasCurrency" content="USD">$</span><span property="gr:hasCurrencyValue" '
          'datatype="xsd:float">24.00</span></span></div></div>' + STOCK + ADD), HUMAN),
    ("amp_page_with_amp_img_state_and_list", US,
     '<!doctype html><html ⚡ lang="en"><head><meta charset="utf-8"><title>Walnut Desk Lamp | Lumio</title>'
     '<script async src="https://cdn.ampproject.org/v0.js"></script><style amp-boilerplate>body{}</style></head>'
     f'<body>{HEADER}<main>{H1}<amp-img src="/lamp.jpg" width="600" height="600" layout="responsive" '
     f'alt="{NAME}"></amp-img><amp-state id="product"><script type="application/json">{{"price": "24.00", '
     '"currency": "USD", "inStock": true, "sku": "WDL-100"}</script></amp-state><div class="product-price">'
     '<span class="price" [text]="\'$\' + product.price">$24.00</span></div>' + STOCK + SKU
     + '<form method="post" action-xhr="/cart/add" target="_top"><button type="submit" class="add-to-cart">'
     'Add to cart</button></form><h2>You may also like</h2><amp-list src="/related.json" height="300" '
     'layout="fixed-height"><template type="amp-mustache"><div class="product-card"><h3>{{name}}</h3>'
     '<span class="price">{{price}}</span>{{#soldOut}}<span class="badge">Sold out</span>{{/soldOut}}</div>'
     '</template></amp-list></main></body></html>', dict(HUMAN, sku="WDL-100", title=NAME)),
    ("amp_state_holds_other_variants_prices", US,
     '<!doctype html><html amp lang="en"><head><meta charset="utf-8"><title>Walnut Desk Lamp | Lumio</title></head>'
     f'<body>{HEADER}<main>{H1}<amp-state id="variants"><script type="application/json">{{"small": '
     '{"price": "19.00", "available": false}, "large": {"price": "34.00", "available": false}}</script>'
     '</amp-state><amp-selector name="size" layout="container"><div option="medium" selected>Medium</div>'
     '<div option="small">Small</div><div option="large">Large</div></amp-selector>'
     '<span class="price" [text]="variants[size].price">$24.00</span>' + STOCK + ADD + '</main></body></html>',
     dict(HUMAN, title=NAME)),
    ("template_with_another_price_before_the_price", US,
     shop('<template id="price-template"><span class="price">$99.00</span></template>'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD), HUMAN),
    ("template_with_sold_out_message_beside_in_stock", US,
     shop('<span class="price">$24.00</span><template id="sold-out-tpl"><p class="stock">Sold out</p>'
          '<button type="submit" disabled>Sold out</button></template>' + STOCK + ADD), HUMAN),
    ("template_only_price_shows_nothing", US,
     shop('<template id="price-template"><div class="product-price"><span class="price">$24.00</span></div>'
          '</template>' + STOCK + ADD), {"price": None, "availability": "in_stock"}),
    ("noscript_second_copy_of_the_price", US,
     shop('<div class="product-price"><span class="price">$24.00</span></div><noscript><div class="product-price">'
          '<span class="price">$24.00</span></div></noscript>' + STOCK + ADD), HUMAN),
    ("noscript_fallback_with_another_price_before_the_price", US,
     shop('<noscript><div class="product-price"><span class="price">$30.00</span></div></noscript>'
          '<div class="product-price"><span class="price">$24.00</span></div>' + STOCK + ADD), HUMAN),
    ("noscript_only_price_shows_nothing_with_javascript_on", US,
     shop('<noscript><span class="price">$24.00</span></noscript>' + STOCK + ADD),
     {"price": None, "availability": "in_stock"}),
    ("noscript_sold_out_message_beside_in_stock", US,
     shop('<span class="price">$24.00</span><noscript><p class="stock">Sold out</p></noscript>' + STOCK + ADD), HUMAN),
]


@pytest.mark.parametrize("url,html,expected", [pytest.param(u, h, e, id=i) for i, u, h, e in CASES])
def test_messy_markup_reads_as_a_human_reads_it(url: str, html: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
