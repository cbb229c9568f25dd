"""Shapes of real shop markup, part 7: Next.js App Router storefronts (Vercel's commerce, Medusa's Next.js starter,
Saleor's storefront), whose state is streamed in ``self.__next_f.push([1, "..."])`` RSC chunks rather than in
``__NEXT_DATA__``, read by the generic extraction (no site profile); see tests/test_markup_themes.py. Part 7b
(tests/test_markup_themes7b.py): WooCommerce block themes and Vendure's Remix storefront. Each case renders by hand
what the components output for one state inside a whole page (header cart, related tiles with their own prices, the
RSC chunks as Next 14/15 write them); the expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


LT, GT = "\\u003c", "\\u003e"


def rsc(*rows: str) -> str:
    """The flight chunks as Next 14/15 inline them: each row a JSON string, ``<`` escaped as in htmlEscapeJsonString."""
    def push(row: str) -> str:
        payload = json.dumps([1, row], separators=(",", ":"), ensure_ascii=False)
        payload = payload.replace("<", LT).replace(">", GT)
        return f'<script>self.__next_f.push({payload})</script>'
    return ('<script>(self.__next_f=self.__next_f||[]).push([0])</script>'
            '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n2:I[7555,[],\\"\\"]\\n"])</script>'
            + "".join(push(r) for r in rows))


NEXT_HEAD = ('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack-3f1c.js"/>'
             '<script src="/_next/static/chunks/main-app-9a2e.js" async=""></script>')


SCHEMA = "https://schema.org/"


def j(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


# ============================================================================ Vercel commerce (Next.js 15, Shopify)
# vercel/commerce @ 5542649d5b4700e80d2da9b40279af50bf451a75: app/product/[handle]/page.tsx (productJsonLd with an
# AggregateOffer of min/max variant price and availableForSale, RelatedProducts tiles), components/product/product-
# description.tsx (h1, Price of maxVariantPrice), components/price.tsx (Intl.NumberFormat(undefined, narrowSymbol) then
# <span class="ml-1 inline">{currencyCode}</span>), components/cart/add-to-cart.tsx ("Out Of Stock" disabled button,
# "Please select an option"), components/product/variant-selector.tsx, components/label.tsx, grid/tile.tsx.
VC_URL = "https://lumio.example/product/walnut-desk-lamp"


def vc_price(amount: str, code: str, tile: bool = False) -> str:
    cls = ' class="flex-none rounded-full bg-blue-600 p-2 text-white"' if tile else ""
    span = "ml-1 inline hidden @[275px]/label:inline" if tile else "ml-1 inline"
    return f'<p{cls}>{amount}<span class="{span}">{code}</span></p>'


def vc_tiles(code: str, sym: str) -> str:
    tiles = "".join(
        f'<li class="aspect-square w-full flex-none min-[475px]:w-1/2 sm:w-1/3 md:w-1/4 lg:w-1/5"><a class="relative '
        f'h-full w-full" href="/product/{h}"><div class="group flex h-full w-full items-center justify-center overflow-'
        f'hidden rounded-lg border bg-white hover:border-blue-600 relative border-neutral-200"><img alt="{n}" src="/'
        f'_next/image?url=%2F{h}.jpg&amp;w=384&amp;q=75" class="relative h-full w-full object-contain"><div class="ab'
        'solute bottom-0 left-0 flex w-full px-4 pb-4 @container/label"><div class="flex items-center rounded-full '
        'border bg-white/70 p-1 text-xs font-semibold text-black backdrop-blur-md"><h3 class="mr-4 line-clamp-2 grow '
        f'pl-2 leading-none tracking-tight">{n}</h3>{vc_price(sym + p, code, True)}</div></div></div></a></li>'
        for h, n, p in [("linen-shade", "Linen Shade", "24.00"), ("oak-wall-light", "Oak Wall Light", "79.00"),
                        ("brass-floor-lamp", "Brass Floor Lamp", "129.00")])
    return (f'<div class="py-8"><h2 class="mb-4 text-2xl font-bold">Related Products</h2><ul class="flex w-full gap-4 '
            f'overflow-x-auto pt-1">{tiles}</ul></div>')


def vc_button(state: str) -> str:
    base = "relative flex w-full items-center justify-center rounded-full bg-blue-600 p-4 tracking-wide text-white"
    off = " cursor-not-allowed opacity-60 hover:opacity-60"
    plus = '<div class="absolute left-0 ml-4"><svg class="h-5" aria-hidden="true"></svg></div>'
    btn = {"buy": f'<button aria-label="Add to cart" class="{base} hover:opacity-90">{plus}Add To Cart</button>',
           "sold": f'<button disabled="" class="{base}{off}">Out Of Stock</button>',
           "pick": f'<button aria-label="Please select an option" disabled="" class="{base}{off}">{plus}Add To Cart'
                   '</button>'}[state]
    return (f'<form action="javascript:throw new Error(\'React form unexpectedly submitted.\')">{btn}<p aria-live="'
            'polite" class="sr-only" role="status"></p></form>')


def vc_sizes(sold: tuple[str, ...]) -> str:
    def b(v: str) -> str:
        off = v in sold
        return (f'<button aria-disabled="{"true" if off else "false"}"{" disabled" if off else ""} title="Size {v}'
                f'{" (Out of Stock)" if off else ""}" class="flex min-w-[48px] items-center justify-center '
                f'rounded-full border bg-neutral-100 px-2 py-1 text-sm{" cursor-not-allowed" if off else ""}">{v}'
                '</button>')
    return ('<form><dl class="mb-8"><dt class="mb-4 text-sm uppercase tracking-wide">Size</dt><dd class="flex flex-'
            f'wrap gap-3">{"".join(b(v) for v in ("Small", "Large"))}</dd></dl></form>')


def vercel(amount: str, code: str = "USD", sym: str = "$", *, available: bool = True, button: str = "buy",
           sizes: tuple[str, ...] | None = None) -> str:
    ld = {"@context": "https://schema.org", "@type": "Product", "name": NAME, "description": "Turned walnut base, "
          "linen shade.", "image": "https://cdn.shopify.com/s/files/1/lamp.jpg", "offers": {
              "@type": "AggregateOffer", "availability": SCHEMA + ("InStock" if available else "OutOfStock"),
              "priceCurrency": code, "highPrice": amount, "lowPrice": amount}}
    shown = sym + f"{float(amount):,.2f}"
    variants = [{"id": f"gid://shopify/ProductVariant/4{i}", "title": v, "availableForSale": available and v not in
                 (sizes or ()), "selectedOptions": [{"name": "Size", "value": v}], "price": {"amount": amount,
                 "currencyCode": code}} for i, v in enumerate(["Small", "Large"] if sizes is not None else ["Default"])]
    product = {"id": "gid://shopify/Product/7", "handle": "walnut-desk-lamp", "availableForSale": available,
               "title": NAME, "priceRange": {"maxVariantPrice": {"amount": amount, "currencyCode": code},
                                             "minVariantPrice": {"amount": amount, "currencyCode": code}},
               "variants": variants, "options": [{"id": "o1", "name": "Size", "values": ["Small", "Large"]}]}
    main = (f'<script type="application/ld+json">{j(ld)}</script><div class="mx-auto max-w-(--breakpoint-2xl) px-4">'
            '<div class="flex flex-col rounded-lg border border-neutral-200 bg-white p-8 md:p-12 lg:flex-row lg:gap-8">'
            '<div class="h-full w-full basis-full lg:basis-4/6"><form><div class="relative aspect-square h-full max-h-'
            f'[550px] w-full overflow-hidden"><img alt="{NAME}" class="h-full w-full object-contain" src="/_next/image?'
            'url=%2Flamp.jpg&amp;w=1080&amp;q=75"></div></form></div><div class="basis-full lg:basis-2/6"><div class="'
            f'mb-6 flex flex-col border-b pb-6"><h1 class="mb-2 text-5xl font-medium">{NAME}</h1><div class="mr-auto '
            f'w-auto rounded-full bg-blue-600 p-2 text-sm text-white">{vc_price(shown, code)}</div></div>'
            f'{vc_sizes(sizes) if sizes is not None else ""}<div class="prose mx-auto max-w-6xl text-base mb-6 '
            'text-sm leading-tight"><p>Turned walnut base, linen shade, E27 socket.</p></div>'
            f'{vc_button(button)}</div></div>{vc_tiles(code, sym)}</div>')
    header = ('<nav class="relative flex items-center justify-between p-4 lg:px-6"><form class="w-max-[550px] relative '
              'w-full lg:w-80 xl:w-full"><input type="text" name="q" placeholder="Search for products..." autoComplete='
              '"off"></form><button aria-label="Open cart"><div class="relative flex h-11 w-11 items-center justify-'
              'center rounded-md border border-neutral-200"><svg class="h-4"></svg><div class="absolute right-0 top-0 '
              '-mr-2 -mt-2 h-4 w-4 rounded-sm bg-blue-600 text-[11px] font-medium text-white">1</div></div></button>'
              '</nav>')
    tail = rsc(f'3:I[6721,["521","static/chunks/app/product/%5Bhandle%5D/page-1c9f.js"],"AddToCart"]\n',
               f'9:["$","$L3",null,{{"product":{j(product)}}}]\n',
               '4:I[6721,["521","static/chunks/521-8d2c.js"],"GridTileImage"]\n')
    return doc(main, lang="en", head=NEXT_HEAD, header=header, tail=tail, shop="Lumio")


case("vercel_commerce_in_stock_price_with_code_span_json_ld_aggregate_offer",
     vercel("54.0"), VC_URL, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("vercel_commerce_sold_out_disabled_out_of_stock_button",
     vercel("54.0", available=False, button="sold"), VC_URL,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("vercel_commerce_size_picker_one_size_sold_out_no_selection_yet",
     vercel("54.0", button="pick", sizes=("Large",)), VC_URL + "?size=small",
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("vercel_commerce_euro_store_narrow_symbol_then_code",
     vercel("1249.0", "EUR", "€"), "https://lumio.example.de/product/walnut-desk-lamp",
     price=1249.0, currency="EUR", availability="in_stock", title=NAME)


# ============================================================================ Medusa Next.js starter (Medusa 2)
# medusajs/nextjs-starter-medusa @ 9818886f06e493cb2249733d114d339aa216ef00: src/modules/products/templates/index.tsx,
# templates/product-info (title is a Heading level h2), components/product-actions/index.tsx (button "Out of stock" /
# "Add to cart"; before hydration no variant is chosen, so the server HTML says "From" and "Out of stock"),
# product-actions/mobile-actions.tsx, components/product-price (data-value, "Original:" line-through, -N%),
# product-preview/price.tsx, related-products, lib/util/money.ts (Intl.NumberFormat("en-US") for every region).
MED_US = "https://lumio.example/us/products/walnut-desk-lamp"
MED_DE = "https://lumio.example/de/products/walnut-desk-lamp"
MED_BTN = ("transition-fg relative inline-flex w-fit items-center justify-center overflow-hidden rounded-md "
           "outline-none disabled:bg-ui-bg-disabled disabled:text-ui-fg-disabled shadow-buttons-inverted "
           "bg-ui-button-inverted "
           "txt-compact-small-plus gap-x-1.5 px-3 py-1.5")


def med_price(shown: str, value: float, *, frm: bool = False, was: str = "", was_value: float = 0.0) -> str:
    sale = (f'<p><span class="text-ui-fg-subtle">Original: </span><span class="line-through" data-testid="original-'
            f'product-price" data-value="{was_value:g}">{was}</span></p><span class="text-ui-fg-interactive">-20%'
            '</span>' if was else "")
    hue = " text-ui-fg-interactive" if was else ""
    return (f'<div class="flex flex-col text-ui-fg-base"><span class="text-xl-semi{hue}">'
            f'{"From " if frm else ""}<span data-testid="product-price" data-value="{value:g}">{shown}</span></span>'
            f'{sale}</div>')


def medusa(price_html: str, button: str, *, sym: str = "$", cc: str = "us", currency: str = "usd", qty: int = 8,
           options: bool = False, mobile: str = "", amount: float = 54.0) -> str:
    disabled = button != "Add to cart"
    opts = ('<div><div class="flex flex-col gap-y-4"><div><div class="flex flex-col gap-y-3"><span class="text-sm">'
            'Select Finish</span><div class="flex flex-wrap justify-between gap-2" data-testid="product-options">'
            + "".join(f'<button class="border-ui-border-base bg-ui-bg-subtle border text-small-regular h-10 rounded-'
                      f'rounded p-2 flex-1" data-testid="option-button">{v}</button>' for v in ("Walnut", "Oak", "Ash"))
            + '</div></div></div><hr class="w-full border-t border-ui-border-base"></div></div>'
            ) if options else "<div></div>"
    off = " disabled" if disabled else ""
    actions = (f'<div class="flex flex-col gap-y-2">{opts}{price_html}<button type="button"{off}'
               f' class="{MED_BTN} w-full h-10" data-testid="add-product-button">{button}</button>{mobile}</div>')
    main = ('<div class="content-container flex flex-col small:flex-row small:items-start py-6 relative" data-testid="'
            'product-container"><div class="flex flex-col small:sticky small:top-48 small:py-0 small:max-w-[300px] w-'
            'full py-8 gap-y-6"><div id="product-info"><div class="flex flex-col gap-y-4 lg:max-w-[500px] mx-auto"><a '
            f'href="/{cc}/collections/lighting" class="text-medium text-ui-fg-muted">Lighting</a><h2 class="font-sans '
            f'font-medium h2-core text-3xl leading-10 text-ui-fg-base" data-testid="product-title">{NAME}</h2><p class='
            '"font-normal font-sans txt-medium text-medium text-ui-fg-subtle whitespace-pre-line" data-testid="product-'
            'description">Turned walnut base, linen shade.</p></div></div><div class="w-full"><div class="grid grid-'
            'cols-2 gap-x-8"><div class="flex flex-col gap-y-4"><div><span class="font-semibold">Material</span><p>'
            'Walnut</p></div><div><span class="font-semibold">Country of origin</span><p>Portugal</p></div></div><div '
            'class="flex flex-col gap-y-4"><div><span class="font-semibold">Weight</span><p>1200 g</p></div></div>'
            '</div></div></div><div class="block w-full relative"><div class="flex items-start relative"><div class="'
            f'flex flex-col flex-1 small:mx-16 gap-y-4"><img alt="Product image" src="/lamp.webp"></div></div></div>'
            '<div class="flex flex-col small:sticky small:top-48 small:py-0 small:max-w-[300px] w-full py-8 gap-y-12">'
            f'{actions}</div></div>')
    tiles = "".join(
        f'<li><a class="group" href="/{cc}/products/{h}"><div data-testid="product-wrapper"><div class="relative '
        f'w-full overflow-hidden p-4 bg-ui-bg-subtle"><img alt="Thumbnail" src="/{h}.webp"></div><div class="flex '
        f'txt-compact-'
        f'medium mt-4 justify-between"><p class="font-normal font-sans txt-medium text-ui-fg-subtle" data-testid="'
        f'product-title">{n}</p><div class="flex items-center gap-x-2"><p class="font-normal font-sans txt-medium text-'
        f'ui-fg-muted" data-testid="price">{sym}{p}</p></div></div></div></a></li>'
        for h, n, p in [("linen-shade", "Linen Shade", "24.00"), ("oak-wall-light", "Oak Wall Light", "79.00")])
    related = ('<div class="content-container my-16 small:my-32" data-testid="related-products-container"><div class='
               '"product-page-constraint"><div class="flex flex-col items-center text-center mb-16"><span class="text-'
               'base-regular text-gray-600 mb-6">Related products</span><p class="text-2xl-regular text-ui-fg-base '
               f'max-w-lg">You might also want to check out these products.</p></div><ul class="grid grid-cols-2 '
               f'small:grid-cols-3 gap-x-6 gap-y-8">{tiles}</ul></div></div>')
    header = (f'<a href="/{cc}" class="txt-compact-xlarge-plus hover:text-ui-fg-base uppercase" data-testid="nav-store-'
              f'link">Lumio</a><div class="h-full z-50"><div class="relative h-full"><button class="h-full"><a class="'
              f'hover:text-ui-fg-base" href="/{cc}/cart" data-testid="nav-cart-link">Cart (1)</a></button></div></div>')
    variants = [{"id": f"variant_01J{v.upper()}", "title": v, "sku": f"WDL-{v[:2].upper()}", "manage_inventory": True,
                 "allow_backorder": False, "inventory_quantity": qty, "options": [{"option_id": "opt_finish",
                 "value": v}], "calculated_price": {"calculated_amount": amount, "original_amount": 54,
                                                    "currency_code": currency}}
                for v in (("Walnut", "Oak", "Ash") if options else ("Walnut",))]
    prod = j({"id": "prod_01J", "title": NAME, "handle": "walnut-desk-lamp", "variants": variants})
    tail = rsc('e:I[3814,["417","static/chunks/417-5be1.js","8","static/chunks/app/%5BcountryCode%5D/(main)/products/'
               '%5Bhandle%5D/page-0d6f.js"],"default"]\n',
               f'f:["$","$Le",null,{{"product":{prod},"region":{{"id":"reg_01","currency_code":"{currency}"}}}}]\n')
    return doc(main, lang="en", head=NEXT_HEAD, header=header, related=related, tail=tail,
               title=f"{NAME} | Lumio Store")


case("medusa_us_single_variant_hydrated_add_to_cart",
     medusa(med_price("$54.00", 54), "Add to cart"), MED_US + "?v_id=variant_01JWALNUT",
     price=54.0, currency="USD", availability="in_stock")
case("medusa_us_price_list_sale_original_struck_minus_percent",
     medusa(med_price("$43.20", 43.2, was="$54.00", was_value=54), "Add to cart", amount=43.2),
     MED_US + "?v_id=variant_01JWALNUT", price=43.2, currency="USD", availability="in_stock")
case("medusa_us_selected_variant_no_inventory_out_of_stock_button",
     medusa(med_price("$54.00", 54), "Out of stock", qty=0), MED_US + "?v_id=variant_01JWALNUT",
     price=54.0, currency="USD", availability="out_of_stock")
case("medusa_server_html_three_finishes_from_cheapest_before_hydration",
     medusa(med_price("$49.00", 49, frm=True), "Out of stock", options=True, amount=49.0,
            mobile=('<div class="lg:hidden inset-x-0 bottom-0 fixed z-50"><div class="bg-white flex flex-col gap-y-3 '
                    f'p-4" data-testid="mobile-actions"><div class="flex items-center gap-x-2"><span data-testid="'
                    f'mobile-title">{NAME}</span><span>—</span><div class="flex items-end gap-x-2 text-ui-fg-base">'
                    '<span class="">$49.00</span></div></div><div class="grid grid-cols-2 w-full gap-x-4"><button '
                    f'class="{MED_BTN} w-full"><span>Select Options</span></button><button disabled class="{MED_BTN} '
                    'w-full" data-testid="mobile-cart-button">Select variant</button></div></div></div>')),
     MED_US, price=49.0, currency="USD")
case("medusa_de_region_euro_in_en_us_format",
     medusa(med_price("€54.00", 54), "Add to cart", sym="€", cc="de", currency="eur"),
     MED_DE + "?v_id=variant_01JWALNUT", price=54.0, currency="EUR", availability="in_stock")


# ============================================================================ Saleor storefront ("Paper", Next.js 15)
# saleor/storefront @ 60fea09057dd596df07cd5bf45e0467d7ef6c02c: src/app/(storefront)/[locale]/[channel]/(main)/
# products/[slug]/page.tsx (JSON-LD via lib/seo/json-ld.ts: AggregateOffer lowPrice/highPrice, brand = category name;
# h1; the variant section is a Suspense island streamed after the shell: skeleton in place, content in
# <div hidden id="S:n"> moved by $RC), ui/components/pdp/variant-section-dynamic.tsx, add-to-cart.tsx ("Add to bag",
# "Out of stock", "Select options", line-through compare-at), sticky-bar.tsx, variant-selection/renderers/button-option
# .tsx, messages/en.json and de.json.
SAL_EN = "https://lumio.example/en/default-channel/products/walnut-desk-lamp"
SAL_DE = "https://lumio.example/de/europe/products/walnut-desk-lamp"
RC_FN = ('<script>$RC=function(b,c,e){c=document.getElementById(c);c.parentNode.removeChild(c);var a=document.'
         'getElementById(b);if(a){b=a.previousSibling;if(e)b.data="$!"}};</script>')


def saleor(price: str, *, low: float = 54, high: float = 54, currency: str = "USD", available: bool = True,
           button: str = "Add to bag", was: str = "", de: bool = False, sizes: str = "") -> str:
    ld = {"@context": "https://schema.org", "@type": "Product", "name": NAME, "description": NAME,
          "image": ["https://lumio.example/media/lamp.jpg"], "brand": {"@type": "Brand", "name": "Desk Lamps"},
          "offers": {"@type": "AggregateOffer", "url": SAL_DE if de else SAL_EN, "availability":
                     f"https://schema.org/{'InStock' if available else 'OutOfStock'}", "priceCurrency": currency,
                     "lowPrice": low, "highPrice": high, "offerCount": 3 if sizes else 1,
                     "seller": {"@type": "Organization", "name": "Lumio"}}}
    disabled = button not in ("Add to bag", "In die Tasche")
    oos = "Nicht auf Lager" if de else "Out of stock"
    badge = f'<span class="inline-flex rounded-md bg-secondary px-2 text-xs">{oos}</span>' if not available else ""
    sale = (f'<span class="rounded-md bg-destructive px-2 text-xs text-white">Sale</span>' if was else "")
    compare = (f'<span class="text-lg tabular-nums text-muted-foreground line-through">{was}</span><span class="'
               'rounded bg-destructive/10 px-1.5 text-sm font-medium text-destructive">-20%</span>' if was else "")
    secure = "Sicherer Checkout" if de else "Secure checkout"
    ship = "Kostenloser Versand ab 75,00 €" if de else "Free shipping over $75.00"
    section = (f'<div class="order-1 flex items-center gap-2"><span class="text-sm text-muted-foreground">Desk Lamps'
               f'</span>{sale}{badge}</div><form action="" encType="multipart/form-data" method="POST" class="order-3 '
               f'mt-4 space-y-6"><input type="hidden" name="$ACTION_ID_7f3a"/>{sizes}<div class="space-y-4"><div class'
               f'="flex items-baseline gap-3"><span class="text-2xl font-semibold tabular-nums tracking-tight">{price}'
               f'</span>{compare}</div><button type="submit"{" disabled" if disabled else ""} class="inline-flex items-'
               'center justify-center h-14 w-full text-base font-medium"><svg class="mr-2 h-5 w-5"></svg>'
               f'{button}</button><div class="flex items-center justify-center gap-6 pt-2 text-xs text-muted-foreground'
               f'"><span class="flex items-center gap-1.5"><svg class="h-4 w-4"></svg>{secure}</span><span '
               f'class="flex items-center gap-1.5"><svg class="h-4 w-4"></svg>{ship}</span></div></div>'
               + ('' if disabled else f'<div class="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95"><div '
                  f'class="container-content flex items-center justify-between gap-4 py-3"><div class="min-w-0 flex-1">'
                  f'<p class="truncate font-medium">{NAME}</p><p class="text-sm text-muted-foreground">{price}</p>'
                  '</div>'
                  f'<button type="submit" class="min-w-[130px] shrink-0"><svg class="h-4 w-4"></svg>{button}</button>'
                  '</div></div>') + '</form>')
    home = "Startseite" if de else "Home"
    base = "/de/europe" if de else "/en/default-channel"
    main = (f'<script type="application/ld+json">{j(ld).replace("<", LT)}</script><div class="mx-auto '
            f'max-w-7xl px-4"><div class="mb-6 hidden sm:block"><nav aria-label="Breadcrumb"><ol class="flex '
            f'items-center gap-1.5 text-sm text-muted-foreground"><li><a href="{base}">{home}</a></li><li aria-'
            f'hidden="true">/</li><li><a '
            f'href="{base}/categories/desk-lamps">Desk Lamps</a></li><li aria-hidden="true">/</li><li><span aria-'
            f'current="page" class="text-foreground">{NAME}</span></li></ol></nav></div><div class="grid gap-8 lg:grid-'
            f'cols-2"><div class="lg:sticky lg:top-24"><img alt="{NAME}" src="/_next/image?url=lamp.jpg&amp;w=1080">'
            f'</div><div class="flex flex-col"><h1 class="order-2 text-balance text-h1">{NAME}</h1><!--$?--><template '
            'id="B:1"></template><div class="order-1 h-4 w-20 animate-pulse rounded bg-muted opacity-0"></div><div '
            'class="order-3 mt-4 animate-pulse space-y-6 opacity-0"><div class="h-8 w-24 rounded bg-muted"></div><div '
            'class="h-12 w-full rounded bg-muted"></div></div><!--/$--><div class="order-4 mt-6"><details open>'
            '<summary>'
            f'{"Beschreibung" if de else "Description"}</summary><p>Turned walnut base, linen shade.</p></details>'
            f'<details><summary>{"Versand" if de else "Shipping"}</summary><p>{ship}. 3-5 business days.</p></details>'
            '</div></div></div></div>')
    header = (f'<a href="{base}/cart" aria-label="{"Warenkorb, 1 Artikel" if de else "Cart, 1 item"}" class="relative '
              'flex items-center"><svg class="h-6 w-6"></svg><span class="absolute -right-1 -top-1 flex h-4 w-4 items-'
              'center justify-center rounded-full bg-foreground text-[10px] text-background">1</span></a>')
    # RSC escapes a string that starts with "$" as "$$"
    props = j({"price": ("$" + price) if price.startswith("$") else price,
               "compareAtPrice": ("$" + was) if was.startswith("$") else (was or None), "disabled": disabled})
    tail = (RC_FN + f'<div hidden id="S:1">{section}</div><script>$RC("B:1","S:1")</script>'
            + rsc('1a:I[8832,["305","static/chunks/305-a1b2.js"],"AddToCart"]\n',
                  f'1b:["$","$L1a",null,{props}]\n'))
    return doc(main, lang="de" if de else "en", head=NEXT_HEAD, header=header, tail=tail)


def sal_sizes(sold: str) -> str:
    return ('<fieldset class="space-y-3"><legend class="text-sm font-medium">Size</legend><div class="flex flex-wrap">'
            + "".join(f'<div class="relative p-1"><div class="relative w-fit"><button type="button"'
                      f'{" disabled" if v == sold else ""} aria-disabled="{"true" if v == sold else "false"}" class="'
                      f'inline-flex h-12 items-center justify-center rounded-lg border px-4 text-sm font-medium'
                      f'{" cursor-not-allowed line-through opacity-60" if v == sold else ""}"'
                      f'{f" title={chr(34)}{v} - Out of stock{chr(34)}" if v == sold else ""} aria-label="{v}'
                      f'{", out of stock" if v == sold else ""}" aria-pressed="false">{v}</button></div></div>'
                      for v in ("S", "M", "L")) + '</div></fieldset>')


case("saleor_en_streamed_variant_section_price_and_add_to_bag",
     saleor("$54.00"), SAL_EN, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("saleor_en_discounted_variant_compare_at_struck_sale_badge",
     saleor("$54.00", was="$67.50"), SAL_EN, price=54.0, currency="USD", availability="in_stock", title=NAME)
case("saleor_en_not_available_badge_and_disabled_out_of_stock_button",
     saleor("$54.00", available=False, button="Out of stock"), SAL_EN,
     price=54.0, currency="USD", availability="out_of_stock", title=NAME)
case("saleor_en_size_matrix_no_selection_price_range_select_options",
     saleor("$49.00 - $59.00", low=49, high=59, button="Select options", sizes=sal_sizes("L")), SAL_EN,
     currency="USD", availability="in_stock", title=NAME)
case("saleor_de_channel_euro_after_amount_in_die_tasche",
     saleor("54,00 €", currency="EUR", button="In die Tasche", de=True), SAL_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_next_app_router_storefront_markup(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
