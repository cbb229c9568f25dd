"""Shapes of real shop markup, part 7b: WooCommerce block themes (the blockified single-product template) and
Vendure's Remix storefront starter, read by the generic extraction (no site profile); see tests/test_markup_themes.py
and tests/test_markup_themes7.py. Each case renders by hand what the templates output for one state inside a whole
page (mini cart, breadcrumbs, related products with their own prices, the framework's state script); the expectations
are what a careful human reads from the rendered page."""
from __future__ import annotations

import html as htmllib
import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ WooCommerce block theme
# woocommerce/woocommerce: plugins/woocommerce/templates/templates/blockified/single-product.html @ 24146d78d128 (post-
# title h1, product-price, add-to-cart-form, product-meta with product-sku, related-products pattern), src/Blocks/
# BlockTypes/ProductPrice.php and ProductSKU.php @ 068cb083a4a2 / 013bc790c9f6 (wc-block-components-product-price around
# get_price_html(); "SKU: " prefix + span.sku), templates/single-product/add-to-cart/simple.php and variable.php
# (p.stock from wc_get_stock_html, form.cart only when in stock, variations_form with data-product_variations),
# includes/class-wc-structured-data.php @ 019bb47e4e6a (Offer with the price only inside priceSpecification, a sale
# price first and the regular one as ListPrice, AggregateOffer for variable products; json_encode escapes "/"),
# the mini-cart block button. Theme: Twenty Twenty-Five.
WOO_URL = "https://lumio.example/product/walnut-desk-lamp/"
WOO_DE = "https://www.lumio.example.de/produkt/walnut-desk-lamp/"


def wamount(v: str, de: bool = False, hidden: bool = False) -> str:
    aria = ' aria-hidden="true"' if hidden else ""
    if de:
        return (f'<span class="woocommerce-Price-amount amount"{aria}><bdi>{v}&nbsp;<span class="woocommerce-Price-'
                'currencySymbol">&euro;</span></bdi></span>')
    return (f'<span class="woocommerce-Price-amount amount"{aria}><bdi><span class="woocommerce-Price-currencySymbol">'
            f'&#36;</span>{v}</bdi></span>')


def wprice(v: str, was: str = "", de: bool = False) -> str:
    if not was:
        return wamount(v, de)
    was_t, now_t = (f"Ursprünglicher Preis war: {was}&nbsp;€.", f"Aktueller Preis ist: {v}&nbsp;€.") if de else (
        f"Original price was: ${was}.", f"Current price is: ${v}.")
    return (f'<del aria-hidden="true">{wamount(was, de)}</del> <span class="screen-reader-text">{was_t}</span><ins '
            f'aria-hidden="true">{wamount(v, de)}</ins><span class="screen-reader-text">{now_t}</span>')


def wrange(lo: str, hi: str) -> str:
    return (f'{wamount(lo, hidden=True)} <span aria-hidden="true">&ndash;</span> {wamount(hi, hidden=True)}<span class='
            f'"screen-reader-text">Price range: ${lo} through ${hi}</span>')


def wblock_price(inner: str, tile: bool = False) -> str:
    cls = "has-text-align-center has-small-font-size" if tile else "has-large-font-size"
    return (f'<div class="wp-block-woocommerce-product-price {cls}"><div class="wc-block-components-product-price '
            f'wc-block-grid__product-price">\n\t\t\t\t\t{inner}\n\t\t\t\t</div></div>')


def wform(stock: str, stock_cls: str, button: str | None, qty_max: str = "") -> str:
    p = f'<p class="stock {stock_cls}">{stock}</p>' if stock else ""
    form = ('' if button is None else
            '<form class="cart" action="https://lumio.example/product/walnut-desk-lamp/" method="post" enctype="multi'
            'part/form-data"><div class="quantity"><label class="screen-reader-text" for="quantity_66">Walnut Desk '
            'Lamp '
            'quantity</label><input type="number" id="quantity_66" class="input-text qty text" name="quantity"'
            ' value="1"'
            f' aria-label="Product quantity" min="1" max="{qty_max}" step="1" inputmode="numeric" autocomplete="off">'
            '</div><button type="submit" name="add-to-cart" value="42" class="single_add_to_cart_button button alt wp-'
            f'element-button">{button}</button></form>')
    return f'<div class="wp-block-add-to-cart-form wc-block-add-to-cart-form--input">{p}{form}</div>'


