"""Shapes of real shop markup: product pages as the most used shop themes render them (part 1: Shopify
Dawn, WooCommerce, Salesforce SFRA; part 2, tests/test_markup_themes2.py: PrestaShop, Magento 2 Luma,
Shopware 6, OpenCart, BigCommerce Cornerstone), read by the generic extraction (no site profile). Each case
renders by hand what the theme's templates output for one state, with the theme's classes, data attributes
and schema.org data, inside a realistic page (mini cart, breadcrumbs, related products with prices). The
expectations are what a careful human reads from the rendered page. Template paths and commits are per group.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract

NAME = "Walnut Desk Lamp"


def doc(main: str, *, lang: str = "en-US", title: str = NAME, shop: str = "Lumio", head: str = "",
        header: str = "", crumbs: str = "", related: str = "", body_attrs: str = "", tail: str = "") -> str:
    """A whole page around a theme's product block."""
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title} | {shop}</title>'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">{head}</head><body{body_attrs}>'
            f'<header class="site-header"><a class="logo" href="/">{shop}</a><nav class="main-nav"><a href="/c/lamps">'
            f'Lamps</a><a href="/c/sale">Sale</a></nav>{header}</header>{crumbs}<main id="MainContent">{main}</main>'
            f'{related}<footer class="site-footer"><p>&copy; 2026 {shop}</p></footer>{tail}</body></html>')


CASES, case = case_table()


# ============================================================================ Shopify Dawn
# Shopify/dawn @ 040bd7accc31ca20323d0b9bd237c69ed78a6c84 (and Dawn 11 / 15 as released): sections/main-product.liquid
# (title, price, sku, inventory, buy_buttons), snippets/price, buy-buttons, card-product, cart-drawer, sections/header.
DAWN_US = "https://lumio-lighting.myshopify.com/products/walnut-desk-lamp"
DAWN_DE = "https://www.lumio.example.de/products/walnut-tischleuchte"


def dawn_price(price: str, compare: str = "", *, sold_out: bool = False, de: bool = False,
               unit: str = "", nojs: bool = False) -> str:
    cls = "price price--large price--show-badge" + (" price--on-sale" if compare else "") + (
        " price--sold-out" if sold_out else "")
    reg, sale = ("Normaler Preis", "Verkaufspreis") if de else ("Regular price", "Sale price")
    wrap = ' class="no-js-hidden"' if nojs else ""  # Dawn <= 11 wraps the price block in "no-js-hidden"
    return (f'<div{wrap} id="price-template--1__main" role="status"><div class="{cls}">'
            f'<div class="price__container"><div class="price__regular"><span class="visually-hidden '
            f'visually-hidden--inline">{reg}</span><span class="price-item price-item--regular">{price}</span></div>'
            f'<div class="price__sale"><span class="visually-hidden visually-hidden--inline">{reg}</span><span>'
            f'<s class="price-item price-item--regular">{compare}</s></span><span class="visually-hidden '
            f'visually-hidden--inline">{sale}</span><span class="price-item price-item--sale price-item--last">'
            f'{price}</span></div><small class="unit-price caption{"" if unit else " hidden"}"><span '
            f'class="visually-hidden">{"Grundpreis" if de else "Unit price"}</span><span class="price-item '
            f'price-item--last"><span>{unit}</span><span aria-hidden="true">/</span><span class="visually-hidden">'
            f'&nbsp;{"pro" if de else "per"}&nbsp;</span><span>{"l" if unit else ""}</span></span></small></div>'
            f'<span class="badge price__badge-sale color-scheme-4">{"Angebot" if de else "Sale"}</span>'
            f'<span class="badge price__badge-sold-out color-scheme-3">{"Ausverkauft" if de else "Sold out"}'
            '</span></div></div>')


