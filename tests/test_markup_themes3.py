"""Shapes of real shop markup, part 3: Shopify Debut, WooCommerce Storefront's own parts (header cart, sticky
add-to-cart bar), nopCommerce, Sylius and Solidus product pages as their templates render them, read by the
generic extraction (no site profile); see tests/test_markup_themes.py. Each case renders by hand what the
templates output for one state, in the theme's default locale and one other, inside a realistic page (mini
cart, breadcrumbs, related products with prices). The expectations are what a careful human reads from the
rendered page. Template paths and commits are per group."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc, wamount, woo, woo_form, woo_main, wstock

CASES, case = case_table()


# ============================================================================ Shopify Debut (17.x)
# Shopify's Debut as copied in Chenjiujiu/debut-saddhu @ 38bacd0d5cb5b55d6ed99faeef23864fe2c8baa7:
# snippets/product-price.liquid (the <dl class="price"> block, shop customisations left out), sections/product-
# template.liquid (product-single__title, AddToCart button, ProductJson script), snippets/product-price-listing
# .liquid + product-card-grid.liquid (related), sections/header.liquid (CartCount), snippets/social-meta-tags.
DEBUT_US = "https://lumio-lighting.myshopify.com/products/walnut-desk-lamp"
DEBUT_FR = "https://www.lumio.example.fr/products/lampe-de-bureau-noyer"
ARIA = 'aria-disabled="true" '


def debut_price(price: str, compare: str = "", *, sold_out: bool = False, fr: bool = False, unit: str = "") -> str:
    cls = "price" + (" price--sold-out" if sold_out else "") + (" price--on-sale" if compare else "") + (
        " price--unit-available" if unit else "")
    reg, sale, badge_sale, badge_out = (("Prix normal", "Prix réduit", "Solde", "Épuisé") if fr else
                                        ("Regular price", "Sale price", "Sale", "Sold out"))
    return (f'<dl class="{cls}" data-price><div class="price__pricing-group"><div class="price__regular"><dt><span '
            f'class="visually-hidden visually-hidden--inline">{reg}</span></dt><dd><span class="price-item price-item'
            f'--regular" data-regular-price>{price}</span></dd></div><div class="price__sale"><dt><span class="visually'
            f'-hidden visually-hidden--inline">{sale}</span></dt><dd><span class="price-item price-item--sale" data-'
            f'sale-price>{price}</span></dd><dt><span class="visually-hidden visually-hidden--inline">{reg}</span></dt>'
            f'<dd><s class="price-item price-item--regular" data-regular-price>{compare}</s></dd></div><div class="'
            f'price__badges"><span class="price__badge price__badge--sale" aria-hidden="true"><span>{badge_sale}</span>'
            f'</span><span class="price__badge price__badge--sold-out"><span>{badge_out}</span></span></div></div>'
            '<div class="price__unit"><dt><span class="visually-hidden visually-hidden--inline">Unit price</span></dt>'
            f'<dd class="price-unit-price"><span data-unit-price>{unit}</span><span aria-hidden="true">/</span><span '
            f'class="visually-hidden">per&nbsp;</span><span data-unit-price-base-unit>{"100ml" if unit else ""}</span>'
            '</dd></div></dl>')


def debut_json(cents: int, compare: int | None, available: bool) -> str:
    cmp = "null" if compare is None else str(compare)
    av = "true" if available else "false"
    return ('<script type="application/json" id="ProductJson-product-template">{"id":7001,"title":"Walnut Desk Lamp",'
            f'"handle":"walnut-desk-lamp","vendor":"Lumio","type":"Lamps","price":{cents},"price_min":{cents},'
            f'"price_max":{cents},"available":{av},"price_varies":false,"compare_at_price":{cmp},"variants":[{{"id":'
            f'4242,"title":"Default Title","option1":"Default Title","sku":"WDL-100","available":{av},"name":"Walnut '
            f'Desk Lamp","price":{cents},"compare_at_price":{cmp},"inventory_management":"shopify","barcode":""}}]}}'
            '</script>')


def debut(price_block: str, *, button: str = "Add to cart", disabled: bool = False, fr: bool = False,
          og: str = "54.00", cur: str = "USD", json: str = "") -> str:
    cards = "".join(
        f'<div class="grid__item grid__item--product-recommendations small--one-half medium-up--one-quarter"><div class'
        f'="grid-view-item product-card"><a class="grid-view-item__link grid-view-item__image-container full-width-'
        f'link" href="/products/p{i}"><span class="visually-hidden">{n}</span></a><div class="h4 grid-view-item__title '
        f'product-card__title" aria-hidden="true">{n}</div><dl class="price price--listing"><div class="price__regular'
        f'"><dt><span class="visually-hidden visually-hidden--inline">Regular price</span></dt><dd><span class="price-'
        f'item price-item--regular">{p}</span></dd></div></dl></div></div>'
        for i, (n, p) in enumerate([("Linen Shade", "24,00 €" if fr else "$24.00"),
                                    ("Oak Wall Light", "79,00 €" if fr else "$79.00")]))
    main = ('<div class="page-width"><div id="ProductSection-product-template" class="product-template__container" '
            'data-section-id="product-template" data-section-type="product"><div class="grid product-single"><div '
            'class="grid__item product-single__media-group medium-up--one-half"><img class="product-featured-media" '
            'src="//cdn.shopify.com/lamp.jpg" alt=""></div><div class="grid__item medium-up--one-half"><div class="'
            f'product-single__meta"><h1 class="product-single__title">{NAME}</h1><div class="product__price">'
            f'{price_block}</div><div class="product__policies rte" data-product-policies>'
            + ("Taxes incluses." if fr else "Tax included.") + '</div><form method="post" action="/cart/add" id='
            '"product_form_7001" accept-charset="UTF-8" class="product-form product-form-product-template" enctype='
            '"multipart/form-data" novalidate="novalidate"><input type="hidden" name="form_type" value="product"><select'
            ' name="id" id="ProductSelect-product-template" class="product-form__variants no-js"><option value="4242" '
            f'selected="selected"{" disabled" if disabled else ""}>Default Title</option></select><div class="product-form'
            '__controls-group product-form__controls-group--submit"><div class="product-form__item product-form__item--'
            'submit product-form__item--no-variants"><button type="submit" name="add" id="AddToCart-product-template" '
            f'{ARIA if disabled else ""}class="btn product-form__cart-submit'
            f'{" btn--sold-out" if disabled else ""}" data-add-to-cart{" disabled" if disabled else ""}><span data-add-'
            f'to-cart-text>{button}</span></button></div></div></form></div></div></div></div>{json}</div>')
    head = (f'<meta property="og:type" content="product"><meta property="og:title" content="{NAME}"><meta property='
            f'"og:price:amount" content="{og}"><meta property="og:price:currency" content="{cur}"><script>var Shopify '
            f'= Shopify || {{}};Shopify.shop = "lumio-lighting.myshopify.com";Shopify.locale = "{"fr" if fr else "en"}";'
            f'Shopify.currency = {{"active":"{cur}","rate":"1.0"}};</script>')
    header = ('<div class="site-header__icons-wrapper"><a href="/cart" class="site-header__icon site-header__cart">'
              '<span class="icon__fallback-text">' + ("Panier" if fr else "Cart") + '</span><div id="CartCount" class='
              '"site-header__cart-count" data-cart-count-bubble><span data-cart-count>1</span><span class="icon__'
              'fallback-text medium-up--hide">items</span></div></a></div>')
    related = ('<div data-base-url="/recommendations/products" data-product-id="7001" data-section-id="product-recomm'
               'endations" data-section-type="product-recommendations"><div class="page-width product-recommendations'
               '__inner"><div class="section-header text-center"><h2>' + ("Vous aimerez peut-être aussi" if fr else
                                                                        "You may also like") +
               f'</h2></div><ul class="grid grid--uniform grid--view-items">{cards}</ul></div></div>')
    return doc(main, lang="fr" if fr else "en", head=head, header=header, related=related,
               body_attrs=' class="template-product"')


case("debut_regular_price_og_price_and_cart_count_bubble",
     debut(debut_price("$54.00")), DEBUT_US, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("debut_on_sale_price_item_sale_and_struck_regular",
     debut(debut_price("$54.00", "$67.50"), json=debut_json(5400, 6750, True)), DEBUT_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("debut_sold_out_badge_and_disabled_sold_out_button",
     debut(debut_price("$54.00", sold_out=True), button="Sold out", disabled=True, json=debut_json(5400, None, False)),
     DEBUT_US, price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("debut_on_sale_and_sold_out_together",
     debut(debut_price("$54.00", "$67.50", sold_out=True), button="Sold out", disabled=True), DEBUT_US,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("debut_fr_euro_after_amount_unit_price_per_100ml",
     debut(debut_price("5,40 €", unit="2,16 €", fr=True), button="Ajouter au panier", fr=True, og="5,40", cur="EUR"),
     DEBUT_FR, price=5.4, currency="EUR", availability="in_stock", title=NAME)
case("debut_fr_sold_out_epuise_button",
     debut(debut_price("54,00 €", sold_out=True, fr=True), button="Épuisé", disabled=True, fr=True, og="54,00",
           cur="EUR"), DEBUT_FR, price=54.0, currency="EUR", availability="out_of_stock", title=NAME)


# ============================================================================ WooCommerce Storefront (theme parts)
# woocommerce/storefront: inc/woocommerce/storefront-woocommerce-template-functions.php (storefront_sticky_single_add_
# to_cart, hooked to storefront_after_footer: a bar repeating title, get_price_html and the add-to-cart link;
# storefront_cart_link in the header), on top of the WooCommerce single-product templates of tests/test_markup_themes.py.
SF_WOO_US = "https://www.lumio.example.com/product/walnut-desk-lamp/"
SF_WOO_DE = "https://www.lumio.example.de/produkt/walnut-tischleuchte/"


def sticky(price_html: str, button: str = "Add to cart", de: bool = False) -> str:
    viewing = "Du siehst dir gerade an:" if de else "You&#039;re viewing:"
    return ('<section class="storefront-sticky-add-to-cart"><div class="col-full"><div class="storefront-sticky-add-to-'
            'cart__content"><img width="324" height="324" src="/lamp-324x324.jpg" class="attachment-woocommerce_'
            'thumbnail size-woocommerce_thumbnail" alt=""><div class="storefront-sticky-add-to-cart__content-product-'
            f'info"><span class="storefront-sticky-add-to-cart__content-title">{viewing} <strong>{NAME}</strong></span>'
            f'<span class="storefront-sticky-add-to-cart__content-price">{price_html}</span></div><a href="?add-to-'
            'cart=42" class="storefront-sticky-add-to-cart__content-button button alt" rel="nofollow">'
            f'{button}</a></div></div></section>')


_SF_SALE = f'<del aria-hidden="true">{wamount("67.50")}</del> <ins aria-hidden="true">{wamount("54.00")}</ins>'
case("storefront_sticky_add_to_cart_bar_after_footer_repeats_the_price",
     woo(woo_main(wamount("54.00"), wstock("in-stock", "8 in stock") + woo_form()), tail=sticky(wamount("54.00"))),
     SF_WOO_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("storefront_sale_in_summary_and_sticky_bar",
     woo(woo_main(_SF_SALE, woo_form(), onsale=True), tail=sticky(_SF_SALE)), SF_WOO_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
# Storefront 2.3.0 printed the bar for every product (woocommerce/storefront's copy stored as id 39922738); later
# releases print it only for purchasable in-stock or external products.
case("storefront_2_3_out_of_stock_sticky_bar_read_more_link",
     woo(woo_main(wamount("54.00"), wstock("out-of-stock", "Out of stock"), status="outofstock"),
         tail=sticky(wamount("54.00"), "Read more")), SF_WOO_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("storefront_de_sticky_bar_euro_and_header_cart_total",
     woo(woo_main(wamount("54,00", True), wstock("in-stock", "Vorrätig") + woo_form("In den Warenkorb"), de=True),
         de=True, tail=sticky(wamount("54,00", True), "In den Warenkorb", de=True)), SF_WOO_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ nopCommerce (default theme)
# nopSolutions/nopCommerce: src/Presentation/Nop.Web/Views/Product/_ProductPrice.cshtml @ 03d46bc9109367b1ec2a3e594bb3e1ff
# 8b76d155 (microdata Offer, old / with-discount prices), _Availability.cshtml @ 0ae604639373e2a2f53585e6b90356b297f45bc5,
# _SKU_Man_GTIN_Ven.cshtml @ 0c307698943dcbd33e79bf0b18898b6b4951ced6, _AddToCart.cshtml @ 00a93deb80c33dcabb6de251f6
# 0b26b74658b0 (pre-order text, no button when DisableBuyButton), ProductTemplate.Simple.cshtml, _ProductBox (related).
NOP_US = "https://www.lumio.example.com/walnut-desk-lamp"
NOP_DE = "https://www.lumio.example.de/de/walnut-tischleuchte"


def nop_price(price: str, old: str = "", discounted: str = "", cur: str = "USD", de: bool = False) -> str:
    lab_old, lab_price, lab_disc = ("Alter Preis", "Preis", "Mit Rabatt") if de else ("Old price", "Price",
                                                                                       "With discount")
    out = '<div class="prices" itemprop="offers" itemscope itemtype="http://schema.org/Offer">'
    if old:
        out += f'<div class="old-product-price"><label>{lab_old}:</label><span>{old}</span></div>'
    out += f'<div class="{"non-discounted-price" if discounted else "product-price"}">'
    if old or discounted:
        out += f'<label>{lab_price}:</label>'
    attrs = "" if discounted else ' itemprop="price" class="price-value-42"'
    out += f'<span{attrs}>{price}</span></div>'
    if discounted:
        out += (f'<div class="product-price discounted-price"><label>{lab_disc}:</label><span itemprop="price" class='
                f'"price-value-42">{discounted}</span></div>')
    return out + f'<meta itemprop="priceCurrency" content="{cur}"></div>'


def nop_stock(text: str, de: bool = False, notify: bool = False) -> str:
    sub = ('<div class="back-in-stock-subscription"><input type="button" id="back-in-stock-subscribe-42" class="button-'
           f'4 subscribe-button" value="{"Benachrichtigen, wenn verfügbar" if de else "Notify me when available"}">'
           '</div>' if notify else "")
    label = "Verfügbarkeit" if de else "Availability"
    return (f'<div class="availability"><div class="stock"><span class="label">{label}:</span><span class="value" '
            f'id="stock-availability-value-42">{text}</span></div>{sub}</div>')


def nop_cart(text: str = "Add to cart", preorder_date: str = "") -> str:
    pre = (f'<div class="pre-order-availability-date"><label>Pre-order availability date:</label>{preorder_date}'
           '</div>' if preorder_date else "")
    return ('<div class="add-to-cart"><div class="add-to-cart-panel"><label class="qty-label" for="addtocart_42_'
            'EnteredQuantity">Qty:</label><input class="qty-input" type="text" id="addtocart_42_EnteredQuantity" name='
            f'"addtocart_42.EnteredQuantity" value="1"><input type="button" id="add-to-cart-button-42" class="button-1 '
            f'add-to-cart-button" value="{text}" data-productid="42"></div>{pre}</div>')


def nop(prices: str, stock: str, cart: str, de: bool = False, sku: str = "WDL-100") -> str:
    sku_l, home = ("Artikelnummer", "Startseite") if de else ("SKU", "Home")
    boxes = "".join(
        f'<div class="item-box"><div class="product-item" data-productid="{i}"><div class="details"><h2 class="product-'
        f'title"><a href="/p{i}">{n}</a></h2><div class="add-info"><div class="prices">{old}<span class="price actual-'
        f'price">{p}</span></div><div class="buttons"><button type="button" class="button-2 product-box-add-to-cart-'
        f'button">{"In den Warenkorb" if de else "Add to cart"}</button></div></div></div></div></div>'
        for i, n, p, old in [(7, "Linen Shade", "24,00 €" if de else "$24.00", '<span class="price old-price">'
                              + ("30,00 €" if de else "$30.00") + '</span>'),
                             (8, "Oak Wall Light", "79,00 €" if de else "$79.00", "")])
    main = ('<div class="page product-details-page"><div class="page-body"><form method="post" id="product-details-'
            'form" action="/walnut-desk-lamp"><div itemscope itemtype="http://schema.org/Product"><div class="product-'
            'essential"><div class="gallery"><div class="picture"><img alt="" src="/images/thumbs/0000042_walnut-desk-'
            f'lamp_550.jpeg" itemprop="image"></div></div><div class="overview"><div class="product-name"><h1 itemprop='
            f'"name">{NAME}</h1></div><div class="short-description">Turned walnut, linen shade.</div>'
            f'<div class="additional-details"><div class="sku"><span class="label">{sku_l}:</span><span class="value" '
            f'itemprop="sku" id="sku-42">{sku}</span></div></div>{stock}{prices}{cart}</div></div></div></form></div>'
            '</div>')
    header = ('<div class="header-links"><ul><li><a href="/cart" class="ico-cart"><span class="cart-label">'
              + ("Warenkorb" if de else "Shopping cart") + '</span><span class="cart-qty">(1)</span></a></li></ul>'
              '</div><div id="flyout-cart" class="flyout-cart"><div class="mini-shopping-cart"><div class="count">'
              'There are <a href="/cart">1 item(s)</a> in your cart.</div><div class="items"><div class="item first">'
              '<div class="product"><div class="name"><a href="/linen-shade">Linen Shade</a></div><div class="price">'
              'Unit price: <span>' + ("24,00 €" if de else "$24.00") + '</span></div></div></div></div><div class="'
              'totals">Sub-Total: <strong>' + ("24,00 €" if de else "$24.00") + '</strong></div></div></div>')
    crumbs = (f'<div class="breadcrumb"><ul itemscope itemtype="http://schema.org/BreadcrumbList"><li><a href="/">{home}'
              '</a><span class="delimiter">/</span></li><li itemprop="itemListElement" itemscope itemtype="http://schema'
              '.org/ListItem"><a href="/lamps" itemprop="item"><span itemprop="name">Lamps</span></a><meta itemprop='
              f'"position" content="1"></li><li><strong class="current-item">{NAME}</strong></li></ul></div>')
    related = ('<div class="related-products-grid product-grid"><div class="title"><strong>' + (
        "Ähnliche Produkte" if de else "Related products") + f'</strong></div><div class="item-grid">{boxes}</div></div>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs, related=related)


case("nopcommerce_simple_in_stock_microdata_price_and_flyout_cart",
     nop(nop_price("$54.00"), nop_stock("In stock"), nop_cart()), NOP_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("nopcommerce_old_price_label_then_current_price",
     nop(nop_price("$54.00", old="$67.50"), nop_stock("12 in stock"), nop_cart()), NOP_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("nopcommerce_discount_price_with_discount_row_after_the_price_row",
     nop(nop_price("$67.50", discounted="$54.00"), nop_stock("In stock"), nop_cart()), NOP_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("nopcommerce_out_of_stock_no_buy_button_notify_me",
     nop(nop_price("$54.00"), nop_stock("Out of stock", notify=True), ""), NOP_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("nopcommerce_pre_order_button_and_availability_date",
     nop(nop_price("$54.00"), "", nop_cart("Pre-order", "2/15/2027 12:00 AM")), NOP_US,
     price=54.0, currency="USD", availability="preorder", sku="WDL-100", title=NAME)
case("nopcommerce_backorder_out_of_stock_but_dispatched_once_in_stock",
     nop(nop_price("$54.00"), nop_stock("Out of stock - on backorder and will be dispatched once in stock"),
         nop_cart()), NOP_US, price=54.0, currency="USD", availability="backorder", sku="WDL-100", title=NAME)
case("nopcommerce_call_for_pricing_no_price_shown_cart_and_related_have_prices",
     nop('<div class="prices" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><div class="product-price '
         'call-for-price"><span>Call for pricing</span></div></div>', nop_stock("In stock"), ""), NOP_US,
     price=None, availability="in_stock", sku="WDL-100", title=NAME)
case("nopcommerce_de_auf_lager_euro_after_amount",
     nop(nop_price("54,00 €", old="67,50 €", cur="EUR", de=True), nop_stock("Auf Lager", de=True),
         nop_cart("In den Warenkorb"), de=True), NOP_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("nopcommerce_de_nicht_auf_lager_benachrichtigen",
     nop(nop_price("54,00 €", cur="EUR", de=True), nop_stock("Nicht auf Lager", de=True, notify=True), "", de=True),
     NOP_DE, price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)


# ============================================================================ Sylius 1.x (Semantic UI shop theme)
# Sylius/Sylius: src/Sylius/Bundle/ShopBundle/Resources/views/Product/Show/_header.html.twig @ 08804b7d96e9d6243738a74565
# db66a2f0b09500 (h1#sylius-product-name), _price.html.twig @ 04cbfe6f544b3f4ad3799a15eee1c6d5ce993787 (original price in
# a span shown only with a discount, #product-price), _outOfStock.html.twig @ 20fc99951fe700216e7b3cdaa6bdb41104301c30,
# _addToCart.html.twig @ 0f9afa38c76f374115392169e84829eff74c9053, Cart/_widget (#sylius-cart-total), Product/_box.
SY_US = "https://www.lumio.example.com/en_US/products/walnut-desk-lamp"
SY_FR = "https://www.lumio.example.fr/fr_FR/products/lampe-de-bureau-noyer"


def sylius(price: str, original: str = "", *, out: str = "", button: str = "Add to cart", fr: bool = False,
           cart_total: str = "$24.00") -> str:
    hidden = "" if original else ' style="display: none;"'
    orig = f'<del>{original}</del>' if original else ""
    promo = ('<div class="ui blue label promotion_label" style="margin: 1rem 0;"><div class="row ui small sylius_catalog_'
             'promotion">Winter sale - 20% off lamps</div></div>' if original else "")
    buy = (f'<div class="ui small negative icon message" id="sylius-product-out-of-stock"><i class="remove icon"></i><div'
           f' class="content">{out}</div></div>' if out else
           '<div class="ui segment" id="sylius-product-selecting-variant"><form name="sylius_add_to_cart" method="post" '
           'action="/ajax/cart/add?productId=42" id="sylius-product-adding-to-cart" class="ui loadable form" novalidate='
           '"novalidate" data-redirect="/en_US/cart/"><div class="ui red label bottom pointing sylius-validation-error" '
           'id="sylius-cart-validation-error"></div><div class="required field"><label for="sylius_add_to_cart_cartItem'
           '_quantity" class="required">' + ("Quantité" if fr else "Quantity") + '</label><input type="number" id="'
           'sylius_add_to_cart_cartItem_quantity" name="sylius_add_to_cart[cartItem][quantity]" required="required" '
           f'min="1" value="1"></div><button type="submit" class="ui huge primary icon labeled button"><i class="cart '
           f'icon"></i> {button}</button></form></div>')
    main = ('<div class="ui hidden divider"></div><div class="ui two column stackable grid"><div class="column"><div '
            'data-product-image="/media/cache/sylius_shop_product_large_thumbnail/lamp.jpg"><img class="ui bordered '
            'image" src="/media/cache/sylius_shop_product_large_thumbnail/lamp.jpg" alt=""></div></div><div class="'
            f'column"><h1 id="sylius-product-name" class="ui monster dividing header">{NAME}</h1><div class="ui stackable'
            ' grid"><div class="row"><div class="six wide column"><div class="ui star rating" data-rating="4" data-max-'
            'rating="5"></div> 3 ' + ("avis" if fr else "Reviews") + '</div></div></div><span class="ui small header" '
            f'id="product-original-price"{hidden}>{orig}</span><div id="appliedPromotions" data-applied-promotions-'
            f'locale="{"fr_FR" if fr else "en_US"}">{promo}</div><span class="ui huge header" id="product-price">'
            f'{price}</span><div class="ui hidden divider"></div><p>Turned walnut, linen shade.</p>{buy}</div></div>')
    header = ('<div class="right aligned column"><div id="sylius-cart-button" class="ui circular cart button"><i class="'
              f'cart icon"></i><span id="sylius-cart-total">{cart_total}</span></div><div class="ui large flowing cart '
              'hidden popup"><div class="ui list"><div class="item">Linen Shade</div><div class="item"><strong>'
              + ("Sous-total" if fr else "Subtotal") + f':</strong> {cart_total}</div></div></div></div>')
    crumbs = ('<div class="ui breadcrumb"><a href="/" class="section">' + ("Accueil" if fr else "Home") + '</a><div '
              'class="divider"> / </div><a href="/taxons/lamps" class="section">Lamps</a><div class="divider"> / </div>'
              f'<div class="active section">{NAME}</div></div>')
    cards = "".join(
        f'<div class="column"><div class="ui fluid card"><a href="/products/p{i}" class="blurring dimmable image"><img '
        f'src="/p{i}.jpg" alt="" class="ui bordered image"></a><div class="content"><a href="/products/p{i}" class="'
        f'header sylius-product-name">{n}</a><div class="sylius-product-price">{p}</div></div></div></div>'
        for i, n, p in [(7, "Linen Shade", "24,00 €" if fr else "$24.00"), (8, "Oak Wall Light", "79,00 €" if fr
                                                                           else "$79.00")])
    related = ('<h4 class="ui horizontal section divider header">' + ("Produits similaires" if fr else "Similar "
               "products") + f'</h4><div class="ui four doubling cards">{cards}</div>')
    return doc(main, lang="fr" if fr else "en", header=header, crumbs=crumbs, related=related)


case("sylius_regular_huge_header_price_and_cart_total_in_header",
     sylius("$54.00"), SY_US, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("sylius_catalog_promotion_original_price_struck",
     sylius("$54.00", "$67.50"), SY_US, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("sylius_out_of_stock_message_replaces_the_form",
     sylius("$54.00", out="Out of stock"), SY_US, price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("sylius_fr_euro_after_amount",
     sylius("54,00 €", button="Ajouter au panier", fr=True, cart_total="24,00 €"), SY_FR,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)
case("sylius_fr_rupture_de_stock",
     sylius("54,00 €", "67,50 €", out="Rupture de stock", fr=True, cart_total="0,00 €"), SY_FR,
     price=54.0, currency="EUR", availability="out_of_stock", title=NAME)


# ============================================================================ Solidus frontend (classic Spree views)
# solidusio/solidus: frontend/app/views/spree/products/show.html.erb @ 2e08314b5b5f7aa33d48fac3d2bf9120bea164e0
# (product-title itemprop=name), _cart_form.html.erb @ 0848c976ab66e8a97e39eb93a84c6b540952d7f0 (price selling
# itemprop=price with the formatted amount, an empty priceCurrency span with content=, InStock link or out-of-stock
# span), shared/_link_to_cart (cart-info with amount, rendered in <noscript>), _taxons.html.erb.
SOL_US = "https://www.lumio.example.com/products/walnut-desk-lamp"


def solidus(price: str, *, in_stock: bool = True, cur: str = "USD") -> str:
    avail = ('<link itemprop="availability" href="http://schema.org/InStock" />' if in_stock else
             '<br /><span class="out-of-stock">Out of Stock</span>')
    main = ('<div data-hook="product_show" itemscope itemtype="http://schema.org/Product"><div class="columns six alpha"'
            ' data-hook="product_left_part"><div class="row" data-hook="product_left_part_wrap"><div id="product-images"'
            ' data-hook="product_images"><div id="main-image" data-hook><img itemprop="image" src="/spree/products/1/'
            'product/lamp.jpg" alt=""></div></div><div data-hook="product_properties"><h6 class="product-section-title">'
            'Properties</h6><table id="product-properties" class="table-display" data-hook><tbody><tr class="even"><td>'
            '<strong>Material</strong></td><td>Walnut</td></tr></tbody></table></div></div></div><div class="columns ten'
            ' omega" data-hook="product_right_part"><div class="row" data-hook="product_right_part_wrap"><div id="'
            f'product-description" data-hook="product_description"><h1 class="product-title" itemprop="name">{NAME}</h1>'
            '<div itemprop="description" data-hook="description">Turned walnut, linen shade.</div><div id="cart-form" '
            'data-hook="cart_form"><form action="/orders/populate" accept-charset="UTF-8" method="post"><div id="inside-'
            'product-cart-form" data-hook="inside_product_cart_form" itemprop="offers" itemscope itemtype="http://schema.'
            'org/Offer"><input type="hidden" name="variant_id" id="variant_id" value="1"><div data-hook="product_price" '
            'class="columns five  alpha "><div id="product-price"><h6 class="product-section-title">Price</h6><div><span'
            f' class="price selling" itemprop="price">{price}</span><span itemprop="priceCurrency" content="{cur}">'
            f'</span></div>{avail}</div><div class="add-to-cart"><input type="number" name="quantity" id="quantity" value'
            '="1" class="title" min="1"><button name="button" type="submit" class="large primary" id="add-to-cart-button'
            '">Add To Cart</button></div></div></div></form></div></div><div id="taxon-crumbs" class=" five " data-hook>'
            '<h3 class="product-section-title">Look for similar items</h3><div data-hook="product_taxons"><ul class="'
            'list-group" id="similar_items_by_taxon" data-hook><li class="list-group-item"><a href="/t/categories/lamps">'
            'Lamps</a></li></ul></div></div></div></div></div>')
    header = ('<ul id="nav-bar" class="inline" data-hook><li id="link-to-cart" data-hook><noscript><a class="cart-info '
              'full" href="/cart">Cart: (1) <span class=\'amount\'>$24.00</span></a></noscript>&nbsp;</li></ul>')
    crumbs = ('<nav id="breadcrumbs" class="sixteen columns"><ol itemscope itemtype="https://schema.org/BreadcrumbList">'
              '<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/">'
              '<span itemprop="name">Home</span></a><meta itemprop="position" content="1"></li></ol></nav>')
    return doc(main, header=header, crumbs=crumbs, body_attrs=' id="product-details" class="one-col"')


case("solidus_price_selling_microdata_with_formatted_amount",
     solidus("$54.00"), SOL_US, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("solidus_out_of_stock_span_button_still_rendered",
     solidus("$54.00", in_stock=False), SOL_US, price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("solidus_euro_store_amount_with_symbol_before",
     solidus("€54.00", cur="EUR"), SOL_US, price=54.0, currency="EUR", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