def wvariable() -> str:
    variations = [{"attributes": {"attribute_pa_finish": f}, "availability_html": f'<p class="stock {c}">{t}</p>',
                   "backorders_allowed": False, "display_price": p, "display_regular_price": p, "is_in_stock": c ==
                   "in-stock", "is_purchasable": True, "sku": s, "variation_id": i, "price_html": '<span class="price">'
                   + wamount(f"{p}.00") + "</span>"}
                  for f, c, t, p, s, i in [("walnut", "in-stock", "5 in stock", 49, "WDL-100-WA", 44),
                                           ("oak", "out-of-stock", "Out of stock", 59, "WDL-100-OA", 45)]]
    data = htmllib.escape(json.dumps(variations).replace("/", "\\/"))
    return ('<div class="wp-block-add-to-cart-form wc-block-add-to-cart-form--input"><form class="variations_form cart"'
            ' action="https://lumio.example/product/walnut-desk-lamp/" method="post" enctype="multipart/form-data"'
            ' data-'
            f'product_id="42" data-product_variations="{data}"><table class="variations" cellspacing="0" role="present'
            'ation"><tbody><tr><th class="label"><label for="pa_finish">Finish</label></th><td class="value"><select id'
            '="pa_finish" name="attribute_pa_finish" data-attribute_name="attribute_pa_finish" data-show_option_none="'
            'yes"><option value="">Choose an option</option><option value="walnut" class="attached enabled">Walnut'
            '</option><option value="oak" class="attached enabled">Oak</option></select><a class="reset_variations" '
            'href="#" aria-label="Clear options">Clear</a></td></tr></tbody></table><div class="single_variation_wrap">'
            '<div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div><div '
            'class="woocommerce-variation-add-to-cart variations_button"><button type="submit" class="single_add_to_'
            'cart_button button alt disabled wc-variation-selection-needed">Add to cart</button><input type="hidden" '
            'name="add-to-cart" value="42"><input type="hidden" name="variation_id" class="variation_id" value="0">'
            '</div></div></form></div>')