def dawn_button(text: str = "Add to cart", disabled: bool = False) -> str:
    return ('<div><product-form class="product-form" data-hide-errors="false" data-section-id="template--1__main">'
            '<div class="product-form__error-message-wrapper" role="alert" hidden><span class="product-form__error-'
            'message"></span></div><form method="post" action="/cart/add" id="product-form-template--1__main" '
            'accept-charset="UTF-8" class="form" enctype="multipart/form-data" novalidate="novalidate" data-type='
            '"add-to-cart-form"><input type="hidden" name="form_type" value="product"><input type="hidden" '
            'name="utf8" value="✓"><input type="hidden" name="id" value="4242" class="product-variant-id">'
            '<div class="product-form__buttons"><button id="ProductSubmitButton-template--1__main" type="submit" '
            f'name="add" class="product-form__submit button button--full-width button--secondary"'
            f'{" disabled" if disabled else ""}><span>{text}</span><div class="loading__spinner hidden"></div>'
            '</button><div data-shopify="payment-button" class="shopify-payment-button"></div></div></form>'
            '</product-form></div>')


def dawn_cards(prices: list[str], badge: str = "") -> str:
    names = ["Brass Floor Lamp", "Linen Shade", "Oak Wall Light"]
    cards = "".join(
        f'<li class="grid__item"><div class="card-wrapper product-card-wrapper"><div class="card card--standard">'
        f'<div class="card__content"><div class="card__information"><h3 class="card__heading"><a href="/products/'
        f'p{i}" class="full-unstyled-link">{n}</a></h3></div><div class="card__badge bottom left">{badge}</div>'
        f'</div></div><div class="card__content"><div class="card-information"><div class="price"><div class='
        f'"price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">'
        f'Regular price</span><span class="price-item price-item--regular">{p}</span></div></div></div></div>'
        f'</div></div></li>' for i, (n, p) in enumerate(zip(names, prices)))
    return ('<product-recommendations class="related-products page-width section-template--2__related-padding" '
            'data-url="/recommendations/products?limit=4"><h2 class="related-products__heading inline-richtext h2">'
            f'You may also like</h2><ul class="grid product-grid grid--4-col-desktop" role="list">{cards}</ul>'
            '</product-recommendations>')


def dawn_header(total: str = "$24.00 USD", count: int = 1) -> str:
    return ('<div class="announcement-bar" role="region"><p class="announcement-bar__message h5"><span>Free '
            'shipping on orders over $75</span></p></div><a href="/cart" class="header__icon header__icon--cart '
            'link focus-inset" id="cart-icon-bubble"><span class="visually-hidden">Cart</span><div class="cart-count-'
            f'bubble"><span aria-hidden="true">{count}</span><span class="visually-hidden">{count} item</span></div>'
            '</a><cart-drawer class="drawer"><div id="CartDrawer" class="cart-drawer"><div class="drawer__inner">'
            '<div class="drawer__header"><h2 class="drawer__heading">Your cart</h2></div><cart-drawer-items>'
            '<table class="cart-items"><tbody><tr class="cart-item"><td class="cart-item__details"><a href="/products/'
            'linen-shade" class="cart-item__name h4 break">Linen Shade</a><div class="product-option">$24.00</div>'
            '</td></tr></tbody></table></cart-drawer-items><div class="drawer__footer"><div class="cart-drawer__'
            f'footer"><div class="totals" role="status"><h2 class="totals__total">Estimated total</h2><p class='
            f'"totals__total-value">{total}</p></div></div><button type="submit" id="CartDrawer-Checkout" class='
            '"cart__checkout-button button" name="checkout">Check out</button></div></div></div></cart-drawer>')


def dawn_main(blocks: str, name: str = NAME, vendor: str = "Lumio", thumbs: str = "columns") -> str:
    # product--mobile-{{ section.settings.mobile_thumbnails }}: "hide" is the section's default setting
    return ('<section id="MainProduct-template--1__main" class="section-template--1__main-padding" data-section='
            '"template--1__main"><div class="page-width"><div class="product product--large product--left grid '
            f'grid--1-col product--mobile-{thumbs} grid--2-col-tablet"><div class="grid__item product__media-wrapper">'
            f'<media-gallery><ul class="product__media-list"><li><img src="//cdn.shopify.com/lamp.jpg" alt="{name}">'
            '</li></ul></media-gallery></div><div class="product__info-wrapper grid__item"><section id="ProductInfo-'
            'template--1__main" class="product__info-container"><p class="product__text inline-richtext caption-with-'
            f'letter-spacing">{vendor.upper()}</p><div class="product__title"><h1>{name}</h1><a href="/products/'
            f'walnut-desk-lamp" class="product__title"><h2 class="h1">{name}</h2></a></div>{blocks}</section></div>'
            '</div></div></section>')


