"""Whole product pages shaped like real shop markup (second part): stock statements around the
product, headings that are not the product's name, and whole pages of Magento 2, PrestaShop,
Shopware 6 and WooCommerce themes with their carts, cross-selling and footers.

The expectations are what a human reads from the page; see tests/test_markup_variants_pages.py.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import check, extract
from tests.test_markup_variants_pages import ADD, NAME, US, main_block, page, sticky_bar, tiles

SOLD_OUT = '<button type="submit" name="add" class="btn product-form__submit" disabled>Sold out</button>'
NOTIFY = ('<button type="button" class="btn back-in-stock-trigger" data-toggle="modal">'
          'Notify me when available</button>')
RELATED_ADD = '<a class="button add_to_cart_button" href="?add-to-cart=7">Add to cart</a>'

# ----------------------------------------------------------------------------- stock around the product

STOCK: list[tuple[str, str, dict[str, Any], str]] = [
    # (id, main product block, page() arguments, expected availability)
    ("main_sold_out_related_in_stock_with_buttons",
     main_block("$54.00", stock='<p class="product__inventory">Sold out</p>', button=SOLD_OUT),
     {"related": tiles(extra='<p class="stock">In stock</p>' + RELATED_ADD)}, "out_of_stock"),
    ("main_in_stock_related_sold_out_badges", main_block("$54.00"),
     {"related": tiles(extra='<span class="badge badge--sold-out">Sold out</span>')}, "in_stock"),
    ("main_sold_out_recently_viewed_sidebar_in_stock_first",
     main_block("$54.00", stock='<p class="product__inventory">Out of stock</p>', button=SOLD_OUT),
     {"sidebar": tiles(extra='<p class="stock in-stock">In stock</p>' + RELATED_ADD)}, "out_of_stock"),
    ("main_in_stock_recently_viewed_sidebar_sold_out_first", main_block("$54.00"),
     {"sidebar": tiles(extra='<p class="stock out-of-stock">Sold out</p>')}, "in_stock"),
    ("main_in_stock_without_statement_related_sold_out",
     main_block("$54.00", stock=""), {"related": tiles(extra='<p class="stock out-of-stock">Out of stock</p>')},
     "in_stock"),
    ("pickup_unavailable_delivery_in_stock",
     main_block("$54.00", stock='<div class="pickup-availability"><p>Not available for pickup at Main Street</p>'
                                '<p class="delivery">In stock online – ships in 1–2 days</p></div>'), {}, "in_stock"),
    ("shopify_pickup_currently_unavailable_only",
     main_block("$54.00", stock='<pickup-availability class="product__pickup-availabilities">'
                                '<div class="pickup-availability-info"><p class="caption-large">Pickup currently '
                                'unavailable at <span>Main Street</span></p><p class="caption">Usually ready in '
                                '2-4 days</p></div></pickup-availability>'), {}, "in_stock"),
    ("size_radio_with_one_size_sold_out",
     main_block("$54.00", stock='<fieldset class="variant-picker"><legend>Size</legend>'
                                '<input type="radio" id="s" name="size" value="S" checked><label for="s">S</label>'
                                '<input type="radio" id="m" name="size" value="M" class="disabled" disabled>'
                                '<label for="m" class="sold-out">M <span class="visually-hidden">Sold out</span>'
                                '</label><input type="radio" id="l" name="size" value="L"><label for="l">L</label>'
                                '</fieldset>'), {}, "in_stock"),
    ("dawn_variant_label_sold_out_or_unavailable",
     main_block("$54.00", stock='<fieldset class="js product-form__input"><legend class="form__label">Size</legend>'
                                '<input type="radio" id="opt-s" name="Size" value="S" checked><label for="opt-s">S'
                                '</label><input type="radio" id="opt-m" name="Size" value="M" class="disabled">'
                                '<label for="opt-m">M<span class="visually-hidden label-unavailable">Variant sold '
                                'out or unavailable</span></label></fieldset>'), {}, "in_stock"),
    ("size_select_with_one_option_sold_out",
     main_block("$54.00", stock='<select name="size"><option>Small</option><option disabled>Medium - Sold out'
                                '</option><option>Large</option></select>'), {}, "in_stock"),
    ("size_list_with_one_size_out_of_stock_no_statement",
     main_block("$54.00", stock='<ul class="sizes"><li class="size available">38</li>'
                                '<li class="size unavailable" title="Out of stock">39</li>'
                                '<li class="size available">40</li></ul>'), {}, "in_stock"),
    ("newsletter_be_the_first_to_know_block", main_block("$54.00"),
     {"below": '<section class="newsletter-signup"><h2>Be the first to know</h2><p>New arrivals, restocks and '
               'offers, straight to your inbox.</p><form><input type="email"><button>Sign up</button></form>'
               '</section>'}, "in_stock"),
    ("newsletter_be_the_first_to_know_without_statement", main_block("$54.00", stock=""),
     {"below": '<div class="klaviyo-form"><h3>Be the first to know</h3><p>Get notified about new drops.</p>'
               '<button>Notify me</button></div>'}, "in_stock"),
    ("disabled_button_choose_a_size_enabled_by_js",
     main_block("$54.00", stock='<select name="size" required><option value="">Choose a size</option>'
                                '<option>S</option><option>M</option></select>',
                button='<button type="submit" class="btn add-to-cart" disabled data-select-size>'
                       'Select a size</button>'), {}, "in_stock"),
    ("only_button_is_notify_me", main_block("$54.00", stock="", button=NOTIFY),
     {"related": tiles(extra=RELATED_ADD)}, "out_of_stock"),
    ("only_button_is_notify_me_with_sticky_bar", main_block("$54.00", stock="", button=NOTIFY),
     {"sticky": sticky_bar("$54.00", NOTIFY)}, "out_of_stock"),
    ("sticky_bar_sold_out_repeats_main_statement",
     main_block("$54.00", stock='<p class="product__inventory">Sold out</p>', button=SOLD_OUT),
     {"sticky": sticky_bar("$54.00", SOLD_OUT), "related": tiles(extra=RELATED_ADD)}, "out_of_stock"),
    ("low_stock_only_3_left_is_in_stock",
     main_block("$54.00", stock='<p class="product__inventory low-stock">Only 3 left in stock – order soon</p>'),
     {}, "in_stock"),
    ("reviews_and_questions_talking_about_stock", main_block("$54.00", stock=""),
     {"below": '<div class="review"><p>It was sold out for weeks, glad I got one!</p></div><div class="qa">'
               '<p class="question">Will the black one be back in stock?</p><p>Out of stock until May.</p></div>'},
     "in_stock"),
    ("dispatch_countdown_without_statement",
     main_block("$54.00", stock='<p class="dispatch">Order within 2 hrs 10 mins for same-day dispatch</p>'), {},
     "in_stock"),
    ("main_out_of_stock_cart_drawer_upsells_with_buttons_first",
     main_block("$54.00", stock='<p class="product__inventory">Out of stock</p>', button=NOTIFY),
     {"cart": '<div class="cart-drawer"><p>Your cart is empty</p><h3>You may also like</h3><ul>'
              + tiles(extra='<p>In stock</p>' + ADD) + '</ul></div>'}, "out_of_stock"),
    ("main_out_of_stock_with_wishlist_button_and_sticky_add_elsewhere",
     main_block("$54.00", stock='<p class="product__inventory">Currently unavailable</p>',
                button='<button class="btn add-to-wishlist">Add to wishlist</button>'),
     {"related": tiles(extra=RELATED_ADD)}, "out_of_stock"),
]


@pytest.mark.parametrize("product,kwargs,availability", [pytest.param(*c[1:], id=c[0]) for c in STOCK])
def test_the_main_product_s_availability_not_the_page_s_other_statements(product: str, kwargs: dict[str, Any],
                                                                         availability: str) -> None:
    check(extract(page(product, **kwargs), US), {"availability": availability, "price": 54.0, "title": NAME})


# ----------------------------------------------------------------------------- headings that are not the product

TITLES: list[tuple[str, dict[str, Any]]] = [
    ("logo_h1_in_the_header", {"logo": '<h1 class="header__heading"><a href="/" class="header__heading-link">'
                                       'Lumio</a></h1>'}),
    ("logo_h1_with_image_alt", {"logo": '<h1 class="site-logo"><a href="/"><img src="/logo.svg" alt="Lumio '
                                        'Lighting"></a></h1>'}),
    ("newsletter_modal_h1_first", {"modal": '<div class="modal newsletter-popup" role="dialog"><h1>Join the club '
                                            '&amp; get 10% off</h1><form><input type="email"><button>Subscribe'
                                            '</button></form></div>'}),
    ("customer_reviews_h1_after_the_product", {"reviews_heading": "h1"}),
    ("document_title_with_shop_name_and_tagline", {"doc_title": "Walnut Desk Lamp – Lumio | Modern Lighting & Decor"}),
    ("document_title_with_buy_online_prefix", {"doc_title": "Buy Walnut Desk Lamp Online | Lumio"}),
    ("cookie_banner_h1_first", {"modal": '<div id="cookie-banner" class="cookie-consent"><h1>We value your '
                                         'privacy</h1><p>We use cookies.</p><button>Accept all</button></div>'}),
    ("sticky_bar_h2_with_the_name_printed_first", {"modal": sticky_bar("$54.00").replace(
        '<span class="sticky-atc__title">Walnut Desk Lamp</span>', '<h2 class="sticky-atc__title">Walnut Desk</h2>')}),
    ("all_of_them_together", {"logo": '<h1 class="logo">Lumio</h1>', "reviews_heading": "h1",
                              "modal": '<div class="modal"><h1>Sign up for our newsletter</h1></div>',
                              "doc_title": "Walnut Desk Lamp - Lumio Lighting Store"}),
]


@pytest.mark.parametrize("kwargs", [pytest.param(c[1], id=c[0]) for c in TITLES])
def test_the_product_s_name_not_another_heading(kwargs: dict[str, Any]) -> None:
    check(extract(page(main_block("$54.00"), **kwargs), US), {"title": NAME, "price": 54.0, "sku": "WDL-100"})


def test_a_product_name_in_a_div_under_a_logo_h1_and_a_reviews_h1() -> None:
    html = page(main_block("$54.00"), logo='<h1 class="logo">Lumio</h1>', reviews_heading="h1").replace(
        f'<h1 class="product__title">{NAME}</h1>', f'<div class="product__title h2">{NAME}</div>')
    check(extract(html, US), {"title": NAME, "price": 54.0})


# ----------------------------------------------------------------------------- whole platform pages

def test_magento_2_page_with_minicart_tier_price_and_related_price_boxes() -> None:
    box = ('<div class="price-box price-final_price" data-role="priceBox" data-product-id="{id}">'
           '<span class="price-container price-final_price tax weee"><span id="product-price-{id}" '
           'data-price-amount="{amount}" data-price-type="finalPrice" class="price-wrapper ">'
           '<span class="price">${amount}.00</span></span></span></div>')
    product = ('<div class="product-info-price"><div class="price-box price-final_price" data-role="priceBox" '
               'data-product-id="42"><span class="special-price"><span class="price-container price-final_price tax">'
               '<span class="price-label">Special Price</span><span id="product-price-42" data-price-amount="54" '
               'data-price-type="finalPrice" class="price-wrapper "><span class="price">$54.00</span></span></span>'
               '</span><span class="old-price"><span class="price-container price-final_price tax">'
               '<span class="price-label">Regular Price</span><span id="old-price-42" data-price-amount="67.5" '
               'data-price-type="oldPrice" class="price-wrapper "><span class="price">$67.50</span></span></span>'
               '</span></div><div class="product-info-stock-sku"><div class="stock available" title="Availability">'
               '<span>In stock</span></div><div class="product attribute sku"><strong class="type">SKU</strong>'
               '<div class="value" itemprop="sku">WDL-100</div></div></div></div>'
               '<ul class="prices-tier items"><li class="item">Buy 5 for <span class="price">$49.00</span> each and '
               '<strong class="benefit">save 9%</strong></li></ul>'
               '<button type="submit" title="Add to Cart" class="action primary tocart" id="product-addtocart-button">'
               '<span>Add to Cart</span></button>')
    cart = ('<div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/">'
            '<span class="text">My Cart</span><span class="counter qty"><span class="counter-number">1</span></span>'
            '</a><div class="block-minicart"><span class="subtotal">Cart Subtotal <span class="price">$24.00</span>'
            '</span></div></div>')
    related = "".join(f'<li class="item product product-item"><a class="product-item-link">{n}</a>'
                      f'{box.format(id=i, amount=a)}</li>' for i, n, a in [(7, "Linen Shade", 24), (8, "Oak Light", 79)])
    check(extract(page(product, cart=cart, related=related, related_heading="Related Products"),
                  "https://www.lumio.example.com/walnut-desk-lamp.html"),
          {"price": 54.0, "currency": "USD", "availability": "in_stock", "sku": "WDL-100", "title": NAME})


def test_prestashop_page_with_current_and_regular_price_and_similar_products() -> None:
    product = ('<div class="product-prices js-product-prices"><div class="product-discount">'
               '<span class="regular-price">67,50 €</span></div><div class="product-price h5 has-discount">'
               '<div class="current-price"><span class="current-price-value" content="54">54,00 €</span>'
               '<span class="discount discount-percentage">Économisez 20%</span></div></div>'
               '<div class="tax-shipping-delivery-label">TTC<span class="delivery-information">Livraison 4,90 €'
               '</span></div></div><div class="product-reference"><label class="label">Référence </label>'
               '<span>WDL-100</span></div><div class="product-quantities"><label class="label">En stock</label>'
               '<span data-stock="12">12 Produits</span></div><span id="product-availability">'
               '<i class="material-icons product-available">&#xE5CA;</i> En stock</span>'
               '<button class="btn btn-primary add-to-cart" data-button-action="add-to-cart" type="submit">'
               'Ajouter au panier</button>')
    related = tiles(["129,00 €", "24,00 €", "79,00 €"], '<span class="product-flag out_of_stock">Rupture de stock</span>')
    html = page(product, lang="fr-FR", cart='<div class="blockcart"><span class="cart-products-count">(0)</span>'
                '<span class="cart-total">0,00 €</span></div>', banner="Livraison offerte dès 50 € d'achat",
                related=related, related_heading="Produits similaires")
    check(extract(html, "https://www.lumio.example.fr/luminaires/42-lampe.html"),
          {"price": 54.0, "currency": "EUR", "availability": "in_stock", "sku": "WDL-100", "title": NAME})


def test_shopware_6_page_with_list_price_delivery_and_cross_selling() -> None:
    product = ('<div class="product-detail-buy"><div class="product-detail-price-container">'
               '<p class="product-detail-price with-list-price">54,00 €*</p><span class="product-detail-list-price-'
               'wrapper"><span class="list-price-price">67,50 €*</span> <span class="list-price-percentage">'
               '(20% gespart)</span></span><p class="product-detail-tax-container"><a class="product-detail-tax-link" '
               'href="/versand">* inkl. MwSt. zzgl. Versandkosten</a></p></div><div class="product-delivery">'
               '<p class="delivery-information delivery-available"><span class="delivery-status-indicator '
               'bg-success"></span> Sofort verfügbar, Lieferzeit 1-3 Werktage</p></div>'
               '<button class="btn btn-primary btn-buy" title="In den Warenkorb">In den Warenkorb</button>'
               '<div class="product-detail-ordernumber-container"><span class="product-detail-ordernumber-label">'
               'Produktnummer:</span> <span class="product-detail-ordernumber">WDL-100</span></div></div>')
    related = tiles(["129,00 €*", "24,00 €*", "79,00 €*"], '<p class="delivery-information delivery-not-available">'
                    'Nicht verfügbar</p>')
    html = page(product, lang="de-DE", cart='<a class="header-cart-btn" href="/checkout/cart"><span '
                'class="header-cart-total">0,00 €*</span></a>', banner="Kostenloser Versand ab 50 €",
                related=related, related_heading="Ähnliche Produkte")
    check(extract(html, "https://www.lumio.example.de/Walnut-Desk-Lamp/SW10001"),
          {"price": 54.0, "currency": "EUR", "availability": "in_stock", "sku": "WDL-100", "title": NAME})


def test_woocommerce_page_with_sale_price_stock_count_and_related_products() -> None:
    amount = ('<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$'
              '</span>{}</bdi></span>')
    product = (f'<p class="price"><del aria-hidden="true">{amount.format("67.50")}</del> <span class="screen-reader-'
               f'text">Original price was: $67.50.</span><ins aria-hidden="true">{amount.format("54.00")}</ins>'
               '<span class="screen-reader-text">Current price is: $54.00.</span></p>'
               '<p class="stock in-stock">12 in stock</p><form class="cart" method="post"><div class="quantity">'
               '<input type="number" name="quantity" value="1"></div><button type="submit" name="add-to-cart" '
               'value="42" class="single_add_to_cart_button button alt">Add to cart</button></form>'
               '<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">WDL-100</span></span></div>')
    related = "".join(f'<li class="product"><a href="/p/{i}"><h2 class="woocommerce-loop-product__title">{n}</h2>'
                      f'<span class="price">{amount.format(p)}</span></a>{extra}</li>'
                      for i, n, p, extra in [(7, "Linen Shade", "24.00", RELATED_ADD),
                                             (8, "Oak Wall Light", "79.00", '<a class="button" href="/p/8">'
                                                                            'Read more</a>')])
    html = page(product, cart=f'<a class="cart-contents" href="/cart/">{amount.format("0.00")} '
                '<span class="count">0 items</span></a>', related=related, related_heading="Related products")
    check(extract(html, "https://www.lumio.example.com/product/walnut-desk-lamp/"),
          {"price": 54.0, "currency": "USD", "availability": "in_stock", "sku": "WDL-100", "title": NAME})