def woo(price_html: str, form: str, *, offer: dict[str, Any], stock_class: str = "instock", de: bool = False) -> str:
    sku_lab, cat_lab, rel, total = (("Artikelnummer: ", "Kategorie: ", "Ähnliche Produkte", "24,00") if de else
                                    ("SKU: ", "Category: ", "Related products", "24.00"))
    url = WOO_DE if de else WOO_URL
    ld = {"@context": "https://schema.org/", "@graph": [
        {"@context": "https://schema.org/", "@type": "BreadcrumbList", "itemListElement": [
            {"@type": "ListItem", "position": 1, "item": {"name": "Home", "@id": "https://lumio.example"}},
            {"@type": "ListItem", "position": 2, "item": {"name": "Lamps", "@id": "https://lumio.example/lamps/"}},
            {"@type": "ListItem", "position": 3, "item": {"name": NAME, "@id": url}}]},
        {"@context": "https://schema.org/", "@type": "Product", "@id": url + "#product", "name": NAME, "url": url,
         "description": "Turned walnut base, linen shade.", "image": "https://lumio.example/wp-content/lamp.jpg",
         "sku": "WDL-100", "offers": [dict(offer, priceValidUntil="2027-12-31", url=url, seller={
             "@type": "Organization", "name": "Lumio", "url": "https://lumio.example"})]}]}
    tiles = "".join(
        f'<li class="wp-block-post post-{i} product type-product status-publish instock product_cat-lamps has-post-'
        f'thumbnail purchasable product-type-simple"><div class="wc-block-components-product-image wc-block-grid__'
        f'product-image"><a href="/product/p{i}/"><img src="/wp-content/p{i}.jpg" alt=""></a></div><h3 class="has-'
        f'text-align-center wp-block-post-title has-medium-font-size"><a href="/product/p{i}/" target="_self">{n}</a>'
        f'</h3>{wblock_price(wprice(p, o, de), tile=True)}<div data-block-name="woocommerce/product-button" class="wp-'
        f'block-button wc-block-components-product-button align-center"><button class="wp-block-button__link wp-'
        f'element-button add_to_cart_button ajax_add_to_cart product_type_simple" data-product_id="{i}" data-product'
        f'_sku="LS-{i}">{"In den Warenkorb" if de else "Add to cart"}</button></div></li>'
        for i, n, p, o in [(43, "Linen Shade", "24,00" if de else "24.00", ""),
                           (44, "Oak Wall Light", "79,00" if de else "79.00", "99,00" if de else "99.00")])
    main = ('<div class="wp-block-woocommerce-breadcrumbs"><nav class="woocommerce-breadcrumb" aria-label="Breadcrumb">'
            f'<a href="/">Home</a>&nbsp;&#47;&nbsp;<a href="/lamps/">Lamps</a>&nbsp;&#47;&nbsp;{NAME}</nav></div><div '
            'data-block-name="woocommerce/store-notices" class="wc-block-store-notices woocommerce"></div><div class="'
            f'wp-block-columns alignwide product type-product post-42 status-publish {stock_class} product_cat-lamps '
            'has-post-thumbnail is-layout-flex"><div class="wp-block-column" style="flex-basis:512px"><div class="wp-'
            'block-woocommerce-product-image-gallery"><div class="woocommerce-product-gallery images"><img src="/wp-'
            f'content/lamp.jpg" alt=""></div></div></div><div class="wp-block-column"><h1 class="wp-block-post-title">'
            f'{NAME}</h1>{wblock_price(price_html)}<div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__'
            f'excerpt">Turned walnut base, linen shade.</p></div>{form}<div class="wp-block-woocommerce-product-meta">'
            '<div class="wp-block-group is-nowrap is-layout-flex"><div class="wc-block-components-product-sku wc-block-'
            'grid__product-sku wp-block-woocommerce-product-sku product_meta wp-block-post-terms" style="">\n\t\t\t\t'
            f'<span class="wp-block-post-terms__prefix">{sku_lab}</span>\n\t\t\t\t<span class="sku" >WDL-100</span>\n'
            f'\t\t\t</div><div class="taxonomy-product_cat wp-block-post-terms">'
            f'<span class="wp-block-post-terms__prefix'
            f'">{cat_lab}</span><a href="/lamps/" rel="tag">Lamps</a></div></div></div></div></div>'
            f'<div class="wp-block-'
            'woocommerce-product-details alignwide is-style-minimal"><div class="woocommerce-tabs wc-tabs-wrapper"><ul '
            'class="tabs wc-tabs" role="tablist"><li class="description_tab"><a href="#tab-description">Description</a>'
            '</li></ul><div class="woocommerce-Tabs-panel" id="tab-description"><p>Ships within 2 days. Free shipping '
            'over $75.</p></div></div></div><div class="wp-block-woocommerce-related-products alignwide"><div class="wp'
            f'-block-query"><h2 class="wp-block-heading">{rel}</h2><ul class="wc-block-product-template wp-block-post-'
            f'template is-flex-container columns-4">{tiles}</ul></div></div>')
    cart_total = f"{total}&nbsp;€" if de else f"${total}"
    header = ('<div data-block-name="woocommerce/mini-cart" class="wc-block-mini-cart wp-block-woocommerce-mini-cart">'
              f'<button class="wc-block-mini-cart__button" aria-label="1 item in cart, total price of {cart_total}">'
              f'<span class="wc-block-mini-cart__amount">{cart_total}</span><span class="wc-block-mini-cart__quantity-'
              'badge"><svg class="wc-block-mini-cart__icon"></svg><span class="wc-block-mini-cart__badge">1</span>'
              '</span></button><div class="is-loading wc-block-components-drawer__screen-overlay wc-block-components-'
              'drawer__screen-overlay--is-hidden" aria-hidden="true"><div class="wc-block-mini-cart__drawer wc-block-'
              'components-drawer"><div class="wc-block-mini-cart__template-part"></div></div></div></div>')
    ld_text = json.dumps(ld, ensure_ascii=False).replace("/", chr(92) + "/")  # PHP json_encode
    tail = f'<script type="application/ld+json">{ld_text}</script>'
    return doc(main, lang="de-DE" if de else "en-US", header=header, tail=tail,
               body_attrs=' class="product-template-default single single-product postid-42 theme-twentytwentyfive '
                          'woocommerce woocommerce-page"')


