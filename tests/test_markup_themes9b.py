"""Shapes of real shop markup, part 9b: OpenCart 4 default theme and WooCommerce under the Astra theme, read by the
generic extraction (no site profile); see tests/test_markup_themes.py and tests/test_markup_themes9.py. Each case
renders by hand what the templates output for one state (classes, ids, schema.org data, mini cart, related products
with their own prices); the expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ OpenCart 4 default theme
# opencart/opencart @ 2c4efa4d95d29a510f59037b2a302f8e2a229e4a (tag 4.1.0.3): upload/catalog/view/template/product/
# product.twig (div#product-info, h1, ul.list-unstyled "Product Code:" / "Availability:", li > h2 > span.price-new,
# span.price-old without any inline style, "Ex Tax:", discount rows, form#form-product with option selects and
# button#button-cart), product/thumb.twig (related: div.price span.price-new / price-old / price-tax), common/cart.twig
# ("%s item(s) - %s" dropdown with a totals table), common/currency.twig (currency dropdown in the top bar).
OC_US = "https://www.lumio.example.com/en-gb/product/lamps/walnut-desk-lamp"
OC_RU = "https://www.lumio.example.ru/ru-ru/product/svetilniki/walnut-desk-lamp"


def oc4(info: str, prices: str, *, ru: bool = False, options: str = "", cart: str = "1 item(s) - $24.00") -> str:
    t = (("Описание", "Количество", "В корзину", "Рекомендуемые товары", "Без НДС:", "Валюта") if ru else
         ("Description", "Qty", "Add to Cart", "Related Products", "Ex Tax:", "Currency"))
    thumbs = "".join(
        f'<div class="col mb-3"><div class="product-thumb"><div class="image"><a href="/p{i}"><img src="/p{i}.jpg" '
        f'alt="{n}" title="{n}" class="img-fluid"/></a></div><div class="content"><div class="description"><h4><a '
        f'href="/p{i}">{n}</a></h4><p>Linen and oak.</p><div class="price">{p}<span class="price-tax">{t[4]} {x}'
        '</span></div></div><form method="post" data-oc-toggle="ajax"><div class="button"><button type="submit" '
        f'formaction="/cart.add" data-bs-toggle="tooltip" title="{t[2]}"><i class="fa-solid fa-shopping-cart"></i>'
        '</button></div><input type="hidden" name="product_id" value="7"/></form></div></div></div>'
        for i, n, p, x in ([(7, "Linen Shade", '<span class="price-new">1 990 ₽</span> ', "1 658 ₽"),
                            (8, "Oak Wall Light", '<span class="price-new">4 990 ₽</span> <span class="price-old">5 99'
                                                  '0 '
                             '₽</span> ', "4 158 ₽")] if ru else
                           [(7, "Linen Shade", '<span class="price-new">$24.00</span> ', "$20.00"),
                            (8, "Oak Wall Light", '<span class="price-new">$79.00</span> <span class="price-old">$89.00'
                             '</span> ', "$65.83")]))
    main = ('<div id="product-info" class="container"><ul class="breadcrumb"><li class="breadcrumb-item"><a href="/">'
            '<i class="fa-solid fa-house"></i></a></li><li class="breadcrumb-item"><a href="/lamps">'
            + ("Светильники" if ru else "Lamps") + f'</a></li><li class="breadcrumb-item"><a href="#">{NAME}</a></li>'
            '</ul><div class="row"><div id="content" class="col"><div class="row mb-3"><div class="col-sm"><div class='
            f'"image magnific-popup"><a href="/lamp-800.jpg" title="{NAME}"><img src="/lamp-500.jpg" title="{NAME}" '
            f'alt="{NAME}" class="img-thumbnail mb-3"/></a></div></div><div class="col-sm"><h1>{NAME}</h1><ul class="'
            f'list-unstyled">{info}</ul><ul class="list-unstyled">{prices}</ul><form method="post" data-oc-toggle="aja'
            f'x"'
            '><div class="btn-group"><button type="submit" formaction="/wishlist.add" data-bs-toggle="tooltip" class="'
            'btn btn-light btn-lg" title="Add to Wish List"><i class="fa-solid fa-heart"></i></button></div><input typ'
            'e='
            f'"hidden" name="product_id" value="42"/></form><br/><div id="product"><form id="form-product">{options}'
            f'<div class="mb-3"><label for="input-quantity" class="form-label">{t[1]}</label><div class="input-group">'
            '<input type="text" name="quantity" value="1" size="2" id="input-quantity" class="form-control"/><button '
            f'type="submit" id="button-cart" class="btn btn-primary btn-lg btn-block">{t[2]}</button></div><input type='
            '"hidden" name="product_id" value="42" id="input-product-id"/><div id="error-quantity" class="form-text">'
            '</div></div></form></div></div></div><ul class="nav nav-tabs"><li class="nav-item"><a href="#tab-'
            f'description" data-bs-toggle="tab" class="nav-link active">{t[0]}</a></li></ul><div class="tab-content">'
            '<div id="tab-description" class="tab-pane fade show active mb-4"><p>Turned walnut, linen shade.</p></div>'
            f'</div><h3>{t[3]}</h3><div class="row row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-xl-4">{thumbs}</div>'
            '</div></div></div>')
    cur = (('<strong>₽</strong>', "₽ Рубль", "$ US Dollar", "€ Euro") if ru else
           ('<strong>$</strong>', "€ Euro", "£ Pound Sterling", "$ US Dollar"))
    header = ('<nav id="top"><div class="container"><div class="nav float-start"><ul class="list-inline"><li class="'
              'list-inline-item me-3"><form id="form-currency" action="/currency.save" method="post" data-oc-toggle="'
              f'ajax"><div class="dropdown"><a href="#" data-bs-toggle="dropdown" class="dropdown-toggle">{cur[0]} <sp'
              f'an '
              f'class="d-none d-md-inline">{t[5]}</span> <i class="fa-solid fa-caret-down"></i></a><ul class="dropdown-'
              f'menu"><li><a href="EUR" class="dropdown-item">{cur[1]}</a></li><li><a href="GBP" class="dropdown-item">'
              f'{cur[2]}</a></li><li><a href="USD" class="dropdown-item">{cur[3]}</a></li></ul></div></form></li></ul>'
              '</div></div></nav><div id="cart" class="col-md-4 col-lg-3 mb-2"><div class="dropdown d-grid"><button '
              'type="button" data-bs-toggle="dropdown" class="btn btn-lg btn-dark d-block dropdown-toggle"><i class="'
              f'fa-solid fa-cart-shopping"></i> {cart}</button><ul class="dropdown-menu dropdown-menu-end p-2"><li><ta'
              f'ble'
              ' class="table table-striped mb-2"><tr><td><a href="/p7">Linen Shade</a></td><td class="text-end text-'
              f'nowrap">x 1</td><td class="text-end">{cart.split(" - ")[-1]}</td></tr></table></li></ul></div></div>')
    return doc(main, lang="ru" if ru else "en-gb", header=header)


OC_INFO = ('<li>Brand: <a href="/brand/lumio">Lumio</a></li><li>Product Code: WDL-100</li><li>Reward Points: 400</li>'
           '<li>Availability: {}</li>')
OC_PRICE = '<li><h2><span class="price-new">$54.00</span></h2></li><li>Ex Tax: $45.00</li>'
case("opencart4_regular_price_new_ex_tax_discount_rows_currency_dropdown",
     oc4(OC_INFO.format("In Stock"), OC_PRICE + '<li><hr></li><li>10 or more $48.00</li><li>20 or more $43.00</li>'),
     OC_US, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("opencart4_special_price_old_struck_only_by_stylesheet",
     oc4(OC_INFO.format("In Stock"), '<li><span class="price-old">$67.50</span></li><li><h2><span class="price-new">'
         '$54.00</span></h2></li><li>Ex Tax: $45.00</li>'), OC_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("opencart4_out_of_stock_status_cart_button_still_rendered", oc4(OC_INFO.format("Out Of Stock"), OC_PRICE), OC_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("opencart4_availability_prints_the_stock_quantity", oc4(OC_INFO.format("12"), OC_PRICE), OC_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("opencart4_ru_net_v_nalichii_status",
     oc4('<li>Код товара: WDL-100</li><li>Наличие: Нет в наличии</li>', '<li><h2><span class="price-new">2 490 ₽'
         '</span></h2></li><li>Без НДС: 2 075 ₽</li>', ru=True, cart="0 товар(ов) - 0 ₽"), OC_RU,
     price=2490.0, currency="RUB", availability="out_of_stock", sku="WDL-100", title=NAME)
OC_OPTIONS = ('<hr><h3>Available Options</h3><div><div class="mb-3 required"><label for="input-option-226" class="form-'
              'label">Wood</label><select name="option[226]" id="input-option-226" class="form-select"><option value="'
              '">'
              ' --- Please Select --- </option><option value="15">Walnut</option><option value="16">Oak (+$5.00)'
              '</option><option value="17">Black ash (+$9.00)</option></select><div id="error-option-226" class="'
              'invalid-feedback"></div></div></div>')
case("opencart4_required_select_option_with_price_increments",
     oc4(OC_INFO.format("In Stock"), OC_PRICE, options=OC_OPTIONS), OC_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("opencart4_ru_rouble_sign_after_amount_with_space_grouping",
     oc4('<li>Производитель: <a href="/brand/lumio">Lumio</a></li><li>Код товара: WDL-100</li><li>Наличие: В наличии'
         '</li>', '<li><h2><span class="price-new">2 490 ₽</span></h2></li><li>Без НДС: 2 075 ₽</li>', ru=True,
         cart="1 товар(ов) - 1 990 ₽"), OC_RU,
     price=2490.0, currency="RUB", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ WooCommerce + Astra
# brainstormforce/astra @ 2c3c25bc5add04936378486fa9d2634acce33ce7: inc/compatibility/woocommerce/class-astra-
# woocommerce.php (div#ast-site-header-cart: a.cart-container with ast-cart-menu-wrap count, the WC_Widget_Cart mini
# cart; ast-woocommerce-container; shop loop: astra-shop-thumbnail-wrap with span.ast-shop-product-out-of-stock,
# astra-shop-summary-wrap, ast-woo-product-category; single: single-product-category above the title) around
# woocommerce/woocommerce templates single-product/price.php (del/ins with screen-reader-text), stock (p.stock),
# add-to-cart/simple.php, variable.php (data-product_variations), meta.php and WC_Structured_Data (JSON-LD, WC 9).
AST_US = "https://www.lumio.example.com/product/walnut-desk-lamp/"
AST_DE = "https://www.lumio.example.de/produkt/walnut-desk-lamp/"


def am(v: str, de: bool = False) -> str:
    sym = '<span class="woocommerce-Price-currencySymbol">' + ("&euro;" if de else "&#36;") + "</span>"
    return f'<span class="woocommerce-Price-amount amount"><bdi>{f"{v}&nbsp;{sym}" if de else sym + v}</bdi></span>'


def ast_ld(offers: str, cur: str = "USD", url: str = AST_US) -> str:
    return ('<script type="application/ld+json">{"@context":"https:\\/\\/schema.org\\/","@graph":[{"@context":"https:'
            '\\/\\/schema.org\\/","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"item":'
            '{"name":"Home","@id":"https:\\/\\/www.lumio.example.com"}}]},{"@context":"https:\\/\\/schema.org\\/",'
            f'"@type":"Product","@id":"{url}#product","name":"{NAME}","url":"{url}","description":"Turned walnut, '
            'linen shade.","image":"https:\\/\\/www.lumio.example.com\\/wp-content\\/uploads\\/lamp.jpg","sku":'
            f'"WDL-100","offers":[{offers}],"brand":{{"@type":"Brand","name":"Lumio"}}}}]}}</script>').replace(
        "USD", cur)


def ast_offer(price: str, avail: str, *, low_high: str = "", list_price: str = "") -> str:
    seller = ('"url":"https:\\/\\/www.lumio.example.com\\/product\\/walnut-desk-lamp\\/","seller":{"@type":'
              '"Organization","name":"Lumio","url":"https:\\/\\/www.lumio.example.com"}')
    if low_high:
        lo, hi = low_high.split("-")
        return (f'{{"@type":"AggregateOffer","lowPrice":"{lo}","highPrice":"{hi}","offerCount":3,"priceValidUntil":'
                f'"2027-12-31","availability":"http:\\/\\/schema.org\\/{avail}","priceCurrency":"USD",{seller}}}')
    spec = (f'{{"@type":"UnitPriceSpecification","price":"{price}","priceCurrency":"USD","valueAddedTaxIncluded":'
            'false,"validThrough":"2027-12-31"}')
    if list_price:
        spec += (f',{{"@type":"UnitPriceSpecification","price":"{list_price}","priceCurrency":"USD","valueAddedTax'
                 'Included":false,"validThrough":"2027-12-31","priceType":"https:\\/\\/schema.org\\/ListPrice"}')
    return (f'{{"@type":"Offer","priceSpecification":[{spec}],"priceValidUntil":"2027-12-31","availability":"http:\\/'
            f'\\/schema.org\\/{avail}",{seller}}}')


def ast_page(price_html: str, after: str, ld: str, *, de: bool = False, status: str = "instock",
             onsale: bool = False, ptype: str = "simple") -> str:
    sku_l, cat_l = ("Artikelnummer:", "Kategorie:") if de else ("SKU:", "Category:")
    cls = (f"ast-article-single ast-woo-product-no-review desktop-align-left tablet-align-left mobile-align-left "
           f"product type-product post-42 status-publish first {status} product_cat-lamps has-post-thumbnail"
           f"{' sale' if onsale else ''} shipping-taxable purchasable product-type-{ptype}")
    rd, add = "Read more", "Add to cart"
    tiles = "".join(
        f'<li class="ast-grid-common-col ast-full-width ast-article-post desktop-align-left tablet-align-left mobile-'
        f'align-left product type-product post-{i} status-publish {st} product_cat-lamps has-post-thumbnail '
        f'product-type-simple"><div class="astra-shop-thumbnail-wrap"><a href="/product/p{i}/" class="woocommerce-'
        f'LoopProduct-link woocommerce-loop-product__link"><img src="/p{i}.jpg" alt=""></a>'
        + ('<span class="ast-shop-product-out-of-stock">' + ("Nicht vorrätig" if de else "Out of stock") + "</span>"
           if st == "outofstock" else "")
        + f'</div><div class="astra-shop-summary-wrap"><span class="ast-woo-product-category">Lamps</span><a href="'
        f'/product/p{i}/" class="ast-loop-product__link"><h2 class="woocommerce-loop-product__title">{n}</h2></a>'
        f'<span class="price">{am(p, de)}</span><a href="?add-to-cart={i}" data-quantity="1" class="button product_'
        f'type_simple add_to_cart_button ajax_add_to_cart" rel="nofollow">{rd if st == "outofstock" else add}</a>'
        '</div></li>'
        for i, n, p, st in [(7, "Linen Shade", "24,00" if de else "24.00", "instock"),
                            (8, "Oak Wall Light", "79,00" if de else "79.00", "outofstock")])
    main = ('<div id="content" class="site-content"><div class="ast-container"><div id="primary" class="content-area '
            'primary"><main id="main" class="site-main"><div class="ast-woocommerce-container"><nav class="woocommerce-'
            'breadcrumb"><a href="/">Home</a>&nbsp;&#47;&nbsp;<a href="/product-category/lamps/">Lamps</a>&nbsp;&#47;'
            f'&nbsp;{NAME}</nav><div class="woocommerce-notices-wrapper"></div><div id="product-42" class="{cls}">'
            + ('<span class="onsale">' + ("Angebot!" if de else "Sale!") + "</span>" if onsale else "")
            + '<div class="woocommerce-product-gallery woocommerce-product-gallery--with-images images"><div class="'
            'woocommerce-product-gallery__image"><img src="/lamp.jpg" alt=""></div></div><div class="summary entry-'
            'summary"><span class="single-product-category"><a href="/product-category/lamps/" rel="tag">Lamps</a>'
            f'</span><h1 class="product_title entry-title">{NAME}</h1>{price_html}<div class="woocommerce-product-'
            f'details__short-description"><p>Turned walnut, linen shade.</p></div>{after}<div class="product_meta">'
            f'<span class="sku_wrapper">{sku_l} <span class="sku">WDL-100</span></span><span class="posted_in">{cat_l} '
            '<a href="/product-category/lamps/" rel="tag">Lamps</a></span></div></div><section class="related products"'
            '><h2>' + ("Ähnliche Produkte" if de else "Related products") + '</h2><ul class="products columns-4">'
            f'{tiles}</ul></section></div></div></main></div></div></div>')
    a = am("24,00" if de else "24.00", de)
    header = ('<div id="ast-site-header-cart" class="ast-site-header-cart ast-menu-cart-with-border"><div class="ast-s'
              'ite'
              '-header-cart-li "><a class="cart-container" href="/cart/" title="View your shopping cart"><div class="'
              'ast-cart-menu-wrap"><span class="count">1</span></div></a></div><div class="ast-site-header-cart-data">'
              '<div class="widget woocommerce widget_shopping_cart"><div class="widget_shopping_cart_content"><ul clas'
              's='
              '"woocommerce-mini-cart cart_list product_list_widget "><li class="woocommerce-mini-cart-item mini_cart_'
              f'item"><a href="/product/linen-shade/">Linen Shade</a><span class="quantity">1 &times; {a}</span></li>'
              '</ul><p class="woocommerce-mini-cart__total total"><strong>' + ("Zwischensumme" if de else "Subtotal")
              + f':</strong> {a}</p></div></div></div></div>')
    return doc(main, lang="de-DE" if de else "en-US", header=header, tail=ld,
               body_attrs=f' class="product-template-default single single-product postid-42 theme-astra woocommerce '
               f'woocommerce-page ast-desktop ast-separate-container ast-right-sidebar astra-4.6.4"')


def ast_cart(text: str, de: bool = False) -> str:
    return (f'<form class="cart" action="{AST_DE if de else AST_US}" method="post" enctype="multipart/form-data"><div '
            'class="quantity"><label class="screen-reader-text" for="quantity_1">Walnut Desk Lamp quantity</label><inp'
            'ut'
            ' type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1" step="1" />'
            f'</div><button type="submit" name="add-to-cart" value="42" class="single_add_to_cart_button button alt">'
            f'{text}</button></form>')


AST_SALE = ('<p class="price"><del aria-hidden="true">' + am("67.50") + '</del> <span class="screen-reader-text">'
            'Original price was: &#036;67.50.</span><ins aria-hidden="true">' + am("54.00") + '</ins><span class="'
            'screen-reader-text">Current price is: &#036;54.00.</span></p>')
case("astra_woo_sale_del_ins_json_ld_list_price_specification",
     ast_page(AST_SALE, '<p class="stock in-stock">12 in stock</p>' + ast_cart("Add to cart"),
              ast_ld(ast_offer("54.00", "InStock", list_price="67.50")), onsale=True), AST_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("astra_woo_out_of_stock_no_form_related_tile_in_stock",
     ast_page('<p class="price">' + am("54.00") + '</p>', '<p class="stock out-of-stock">Out of stock</p>',
              ast_ld(ast_offer("54.00", "OutOfStock")), status="outofstock"), AST_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
AST_VARS = ('<form class="variations_form cart" action="' + AST_US + '" method="post" enctype="multipart/form-data" '
            'data-product_id="42" data-product_variations="[{&quot;attributes&quot;:{&quot;attribute_pa_wood&quot;:'
            '&quot;walnut&quot;},&quot;display_price&quot;:54,&quot;display_regular_price&quot;:54,&quot;is_in_stock'
            '&quot;:true,&quot;sku&quot;:&quot;WDL-100-W&quot;,&quot;variation_id&quot;:43},{&quot;attributes&quot;:'
            '{&quot;attribute_pa_wood&quot;:&quot;oak&quot;},&quot;display_price&quot;:59,&quot;display_regular_price'
            '&quot;:59,&quot;is_in_stock&quot;:true,&quot;sku&quot;:&quot;WDL-100-O&quot;,&quot;variation_id&quot;:44},'
            '{&quot;attributes&quot;:{&quot;attribute_pa_wood&quot;:&quot;ash&quot;},&quot;display_price&quot;:49,'
            '&quot;display_regular_price&quot;:49,&quot;is_in_stock&quot;:false,&quot;sku&quot;:&quot;WDL-100-A&quot;'
            ',&quot;variation_id&quot;:45}]"><table class="variations" cellspacing="0" role="presentation"><tbody><tr>'
            '<th class="label"><label for="pa_wood">Wood</label></th><td class="value"><select id="pa_wood" class="" '
            'name="attribute_pa_wood" data-attribute_name="attribute_pa_wood"><option value="">Choose an option'
            '</option><option value="walnut" class="attached enabled">Walnut</option><option value="oak" class="'
            'attached enabled">Oak</option><option value="ash" class="attached enabled">Black ash</option></select>'
            '<a class="reset_variations" href="#">Clear</a></td></tr></tbody></table><div class="single_variation_'
            'wrap"><div class="woocommerce-variation single_variation"></div><div class="woocommerce-variation-add-to-'
            'cart variations_button"><button type="submit" class="single_add_to_cart_button button alt disabled wc-'
            'variation-selection-needed">Add to cart</button></div></div></form>')
case("astra_woo_variable_price_range_aggregate_offer_low_price",
     ast_page('<p class="price">' + am("49.00") + ' &ndash; ' + am("59.00") + '</p>', AST_VARS,
              ast_ld(ast_offer("", "InStock", low_high="49.00-59.00")), ptype="variable"), AST_US,
     price=49.0, currency="USD", availability="in_stock", title=NAME)
case("astra_woo_de_vorraetig_euro_after_amount_inkl_mwst",
     ast_page('<p class="price">' + am("54,00", True) + '</p><p class="wc-gzd-additional-info tax-info">inkl. 19 % '
              'MwSt.</p>', '<p class="stock in-stock">12 vorrätig</p>' + ast_cart("In den Warenkorb", True),
              ast_ld(ast_offer("54.00", "InStock"), cur="EUR", url=AST_DE), de=True), AST_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
