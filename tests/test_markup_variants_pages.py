"""Whole product pages shaped like real shop markup, read by the generic extraction (no site profile).

Each page has what a real shop's product page has around the product: a header with a mini cart,
the navigation, breadcrumbs, an announcement bar, sometimes a sidebar of recently viewed products
printed before the product, the product block, a sticky add-to-cart bar, reviews, a related
products carousel and a footer. The cases put the amounts and statements real themes print around
the product (cart totals, free-shipping thresholds, savings, points, instalments, bundles, tier
prices, add-ons, shipping, deposits, unit prices, tax notes, other products' prices) and check
that the main product's current price, currency, availability, sku and title are read as a human
reads them. None copies one shop's page; they are the common patterns (Shopify, WooCommerce,
Magento 2, PrestaShop, Shopware 6 and hand-rolled shops).
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import check, extract

US = "https://www.lumio.example.com/products/walnut-desk-lamp"
DE = "https://www.lumio.example.de/walnut-tischleuchte"
IE = "https://www.lumio.example.ie/p/walnut-desk-lamp"
NAME = "Walnut Desk Lamp"
ADD = '<button type="submit" name="add" class="btn product-form__submit add-to-cart">Add to cart</button>'

_TILE = ('<li class="product-card"><a href="/products/{slug}"><img src="/{slug}.jpg" alt="{name}">'
         '<h3 class="card__title">{name}</h3></a><div class="price"><span class="price-item">{price}</span></div>'
         '{extra}</li>')
_RELATED = [("brass-floor-lamp", "Brass Floor Lamp", "$129.00"), ("linen-shade", "Linen Shade", "$24.00"),
            ("oak-wall-light", "Oak Wall Light", "$79.00")]


def tiles(prices: list[str] | None = None, extra: str = "") -> str:
    rows = [(s, n, p) for (s, n, _), p in zip(_RELATED, prices)] if prices else _RELATED
    return "".join(_TILE.format(slug=s, name=n, price=p, extra=extra) for s, n, p in rows)


def page(product: str, *, lang: str = "en-US", title: str = NAME, shop_name: str = "Lumio",
         cart: str = '<a href="/cart" class="header__cart">Cart <span class="cart-count">0</span></a>',
         banner: str = "Free returns within 30 days", sidebar: str = "", above: str = "", below: str = "",
         sticky: str = "", modal: str = "", related: str = "", logo: str = "", reviews_heading: str = "h2",
         related_heading: str = "You may also like", doc_title: str = "") -> str:
    """A whole product page; ``product`` is the product block printed under the h1."""
    doc_title = doc_title or f"{title} | {shop_name}"
    logo = logo or f'<a class="header__logo" href="/"><img src="/logo.svg" alt="{shop_name}"></a>'
    related = related or tiles()
    side = f'<aside class="sidebar recently-viewed"><h2>Recently viewed</h2><ul>{sidebar}</ul></aside>' if sidebar else ""
    rh = reviews_heading
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{doc_title}</title>'
            '<meta name="viewport" content="width=device-width"></head><body>'
            f'{modal}<div class="announcement-bar"><p>{banner}</p></div>'
            f'<header class="site-header">{logo}'
            '<nav class="main-nav"><ul><li><a href="/collections/lamps">Lamps</a></li>'
            '<li><a href="/collections/sale">Sale</a></li><li><a href="/pages/contact">Contact</a></li></ul></nav>'
            f'<div class="header__icons"><a href="/account">Account</a>{cart}</div></header>'
            '<nav class="breadcrumbs" aria-label="breadcrumbs"><ol><li><a href="/">Home</a></li>'
            f'<li><a href="/collections/lamps">Lamps</a></li><li aria-current="page">{title}</li></ol></nav>'
            f'<div class="page-layout">{side}<main id="MainContent">{above}'
            '<section class="product-section"><div class="product__media">'
            f'<img src="/walnut-desk-lamp.jpg" alt="{title}"></div><div class="product__info">'
            f'<h1 class="product__title">{title}</h1>{product}</div></section>{below}'
            f'<section class="product-reviews"><{rh} class="reviews__heading">Customer reviews</{rh}>'
            '<div class="review"><span class="stars">4.5 out of 5</span><p>Lovely lamp, arrived in 2 days.</p>'
            '</div></section>'
            f'<section class="related-products"><h2>{related_heading}</h2><ul class="grid">{related}</ul></section>'
            f'</main></div>{sticky}'
            '<footer class="site-footer"><div class="newsletter"><h2>Subscribe to our emails</h2>'
            '<form action="/contact#newsletter"><input type="email" name="contact[email]" placeholder="Email">'
            '<button type="submit">Subscribe</button></form></div>'
            f'<p>&copy; 2026 {shop_name}. All prices include VAT.</p></footer></body></html>')


def main_block(price: str, stock: str = '<p class="product__inventory">In stock</p>', button: str = ADD,
               sku: str = '<p class="product__sku">SKU: WDL-100</p>', before: str = "", after: str = "") -> str:
    return (f'{before}<div class="product__price"><span class="price">{price}</span></div>{after}'
            f'{sku}{stock}<form method="post" action="/cart/add">{button}</form>')


def sticky_bar(price: str, button: str = ADD) -> str:
    return (f'<div class="sticky-atc" aria-hidden="true"><img src="/walnut-desk-lamp.jpg" alt="">'
            f'<span class="sticky-atc__title">{NAME}</span><span class="sticky-atc__price price">{price}</span>'
            f'{button}</div>')


EXPECT_US = {"price": 54.0, "currency": "USD", "availability": "in_stock", "sku": "WDL-100", "title": NAME}

# ----------------------------------------------------------------------------- amounts around the price

DISTRACTORS: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    # (id, url, page() arguments, expected (defaults to EXPECT_US))
    ("header_mini_cart_total_zero", US,
     {"cart": '<a href="/cart" class="mini-cart">Cart: <span class="mini-cart__total price">$0.00</span></a>'}, {}),
    ("header_mini_cart_one_item_other_amount", US,
     {"cart": '<div class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/">'
              '<span class="counter-number">1</span> item <span class="price">$39.00</span></a></div>'}, {}),
    ("announcement_free_shipping_over_50", US, {"banner": "Free shipping on orders over $50"}, {}),
    ("free_shipping_threshold_under_the_price", US,
     {"product": main_block("$54.00", after='<p class="shipping-note">Free shipping on orders over $50</p>')}, {}),
    ("you_save_amount_and_percent_after_price", US,
     {"product": main_block("$54.00", after='<p class="price__compare"><s>$67.50</s></p>'
                                            '<p class="price__savings">You save $13.50 (20%)</p>')}, {}),
    ("save_badge_printed_before_the_price", US,
     {"product": main_block("$54.00", before='<span class="badge badge--sale">Save $13.50</span>')}, {}),
    ("earn_loyalty_points_line", US,
     {"product": main_block("$54.00", after='<div class="rewards">Earn <b>120</b> points with this purchase</div>')},
     {}),
    ("klarna_four_payments_plain_text", US,
     {"product": main_block("$54.00", after='<p class="payment-terms">or 4 interest-free payments of '
                                            '<strong>$13.50</strong> with <img alt="Klarna"></p>')}, {}),
    ("afterpay_line_before_the_price", US,
     {"product": main_block("$54.00", before='<div class="afterpay-paragraph">Pay in 4 installments of '
                                             '<strong class="afterpay-amount">$13.50</strong> by Afterpay</div>')},
     {}),
    ("bundle_buy_3_for_30_before_price", US,
     {"product": main_block("$54.00", before='<div class="promo-callout">Mix &amp; match: Buy 3 for $30</div>')}, {}),
    ("quantity_break_table_after_price", US,
     {"product": main_block("$54.00", after='<table class="quantity-breaks"><tr><th>Qty</th><th>Price each</th></tr>'
                                            '<tr><td>1+</td><td>$54.00</td></tr><tr><td>10+</td><td>$49.00</td></tr>'
                                            '<tr><td>50+</td><td>$45.00</td></tr></table>')}, {}),
    ("quantity_break_table_before_price", US,
     {"product": main_block("$54.00", before='<table class="volume-pricing"><tr><td>10+</td><td>$49.00</td></tr>'
                                             '<tr><td>50+</td><td>$45.00</td></tr></table>')}, {}),
    ("magento_tier_price_buy_10_for_each", US,
     {"product": main_block("$54.00", after='<ul class="prices-tier items"><li class="item">Buy 10 for '
                                            '<span class="price-container price-tier_price tax weee">'
                                            '<span data-price-amount="49" data-price-type="" class="price-wrapper ">'
                                            '<span class="price">$49.00</span></span></span> each and '
                                            '<strong class="benefit">save<span class="percent tier-0">&nbsp;10</span>'
                                            '%</strong></li></ul>')}, {}),
    ("warranty_add_on_plus_amount", US,
     {"product": main_block("$54.00", after='<div class="product-addons"><label><input type="checkbox" '
                                            'name="warranty"> Add 2-year protection plan + $4.99</label>'
                                            '<label><input type="checkbox" name="gift"> Gift wrap + $4.99</label></div>')},
     {}),
    ("gift_card_add_on_before_price", US,
     {"product": main_block("$54.00", before='<div class="upsell"><label><input type="checkbox"> Add a gift card '
                                             '<span class="price">+ $4.99</span></label></div>')}, {}),
    ("shipping_cost_euro_after_price_ie", IE,
     {"product": main_block("€29.95", after='<p class="delivery">Shipping: €4.95 · Delivery in 2–4 days</p>'),
      "lang": "en-IE", "cart": '<a class="cart" href="/cart">Basket €0.00</a>'},
     {"price": 29.95, "currency": "EUR"}),
    ("shipping_cost_euro_before_price_de", DE,
     {"product": main_block("29,95 €", before='<div class="delivery-info">Versand: 4,95 € – Lieferzeit 2–4 Werktage'
                                             '</div>', sku='<p class="product-number">Art.-Nr.: WDL-100</p>',
                            stock='<p class="delivery-status">Auf Lager</p>',
                            button='<button class="btn btn-buy">In den Warenkorb</button>'),
      "lang": "de-DE", "cart": '<a class="header-cart" href="/checkout/cart">Warenkorb 0,00 €</a>'},
     {"price": 29.95, "currency": "EUR"}),
    ("deposit_pfand_beside_price", DE,
     {"product": main_block("1,29 €", after='<p class="deposit">zzgl. Pfand 0,25 €</p>',
                            stock='<p class="delivery-status">Auf Lager</p>',
                            button='<button class="btn btn-buy">In den Warenkorb</button>'), "lang": "de-DE"},
     {"price": 1.29, "currency": "EUR"}),
    ("grundpreis_label_printed_before_price", DE,
     {"product": main_block("5,99 €", before='<div class="base-price">Grundpreis: 11,98 € / 1 kg</div>',
                            stock='<p class="delivery-status">Auf Lager</p>',
                            button='<button class="btn btn-buy">In den Warenkorb</button>'), "lang": "de-DE"},
     {"price": 5.99, "currency": "EUR"}),
    ("shopware_content_and_unit_price_line_after", DE,
     {"product": main_block("5,99 €", after='<div class="product-detail-price-unit"><span class="price-unit-label">'
                                            'Inhalt:</span> <span class="price-unit-content">0,5 Kilogramm</span> '
                                            '<span class="price-unit-reference-content">(11,98 €* / 1 Kilogramm)</span>'
                                            '</div>', stock='<p class="delivery-status">Auf Lager</p>',
                            button='<button class="btn btn-buy">In den Warenkorb</button>'), "lang": "de-DE"},
     {"price": 5.99, "currency": "EUR"}),
    ("tax_note_with_shipping_amount_in_brackets", DE,
     {"product": main_block("54,00 €", after='<p class="tax-info">inkl. 19% MwSt. zzgl. <a href="/versand">Versand'
                                             '</a> (4,90 €)</p>', stock='<p class="delivery-status">Auf Lager</p>',
                            button='<button class="btn btn-buy">In den Warenkorb</button>'), "lang": "de-DE"},
     {"price": 54.0, "currency": "EUR"}),
    ("recently_viewed_sidebar_before_the_product", US,
     {"sidebar": tiles(["$12.00", "$18.00", "$22.00"])}, {}),
    ("frequently_bought_together_above_the_product", US,
     {"above": '<section class="fbt"><h2>Frequently bought together</h2><ul>'
               + tiles(["$9.00", "$15.00", "$19.00"], ADD) + '</ul><p>Total price: <span class="price">$43.00</span>'
               '</p><button class="btn add-all">Add all three to cart</button></section>'}, {}),
    ("sticky_bar_repeating_the_price_printed_first", US,
     {"modal": sticky_bar("$54.00")}, {}),
    ("sticky_bar_repeating_the_price_at_the_end", US, {"sticky": sticky_bar("$54.00")}, {}),
    ("aria_hidden_price_with_sr_only_copy", US,
     {"product": main_block('<span aria-hidden="true">$54<sup>00</sup></span>'
                            '<span class="sr-only">Current price: $54.00</span>')}, {}),
    ("amazon_style_offscreen_copy_and_split_price", US,
     {"product": main_block('<span class="a-price"><span class="a-offscreen">$54.00</span><span aria-hidden="true">'
                            '<span class="a-price-symbol">$</span><span class="a-price-whole">54<span '
                            'class="a-price-decimal">.</span></span><span class="a-price-fraction">00</span></span>'
                            '</span>')}, {}),
    ("visually_hidden_was_price_before_the_sale_price", US,
     {"product": main_block('<span class="visually-hidden">Regular price $67.50, sale price</span>'
                            '<span aria-hidden="true"><s>$67.50</s> $54.00</span>')}, {}),
    ("header_cart_drawer_listing_another_item_first", US,
     {"cart": '<div class="cart-drawer"><h2>Your cart</h2><ul><li class="cart-item"><a>Linen Shade</a>'
              '<span class="price">$24.00</span><p>In stock</p></li></ul><p class="totals">Subtotal '
              '<span class="price">$24.00</span></p><a class="button" href="/checkout">Check out</a></div>'}, {}),
    ("announcement_spend_100_get_20_off", US, {"banner": "Spend $100, get $20 off – code SPRING"}, {}),
    ("free_gift_worth_amount_under_the_price", US,
     {"product": main_block("$54.00", after='<p class="gwp">Free gift worth $25 with orders over $75</p>')}, {}),
    ("buy_2_save_10_before_price", US,
     {"product": main_block("$54.00", before='<p class="offer">Buy 2, save $10</p>')}, {}),
    ("affirm_monthly_line_after_price", US,
     {"product": main_block("$54.00", after='<p class="affirm-as-low-as">Starting at <span class="affirm-'
                                            'ala-price">$5</span>/mo with Affirm. <a>Prequalify now</a></p>')}, {}),
    ("price_retail_you_save_table", US,
     {"product": main_block("$54.00", before='<table class="price-table"><tr><td>List Price:</td><td><s>$67.50</s>'
                                             '</td></tr></table>', after='<table><tr><td>You Save:</td>'
                                             '<td>$13.50 (20%)</td></tr></table>')}, {}),
    ("amazon_style_unit_price_after_price", US,
     {"product": main_block("$54.00", after='<span class="a-size-mini">(<span class="a-price a-text-price">'
                                            '<span class="a-offscreen">$27.00</span></span> / count)</span>')}, {}),
    ("review_text_mentioning_other_amounts", US,
     {"below": '<div class="review"><p>Worth every penny at $54, my old one was $80 and broke.</p></div>'}, {}),
    ("header_currency_selector_lists_other_currencies", US,
     {"cart": '<form class="localization-form"><select name="country_code"><option value="CA">Canada (CAD $)'
              '</option><option value="DE">Germany (EUR €)</option><option value="GB">United Kingdom (GBP £)'
              '</option><option value="US" selected>United States (USD $)</option></select></form>'}, {}),
    ("header_currency_selector_pound_first_on_ie", IE,
     {"product": main_block("€29.95"), "lang": "en-IE",
      "cart": '<ul class="currency-switcher"><li><a href="?currency=GBP">£ GBP</a></li>'
              '<li class="active"><a href="?currency=EUR">€ EUR</a></li></ul>'},
     {"price": 29.95, "currency": "EUR"}),
    ("sale_badge_minus_amount_before_price", US,
     {"product": main_block("$54.00", before='<span class="product-badge price-badge">-$13.50</span>')}, {}),
    ("pay_in_4_x_amount_inside_the_price_box", US,
     {"product": main_block('$54.00</span> <span class="price-installments">or 4 x $13.50')}, {}),
    ("sku_of_a_recently_viewed_item_printed_first", US,
     {"sidebar": tiles(extra='<p class="sku">SKU: LS-200</p>')}, {}),
]


@pytest.mark.parametrize("url,kwargs,expected", [pytest.param(*c[1:], id=c[0]) for c in DISTRACTORS])
def test_the_main_price_not_an_amount_around_it(url: str, kwargs: dict[str, Any], expected: dict[str, Any]) -> None:
    args = dict(kwargs)
    product = args.pop("product", main_block("$54.00"))
    check(extract(page(product, **args), url), dict(EXPECT_US, **expected))


# ----------------------------------------------------------------------------- old and current price pairs

OLD_NEW = [
    ("s_old_then_plain_new", '<s>$67.50</s> <span>$54.00</span>'),
    ("del_old_then_plain_new", '<del>$67.50</del> <span>$54.00</span>'),
    ("was_price_then_sale_price", '<span class="was-price">Was $67.50</span><span class="sale-price">Now $54.00</span>'),
    ("price_compare_then_price_sale", '<span class="price--compare">$67.50</span><span class="price--sale">$54.00</span>'),
    ("price_sale_then_price_compare", '<span class="price--sale">$54.00</span><span class="price--compare">$67.50</span>'),
    ("old_price_then_special_price_magento1", '<p class="old-price"><span class="price-label">Regular Price:</span>'
     '<span class="price">$67.50</span></p><p class="special-price"><span class="price-label">Special Price</span>'
     '<span class="price">$54.00</span></p>'),
    ("regular_price_then_sale_price", '<span class="regular-price">$67.50</span> <span class="sale-price">$54.00</span>'),
    ("sale_badge_minus_20_then_prices", '<span class="badge on-sale">-20%</span><span class="old-price">$67.50</span>'
     '<span class="special-price">$54.00</span>'),
    ("woocommerce_screen_reader_text_pairs", '<p class="price"><del aria-hidden="true"><span class="woocommerce-Price-'
     'amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>67.50</bdi></span></del> '
     '<span class="screen-reader-text">Original price was: $67.50.</span><ins aria-hidden="true"><span class='
     '"woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>54.00</bdi>'
     '</span></ins><span class="screen-reader-text">Current price is: $54.00.</span></p>'),
]


@pytest.mark.parametrize("prices", [pytest.param(c[1], id=c[0]) for c in OLD_NEW])
def test_the_current_price_beside_the_old_one_on_a_whole_page(prices: str) -> None:
    product = (f'<div class="product-prices">{prices}</div><p class="product__sku">SKU: WDL-100</p>'
               f'<p class="product__inventory">In stock</p>{ADD}')
    check(extract(page(product, sticky=sticky_bar("$54.00"),
                       related=tiles(["$129.00", '<s>$30.00</s> $24.00', "$79.00"])), US), EXPECT_US)


def test_from_price_on_a_page_with_priced_variants() -> None:
    product = ('<div class="price price--from"><span class="price-item">From $10.00</span></div>'
               '<label for="size">Size</label><select id="size" name="id"><option value="1">Small – $10.00</option>'
               '<option value="2">Medium – $12.00</option><option value="3">Large – $14.00</option></select>'
               f'<p class="product__sku">SKU: WDL-100</p>{ADD}')
    check(extract(page(product, sticky=sticky_bar("From $10.00")), US),
          {"price": 10.0, "currency": "USD", "availability": "in_stock", "title": NAME})