def spec(price: str, currency: str = "USD", list_price: bool = False) -> dict[str, Any]:
    d = {"@type": "UnitPriceSpecification", "price": price, "priceCurrency": currency,
         "valueAddedTaxIncluded": False, "validThrough": "2027-12-31"}
    return dict(d, priceType="https://schema.org/ListPrice") if list_price else d


def offer(specs: list[dict[str, Any]], avail: str = "InStock") -> dict[str, Any]:
    return {"@type": "Offer", "priceSpecification": specs, "availability": "https://schema.org/" + avail}


case("woo_block_simple_managed_stock_twelve_in_stock",
     woo(wprice("54.00"), wform("12 in stock", "in-stock", "Add to cart", "12"), offer=offer([spec("54.00")])),
     WOO_URL, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("woo_block_sale_del_ins_and_list_price_spec",
     woo(wprice("54.00", "67.50"), wform("", "", "Add to cart"),
         offer=offer([spec("54.00"), spec("67.50", list_price=True)])),
     WOO_URL, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("woo_block_out_of_stock_no_cart_form",
     woo(wprice("54.00"), wform("Out of stock", "out-of-stock", None), offer=offer([spec("54.00")], "OutOfStock"),
         stock_class="outofstock"),
     WOO_URL, price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("woo_block_available_on_backorder",
     woo(wprice("54.00"), wform("Available on backorder", "available-on-backorder", "Add to cart"),
         offer=offer([spec("54.00")], "BackOrder"), stock_class="onbackorder"),
     WOO_URL, price=54.0, currency="USD", availability="backorder", sku="WDL-100", title=NAME)
case("woo_block_variable_price_range_finish_select",
     woo(wrange("49.00", "59.00"), wvariable(), offer={"@type": "AggregateOffer", "lowPrice": "49.00",
                                                      "highPrice": "59.00", "offerCount": 2, "priceCurrency": "USD",
                                                      "availability": "https://schema.org/InStock"}),
     WOO_URL, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("woo_block_de_euro_after_amount_vorraetig",
     woo(wprice("54,00", de=True), wform("12 vorrätig", "in-stock", "In den Warenkorb", "12"),
         offer=offer([spec("54.00", "EUR")]), de=True),
     WOO_DE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ Vendure Remix storefront starter
# vendure-ecommerce/storefront-remix-starter @ 6ab0d09b2769006d61041ca785cd4e7fc136ced9: app/routes/products.$slug.tsx
# (product name in an h2, the header's h1 holds the logo; variant <select id="productVariant">; Price; the add-to-cart
# button is never disabled by stock; bare sku span beside StockLevelLabel), components/products/Price.tsx
# (Intl.NumberFormat("en-US") of priceWithTax / 100 for every locale), StockLevelLabel.tsx, header/Header.tsx,
# public/locales/en.json and es.json; loader data in window.__remixContext (prices in minor units).
VEN_URL = "https://lumio.example/products/walnut-desk-lamp"


def vendure(price: str, stock: str, *, sku: str = "WDL-100", variants: list[str] | None = None, es: bool = False,
            cents: int = 5400, currency: str = "USD", level: str = "IN_STOCK") -> str:
    t = ({"add": "Añadir a la cesta", "sel": "Seleccionar opción", "ship": "Envío", "rev": "Reseñas recientes",
          "of5": "de 5 estrellas", "home": "Hogar"} if es else
         {"add": "Add to cart", "sel": "Select option", "ship": "Shipping & Returns", "rev": "Recent reviews",
          "of5": "out of 5 stars", "home": "Home"})
    badge = {"IN_STOCK": "bg-green-100 text-green-800", "OUT_OF_STOCK": "bg-red-100 text-red-800",
             "LOW_STOCK": "bg-yellow-100 text-yellow-800"}[level]
    select = ('' if not variants else
              f'<div class="mt-4"><label for="option" class="block text-sm font-medium text-gray-700">'
              f'{t["sel"]}</label>'
              '<select class="mt-1 block w-full pl-3 pr-10 py-2 text-base border-gray-300 sm:text-sm rounded-md" id="'
              'productVariant" name="variantId">' + "".join(
                  f'<option value="{i + 3}"{" selected" if i == 0 else ""}>{v}</option>'
                  for i, v in enumerate(variants))
              + '</select></div>')
    hidden = '' if variants else '<input type="hidden" name="variantId" value="3">'
    main = ('<div><div class="max-w-6xl mx-auto px-4"><h2 class="text-3xl sm:text-5xl font-light tracking-tight text-'
            f'gray-900 my-8">{NAME}</h2><nav class="flex" aria-label="Breadcrumb"><ol role="list" class="flex items-'
            'center space-x-1 md:space-x-4"><li><div class="flex items-center"><a class="text-gray-400" href="/"><svg>'
            '</svg></a></div></li><li><div class="flex items-center"><svg></svg><a class="ml-2 md:ml-4 text-xs md:text-'
            'sm font-medium text-gray-500" href="/collections/lighting">Lighting</a></div></li></ol></nav><div class="'
            'lg:grid lg:grid-cols-2 lg:gap-x-8 lg:items-start mt-4 md:mt-12"><div class="w-full max-w-2xl mx-auto sm:'
            'block lg:max-w-none"><span class="rounded-md overflow-hidden"><div class="w-full h-full object-center '
            f'object-cover rounded-lg"><img src="https://cdn.lumio.example/assets/lamp.jpg?w=800" alt="{NAME}" class="'
            'w-full h-full object-center object-cover rounded-lg"></div></span></div><div class="mt-10 px-4 sm:px-0 sm:'
            'mt-16 lg:mt-0"><div class=""><h3 class="sr-only">Description</h3><div class="text-base text-gray-700"><p>'
            'Turned walnut base, linen shade.</p></div></div><form method="post" action="/api/active-order"><input type'
            f'="hidden" name="action" value="addItemToOrder">{select}{hidden}'
            f'<div class="mt-10 flex flex-col sm:flex-row'
            f' sm:items-center"><p class="text-3xl text-gray-900 mr-4">{price}</p><div class="flex sm:flex-col1 align-'
            'baseline"><button type="submit" class="max-w-xs flex-1 bg-primary-600 hover:bg-primary-700 transition-'
            'colors border border-transparent rounded-md py-3 px-8 flex items-center justify-center text-base font-'
            f'medium text-white sm:w-full">{t["add"]}</button><button type="button" class="ml-4 py-3 px-3 rounded-md '
            'flex items-center justify-center text-gray-400"><svg class="h-6 w-6 flex-shrink-0" aria-hidden="true">'
            '</svg><span class="sr-only">Add to favorites</span></button></div></div><div class="mt-2 flex items-center'
            f' space-x-2"><span class="text-gray-500">{sku}</span><span class="inline-flex items-center px-2 py-0.5 '
            f'rounded text-xs font-medium {badge}">{stock}</span></div><section class="mt-12 pt-12 border-t text-xs">'
            f'<h3 class="text-gray-600 font-bold mb-2">{t["ship"]}</h3><div class="text-gray-500 space-y-1"><p>Standard'
            ' shipping: 3 - 5 working days.</p></div></section></form></div></div></div><div class="mt-24"><div class="'
            f'bg-white"><h2 class="text-lg font-medium text-gray-900">{t["rev"]}</h2><div class="mt-6 pb-10 border-t">'
            f'<h4 class="text-sm font-bold text-gray-900">Mia</h4><div class="mt-1 flex items-center"><svg></svg></div>'
            f'<p class="sr-only">4 {t["of5"]}</p><p>Lovely warm light.</p></div></div></div></div>')
    header = ('<div class="bg-zinc-100 text-gray-600 shadow-inner text-center text-sm py-2 px-2"><a href="/sign-in" '
              'class="flex space-x-1"><svg class="w-4 h-4"></svg><span>Sign in</span></a></div><div class="max-w-6xl '
              'mx-auto p-4 flex items-center space-x-4"><h1 class="text-white w-10"><a href="/"><img src="/cube-logo-'
              'small.webp" width="40" height="31" alt="Lumio logo"></a></h1>'
              '<div class="flex space-x-4 hidden sm:block">'
              '<a class="text-sm md:text-base text-gray-200" href="/collections/lighting">Lighting</a></div>'
              '<div class="'
              'flex-1 md:pr-8"><form method="get" action="/search"><input type="search" name="q" placeholder="Search">'
              '</form></div><div class=""><button class="relative w-9 h-9 bg-white bg-opacity-20 rounded'
              ' text-white p-1"'
              ' aria-label="Open cart tray"><svg></svg><div class="absolute rounded-full -top-2 -right-2'
              ' bg-primary-600 '
              'min-w-6 min-h-6 flex items-center justify-center text-xs p-1">1</div></button></div></div>')
    vs = [{"id": str(i + 3), "name": v, "priceWithTax": cents + 500 * i, "currencyCode": currency, "sku": f"{sku}-{i}"
           if i else sku, "stockLevel": level} for i, v in enumerate(variants or [NAME])]
    ctx = {"basename": "/", "future": {"v3_fetcherPersist": False}, "isSpaMode": False, "state": {"loaderData": {
        "root": {"activeCustomer": {"activeCustomer": None}, "collections": [{"id": "2", "slug": "lighting"}]},
        "routes/products.$slug": {"product": {"id": "1", "name": NAME, "slug": "walnut-desk-lamp",
                                              "variants": vs}, "error": None}}, "actionData": None, "errors": None}}
    tail = f'<script>window.__remixContext = {json.dumps(ctx)};</script><script type="module" async></script>'
    return doc(main, lang="es" if es else "en", header=header, tail=tail)


# No sku asserted: the page prints the variant's code with no label, and the loader data gives prices in minor
# units only (priceWithTax 5400): neither is read as the sku.
case("vendure_remix_in_stock_name_in_h2_logo_in_h1",
     vendure("$54.00", "In stock"), VEN_URL,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("vendure_remix_out_of_stock_label_button_still_enabled",
     vendure("$54.00", "Out of stock", level="OUT_OF_STOCK"), VEN_URL,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("vendure_remix_variant_select_low_stock_label",
     vendure("$54.00", "Low stock", sku="WDL-100-WA", variants=[f"{NAME} Walnut", f"{NAME} Oak"], level="LOW_STOCK"),
     VEN_URL, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("vendure_remix_es_en_stock_euro_in_en_us_format",
     vendure("€54.00", "En stock", es=True, currency="EUR"), "https://lumio.example/es/products/walnut-desk-lamp",
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_woocommerce_blocks_and_vendure_remix_markup(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