DAWN_SKU = ('<p class="product__sku" id="Sku-template--1__main" role="status"><span class="visually-'
            'hidden">SKU:</span>WDL-100</p>')
DAWN_TAX = ('<div class="product__tax caption rte">Tax included. <a href="/policies/shipping-policy">Shipping</a> '
            'calculated at checkout.</div>')


def dawn_inventory(text: str, nojs: bool = False) -> str:
    return (f'<p class="product__inventory{" no-js-hidden" if nojs else ""}" id="Inventory-template--1__main" '
            f'role="status"><span class="svg-wrapper"><svg class="icon"></svg></span> {text}</p>')


def dawn(blocks: str, *, de: bool = False, name: str = NAME, thumbs: str = "columns", cards: str = "") -> str:
    prices = ["129,00 €", "24,00 €", "79,00 €"] if de else ["From $129.00 USD", "$24.00 USD", "$79.00 USD"]
    return doc(dawn_main(blocks, name, thumbs=thumbs), lang="de" if de else "en", title=name,
               header=dawn_header("0,00 €", 0) if de else dawn_header(), related=dawn_cards(prices, cards))


case("dawn_regular_price_with_currency_code_sku_block_and_recommendations",
     dawn(dawn_price("$54.00 USD") + DAWN_TAX + DAWN_SKU + dawn_inventory("In stock") + dawn_button()),
     DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("dawn_on_sale_compare_at_price_struck_through",
     dawn(dawn_price("$54.00", "$67.50") + DAWN_TAX + DAWN_SKU + dawn_button()),
     DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("dawn_sold_out_badge_disabled_button_recommendations_in_stock",
     dawn(dawn_price("$54.00", sold_out=True) + DAWN_SKU + dawn_inventory("Out of stock")
          + dawn_button("Sold out", disabled=True)),
     DAWN_US, price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("dawn_sold_out_without_inventory_block_only_the_button_says_so",
     dawn(dawn_price("$54.00", sold_out=True) + DAWN_TAX + dawn_button("Sold out", disabled=True)),
     DAWN_US, price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("dawn_low_stock_count_inventory_block_recommendation_sold_out_badges",
     dawn(dawn_price("$54.00") + DAWN_SKU + dawn_inventory("Low stock: 3 left") + dawn_button(),
          cards='<span class="badge badge--bottom-left color-scheme-3">Sold out</span>'),
     DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("dawn_de_sale_euro_after_amount_unit_price_visible",
     dawn(dawn_price("5,40 €", "6,90 €", de=True, unit="21,60 €") + '<div class="product__tax caption rte">inkl. '
          'MwSt. <a href="/policies/shipping-policy">Versand</a> wird beim Checkout berechnet</div>'
          + dawn_inventory("Auf Lager") + dawn_button("In den Warenkorb legen"), de=True, name="Bio-Walnussöl 250 ml"),
     DAWN_DE, price=5.4, currency="EUR", availability="in_stock", title="Bio-Walnussöl 250 ml")
case("dawn_de_sold_out_button_ausverkauft",
     dawn(dawn_price("54,00 €", sold_out=True, de=True) + dawn_button("Ausverkauft", disabled=True), de=True),
     DAWN_DE, price=54.0, currency="EUR", availability="out_of_stock", title=NAME)
case("dawn_volume_pricing_table_below_the_price",
     dawn(dawn_price("$54.00") + DAWN_SKU + '<div class="quantity__rules caption"><span class="divider">Minimum of 2'
          '</span></div><volume-pricing class="parent-display" id="Volume-template--1__main"><span class="caption-'
          'large">Volume pricing</span><ul class="list-unstyled"><li><span>2+</span><span>$54.00/ea</span></li><li>'
          '<span>10+</span><span>$48.00/ea</span></li><li><span>50+</span><span>$43.20/ea</span></li></ul>'
          '</volume-pricing>' + dawn_button()),
     DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
_DAWN_GROUP = ('<script type="application/ld+json">{"@context":"http://schema.org/","@id":"/products/walnut-desk-'
               'lamp#product","@type":"ProductGroup","brand":{"@type":"Brand","name":"Lumio"},"hasVariant":['
               '{"@id":"/products/walnut-desk-lamp?variant=4241#variant","@type":"Product","name":"Walnut Desk Lamp'
               ' - Small","offers":{"@type":"Offer","availability":"http://schema.org/InStock","price":"49.00",'
               '"priceCurrency":"USD","url":"https://lumio-lighting.myshopify.com/products/walnut-desk-lamp?variant='
               '4241"},"sku":"WDL-100-S"},{"@id":"/products/walnut-desk-lamp?variant=4242#variant","@type":"Product",'
               '"name":"Walnut Desk Lamp - Large","offers":{"@type":"Offer","availability":"http://schema.org/'
               'OutOfStock","price":"64.00","priceCurrency":"USD","url":"https://lumio-lighting.myshopify.com/'
               'products/walnut-desk-lamp?variant=4242"},"sku":"WDL-100-L"}],"name":"Walnut Desk Lamp",'
               '"productGroupID":"8001","url":"https://lumio-lighting.myshopify.com/products/walnut-desk-lamp"}'
               '</script>')
_DAWN_PICKER = ('<variant-selects id="variant-selects-template--1__main" data-section="template--1__main"><fieldset '
                'class="js product-form__input product-form__input--pill"><legend class="form__label">Size</legend>'
                '<input type="radio" id="s" name="Size" value="Small"><label for="s">Small</label><input type="radio" '
                'id="l" name="Size" value="Large" checked class="disabled"><label for="l">Large<span class="visually-'
                'hidden label-unavailable">Variant sold out or unavailable</span></label></fieldset><script type='
                '"application/json" data-selected-variant>{"id":4242,"title":"Large","available":false,"price":6400,'
                '"sku":"WDL-100-L"}</script></variant-selects>')
case("dawn_default_mobile_thumbnails_hide_class_on_the_product_grid",
     dawn(dawn_price("$54.00 USD") + DAWN_TAX + DAWN_SKU + dawn_inventory("In stock") + dawn_button(), thumbs="hide"),
     DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("dawn_11_price_and_inventory_in_no_js_hidden_wrappers_shown_once_js_runs",
     dawn(dawn_price("$54.00 USD", nojs=True) + DAWN_TAX + DAWN_SKU + dawn_inventory("In stock", nojs=True)
          + dawn_button()), DAWN_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("dawn_chosen_variant_sold_out_product_group_json_ld_other_variant_in_stock",
     dawn(dawn_price("$64.00", sold_out=True) + _DAWN_PICKER + _DAWN_GROUP + dawn_button("Sold out", disabled=True)),
     # (the title is the chosen variant's name, "… - Large", by design: test_product_page's variant cases)
     DAWN_US + "?variant=4242", price=64.0, currency="USD", availability="out_of_stock")
case("dawn_chosen_variant_in_stock_product_group_json_ld_other_variant_sold_out",
     dawn(dawn_price("$49.00") + _DAWN_PICKER.replace('"available":false,"price":6400', '"available":true,"price":4900')
          .replace("WDL-100-L", "WDL-100-S").replace('value="Small">', 'value="Small" checked>')
          .replace(' checked class', ' class') + _DAWN_GROUP + dawn_button()),
     DAWN_US + "?variant=4241", price=49.0, currency="USD", availability="in_stock")


# ============================================================================ WooCommerce (Storefront)
# woocommerce/woocommerce @ 01ca6f0a6575ea6cb179b75a8ff6b1c7cc942c13: plugins/woocommerce/templates/single-product/
# title.php, price.php, add-to-cart/simple.php, add-to-cart/variable.php, meta.php, wc_get_stock_html (stock.php),
# loop/price.php (related), WC_Structured_Data (JSON-LD in the footer), Storefront's header cart and breadcrumb.
WOO_US = "https://www.lumio.example.com/product/walnut-desk-lamp/"
WOO_DE = "https://www.lumio.example.de/produkt/walnut-tischleuchte/"


def wamount(v: str, de: bool = False) -> str:
    sym = '<span class="woocommerce-Price-currencySymbol">' + ("&euro;" if de else "&#36;") + '</span>'
    return f'<span class="woocommerce-Price-amount amount"><bdi>{f"{v}&nbsp;{sym}" if de else sym + v}</bdi></span>'


def woo_header(de: bool = False) -> str:
    a = wamount("24,00" if de else "24.00", de)
    return (f'<ul id="site-header-cart" class="site-header-cart menu"><li><a class="cart-contents" href="/cart/" '
            f'title="View your shopping cart">{a} <span class="count">1 item</span></a></li><li><div class="widget '
            'woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"><ul class="woocommerce-mini-'
            'cart cart_list product_list_widget"><li class="woocommerce-mini-cart-item mini_cart_item"><a href="/p/7" '
            f'class="remove remove_from_cart_button">&times;</a><a href="/product/linen-shade/">Linen Shade</a><span '
            f'class="quantity">1 &times; {a}</span></li></ul><p class="woocommerce-mini-cart__total total"><strong>'
            f'{"Zwischensumme" if de else "Subtotal"}:</strong> {a}</p><p class="woocommerce-mini-cart__buttons '
            'buttons"><a href="/cart/" class="button wc-forward">View cart</a><a href="/checkout/" class="button checko'
            'ut wc-forward">Checkout</a></p></div></div></li></ul>')


WOO_CRUMBS = ('<nav class="woocommerce-breadcrumb" aria-label="Breadcrumb"><a href="/">Home</a><span class="breadcrumb-'
              'separator"> / </span><a href="/product-category/lamps/">Lamps</a><span class="breadcrumb-separator"> / '
              f'</span>{NAME}</nav>')


def woo_related(de: bool = False) -> str:
    rows = [(7, "Linen Shade", "24,00" if de else "24.00", "instock"), (8, "Oak Wall Light", "79,00" if de else
                                                                        "79.00", "outofstock")]
    lis = "".join(
        f'<li class="product type-product post-{i} status-publish {st} product_cat-lamps has-post-thumbnail '
        f'shipping-taxable purchasable product-type-simple"><a href="/product/p{i}/" class="woocommerce-LoopProduct-'
        f'link woocommerce-loop-product__link"><img src="/p{i}.jpg" alt=""><h2 class="woocommerce-loop-product__'
        f'title">{n}</h2><span class="price">{wamount(p, de)}</span></a><a href="?add-to-cart={i}" data-quantity="1" '
        f'class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="{i}" data-product_'
        f'sku="P-{i}" rel="nofollow">{"Read more" if st == "outofstock" else "Add to cart"}</a></li>'
        for i, n, p, st in rows)
    return (f'<section class="related products"><h2>{"Ähnliche Produkte" if de else "Related products"}</h2>'
            f'<ul class="products columns-3">{lis}</ul></section>')


def woo_main(price_html: str, after: str, *, sku: str = "WDL-100", de: bool = False, onsale: bool = False,
             status: str = "instock") -> str:
    label = "Artikelnummer" if de else "SKU"
    return (f'<div class="woocommerce-notices-wrapper"></div><div id="product-42" class="product type-product '
            f'post-42 status-publish first {status} product_cat-lamps has-post-thumbnail{" sale" if onsale else ""} '
            'shipping-taxable purchasable product-type-simple">'
            + ('<span class="onsale">Sale!</span>' if onsale else '')
            + '<div class="woocommerce-product-gallery images" data-columns="4"><figure class="woocommerce-product-'
            'gallery__wrapper"><div class="woocommerce-product-gallery__image"><img src="/lamp.jpg" alt=""></div>'
            f'</figure></div><div class="summary entry-summary"><h1 class="product_title entry-title">{NAME}</h1>'
            f'<p class="price">{price_html}</p><div class="woocommerce-product-details__short-description"><p>Turned '
            f'walnut, linen shade.</p></div>{after}<div class="product_meta"><span class="sku_wrapper">{label}: '
            f'<span class="sku">{sku}</span></span> <span class="posted_in">{"Kategorie" if de else "Category"}: '
            '<a href="/product-category/lamps/" rel="tag">Lamps</a></span></div></div></div>')


def woo_form(text: str = "Add to cart") -> str:
    return ('<form class="cart" action="/product/walnut-desk-lamp/" method="post" enctype="multipart/form-data">'
            '<div class="quantity"><label class="screen-reader-text" for="quantity_1">Walnut Desk Lamp quantity'
            '</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" '
            'min="1" step="1"></div><button type="submit" name="add-to-cart" value="42" class="single_add_to_cart_'
            f'button button alt">{text}</button></form>')


wstock = '<p class="stock {}">{}</p>'.format  # wc_get_stock_html: class in-stock / out-of-stock / ...


def woo(main: str, de: bool = False, tail: str = "") -> str:
    return doc(main, lang="de-DE" if de else "en-US", header=woo_header(de), crumbs=WOO_CRUMBS,
               related=woo_related(de), body_attrs=' class="product-template-default single single-product '
               'postid-42 theme-storefront woocommerce woocommerce-page"', tail=tail)


case("woo_simple_regular_price_no_stock_management",
     woo(woo_main(wamount("54.00"), woo_form())), WOO_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("woo_simple_out_of_stock_form_not_rendered",
     woo(woo_main(wamount("54.00"), wstock("out-of-stock", "Out of stock"), status="outofstock")), WOO_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("woo_available_on_backorder_with_button",
     woo(woo_main(wamount("54.00"), wstock("available-on-backorder", "Available on backorder") + woo_form(),
                  status="onbackorder")), WOO_US,
     price=54.0, currency="USD", availability="backorder", sku="WDL-100", title=NAME)
case("woo_de_sale_euro_after_amount_vorratig_count",
     woo(woo_main(f'<del aria-hidden="true">{wamount("67,50", True)}</del> <span class="screen-reader-text">'
                  'Ursprünglicher Preis war: 67,50&nbsp;&euro;</span><ins aria-hidden="true">'
                  f'{wamount("54,00", True)}</ins><span class="screen-reader-text">Aktueller Preis ist: 54,00&nbsp;'
                  '&euro;</span>', wstock("in-stock", "12 vorrätig") + woo_form("In den Warenkorb"), de=True,
                  onsale=True), de=True), WOO_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("woo_de_nicht_vorratig",
     woo(woo_main(wamount("54,00", True), wstock("out-of-stock", "Nicht vorrätig"), de=True,
                  status="outofstock"), de=True), WOO_DE,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
_WOO_RANGE = (f'{wamount("49.00")} <span aria-hidden="true">&ndash;</span> {wamount("64.00")}<span class="screen-'
              'reader-text">Price range: $49.00 through $64.00</span>')
_WOO_VARS = ('[{&quot;attributes&quot;:{&quot;attribute_pa_size&quot;:&quot;small&quot;},&quot;availability_html&quot;:'
             '&quot;&lt;p class=\\&quot;stock in-stock\\&quot;&gt;In stock&lt;\\/p&gt;&quot;,&quot;display_price&quot;:'
             '49,&quot;display_regular_price&quot;:49,&quot;is_in_stock&quot;:true,&quot;sku&quot;:&quot;WDL-100-S'
             '&quot;,&quot;variation_id&quot;:43},{&quot;attributes&quot;:{&quot;attribute_pa_size&quot;:&quot;'
             'large&quot;},&quot;availability_html&quot;:&quot;&lt;p class=\\&quot;stock out-of-stock\\&quot;&gt;Out'
             ' of stock&lt;\\/p&gt;&quot;,&quot;display_price&quot;:64,&quot;display_regular_price&quot;:64,&quot;'
             'is_in_stock&quot;:false,&quot;sku&quot;:&quot;WDL-100-L&quot;,&quot;variation_id&quot;:44}]')
_WOO_VFORM = (f'<form class="variations_form cart" action="/product/walnut-desk-lamp/" method="post" enctype='
              f'"multipart/form-data" data-product_id="42" data-product_variations="{_WOO_VARS}"><table class='
              '"variations" role="presentation"><tbody><tr><th class="label"><label for="pa_size">Size</label></th>'
              '<td class="value"><select id="pa_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size">'
              '<option value="">Choose an option</option><option value="small">Small</option><option value="large">'
              'Large</option></select></td></tr><tr><td colspan="2"><button class="reset_variations wp-element-button" '
              'aria-label="Clear options">Clear</button></td></tr></tbody></table><div class="reset_variations_alert '
              'screen-reader-text" aria-live="assertive"></div><div class="single_variation_wrap"><div class='
              '"woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div><div class="woocom'
              'merce-variation-add-to-cart variations_button"><div class="quantity"><input type="number" class="input-t'
              'ext qty text" name="quantity" value="1"></div><button type="submit" class="single_add_to_cart_button '
              'button alt disabled wc-variation-selection-needed">Add to cart</button><input type="hidden" name='
              '"add-to-cart" value="42"><input type="hidden" name="variation_id" class="variation_id" value="0">'
              '</div></div></form>')
_WOO_AGG = ('<script type="application/ld+json">{"@context":"https:\\/\\/schema.org\\/","@graph":[{"@context":"https:'
            '\\/\\/schema.org\\/","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"item":'
            '{"name":"Home","@id":"https:\\/\\/www.lumio.example.com"}}]},{"@context":"https:\\/\\/schema.org\\/",'
            '"@type":"Product","@id":"https:\\/\\/www.lumio.example.com\\/product\\/walnut-desk-lamp\\/#product",'
            '"name":"Walnut Desk Lamp","url":"https:\\/\\/www.lumio.example.com\\/product\\/walnut-desk-lamp\\/",'
            '"sku":"WDL-100","offers":[{"@type":"AggregateOffer","lowPrice":"49.00","highPrice":"64.00","offerCount":'
            '2,"priceCurrency":"USD","availability":"http:\\/\\/schema.org\\/InStock","url":"https:\\/\\/www.lumio.'
            'example.com\\/product\\/walnut-desk-lamp\\/","seller":{"@type":"Organization","name":"Lumio"}}]}]}'
            '</script>')
case("woo_variable_no_size_chosen_price_range_and_variations_data",
     woo(woo_main(_WOO_RANGE, _WOO_VFORM), tail=_WOO_AGG), WOO_US,
     price=49.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
_WOO_SALE_LD = ('<script type="application/ld+json">{"@context":"https://schema.org/","@type":"Product","@id":"https://'
                'www.lumio.example.com/product/walnut-desk-lamp/#product","name":"Walnut Desk Lamp","sku":"WDL-100",'
                '"offers":[{"@type":"Offer","priceSpecification":[{"@type":"UnitPriceSpecification","price":"54.00",'
                '"priceCurrency":"USD","valueAddedTaxIncluded":false,"validThrough":"2027-12-31"},{"@type":'
                '"UnitPriceSpecification","price":"67.50","priceCurrency":"USD","valueAddedTaxIncluded":false,'
                '"validThrough":"2027-12-31","priceType":"https://schema.org/ListPrice"}],"priceValidUntil":'
                '"2027-12-31","availability":"http://schema.org/InStock","url":"https://www.lumio.example.com/product/'
                'walnut-desk-lamp/"}]}</script>')
case("woo_9_sale_json_ld_price_only_in_price_specification_list_price_second",
     woo(woo_main(f'<del aria-hidden="true">{wamount("67.50")}</del> <ins aria-hidden="true">{wamount("54.00")}</ins>',
                  wstock("in-stock", "In stock") + woo_form(), onsale=True), tail=_WOO_SALE_LD), WOO_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ Salesforce SFRA
# SalesforceCommerceCloud/storefront-reference-architecture (app_storefront_base): templates/default/product/
# productDetails.isml, components/pricing/main.isml + strikethrough/range/sales, components/availability.isml.
sfm = '<span class="sales"><span class="value" content="{0}">${0}</span></span>'.format  # pricing/sales.isml


def sfra(prices: str, avail: str, *, ready: str = "true", disabled: bool = False) -> str:
    main = (f'<div class="container product-detail product-wrapper" data-pid="WDL-100"><div class="row"><div '
            f'class="col-12"><div class="d-md-none"><h1 class="product-name">{NAME}</h1></div></div></div><div class="r'
            f'ow"><div class="col-12 col-sm-6"><img src="/lamp.jpg" alt=""></div><div class="col-12 col-sm-6"><h1 class'
            f'="product-name hidden-sm-down">{NAME}</h1><div class="product-number-rating clearfix"><div class="product'
            '-number pull-left">Item No. <span class="product-id">WDL-100</span></div></div><div class="row"><div class'
            f'="col-12"><div class="prices"><div class="price">{prices}</div></div></div></div><div class='
            f'"availability row product-availability" data-ready-to-order="{ready}" data-available="{ready}"><div '
            'class="col-6"><label class="availability-label">Availability:</label></div><div class="col-6"><ul class="'
            f'list-unstyled availability-msg"><li><div>{avail}</div></li></ul></div></div><button class="add-to-cart '
            f'btn btn-primary" data-pid="WDL-100"{" disabled" if disabled else ""}><i class="fa fa-shopping-bag"></i> '
            'Add to Cart</button></div></div></div>')
    header = ('<div class="minicart" data-action-url="/on/demandware.store/Sites-Lumio-Site/en_US/Cart-MiniCartShow">'
              '<div class="minicart-total hide-link-med"><a class="minicart-link" href="/cart" title="Cart 1 Items">'
              '<i class="minicart-icon fa fa-shopping-bag"></i><span class="minicart-quantity">1</span></a></div>'
              '</div>')
    tiles = ('<div class="recommendations"><h2 class="title">You may also like</h2><div class="product" data-pid="LS-'
             '7"><div class="product-tile"><div class="tile-body"><div class="pdp-link"><a class="link" href="/p7">Line'
             f'n Shade</a></div><div class="price"><span>{sfm("24.00")}</span></div></div></div></div></div>')
    return doc(main, header=header, crumbs='<ol class="breadcrumb"><li class="breadcrumb-item"><a href="/lamps">Lamps'
               '</a></li></ol>', related=tiles)


SF_US = "https://www.lumio.example.com/walnut-desk-lamp/WDL-100.html"
case("sfra_sale_strike_through_with_screen_reader_words",
     sfra('<span><del><span class="strike-through list"><span class="value" content="67.50"><span class="sr-only">'
          f'Price reduced from</span>$67.50<span class="sr-only">to</span></span></span></del> {sfm("54.00")}</span>',
          "In Stock"), SF_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("sfra_out_of_stock_disabled_button", sfra(f'<span>{sfm("54.00")}</span>', "Out of Stock", disabled=True), SF_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("sfra_pre_order_message", sfra(f'<span>{sfm("54.00")}</span>', "Pre-Order"), SF_US,
     price=54.0, currency="USD", availability="preorder", sku="WDL-100", title=NAME)
case("sfra_master_no_variant_chosen_price_range",
     sfra(f'<div class="range"><span>{sfm("49.00")}</span> - <span>{sfm("64.00")}</span></div>', "Select Styles for "
          "Availability", ready="false", disabled=True), SF_US, price=49.0, currency="USD", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
