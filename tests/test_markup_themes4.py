"""Shapes of real shop markup, part 4: OXID eShop "wave", Shopware 5 Responsive (Bare), Odoo website_sale and
PrestaShop's Hummingbird product pages as their templates render them, read by the generic extraction (no site
profile); see tests/test_markup_themes.py. Each case renders by hand what the templates output for one state, with
the theme's classes, data attributes and schema.org data, inside a realistic page (mini cart, breadcrumbs, related
products with prices). The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ OXID eShop 6, wave theme
# OXID-eSales/wave-theme @ 01fe89eb23725e541a255cae61150cf29e261654: tpl/page/details/inc/productmain.tpl (details-
# title h1, ARTNUM, price-wrapper with del.price-old, label#productPrice, a d-none itemprop=price copy, stockFlag with
# an itemprop=availability link, tobasket button only when buyable), widget/minibasket, widget/product/listitem_grid.
OX_DE = "https://www.lumio.example.de/Leuchten/Walnut-Desk-Lamp.html"
OX_EN = "https://www.lumio.example.de/en/Lamps/Walnut-Desk-Lamp.html"
DANGER = ' class="text-danger"'


def ox_stock(kind: str, text: str) -> str:
    if kind == "off":
        return (f'<span class="stockFlag notOnStock"><i class="fa fa-circle text-danger"></i><link itemprop="'
                f'availability" href="http://schema.org/OutOfStock"/>{text}</span>')
    if kind == "low":
        return (f'<link itemprop="availability" href="http://schema.org/InStock"/><span class="stockFlag lowStock">'
                f'<i class="fa fa-circle text-warning"></i> {text}</span>')
    return (f'<span class="stockFlag"><link itemprop="availability" href="http://schema.org/InStock"/><i class="fa fa-'
            f'circle text-success"></i>{text}</span>')


def oxid(price: str, stock: str, *, old: str = "", buyable: bool = True, en: bool = False, frm: str = "",
         artnum: str = "WDL-100") -> str:
    lab_art, to_cart, delivery = (("Item #:", "to cart", "Delivery time: 1 - 2 days") if en else
                                  ("Artikelnummer:", "In den Warenkorb", "Lieferzeit: 1 - 2 Tage"))
    old_html = f'<del class="price-old">{old}</del><br />' if old else ""
    basket = (f'<div class="input-group tobasket-input-group"><input id="amountToBasket" type="text" name="am" value="1"'
              ' autocomplete="off" class="form-control"><div class="input-group-append"><button id="toBasket" type="'
              f'submit" class="btn btn-primary submitButton"><i class="fa fa-shopping-cart"></i> {to_cart}</button></div>'
              '</div>' if buyable else "")
    deliv = (f'<div class="deliverytime">{delivery}</div>' if buyable else "")
    main = ('<form class="js-oxProductForm" action="/index.php?" method="post"><div class="hidden"><input type="hidden" '
            'name="cl" value="details"><input type="hidden" name="aid" value="a7c40f6320aeb2ec2.72185111"><input type='
            '"hidden" name="fnc" value="tobasket"></div><div class="details-info" itemscope itemtype="http://schema.org/'
            'Product"><div class="row"><div class="col-12 col-md-4 details-col-left"><div class="picture details-picture'
            '"><img src="/out/pictures/generated/product/1/540_340_75/lamp.jpg" alt="Walnut Desk Lamp " itemprop="image"'
            ' class="img-fluid"></div></div><div class="col-12 col-sm-8 col-md-5 col-lg-6 details-col-middle"><h1 id="'
            f'productTitle" class="details-title" itemprop="name">{NAME} </h1><span class="small text-muted">{lab_art} '
            f'{artnum}</span><p class="details-shortdesc" id="productShortdesc" itemprop="description">Turned walnut, '
            'linen shade.</p><div class="details-information" itemprop="offers" itemscope itemtype="http://schema.org/'
            f'Offer"></div><div class="price-wrapper">{old_html}<label id="productPrice" class="price-label"><span'
            f'{DANGER if old else ""}><span class="price-from">{frm}</span><span class="price">{price}'
            '</span><span class="price-markup">*</span><span class="d-none"><span itemprop="price">'
            f'{price}</span></span></span></label></div><div class="tobasket"><div class="tobasketFunction tobasket-'
            f'function">{basket}</div>{stock}{deliv}</div></div><div class="col-12 col-sm-4 col-md-3 col-lg-2 details-'
            'col-right"><div class="brandLogo"><a href="/Nach-Hersteller/Lumio/" title="Lumio"><img src="/lumio.png" '
            'alt="Lumio"></a><span itemprop="brand" class="d-none">Lumio</span></div></div></div></div></form>')
    header = ('<div class="btn-group minibasket-menu"><button type="button" class="btn dropdown-toggle" data-toggle="'
              'dropdown" data-href="/warenkorb/"><i class="fa fa-shopping-cart fa-2x"></i><span class="badge">1</span>'
              '</button><div class="dropdown-menu dropdown-menu-right"><div class="row"><div class="col-12"><div class='
              '"minibasket-menu-box"><div class="h3">' + ("Cart" if en else "Warenkorb") + '</div><table class="table"'
              '><tr><td class="title"><a href="/linen-shade/">Linen Shade</a></td><td class="price">24,00 €</td></tr>'
              '<tr><td class="total_price_label">' + ("Total" if en else "Gesamtsumme") + '</td><td class="total_price'
              '">24,00 €</td></tr></table></div></div></div></div></div>')
    crumbs = ('<ol id="breadcrumb" class="breadcrumb"><li class="text-muted">' + ("You are here:" if en else "Sie sind "
              "hier:") + '</li><li class="breadcrumb-item"><a href="/Leuchten/" title="Leuchten">Leuchten</a></li>'
              f'<li class="breadcrumb-item active">{NAME}</li></ol>')
    tiles = "".join(
        f'<div class="productData col-12 col-sm-6 col-md-4 productBox"><form name="tobasketproductList_{i}" action="/'
        f'index.php?" method="post"><a href="/p{i}/" class="title" title="{n}"><span>{n}</span></a><div class="price '
        f'text-center"><div class="content">{o}<span class="lead text-nowrap">{p}</span> *</div></div><div class="'
        f'actions text-center"><button type="submit" class="btn btn-outline-dark hasTooltip" title="'
        f'{"to cart" if en else "In den Warenkorb"}"><i class="fa fa-shopping-cart"></i></button></div></form></div>'
        for i, n, p, o in [(1, "Linen Shade", "24,00 €", '<span class="oldPrice text-muted"><del>30,00 €</del></span>'),
                           (2, "Oak Wall Light", "79,00 €", "")])
    related = ('<div class="boxwrapper" id="boxwrapper_alsoBought"><div class="page-header"><h2>'
               + ("Customers who bought this item also bought" if en else "Kunden, die diesen Artikel gekauft haben, "
                  "kauften auch") + f'</h2></div><div class="list-container"><div class="row gridView">{tiles}</div>'
               '</div></div>')
    tail = ('<div class="footer-box"><p class="vatInfo">* ' + ("All prices incl. VAT, plus shipping" if en else
                                                               "Alle Preise inkl. MwSt., zzgl. Versandkosten")
            + '</p></div>')
    return doc(main, lang="en" if en else "de", header=header, crumbs=crumbs, related=related, tail=tail,
               body_attrs=' class="cl-details"')


case("oxid_wave_de_sofort_lieferbar_price_label_and_hidden_microdata_copy",
     oxid("54,00 €", ox_stock("on", "Sofort lieferbar")), OX_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("oxid_wave_de_recommended_retail_price_struck_through",
     oxid("54,00 €", ox_stock("on", "Sofort lieferbar"), old="67,50 €"), OX_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("oxid_wave_de_low_stock_flag",
     oxid("54,00 €", ox_stock("low", "Wenige Exemplare auf Lager - schnell bestellen!")), OX_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("oxid_wave_de_not_on_stock_no_basket_button",
     oxid("54,00 €", ox_stock("off", "Dieser Artikel ist nicht auf Lager und muss erst nachbestellt werden."),
          buyable=False), OX_DE, price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
case("oxid_wave_en_ready_for_shipping_euro_after_amount",
     oxid("54,00 €", ox_stock("on", "Ready for shipping"), en=True), OX_EN,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("oxid_wave_en_parent_with_variants_from_price",
     oxid("49,00 €", ox_stock("on", "Ready for shipping"), en=True, frm="from"), OX_EN,
     price=49.0, currency="EUR", title=NAME)


# ============================================================================ Shopware 5 Responsive (Bare)
# shopware/shopware 5.x themes/Frontend/Bare/frontend/detail/data.tpl (as in the stored copy id 1795593578: product--
# price price--default, meta itemprop=price, price--line-through pseudo price, product--tax), frontend/plugins/index/
# delivery_informations.tpl (link itemprop=availability + delivery--text), detail/buy.tpl (DetailBuyInfoNotAvailable
# alert instead of the button), detail/content/header.tpl (product--title), detail/content/buy_container.tpl (base-info
# entry--sku), frontend/index/shop-navigation.tpl (cart--amount), listing/product-box/product-price.tpl (slider boxes).
SW5_DE = "https://www.lumio.example.de/leuchten/42/walnut-tischleuchte"
SW5_EN = "https://www.lumio.example.com/en/lamps/42/walnut-desk-lamp"


def sw5_price(price: str, content: str = "54.00", pseudo: str = "", en: bool = False, frm: str = "") -> str:
    disc = (f'<span class="price--discount-icon"><i class="icon--percent2"></i></span><span class="content--discount">'
            f'{"Instead of:" if en else "Statt:"} <span class="price--line-through">{pseudo} *</span> <span class="price'
            f'--discount-percentage">(20% {"saved" if en else "gespart"})</span></span>' if pseudo else "")
    start = (f'<span class="price--content content--starting-from">{frm} {price} *</span>' if frm else
             f'<span class="price--content content--default"><meta itemprop="price" content="{content}">{price} *'
             '</span>')
    tax = ("Prices incl. VAT plus shipping costs" if en else "Preise inkl. gesetzlicher MwSt. zzgl. Versandkosten")
    return (f'<div class="product--price price--default{" price--discount" if pseudo else ""}">{start}{disc}</div>'
            f'<p class="product--tax" data-content="" data-modalbox="true" data-targetSelector="a" data-mode="ajax">'
            f'{tax}</p>')


def sw5_delivery(schema: str, kind: str, text: str) -> str:
    return (f'<div class="product--delivery"><link itemprop="availability" href="http://schema.org/{schema}" /><p class='
            f'"delivery--information"><span class="delivery--text delivery--text-{kind}"><i class="delivery--status-'
            f'icon delivery--status-{kind}"></i> {text}</span></p></div>')


def sw5_buy(button: str = "In den Warenkorb", not_available: str = "") -> str:
    if not_available:
        return (f'<div class="alert is--error is--rounded"><div class="alert--icon"><i class="icon--element icon--cross">'
                f'</i></div><div class="alert--content">{not_available}</div></div>')
    return ('<form name="sAddToBasket" method="post" action="/checkout/addArticle" class="buybox--form" data-add-article='
            '"true" data-eventName="submit"><input type="hidden" name="sActionIdentifier" value=""><input type="hidden" '
            'name="sAdd" value="SW10042"/><div class="buybox--button-container block-group"><div class="buybox--quantity'
            ' block"><div class="select-field"><select id="sQuantity" name="sQuantity" class="quantity--select"><option '
            'value="1">1</option><option value="2">2</option></select></div></div><button class="buybox--button block '
            f'btn is--primary is--icon-right is--center is--large" name="{button}">{button}<i class="icon--arrow-right">'
            '</i></button></div></form>')


def sw5(price: str, delivery: str, buy: str, en: bool = False) -> str:
    sku_l, cart, home = ("Order number:", "Shopping cart", "Home") if en else ("Artikel-Nr.:", "Warenkorb", "Home")
    main = ('<div class="content--wrapper"><div class="content product--details" itemscope itemtype="http://schema.org/'
            'Product" data-product-navigation="/widgets/listing/productNavigation" data-category-id="5" data-main-ordernu'
            'mber="SW10042" data-ajax-wishlist="true" data-compare-ajax="true" data-ajax-variants-container="true"><header'
            ' class="product--header"><div class="product--info"><h1 class="product--title" itemprop="name">'
            f'{NAME}</h1><meta itemprop="image" content="/media/image/lamp.jpg"/><div class="product--supplier"><a href'
            '="/lumio/" title="Weitere Artikel von Lumio" class="product--supplier-link"><img src="/media/lumio.png" alt'
            '="Lumio"></a></div></div></header><div class="product--detail-upper block-group"><div class="product--image'
            '-container image-slider"><img src="/media/image/lamp_600x600.jpg" alt=""></div><div class="product--buybox'
            ' block"><meta itemprop="brand" content="Lumio"/><meta itemprop="weight" content="1.2 kg"/><div itemprop='
            '"offers" itemscope itemtype="http://schema.org/Offer" class="buybox--inner"><meta itemprop="priceCurrency" '
            f'content="EUR"/><span itemprop="priceSpecification" itemscope itemtype="https://schema.org/PriceSpecificat'
            f'ion"><meta itemprop="valueAddedTaxIncluded" content="true"/></span>{price}{delivery}{buy}</div><ul class="'
            'product--base-info list--unstyled"><li class="base-info--entry entry--sku"><strong class="entry--label">'
            f'{sku_l}</strong><meta itemprop="productID" content="42"/><span class="entry--content" itemprop="sku">'
            'SW10042</span></li></ul></div></div></div></div>')
    header = ('<nav class="shop--navigation block-group"><ul class="navigation--list block-group" role="menubar"><li '
              'class="navigation--entry entry--cart" role="menuitem"><a class="btn is--icon-left cart--link" href="/'
              f'checkout/cart" title="{cart}"><span class="cart--display">{cart}</span><span class="badge is--primary '
              'is--minimal cart--quantity">1</span><i class="icon--basket"></i><span class="cart--amount">24,00&nbsp;'
              '&euro; *</span></a><div class="ajax-loader">&nbsp;</div></li></ul></nav>')
    crumbs = ('<nav class="content--breadcrumb block"><ul class="breadcrumb--list" role="menu" itemscope itemtype="http'
              '://schema.org/BreadcrumbList"><li class="breadcrumb--entry is--active" itemprop="itemListElement" item'
              'scope itemtype="http://schema.org/ListItem"><a class="breadcrumb--link" href="/leuchten/" title="'
              'Leuchten" itemprop="item"><link itemprop="url" href="/leuchten/"/><span class="breadcrumb--title" item'
              'prop="name">Leuchten</span></a><meta itemprop="position" content="0"/></li></ul></nav>')
    boxes = "".join(
        f'<div class="product-slider--item"><div class="product--box box--slider" data-ordernumber="SW1000{i}"><div '
        f'class="box--content"><div class="product--info"><a href="/p{i}" class="product--title" title="{n}">{n}</a>'
        f'<div class="product--price-info"><div class="price--unit"></div><div class="product--price"><span class="'
        f'price--default is--nowrap{" is--discount" if o else ""}">{p} *</span>{o}</div></div></div></div></div></div>'
        for i, n, p, o in [(7, "Linen Shade", "24,00&nbsp;&euro;", '<span class="price--pseudo"><span class="price--'
                            'discount is--nowrap">30,00&nbsp;&euro; *</span></span>'),
                           (8, "Oak Wall Light", "79,00&nbsp;&euro;", "")])
    related = ('<div class="tab--container"><div class="tab--header"><a href="#" class="tab--title" title="Zubehör">'
               + ("Accessories" if en else "Zubehör") + '</a></div><div class="tab--content content--related"><div '
               f'class="related--content"><div class="product-slider"><div class="product-slider--container">{boxes}'
               '</div></div></div></div></div>')
    return doc(main, lang="en-GB" if en else "de-DE", header=header, crumbs=crumbs, related=related,
               body_attrs=' class="is--ctl-detail is--act-index"')


case("shopware5_de_sofort_versandfertig_header_cart_amount",
     sw5(sw5_price("54,00&nbsp;&euro;"), sw5_delivery("InStock", "available", "Sofort versandfertig, Lieferzeit ca. "
                                                       "1-3 Werktage"), sw5_buy()), SW5_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)
case("shopware5_de_pseudo_price_statt_line_through",
     sw5(sw5_price("54,00&nbsp;&euro;", pseudo="67,50&nbsp;&euro;"), sw5_delivery("InStock", "available", "Sofort "
         "versandfertig, Lieferzeit ca. 1-3 Werktage"), sw5_buy()), SW5_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)
case("shopware5_de_release_date_lieferbar_ab_pre_order",
     sw5(sw5_price("54,00&nbsp;&euro;"), sw5_delivery("PreOrder", "more-is-coming", "Lieferbar ab 15. Februar 2027"),
         sw5_buy("Vorbestellen")), SW5_DE,
     price=54.0, currency="EUR", availability="preorder", sku="SW10042", title=NAME)
case("shopware5_de_more_is_coming_shipping_time_orderable",
     sw5(sw5_price("54,00&nbsp;&euro;"), sw5_delivery("LimitedAvailability", "more-is-coming", "Lieferzeit 14 Tage"),
         sw5_buy()), SW5_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)
case("shopware5_en_ready_to_ship_today",
     sw5(sw5_price("&euro;54.00", en=True), sw5_delivery("InStock", "available", "Ready to ship today, Delivery time "
                                                         "appr. 1-3 workdays"), sw5_buy("Add to shopping cart"),
         en=True), SW5_EN, price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)
case("shopware5_en_release_date_available_from",
     sw5(sw5_price("&euro;54.00", en=True), sw5_delivery("PreOrder", "more-is-coming", "Available from February 15, "
                                                         "2027"), sw5_buy("Pre-order"), en=True), SW5_EN,
     price=54.0, currency="EUR", availability="preorder", sku="SW10042", title=NAME)
case("shopware5_de_inactive_variant_nicht_lieferbar",
     sw5(sw5_price("54,00&nbsp;&euro;"), sw5_delivery("LimitedAvailability", "not-available", "Nicht lieferbar"),
         sw5_buy(not_available="Dieser Artikel steht derzeit nicht zur Verfügung!")), SW5_DE,
     price=54.0, currency="EUR", availability="out_of_stock", sku="SW10042", title=NAME)
case("shopware5_en_variant_article_from_price_no_delivery_until_chosen",
     sw5(sw5_price("&euro;49.00", en=True, frm="from"), "", sw5_buy("Add to shopping cart"), en=True), SW5_EN,
     price=49.0, currency="EUR", sku="SW10042", title=NAME)


# ============================================================================ Odoo website_sale (15-17)
# odoo/odoo addons/website_sale/views/templates.xml: template "product" (h1 itemprop=name, #product_details), "product_
# price" (div itemprop=offers with h3.css_editable_mode_hidden: span.oe_price + display:none itemprop price / priceCurrency
# + span.oe_default_price struck, d-none without a discount; then h3.css_non_editable_mode_hidden with the template's list
# price, shown only in the website editor), monetary widget (span.oe_currency_value), header cart (my_cart_quantity),
# website_sale_stock's availability message (rendered into div.availability_messages by the product configurator).
ODOO_US = "https://www.lumio.example.com/shop/walnut-desk-lamp-42"
ODOO_DE = "https://www.lumio.example.de/de/shop/walnut-tischleuchte-42"


def omoney(v: str, de: bool = False) -> str:
    return (f'<span class="oe_currency_value">{v}</span>&nbsp;€' if de else
            f'$&nbsp;<span class="oe_currency_value">{v}</span>')


def odoo(price: str, list_price: str, raw: str, *, discount: bool = False, de: bool = False, stock: str = "",
         template_price: str = "") -> str:
    tp = template_price or list_price
    off = " disabled" if "out_of_stock" in stock else ""  # website_sale_stock's script disables the button
    cur = "EUR" if de else "USD"
    main = ('<div itemscope itemtype="http://schema.org/Product" id="wrap" class="js_sale o_wsale_product_page ecom-'
            'zoomable zoomodoo-next"><section id="product_detail" class="container py-4 oe_website_sale discount" data-'
            'view-track="1"><div class="row"><div class="col-lg-6"><ol class="breadcrumb mb-2"><li class="breadcrumb-item'
            ' o_not_editable"><a href="/shop">' + ("Alle Produkte" if de else "All Products") + '</a></li><li class="'
            f'breadcrumb-item active"><span>{NAME}</span></li></ol></div></div><div class="row" id="product_detail_main"'
            ' data-name="Product Page" data-image_width="50_pc" data-image_layout="carousel"><div class="col-lg-6 mt-lg-4'
            ' o_wsale_product_images position-relative"><img src="/web/image/product.product/42/image_1024" class="img '
            'img-fluid product_detail_img mh-100" alt="" itemprop="image"></div><div id="product_details" class="col-lg-6'
            f' mt-md-4"><h1 itemprop="name">{NAME}</h1><span itemprop="url" style="display:none;">{ODOO_US}</span><p '
            'class="text-muted my-2">Turned walnut, linen shade.</p><form action="/shop/cart/update" method="POST"><input '
            'type="hidden" name="csrf_token" value="x"><div class="js_product js_main_product mb-3"><div><div itemprop="'
            'offers" itemscope="itemscope" itemtype="http://schema.org/Offer" class="product_price d-inline-block mt-2 '
            'mb-3"><h3 class="css_editable_mode_hidden"><span class="oe_price" style="white-space: nowrap;" data-oe-type'
            f'="monetary" data-oe-expression="combination_info[\'price\']">{omoney(price, de)}</span><span itemprop="'
            f'price" style="display:none;">{raw}</span><span itemprop="priceCurrency" style="display:none;">{cur}</span>'
            f'<span style="text-decoration: line-through; white-space: nowrap;" class="text-danger oe_default_price ms-1'
            f' h5{"" if discount else " d-none"}" data-oe-type="monetary" data-oe-expression="combination_info[\'list_'
            f'price\']">{omoney(list_price, de)}</span></h3><h3 class="css_non_editable_mode_hidden decimal_precision" '
            f'data-precision="2"><span>{omoney(tp, de)}</span></h3></div></div><input type="hidden" class="product_id" '
            'name="product_id" value="42"><input type="hidden" class="product_template_id" name="product_template_id" '
            'value="42"><div class="css_quantity input-group d-inline-flex me-2 my-1 align-middle" contenteditable="false'
            '"><input type="text" class="form-control quantity text-center" data-min="1" name="add_qty" value="1"></div>'
            '<div id="add_to_cart_wrap" class="d-inline-flex align-items-center mb-2 me-auto"><a data-animation-selector'
            '=".o_wsale_product_images" role="button" id="add_to_cart" class="btn btn-primary btn-lg js_check_product a-'
            f'submit flex-grow-1{off}" href="#"><i class="fa fa-shopping-cart me-2"></i>' + ("In den Warenkorb" if de else
                                                                                        "Add to cart")
            + f'</a></div><div class="availability_messages o_not_editable">{stock}</div></div></form></div></div>'
            '</section></div>')
    header = ('<li class="o_wsale_my_cart align-self-md-start"><a href="/shop/cart" class="nav-link"><i class="fa fa-'
              'shopping-cart"></i><sup class="my_cart_quantity badge text-bg-primary" data-order-id="">0</sup></a></li>')
    return doc(main, lang="de-DE" if de else "en-US", header=header, body_attrs=' class="o_wsale_product_page"')


case("odoo_regular_oe_price_with_hidden_default_price_and_editor_list_price",
     odoo("54.00", "54.00", "54.0"), ODOO_US, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("odoo_pricelist_discount_default_price_struck",
     odoo("54.00", "67.50", "54.0", discount=True), ODOO_US,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("odoo_pricelist_price_without_strike_editor_block_holds_template_price",
     odoo("54.00", "54.00", "54.0", template_price="67.50"), ODOO_US,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("odoo_de_euro_after_amount_with_comma",
     odoo("54,00", "54,00", "54.0", de=True), ODOO_DE, price=54.0, currency="EUR", availability="in_stock", title=NAME)
case("odoo_out_of_stock_availability_message",
     odoo("54.00", "54.00", "54.0", stock='<div id="out_of_stock_message" class="text-danger fw-bold"><i class="fa fa-'
          'times me-1"></i>Out of Stock</div>'), ODOO_US,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("odoo_de_nur_noch_wenige_verfugbar",
     odoo("54,00", "67,50", "54.0", discount=True, de=True, stock='<div class="availability_message_available '
          'text-warning fw-bold">Nur noch 3 Stück verfügbar</div>'), ODOO_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


# ============================================================================ PrestaShop 9 Hummingbird theme
# PrestaShop/hummingbird: templates/catalog/product.tpl @ 004762983f5791593df3836e2fb841f3aa60c8b2 (h1.product__name,
# og product:price meta, product-jsonld in the head), _partials/product-prices.tpl @ 0d025515d4947194c018c660d795ada8c3
# b7616b (product__regular-price + "Save 20%" before product__price), _partials/product-add-to-cart.tpl @ 0221cc6889be1f
# 0763591757dd4dac55a95ae7e6 (#product__availability with its icon, disabled add-to-cart without an add_to_cart_url),
# ps_shoppingcart's header block, miniatures/product.tpl in the accessories block.
HB_EN = "https://www.lumio.example.com/en/lamps/42-walnut-desk-lamp.html"
HB_DE = "https://www.lumio.example.de/de/leuchten/42-walnut-tischleuchte.html"
HB_ICON = {"available": "rtl-no-flip product-available", "last": "product-last-items me-2",
           "no": "product-unavailable me-2"}


def hb(price: str, avail: str, icon: str, *, regular: str = "", de: bool = False, amount: str = "54",
       schema: str = "InStock") -> str:
    reg, save, lab, tax, add = (("Normaler Preis: ", "20% sparen", "Preis: ", "inkl. MwSt.", "In den Warenkorb")
                                if de else ("Regular price: ", "Save 20%", "Price: ", "Tax included", "Add to cart"))
    disc = (f'<div class="product__discount-price product__prices-inline product__prices-inline--small-gap"><span class='
            f'"product__regular-price"><span class="visually-hidden">{reg}</span>{regular}</span><span class="product__'
            f'discount-percentage text-primary-emphasis">({save})</span></div>' if regular else "")
    off = " disabled" if icon == "no" else ""
    ld = ('<script type="application/ld+json">{"@context":"https://schema.org/","@type":"Product","name":"Walnut Desk '
          'Lamp","category":"Lamps","sku":"WDL-100","mpn":"WDL-100","brand":{"@type":"Brand","name":"Lumio"},"offers":'
          f'{{"@type":"Offer","name":"Walnut Desk Lamp","price":"{amount}","url":"{HB_DE if de else HB_EN}","price'
          f'Currency":"EUR","sku":"WDL-100","availability":"https://schema.org/{schema}","seller":{{"@type":"'
          'Organization","name":"Lumio"}}}</script>')
    head = (f'<meta property="og:type" content="product"><meta property="product:price:amount" content="{amount}">'
            f'<meta property="product:price:currency" content="EUR">{ld}')
    main = ('<div class="product__container product-container js-product-container" data-ps-ref="product-container">'
            '<div class="product__left"><img class="img-fluid" src="/42-large_default/lamp.jpg" alt=""></div><div class'
            f'="product__right"><h1 class="h2 product__name">{NAME}</h1><div class="product__prices js-product-prices">'
            f'<div class="product__prices-block">{disc}<div class="product__prices-inline product__prices-inline--small-'
            f'gap"><div class="product__price"><span class="visually-hidden">{lab}</span>{price}</div></div><div class'
            f'="product__tax-infos"><span class="product__tax-label">{tax}</span></div></div></div><div class="product'
            '__description-short rich-text"><p>Turned walnut, linen shade.</p></div><div class="product__actions js-'
            'product-actions"><form action="/cart" method="post" id="add-to-cart-or-refresh"><input type="hidden" name='
            '"id_product" value="42" id="product_page_product_id"><div class="product__add-to-cart js-product-add-to-'
            'cart"><div class="mb-3"><span id="product__availability" class="product__availability js-product-'
            f'availability d-flex align-items-center"><i class="material-icons {HB_ICON[icon]}">&#xE5CA;</i>{avail}'
            '</span></div><div class="row g-2"><div class="product-actions__quantity quantity-button js-quantity-button '
            'col-md-auto"><input id="quantity_wanted" type="number" value="1" min="1" class="form-control"></div><div '
            'class="product-actions__button col"><button class="btn btn-primary btn-with-icon add-to-cart" data-button-'
            f'action="add-to-cart" type="submit"{off}><i class="material-icons me-1">&#xE547;</i>{add}</button></div>'
            '</div></div></form></div></div></div>')
    header = ('<div id="_desktop_cart" class="header-block__action-btn"><div class="blockcart cart-preview header-block '
              'active"><a class="header-block__action-btn" rel="nofollow" href="/cart?action=show"><i class="material-'
              'icons header-block__icon">&#xE8CC;</i><span class="header-block__title d-none d-md-block">'
              + ("Warenkorb" if de else "Cart") + '</span><span class="header-block__badge">1</span></a></div></div>')
    minis = "".join(
        f'<div class="col-6 col-md-4 col-lg-3"><article class="product-miniature card js-product-miniature" data-id-'
        f'product="{i}" data-id-product-attribute="0"><div class="card-body"><p class="h3 product-miniature__title"><a '
        f'href="/p/{i}">{n}</a></p><div class="product-miniature__prices"><span class="product-miniature__price" aria-'
        f'label="Price">{p}</span></div></div></article></div>'
        for i, n, p in [(7, "Linen Shade", "24,00 €" if de else "€24.00"), (8, "Oak Wall Light",
                                                                         "79,00 €" if de else "€79.00")])
    related = ('<section class="product-accessories mt-3"><p class="h4 products-section-title">' + (
        "Das könnte Ihnen auch gefallen" if de else "You might also like") + f'</p><div class="products row">{minis}'
        '</div></section>')
    return doc(main, lang="de-DE" if de else "en-US", head=head, header=header, related=related,
               body_attrs=' id="product" class="page-product"')


case("hummingbird_in_stock_og_product_price_and_json_ld",
     hb("€54.00", "In Stock", "available"), HB_EN,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("hummingbird_discount_regular_price_and_save_percentage_before_the_price",
     hb("€54.00", "In Stock", "available", regular="€67.50"), HB_EN,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("hummingbird_out_of_stock_label_and_disabled_button",
     hb("€54.00", "Out-of-Stock", "no", schema="OutOfStock"), HB_EN,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
case("hummingbird_last_items_in_stock",
     hb("€54.00", "Last items in stock", "last"), HB_EN,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("hummingbird_de_discount_euro_after_amount",
     hb("54,00 €", "Auf Lager", "available", regular="67,50 €", de=True), HB_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
