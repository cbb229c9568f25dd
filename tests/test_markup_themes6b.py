"""Shapes of real shop markup, part 6b: Shopify Horizon and Drupal Commerce 2 product pages as their templates
render them, read by the generic extraction (no site profile); see tests/test_markup_themes.py and part 6. Each case
renders by hand what the templates output for one state, with the theme's classes, data attributes and schema.org
data, inside a realistic page (mini cart, breadcrumbs, related products with prices). The expectations are what a
careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ Shopify Horizon
# Shopify/horizon @ e038e9b6daf4aae4f01d627b71267fd57ed8a89c: sections/product-information.liquid (JSON-LD from
# `closest.product | structured_data`), templates/product.json (text block "<h1>{{ closest.product.title }}</h1>",
# price, variant-picker, buy-buttons, product-recommendations cards), blocks/price.liquid + snippets/price.liquid
# (<product-price>, span.compare-at-price and span.price, no <s>: the strike is CSS; show_sale_price_first puts the
# sale price first), blocks/sku.liquid + snippets/sku.liquid, blocks/product-inventory.liquid, blocks/buy-buttons
# .liquid + snippets/add-to-cart-button.liquid (button disabled with "Sold out"), snippets/variant-main-picker.liquid,
# snippets/header-actions.liquid + cart-bubble.liquid + cart-drawer.liquid; locales/en.default.json, de.json.
HZ = "https://lumio-lighting.myshopify.com/products/walnut-desk-lamp"
HZ_DE = "https://www.lumio.example.de/products/walnut-desk-lamp"


def hz_offer(vid: int, price: str, cur: str, avail: str, url: str) -> str:
    return (f'{{"@id":"/products/walnut-desk-lamp?variant={vid}#offer","@type":"Offer","availability":"http://schema'
            f'.org/{avail}","price":"{price}","priceCurrency":"{cur}","url":"{url}?variant={vid}"}}')


def hz_ld(price: str = "54.00", cur: str = "USD", avail: str = "InStock", url: str = HZ, group: bool = False) -> str:
    brand = '"brand":{"@type":"Brand","name":"Lumio"},"description":"Turned walnut base, linen shade."'
    if group:
        vs = ",".join(f'{{"@id":"/products/walnut-desk-lamp?variant={v}#variant","@type":"Product","image":"https://'
                      f'cdn.shopify.com/lamp.jpg","name":"{NAME} - {n}","offers":{hz_offer(v, p, cur, avail, url)},'
                      f'"sku":"{s}"}}' for v, n, p, s in [(4242, "Walnut", "54.00", "WDL-100"),
                                                         (4243, "Smoked Oak", "59.00", "WDL-101")])
        body = (f'"@type":"ProductGroup",{brand},"hasVariant":[{vs}],"name":"{NAME}","productGroupID":"8001",'
                f'"url":"{url}"')
    else:
        body = (f'"@type":"Product",{brand},"image":"https://cdn.shopify.com/lamp.jpg","name":"{NAME}","offers":'
                f'{hz_offer(4242, price, cur, avail, url)},"sku":"WDL-100","url":"{url}"')
    return ('<script type="application/ld+json">{"@context":"http://schema.org/","@id":"/products/walnut-desk-lamp'
            f'#product",{body}}}</script>')


def hz_price(price: str, compare: str = "", *, first: bool = False, de: bool = False) -> str:
    reg, sale = ("Normaler Preis", "Angebotspreis") if de else ("Regular price", "Sale price")
    if not compare:
        inner = f'<span class="price">{price}</span>'
    else:
        c = (f'<span class="price-item__group price-item--regular compare-at-price"><span class="visually-hidden">'
             f'{reg}&nbsp;</span>{compare}</span>')
        p = (f'<span class="price-item__group price"><span class="visually-hidden">{sale}&nbsp;</span>{price}'
             '</span>')
        inner = p + c if first else c + p
    tax = "Inkl. Steuern. Versand wird beim Checkout berechnet." if de else "Taxes included."
    return ('<product-price class="text-block text-left paragraph spacing-style" data-block-id="price" data-product-'
            f'id="8001"><div ref="priceContainer">{inner}</div><div class="tax-note">{tax}</div></product-price>')


def hz_sku(sku: str = "WDL-100") -> str:
    return ('<product-sku-component class="text-block text-left paragraph spacing-style" data-product-id="8001" '
            f'style="display: block;"><div ref="skuContainer"><span class="sku" ref="sku" data-testid="product-sku">'
            f'{sku}</span></div></product-sku-component>')


def hz_inventory(status: str, text: str) -> str:
    return ('<product-inventory class="product-inventory product-inventory-inv spacing-style" data-product-id="8001">'
            f'<span class="product-inventory__status"><span class="svg-wrapper product-inventory__icon product-'
            f'inventory__icon-{status}"><svg></svg></span><span class="product-inventory__text" id="Inventory-template'
            f'--1__main" role="status" aria-label="Inventory status">{text}</span></span></product-inventory>')


def hz_buy(text: str = "Add to cart", can: bool = True, vid: int = 4242) -> str:
    icon = '<span aria-hidden="true" class="svg-wrapper add-to-cart-icon"><svg></svg></span>' if can else ""
    return ('<span class="buy-buttons-block buy-buttons-block--buy"><product-form-component data-section-id="template-'
            '-1__main" data-product-id="8001" data-product-url="/products/walnut-desk-lamp" on:submit="/handleSubmit" '
            'data-quantity-default="1"><div class="visually-hidden" aria-live="assertive" role="status" aria-atomic="'
            'true" ref="liveRegion"></div><form method="post" action="/cart/add" id="BuyButtons-ProductForm-template--1'
            '__main" accept-charset="UTF-8" class="shopify-product-form" enctype="multipart/form-data" data-type="add-'
            'to-cart-form"><input type="hidden" name="form_type" value="product"><input type="hidden" name="utf8" '
            f'value="✓"><input type="hidden" name="id" ref="variantId" value="{vid}"><div class="product-form-buttons '
            'spacing-style" ref="productFormButtons"><quantity-selector-component class="quantity-selector"><input '
            'type="number" name="quantity" value="1" min="1" ref="quantityInput"></quantity-selector-component><add-to-'
            'cart-component ref="addToCartButtonContainer" data-add-to-cart-animation="true"><button type="submit" name'
            f'="add" ref="addToCartButton" on:click="/handleClick" class="button add-to-cart-button"'
            f'{"" if can else " disabled"}>{icon}{text}<span class="add-to-cart__added"><span class="svg-wrapper add-'
            'to-cart__added-icon"><svg></svg></span></span></button></add-to-cart-component><div data-shopify="'
            'payment-button" class="shopify-payment-button"></div></div></form></product-form-component></span>')


HZ_PICK = ('<variant-picker class="variant-picker spacing-style variant-picker--left" data-section-id="template--1__'
           'main" data-product-id="8001" data-product-handle="walnut-desk-lamp" data-product-title="Walnut Desk Lamp" '
           'data-product-url="/products/walnut-desk-lamp" ref="mainVariantPicker" data-template-product-match="true">'
           '<form class="variant-picker__form"><fieldset class="variant-option variant-option--buttons"><legend class='
           '"variant-option__legend">Finish <span class="variant-option__swatch-value">Smoked Oak</span></legend>'
           '<label class="variant-option__button-label"><input type="radio" name="Finish-8001" value="Walnut" data-'
           'variant-id="4242" data-option-value-id="1"><span class="variant-option__button-label__text">Walnut</span>'
           '</label><label class="variant-option__button-label"><input type="radio" name="Finish-8001" value="Smoked '
           'Oak" data-variant-id="4243" data-option-value-id="2" checked><span class="variant-option__button-label__'
           'text">Smoked Oak</span></label></fieldset><script type="application/json">{"id":4243,"title":"Smoked Oak",'
           '"available":true,"price":5900,"compare_at_price":null,"sku":"WDL-101"}</script></form></variant-picker>')


def horizon(blocks: str, *, ld: str, de: bool = False) -> str:
    total, cart, est, like = (("24,00 € EUR", "Warenkorb", "Geschätzte Gesamtsumme", "Das könnte dir auch gefallen")
                              if de else ("$24.00 USD", "Cart", "Estimated total", "You may also like"))
    item = "24,00 €" if de else "$24.00"
    header = ('<div class="header-actions"><cart-icon class="header-actions__cart-icon" data-testid="cart-icon">'
              '<button class="button header-actions__action button-unstyled" aria-label="' + cart + '"><span '
              'class="svg-wrapper"><svg></svg></span><div class="cart-bubble"><span class="cart-bubble__background">'
              '</span><span class="cart-bubble__text"><span class="visually-hidden">1</span><span class="cart-bubble__'
              'text-count">1</span></span></div></button></cart-icon><cart-drawer-component class="cart-drawer">'
              '<dialog class="cart-drawer__dialog dialog-modal"><div class="cart-drawer__inner"><h2 class="cart-drawer'
              f'__heading h3">{cart} <span class="cart-drawer__heading--count">1</span></h2><cart-items-component>'
              '<table class="cart-items__table"><tbody><tr class="cart-items__table-row"><td class="cart-items__'
              'details"><a href="/products/linen-shade" class="cart-items__title">Linen Shade</a></td><td class="'
              f'cart-items__price"><text-component>{item}</text-component></td></tr></tbody></table><div class="'
              f'cart-totals"><span class="cart-totals__label">{est}</span> <text-component class="cart-totals__total-'
              f'value">{total}</text-component></div></cart-items-component></div></dialog></cart-drawer-component>'
              '</div>')
    cards = "".join(
        f'<li class="product-grid__item"><product-card class="product-card" data-product-id="{90 + i}"><a class="'
        f'contents user-select-text" ref="productTitleLink" href="/products/p{i}"><div class="text-block paragraph">'
        f'<p role="heading" aria-level="3">{n}</p></div></a><product-price class="text-block h6 spacing-style" '
        f'data-product-id="{90 + i}"><div ref="priceContainer"><span class="price">{p}</span></div></product-price>'
        '</product-card></li>' for i, (n, p) in enumerate(
            [("Brass Floor Lamp", "129,00 €" if de else "$129.00"), ("Linen Shade", item)]))
    related = ('<div class="shopify-section"><product-recommendations class="product-recommendations section" data-'
               'url="/recommendations/products?product_id=8001&limit=4" data-product-id="8001"><div class="text-block '
               f'h4"><h2>{like} </h2></div><ul class="product-grid" role="list">{cards}</ul></product-recommendations>'
               '</div>')
    main = (f'{ld}<div class="shopify-section section-wrapper" id="shopify-section-template--1__main"><div class="'
            'section product-information spacing-style section--page-width"><div class="product-information__grid '
            'product-information--media-left"><div class="product-information__media"><media-gallery class="media-'
            f'gallery"><img src="//cdn.shopify.com/lamp.jpg" alt="{NAME}"></media-gallery></div><div class="product-'
            'details"><div class="group-block"><rte-formatter class="spacing-style text-block text-block--title h3">'
            f'<h1>{NAME}</h1></rte-formatter>{blocks}</div></div></div></div></div>')
    return doc(main, lang="de" if de else "en", header=header, related=related)


case("horizon_in_stock_price_sku_and_inventory_blocks",
     horizon(hz_price("$54.00") + hz_sku() + hz_inventory("in_stock", "In stock") + hz_buy(), ld=hz_ld()), HZ,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("horizon_sale_compare_at_price_first_struck_by_css_only",
     horizon(hz_price("$54.00", "$67.50") + hz_sku() + hz_inventory("in_stock", "In stock") + hz_buy(), ld=hz_ld()),
     HZ, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("horizon_sold_out_disabled_button_out_of_stock_inventory",
     horizon(hz_price("$54.00") + hz_sku() + hz_inventory("out_of_stock", "Out of stock") + hz_buy("Sold out", False),
             ld=hz_ld(avail="OutOfStock")), HZ,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("horizon_low_stock_inventory_status",
     horizon(hz_price("$54.00") + hz_sku() + hz_inventory("low", "Low stock") + hz_buy(), ld=hz_ld()), HZ,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("horizon_de_sale_price_first_money_with_currency",
     horizon(hz_price("54,00 € EUR", "67,50 € EUR", first=True, de=True) + hz_sku()
             + hz_inventory("in_stock", "Auf Lager") + hz_buy("In den Warenkorb legen"),
             ld=hz_ld(cur="EUR", url=HZ_DE), de=True), HZ_DE,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("horizon_variant_picker_second_variant_selected_by_url_product_group_json_ld",
     horizon(hz_price("$59.00") + hz_sku("WDL-101") + HZ_PICK + hz_inventory("in_stock", "In stock")
             + hz_buy(vid=4243), ld=hz_ld(group=True)), HZ + "?variant=4243",
     # title: the chosen variant's markup name ("... - Smoked Oak"), by design (tests/test_product_page.py)
     price=59.0, currency="USD", availability="in_stock", sku="WDL-101")


# ============================================================================ Drupal Commerce 2 (Olivero)
# drupalcommerce/commerce @ 643bb39620c083f6d52acd41c8170d7f34b40e1c: modules/product/templates/commerce-product.html
# .twig (<article> around the product fields), commerce-product-variation.html.twig, src/ProductVariationFieldRenderer
# .php (variation fields wrapped in "product--variation-field--variation_<field>__<product id>"), src/ProductView
# Builder.php, modules/cart/src/Form/AddToCartForm.php (submit "Add to cart", class button--add-to-cart, attribute
# selects from the variation attributes widget), modules/cart/templates/commerce-cart-block.html.twig; prices from
# commerce_price_default (CLDR: "$54.00", "54,00 €"); core's Olivero field.html.twig / page-title.html.twig.
DC = "https://lumio.example/product/7"
DC_DE = "https://lumio.example/de/product/7"


def dc_field(name: str, label: str, value: str, *, pid: int = 7, kind: str = "commerce-price") -> str:
    return (f'<div class="product--variation-field--variation_{name}__{pid} field field--name-{name.replace("_", "-")}'
            f' field--type-{kind} field--label-{"inline" if label else "hidden"}">'
            + (f'<div class="field__label">{label}</div>' if label else "") + f'<div class="field__item">{value}</div>'
            '</div>')


DC_SELECT = ('<div class="attribute-widgets form-wrapper" data-drupal-selector="edit-purchased-entity-0-attributes" id='
             '"edit-purchased-entity-0-attributes"><div class="js-form-item form-item js-form-type-select form-item-'
             'purchased-entity-0-attributes-attribute-finish"><label for="edit-purchased-entity-0-attributes-attribute-'
             'finish" class="js-form-required form-required">Finish</label><select data-drupal-selector="edit-'
             'purchased-entity-0-attributes-attribute-finish" id="edit-purchased-entity-0-attributes-attribute-finish" '
             'name="purchased_entity[0][attributes][attribute_finish]" class="form-select required" required="required"'
             ' aria-required="true"><option value="1" selected="selected">Walnut</option><option value="2">Smoked Oak'
             '</option></select></div></div>')


def commerce(fields: str, *, select: str = "", de: bool = False) -> str:
    cart, item, links = ("In den Warenkorb", "24,00 €", "Warenkorb") if de else ("Add to cart", "$24.00", "Cart")
    form = ('<div class="field field--name-variations field--type-entity-reference field--label-hidden field__items">'
            '<div class="field__item"><form class="commerce-order-item-add-to-cart-form-commerce-product-7 commerce-'
            'order-item-add-to-cart-form" data-drupal-selector="commerce-order-item-add-to-cart-form-commerce-product-'
            '7" action="/product/7" method="post" id="commerce-order-item-add-to-cart-form-commerce-product-7" accept-'
            'charset="UTF-8"><div class="field--type-entity-reference field--name-purchased-entity field--widget-'
            'commerce-product-variation-attributes js-form-wrapper form-wrapper" data-drupal-selector="edit-purchased-'
            f'entity-wrapper" id="edit-purchased-entity-wrapper">{select}</div><input data-drupal-selector="edit-'
            'quantity-0-value" type="hidden" name="quantity[0][value]" value="1"><input autocomplete="off" data-drupal-'
            'selector="form-x1" type="hidden" name="form_build_id" value="form-x1"><input data-drupal-selector="edit-'
            'commerce-order-item-add-to-cart-form-commerce-product-7" type="hidden" name="form_id" value="commerce_'
            'order_item_add_to_cart_form_commerce_product_7"><div data-drupal-selector="edit-actions" class="form-'
            'actions js-form-wrapper form-wrapper" id="edit-actions"><input class="button--add-to-cart button button--'
            f'primary js-form-submit form-submit" data-drupal-selector="edit-submit" type="submit" id="edit-submit" '
            f'name="op" value="{cart}"></div></form></div></div>')
    main = ('<div class="region region--content-above"><div id="block-olivero-page-title" class="block block-core '
            'block-page-title-block"><h1 class="title page-title"><span class="field field--name-title field--type-'
            f'string field--label-hidden">{NAME}</span></h1></div></div><div class="region region--content" id="'
            'content"><div id="block-olivero-content" class="block block-system block-system-main-block"><article '
            'class="commerce-product commerce-product--type--default commerce-product--view-mode--full"><div class="'
            'field field--name-body field--type-text-with-summary field--label-hidden field__item"><p>Turned walnut '
            f'base, linen shade.</p></div>{fields}{form}</article></div></div>')
    teasers = "".join(
        f'<div class="views-row"><article class="commerce-product commerce-product--view-mode--teaser"><h2><a href="'
        f'/product/{p}">{n}</a></h2>{dc_field("price", "", v, pid=p)}</article></div>'
        for p, n, v in [(8, "Brass Floor Lamp", "129,00 €" if de else "$129.00"), (9, "Linen Shade", item)])
    related = ('<div class="region region--content-below"><div class="views-element-container block block-views" id='
               '"block-views-block-more-lamps"><h2 class="block__title">' + ("Weitere Leuchten" if de else "More lamps")
               + f'</h2><div class="view view-more-lamps view-display-id-block_1">{teasers}</div></div></div>')
    header = ('<div id="block-olivero-cart" class="block block-commerce-cart"><div class="cart--cart-block"><div class='
              '"cart-block--summary"><a class="cart-block--link__expand" href="/cart"><span class="cart-block--summary'
              '__icon"><img src="/modules/contrib/commerce/icons/ffffff/cart.png" alt="' + links + '"></span><span '
              'class="cart-block--summary__count">' + ("1 Artikel" if de else "1 item") + '</span></a></div><div '
              'class="cart-block--contents"><div class="cart-block--contents__inner"><div class="cart-block--contents'
              '__items"><div class="view view-commerce-cart-block"><table><tbody><tr><td class="views-field '
              'views-field-quantity">1&nbsp;x</td><td class="views-field views-field-title">Linen Shade</td><td '
              f'class="views-field views-field-total-price__number">{item}</td></tr></tbody></table></div></div>'
              f'<div class="cart-block--contents__links"><a href="/cart">{links}</a></div></div></div></div></div>')
    crumbs = ('<div id="block-olivero-breadcrumbs" class="block block-system block-system-breadcrumb-block"><nav class='
              '"breadcrumb" role="navigation" aria-labelledby="system-breadcrumb"><h2 id="system-breadcrumb" class="'
              'visually-hidden">Breadcrumb</h2><ol class="breadcrumb__list"><li class="breadcrumb__item"><a href="/" '
              'class="breadcrumb__link">' + ("Startseite" if de else "Home") + '</a></li></ol></nav></div>')
    return doc(main, lang="de" if de else "en", header=header, crumbs=crumbs, related=related,
               body_attrs=' class="path-product"')


DC_SKU = dc_field("sku", "SKU", "WDL-100", kind="string")

case("commerce_en_variation_price_field_sku_and_add_to_cart_form",
     commerce(DC_SKU + dc_field("price", "", "$54.00")), DC,
     price=54.0, currency="USD", sku="WDL-100", title=NAME)
case("commerce_en_list_price_field_before_the_price_field",
     commerce(DC_SKU + dc_field("list_price", "List price", "$67.50") + dc_field("price", "Price", "$54.00")), DC,
     price=54.0, currency="USD", sku="WDL-100", title=NAME)
case("commerce_en_attribute_select_default_variation",
     commerce(DC_SKU + dc_field("price", "", "$54.00"), select=DC_SELECT), DC,
     price=54.0, currency="USD", sku="WDL-100", title=NAME)
case("commerce_de_euro_after_amount_and_cart_block",
     commerce(dc_field("sku", "Artikelnummer", "WDL-100", kind="string") + dc_field("price", "", "54,00 €"), de=True),
     DC_DE, price=54.0, currency="EUR", sku="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
