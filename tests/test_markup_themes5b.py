"""Shapes of real shop markup, part 5b: osCommerce CE Phoenix and Magento 1 / OpenMage RWD product pages as their
templates render them, read by the generic extraction (no site profile); see tests/test_markup_themes.py and
tests/test_markup_themes5.py. Each case renders by hand what the templates output for one state, with the theme's
classes, ids and schema.org data, inside a realistic page (mini cart, related / up-sell tiles with their own
prices). The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ osCommerce CE Phoenix 1.0.x
# gburton/CE-Phoenix @ 43c52c27af71ce48a35a77daa78ff640e65bbc33: product_info.php (form cart_quantity, div.row.is-
# product), includes/modules/content/product_info/templates/tpl_cm_pi_{name,price,model,gtin,options_attributes,
# buy_button,also_purchased}.php with their english language constants (productPrice / <del> + productSpecialPrice,
# "Model:" and "UPC/EAN:" badges, btn-buy data-in-stock), includes/modules/header_tags/ht_product_schema.php
# (json_encoded Product: mpn, gtin13, offers price/priceCurrency/availability/priceValidUntil), includes/modules/
# navbar/templates/tpl_nb_shopping_cart.php, includes/functions/html_output.php tep_draw_button, install/phoenix.sql
# (EUR "54.00€"; German shops set "," decimals).
PH_URL = "https://www.lumio.example/product_info.php?products_id=42"
PH_DE = "https://www.lumio.example.de/product_info.php?products_id=42&language=de"


def ph_schema(price: str, stock: bool, cur: str = "USD", until: str = "", url: str = PH_URL) -> str:
    offer = {"@type": "Offer", "priceCurrency": cur, "price": price}
    if until:
        offer["priceValidUntil"] = until
    offer.update(availability=f"https://schema.org/{'InStock' if stock else 'OutOfStock'}",
                 seller={"@type": "Organization", "name": "Lumio"})
    data = {"@context": "https://schema.org", "@type": "Product", "name": NAME,
            "image": "https://www.lumio.example/images/lamp.jpg", "url": url,
            "description": "Turned walnut base, linen shade, E26 socket...", "mpn": "WDL-100",
            "gtin13": "4006381333931", "offers": offer, "manufacturer": {"@type": "Organization", "name": "Lumio"}}
    return '<script type="application/ld+json">' + json.dumps(data).replace("/", "\\/") + "</script>"


def phoenix(price_html: str, schema: str, *, in_stock: int = 12, options: str = "", de: bool = False) -> str:
    t = (dict(model="Modell:", buy="In den Warenkorb", also="Das könnte Ihnen auch gefallen...", cart="Artikel",
              view="Ansehen", now="jetzt") if de else
         dict(model="Model:", buy="Add To Cart", also="You might also like...", cart="item(s)", view="View", now="now"))
    main = ('<form name="cart_quantity" action="https://www.lumio.example/product_info.php?products_id=42&amp;action='
            'add_product" method="post" role="form"><input type="hidden" name="formid" value="5d1c"><div class="row '
            f'is-product"><div class="col-sm-6 cm-pi-name">\n  <h1 class="display-4">{NAME}</h1>\n</div><div class='
            f'"col-sm-6 cm-pi-price">\n  <h2 class="display-4 text-left text-sm-right">{price_html}</h2>\n</div><div '
            'class="col-sm-12 cm-pi-gallery"><a href="#lightbox" class="lb" data-toggle="modal" data-slide="0"><img '
            f'src="images/lamp.jpg" alt="{NAME}" class="img-fluid"></a></div><div class="col-sm-6 cm-pi-model">\n  <ul '
            'class="list-group">\n    <li class="list-group-item d-flex justify-content-between align-items-center">'
            f'\n      {t["model"]}<span class="badge badge-primary badge-pill">WDL-100</span>    </li>    \n  </ul>\n'
            '</div><div class="col-sm-6 cm-pi-gtin">\n  <ul class="list-group">\n    <li class="list-group-item '
            'd-flex justify-content-between align-items-center">\n      UPC/EAN:<span class="badge badge-primary badge-'
            f'pill">4006381333931</span>    </li>\n  </ul>\n</div>{options}<div class="col-sm-12 text-right cm-pi-buy-'
            f'button">\n  <button  type="submit" data-has-attributes="{1 if options else 0}" data-in-stock="'
            f'{in_stock}" data-product-id="42" class="btn btn-success btn-block btn-lg btn-product-info btn-buy"> '
            f'<span class="fas fa-shopping-cart" aria-hidden="true"></span> {t["buy"]}</button><input type="hidden" '
            'name="products_id" value="42"></div><div class="col-sm-12 cm-pi-description"><div class="description">'
            'Turned walnut base, linen shade, E26 socket.</div></div></div></form>')
    cards = "".join(
        f'<div class="col mb-2">\n<div class="card h-100 is-product" data-is-special="{s}" data-product-price="{raw}" '
        f'data-product-manufacturer="1"><a href="product_info.php?products_id={i}"><img src="images/p{i}.jpg" alt="'
        f'{n}" class="card-img-top"></a><div class="card-body"><h5 class="card-title"><a href="product_info.php?'
        f'products_id={i}">{n}</a></h5><h6 class="card-subtitle mb-2 text-muted">{p}</h6></div><div class="card-'
        f'footer bg-white pt-0 border-0"><div class="btn-group" role="group"><a id="btn{i}" href="product_info.php?'
        f'products_id={i}" class="btn btn-info btn-product-listing btn-view"><i class="fas fa-eye"></i> {t["view"]}'
        '</a></div></div></div></div>'
        for i, n, s, raw, p in [(7, "Linen Shade", 0, "24.00", "$24.00" if not de else "24,00€"),
                                (9, "Oak Wall Light", 1, "79.00", ('<del>$99.00</del> <span class="text-danger">now '
                                                                   '$79.00</span>') if not de else
                                 f'<del>99,00€</del> <span class="text-danger">{t["now"]} 79,00€</span>')])
    related = (f'<div class="col-sm-12 cm-pi-also-purchased">\n  <h4>{t["also"]}</h4>\n  <div class="row row-cols-2 '
               f'row-cols-md-4">{cards}</div></div>')
    total = "24,00€" if de else "$24.00"
    header = ('<nav class="navbar navbar-dark bg-dark navbar-expand-sm fixed-top"><div class="container-fluid"><ul '
              'class="navbar-nav ml-auto"><li class="nav-item dropdown nb-shopping-cart"><a class="nav-link dropdown-'
              'toggle" href="#" id="navDropdownCart" role="button" data-toggle="dropdown"><i title="Shopping Cart" '
              'class="fas fa-shopping-cart fa-fw"></i><span class="d-inline d-sm-none d-md-inline"> <span class="cart-'
              f'count">1</span> {t["cart"]}</span> <span class="caret"></span></a><div class="dropdown-menu dropdown-'
              'menu-right" aria-labelledby="navDropdownCart"><a class="dropdown-item" href="shopping_cart.php"><span '
              f'class="cart-count">1</span> {t["cart"]}, <span class="cart-value">{total}</span></a><div class="'
              'dropdown-divider"></div>\n<div class="dropdown-cart-list"><a class="dropdown-item" href="product_info.'
              'php?products_id=7">1 x Linen Shade</a></div>\n</div></li></ul></div></nav>')
    crumbs = ('<nav aria-label="breadcrumb"><ol class="breadcrumb"><li class="breadcrumb-item"><a href="index.php">'
              'Home</a></li><li class="breadcrumb-item"><a href="index.php?cPath=3">Lamps</a></li><li class="bread'
              f'crumb-item"><a href="product_info.php?products_id=42">WDL-100</a></li></ol></nav>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs, related=related, tail=schema)


PH_OPTIONS = ('<div class="col-sm-12 cm-pi-options-attributes">\n  <h4>Available Options</h4>\n  <div class="form-'
              'group row">\n<label for="input_1" class="col-form-label col-sm-3 text-left text-sm-right">Finish</label>'
              '\n<div class="col-sm-9">\n<select name="id[1]" required aria-required="true" id="input_1" class="form-'
              'control"><option value="1" selected="selected">Walnut</option><option value="2">Brass (+$6.00)</option>'
              '<option value="3">Black Oak (+$12.00)</option></select>\n<span class="form-control-feedback position-'
              'absolute" style="right: 22px;"><i class="fas fa-asterisk text-danger"></i></span></div>\n</div>\n</div>')

case("phoenix_in_stock_product_price_model_gtin_badges_and_schema",
     phoenix('<span class="productPrice">$54.00</span>', ph_schema("54.00", True)), PH_URL,
     price=54.0, currency="USD", availability="in_stock", mpn="WDL-100", gtin="4006381333931", title=NAME)
case("phoenix_special_del_regular_price_then_special_price",
     phoenix('<del>$67.50</del> <span class="productPrice text-danger productSpecialPrice">$54.00</span>',
             ph_schema("54.00", True, until="2026-12-31 00:00:00")), PH_URL,
     price=54.0, currency="USD", availability="in_stock", mpn="WDL-100", title=NAME)
case("phoenix_sold_out_only_schema_and_data_in_stock_zero",
     phoenix('<span class="productPrice">$54.00</span>', ph_schema("54.00", False), in_stock=0), PH_URL,
     price=54.0, currency="USD", availability="out_of_stock", mpn="WDL-100", title=NAME)
case("phoenix_options_select_with_surcharges",
     phoenix('<span class="productPrice">$54.00</span>', ph_schema("54.00", True), options=PH_OPTIONS), PH_URL,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("phoenix_de_euro_after_amount_with_thousands_dot",
     phoenix('<span class="productPrice">1.254,00€</span>', ph_schema("1254.00", True, "EUR", url=PH_DE), de=True),
     PH_DE, price=1254.0, currency="EUR", availability="in_stock", mpn="WDL-100", title=NAME)


# ============================================================================ Magento 1 / OpenMage, rwd/default
# OpenMage/magento-lts @ e18d6107b21b6c2e2f7005fcc7738220edd1a022: app/design/frontend/rwd/default/template/catalog/
# product/view.phtml (Product.OptionsPrice config, h1 in product-img-box + span.h1 copy in product-shop, price-info,
# extra-info, add-to-cart-wrapper, up-sell), catalog/product/price.phtml (regular-price / old-price "Regular Price:" +
# special-price "Special Price"), view/type/availability/default.phtml (p.availability in-stock|out-of-stock),
# view/addtocart.phtml, view/type/options/configurable.phtml (super-attribute-select, spConfig), list/upsell.phtml,
# checkout/cart/minicart.phtml + minicart/items.phtml; base/default product/view/price_clone (id suffix _clone).
M1_URL = "https://www.lumio.example/lamps/walnut-desk-lamp.html"
M1_DE = "https://www.lumio.example.de/leuchten/walnut-desk-lamp.html"


def m1_price(price: str, old: str = "", suffix: str = "", de: bool = False, excl: str = "") -> str:
    if excl:
        lab_ex, lab_in = ("Exkl. Steuer:", "Inkl. Steuer:") if de else ("Excl. Tax:", "Incl. Tax:")
        return (f'<div class="price-box">\n<span class="price-excluding-tax">\n<span class="label">{lab_ex}</span>\n'
                f'<span class="price" id="price-excluding-tax-42{suffix}">\n{excl}</span>\n</span>\n<span class='
                f'"price-including-tax">\n<span class="label">{lab_in}</span>\n<span class="price" id="price-'
                f'including-tax-42{suffix}">\n{price}</span>\n</span>\n</div>')
    if not old:
        return (f'<div class="price-box">\n<span class="regular-price" id="product-price-42{suffix}">\n<span class="'
                f'price">{price}</span></span>\n</div>')
    regular, special = ("Regulärer Preis:", "Sonderpreis") if de else ("Regular Price:", "Special Price")
    return (f'<div class="price-box">\n<p class="old-price">\n<span class="price-label">{regular}</span>\n<span '
            f'class="price" id="old-price-42{suffix}">\n{old}</span>\n</p>\n<p class="special-price">\n<span class='
            f'"price-label">{special}</span>\n<span class="price" id="product-price-42{suffix}">\n{price}</span>\n'
            '</p>\n</div>')


def magento1(price: str, *, old: str = "", stock: bool = True, configurable: bool = False, de: bool = False,
             specs: bool = False, excl: str = "", tier: str = "") -> str:
    t = (dict(av="Verfügbarkeit:", ins="Auf Lager", out="Nicht auf Lager", cart="In den Warenkorb", qty="Menge:",
              mini="Warenkorb", sub="Zwischensumme:", up="Das könnte Ihnen auch gefallen", choose="Option wählen...",
              alert="Benachrichtigen Sie mich, wenn der Artikel wieder verfügbar ist") if de else
         dict(av="Availability:", ins="In stock", out="Out of stock", cart="Add to Cart", qty="Qty:", mini="Cart",
              sub="Cart Subtotal:", up="You may also be interested in the following product(s)",
              choose="Choose an Option...", alert="Sign up to get notified when this product is back in stock"))
    money = (lambda v: f"{v:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") + " €") if de else (
        lambda v: f"${v:,.2f}")
    cfg = {"productId": "42", "priceFormat": {"pattern": "%s €" if de else "$%s", "precision": 2,
                                              "requiredPrecision": 2, "decimalSymbol": "," if de else ".",
                                              "groupSymbol": "." if de else ",", "groupLength": 3,
                                              "integerRequired": 1},
           "includeTax": "true" if de else "false", "showIncludeTax": bool(de), "showBothPrices": False,
           "idSuffix": "_clone", "oldPlusDisposition": 0, "plusDisposition": 0, "plusDispositionTax": 0,
           "oldMinusDisposition": 0, "minusDisposition": 0, "productPrice": 54, "productOldPrice": 67.5 if old else 54,
           "priceInclTax": 54, "priceExclTax": 45.38 if de else 54, "defaultTax": 19 if de else 0,
           "currentTax": 19 if de else 0, "tierPrices": [], "tierPricesInclTax": [], "swatchPrices": None}
    avail = (f'<p class="availability {"in-stock" if stock else "out-of-stock"}">\n<span class="label">{t["av"]}'
             f'</span>\n<span class="value">{t["ins"] if stock else t["out"]}</span>\n</p>')
    alert = ('' if stock else f'<p class="alert-stock link-stock-alert">\n<a href="{M1_URL[:-5]}/productalert/add/stock'
             f'/product_id/42/" title="{t["alert"]}">{t["alert"]}</a>\n</p>')
    addto = ('<ul class="add-to-links"><li><a href="/wishlist/index/add/product/42/" class="link-wishlist">Add to '
             'Wishlist</a></li><li><span class="separator">|</span> <a href="/catalog/product_compare/add/product/42/"'
             ' class="link-compare">Add to Compare</a></li></ul>')
    button = (f'<div class="add-to-cart">\n<div class="qty-wrapper">\n<label for="qty">{t["qty"]}</label>\n<input '
              'type="text" pattern="\\d*(\\.\\d+)?" name="qty" id="qty" maxlength="12" value="1" title="Qty" class="'
              f'input-text qty" />\n</div>\n<div class="add-to-cart-buttons">\n<button type="button" title="'
              f'{t["cart"]}" class="button btn-cart" onclick="productAddToCartForm.submit(this)"><span><span>'
              f'{t["cart"]}</span></span></button>\n</div>\n</div>')
    options = ""
    if configurable:
        sp = {"attributes": {"92": {"id": "92", "code": "finish", "label": "Finish", "options": [
            {"id": "21", "label": "Walnut", "price": "0", "oldPrice": "0", "products": ["43"]},
            {"id": "22", "label": "Brass", "price": "6", "oldPrice": "6", "products": ["44"]}]}},
            "template": "$#{price}", "basePrice": "54", "oldPrice": "54", "productId": "42",
            "chooseText": t["choose"], "taxConfig": {"includeTax": False, "showIncludeTax": False}}
        options = ('<div class="product-options" id="product-options-wrapper">\n<dl>\n<dt><label class="required"><em>'
                   '*</em>Finish</label></dt>\n<dd class="last">\n<div class="input-box">\n<select name="super_'
                   'attribute[92]" id="attribute92" class="required-entry super-attribute-select">\n<option>'
                   f'{t["choose"]}</option>\n</select>\n</div>\n</dd>\n</dl>\n<script type="text/javascript">\n'
                   f'var spConfig = new Product.Config({json.dumps(sp)});\n</script>\n<p class="required">* Required '
                   'Fields</p>\n</div>\n<div class="product-options-bottom">\n'
                   f'{m1_price(price, old, "_clone", de)}{button}{addto}</div>')
    tax = ('<span class="tax-details">inkl. 19% MwSt., <a href="/lieferung">zzgl. Versandkosten</a></span>'
           if de else "")
    add_box = ("" if configurable else
               '<div class="add-to-box">' + (button + '<span class="or">OR</span>' if stock else "") + addto + '</div>')
    spec_tab = ('<dt class="tab"><span>Additional Information</span></dt><dd class="tab-container"><div class="tab-'
                'content"><h2>Additional Information</h2><table class="data-table" id="product-attribute-specs-table">'
                '<col width="25%" /><col /><tbody><tr><th class="label">SKU</th><td class="data">WDL-100</td></tr><tr>'
                '<th class="label">Manufacturer</th><td class="data">Lumio</td></tr></tbody></table></div></dd>'
                if specs else "")
    main = ('<script type="text/javascript">\n    var optionsPrice = new Product.OptionsPrice('
            f'{json.dumps(cfg)});\n</script>\n<div id="messages_product_view"></div><div class="product-view"><div '
            f'class="product-essential"><form action="{M1_URL[:-5]}/checkout/cart/add/uenc/aHR0/product/42/form_key/'
            'Xk2/" method="post" id="product_addtocart_form"><input name="form_key" type="hidden" value="Xk2" /><div '
            'class="no-display"><input type="hidden" name="product" value="42" /><input type="hidden" name="related_'
            'product" id="related-products-field" value="" /></div><div class="product-img-box"><div class="product-'
            f'name"><h1>{NAME}</h1></div><div class="product-image product-image-zoom"><img id="image-main" class="'
            f'gallery-image visible" src="/media/catalog/product/l/a/lamp.jpg" alt="{NAME}" title="{NAME}" /></div>'
            f'</div><div class="product-shop"><div class="product-name"><span class="h1">{NAME}</span></div><div '
            f'class="price-info">{m1_price(price, old, de=de, excl=excl)}{tier}{tax}</div><div class="extra-info">'
            f'{avail}</div>{alert}'
            '<div class="short-description"><div class="std">Turned walnut base, linen shade, E26 socket.</div></div>'
            f'{options}</div><div class="add-to-cart-wrapper">{add_box}</div><div class="clearer"></div></form></div>'
            '<div class="product-collateral toggle-content tabs"><dl id="collateral-tabs" class="collateral-tabs"><dt'
            ' class="tab"><span>Description</span></dt><dd class="tab-container"><div class="tab-content"><h2>Details'
            f'</h2><div class="std">Hand-turned walnut.</div></div></dd>{spec_tab}</dl></div>')
    tiles = "".join(f'<li><a href="/p{i}.html" title="{n}" class="product-image"><img src="/media/p{i}.jpg" alt="{n}" '
                    f'/></a><h3 class="product-name"><a href="/p{i}.html" title="{n}">{n}</a></h3>'
                    f'{m1_price(money(p), money(o) if o else "", "-upsell")}</li>'.replace("-42-upsell", f"-{i}-upsell")
                    for i, n, p, o in [(7, "Linen Shade", 24.0, 0), (9, "Oak Wall Light", 79.0, 99.0)])
    main += (f'<div class="box-collateral box-up-sell"><h2>{t["up"]}</h2><ul class="products-grid products-grid--max-'
             f'4-col" id="upsell-product-table">{tiles}</ul></div></div>')
    header = ('<div class="header-minicart"><a href="/checkout/cart/" data-target-element="#header-cart" class="skip-'
              f'link skip-cart " title="{t["mini"]}"><span class="icon"></span><span class="label">{t["mini"]}</span>'
              '<span class="count">1</span></a><div id="header-cart" class="block block-cart skip-content"><div id="'
              'minicart-error-message" class="minicart-message"></div><div class="minicart-wrapper"><p class="block-'
              'subtitle">Recently added item(s)</p><ul id="cart-sidebar" class="mini-products-list"><li class="item '
              'last odd" xmlns="http://www.w3.org/1999/html"><div class="product-details"><p class="product-name"><a '
              'href="/p7.html">Linen Shade</a></p><table class="info-wrapper"><tbody><tr><th>Price</th><td><span '
              f'class="price">{money(24.0)}</span></td></tr></tbody></table></div></li></ul><div class="block-content">'
              f'<p class="subtotal"><span class="label">{t["sub"]}</span> <span class="price">{money(24.0)}</span>'
              '</p></div></div></div></div>')
    crumbs = ('<div class="breadcrumbs"><ul><li class="home"><a href="/" title="Go to Home Page">Home</a><span>/ '
              '</span></li><li class="category3"><a href="/lamps.html" title="">Lamps</a><span>/ </span></li><li class='
              f'"product"><strong>{NAME}</strong></li></ul></div>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs,
               body_attrs=' class="catalog-product-view catalog-product-view product-walnut-desk-lamp categorypath-'
               'lamps-html category-lamps"')


case("magento1_rwd_in_stock_regular_price_and_sku_in_additional_information",
     magento1("$54.00", specs=True), M1_URL,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", brand="Lumio", title=NAME)
case("magento1_rwd_special_price_after_regular_old_price",
     magento1("$54.00", old="$67.50"), M1_URL, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("magento1_rwd_out_of_stock_no_cart_button_stock_alert_link",
     magento1("$54.00", stock=False), M1_URL, price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("magento1_rwd_configurable_choose_an_option_and_clone_price_box",
     magento1("$54.00", configurable=True), M1_URL,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("magento1_rwd_de_auf_lager_euro_after_amount_incl_mwst",
     magento1("54,00 €", de=True), M1_DE, price=54.0, currency="EUR", availability="in_stock", title=NAME)
case("magento1_rwd_de_sonderpreis_and_nicht_auf_lager",
     magento1("1.254,00 €", old="1.499,00 €", stock=False, de=True), M1_DE,
     price=1254.0, currency="EUR", availability="out_of_stock", title=NAME)
case("magento1_rwd_tier_prices_buy_5_for_less_below_the_price",
     magento1("$54.00", tier='<ul class="tier-prices product-pricing">\n<li class="tier-price tier-0">\nBuy 5 for '
              '<span class="price">$48.00</span> each and&nbsp;<strong class="benefit">save&nbsp;<span class="percent '
              'tier-0">12</span>%\n</strong></li>\n</ul>'), M1_URL,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("magento1_rwd_de_display_both_prices_excluding_tax_first",
     magento1("54,00 €", excl="45,38 €", de=True), M1_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_markup(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
