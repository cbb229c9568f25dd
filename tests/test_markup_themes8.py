"""Shapes of real shop markup, part 8: plentymarkets Ceres, modified eCommerce (tpl_modified) and the Hyvä Magento
theme; part 8b (tests/test_markup_themes8b.py): Magento PWA Studio's Venia and Shopify Hydrogen. Read by the generic
extraction (no site profile); see tests/test_markup_themes.py. Each case renders by hand what the templates output
for one state inside a whole page (mini cart, breadcrumbs, related products with their own prices, schema.org data);
the expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ plentymarkets Ceres 5
# plentymarkets/plugin-ceres: resources/views/Item/SingleItemWrapper.twig @ 0138931e4f8ec1b2a19e6a1bedd9ec98a8ee857d
# (schemaOrg block: Product with identifier = variation id, manufacturer Organization, ProductModel, one Offer with
# the variation number only as serialNumber, no sku), resources/js/src/app/components/item/ItemPrice.vue @ 04fddcc2e8
# (div.crossprice > del "UVP ..." from itemCrossPrice, span.price.h1 > span + sup *), ItemAvailability.vue @ 18c191a6
# (span.availability.badge.availability-<id>), components/basket/AddToBasket.vue @ 0465fa74 (not salable: the same
# "In den Warenkorb" button with only a "disabled" class and a tooltip), Components/SingleItem.twig @ 00cb7ccb
# (span.articlenumber, variation-select); header basket preview with the basket total, cross-selling item list.
CE = "https://www.lumio.example.de/leuchten/walnut-desk-lamp_1071_1102"
CE_EN = "https://www.lumio.example.de/en/lamps/walnut-desk-lamp_1071_1102"


def ce_ld(avail: str = "InStock", price: str = "54.00", number: str = "WDL-100") -> str:
    data = {"@context": "http://schema.org/", "@type": "Product", "name": NAME, "category": "item.", "releaseDate": "",
            "image": "https://cdn.lumio.example.de/item/images/1071/preview/lamp.jpg", "identifier": "1102",
            "description": "Gedrechseltes Walnussholz, Leinenschirm.", "disambiguatingDescription": "",
            "manufacturer": {"@type": "Organization", "name": "Lumio"},
            "model": {"@type": "ProductModel", "isVariantOf": "1071", "model": ""},
            "offers": {"@type": "Offer", "priceCurrency": "EUR", "price": price,
                       "availability": f"http://schema.org/{avail}", "itemCondition": "Neu", "serialNumber": number},
            "depth": {"@type": "QuantitativeValue", "value": "300"},
            "weight": {"@type": "QuantitativeValue", "value": "1400"}}
    return f'<script type="application/ld+json">{json.dumps(data, ensure_ascii=False)}</script>'


def ceres(price: str, avail: tuple[int, str], *, rrp: str = "", salable: bool = True, en: bool = False,
          number: str = "WDL-100", select: str = "", ld: str = "") -> str:
    t = (("Item number: ", "Add to shopping cart", "Incl. VAT excl.", "Shipping", "Shopping cart", "RRP ", "Item ID",
          "Accessories") if en else ("Artikelnummer: ", "In den Warenkorb", "inkl. ges. MwSt. zzgl.", "Versandkosten",
                                     "Warenkorb", "UVP ", "Artikel-ID", "Zubehör"))
    has = ' class="has-crossprice"' if rrp else ""
    cross = (f'<div class="crossprice"><del class="text-muted small text-appearance">{t[5]}{rrp}</del></div>'
             if rrp else "")
    button = ('<button class="btn btn-block btn-primary btn-appearance"><i class="fa fa-shopping-cart fa-fw" aria-'
              f'hidden="true"></i> {t[1]}</button>' if salable else
              '<button class="btn btn-block btn-primary btn-appearance disabled" data-toggle="tooltip" data-placement'
              f'="top" title="{"The item is not available." if en else "Der Artikel ist nicht verfügbar."}"><i class='
              f'"fa fa-shopping-cart" aria-hidden="true"></i> {t[1]}</button>')
    main = ('<div class="single container-max page-content"><div class="row position-relative"><div class="col-12 '
            'col-md-7 mt-5"><div class="owl-carousel owl-theme"><img class="owl-thumb" src="/item/images/1071/lamp.jpg"'
            f' alt="{NAME}"></div></div><div class="col-12 col-md-5"><div class="producertag h6 producer text-muted">'
            f'Lumio</div><h1 class="h2 title" data-testing="item-name"><span>{NAME}</span></h1><div class="widget '
            f'widget-text"><span class="articlenumber small text-muted"><b>{t[0]}</b><span>{number}</span></span></div>'
            f'{select}<div class="widget widget-item-price"><div{has}>'
            f'{cross}<span class="price h1"><span>{price}</span><sup>*</sup></span></div></div><div class="widget '
            f'widget-availability"><span class="availability badge availability-{avail[0]}"><span>{avail[1]}</span>'
            '</span></div><div class="widget widget-add-to-basket"><div class="add-to-basket-container"><div class='
            '"quantity-input-container"><div class="qty-box d-flex h-100"><input type="text" class="qty-input text-'
            f'center" value="1"></div></div>{button}</div></div><div class="widget widget-text"><span class="vat small '
            f'text-muted">* {t[2]} <a data-toggle="modal" href="#shippingscosts" title="{t[3]}">{t[3]}</a></span></div>'
            '</div><div class="col-12 col-md-7"><table class="table table-striped table-hover table-sm"><tbody><tr>'
            f'<td>{t[6]}</td><td>1071</td></tr></tbody></table></div></div></div>')
    header = ('<div class="control-basket position-relative"><a href="#" class="toggle-basket-preview nav-link"><span '
              f'class="mr-2" data-testing="basket-amount">{"€24.00" if en else "24,00 €"}</span><i class="fa fa-'
              f'shopping-cart" aria-hidden="true"></i><span class="badge-right mr-1 d-none d-sm-inline">{t[4]}</span>'
              '</a></div>')
    crumbs = ('<nav class="small d-none d-md-block px-0"><ul class="breadcrumb container-max"><li class="breadcrumb-'
              f'item"><a href="/"><i class="fa fa-home"></i></a></li><li class="breadcrumb-item"><a href="/leuchten/">'
              f'{"Lamps" if en else "Leuchten"}</a></li><li class="breadcrumb-item active"><span>{NAME}</span></li>'
              '</ul></nav>')
    tiles = "".join(
        f'<article class="cmp cmp-product-thumb"><div class="thumb-image"><img src="/p{i}.jpg" alt="{n}"></div><div '
        f'class="thumb-content"><a href="/p{i}_{i}" class="thumb-title small">{n}</a><div class="thumb-meta mt-2">'
        f'<div class="prices"><div class="price-view-port">{o}</div><div class="price">{p} <sup>*</sup></div></div>'
        '</div></div></article>'
        for i, n, p, o in [(1, "Linen Shade", "€24.00" if en else "24,00 €",
                            f'<del class="crossprice">{t[5]}{"€30.00" if en else "30,00 €"}</del>'),
                           (2, "Oak Wall Light", "€79.00" if en else "79,00 €", "")])
    related = (f'<div class="widget widget-item-list"><h2 class="widget-caption">{t[7]}</h2><div class="list-item-'
               f'carousel owl-carousel">{tiles}</div></div>')
    return doc(main, lang="en" if en else "de", head=ld or ce_ld(), header=header, crumbs=crumbs, related=related)


CE_SELECT = ('<div class="widget widget-attribute"><div class="row"><div class="col-12 variation-select"><div class="'
             'input-unit"><select class="custom-select" id="custom-select_1"><option value="-1">Bitte wählen</option>'
             '<option value="12" selected>Walnuss</option><option value="13">Eiche (+ 5,00 €)</option></select><label '
             'for="custom-select_1">Holzart</label></div></div></div></div>')
CE_NOW = (1, "Sofort versandfertig, Lieferzeit 48h")

case("ceres_de_in_stock_serial_number_only_in_json_ld_basket_total_in_header",
     ceres("54,00 €", CE_NOW), CE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("ceres_de_rrp_crossprice_uvp_before_the_price",
     ceres("54,00 €", CE_NOW, rrp="67,50 €"), CE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100")
case("ceres_de_not_salable_button_only_has_a_disabled_class",
     ceres("54,00 €", (5, "Zurzeit nicht lieferbar"), salable=False, ld=ce_ld("OutOfStock")), CE,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100")
case("ceres_de_variation_select_selected_variation_number",
     ceres("54,00 €", CE_NOW, number="WDL-100-WAL", select=CE_SELECT, ld=ce_ld(number="WDL-100-WAL")), CE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100-WAL")
case("ceres_en_euro_sign_before_amount_rrp",
     ceres("€54.00", (1, "Ready for dispatch, delivery time 48h"), rrp="€67.50", en=True), CE_EN,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ modified eCommerce (tpl_modified)
# modified-shop/modified-shop @ 0a4cacee916322327703e92e9caad0ef4cbb6b98: templates/tpl_modified/module/product_info/
# product_info_tabs_v1.html (div#product_info itemscope Product around everything incl. the tabs with the also-
# purchased boxes; h1 itemprop=name, "Art.Nr.:" span itemprop=sku, EAN itemprop=gtin13, pd_summarybox Offer with
# meta priceCurrency / availability, pd_tax), module/includes/price_info.html (old_price "Unser bisheriger Preis" +
# new_price " Jetzt nur " + save_price; uvp_price "Ihr Preis" + item_price "UVP"; standard_price with "ab "; meta
# itemprop=price), module/includes/price_box.html, product_info_include.html (listing boxes), product_options/
# product_options_dropdown.html, boxes/box_cart.html; includes/modules/product_info.php (the cart button stays
# whatever the stock); lang/german/german.php (INSTEAD, ONLY, MSRP, YOUR_PRICE); _installer sql: EUR as "54,00 EUR".
MO = "https://www.lumio.example.de/Leuchten/Walnut-Desk-Lamp.html"


def modified(price_html: str, plain: str = "54", *, avail: str = "InStock", ship: str = "3-4 Tage",
             options: str = "", en: bool = False) -> str:
    t = (("Shipping time:", "Product no.:", "Manufacturer:", "19 % VAT incl. excl.", "Shipping costs", "Add to cart")
         if en else ("Lieferzeit:", "Art.Nr.:", "Hersteller:", "inkl. 19 % MwSt. zzgl.", "Versandkosten",
                     "In den Warenkorb"))
    main = (f'<div id="product_info" itemscope itemtype="http://schema.org/Product"><form id="cart_quantity" name='
            '"cart_quantity" action="/product_info.php?action=add_product" method="post"><div class="product_headline '
            f'cf"><h1 itemprop="name">{NAME}</h1></div><div id="product_details"><div class="pd_imagebox"><div class='
            f'"pd_big_image"><img itemprop="image" src="/images/product_images/info_images/1_0.jpg" alt="{NAME}" />'
            '</div></div><div class="pd_content"><div class="pd_infobox"><div class="pd_inforow_first"></div><div '
            f'class="pd_inforow"><strong>{t[0]}</strong> <a href="/popup_content.php?coID=10">{ship}</a></div>'
            f'<div class="pd_inforow"><strong>{t[1]}</strong> <span itemprop="sku">WDL-100</span></div><div '
            'class="pd_inforow"><strong>GTIN/EAN:</strong> <span itemprop="gtin13">4006381333931</span></div>'
            '<div class="pd_'
            f'inforow" itemprop="brand" itemscope itemtype="https://schema.org/Brand"><strong>{t[2]}</strong> '
            '<span '
            'itemprop="name">Lumio</span></div></div><div class="pd_summarybox" itemprop="offers" itemscope itemtype='
            f'"http://schema.org/Offer"><meta itemprop="url" content="{MO}" /><meta itemprop="priceCurrency" content='
            f'"EUR" /><meta itemprop="availability" content="http://schema.org/{avail}" /><meta '
            f'itemprop="itemCondition" content="http://schema.org/NewCondition" /><div class="pd_price"><div '
            f'id="pd_puprice">{price_html}<meta '
            f'itemprop="price" content="{plain}" /></div></div><div class="pd_tax">{t[3]} <a href="/'
            f'popup_content.php?coID=1">{t[4]}</a></div>{options}<div class="addtobasket"><span class="'
            'addtobasket_input"><input type="text" name="products_qty" value="1" size="3" /> <input type="hidden" '
            'name="products_id" value="1" /></span><span class="addtobasket_button"><span class="cssButton '
            'cssButtonColor2"><span class="cssButtonIcon"></span><button type="submit" class="cssButtonText" '
            f'title="{t[5]}">{t[5]}</button></span></span></div></div></div></div></form><div id="horizontal'
            'Tab" class="pd_tabs"><ul class="resp-tabs-list"><li>Details</li><li>Kunden kauften auch</li></ul><div '
            'class="resp-tabs-container"><div class="pd_description"><h4 class="detailbox">Produktbeschreibung</h4>'
            '<div itemprop="description">Gedrechseltes Walnussholz, Leinenschirm.</div></div><div>'
            + "".join(f'<div class="listingbox"><div class="lb_inner"><div class="lb_image"><a href="/p{i}.html"><img '
                      f'src="/p{i}.jpg" alt="{n}" /></a></div><div class="lb_title"><div class="lb_title_inner"><a '
                      f'href="/p{i}.html">{n}</a></div></div><div class="lb_shipping">Lieferzeit: 3-4 Tage</div><div '
                      f'class="lb_price">{p}</div><div class="lb_tax">inkl. 19 % MwSt. zzgl. <a href="/popup_content'
                      '.php?coID=1">Versandkosten</a></div></div></div>'
                      for i, n, p in [(2, "Linen Shade", '<span class="special_price"><span class="small_price">'
                                                         'Sonderpreis </span> 24,00 EUR</span>'),
                                      (3, "Oak Wall Light", '<span class="standard_price">79,00 EUR</span>')])
            + '</div></div></div></div>')
    header = ('<div id="cart_short" style="cursor:pointer"><a id="toggle_cart" href="/shopping_cart.php">Warenkorb '
              '&raquo;<span class="cart_content"><span class="bold_font">1</span> Artikel</span></a></div><div class='
              '"toggle_cart"><div class="mini"><strong>Ihr Warenkorb enthält:</strong></div><ul class="tc_list"><li>'
              '<a href="/Linen-Shade.html">1&nbsp;x&nbsp;Linen Shade</a></li></ul><div class="toogle_cart_links"><a '
              'href="/checkout_shipping.php"><strong>Kasse&nbsp;&raquo;</strong></a></div></div>')
    crumbs = ('<div id="breadcrumb"><span class="breadcrumb_info">Sie sind hier:</span> <span itemscope itemtype="'
              'http://schema.org/BreadcrumbList"><span itemprop="itemListElement" itemscope itemtype="http://schema.'
              'org/ListItem"><a itemprop="item" href="/"><span itemprop="name">Startseite</span></a><meta itemprop="'
              'position" content="1" /></span> &raquo; <span itemprop="itemListElement" itemscope itemtype="http://'
              'schema.org/ListItem"><span class="current" itemprop="name">' + NAME + '</span><meta itemprop="position"'
              ' content="2" /></span></span></div>')
    return doc(main, lang="en" if en else "de", header=header, crumbs=crumbs)


def mo_std(price: str, frm: str = "") -> str:
    small = f'<span class="small_price">{frm}</span>' if frm else ""
    return f'<span class="standard_price">{small} {price}</span>'


MO_SPECIAL = ('<span class="old_price"><span class="small_price">Unser bisheriger Preis </span> 67,50 EUR</span><span '
              'class="new_price"><span class="small_price"> Jetzt nur </span> 54,00 EUR</span><span class="save_'
              'price"> Sie sparen  20% / 13,50 EUR</span>')
MO_UVP = ('<span class="uvp_price"><span class="small_price">Ihr Preis </span> 54,00 EUR</span>'
          '<span class="item_price"><span class="small_price">UVP</span> 67,50 EUR</span>')
MO_OPTIONS = ('<div class="productoptions"><div class="options_row_multi"><div class="options_name">Holzart</div><div '
              'class="options_select"><select name="id[1]" id="sel_1"><option value="1" selected="selected">Walnuss '
              '</option><option value="2">Eiche + 5,00 EUR</option></select></div></div></div>')

case("modified_standard_price_eur_code_after_amount_microdata",
     modified(mo_std("54,00 EUR")), MO, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100",
     gtin="4006381333931", title=NAME)
case("modified_special_price_previous_price_jetzt_nur_sie_sparen",
     modified(MO_SPECIAL), MO, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100")
case("modified_uvp_after_ihr_preis",
     modified(MO_UVP), MO, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100")
case("modified_out_of_stock_only_microdata_and_delivery_status_button_kept",
     modified(mo_std("54,00 EUR"), avail="OutOfStock", ship="nicht lieferbar"), MO,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100")
case("modified_english_language_euro_still_formatted_54_comma_00_eur",
     modified(MO_SPECIAL.replace("Unser bisheriger Preis", "Our previous price").replace(" Jetzt nur ", " Now only ")
              .replace("Sie sparen", "you save"), en=True), MO.replace("/Leuchten/", "/en/Lamps/"),
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("modified_attribute_dropdown_with_surcharge_ab_price",
     modified(mo_std("54,00 EUR", "ab "), options=MO_OPTIONS), MO, price=54.0, currency="EUR", sku="WDL-100")


# ============================================================================ Hyvä default theme
# hyva-themes/magento2-default-theme @ d4668a63921d3a43cc79f05829607b0dd649de65: Magento_Catalog/layout/catalog_product_
# view.xml (itemscope Product on <body>, page title itemprop=name, sku row in product-info attributes),
# templates/product/view/product-info.phtml (stock status, dl#product-details, price group, add to cart only when
# saleable), view/price.phtml (initPrice<id>() script, old-price span.price, final-price Offer with meta price /
# priceCurrency and link availability, Alpine templates), view/stock-status.phtml, view/addtocart.phtml, Magento_
# ConfigurableProduct/templates/product/view/type/options/configurable.phtml (select filled by Alpine from the json
# config), product/list/item.phtml + price/amount/default.phtml (slider tiles: data-price-amount price-wrapper).
HY = "https://www.lumio.example.com/walnut-desk-lamp.html"
HY_DE = "https://www.lumio.example.de/walnut-tischleuchte.html"


def hy_price(final: str, final_plain: str, *, regular: str = "", currency: str = "USD", avail: str = "InStock") -> str:
    old = ('<div class="old-price"><span id="product-price-12" class="price-wrapper"><span class="price" x-html="hyva.'
           f'formatPrice(67.5 + getCustomOptionPrice())">{regular}</span></span></div>' if regular else "")
    return ('<script>function initPrice12() { const regularPriceInclTaxKey = \'oldPrice\', finalPriceInclTaxKey = '
            f"'finalPrice'; return {{ regularPriceKey: regularPriceInclTaxKey, initialFinalPrice: {final_plain}, "
            'calculatedFinalPrice: false, initialTierPrices: [], showRegularPriceLabel: '
            f'{"true" if regular else "false"}, customOptionPrices: [], activeCustomOptions: [], qty: 1 }} }}</script>'
            '<div x-data="initPrice12()" x-bind="eventListeners" class="price-box price-final_price"><div x-show="!'
            f'activeProductsPriceData && !isPriceHidden()"><div class="price-container">{old}<div class="final-price" '
            'itemprop="offers" itemscope="" itemtype="https://schema.org/Offer"><span class="price-label"></span><span '
            'id="product-price-12" class="price-wrapper"><span class="price" x-html="getFormattedFinalPrice()">'
            f'{final}</span></span><meta itemprop="price" content="{final_plain}"><meta itemprop="priceCurrency" '
            f'content="{currency}"><link itemprop="availability" href="https://schema.org/{avail}"></div></div></div>'
            '<template x-if="activeProductsPriceData"><div class="final-price"><span id="product-price-12" class="'
            'price-wrapper"><span class="price" x-html="getFormattedFinalPrice()"></span></span></div></template>'
            '</div>')


HY_CONF = ('<script>function initConfigurableDropdownOptions_12() { return initConfigurableOptions(\'12\', '
           '{"attributes":{"93":{"id":"93","code":"wood","label":"Wood","options":[{"id":"5","label":"Walnut",'
           '"products":["201"]},'
           '{"id":"6","label":"Oak","products":["202"]}]}},"optionPrices":{"201":{"oldPrice":{"amount":54},"finalPrice"'
           ':{"amount":54}},"202":{"oldPrice":{"amount":59},"finalPrice":{"amount":59}}},"prices":{"oldPrice":{"amount"'
           ':"54"},"finalPrice":{"amount":"54"}},"productId":"12"}); }</script><div x-data="initConfigurableDropdown'
           'Options_12()" class="mb-6"><h2 class="text-gray-900 text-xl title-font font-medium mb-4">Options</h2><div '
           'class="flex flex-col sm:flex-row border-t last:border-b border-gray-300 py-2 w-full items-center"><label '
           'class="w-full sm:w-1/2 text-left text-gray-700 label" for="attribute93"><span>Wood</span></label><div '
           'class="w-full sm:ml-2 sm:w-1/2 text-left text-gray-900"><select name="super_attribute[93]" id="attribute93"'
           ' class="form-select super-attribute-select max-w-full" required><option value="">Choose an Option...'
           '</option><template x-for="(item, index) in getAllAttributeOptions(93)" :key="item.id"></template></select>'
           '</div></div></div>')


def hyva(price: str, *, saleable: bool = True, de: bool = False, options: str = "") -> str:
    stock, sku_label, cart, add = (("Auf Lager", "Artikelnummer", "Warenkorb", "In den Warenkorb") if de else
                                   ("In stock", "SKU", "Cart", "Add to Cart"))
    if not saleable:
        stock = "Nicht auf Lager" if de else "Out of stock"
    buy = ('<div class="flex gap-2 mt-4 ml-auto sm:mt-0"><input name="qty" form="product_addtocart_form" type="number" '
           f'min="1" value="1" class="form-input px-2 py-2 w-20 text-center"><button type="submit" form="product_'
           f'addtocart_form" aria-label="{add}" class="btn btn-primary" id="product-addtocart-button" data-addto='
           f'"cart"><svg aria-hidden="true"></svg><span class="hidden sm:block md:hidden lg:block">'
           f'{add}</span></button></div>'
           if saleable else '<div class="flex gap-2 mt-4 ml-auto sm:mt-0"></div>')
    main = ('<div class="container flex flex-col md:flex-row flex-wrap"><h1 class="text-gray-900 page-title title-font '
            'text-3xl font-semibold mb-8 text-center md:sr-only"><span class="base" data-ui-id="page-title-wrapper" '
            f'itemprop="name">{NAME}</span></h1></div><section class="text-gray-700 body-font"><div class="flex '
            'flex-col md:flex-row flex-wrap card w-full"><div class="w-full md:w-1/2"><img itemprop="image" '
            f'src="/media/catalog/product/l/a/lamp.jpg" alt="{NAME}"></div><div class="w-full '
            f'md:w-1/2 md:pl-5"><div class="card '
            f'mb-6"><h1 class="mb-4 text-3xl font-medium text-gray-900 title-font">{NAME}</h1><div class="flex flex-col'
            ' sm:flex-row justify-between my-4"><div class="inline-flex flex-wrap items-center gap-x-6"><div class="'
            'text-right"><p class="flex items-center justify-end align-middle gap-x-2 stock '
            f'{"available before:bg-green-500" if saleable else "unavailable before:bg-red-500"}" title="Availability">'
            f'{stock}</p></div></div></div><dl id="product-details"><div class="flex border-t border-gray-300 py-2 '
            f'last:mb-6 last:border-b attribute-sku"><dt class="w-1/2 text-left text-gray-700 product-detail-label">'
            f'{sku_label}</dt><dd class="w-1/2 ml-2 text-left text-gray-900 product-detail-value">WDL-100</dd></div>'
            f'</dl><form method="post" action="/checkout/cart/add/product/12/" id="product_addtocart_form">{options}'
            '<input type="hidden" name="product" value="12"></form><div class="flex flex-col sm:flex-row '
            f'items-end my-4"><div role="group" aria-label="Price">{price}</div>{buy}</div></div></div></div>'
            '</section>')
    header = ('<div class="relative inline-block"><a id="menu-cart-icon" href="/checkout/cart/index/" class="relative '
              f'inline-block rounded p-1"><span class="sr-only label">{cart}</span><svg aria-hidden="true"></svg><span '
              'x-text="cart.summary_count" class="absolute top-0 right-0 h-5 px-2 py-1 -mt-5 -mr-4 text-xs font-'
              'semibold leading-none text-center text-white uppercase bg-primary rounded-full" :class="{\'hidden\': '
              '!cart.summary_count}"></span></a></div>')
    tiles = "".join(
        f'<div class="item product product-item card card-interactive flex flex-col w-full"><a href="/p{i}.html" '
        f'class="product photo product-item-photo block mx-auto mb-3" tabindex="-1"><img src="/p{i}.jpg" alt="{n}"></a>'
        f'<div class="product-info flex flex-col grow"><div class="mt-2 mb-1 items-center justify-center font-'
        f'semibold text-lg text-center"><a class="product-item-link" href="/p{i}.html">{n}</a></div><div class="pt-1" '
        f'x-data="initPriceBox()"><div class="price-box price-final_price" data-role="priceBox" data-product-id="{i}">'
        f'<span class="price-container price-final_price tax weee"><span id="product-price-{i}" data-price-amount="'
        f'{a}" data-price-type="finalPrice" class="price-wrapper "><span class="price">{p}</span></span></span></div>'
        '</div><div class="mt-auto pt-3 flex flex-wrap items-center gap-y-4 gap-x-2"><button class="btn btn-primary '
        f'text-sm me-auto" aria-label="{add} {n}" data-addto="cart"><span class="inline">{add}</span></button></div>'
        '</div></div>' for i, n, a, p in [(31, "Linen Shade", "24", "24,00 €" if de else "$24.00"),
                                          (32, "Oak Wall Light", "79", "79,00 €" if de else "$79.00")])
    related = ('<section class="my-12 text-gray-700 body-font"><div class="container mx-auto flex pt-6 pb-3 mb-6 '
               f'md:flex-row border-b-2 border-gray-300"><h2 class="text-gray-900 text-2xl title-font font-base">'
               f'{"Ähnliche Produkte" if de else "Related Products"}</h2></div><div class="relative"><div class="flex '
               f'snap snap-x snap-mandatory overflow-x-auto">{tiles}</div></div></section>')
    return doc(main, lang="de" if de else "en", header=header, related=related,
               body_attrs=' id="html-body" itemtype="https://schema.org/Product" itemscope="itemscope" class="catalog-'
                          'product-view product-walnut-desk-lamp page-layout-1column"')


case("hyva_simple_in_stock_itemscope_product_on_body_slider_tiles_inside",
     hyva(hy_price("$54.00", "54")), HY, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("hyva_special_price_old_price_first",
     hyva(hy_price("$54.00", "54", regular="$67.50")), HY, price=54.0, currency="USD", availability="in_stock",
     sku="WDL-100")
case("hyva_out_of_stock_no_add_to_cart_button",
     hyva(hy_price("$54.00", "54", avail="OutOfStock"), saleable=False), HY,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100")
case("hyva_configurable_dropdown_filled_by_alpine",
     hyva(hy_price("$54.00", "54"), options=HY_CONF), HY, price=54.0, currency="USD", availability="in_stock")
case("hyva_de_store_view_euro_after_amount",
     hyva(hy_price("54,00 €", "54", currency="EUR"), de=True), HY_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
