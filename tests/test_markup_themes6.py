"""Shapes of real shop markup, part 6: JTL-Shop 5 NOVA, Bagisto 2 and Spree's legacy storefront product pages as
their templates render them (part 6b: Shopify Horizon, Drupal Commerce 2), read by the generic extraction (no site
profile); see tests/test_markup_themes.py. Each case renders by hand what the templates output for one state, with
the theme's classes, data attributes and schema.org data, inside a realistic page (mini cart, breadcrumbs, related
products with prices). The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ JTL-Shop 5, NOVA template
# mornau/jtlshop (a JTL-Shop 5 copy) @ 93828a3d786ff9c9b1518ddda0f030b33297cf9a: templates/NOVA/productdetails/
# index.tpl (#result-wrapper itemscope Product), details.tpl (h1.product-title, ul.info-essential with itemprop sku /
# gtin13 / brand, div.product-offer itemprop=offers), price.tpl (div.price_wrapper, span.price_label nowonly /
# pricestarting, div.price h1, meta itemprop price / priceCurrency, price-note with "Alter Preis" text-stroke and
# suggested-price UVP), stock.tpl + snippets/stock_status.tpl (span.status + link itemprop=availability),
# basket.tpl (#add-to-cart, coming_soon alert, choose-variations alert), basket/cart_dropdown_label.tpl,
# snippets/slider_items.tpl + productlist/item_slider.tpl (x-sell tiles: itemprop=isRelatedTo Product with offers).
JTL_DE = "https://www.lumio.example.de/Walnut-Desk-Lamp"
JTL_EN = "https://www.lumio.example.de/en/Walnut-Desk-Lamp"
GTIN = "4012345678901"


def jtl_tiles(en: bool) -> str:
    tiles = "".join(
        '<div class="product-wrapper product-wrapper-product text-center-util" itemprop="isRelatedTo" itemscope '
        f'itemtype="https://schema.org/Product"><a href="/p{i}"><div class="item-slider productbox-image square">'
        f'<div class="inner"><img src="/media/p{i}.jpg" alt="{n}"><meta itemprop="url" content="/p{i}"></div></div>'
        f'</a><a href="/p{i}"><span class="item-slider-desc text-clamp-2"><span itemprop="name">{n}</span></span></a>'
        '<div class="item-slider-price" itemprop="offers" itemscope itemtype="https://schema.org/Offer"><div class="'
        f'price_wrapper"><div class="price productbox-price "><span>{p} <span class="footnote-reference">*</span>'
        f'</span></div><meta itemprop="price" content="{m}"><meta itemprop="priceCurrency" content="EUR"></div></div>'
        '</div>' for i, n, p, m in [(1, "Linen Shade", "24,00 €", "24.00"), (2, "Oak Wall Light", "79,00 €", "79.00")])
    head = "Customers who bought this item also bought" if en else "Kunden kauften dazu folgende Produkte"
    return ('<div class="recommendations d-print-none"><div class="slick-slider-other is-not-opc x-sell"><div class="'
            f'hr-sect h2">{head}</div><div class="slick-lazy slick-smooth-loading carousel carousel-arrows-inside '
            f'slick-type-product">{tiles}</div></div></div>')


def jtl(price: str, meta: str, status: str, schema: str = "InStock", *, label: str = "", note: str = "",
        buy: str = "", en: bool = False, special: bool = False) -> str:
    art, ean, man, basket = (("Item no.", "GTIN", "Manufacturer", "Basket") if en else
                             ("Artikelnummer", "GTIN", "Hersteller", "Warenkorb"))
    vat = ("incl. 19% VAT, plus <a href=\"/Shipping\" class=\"shipment popup\">shipping</a>" if en else
           "inkl. 19% USt. zzgl. <a href=\"/Versandinformationen\" class=\"shipment popup\">Versand</a>")
    to_cart = "Add to basket" if en else "In den Warenkorb"
    if buy == "":
        buy = ('<div id="add-to-cart" class="product-buy"><div class="basket-form-inline row"><div class="col-sm-6 '
               'col-12"><div id="quantity-grp" class="form-counter choose_quantity input-group"><input type="number" '
               'min="0" step="1" id="quantity" class="quantity form-control" name="anzahl" value="1"></div></div>'
               '<div class="col-sm-6 col-12"><button aria-label="' + to_cart + '" name="inWarenkorb" type="submit" '
               f'value="{to_cart}" class="submit js-cfg-validate btn btn-primary btn-block"><span class="btn-basket-'
               f'check"><span class="d-none d-sm-inline-block mr-1">{to_cart}</span><i class="fas fa-shopping-cart">'
               '</i></span></button></div></div></div>')
    main = (
        '<div id="result-wrapper" data-wrapper="true" itemprop="mainEntity" itemscope itemtype="https://schema.org/'
        f'Product"><meta itemprop="url" content="{JTL_EN if en else JTL_DE}"><form id="buy_form" action="'
        f'{JTL_EN if en else JTL_DE}" class="jtl-validate" method="post"><button aria-label="{to_cart}" name="'
        f'inWarenkorb" type="submit" value="{to_cart}" class="js-cfg-validate btn-hidden-default btn btn-hidden">'
        '</button><div id="product-offer" class="row product-detail"><div class="col product-gallery col-12 col-lg-6">'
        f'<img src="/media/image/product/1/lg/walnut-desk-lamp.jpg" alt="{NAME}" itemprop="image"></div><div class="'
        'col product-info col-12 col-lg-6"><div class="product-info-inner"><div class="product-headline"><h1 class="'
        f'product-title h2" itemprop="name">{NAME}</h1></div><ul class="info-essential list-unstyled"><li class="'
        f'product-sku"><strong>{art}:</strong> <span itemprop="sku">WDL-100</span></li><li class="product-ean"><strong>'
        f'{ean}:</strong> <span itemprop="gtin13">{GTIN}</span></li><li class="product-manufacturer" itemprop="brand" '
        f'itemscope itemtype="https://schema.org/Brand"><strong>{man}:</strong> <a href="/Lumio" itemprop="url"><span '
        'itemprop="name">Lumio</span></a></li></ul><div class="shortdesc" itemprop="description">Gedrechselter '
        'Walnussfuß, Leinenschirm.</div><div class="product-offer" itemprop="offers" itemscope itemtype="https://'
        f'schema.org/Offer"><meta itemprop="url" content="{JTL_EN if en else JTL_DE}"><link itemprop="businessFunction"'
        ' href="http://purl.org/goodrelations/v1#Sell" /><input type="hidden" name="inWarenkorb" value="1"><input '
        'type="hidden" name="a" class="current_article" value="101"><div class="row"><div class="col"><div class="'
        f'price_wrapper">{label}<div class="price h1{" special-price" if special else ""}"><span>{price}</span></div>'
        f'<meta itemprop="price" content="{meta}"><meta itemprop="priceCurrency" content="EUR"><div class="price-note">'
        f'<span class="vat_info">{vat}</span>{note}</div></div></div></div><div class="stock-information row no-gutters'
        '"><div class="col"><div class="delivery-status"><ul class="list-unstyled"><li>' + status + '<link itemprop="'
        f'availability" href="https://schema.org/{schema}" /></li></ul></div></div></div>{buy}</div></div></div></div>'
        f'</form>{jtl_tiles(en)}</div>')
    header = ('<ul class="header-shop-nav nav"><li class="cart-icon-dropdown nav-item dropdown not-empty"><a class="'
              f'nav-link" aria-expanded="false" aria-label="{basket}" data-toggle="dropdown" href="#"><i class="fas fa-'
              'shopping-cart cart-icon-dropdown-icon"><span class="fa-sup" title="1">1</span></i><span class="cart-'
              'icon-dropdown-price">24,00 €</span></a><div class="cart-dropdown dropdown-menu dropdown-menu-right">'
              '<table class="table table-vertical-middle"><tbody><tr><td class="item-image"><img src="/s.jpg" alt=""'
              '></td><td class="item-name">1 &times; <a href="/Linen-Shade">Linen Shade</a></td><td class="item-price'
              '">24,00 €</td></tr></tbody></table><ul class="list-unstyled"><li class="text-muted-util">' + (
                  "Total" if en else "Gesamtsumme") + ': <span class="float-right">24,00 €</span></li></ul></div></li>'
              '</ul>')
    crumbs = ('<nav aria-label="breadcrumb" class="breadcrumb-wrapper"><ol id="breadcrumb" class="breadcrumb" '
              'itemprop="breadcrumb" itemscope itemtype="https://schema.org/BreadcrumbList">'
              '<li class="breadcrumb-item" itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">'
              '<a class="breadcrumb-link" href="/" '
              'itemprop="item"><span itemprop="name">' + ("Home" if en else "Startseite") + '</span></a><meta itemprop='
              '"position" content="1"></li><li class="breadcrumb-item active" itemprop="itemListElement" itemscope '
              f'itemtype="https://schema.org/ListItem"><span itemprop="name">{NAME}</span><meta itemprop="position" '
              'content="2"></li></ol></nav>')
    tail = ('<div class="footnote-vat"><span class="footnote-reference">*</span> ' + (
        "All prices incl. VAT, plus shipping" if en else "Alle Preise inkl. gesetzl. USt., zzgl. Versand") + '</div>')
    return doc(main, lang="en" if en else "de", header=header, crumbs=crumbs, tail=tail, body_attrs=' data-page="1"')


JTL_IN = '<span class="status status-2"><span class="fas fa-truck status-icon"></span>Sofort verfügbar</span>'
JTL_OFF = '<span class="status status-0"><span class="fas fa-truck status-icon"></span>Momentan nicht verfügbar</span>'
JTL_NOTIFY = ('<div id="add-to-cart" class="product-buy"><button type="button" class="btn btn-outline-primary btn-'
              'block popup-dep" id="n1" data-target="#popup1" data-toggle="modal">Benachrichtigen, wenn verfügbar'
              '</button></div>')
JTL_SOON = ('<div id="add-to-cart" class="product-buy coming_soon"><div class="alert alert-warning coming_soon text-'
            'center-util">Erscheinungsdatum: <strong>15.02.2027</strong> (Vorbestellung möglich)</div><button '
            'aria-label="In den Warenkorb" name="inWarenkorb" type="submit" value="In den Warenkorb" class="submit '
            'js-cfg-validate btn btn-primary btn-block">In den Warenkorb</button></div>')
JTL_CHOOSE = ('<div class="variations switch-variations row"><div class="col-12"><dl><dt>Finish&nbsp;</dt><dd class="'
              'form-group"><select class="custom-select" name="eigenschaftwert[1]" required><option value="">Please '
              'select</option><option value="1">Walnut</option><option value="2">Smoked oak (+ 10,00 €)</option>'
              '</select></dd></dl></div></div><div id="add-to-cart" class="product-buy"><div class="alert alert-info '
              'choose-variations" role="alert">Please choose a variation to add this item to the basket.</div></div>')

case("jtl_nova_de_sofort_verfuegbar_microdata_and_x_sell_offers_inside_the_product",
     jtl("54,00 €", "54.00", JTL_IN), JTL_DE, price=54.0, currency="EUR", availability="in_stock",
     sku="WDL-100", gtin=GTIN, brand="Lumio", title=NAME)
case("jtl_nova_de_sonderpreis_jetzt_nur_and_alter_preis_in_the_price_note",
     jtl("54,00 €", "54.00", JTL_IN, label='<span class="price_label nowonly">Jetzt nur </span>', special=True,
         note='<div class="text-danger text-stroke text-nowrap-util">Alter Preis: 67,50 €</div>'),
     JTL_DE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("jtl_nova_de_uvp_suggested_retail_price_and_you_save",
     jtl("54,00 €", "54.00", JTL_IN, note='<div class="suggested-price"><span>UVP des Herstellers</span>: <span class="'
         'value text-nowrap-util">79,00 €</span></div><div class="yousave">(Sie sparen <span class="percent">32%'
         '</span>, also <span class="value text-nowrap-util">25,00 €</span>)</div>'),
     JTL_DE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("jtl_nova_de_momentan_nicht_verfuegbar_notify_button_instead_of_basket",
     jtl("54,00 €", "54.00", JTL_OFF, "OutOfStock", buy=JTL_NOTIFY), JTL_DE,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
case("jtl_nova_de_coming_soon_preorder_possible",
     jtl("54,00 €", "54.00", "", "PreOrder", buy=JTL_SOON), JTL_DE,
     price=54.0, currency="EUR", availability="preorder", sku="WDL-100", title=NAME)
case("jtl_nova_en_variation_parent_from_price_choose_variations_alert",
     jtl("49,00 €", "49.00", '<span class="status status-2"><span class="fas fa-truck status-icon"></span>Available '
         'for shipping</span>', label='<span class="price_label pricestarting">from </span>', buy=JTL_CHOOSE, en=True),
     JTL_EN, price=49.0, currency="EUR", sku="WDL-100", title=NAME)


# ============================================================================ Bagisto 2 (Laravel / Vue)
# bagisto/bagisto @ 889a7c6bd7200867d528f6ddc2668798e7db05d8: packages/Webkul/Shop/src/Resources/views/products/
# view.blade.php (JSON-LD from Webkul/Product/src/Helpers/SEO.php getProductJsonLd: offers always InStock; og tags;
# the page body is <v-product> with a shimmer, the product form lives in <script type="text/x-template" id="v-product-
# template"> pushed to the end of the body; <x-shop::button> renders <v-button ... disabled>), products/prices/index
# .blade.php (sale: the struck regular price carries class "final-price line-through", the sale price none),
# products/prices/configurable.blade.php ("As low as"), components/button, checkout/cart/mini-cart (<v-mini-cart>).
BAG_EN = "https://lumio.example/walnut-desk-lamp"
BAG_DE = "https://lumio.example/de/walnut-desk-lamp"


def bag_ld(price: str, cur: str) -> str:
    return ('<script type="application/ld+json">{"@context":"https:\\/\\/schema.org\\/","@type":"Product","name":"'
            f'{NAME}","description":"Turned walnut base, linen shade.","url":"{BAG_EN.replace("/", chr(92) + "/")}",'
            f'"sku":"WDL-100","offers":{{"@type":"Offer","priceCurrency":"{cur}","price":{price},"availability":"'
            'https:\\/\\/schema.org\\/InStock"}}</script>')


def bagisto(prices: str, *, saleable: bool = True, ld: str = "", de: bool = False) -> str:
    cart, buy, tax = (("In den Warenkorb legen", "Jetzt kaufen", "Inklusive aller Steuern") if de else
                      ("Add To Cart", "Buy Now", "Inclusive of all taxes"))
    dis = "" if saleable else ' disabled="disabled"'
    head = (f'{ld}<meta name="description" content="Turned walnut base, linen shade."/><meta property="og:type" '
            f'content="og:product" /><meta property="og:title" content="{NAME}" /><meta property="og:image" '
            f'content="https://lumio.example/storage/product/1/lamp.webp" /><meta property="og:url" content="{BAG_EN}"'
            ' />')
    header = ('<div class="flex items-center gap-x-9 max-[1100px]:gap-x-6"><a href="/compare" aria-label="Compare">'
              '<span class="icon-compare inline-block cursor-pointer text-2xl"></span></a><v-mini-cart><span class="'
              'icon-cart cursor-pointer text-2xl" role="button" aria-label="Shopping Cart"></span></v-mini-cart>'
              '</div>')
    crumbs = ('<div class="flex justify-center px-7 max-lg:hidden"><nav aria-label=""><ol class="flex"><li class="flex '
              'items-center gap-x-2.5 text-base font-medium"><a href="/">Home</a></li><li class="flex items-center '
              'gap-x-2.5 text-base font-medium after:content-[\'/\'] after:last:hidden"><a href="/lamps">Lamps</a>'
              f'</li><li class="flex items-center gap-x-2.5 text-base" aria-current="page">{NAME}</li></ol></nav>'
              '</div>')
    main = ('<v-product><div class="container px-[60px] max-1180:px-0"><div class="mt-12 flex gap-9"><div class="flex '
            'h-max gap-8"><div class="shimmer h-[609px] w-[560px] rounded-xl"></div></div><div class="relative max-w-'
            '[590px]"><div class="shimmer h-[46px] w-full rounded-xl"></div><p class="shimmer mt-[22px] h-[38px] w-'
            '[150px]"></p></div></div></div></v-product><div class="1180:mt-20"><div class="max-1180:hidden"><div class'
            '="container mt-[60px] max-1180:px-5"><p class="text-lg text-zinc-500 max-1180:text-sm">Turned walnut '
            'base, linen shade, 2 m textile cable.</p></div></div></div><v-product-associations></v-product-'
            'associations>')
    tpl = ('<script type="text/x-template" id="v-product-template"><div><form ref="formData" @submit="handleSubmit('
           '$event, addToCart)"><input type="hidden" name="product_id" value="1"><input type="hidden" name="is_buy_now"'
           ' v-model="is_buy_now"><div class="container px-[60px] max-1180:px-0"><div class="mt-12 flex gap-9 max-1180:'
           'flex-wrap"><div class="relative max-w-[590px] max-1180:w-full"><div class="flex justify-between gap-4">'
           f'<h1 class="break-words text-3xl font-medium max-sm:text-xl" v-pre>{NAME}</h1></div><p class="mt-[22px] '
           f'flex items-center gap-2.5 text-2xl !font-medium">{prices}</p><span class="text-sm font-normal text-zinc-'
           f'500 max-sm:text-xs">({tax})</span><p class="mt-6 text-lg text-zinc-500">Turned walnut base, linen shade.'
           '</p><div class="mt-8 flex max-w-[470px] gap-4 max-sm:mt-4"><v-quantity-changer class="gap-x-4 rounded-xl '
           'px-7 py-4" name="quantity" value="1"></v-quantity-changer><v-button type="submit" class="secondary-button '
           f'w-full max-w-full" button-type="secondary-button" title="{cart}"{dis} :loading="isStoring.addToCart" '
           ':disabled="isStoring.addToCart" @click="is_buy_now=0;"></v-button></div><v-button type="submit" class="'
           f'primary-button mt-5 w-full max-w-[470px]" button-type="primary-button" title="{buy}"{dis} :loading="'
           'isStoring.buyNow" @click="is_buy_now=1;" :disabled="isStoring.buyNow"></v-button></div></div></div>'
           '</form></div></script><script type="text/x-template" id="v-button-template"><button v-if="! loading" '
           ':class="[buttonClass, \'\']">{{ title }}</button></script>')
    return doc(main, lang="de" if de else "en", head=head, header=header, crumbs=crumbs, tail=tpl)


BAG_REG = '<p class="final-price font-semibold max-sm:leading-4">{}</p>'
BAG_SALE = ('<p class="final-price font-medium text-zinc-500 line-through max-sm:leading-4" aria-label="$67.50">$67.50'
            '</p><p class="font-semibold max-sm:leading-4">$54.00</p>')

case("bagisto_en_simple_product_json_ld_and_the_form_in_a_vue_x_template",
     bagisto(BAG_REG.format("$54.00"), ld=bag_ld("54.0", "USD")), BAG_EN,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("bagisto_en_special_price_struck_regular_price_has_the_final_price_class",
     bagisto(BAG_SALE, ld=bag_ld("54.0", "USD")), BAG_EN,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
# Open (docs/quality.md): Bagisto renders the product block in a Vue <script type="text/x-template"> that the
# browser mounts into <v-product>; with rich snippets off the server HTML holds no price, and a product that is not
# saleable shows it only by the x-template's disabled buttons while the JSON-LD always says InStock.
case("bagisto_de_configurable_ab_as_low_as_euro_after_amount",
     bagisto('<p class="price-label text-sm text-zinc-500 max-sm:text-xs max-sm:leading-4">Ab</p><p class="regular-'
             'price text-lg font-semibold text-gray-500 line-through max-sm:text-sm" style="display: none;"></p><p '
             'class="final-price font-semibold max-sm:leading-4">49,00 €</p>', ld=bag_ld("49.0", "EUR"), de=True),
     BAG_DE, price=49.0, currency="EUR", sku="WDL-100", title=NAME)


# ============================================================================ Spree 4 legacy storefront
# spree/spree_legacy_frontend @ 31725b84516cfb66236887ef9d24d67a939748f1: app/views/spree/products/show.html.erb
# (h1.product-details-title, #cart-form, empty #related-products filled by ajax, products_structured_data: a JSON-LD
# array, offers.price a decimal string, availability bare "InStock"), _cart_form.html.erb (<template class=
# "availability-template ..."> for every state, #product-price span.compare-at-price + span.price.selling content=,
# "Availability:" line, #product-variants, #add-to-cart-button always rendered disabled until JS picks a variant,
# absent when the product cannot be supplied, data-variants JSON), _cart_form_availability_templates.html.erb,
# _option_type.html.erb, shared/_link_to_cart.html.erb; spree core StructuredDataHelper (4.x).
SPREE = "https://lumio.example/products/walnut-desk-lamp"
SP_TPL = "".join(f'<template class="availability-template availability-template-{k}"><span class="add-to-cart-form-'
                 f'general-availability-value{m}">{t}</span></template>' for k, m, t in [
                     ("not-available-in-currency", " add-to-cart-form-general-availability-value--danger",
                      "This product is not available in the selected currency."),
                     ("in-stock", "", "In Stock"),
                     ("backorderable", " add-to-cart-form-general-availability-value--warning", "Backordered"),
                     ("out-of-stock", " add-to-cart-form-general-availability-value--danger", "Out of Stock")])
SP_PICK = ('<hr><ul id="product-variants" class="product-variants"><li><div class="product-variants-variant" data-'
           'option-type-id="1"><span class="d-block mb-2 text-uppercase product-variants-variant-title">Finish</span>'
           '<div class="d-flex flex-wrap"><ol class="d-flex flex-wrap product-variants-variant-values"><li><input type'
           '="radio" name="variant_option_value_id_1" id="variant_option_value_id_1_1" value="1" checked="checked" '
           'class="product-variants-variant-values-radio" data-option-type-index="0" data-presentation="Walnut" data-'
           'variant-id="11"><label class="m-1 select-label" aria-label="Walnut" for="variant_option_value_id_1_1">'
           '<span>Walnut</span></label></li><li><input type="radio" name="variant_option_value_id_1" id="variant_'
           'option_value_id_1_2" value="2" class="product-variants-variant-values-radio" data-option-type-index="0" '
           'data-presentation="Smoked Oak" data-variant-id="12"><label class="m-1 select-label" aria-label="Smoked '
           'Oak" for="variant_option_value_id_1_2"><span>Smoked Oak</span></label></li></ol></div></div></li></ul>')


def spree(state: str, *, compare: str = "", stock: str = "InStock", can_supply: bool = True, pick: str = "") -> str:
    variants = ('[{&quot;display_price&quot;:&quot;$54.00&quot;,&quot;price&quot;:{&quot;amount&quot;:&quot;54.0&quot;,'
                '&quot;currency&quot;:&quot;USD&quot;},&quot;in_stock&quot;:' + ("true" if stock == "InStock" else
                                                                          "false") + ',&quot;purchasable&quot;:'
                + ("true" if can_supply else "false") + ',&quot;option_values&quot;:[]}')
    if pick:
        variants += (',{&quot;display_price&quot;:&quot;$59.00&quot;,&quot;price&quot;:{&quot;amount&quot;:&quot;59.0'
                     '&quot;,&quot;currency&quot;:&quot;USD&quot;},&quot;in_stock&quot;:true,&quot;purchasable&quot;:'
                     'true,&quot;option_values&quot;:[]}')
    cmp = f'<span class="compare-at-price mr-3">{compare}</span>' if compare else ""
    button = ('<input type="hidden" name="variant_id" id="variant_id" value="11"><hr><div><div class="mb-5 mt-4 text-'
              'center text-md-left"><div class="quantity-select"><label for="quantity">Quantity</label><input type="'
              'number" name="quantity" id="quantity" value="1" min="1" class="form-control"></div></div><button name='
              '"button" type="submit" class="btn btn-primary w-100 text-uppercase font-weight-bold add-to-cart-button"'
              ' id="add-to-cart-button" disabled="disabled">Add To Cart</button></div>' if can_supply else "")
    main = (
        '<div class="container pt-4 product-details"><div class="row" data-hook="product_show"><div class="col-12 col-'
        'md-7" data-hook="product_left_part"><div class="product-details-single-image"><img alt="Walnut Desk Lamp" '
        'src="/rails/active_storage/lamp.jpg"></div></div><div class="col-12 col-md-5" data-hook="product_right_part">'
        '<div id="product-description" data-hook="product_right_part_wrap"><h1 class="mt-3 mt-md-0 text-center text-'
        f'md-left product-details-title">{NAME}</h1><div id="cart-form" data-hook="cart_form">{SP_TPL}<form id="add-'
        'to-cart-form" class="add-to-cart-form" data-product-summary="{&quot;name&quot;:&quot;Walnut Desk Lamp&quot;}"'
        f' data-variants="{variants}]" data-variant-change-trigger-identifier="productCarousel" action="/orders/'
        'populate" accept-charset="UTF-8" method="post"><div id="inside-product-cart-form" data-hook="inside_product_'
        'cart_form"><div id="product-price" class="mb-2 text-center text-md-left add-to-cart-form-price" data-hook="'
        f'product_price">{cmp}<span class="price selling" content="54.0">$54.00</span><span content="USD"></span></div>'
        '<div class="text-center text-md-left add-to-cart-form-general-availability text-uppercase">Availability:'
        f'{state}</div>{pick}{button}</div></form></div></div></div></div><div class="pb-4 pt-md-5 row" data-hook="'
        'product_description"><div class="col-12 col-md-7 col-lg-6"><div id="product-description-long" class="'
        'product-details-description">Turned walnut base, linen shade.</div></div><div class="col-12 col-md-5" data-'
        'hook="product_properties"><div id="product-properties" class="product-details-properties"><ul><li><span '
        'class="product-details-property-name">Brand</span> <span>Lumio</span></li><li><span class="product-details-'
        'property-name">SKU</span> <span>WDL-100</span></li></ul></div></div></div><div id="no-product-available" '
        'class="no-product-available-dropdown"><div class="no-product-available">There are no products available in '
        'this store with the selected options.</div></div></div><div id="related-products"></div>'
        '<script type="application/ld+json">[{"@context":"https://schema.org/","@type":"Product","@id":"https://'
        f'lumio.example/product_7","url":"{SPREE}","name":"{NAME}","image":"","description":"Turned walnut base, '
        'linen shade.","sku":"WDL-100","offers":{"@type":"Offer","price":"54.0","priceCurrency":"USD","availability":'
        f'"{stock}","url":"{SPREE}","availabilityEnds":""}}}}]</script><div data-related-products data-related-'
        'products-id="walnut-desk-lamp" data-related-products-enabled="true" />')
    header = ('<div id="link-to-cart" class="d-inline-block cart-icon"><a href="/cart" aria-label="Cart"><svg '
              'width="36" height="36"></svg><span class="cart-icon-count">1</span></a></div><div class="header-'
              'spree-fluid-promo">Free shipping on orders over $75</div>')
    crumbs = ('<div class="container"><nav aria-label="breadcrumb"><ol class="breadcrumb" itemscope="itemscope" '
              'itemtype="https://schema.org/BreadcrumbList"><li class="breadcrumb-item" itemprop="itemListElement" '
              'itemscope="itemscope" itemtype="https://schema.org/ListItem"><a itemprop="item" href="/"><span itemprop'
              '="name">Home</span><meta itemprop="position" content="1"></a></li><li class="breadcrumb-item" itemprop='
              '"itemListElement" itemscope="itemscope" itemtype="https://schema.org/ListItem"><a itemprop="item" href="'
              '/t/lamps"><span itemprop="name">Lamps</span><meta itemprop="position" content="2"></a></li></ol></nav>'
              '</div>')
    return doc(main, header=header, crumbs=crumbs, body_attrs=' id="product-details" class="one-col"')


def sp_state(kind: str, text: str) -> str:
    mod = {"": "", "warn": " add-to-cart-form-general-availability-value--warning",
           "danger": " add-to-cart-form-general-availability-value--danger"}[kind]
    return f'<span class="add-to-cart-form-general-availability-value{mod}">{text}</span>'


case("spree_in_stock_every_availability_template_and_a_button_disabled_until_js",
     spree(sp_state("", "In Stock")), SPREE,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("spree_compare_at_price_before_the_selling_price",
     spree(sp_state("", "In Stock"), compare="$67.50"), SPREE,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("spree_out_of_stock_text_no_button_json_ld_outofstock",
     spree(sp_state("danger", "Out of Stock"), stock="OutOfStock", can_supply=False), SPREE,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("spree_backordered_orderable_while_json_ld_says_outofstock",
     spree(sp_state("warn", "Backordered"), stock="OutOfStock"), SPREE,
     price=54.0, currency="USD", availability="backorder", sku="WDL-100", title=NAME)
case("spree_variant_radio_picker_default_variant_price_and_variants_matrix",
     spree(sp_state("", "In Stock"), pick=SP_PICK), SPREE,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
