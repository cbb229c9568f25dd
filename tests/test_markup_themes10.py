"""Shapes of real shop markup, part 10: hosted platforms whose templates are closed (Wix Stores, Squarespace
Commerce, Ecwid) rendered from the markup shape their real product pages have (part 10b, tests/
test_markup_themes10b.py: Nuvemshop / Tiendanube, VTEX IO, Cafe24), read by the generic extraction (no site
profile); see tests/test_markup_themes.py. Each case renders by hand what the platform outputs for one state (its
data-hook / sqs- / ec- classes, its JSON islands and schema.org data) inside a whole page (header cart, related
tiles with their own prices). The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


def ld(obj: dict[str, Any]) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj)}</script>'


# ============================================================================ Wix Stores (closed, hosted)
# Shape from the data-hook selectors public scrapers target on Wix product pages (product-title, product-prices-
# wrapper > product-price > formatted-secondary-price / formatted-primary-price[data-wix-price], sr-* screen-reader
# labels, sku "SKU: ...", add-to-cart, product-options, product-item-price-to-pay in tiles, and the SSR
# <script type="application/json" id="wix-warmup-data"> with appsWarmupData..catalog.product {sku, price,
# discountedPrice, formattedPrice, currency, isInStock, inventory.status, productItems}); no theme repository exists.
WIX = "https://www.lumio.example/product-page/walnut-desk-lamp"
WIX_FR = "https://www.lumio.example/fr/product-page/lampe-de-bureau-noyer"


def wix_ld(price: str, cur: str = "USD", avail: str = "InStock") -> str:
    return ld({"@context": "https://schema.org/", "@type": "Product", "sku": "WDL-100", "name": NAME,
               "description": "Turned walnut, linen shade.", "image": [{"@type": "ImageObject", "contentUrl":
               "https://static.wixstatic.com/media/lamp.jpg"}], "brand": {"@type": "Brand", "name": "Lumio"},
               "offers": {"@type": "Offer", "url": WIX, "priceCurrency": cur, "price": price,
                          "availability": f"https://schema.org/{avail}", "seller": {"@type": "Organization",
                                                                                   "name": "Lumio"}}})


def wix_warmup(price: float, disc: float, fmt: str, cur: str = "USD", stock: bool = True) -> str:
    product = {"id": "9f2c", "name": NAME, "sku": "WDL-100", "price": price, "discountedPrice": disc,
               "formattedPrice": fmt, "formattedDiscountedPrice": fmt, "currency": cur, "isInStock": stock,
               "inventory": {"status": "in_stock" if stock else "out_of_stock", "quantity": 4 if stock else 0},
               "brand": "Lumio", "urlPart": "walnut-desk-lamp", "productItems": [],
               "options": [{"title": "Finish", "optionType": "drop_down", "selections": [
                   {"value": "Walnut", "description": "Walnut"}, {"value": "Oak", "description": "Oak"}]}]}
    data = {"appsWarmupData": {"1380b703-ce81-ff05-f115-39571d94dfcd": {
        "productPage_en_walnut-desk-lamp": {"catalog": {"product": product}}}}}
    return f'<script type="application/json" id="wix-warmup-data">{json.dumps(data)}</script>'


def wix(price: str, *, old: str = "", button: str = "Add to Cart", disabled: bool = False, head: str = "",
        tail: str = "", fr: bool = False, options: bool = False, tiles: tuple[str, str] = ("$24.00", "$79.00")) -> str:
    reg, sale = ("Prix habituel", "Prix soldé") if fr else ("Regular Price", "Sale Price")
    old_html = (f'<span data-hook="sr-formatted-secondary-price" class="sr-only">{reg}</span><span data-hook='
                f'"formatted-secondary-price" class="cELdiNb">{old}</span>' if old else "")
    opts = ('<div data-hook="product-options"><div data-hook="product-options-item"><label>Finish</label>'
            '<div data-hook="dropdown-base" role="button" aria-haspopup="listbox"><span data-hook="dropdown-base-'
            'text">Select</span></div></div></div>' if options else "")
    dis = ' disabled aria-disabled="true"' if disabled else ' aria-disabled="false"'
    main = ('<div data-hook="product-page" class="productPage"><section data-hook="product-gallery"><img src="'
            f'https://static.wixstatic.com/media/lamp.jpg" alt="{NAME}"></section><section data-hook="info-section">'
            f'<h1 data-hook="product-title" class="ofuOj2h">{NAME}</h1><div data-hook="sku" class="sKSt0R">'
            f'{"UGS" if fr else "SKU"}: WDL-100</div><div data-hook="product-prices-wrapper"><div data-hook="product-'
            f'price" class="pGaV8p">{old_html}<span data-hook="sr-formatted-primary-price" class="sr-only">'
            f'{sale if old else reg}</span><span data-hook="formatted-primary-price" data-wix-price="{price}">'
            f'{price}</span></div></div>{opts}<div data-hook="number-input-spinner"><input type="number" value="1" '
            f'aria-label="Quantity"></div><button data-hook="add-to-cart" class="buttonnext"{dis}><span class="'
            f'buttonnext__content">{button}</span></button><button data-hook="buy-now-button" class="buttonnext"'
            f'{dis}><span>{"Acheter" if fr else "Buy Now"}</span></button><pre data-hook="description">Turned '
            'walnut, linen shade.</pre></section></div>')
    header = ('<div id="SITE_HEADER"><a data-hook="cart-icon-button" href="/cart-page" aria-label="Cart with 1 items">'
              '<span data-hook="cart-icon-count">1</span></a></div>')
    related = ('<section data-hook="related-products"><h2>' + ("Vous aimerez aussi" if fr else "You might also like")
               + '</h2><ul data-hook="product-list-wrapper">' + "".join(
                   f'<li data-hook="product-list-grid-item"><div data-hook="product-item-root"><a href="/product-page/'
                   f'p{i}"><h3 data-hook="product-item-name">{n}</h3></a><div data-hook="product-item-price-to-pay">'
                   f'<span data-hook="price-range-from"></span><span data-wix-price="{p}">{p}</span></div><button '
                   f'data-hook="product-item-add-to-cart-button">{"Ajouter au panier" if fr else "Add to Cart"}'
                   '</button></div></li>' for i, (n, p) in enumerate(zip(["Linen Shade", "Oak Wall Light"], tiles)))
               + '</ul></section>')
    return doc(main, lang="fr" if fr else "en", head='<meta name="generator" content="Wix.com Website Builder">'
               + head, header=header, related=related, tail=tail)


case("wix_in_stock_json_ld_and_data_hook_price_related_tiles",
     wix("$54.00", head=wix_ld("54")), WIX,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("wix_sale_secondary_price_before_primary",
     wix("$54.00", old="$67.50", head=wix_ld("54")), WIX,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("wix_out_of_stock_disabled_button_and_schema",
     wix("$54.00", button="Out of Stock", disabled=True, head=wix_ld("54", avail="OutOfStock")), WIX,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("wix_no_json_ld_warmup_data_out_of_stock_with_options",
     wix("$54.00", button="Out of Stock", disabled=True, options=True,
         tail=wix_warmup(54, 54, "$54.00", stock=False)), WIX,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("wix_fr_euro_after_amount_sale",
     wix("54,00 €", old="67,50 €", button="Ajouter au panier", fr=True, tiles=("24,00 €", "79,00 €"),
         head=wix_ld("54", "EUR")), WIX_FR,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ Squarespace Commerce (closed, hosted)
# Squarespace/template-compiler @ fcffd43c936dc9aa79e6f8997b02bc437b73336f: core/src/main/resources/com/squarespace/
# template/plugins/platform/product-price.html, add-to-cart-btn.html, variants-select.html, CommerceFormatters.java
# (product-mark sold-out / sale, sqs-cart-quantity) and test outputs f-product-price-{2,3,4,10}.html (legacy
# <span class="sqs-money-native">50.00</span> with the symbol from CSS, "2.500,00 €" localised); ProductItem-details
# page shell, product:price / product:availability meta and Static.SQUARESPACE_CONTEXT as scrapers read them.
SQS = "https://www.lumio.example/shop/p/walnut-desk-lamp"
SQS_DE = "https://www.lumio.example.de/shop/p/walnut-tischleuchte"


def sqs_money(v: str) -> str:
    return f'<span class="sqs-money-native">{v}</span>'


def sqs_price(price: str, old: str = "") -> str:
    if old:
        return ('<div class="product-price">\n<span class="visually-hidden v6-visually-hidden">Sale Price:</span>'
                f'{price} <span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="'
                f'original-price">{old}</span>\n\n</div>')
    return f'<div class="product-price">\n{price}\n</div>'


def sqs_button(label: str = "Add To Cart") -> str:
    return ('<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button"><div class="sqs-add-to-cart-'
            'button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary " role="button" tabindex='
            '"0" data-dynamic-strings data-collection-id="5f1a" data-item-id="5f1b" data-product-type="1" data-use-'
            f'custom-label="false" data-original-label="{label}" ><div class="sqs-add-to-cart-button-inner">{label}'
            '</div></div></div>')


def sqs_variants() -> str:
    variants = [{"attributes": {"Finish": "Walnut"}, "optionValues": [{"optionName": "Finish", "value": "Walnut"}],
                 "price": 5400, "priceMoney": {"currency": "USD", "value": "54.00"}, "salePrice": 0,
                 "onSale": False, "stock": {"unlimited": False, "quantity": 3}, "qtyInStock": 3, "sku": "SQ4271"},
                {"attributes": {"Finish": "Oak"}, "optionValues": [{"optionName": "Finish", "value": "Oak"}],
                 "price": 5900, "priceMoney": {"currency": "USD", "value": "59.00"}, "salePrice": 0,
                 "onSale": False, "stock": {"unlimited": False, "quantity": 0}, "qtyInStock": 0, "sku": "SQ4272"}]
    data = json.dumps(variants).replace('"', "&quot;")
    return (f'<div class="product-variants" data-item-id="5f1b" data-variants="{data}" data-animation-role="content">'
            '<div class="variant-option"><div class="variant-option-title">Finish: </div><div class="variant-select-'
            'wrapper"><select aria-label="Select Finish" data-variant-option-name="Finish"><option value="">Select '
            'Finish</option><option value="Walnut">Walnut</option><option value="Oak">Oak</option></select></div>'
            '</div></div>')


def sqs(price_html: str, checkout: str, *, mark: str = "", de: bool = False, meta: str = "",
        tiles: tuple[str, str] = ("$24.00", "$79.00"), cur: str = "USD") -> str:
    ctx = {"website": {"id": "5e9", "siteTitle": "Lumio", "baseCurrency": cur},
           "websiteSettings": {"storeSettings": {"selectedCurrency": cur, "currencySymbol": "€" if de else "$"}},
           "item": {"id": "5f1b", "title": NAME, "recordType": 11}, "templateId": "5c5a519771c10ba3470d8101"}
    head = (f'<meta property="og:site_name" content="Lumio"><meta property="og:title" content="{NAME} — Lumio">'
            '<meta property="og:type" content="product">'
            f'{meta}<script>Static.SQUARESPACE_CONTEXT = {json.dumps(ctx)};</script>')
    main = ('<section class="page-section"><article class="ProductItem" data-item-id="5f1b"><div class="ProductItem-'
            f'gallery"><img src="https://images.squarespace-cdn.com/lamp.jpg" alt="{NAME}"></div><div class="'
            f'ProductItem-details"><h1 class="ProductItem-details-title" data-content-field="title">{NAME}</h1>'
            f'<div class="product-mark-wrapper">{mark}</div>{price_html}<div class="ProductItem-details-excerpt"><p>'
            'Turned walnut, linen shade.</p></div><div class="ProductItem-details-checkout">'
            f'{checkout}</div></div></article></section>')
    header = ('<div class="header-actions-action--cart"><a href="/cart" class="cart-style-icon"><span class="'
              'sqs-cart-quantity">1</span></a></div>')
    crumbs = ('<nav class="ProductItem-nav-breadcrumb"><a class="ProductItem-nav-breadcrumb-link" href="/shop">'
              f'{"Shop" if not de else "Laden"}</a> <span>›</span> <a class="ProductItem-nav-breadcrumb-link">'
              f'{NAME}</a></nav>')
    related = ('<section class="ProductItem-relatedProducts"><h2 class="ProductItem-relatedProducts-heading">'
               + ("Das könnte Ihnen auch gefallen" if de else "You Might Also Like") + '</h2><div class="ProductList-'
               'grid">' + "".join(f'<div class="ProductList-item"><a class="ProductList-item-link" href="/shop/p/p{i}"'
                                  f'><h1 class="ProductList-title">{n}</h1><div class="product-price">{p}</div></a>'
                                  '</div>' for i, (n, p) in enumerate(zip(["Linen Shade", "Oak Wall Light"], tiles)))
               + '</div></section>')
    return doc(main, lang="de-DE" if de else "en-US", head=head, header=header, crumbs=crumbs, related=related,
               body_attrs=' class="tweak-product-item-gallery-design-slideshow view-item collection-type-products"')


SQS_META = ('<meta property="product:price:amount" content="54.00"><meta property="product:price:currency" '
            'content="USD"><meta property="product:availability" content="instock">')

case("squarespace_71_in_stock_formatted_price_and_product_meta",
     sqs(sqs_price("$54.00"), sqs_button(), meta=SQS_META), SQS,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("squarespace_71_sale_visually_hidden_labels_original_price",
     sqs(sqs_price("$54.00", "$67.50"), sqs_button(), mark='<div class="product-mark sale">sale</div>',
         meta=SQS_META), SQS,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("squarespace_71_sold_out_mark_no_checkout_button",
     sqs(sqs_price("$54.00"), "", mark='<div class="product-mark sold-out">sold out</div>'), SQS,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("squarespace_70_money_native_without_symbol_variant_picker",
     sqs(sqs_price(sqs_money("54.00")), sqs_variants() + sqs_button(),
         tiles=(sqs_money("24.00"), sqs_money("79.00"))), SQS,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("squarespace_de_localised_euro_price",
     sqs(sqs_price("54,00 €"), sqs_button("In den Warenkorb"), de=True, cur="EUR", tiles=("24,00 €", "79,00 €"),
         meta=SQS_META.replace("USD", "EUR")), SQS_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


# ============================================================================ Ecwid (closed, hosted widget)
# Shape from the selectors public Ecwid customisations and scrapers target (ThemeFuse/Brizy editorComponents/Ecwid/
# EcwidProduct styles.ts; storefront scripts): h1.product-details__product-title.ec-header-h3, div.product-details__
# product-price.ec-price-item[itemprop=price][content] + meta priceCurrency + span.details-product-price__value,
# product-details__product-on-sale > details-product-price-compare__container, details-product-price-discount__text,
# product-details__product-sku, details-product-purchase__place ("In stock", "Out of stock, available for
# pre-order"), form-control details-product-purchase__add-to-bag > button.form-control__button, grid-product tiles.
ECW = "https://www.lumio.example/shop/Walnut-Desk-Lamp-p412345"
ECW_DE = "https://www.lumio.example.de/shop/Walnut-Desk-Lamp-p412345"


def ecwid(price: str, amount: str, *, old: str = "", place: str = "In stock", button: str = "Add to Bag",
          label: str = "", de: bool = False, cur: str = "USD", tiles: tuple[str, str] = ("$24.00", "$79.00")) -> str:
    sale = ('<div class="product-details__product-on-sale"><div class="details-product-price-compare__container">'
            f'<span class="details-product-price-compare__value ec-text-muted"><s>{old}</s></span></div><div class="'
            'product-details__product-price-discount"><span class="details-product-price-discount__text">'
            f'{"Sie sparen" if de else "Save"} 20%</span></div></div>' if old else "")
    lab = (f'<div class="product-details__label-container"><div class="ec-label label--attention"><div class="'
           f'label__text">{label}</div></div></div>' if label else "")
    btn = ('<div class="form-control form-control--button form-control--large form-control--primary form-control--'
           'flexible form-control--animated details-product-purchase__add-to-bag form-control__button--icon-center">'
           f'<button class="form-control__button" type="button"><span class="form-control__button-text">{button}'
           '</span></button></div>' if button else "")
    main = ('<div id="my-store-412" class="ecwid ecwid-productBrowser"><div class="ec-wrapper"><div class="ec-store '
            'ec-store__product-page"><div class="ec-store__content-wrapper"><div class="product-details" itemscope '
            'itemtype="http://schema.org/Product"><div class="product-details__gallery"><img class="details-gallery__'
            f'picture" src="https://d2j6dbq0eux0bg.cloudfront.net/lamp.jpg" alt="{NAME}" itemprop="image"></div><div '
            f'class="product-details__sidebar"><h1 class="product-details__product-title ec-header-h3" itemprop="name">'
            f'{NAME}</h1>{lab}<div class="product-details__product-sku ec-text-muted">SKU WDL-100</div><div class="'
            'product-details-module product-details__product-price-row"><div class="product-details-module__content">'
            '<div class="product-details__product-price ec-price-item" itemprop="offers" itemscope itemtype="http://'
            f'schema.org/Offer"><div itemprop="price" content="{amount}"><meta itemprop="priceCurrency" content="'
            f'{cur}"><span class="details-product-price__value ec-price-item notranslate">{price}</span></div></div>'
            f'{sale}</div></div><div class="product-details-module product-details__action-panel details-product-'
            'purchase"><div class="product-details-module__title ec-header-h6 details-product-purchase__place '
            f'notranslate"><span>{place}</span></div><div class="product-details-module__content product-details-'
            'module__content--indented"><div class="details-product-purchase__controls"><div class="details-product-'
            'purchase__qty"><input type="number" name="ec-qty" value="1"></div>'
            f'{btn}</div></div></div><div class="product-details__product-description" itemprop="description"><p>'
            'Turned walnut, linen shade.</p></div></div></div></div></div></div></div>')
    header = ('<div class="ec-minicart ec-minicart--m"><div class="ec-minicart__body"><div class="ec-minicart__icon">'
              '</div><div class="ec-minicart__counter">1</div></div></div>')
    crumbs = ('<div class="ec-breadcrumbs"><a class="breadcrumbs__link" href="/shop">'
              + ("Laden" if de else "Store") + '</a> / <a class="breadcrumbs__link" href="/shop/Lamps-c1">Lamps</a>'
              '</div>')
    related = ('<div class="product-details__related-products"><div class="ec-header-h3">'
               + ("Das könnte Ihnen auch gefallen" if de else "You may also like") + '</div><div class="grid__'
               'products">'
               + "".join(f'<div class="grid-product"><div class="grid-product__wrap-inner"><a class="grid-product__'
                         f'title" href="/shop/p{i}"><div class="grid-product__title-inner">{n}</div></a><div class="'
                         f'grid-product__price"><div class="grid-product__price-amount"><div class="grid-product__'
                         f'price-value ec-price-item">{p}</div></div></div></div></div>'
                         for i, (n, p) in enumerate(zip(["Linen Shade", "Oak Wall Light"], tiles)))
               + '</div></div>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs, related=related)


case("ecwid_in_stock_microdata_price_add_to_bag",
     ecwid("$54.00", "54"), ECW,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("ecwid_sale_compare_price_struck_and_save_percent",
     ecwid("$54.00", "54", old="$67.50"), ECW,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("ecwid_out_of_stock_label_no_add_to_bag",
     ecwid("$54.00", "54", place="Out of stock", button="", label="Sold out"), ECW,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("ecwid_out_of_stock_available_for_pre_order",
     ecwid("$54.00", "54", place="Out of stock, available for pre-order", button="Pre-Order"), ECW,
     price=54.0, currency="USD", availability="preorder", sku="WDL-100", title=NAME)
case("ecwid_de_auf_lager_euro_after_amount",
     ecwid("54,00 €", "54", place="Auf Lager", button="In den Warenkorb", de=True, cur="EUR",
           tiles=("24,00 €", "79,00 €")), ECW_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_hosted_platform_product_page(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
