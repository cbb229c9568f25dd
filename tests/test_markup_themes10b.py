"""Shapes of real shop markup, part 10b: Nuvemshop / Tiendanube, VTEX IO and Cafe24 product pages (part 10:
Wix Stores, Squarespace, Ecwid), read by the generic extraction (no site profile); see tests/test_markup_themes.py.
Each case renders by hand what the platform outputs for one state, in the locale it is mostly used in, inside a
whole page (header cart, related tiles with their own prices). The expectations are what a careful human reads."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc
from tests.test_markup_themes10 import ld

CASES, case = case_table()


# ============================================================================ Nuvemshop / Tiendanube
# TiendaNube/base-theme @ 8b8635a9c91c705af14c6c7914cceaece8aa8266: templates/product.tpl (#single-product
# data-variants), snipplets/product/product-form.tpl (#compare_price_display.js-compare-price-display,
# #price_display.js-price-display[data-product-price], input.js-addtocart value "Agregar al carrito" / "Sin stock"
# disabled), product-variants.tpl, labels.tpl (js-stock-label), grid/item.tpl (item-price), header-utilities.tpl
# (js-cart-widget-amount); meta tiendanube:price / tiendanube:stock and the JSON-LD (which keeps the list price while
# a promotion runs) as the stores' scrapers describe them.
TN_AR = "https://www.lumio.example.com.ar/productos/walnut-desk-lamp/"
TN_BR = "https://www.lumio.example.com.br/produtos/walnut-desk-lamp/"


def tn(price: str, number: str, *, old: str = "", ld_price: str = "", stock: int = 7, br: bool = False,
       variants: bool = False, tiles: tuple[str, str] = ("$24.000", "$79.000")) -> str:
    cur = "BRL" if br else "ARS"
    avail = stock > 0
    state = "cart" if avail else "nostock"
    text = ("Adicionar ao carrinho" if br else "Agregar al carrito") if avail else ("Esgotado" if br else "Sin stock")
    vobj = [{"product_id": 1201, "price_short": price, "price_number": float(number), "compare_at_price_short":
             old or None, "compare_at_price_number": None, "stock": stock, "available": avail, "sku": "WDL-100",
             "option0": "Nogal" if not br else "Nogueira", "id": 5501}]
    data = json.dumps(vobj).replace('"', "&quot;")
    comp = (f'style="display:block;">{old}' if old else 'style="display:none;">')
    label = ('<div class="js-labels-floating-group"><div class="js-stock-label label label-default">'
             f'{text}</div></div>' if not avail else "")
    sel = ('<div class="js-product-variants form-row"><div class="js-product-variants-group col" data-variation-id="0">'
           f'<div class="form-group"><label class="form-label" for="variation_1">{"Cor" if br else "Color"}</label>'
           '<select id="variation_1" class="form-select js-variation-option js-refresh-installment-data" name="'
           f'variation[0]"><option value="{vobj[0]["option0"]}" selected="selected">{vobj[0]["option0"]}</option>'
           '<option value="Roble">Roble</option></select></div></div></div>' if variants else "")
    qty = ('<div class="form-group js-quantity"><input type="number" class="form-control js-quantity-input" value="1"'
           ' name="quantity"></div>' if avail else "")
    main = (f'<div id="single-product" class="js-has-new-shipping js-product-detail js-product-container" data-variants'
            f'="{data}" data-store="product-detail"><div class="container"><div class="row section-single-product">'
            f'<div class="col-12 col-md-7" data-store="product-image-1201">{label}<img src="https://acdn.example/lamp'
            f'.jpg" alt="{NAME}"></div><div class="col" data-store="product-info-1201"><section class="page-header">'
            f'<h1 class="js-product-name">{NAME}</h1></section><div class="js-price-container price-container" '
            'data-store="product-price-1201"><span class="d-inline-block mb-2"><h4 id="compare_price_display" class="'
            f'js-compare-price-display price-compare mb-0" {comp}</h4></span><span class="d-inline-block"><h4 class="'
            f'js-price-display mb-0" id="price_display" data-product-price="{round(float(number) * 100)}">{price}</h4>'
            '</span></div><div class="js-product-payments-container mb-2"><div class="product-detail-installments">'
            '<span class="js-installment-amount">'
            f'{"6x de R$ 21,65 sem juros" if br else "6 cuotas sin interés de $4.000"}'
            '</span></div></div><form id="product_form" class="js-product-form" method="post" action="/comprar/">'
            f'<input type="hidden" name="add_to_cart" value="1201" />{sel}{qty}<div class="mb-4"><input type="submit" '
            f'class="js-addtocart js-prod-submit-form btn btn-primary btn-block mb-4 {state}" value="{text}" '
            f'{"" if avail else "disabled "}data-store="product-buy-button" data-component="product.add-to-cart"/>'
            '</div></form><div class="product-description user-content"><h5>' + ("Descrição" if br else "Descripción")
            + '</h5><p>Nogal torneado, pantalla de lino.</p></div></div></div></div></div>')
    offer = {"@type": "Offer", "url": TN_BR if br else TN_AR, "priceCurrency": cur,
             "price": ld_price or number, "availability": "http://schema.org/" + ("InStock" if avail else "OutOfStock"),
             "seller": {"@type": "Organization", "name": "Lumio"}}
    head = (f'<meta property="og:type" content="tiendanube:product"><meta property="og:title" content="{NAME}">'
            f'<meta property="tiendanube:price" content="{number}"><meta property="tiendanube:stock" content="{stock}">'
            + ld({"@context": "https://schema.org", "@type": "Product", "name": NAME, "sku": "WDL-100",
                  "image": "https://acdn.example/lamp.jpg", "offers": offer}))
    header = ('<div class="utilities-container"><div id="ajax-cart" class="cart-summary" data-component="cart-button">'
              '<a href="#" class="js-toggle-cart"><span class="js-cart-widget-amount cart-widget-amount">1</span></a>'
              '</div></div>')
    related = ('<section class="section-products-related"><h3>' + ("Produtos similares" if br else "Productos "
               "similares") + '</h3><div class="js-swiper-related swiper-wrapper">' + "".join(
                   f'<div class="js-item-product item item-product" data-product-id="{i}"><div class="item-'
                   'description">'
                   f'<a href="/productos/p{i}/" class="item-link"><div class="js-item-name item-name">{n}</div><div '
                   f'class="item-price-container"><span class="js-price-display item-price">{p}</span></div></a></div>'
                   '</div>' for i, (n, p) in enumerate(zip(["Linen Shade", "Oak Wall Light"], tiles)))
               + '</div></section>')
    return doc(main, lang="pt-BR" if br else "es-AR", head=head, header=header, related=related,
               crumbs='<div class="breadcrumbs"><a class="crumb" href="/">Inicio</a><a class="crumb">Lámparas</a>'
               '</div>')


case("tiendanube_ar_in_stock_thousand_dot_pesos",
     tn("$24.000", "24000"), TN_AR,
     price=24000.0, currency="ARS", availability="in_stock", sku="WDL-100", title=NAME)
case("tiendanube_ar_promotion_json_ld_keeps_list_price",
     tn("$24.000", "24000", old="$30.000", ld_price="30000"), TN_AR,
     price=24000.0, currency="ARS", availability="in_stock", sku="WDL-100", title=NAME)
case("tiendanube_ar_sin_stock_disabled_input_and_label",
     tn("$24.000", "24000", stock=0), TN_AR,
     price=24000.0, currency="ARS", availability="out_of_stock", sku="WDL-100", title=NAME)
case("nuvemshop_br_esgotado_disabled_input",
     tn("R$129,90", "129.90", br=True, stock=0, tiles=("R$24,90", "R$79,90")), TN_BR,
     price=129.9, currency="BRL", availability="out_of_stock", sku="WDL-100", title=NAME)
case("nuvemshop_br_reais_with_colour_picker_and_installments",
     tn("R$129,90", "129.90", br=True, variants=True, tiles=("R$24,90", "R$79,90")), TN_BR,
     price=129.9, currency="BRL", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ VTEX IO (store-theme)
# vtex-apps/product-price (vtex-product-price-1-x-listPriceValue / sellingPriceValue > currencyContainer >
# currencyCode / currencyLiteral / currencyInteger / currencyGroup / currencyDecimal / currencyFraction,
# installments), vtex-apps/add-to-cart-button, vtex-apps/store-components (productNameContainer, availability-
# Subscriber), vtex-apps/structured-data (Product + AggregateOffer) and the <template data-varname="__STATE__">
# island, as the class selectors of public VTEX scrapers target them; shelves carry the "--summary" variants.
VTX = "https://www.lumio.example.com.br/walnut-desk-lamp/p"
VTX_MX = "https://www.lumio.example.com.mx/walnut-desk-lamp/p"
PP = "vtex-product-price-1-x-"


def vmoney(code: str, integer: str, frac: str, *, group: str = ".", dec: str = ",") -> str:
    parts = integer.split(",") if "," in integer else integer.split(".")
    ints = f'<span class="{PP}currencyGroup">{group}</span>'.join(
        f'<span class="{PP}currencyInteger">{p}</span>' for p in parts)
    return (f'<span class="{PP}currencyContainer"><span class="{PP}currencyCode">{code}</span><span class="'
            f'{PP}currencyLiteral">&nbsp;</span>{ints}<span class="{PP}currencyDecimal">{dec}</span><span class="'
            f'{PP}currencyFraction">{frac}</span></span>')


def vtex(selling: str, low: float, *, list_price: str = "", inst: str = "", avail: bool = True, mx: bool = False,
         tiles: tuple[str, str] = ("R$ 24,90", "R$ 79,90")) -> str:
    cur = "MXN" if mx else "BRL"
    lst = (f'<span class="{PP}listPrice {PP}listPrice--pdp">De <span class="{PP}listPriceValue strike">{list_price}'
           '</span></span>' if list_price else "")
    price = (f'<div class="vtex-flex-layout-0-x-flexCol">{lst}<span class="{PP}sellingPrice {PP}sellingPrice--pdp">'
             f'{"Por " if list_price else ""}<span class="{PP}sellingPriceValue {PP}sellingPriceValue--pdp">{selling}'
             f'</span></span>{inst}</div>' if avail else "")
    buy = (f'<button class="vtex-button bw1 ba fw5 v-mid relative pa0 lh-solid br2 min-h-regular t-action bg-action-'
           f'primary"><div class="vtex-button__label"><span class="vtex-add-to-cart-button-0-x-buttonText">'
           f'{"Agregar al carrito" if mx else "Adicionar ao carrinho"}</span></div></button>' if avail else
           '<div class="vtex-store-components-3-x-availabilitySubscriber"><div class="vtex-store-components-3-x-title">'
           'Produto indisponível</div><div class="vtex-store-components-3-x-subscribeLabel">Avise-me quando chegar'
           '</div><form><input type="email" placeholder="E-mail"><button type="submit">Avise-me</button></form></div>')
    state = {f"Product:sp-1201": {"productId": "1201", "productName": NAME, "brand": "Lumio", "linkText":
             "walnut-desk-lamp", "items": [{"type": "id", "id": "Product:sp-1201.items.0"}]},
             "Product:sp-1201.items.0": {"itemId": "88", "name": NAME, "ean": "7891234567895", "referenceId": [
                 {"Key": "RefId", "Value": "WDL-100"}], "sellers": [{"type": "id", "id": "s0"}]},
             "$Product:sp-1201.items.0.sellers.0.commertialOffer": {"Price": low, "ListPrice": low,
                                                                   "AvailableQuantity": 5 if avail else 0}}
    offer = {"@type": "AggregateOffer", "lowPrice": low, "highPrice": low, "priceCurrency": cur,
             "offers": [{"@type": "Offer", "price": low, "priceCurrency": cur, "availability":
                         "http://schema.org/" + ("InStock" if avail else "OutOfStock"), "sku": "88",
                         "seller": {"@type": "Organization", "name": "Lumio"}}], "offerCount": 1}
    head = ld({"@context": "https://schema.org", "@type": "Product", "@id": VTX_MX if mx else VTX, "name": NAME,
               "brand": {"@type": "Brand", "name": "Lumio"}, "sku": "88", "mpn": "WDL-100", "gtin": "7891234567895",
               "image": "https://lumio.vtexassets.com/lamp.jpg", "offers": offer})
    main = ('<div class="vtex-store__template"><div class="vtex-flex-layout-0-x-flexRow--product-main"><div class="'
            f'vtex-store-components-3-x-productImage"><img src="https://lumio.vtexassets.com/lamp.jpg" alt="{NAME}">'
            '</div><div class="vtex-flex-layout-0-x-flexCol--product-info"><h1 class="vtex-store-components-3-x-'
            f'productNameContainer mv0 t-heading-4"><span class="vtex-store-components-3-x-productBrand">{NAME}</span>'
            '</h1><div class="vtex-product-identifier-0-x-product-identifier--productReference"><span class="vtex-'
            'product-identifier-0-x-product-identifier__label">Referência</span><span class="vtex-product-identifier-'
            f'0-x-product-identifier__value">WDL-100</span></div>{price}{buy}</div></div></div>')
    header = ('<div class="vtex-minicart-2-x-minicartWrapperContainer"><button class="vtex-minicart-2-x-openIconContai'
              'ner"><span class="vtex-minicart-2-x-minicartQuantityBadge">1</span></button></div>')
    related = ('<div class="vtex-shelf-1-x-relatedProducts"><h2>' + ("También te puede interesar" if mx else
               "Quem viu, viu também") + '</h2>' + "".join(
                   f'<section class="vtex-product-summary-2-x-container"><h3 class="vtex-product-summary-2-x-product'
                   f'NameContainer"><span class="vtex-product-summary-2-x-productBrand">{n}</span></h3><span class="'
                   f'{PP}sellingPriceValue {PP}sellingPriceValue--summary">{p}</span></section>'
                   for n, p in zip(["Linen Shade", "Oak Wall Light"], tiles)) + '</div>')
    tail = (f'<template data-type="json" data-varname="__STATE__"><script>{json.dumps(state)}</script></template>')
    return doc(main, lang="es-MX" if mx else "pt-BR", head=head, header=header, related=related, tail=tail)


case("vtex_br_in_stock_split_currency_spans_and_structured_data",
     vtex(vmoney("R$", "1.299", "90"), 1299.9), VTX,
     price=1299.9, currency="BRL", availability="in_stock", title=NAME)
case("vtex_br_de_por_list_price_and_installments",
     vtex(vmoney("R$", "1.299", "90"), 1299.9, list_price=vmoney("R$", "1.599", "90"),
          inst=f'<span class="{PP}installments">10x de <span class="{PP}installmentValue">R$ 129,99</span> sem juros'
               '</span>'), VTX,
     price=1299.9, currency="BRL", availability="in_stock", title=NAME)
case("vtex_br_unavailable_subscriber_form_no_price",
     vtex("", 0, avail=False), VTX,
     availability="out_of_stock", title=NAME)
case("vtex_mx_pesos_comma_thousands",
     vtex(vmoney("$", "1,299", "00", group=",", dec="."), 1299.0, mx=True, tiles=("$249.00", "$799.00")), VTX_MX,
     price=1299.0, currency="MXN", availability="in_stock", title=NAME)


# ============================================================================ Cafe24 (Korean hosted platform)
# Cafe24 default skin detail page as copies of it in public repositories render it (e.g. the stored files id
# 41677807464 / 40679894749 / 34065947617): xans-product-detail table rows 판매가 (#span_product_price_text),
# 소비자가 (#span_product_price_custom <strike>), 할인판매가 (#span_product_price_sale), ico_product_soldout.gif
# (alt 품절), the displaynone toggles of the buy / SOLD OUT buttons, product:price:* meta, xans-product-listitem.
C24 = "https://lumio.example.co.kr/product/walnut-desk-lamp/21/category/24/"


def cafe24(price: str, *, sale: str = "", custom: str = "", soldout: bool = False, meta: str = "") -> str:
    strike = ' style="text-decoration:line-through;"' if sale else ""
    rows = (f'<tr class="{"" if custom else "displaynone "}xans-record-"><th scope="row"><span style="font-size:12px;'
            f'color:#555555;">소비자가</span></th><td><span id="span_product_price_custom"><strike>{custom}</strike>'
            '</span></td></tr><tr class=" xans-record-"><th scope="row"><span style="font-size:12px;color:#008BCC;">'
            f'판매가</span></th><td><span><strong id="span_product_price_text"{strike}>{price}</strong><input id="'
            'product_price" name="product_price" value="" type="hidden" /></span></td></tr>')
    if sale:
        rows += ('<tr class=" xans-record-"><th scope="row"><span style="color:#ff0000;">할인판매가</span></th><td><span '
                 f'id="span_product_price_sale">{sale} <span>(4,800원 할인)</span></span></td></tr>')
    rows += ('<tr class=" xans-record-"><th scope="row"><span>상품코드</span></th><td><span>P0000BCD</span></td>'
             '</tr><tr class=" xans-record-"><th scope="row"><span>자체상품코드</span></th><td><span>WDL-100</span></td>'
             '</tr>')
    icon = ('<img src="//img.echosting.cafe24.com/design/skin/default/product/ico_product_soldout.gif" class="icon_img"'
            ' alt="품절">' if soldout else "")
    main = ('<div class="xans-element- xans-product xans-product-detail"><div class="detailArea"><div class="imgArea">'
            f'<div class="keyImg"><img src="//lumio.example.co.kr/web/product/big/lamp.jpg" alt="{NAME}" class="'
            f'BigImage"></div></div><div class="infoArea"><div class="headingArea"><h2>{NAME}</h2><span class="icon">'
            f'{icon}</span></div><div class="xans-element- xans-product xans-product-detaildesign"><table border="1">'
            f'<caption>기본 정보</caption><tbody>{rows}</tbody></table></div><div class="xans-element- xans-product '
            'xans-product-action"><div class="btnArea"><a href="#none" class="first btnSubmit sizeL df-BuyButton '
            f'{"displaynone" if soldout else ""}" onclick="product_submit(1, \'/exec/front/order/basket/\', this)">'
            f'<span id="btnBuy">구매하기</span></a><span class="btnNormal sizeL {"" if soldout else "displaynone"}">'
            'SOLD OUT</span><a href="#none" class="btnNormal sizeL actionCart '
            f'{"displaynone" if soldout else ""}">장바구니 담기</a></div></div></div></div></div>')
    header = ('<div class="xans-element- xans-layout xans-layout-orderbasketcount"><a href="/order/basket.html">'
              '장바구니 <span class="count EC-Layout-Basket-count">1</span></a></div>')
    related = ('<div class="xans-element- xans-product xans-product-relation"><h3>관련상품</h3><ul class="prdList">'
               + "".join(f'<li class="xans-record-"><p class="name"><a href="/product/p{i}/"><span>{n}</span></a></p>'
                         f'<ul class="xans-element- xans-product xans-product-listitem spec"><li class=" xans-record-">'
                         f'<strong class="title">판매가</strong> : <span>{p}</span></li></ul></li>'
                         for i, (n, p) in enumerate([("Linen Shade", "9,000원"), ("Oak Wall Light", "59,000원")]))
               + '</ul></div>')
    return doc(main, lang="ko", head=meta, header=header, related=related)


case("cafe24_ko_in_stock_won_suffix_and_product_meta",
     cafe24("24,000원", meta='<meta property="product:price:amount" content="24000"><meta property="product:price:'
            'currency" content="KRW">'), C24,
     price=24000.0, currency="KRW", availability="in_stock", title=NAME)
case("cafe24_ko_period_discount_struck_sale_row",
     cafe24("24,000원", sale="19,200원"), C24,
     price=19200.0, currency="KRW", availability="in_stock", title=NAME)
# Open (docs/quality.md): Cafe24's sold-out state is a shown <span class="btnNormal">SOLD OUT</span> and an
# <img alt="품절"> while the buy links get "displaynone": neither is a stock element or a button.


@pytest.mark.parametrize("html,url,expected", CASES)
def test_hosted_platform_product_page(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
