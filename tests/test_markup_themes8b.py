"""Shapes of real shop markup, part 8b: Magento PWA Studio's Venia storefront and Shopify Hydrogen (the skeleton
template and the older demo store, Remix 2 with ``window.__remixContext``), read by the generic extraction (no site
profile); see tests/test_markup_themes.py and part 8. Each case renders by hand what the components output for one
state inside a whole page (header cart, cart drawer, related tiles with their own prices, the framework's state
script); the expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import html as htmllib
import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ PWA Studio Venia
# magento/pwa-studio: packages/venia-ui/lib/components/ProductFullDetail/productFullDetail.js @ d12b8c40678a43d3ba173f7e
# ab2509f7687caa65 (h1 data-cy=ProductFullDetail-productName, p.productPrice > <Price>, the SKU unshifted into the
# custom attributes list, the add-to-cart Button disabled with "Out of Stock" and aria-label "This item is currently
# out of stock", ProductOptions tiles), components/Price/price.js @ ab3cb0128b89 (one <span> per Intl.NumberFormat
# part, no classes by default), ProductFullDetail/CustomAttributes/customAttributes.js @ 1b7deea2 + AttributeType/
# Text/text.js @ b96f2cf0 (label div + content div), RootComponents/Product/product.js @ 0238aae6 (no structured
# data); class names as the CSS-module build writes them (<module>-<local>-<hash>); header cartTrigger + mini cart.
VE = "https://venia.lumio.example/walnut-desk-lamp.html"
VE_DE = "https://venia.lumio.example/de/walnut-tischleuchte.html"


def ve_money(amount: str, de: bool = False) -> str:
    whole, frac = amount.split(".")
    parts = [whole, ",", frac, "\u00a0", "€"] if de else ["$", whole, ".", frac]
    return "".join(f"<span>{p}</span>" for p in parts)


VE_OPTIONS = ('<div class="option-root-Fk8"><span class="option-title-pVQ">Wood</span><div class="tileList-root-3ec">'
              '<button class="tile-root_selected-2vQ" title="Walnut" type="button"><span>Walnut</span></button><button '
              'class="tile-root_outOfStock-3k5" title="Oak" type="button" disabled><span>Oak</span></button></div><dl '
              'class="option-selection-2Xk"><dt class="option-selectionLabel-1ix">Selected Wood:</dt><dd>Walnut</dd>'
              '</dl></div>')


def venia(amount: str, *, out: bool = False, de: bool = False, options: str = "") -> str:
    t = (("Menge", "In den Warenkorb", "Nicht vorrätig", "Beschreibung", "Details", "Artikelnummer", "Zwischensumme")
         if de else ("Quantity", "Add to Cart", "Out of Stock", "Description", "Details", "SKU", "Subtotal"))
    label = ' aria-label="This item is currently out of stock"' if out else ' aria-label=""'
    main = ('<div class="main-page-3Lg"><nav class="breadcrumbs-root-3bp" aria-live="polite"><a class="breadcrumbs-'
            f'link-1hV" href="/">Home</a><span class="breadcrumbs-divider-1Z3">/</span><a class="breadcrumbs-link-1hV" '
            f'href="/lamps.html">Lamps</a><span class="breadcrumbs-divider-1Z3">/</span><span class="breadcrumbs-text-'
            f'2M7">{NAME}</span></nav><form class="productFullDetail-root-3bE" data-cy="ProductFullDetail-root">'
            '<section'
            ' class="productFullDetail-imageCarousel-3Br"><div class="carousel-root-2-b"><img class="carousel-'
            f'currentImage-1qb" src="/media/catalog/product/l/a/lamp.jpg?width=640" alt="{NAME}"></div></section>'
            '<section class="productFullDetail-title-1Yh"><h1 aria-live="polite" class="productFullDetail-productName-'
            f'1bQ" data-cy="ProductFullDetail-productName">{NAME}</h1><p data-cy="ProductFullDetail-productPrice" '
            f'class="productFullDetail-productPrice-Q1b">{ve_money(amount, de)}</p></section><section class='
            f'"productFullDetail-options-2kT">{options}</section><section class="productFullDetail-quantity-3vl"><span '
            f'data-cy="ProductFullDetail-quantityTitle" class="productFullDetail-quantityTitle-3y-">{t[0]}</span><div '
            'class="quantityStepper-root-2Bs"><input class="quantityStepper-input-3xB" name="quantity" value="1" '
            'inputmode="numeric"></div></section><section class="productFullDetail-actions-3yd"><section class="'
            'productFullDetail-actButton-1Ch"><button class="button-root_highPriority-3Vj" type="submit" data-cy="'
            f'ProductFullDetail-addToCartButton"{" disabled" if out else ""} aria-disabled="{str(out).lower()}"{label}>'
            f'<span class="button-content-1uj">{t[2] if out else t[1]}</span></button></section></section><section '
            f'class="productFullDetail-description-1Gs"><span class="productFullDetail-descriptionTitle-3sO">{t[3]}'
            '</span><div class="richContent-root-2wU"><p>Turned walnut, linen shade.</p></div></section><section class='
            f'"productFullDetail-details-3Jc"><span class="productFullDetail-detailsTitle-2TI">{t[4]}</span><div class='
            f'"customAttributes-root-1AC"><p class="customAttributes-title-2iJ">{t[4]}</p><ul class="customAttributes-'
            f'list-3Yv"><li class="customAttributes-listItem-1GU"><div class="text-label-2y1">{t[5]}</div><div class='
            '"text-content-1Pg">WDL-100</div></li></ul></div></section></form></div>')
    header = ('<div class="header-secondaryActions-2OC"><div class="cartTrigger-root-2cI"><button class="cartTrigger-'
              'trigger-1Ua" aria-label="Toggle mini cart. You have 1 items in your cart." type="button"><span class="'
              'icon-root-3Co"><svg aria-hidden="true"></svg></span><span class="cartTrigger-counter-1vX">1</span>'
              '</button><aside class="miniCart-root-1Ma"><div class="miniCart-contents-3oT"><div class="miniCart-'
              f'header-1uM"><span class="miniCart-quantity-2Rr">1 Item</span><span class="miniCart-price-1ur">{t[6]}: '
              f'{ve_money("24.00", de)}</span></div><div class="miniCart-body-3B3"><div class="productList-root-1qU">'
              '<div class="item-root-2-0"><a class="item-thumbnailContainer-3Ou" href="/linen-shade.html"><img alt="'
              'Linen Shade" src="/shade.jpg"></a><a class="item-name-1cZ" href="/linen-shade.html">'
              'Linen Shade</a><span '
              f'class="item-quantity-1ZK">Qty : 1</span><span class="item-price-2qG">{ve_money("24.00", de)}<span> ea.'
              '</span></span></div></div></div></div></aside></div></div>')
    return doc(main, lang="de-DE" if de else "en-US", header=header)


case("venia_simple_price_split_into_classless_intl_part_spans",
     venia("54.00"), VE, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
case("venia_out_of_stock_disabled_button_text_and_aria_label",
     venia("54.00", out=True), VE, price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100")
case("venia_configurable_tiles_one_out_of_stock",
     venia("54.00", options=VE_OPTIONS), VE, price=54.0, currency="USD", availability="in_stock", sku="WDL-100")
case("venia_de_locale_parts_amount_comma_nbsp_euro",
     venia("54.00", de=True), VE_DE, price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ Shopify Hydrogen (Remix 2)
# Shopify/hydrogen @ a57d5267daa2f22fe1a426fb9f62c242957f95b6: templates/skeleton/app/routes/products.$handle.tsx
# (h1, ProductPrice, ProductForm; loader data product.selectedOrFirstAvailableVariant / adjacentVariants), app/
# components/ProductPrice.tsx (div.product-price > <Money> div; on sale: price then <s><Money compareAt/></s>),
# ProductForm.tsx (option buttons, AddToCartButton disabled "Sold out"), AddToCartButton.tsx (CartForm with the
# lines input), Header.tsx (CartBadge "Cart <n>"), CartMain/CartLineItem;
# packages/hydrogen-react/src/Money.tsx @ 9c715c1743cc3ce87dc927d7d4ad0c02f9482e74.
# Demo store @ 225b80e1f43d8622239de2569e0243968ab9fd91: templates/demo-store/app/routes/($locale).products.$product
# Handle.tsx (price only inside the Add to Cart button, Money withoutTrailingZeros + compare-at "opacity-50 strike";
# sold out: a disabled "Sold out" Button), app/lib/seo.server.ts productJsonLd (one Offer per variant, Product sku
# of the selected variant). State: window.__remixContext.state.loaderData as Remix 2 (v3_singleFetch off) writes it.
HS = "https://lumio-lighting.example/products/walnut-desk-lamp"


def variant(wood: str, amount: str, *, sku: str, ok: bool = True, compare: str = "") -> dict[str, Any]:
    return {"availableForSale": ok, "compareAtPrice": {"amount": compare, "currencyCode": "USD"} if compare else None,
            "id": f"gid://shopify/ProductVariant/{4242 if wood == 'Walnut' else 4243}", "image": None,
            "price": {"amount": amount, "currencyCode": "USD"},
            "product": {"title": NAME, "handle": "walnut-desk-lamp"}, "selectedOptions": [{"name": "Wood",
                                                                                         "value": wood}],
            "sku": sku, "title": wood, "unitPrice": None}


def remix(route: str, data: dict[str, Any]) -> str:
    ctx = {"basename": "/", "future": {"v3_fetcherPersist": True, "v3_relativeSplatPath": True,
                                       "v3_throwAbortReason": True, "v3_singleFetch": False},
           "isSpaMode": False, "state": {"loaderData": {"root": {
               "publicStoreDomain": "lumio-lighting.myshopify.com", "header": {"shop": {"name": "Lumio"}},
               "consent": {"checkoutDomain": "checkout.lumio-lighting.example", "withPrivacyBanner": False}},
               route: data}, "actionData": None, "errors": None}}
    return (f'<script>window.__remixContext = {json.dumps(ctx)};</script><script type="module" async>import '
            '"/assets/manifest-5c1b.js"; import * as route0 from "/assets/root-D2xk.js";</script>')


def skeleton(v: dict[str, Any], others: list[dict[str, Any]], *, picker: bool = False, de: bool = False) -> str:
    def money(m: dict[str, str]) -> str:  # Intl.NumberFormat of the storefront locale
        shown = f'{float(m["amount"]):.2f}'.replace(".", ",") + "\u00a0€" if de else f'${float(m["amount"]):.2f}'
        return f'<div>{shown}</div>'
    price = (f'<div class="product-price-on-sale">{money(v["price"])}<s>{money(v["compareAtPrice"])}</s></div>'
             if v["compareAtPrice"] else money(v["price"]))
    opts = ""
    if picker:
        buttons = "".join(
            f'<button type="button" class="product-options-item{"" if x is v else " link"}" style="border:'
            f'{"1px solid black" if x is v else "1px solid transparent"};'
            f'opacity:{1 if x["availableForSale"] else 0.3}">'
            f'{x["title"]}</button>' for x in [v, *others])
        opts = f'<div class="product-options"><h5>Wood</h5><div class="product-options-grid">{buttons}</div><br></div>'
    lines = {"action": "LinesAdd", "inputs": {"lines": [{"merchandiseId": v["id"], "quantity": 1,
                                                         "selectedVariant": v}]}}
    ok = v["availableForSale"]
    main = ('<div class="product"><div class="product-image"><img alt="Walnut Desk Lamp" src="https://cdn.shopify.com/'
            f's/files/lamp.jpg?width=640"></div><div class="product-main"><h1>{NAME}</h1><div class="product-price">'
            f'{price}</div><br><div class="product-form">{opts}<form method="post" action="/cart"><input type="hidden" '
            f'name="cartFormInput" value="{htmllib.escape(json.dumps(lines))}"><input name="analytics" type="hidden">'
            f'<button type="submit"{"" if ok else " disabled"}>{"Add to cart" if ok else "Sold out"}</button></form>'
            '</div><br><br><p><strong>Description</strong></p><br><div><p>Turned walnut, linen shade.</p></div><br>'
            '</div></div>')
    product = {"id": "gid://shopify/Product/77", "title": NAME, "vendor": "Lumio", "handle": "walnut-desk-lamp",
               "descriptionHtml": "<p>Turned walnut, linen shade.</p>", "description": "Turned walnut, linen shade.",
               "options": [{"name": "Wood", "optionValues": [{"name": x["title"], "firstSelectableVariant": x,
                                                              "swatch": None} for x in [v, *others]]}],
               "selectedOrFirstAvailableVariant": v, "adjacentVariants": others,
               "seo": {"description": None, "title": None}}
    header = ('<nav class="header-ctas" role="navigation"><a href="/account">Sign in</a><button class="reset">Search'
              '</button><a href="/cart">Cart <span aria-label="(items: 1)">1</span></a></nav><div aria-modal="true" '
              'class="overlay" id="cart-aside" role="dialog"><aside><header><h3>CART</h3></header><main><div class="'
              'cart-main"><ul><li class="cart-line"><div><a href="/products/linen-shade"><p><strong>Linen Shade'
              '</strong></p></a><div class="product-price"><div>$24.00</div></div><small>Color: Natural</small></div>'
              '</li></ul><div aria-labelledby="cart-summary" class="cart-summary-aside"><h4>Totals</h4><dl class="cart-'
              'subtotal"><dt>Subtotal</dt><dd><div>$24.00</div></dd></dl></div></div></main></aside></div>')
    if de:
        header = header.replace("$24.00", "24,00\u00a0€").replace("Sign in", "Anmelden")
        header = header.replace(">Cart ", ">Warenkorb ")
    return doc(main, header=header, lang="de" if de else "en-US", title=f"Hydrogen | {NAME}",
               tail=remix("routes/products.$handle", {"product": product}))


def eur(v: dict[str, Any]) -> dict[str, Any]:
    return {**v, "price": {"amount": v["price"]["amount"], "currencyCode": "EUR"}}


WAL = variant("Walnut", "54.0", sku="WDL-100-WAL")
OAK = variant("Oak", "59.0", sku="WDL-100-OAK", ok=False)

case("hydrogen_skeleton_money_div_and_remix_context_loader_data",
     skeleton(variant("Default Title", "54.0", sku="WDL-100"), []), HS,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("hydrogen_skeleton_on_sale_price_then_struck_compare_at",
     skeleton(variant("Default Title", "54.0", sku="WDL-100", compare="67.5"), []), HS,
     price=54.0, currency="USD", availability="in_stock")
case("hydrogen_skeleton_sold_out_disabled_button",
     skeleton(variant("Default Title", "54.0", sku="WDL-100", ok=False), []), HS,
     price=54.0, currency="USD", availability="out_of_stock")
case("hydrogen_skeleton_de_locale_money_comma_nbsp_euro",
     skeleton(eur(variant("Default Title", "54.0", sku="WDL-100")), [], de=True),
     HS.replace("/products/", "/de/products/"),
     price=54.0, currency="EUR", availability="in_stock")
case("hydrogen_skeleton_option_buttons_adjacent_variant_sold_out_dearer",
     skeleton(WAL, [OAK], picker=True), HS, price=54.0, currency="USD", availability="in_stock")


def demo_ld(selected: dict[str, Any], url: str) -> str:
    offers = [{"@type": "Offer", "availability": "https://schema.org/" + ("InStock" if x["availableForSale"]
                                                                          else "OutOfStock"),
               "price": float(x["price"]["amount"]), "priceCurrency": "USD", "sku": x["sku"],
               "url": f"{HS}?Wood={x['title']}"} for x in (WAL, OAK)]
    crumbs = {"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": [
        {"@type": "ListItem", "position": 1, "name": "Products", "item": "https://lumio-lighting.example/products"},
        {"@type": "ListItem", "position": 2, "name": NAME}]}
    product = {"@context": "https://schema.org", "@type": "Product", "brand": {"@type": "Brand", "name": "Lumio"},
               "description": "Turned walnut, linen shade.", "image": ["https://cdn.shopify.com/s/files/lamp.jpg"],
               "name": NAME, "offers": offers, "sku": selected["sku"], "url": url}
    return "".join(f'<script type="application/ld+json">{json.dumps(x)}</script>' for x in (crumbs, product))


def demo(selected: dict[str, Any], url: str) -> str:
    links = "".join(
        f'<a class="leading-none py-1 border-b-[1.5px] cursor-pointer transition-all duration-200 '
        f'{"border-primary/50" if x is selected else "border-primary/0"} '
        f'{"opacity-100" if x["availableForSale"] else "opacity-50"}" href="/products/walnut-desk-lamp?Wood='
        f'{x["title"]}">{x["title"]}</a>' for x in (WAL, OAK))
    amount = float(selected["price"]["amount"])
    button = ('<form method="post" action="/cart"><input type="hidden" name="cartFormInput" value="{&quot;action&quot;:'
              f'&quot;LinesAdd&quot;,&quot;inputs&quot;:{{&quot;lines&quot;:[{{&quot;merchandiseId&quot;:&quot;'
              f'{selected["id"]}&quot;,&quot;quantity&quot;:1}}]}}}}"><button class="inline-block rounded font-medium '
              'text-center py-3 px-6 bg-primary text-contrast w-full" data-test="add-to-cart" type="submit">'
              '<span class='
              '"max-w-prose whitespace-pre-wrap inherit text-copy flex items-center justify-center gap-2"><span>Add to '
              f'Cart</span> <span>·</span> <span data-test="price">${amount:g}</span></span></button></form>'
              '<div class="shopify-pay-button"></div>'
              if selected["availableForSale"] else
              '<button class="inline-block rounded font-medium text-center py-3 px-6 border border-primary/10 bg-'
              'contrast text-primary w-full" disabled><span class="max-w-prose whitespace-pre-wrap inherit text-copy">'
              'Sold out</span></button>')
    main = ('<section class="w-full gap-4 md:gap-8 grid px-0 md:px-8 lg:px-12"><div class="grid items-start md:gap-6 '
            'lg:gap-20 md:grid-cols-2 lg:grid-cols-3"><div class="swimlane md:grid-flow-row hiddenScroll md:p-0 w-full '
            f'lg:col-span-2"><div class="md:col-span-2 aspect-square snap-center card-image"><img alt="{NAME}" src="'
            'https://cdn.shopify.com/s/files/lamp.jpg"></div></div><div class="sticky md:-mb-nav md:top-nav hidden'
            'Scroll"><section class="flex flex-col w-full max-w-xl gap-8 p-6 md:mx-auto md:max-w-sm md:px-0"><div '
            f'class="grid gap-2"><h1 class="text-heading font-bold whitespace-normal">{NAME}</h1><span class="max-w-'
            'prose whitespace-pre-wrap inherit text-copy opacity-50 font-medium">Lumio</span></div><div class="grid '
            'gap-10"><div class="grid gap-4"><div class="flex flex-col flex-wrap mb-4 gap-y-2 last:mb-0"><legend '
            'class="whitespace-pre-wrap max-w-prose font-bold text-lead min-w-[4rem]">Wood</legend><div class="flex '
            f'flex-wrap items-baseline gap-4">{links}</div></div><div class="grid items-stretch gap-4">{button}</div>'
            '</div></div></section></div></div></section>')
    cards = "".join(
        f'<div class="flex flex-col gap-2"><a href="/products/p{i}"><div class="grid gap-4"><div class="card-image '
        f'aspect-[4/5] bg-primary/5"><img alt="{n}" src="/p{i}.jpg">{b}</div><div class="grid gap-1"><h3 class="max-'
        f'w-prose whitespace-pre-wrap inherit text-copy w-full overflow-hidden text-ellipsis">{n}</h3><div class="flex'
        f' gap-4"><span class="max-w-prose whitespace-pre-wrap inherit text-copy flex gap-4"><div>{p}</div>{o}</span>'
        '</div></div></div></a></div>'
        for i, n, p, o, b in [(1, "Linen Shade", "$24.00", '<div class="opacity-50 strike"><div>$30.00</div></div>',
                               '<span class="absolute top-0 right-0 m-4 text-right text-notice">Sale</span>'),
                              (2, "Oak Wall Light", "$79.00", "", "")])
    related = ('<section class="w-full gap-4 md:gap-8 grid p-6 md:p-8 lg:p-12 px-0 md:px-8 lg:px-12"><h2 class="'
               'whitespace-pre-wrap max-w-prose font-bold text-lead px-6 md:px-8 lg:px-12">Related Products</h2><div '
               f'class="swimlane hiddenScroll md:pb-8 md:scroll-px-8 lg:scroll-px-12 md:px-8 lg:px-12">{cards}</div>'
               '</section>')
    header = ('<a href="/cart" class="relative flex items-center justify-center w-8 h-8 focus:ring-primary/5"><svg '
              'aria-hidden="true"></svg><div class="text-contrast bg-primary absolute bottom-1 right-1 text-[0.625rem]'
              ' font-medium h-3 min-w-[0.75rem] flex items-center justify-center rounded-full w-auto px-[0.125rem]">'
              '<span>1</span></div></a>')
    data = {"product": {"id": "gid://shopify/Product/77", "title": NAME, "vendor": "Lumio", "handle":
                        "walnut-desk-lamp", "options": [{"name": "Wood", "values": ["Walnut", "Oak"]}],
                        "selectedVariant": selected, "variants": {"nodes": [WAL, OAK]}},
            "shop": {"name": "Lumio", "primaryDomain": {"url": "https://lumio-lighting.example"}},
            "storeDomain": "lumio-lighting.myshopify.com",
            "analytics": {"pageType": "product", "resourceId": "gid://shopify/Product/77", "products": [
                {"productGid": "gid://shopify/Product/77", "variantGid": selected["id"], "name": NAME,
                 "variantName": selected["title"], "brand": "Lumio", "price": selected["price"]["amount"]}],
                          "totalValue": amount}}
    return doc(main, head=demo_ld(selected, url), header=header, related=related,
               tail=remix("routes/($locale).products.$productHandle", data))


case("hydrogen_demo_store_price_only_in_button_json_ld_offer_per_variant",
     demo(WAL, f"{HS}?Wood=Walnut"), f"{HS}?Wood=Walnut",
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100-WAL", brand="Lumio", title=NAME)
case("hydrogen_demo_store_selected_variant_sold_out_no_visible_price",
     demo(OAK, f"{HS}?Wood=Oak"), f"{HS}?Wood=Oak",
     price=59.0, currency="USD", availability="out_of_stock", sku="WDL-100-OAK")


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
