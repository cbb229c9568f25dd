"""Shapes of real shop markup, part 2: PrestaShop classic, Magento 2 Luma, Shopware 6, OpenCart and BigCommerce
Cornerstone product pages as their templates render them, read by the generic extraction; see
tests/test_markup_themes.py. The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ PrestaShop 1.7 / 8 classic theme
# PrestaShop/PrestaShop @ 01189c79eaca69ac57b4b5c13b067bab69c23978: themes/classic/templates/catalog/product.tpl,
# _partials/product-prices.tpl, _partials/product-add-to-cart.tpl (product_availability block),
# _partials/product-details.tpl (reference), _partials/miniatures/product.tpl, ps_shoppingcart, ps_categoryproducts.
PS_US = "https://www.lumio.example.com/en/lamps/42-walnut-desk-lamp.html"
PS_DE = "https://www.lumio.example.de/de/leuchten/42-walnut-tischleuchte.html"


def ps_prices(current: str, regular: str = "", content: str = "54", *, micro: bool = False, tax: str = "Tax included",
              discount: str = "Save 20%") -> str:
    disc = f'<div class="product-discount"><span class="regular-price">{regular}</span></div>' if regular else ""
    offer = (' itemprop="offers" itemscope itemtype="https://schema.org/Offer"' if micro else "")
    meta = ('<link itemprop="availability" href="https://schema.org/InStock"/><meta itemprop="priceCurrency" '
            'content="EUR">' if micro else "")
    attr = 'itemprop="price" ' if micro else 'class="current-price-value" '
    pct = f'<span class="discount discount-percentage">{discount}</span>' if regular else ""
    return (f'<div class="product-prices js-product-prices">{disc}<div class="product-price h5'
            f'{" has-discount" if regular else ""}"{offer}>{meta}<div class="current-price"><span '
            f'{attr}content="{content}">{current}</span>{pct}</div>'
            f'</div><div class="tax-shipping-delivery-label">{tax}</div></div>')


def ps_cart(avail_icon: str, avail_text: str, button: str = "Add to cart", disabled: bool = False) -> str:
    return ('<div class="product-actions js-product-actions"><form action="/en/cart" method="post" id="add-to-cart-or-'
            'refresh"><input type="hidden" name="id_product" value="42" id="product_page_product_id"><div class="'
            'product-add-to-cart js-product-add-to-cart"><span class="control-label">Quantity</span><div class="'
            'product-quantity clearfix"><div class="qty"><input type="number" name="qty" id="quantity_wanted" value='
            '"1" class="input-group" min="1" aria-label="Quantity"></div><div class="add"><button class="btn btn-'
            f'primary add-to-cart" data-button-action="add-to-cart" type="submit"{" disabled" if disabled else ""}>'
            f'<i class="material-icons shopping-cart">&#xE547;</i> {button}</button></div></div><span id="product-'
            f'availability" class="js-product-availability">{avail_icon} {avail_text}</span><p class="product-minimal-'
            'quantity js-product-minimal-quantity"></p></div></form></div>')


PS_OK = '<i class="material-icons rtl-no-flip product-available">&#xE5CA;</i>'
PS_LAST = '<i class="material-icons product-last-items">&#xE002;</i>'
PS_NO = '<i class="material-icons product-unavailable">&#xE14B;</i>'


def ps_page(prices: str, actions: str, *, ref: str = "WDL-100", de: bool = False, h1_micro: bool = False) -> str:
    ref_label, cart, home = ("Artikel-Nr.", "Warenkorb", "Startseite") if de else ("Reference", "Cart", "Home")
    h1_attr = ' itemprop="name"' if h1_micro else ""
    main = ('<section id="main"><div class="row product-container js-product-container"><div class="col-md-6">'
            '<section class="page-content" id="content"><div class="images-container js-images-container"><img '
            'class="js-qv-product-cover img-fluid" src="/42-large_default/lamp.jpg" alt=""></div></section></div>'
            f'<div class="col-md-6"><h1 class="h1"{h1_attr}>{NAME}</h1>{prices}'
            '<div class="product-information"><div id="product-description-short-42" class="product-description">'
            f'<p>Turned walnut, linen shade.</p></div>{actions}</div></div></div><div class="tabs"><div class="tab-'
            f'content" id="tab-content"><div class="js-product-details tab-pane fade" id="product-details"><div class='
            f'"product-reference"><label class="label">{ref_label} </label><span>{ref}</span></div></div></div></div>'
            '</section>')
    header = ('<div id="_desktop_cart"><div class="blockcart cart-preview inactive" data-refresh-url="//www.lumio.'
              'example.com/module/ps_shoppingcart/ajax"><div class="header"><i class="material-icons shopping-cart" '
              f'aria-hidden="true">shopping_cart</i><span class="hidden-sm-down">{cart}</span><span class="cart-'
              'products-count">(0)</span></div></div></div>')
    crumbs = ('<nav data-depth="3" class="breadcrumb hidden-sm-down"><ol><li><a href="/"><span>' + home + '</span></a>'
              f'</li><li><a href="/lamps"><span>Lamps</span></a></li><li><span>{NAME}</span></li></ol></nav>')
    minis = "".join(
        f'<div class="js-product product col-xs-12 col-sm-6 col-lg-4 col-xl-3"><article class="product-miniature js-'
        f'product-miniature" data-id-product="{i}" data-id-product-attribute="0"><div class="thumbnail-container">'
        f'<div class="product-description"><h3 class="h3 product-title"><a href="/p/{i}">{n}</a></h3><div class="'
        f'product-price-and-shipping">{reg}<span class="price" aria-label="Price">{pr}</span></div></div><ul class='
        f'"product-flags js-product-flags">{flag}</ul></div></article></div>'
        for i, n, pr, reg, flag in [
            (7, "Linen Shade", "24,00 €" if de else "€24.00", '<span class="regular-price" aria-label="Regular price">'
             + ("30,00 €" if de else "€30.00") + '</span><span class="discount-percentage discount-product">-20%'
             '</span>', '<li class="product-flag discount">-20%</li>'),
            (8, "Oak Wall Light", "79,00 €" if de else "€79.00", "", '<li class="product-flag out_of_stock">'
             + ("Nicht auf Lager" if de else "Out-of-Stock") + '</li>')])
    related = ('<section class="featured-products clearfix mt-3"><h2>' + ("Kunden, die diesen Artikel gekauft haben, "
               "kauften auch:" if de else "16 other products in the same category:") + '</h2><div class="products '
               f'row">{minis}</div></section>')
    return doc(main, lang="de-DE" if de else "en-US", header=header, crumbs=crumbs, related=related,
               body_attrs=' id="product" class="lang-en country-fr currency-eur layout-full-width page-product '
               'product-id-42 product-walnut-desk-lamp"')


case("prestashop_regular_price_euro_before_amount_in_english_store",
     ps_page(ps_prices("€54.00"), ps_cart(PS_OK, "In stock")), PS_US,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("prestashop_out_of_stock_disabled_button",
     ps_page(ps_prices("€54.00"), ps_cart(PS_NO, "Out-of-Stock", disabled=True)), PS_US,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
case("prestashop_last_items_in_stock",
     ps_page(ps_prices("€54.00", "€67.50"), ps_cart(PS_LAST, "Last items in stock")), PS_US,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("prestashop_17_microdata_offer_de_discount",
     ps_page(ps_prices("54,00 €", "67,50 €", micro=True, tax="inkl. MwSt.", discount="20% sparen"),
             ps_cart(PS_OK, "Auf Lager", "In den Warenkorb"), de=True, h1_micro=True), PS_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("prestashop_combination_not_available_with_these_options",
     ps_page(ps_prices("€54.00"), ps_cart(PS_NO, "Product available with different options", disabled=True)), PS_US,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)


# ============================================================================ Magento 2 Luma
# magento/magento2 @ 004c9bb917b250ae2d6515ec3b96d4099b6f9c2e: app/code/Magento/Catalog/view/base/templates/product/
# price/amount/default.phtml, price/final_price.phtml; view/frontend/templates/product/view/type/default.phtml
# (stock), view/attribute.phtml (sku), Magento_Theme html/title.phtml, minicart, Bundle price/final_price.phtml.
MAG_US = "https://www.lumio.example.com/walnut-desk-lamp.html"
MAG_DE = "https://www.lumio.example.de/walnut-tischleuchte.html"


def mag_amount(amount: str, shown: str, *, pid: str = "product-price-42", ptype: str = "finalPrice",
               schema: bool = True, label: str = "", cur: str = "USD") -> str:
    offer = ' itemprop="offers" itemscope itemtype="http://schema.org/Offer"' if schema else ""
    lab = f'<span class="price-label">{label}</span>' if label else ""
    iprop = ' itemprop="price"' if schema else ""
    meta = f'<meta itemprop="priceCurrency" content="{cur}" />' if schema else ""
    return (f'<span class="price-container price-final_price tax weee"{offer}>{lab}<span id="{pid}" data-price-amount='
            f'"{amount}" data-price-type="{ptype}" class="price-wrapper "{iprop}><span class="price">{shown}</span>'
            f'</span>{meta}</span>')


def mag_box(inner: str, pid: str = "42") -> str:
    return (f'<div class="price-box price-final_price" data-role="priceBox" data-product-id="{pid}" data-price-box='
            f'"product-id-{pid}">{inner}</div>')


def mag_stock(ok: bool, de: bool = False) -> str:
    txt = ("Auf Lager" if ok else "Nicht auf Lager") if de else ("In stock" if ok else "Out of stock")
    title = "Verfügbarkeit" if de else "Availability"
    return f'<div class="stock {"available" if ok else "unavailable"}" title="{title}"><span>{txt}</span></div>'


def mag_page(price: str, stock: str, *, de: bool = False, buy: bool = True, sku: str = "WDL-100",
             extra: str = "") -> str:
    btn = ('<div class="product-add-form"><form data-product-sku="WDL-100" action="/checkout/cart/add/product/42/" '
           'method="post" id="product_addtocart_form"><input type="hidden" name="product" value="42"><div class="box-'
           'tocart"><div class="fieldset"><div class="field qty"><label class="label" for="qty"><span>Qty</span>'
           '</label><div class="control"><input type="number" name="qty" id="qty" value="1" class="input-text qty">'
           '</div></div><div class="actions"><button type="submit" title="Add to Cart" class="action primary tocart" '
           f'id="product-addtocart-button"><span>{"In den Warenkorb" if de else "Add to Cart"}</span></button></div>'
           '</div></div></form></div>') if buy else ""
    main = ('<div class="page-title-wrapper product"><h1 class="page-title"><span class="base" data-ui-id="page-title-'
            f'wrapper" itemprop="name">{NAME}</span></h1></div><div class="columns"><div class="column main">'
            '<div class="product-info-main"><div class="product-reviews-summary empty"><div class="reviews-actions">'
            '<a class="action add" href="#review-form">Be the first to review this product</a></div></div>'
            f'<div class="product-info-price">{price}<div class="product-info-stock-sku">{stock}<div class="product '
            f'attribute sku"><strong class="type">{"Art.-Nr." if de else "SKU"}</strong><div class="value" itemprop='
            f'"sku">{sku}</div></div></div></div>{extra}{btn}</div></div></div>')
    header = ('<div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/" '
              'data-bind="scope: \'minicart_content\'"><span class="text">My Cart</span><span class="counter qty">'
              '<span class="counter-number">1</span><span class="counter-label">1 item</span></span></a><div class='
              '"block block-minicart" data-role="dropdownDialog"><div class="block-content"><div class="items-total">'
              '<span class="count">1</span> Item in Cart</div><div class="subtotal"><span class="label"><span>Cart '
              f'Subtotal</span></span><div class="amount price-container"><span class="price-wrapper"><span class='
              f'"price">{"24,00 €" if de else "$24.00"}</span></span></div></div></div></div></div>')
    crumbs = ('<div class="breadcrumbs"><ul class="items"><li class="item home"><a href="/" title="Go to Home Page">'
              'Home</a></li><li class="item category3"><a href="/lamps.html">Lamps</a></li><li class="item product">'
              f'<strong>{NAME}</strong></li></ul></div>')
    boxes = [mag_box(mag_amount(a, sh, pid=f"product-price-{i}", schema=False, label=lb), i) for i, a, sh, lb in [
        ("7", "24", "24,00 €" if de else "$24.00", ""), ("8", "79", "79,00 €" if de else "$79.00", "As low as")]]
    items = "".join(
        f'<li class="item product product-item"><div class="product-item-info related-available"><div class="product '
        f'details product-item-details"><strong class="product name product-item-name"><a class="product-item-link" '
        f'href="/p{i}.html">{n}</a></strong>{box}</div></div></li>'
        for i, n, box in zip("78", ["Linen Shade", "Oak Wall Light"], boxes))
    related = ('<div class="block related" data-mage-init=\'{"relatedProducts":{"relatedCheckbox":".related.checkbox"}}'
               '\'><div class="block-title title"><strong id="block-related-heading" role="heading" aria-level="2">'
               'Related Products</strong></div><div class="block-content content"><ol class="products list items '
               f'product-items">{items}</ol></div></div>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs, related=related,
               body_attrs=' data-container="body" itemtype="http://schema.org/Product" itemscope="itemscope" '
               'class="catalog-product-view product-walnut-desk-lamp page-layout-1column"')


case("magento_simple_regular_microdata_in_price_box",
     mag_page(mag_box(mag_amount("54", "$54.00")), mag_stock(True)), MAG_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("magento_out_of_stock_no_add_to_cart_form",
     mag_page(mag_box(mag_amount("54", "$54.00")), mag_stock(False), buy=False), MAG_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("magento_bundle_from_to_prices",
     mag_page(mag_box('<p class="price-from">' + mag_amount("24", "$24.00", pid="from-42", ptype="minPrice",
                                                             label="From") + '</p><p class="price-to">'
                      + mag_amount("79", "$79.00", pid="to-42", ptype="maxPrice", schema=False, label="To") + '</p>'),
              mag_stock(True)), MAG_US,
     price=24.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("magento_de_tax_display_both_including_first",
     mag_page(mag_box('<span class="price-container price-final_price tax weee" itemprop="offers" itemscope itemtype='
                      '"http://schema.org/Offer"><span id="price-including-tax-product-price-42" data-label="Inkl. '
                      'Steuern" data-price-amount="64.26" data-price-type="finalPrice" class="price-wrapper price-'
                      'including-tax" itemprop="price"><span class="price">64,26 €</span></span><span id="price-'
                      'excluding-tax-product-price-42" data-label="Exkl. Steuern" data-price-amount="54" data-price-'
                      'type="basePrice" class="price-wrapper price-excluding-tax"><span class="price">54,00 €</span>'
                      '</span><meta itemprop="priceCurrency" content="EUR" /></span>'), mag_stock(True, True), de=True),
     MAG_DE, price=64.26, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
_MAG_INIT = ('<script type="text/x-magento-init">{"[data-role=priceBox][data-price-box=product-id-42]":{"priceBox":'
             '{"priceConfig":{"productId":"42","priceFormat":{"pattern":"$%s","precision":2,"decimalSymbol":".",'
             '"groupSymbol":","},"prices":{"baseOldPrice":{"amount":67.5},"oldPrice":{"amount":67.5},"basePrice":'
             '{"amount":54},"finalPrice":{"amount":54}}}}}}</script>')
_MAG_OLD = mag_amount("67.5", "$67.50", pid="old-price-42", ptype="oldPrice", schema=False, label="Regular Price")
_MAG_TIER = mag_amount("48", "$48.00", pid="tier-0", schema=False)
case("magento_special_price_with_price_config_init_script_and_tier_prices",
     mag_page(mag_box(f'<span class="special-price">{mag_amount("54", "$54.00", label="Special Price")}</span><span '
                      f'class="old-price">{_MAG_OLD}</span>') + _MAG_INIT, mag_stock(True), extra='<ul class="prices-'
              f'tier items"><li class="item">Buy 5 for {_MAG_TIER} each and <strong class="benefit">save<span class='
              '"percent tier-0">&nbsp;12</span>%</strong></li></ul>'), MAG_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)

# ============================================================================ Shopware 6 storefront
# shopware/shopware @ 00162bcd3842a9fb3eb4c338479b3f6cd5aa743e: src/Storefront/Resources/views/storefront/component/
# buy-widget/buy-widget.html.twig, buy-widget-price.html.twig, buy-widget-form.html.twig, component/delivery-
# information.html.twig, page/product-detail/headline.html.twig, layout/header/actions/cart-widget.html.twig.
SW_GB = "https://www.lumio.example.co.uk/Walnut-Desk-Lamp/SW10042"
SW_DE = "https://www.lumio.example.de/Walnut-Tischleuchte/SW10042"


def sw6(price: str, delivery: str, schema: str, *, buy: bool = True, de: bool = False, offer: str = "Offer",
        tiers: str = "") -> str:
    add, number = ("In den Warenkorb", "Produktnummer") if de else ("Add to shopping cart", "Product number")
    tax = "Preise inkl. MwSt. zzgl. Versandkosten" if de else "Prices incl. VAT plus shipping costs"
    form = ('<div class="product-detail-form-container"><form id="productDetailPageBuyProductForm" action="/checkout/'
            'line-item/add" method="post" class="buy-widget" data-add-to-cart="true"><div class="row g-2 buy-widget-'
            'container"><div class="col-4 d-flex justify-content-end"><select name="lineItems[42][quantity]" class='
            '"form-select product-detail-quantity-select"><option value="1" selected>1</option><option value="2">2'
            '</option></select></div><div class="col-8"><div class="d-grid"><button class="btn btn-primary btn-buy" '
            f'title="{add}" aria-label="{add}">{add}</button></div></div></div></form></div>') if buy else ""
    main = ('<div class="product-detail" itemscope itemtype="https://schema.org/Product"><div class="row product-'
            'detail-main"><div class="col-lg-7 product-detail-media"><img src="/media/lamp.jpg" alt=""></div><div '
            'class="col-lg-5 product-detail-buy"><div class="row product-detail-name-container"><div class="col">'
            f'<h1 class="product-detail-name" itemprop="name">{NAME}</h1></div></div><div class="product-detail-buy">'
            f'<div itemprop="offers" itemscope itemtype="https://schema.org/{offer}"><meta itemprop="url" content="'
            f'{SW_DE if de else SW_GB}"><meta itemprop="priceCurrency" content="EUR">{tiers}<div class="product-detail-'
            f'price-container">{price}</div><div class="product-detail-tax-container"><p class="product-detail-tax">'
            f'<a class="product-detail-tax-link" href="#" title="{tax}" data-ajax-modal="true">{tax}</a></p></div>'
            f'<div class="product-detail-delivery-information"><div class="product-delivery-information">{schema}'
            f'<p class="delivery-information {delivery}</p></div></div>{form}</div><div class="product-detail-order'
            f'number-container"><span class="product-detail-ordernumber-label">{number}:</span> '
            '<meta itemprop="productID" content="0190ab12cd34ef5678901234abcdef12"><span class="product-'
            'detail-ordernumber" itemprop="sku">SW10042</span></div></div></div></div></div>')
    cur = (lambda v: f"{v} €*") if de else (lambda v: f"€{v}*")
    boxes = "".join(
        f'<div class="product-slider-item"><div class="card product-box box-standard"><div class="card-body"><div '
        f'class="product-info"><a href="/p/{i}" class="product-name" title="{n}">{n}</a><div class="product-price-'
        f'info"><div class="product-price-wrapper"><span class="product-price">{cur(p)}</span></div></div><div class='
        f'"product-action"><form action="/checkout/line-item/add" method="post" class="buy-widget"><button class="btn '
        f'btn-block btn-buy" title="{add}">{add}</button></form></div></div></div></div></div>'
        for i, n, p in [(7, "Linen Shade", "24,00" if de else "24.00"),
                        (8, "Oak Wall Light", "79,00" if de else "79.00")])
    similar = "Ähnliche Produkte" if de else "Similar products"
    related = ('<div class="product-detail-cross-selling"><ul class="nav nav-tabs product-detail-tab-navigation-list">'
               f'<li class="nav-item"><a class="nav-link active" href="#cs-1">{similar}</a></li></ul><div class="tab-'
               f'content"><div class="cms-element-product-slider">{boxes}</div></div></div>')
    header = ('<div class="header-cart" data-off-canvas-cart="true"><a class="btn header-cart-btn header-actions-btn" '
              'href="/checkout/cart" data-cart-widget="true" title="Shopping cart"><span class="header-cart-icon">'
              f'</span><span class="header-cart-total">{cur("24,00" if de else "24.00")}</span></a></div>')
    crumbs = ('<nav aria-label="breadcrumb"><ol class="breadcrumb" itemscope itemtype="https://schema.org/BreadcrumbLis'
              't"><li class="breadcrumb-item" itemprop="itemListElement" itemscope itemtype="https://schema.org/ListIte'
              'm"><a href="/Lamps/" class="breadcrumb-link" title="Lamps" itemprop="item"><link itemprop="url" href="/'
              'Lamps/"><span class="breadcrumb-title" itemprop="name">Lamps</span></a><meta itemprop="position" '
              'content="1"></li></ol></nav>')
    return doc(main, lang="de-DE" if de else "en-GB", header=header, crumbs=crumbs, related=related,
               body_attrs=' class="is-ctl-product is-act-index"')


sw_price = '<meta itemprop="price" content="54"><p class="product-detail-price">{}</p>'.format
sw_link = '<link itemprop="availability" href="http://schema.org/{}">'.format
SW_IND = '"><span class="delivery-status-indicator bg-{}"></span> '
case("shopware6_available_with_delivery_time",
     sw6(sw_price("€54.00*"), "delivery-available" + SW_IND.format("success") + "Available, delivery time 1-3 days",
         sw_link("InStock")), SW_GB, price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)
case("shopware6_closeout_sold_out_limited_availability_no_buy_form",
     sw6(sw_price("€54.00*"), "delivery-soldout" + SW_IND.format("danger") + "Sold out", sw_link("LimitedAvailability"),
         buy=False), SW_GB, price=54.0, currency="EUR", availability="out_of_stock", sku="SW10042", title=NAME)
case("shopware6_de_closeout_ausverkauft",
     sw6(sw_price("54,00 €*"), "delivery-soldout" + SW_IND.format("danger") + "Ausverkauft",
         sw_link("LimitedAvailability"), buy=False, de=True), SW_DE,
     price=54.0, currency="EUR", availability="out_of_stock", sku="SW10042", title=NAME)
case("shopware6_restock_in_days_orderable",
     sw6(sw_price("€54.00*"), "delivery-restock" + SW_IND.format("warning") + "Available in 5 days, delivery time 1-3 "
         "days", sw_link("LimitedAvailability")), SW_GB,
     # LimitedAvailability with "Available in 5 days" and an enabled buy button: orderable now,
     # read as in stock (the project does not tell backorder from a delivery time).
     price=54.0, currency="EUR", availability="in_stock", sku="SW10042", title=NAME)


# ============================================================================ OpenCart 3 default theme
# opencart/opencart 3.0.x: upload/catalog/view/theme/default/template/product/product.twig, common/cart.twig.
def oc3(info: str, prices: str, *, cart_total: str = "1 item(s) - $24.00") -> str:
    main = ('<div id="product-product" class="container"><div class="row"><div id="content" class="col-sm-12"><div '
            'class="row"><div class="col-sm-8"><ul class="thumbnails"><li><img src="/lamp.jpg" alt=""></li></ul></div>'
            '<div class="col-sm-4"><div class="btn-group"><button type="button" class="btn btn-default" title="Add to '
            f'Wish List"><i class="fa fa-heart"></i></button></div><h1>{NAME}</h1><ul class="list-unstyled"><li>Brand: '
            f'<a href="/lumio">Lumio</a></li>{info}</ul><ul class="list-unstyled">{prices}</ul><div id="product"><div '
            'class="form-group"><label class="control-label" for="input-quantity">Qty</label><input type="text" name='
            '"quantity" value="1" size="2" id="input-quantity" class="form-control"><button type="button" id="button-'
            'cart" data-loading-text="Loading..." class="btn btn-primary btn-lg btn-block">Add to Cart</button></div>'
            '</div></div></div><h3>Related Products</h3><div class="row"><div class="product-layout col-xs-6 col-sm-3">'
            '<div class="product-thumb transition"><div class="caption"><h4><a href="/p7">Linen Shade</a></h4><p class='
            '"price"> $24.00 <span class="price-tax">Ex Tax: $20.00</span></p></div><div class="button-group"><button '
            'type="button" onclick="cart.add(\'7\', \'1\');"><span class="hidden-xs">Add to Cart</span></button></div>'
            '</div></div></div></div></div></div>')
    header = (f'<div id="cart" class="btn-group btn-block"><button type="button" data-toggle="dropdown" class="btn '
              f'btn-inverse btn-block btn-lg dropdown-toggle"><i class="fa fa-shopping-cart"></i> <span id="cart-total"'
              f'>{cart_total}</span></button></div>')
    crumbs = ('<ul class="breadcrumb"><li><a href="/"><i class="fa fa-home"></i></a></li><li><a href="/lamps">Lamps'
              f'</a></li><li><a href="/walnut">{NAME}</a></li></ul>')
    return doc(main, header=header, crumbs=crumbs)


OC_US = "https://www.lumio.example.com/index.php?route=product/product&product_id=42"
OC_INFO = '<li>Product Code: WDL-100</li><li>Reward Points: 400</li><li>Availability: {}</li>'
case("opencart3_regular_h2_price_ex_tax_and_discount_rows",
     oc3(OC_INFO.format("In Stock"), '<li><h2>$54.00</h2></li><li>Ex Tax: $45.00</li><li><hr></li><li>10 or more $48.00'
         '</li><li>20 or more $43.00</li>'), OC_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("opencart3_special_price_line_through_inline_style",
     oc3(OC_INFO.format("In Stock"), '<li><span style="text-decoration: line-through;">$67.50</span></li><li><h2>$54.00'
         '</h2></li><li>Ex Tax: $45.00</li>'), OC_US,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
OC_PLAIN = '<li><h2>$54.00</h2></li><li>Ex Tax: $45.00</li>'
case("opencart3_out_of_stock_status_button_still_shown", oc3(OC_INFO.format("Out Of Stock"), OC_PLAIN), OC_US,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("opencart3_pre_order_stock_status", oc3(OC_INFO.format("Pre-Order"), OC_PLAIN), OC_US,
     price=54.0, currency="USD", availability="preorder", sku="WDL-100", title=NAME)
case("opencart3_de_euro_right_without_space",
     oc3(OC_INFO.format("Auf Lager").replace("Product Code", "Artikelnr.").replace("Availability", "Verfügbarkeit"),
         '<li><h2>54,00€</h2></li><li>Ohne Steuer: 45,38€</li>', cart_total="0 Artikel - 0,00€").replace(
         'lang="en-US"', 'lang="de"'), "https://www.lumio.example.de/index.php?route=product/product&product_id=42",
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ BigCommerce Cornerstone
# bigcommerce/cornerstone @ 01d8ad74076fe2ae0d5d1ad8a5c9898686c4b617: templates/components/products/price.html,
# product-view.html, add-to-cart.html, common/alert/alert-error.html (the alert that replaces the form).
def bc(was: str, now: str, state: str, buy: str) -> str:
    hide, on = ' style="display: none;"', (' style="display: none;"', "")[bool(was)]
    main = ('<div class="productView" itemscope itemtype="http://schema.org/Product"><section class="productView-'
            'details product-data"><div class="productView-product"><h1 class="productView-title" itemprop="name">'
            f'{NAME}</h1><div class="productView-price"><div class="price-section price-section--withoutTax rrp-price'
            f'--withoutTax"{hide}>MSRP: <span data-product-rrp-price-without-tax class="price price--rrp"></span></div>'
            f'<div class="price-section price-section--withoutTax non-sale-price--withoutTax"{on}>Was: <span data-'
            f'product-non-sale-price-without-tax class="price price--non-sale">{was}</span></div><div class="price-'
            'section price-section--withoutTax" itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span '
            f'class="price-now-label"{on}>Now:</span><span data-product-price-without-tax class="price price--without'
            f'Tax">{now}</span><meta itemprop="availability" content="http://schema.org/{state}"><meta itemprop="price'
            'Currency" content="USD"><div itemprop="priceSpecification" itemscope itemtype="http://schema.org/Price'
            f'Specification"><meta itemprop="price" content="{now[1:]}"></div></div></div><dl class="productView-info">'
            '<dt class="productView-info-name sku-label">SKU:</dt><dd class="productView-info-value" data-product-sku>'
            f'WDL-100</dd></dl></div></section><section class="productView-details product-options">{buy}</section>'
            '</div>')
    return doc(main, header='<a class="navUser-action" data-cart-preview href="/cart.php">Cart <span class="count'
               'Pill cart-quantity">1</span></a>', related='<section class="productCarousel"><article class="card">'
               '<h3 class="card-title"><a href="/p7">Linen Shade</a></h3><span class="price">$24.00</span></article>'
               '</section>')


BC, BC_ADD = "https://lumio.example.com/walnut-desk-lamp/", ('<form class="form" method="post" action="/cart.php" '
             'data-cart-item-add><input id="form-action-addToCart" class="button button--primary" type="submit" '
             'value="{}"></form>').format
case("cornerstone_sale_was_now_hidden_msrp_microdata", bc("$67.50", "$54.00", "InStock", BC_ADD("Add to Cart")), BC,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("cornerstone_out_of_stock_alert_no_form", bc("", "$54.00", "OutOfStock", '<div class="alertBox alertBox--error">'
     '<p class="alertBox-column alertBox-message"><span>Out of stock</span></p></div>'), BC,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("cornerstone_pre_order_button", bc("", "$54.00", "PreOrder", BC_ADD("Pre-Order Now")), BC,
     price=54.0, currency="USD", availability="preorder", sku="WDL-100", title=NAME)

@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
