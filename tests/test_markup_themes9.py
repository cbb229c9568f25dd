"""Shapes of real shop markup, part 9: Joomla VirtueMart 3, HikaShop and PrestaShop 1.6 default-bootstrap product
pages as their templates render them, read by the generic extraction (no site profile); see
tests/test_markup_themes.py. Part 9b (tests/test_markup_themes9b.py): OpenCart 4 and WooCommerce under Astra. Each
case renders by hand what the templates output for one state (classes, ids, schema.org data, mini cart, related
products with their own prices); the expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ Joomla VirtueMart 3
# smartink2512/virtuemart: components/com_virtuemart/sublayouts/prices.php @ 8e664bdb49dd530a5edcaef57b00f8045b7b4b48
# (createPriceDiv rows: basePriceWithTax in span.price-crossed, salesPrice, priceWithoutTax, discountAmount,
# taxAmount), sublayouts/addtocartbar.php @ 113acbd4c588db290a9047dd66c7c01a8a0403ab (quantity box + addtocart-button,
# or a.notify when stockhandle=disableadd and nothing is in stock), sublayouts/stockhandle.php (div.availability
# image), sublayouts/snippets.php (JSON-LD Product/Offer with the raw salesPrice, no availability), sublayouts/
# related.php @ 1f006f7718544fe436f690b5c8fb7bb8346a44ef; views/productdetails/tmpl/default.php (h1, back-to-category,
# spacer-buy-area, manufacturer); createPriceDiv from administrator/.../helpers/currencydisplay.php (vm-display
# vm-price-value / vm-nodisplay); the mod_virtuemart_cart module in the header.
VM_DE = "https://www.lumio.example.de/shop/leuchten/walnut-desk-lamp-detail"
VM_EN = "https://www.lumio.example.com/shop/lamps/walnut-desk-lamp-detail"


def vm_row(name: str, desc: str, value: str) -> str:
    vis = " vm-display vm-price-value" if value else " vm-nodisplay"
    return (f'<div class="Price{name}{vis}"><span class="vm-price-desc">{desc}</span><span class="Price{name}">'
            f'{value}</span></div>')


def vm_prices(sales: str, *, de: bool = True, crossed: str = "", net: str = "", discount: str = "",
              tax: str = "") -> str:
    lab = (("Grundpreis inkl. MwSt.: ", "Verkaufspreis: ", "Verkaufspreis ohne MwSt.: ", "Rabatt: ", "Steuerbetrag: ",
            "Preis") if de else ("Base price with tax: ", "Sales price: ", "Sales price without tax: ", "Discount: ",
                                 "Tax amount: ", "Price"))
    out = f'<div class="product-price" id="productPrice42"><div class="vm-cart-price">{lab[5]}</div>'
    out += vm_row("variantModification", "", "")
    if crossed:
        out += '<span class="price-crossed" >' + vm_row("basePriceWithTax", lab[0], crossed) + "</span>"
    out += vm_row("salesPrice", lab[1], sales) + vm_row("priceWithoutTax", lab[2], net)
    return out + vm_row("discountAmount", lab[3], discount) + vm_row("taxAmount", lab[4], tax) + "</div>"


def vm_cart_bar(*, de: bool = True, notify: bool = False, variant: str = "") -> str:
    if notify:
        bar = ('<a href="/index.php?option=com_virtuemart&view=productdetails&layout=notify&virtuemart_product_id=42" '
               f'class="notify">{"Benachrichtige mich" if de else "Notify Me"}</a>')
    else:
        add = "In den Warenkorb" if de else "Add to Cart"
        bar = ('<span class="quantity-box"><input type="text" class="quantity-input js-recalculate" name="quantity[]" '
               'data-errStr="You can buy this product only in multiples of %s pieces!" value="1" init="1" step="1" />'
               '</span><span class="quantity-controls js-recalculate"><input type="button" class="quantity-controls '
               'quantity-plus"/><input type="button" class="quantity-controls quantity-minus"/></span><span class='
               f'"addtocart-button"><input type="submit" name="addtocart" class="addtocart-button" value="{add}" '
               f'title="{add}" /></span><input type="hidden" name="virtuemart_product_id[]" value="42"/>')
    return ('<div class="addtocart-area"><form method="post" class="product js-recalculate" action="/shop/cart">'
            f'<div class="vm-customfields-wrap">{variant}</div><div class="addtocart-bar">{bar}</div><input type='
            '"hidden" name="option" value="com_virtuemart"/><input type="hidden" name="view" value="cart"/></form></di'
            'v>')


def vm_page(prices: str, bar: str, *, de: bool = True, availability: str = "", ld_price: str = "54",
            cur: str = "EUR") -> str:
    back, ask, manu = (("Zurück zu: Leuchten", "Eine Frage zu diesem Produkt stellen", "Hersteller") if de else
                       ("Back to: Lamps", "Ask a question about this product", "Manufacturer"))
    snip = ('<script type="application/ld+json">{"@context": "http://schema.org/", "@type": "Product", "name": "'
            f'{NAME}", "image": "https://www.lumio.example/images/virtuemart/product/lamp.jpg", "description": "Turned '
            f'walnut, linen shade.", "offers":{{"@type": "Offer", "priceCurrency": "{cur}", "price": "{ld_price}"}}}}'
            '</script>')
    main = ('<div class="product-container productdetails-view productdetails"><div class="product-neighbours"><a href='
            '"/shop/leuchten/brass-floor-lamp-detail" class="previous-page">Brass Floor Lamp</a><a href="/shop/leuchte'
            'n/'
            'oak-wall-light-detail" class="next-page">Oak Wall Light</a><div class="clear"></div></div><div class="bac'
            'k-'
            f'to-category"><a href="/shop/leuchten" class="product-details" title="Leuchten">{back}</a></div><h1>{NAME}'
            '</h1><div class="product-short-description">Turned walnut, linen shade.</div><div class="vm-product-'
            'container"><div class="vm-product-media-container"><div class="main-image"><img src="/images/virtuemart/'
            f'product/lamp.jpg" alt="{NAME}"></div></div><div class="vm-product-details-container"><div class="spacer-'
            f'buy-area"><div class="vm-product-rating-container"></div>{prices}<div class="clear"></div>{bar}'
            f'{availability}<div class="ask-a-question"><a class="ask-a-question" href="/shop/leuchten/walnut-desk-lam'
            f'p-'
            f'detail/askquestion" rel="nofollow">{ask}</a></div><div class="manufacturer">{manu}: <a class="manuModal" '
            'href="/shop/manufacturer/lumio">Lumio</a></div></div></div><div class="clear"></div></div><div class="'
            'product-description"><span class="title">Description</span><p>Turned walnut base, linen shade.</p></div>'
            f'{vm_related(de)}</div>{snip}')
    total = "24,00 €" if de else "$24.00"
    header = ('<div class="moduletable"><div class="vmCartModule" id="vmCartModule"><div class="vm_cart_products">'
              '<div class="product_row"><span class="quantity">1</span>&nbsp;x&nbsp;<span class="product_name">Linen '
              f'Shade</span><div class="subtotal_with_tax" style="float: right;">{total}</div></div></div><div class='
              f'"total" style="float: right;"><strong>Total</strong>: {total}</div><div class="total_products">1 '
              f'{"Produkt" if de else "Product"}</div><div class="show_cart"><a style="float:right;" href="/shop/cart" '
              f'rel="nofollow">{"Warenkorb anzeigen" if de else "Show Cart"}</a></div></div></div>')
    return doc(main, lang="de-de" if de else "en-gb", header=header)


def vm_related(de: bool) -> str:
    rows = [("Linen Shade", "24,00 €" if de else "$24.00"), ("Oak Wall Light", "79,00 €" if de else "$79.00")]
    tiles = "".join(
        f'<div class="product-field-display"><a href="/shop/leuchten/p{i}-detail" title="{n}" target="_blank"><img '
        f'src="/images/virtuemart/product/resized/p{i}.jpg" alt="{n}">{n}</a>'
        + vm_row("salesPrice", "Verkaufspreis: " if de else "Sales price: ", p) + "</div>"
        for i, (n, p) in enumerate(rows))
    return ('<div class="product-related-products"><h4>' + ("Ähnliche Produkte" if de else "Related Products")
            + f'</h4><div class="product-field product-field-type-R">{tiles}</div></div>')


VM_OOS = ('<div class="availability"><img src="/components/com_virtuemart/assets/images/availability/not_available.gif"'
          ' alt="not_available.gif" class="availability" /></div>')
case("virtuemart3_de_sales_price_with_net_and_tax_rows_json_ld_snippet",
     vm_page(vm_prices("54,00 €", net="45,38 €", tax="8,62 €"), vm_cart_bar()), VM_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)
case("virtuemart3_de_discount_base_price_with_tax_crossed",
     vm_page(vm_prices("54,00 €", crossed="67,50 €", net="45,38 €", discount="-13,50 €", tax="8,62 €"),
             vm_cart_bar()), VM_DE, price=54.0, currency="EUR", availability="in_stock", title=NAME)
# Open (docs/quality.md): English VirtueMart with no buy button, only <a class="notify">Notify Me</a> and a stock
# image (alt "not_available.gif"): a bare "Notify me" is also a newsletter's button, so it is read as no statement.
case("virtuemart3_en_usd_in_stock_related_products_with_sales_prices",
     vm_page(vm_prices("$54.00", de=False), vm_cart_bar(de=False), de=False, cur="USD"), VM_EN,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("virtuemart3_de_notify_link_and_availability_text_nicht_auf_lager",
     vm_page(vm_prices("54,00 €", net="45,38 €", tax="8,62 €"), vm_cart_bar(notify=True),
             availability='<div class="availability">Derzeit nicht auf Lager</div>'), VM_DE,
     price=54.0, currency="EUR", availability="out_of_stock", title=NAME)
VM_VARIANT = ('<div class="product-fields"><div class="product-field product-field-type-C"><span class="product-fields-'
              'title-wrapper"><span class="product-fields-title"><strong>Holz</strong></span></span><div class="produc'
              't-'
              'field-display"><select name="customProductData[42][7]" class="vm-chzn-select cvselection"><option value='
              '"42" selected="selected">Walnuss</option><option value="43">Eiche +5,00 €</option><option value="44">'
              'Esche schwarz +9,00 €</option></select></div></div></div>')
case("virtuemart3_de_child_variant_dropdown_with_price_modifiers",
     vm_page(vm_prices("54,00 €", net="45,38 €", tax="8,62 €"), vm_cart_bar(variant=VM_VARIANT)), VM_DE,
     price=54.0, currency="EUR", availability="in_stock", title=NAME)


# ============================================================================ HikaShop (Joomla)
# vaibhav1607/com_hikashop_starter_v2.5.0_2015-08-06_18-17-26 @ 4be07cef426dc6dd357dc79ef1898a19bce2f01b (HikaShop
# 2.5.0): front/views/product/tmpl/show.php (form, hidden per-variant hikashop_product_price_/quantity_ blocks),
# show_default.php (h1 with hikashop_product_name_main + hikashop_product_code_main, hikashop_product_price_main),
# listing_price.php (msrp, price_before_discount, hikashop_product_price_0, per unit), quantity.php (hikashop_product_
# stock_count "%s items in stock" + add to cart, or hikashop_product_no_stock "Out of stock"); the cart module.
HK_FR = "https://www.lumio.example.fr/boutique/produit/42-walnut-desk-lamp"
HK_EN = "https://www.lumio.example.com/shop/product/42-walnut-desk-lamp"


def hk_price(price: str, *, before: str = "", msrp: str = "", per_unit: str = "") -> str:
    out = ""
    if msrp:
        out += ('<span class="hikashop_product_msrp_price hikashop_product_price_full"><span class="hikashop_product_'
                f'msrp_price_title">Retail price</span><span class="hikashop_product_price">{msrp}</span></span>')
    out += '<span class="hikashop_product_price_full">'
    if msrp:
        out += '<span class="hikashop_product_our_price_title">Our price</span> '
    if before:
        out += f'<span class="hikashop_product_price_before_discount">{before}</span>'
    disc = " hikashop_product_price_with_discount" if before else ""
    out += f'<span class="hikashop_product_price hikashop_product_price_0{disc}">{price}</span> '
    if per_unit:
        out += f'<span class="hikashop_product_price_per_unit">{per_unit}</span>'
    return out + "</span>"


def hk_qty(stock: int, *, fr: bool = True) -> str:
    if stock <= 0:
        return f'<div class="hikashop_product_no_stock">{"Rupture de stock" if fr else "Out of stock"}<br/></div>'
    add = "Ajouter au panier" if fr else "Add to cart"
    count = f"{stock} articles en stock" if fr else f"{stock} items in stock"
    return (f'<div class="hikashop_product_stock"><span class="hikashop_product_stock_count">{count}<br/></span>'
            '<input type="text" id="hikashop_product_quantity_field_1" name="quantity" value="1" class="hikashop_'
            'product_quantity_field" /><input type="submit" class="btn button hikashop_cart_input_button" name="add" '
            f'value="{add}" onclick="var field=document.getElementById(\'hikashop_product_quantity_field_1\');return '
            'hikashopModifyQuantity(\'42\',field,1,0,\'cart\',0);"/></div>')


def hk_page(price: str, qty: str, *, fr: bool = True, code: str = "WDL-100", chars: str = "", variants: str = "",
            crumbs_cat: str = "Luminaires") -> str:
    main = ('<div id="hikashop_product_WDL_100_page" class="hikashop_product_page hikashop_product_of_category_12">'
            '<div class="clear_both"></div><form action="/boutique/produit/updatecart" method="post" name="hikashop_'
            'product_form" enctype="multipart/form-data"><div id="hikashop_product_top_part" class="hikashop_product_'
            f'top_part"><h1><span id="hikashop_product_name_main" class="hikashop_product_name_main">{NAME}</span>'
            f'<span id="hikashop_product_code_main" class="hikashop_product_code_main">{code}</span></h1></div><div '
            'class="row-fluid"><div id="hikashop_product_left_part" class="hikashop_product_left_part span6"><div id="'
            f'hikashop_main_image_div" class="hikashop_main_image_div"><img id="hikashop_main_image" src="/images/'
            f'com_hikashop/upload/lamp.jpg" alt="{NAME}"></div></div><div id="hikashop_product_right_part" class="'
            'hikashop_product_right_part span6"><div id="hikashop_product_vote_mini" class="hikashop_product_vote_mini'
            '">'
            '</div><span id="hikashop_product_price_main" class="hikashop_product_price_main">'
            f'{price}</span><br />{chars}<span id="hikashop_product_price_with_options_main" class="hikashop_product_'
            f'price_with_options_main"></span><div id="hikashop_product_quantity_main" class="hikashop_product_quantity'
            f'_main">{qty}</div><div id="hikashop_product_contact_main" class="hikashop_product_contact_main"></div>'
            '<span id="hikashop_product_id_main" class="hikashop_product_id_main"><input type="hidden" name="product_i'
            'd"'
            ' value="42" /></span></div></div><div id="hikashop_product_bottom_part" class="hikashop_product_bottom_'
            'part"><div id="hikashop_product_description_main" class="hikashop_product_description_main"><p>Turned '
            'walnut, linen shade.</p></div></div><input type="hidden" name="cart_type" id="type" value="cart"/><input '
            f'type="hidden" name="add" value="1"/></form>{variants}{hk_related(fr)}</div>')
    header = ('<div class="hikashop_cart_module" id="hikashop_cart_module"><div class="hikashop_cart"><a class="hikash'
              'op'
              f'_cart_module_product_total_title" href="/boutique/panier">{"Panier" if fr else "Cart"}</a><table '
              'class="hikashop_cart_module_products"><tr class="row0"><td class="hikashop_cart_module_product_name_'
              'value">Linen Shade</td><td class="hikashop_cart_module_product_price_value"><span class="hikashop_'
              'product_price_full"><span class="hikashop_product_price">' + ("24,00 €" if fr else "$24.00")
              + '</span></span></td></tr></table></div></div>')
    crumbs = ('<ul class="breadcrumb"><li><a href="/" class="pathway">' + ("Accueil" if fr else "Home") + '</a></li>'
              f'<li><a href="/boutique/categorie/12" class="pathway">{crumbs_cat}</a></li><li class="active"><span>'
              f'{NAME}</span></li></ul>')
    return doc(main, lang="fr-fr" if fr else "en-gb", header=header, crumbs=crumbs)


def hk_related(fr: bool) -> str:
    rows = [("Linen Shade", "24,00 €" if fr else "$24.00"), ("Oak Wall Light", "79,00 €" if fr else "$79.00")]
    tiles = "".join(
        f'<div class="hikashop_listing_img_title" id="div_hikashop_category_information_module_{i}"><div class="'
        f'hikashop_product_image"><a href="/p{i}"><img src="/p{i}.jpg" alt="{n}"></a></div><span class="hikashop_'
        f'product_name"><a href="/p{i}">{n}</a></span><span class="hikashop_product_price_full"><span class="hikashop'
        f'_product_price hikashop_product_price_0">{p}</span> </span></div>' for i, (n, p) in enumerate(rows))
    return ('<div class="hikashop_submodules" id="hikashop_submodules" style="clear:both"><div class="hikashop_'
            'category_information hikashop_products_listing_main"><h3>' + ("Produits associés" if fr else "Related "
                                                                          "products") + f'</h3>{tiles}</div></div>')


case("hikashop_fr_items_in_stock_code_in_h1_cart_module_price",
     hk_page(hk_price("54,00 €"), hk_qty(12)), HK_FR,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("hikashop_fr_discount_price_before_discount_struck_by_css",
     hk_page(hk_price("54,00 €", before="67,50 €"), hk_qty(12)), HK_FR,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("hikashop_fr_rupture_de_stock_no_cart_button", hk_page(hk_price("54,00 €"), hk_qty(0)), HK_FR,
     price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100", title=NAME)
case("hikashop_en_msrp_retail_price_then_our_price_each",
     hk_page(hk_price("$54.00", msrp="$67.50", per_unit=" each"), hk_qty(5, fr=False), fr=False, crumbs_cat="Lamps"),
     HK_EN, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
HK_CHARS = ('<div id="hikashop_product_characteristics" class="hikashop_product_characteristics"><table class="hikasho'
            'p_'
            'product_characteristics_table"><tr><td><span class="hikashop_characteristic_name">Wood</span></td><td><se'
            'lect'
            ' id="hikashop_product_characteristic_1" name="hikashop_product_characteristic[1]" class="inputbox" size="'
            '1" '
            'onchange="return hikashopUpdateVariant(this);"><option value="3" selected="selected">Walnut</option><opti'
            'on '
            'value="4">Oak</option><option value="5">Black ash</option></select></td></tr></table></div>')
HK_VARIANTS = "".join(
    f'<div id="hikashop_product_name_{v}" style="display:none;">{NAME} {w}</div><div id="hikashop_product_code_{v}" '
    f'style="display:none;">{c}</div><div id="hikashop_product_price_{v}" style="display:none;">{hk_price(p)}</div>'
    f'<div id="hikashop_product_quantity_{v}" style="display:none;">{hk_qty(q, fr=False)}</div>'
    for v, w, c, p, q in [(3, "Walnut", "WDL-100", "$54.00", 12), (4, "Oak", "WDL-101", "$59.00", 3),
                          (5, "Black ash", "WDL-102", "$49.00", 0)])
case("hikashop_en_characteristic_select_with_hidden_variant_blocks",
     hk_page(hk_price("$54.00"), hk_qty(12, fr=False), fr=False, chars=HK_CHARS, variants=HK_VARIANTS,
             crumbs_cat="Lamps"), HK_EN, price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)


# ============================================================================ PrestaShop 1.6 default-bootstrap
# PrestaShop/PrestaShop 1.6.1.x @ 00eb20a8bbbb6de48e71438d0a5a20939d50f3b4: themes/default-bootstrap/product.tpl
# (itemscope Product, h1 itemprop=name, p#product_reference span itemprop=sku, p.our_price_display itemprop=offers
# with link InStock only when quantity > 0 or orders allowed, span#our_price_display itemprop=price content, "tax
# incl.", meta priceCurrency, p#reduction_percent, p#old_price span#old_price_display, p#pQuantityAvailable,
# p#availability_statut span#availability_value label-success/-warning/-danger, #add_to_cart inside div.unvisible when
# not orderable, #attributes select group_N, #oosHook for mailalerts); addJsDef vars in the head (productPrice,
# combinations...), blockcart (div.shopping_cart, ajax_cart_total) and productscategory (p.price_display) modules.
PS_FR = "https://www.lumio.example.fr/luminaires/42-walnut-desk-lamp.html"
PS_EN = "https://www.lumio.example.com/en/lamps/42-walnut-desk-lamp.html"


def ps16(price: str, content: str, *, fr: bool = True, old: str = "", pct: str = "", instock_link: bool = True,
         avail: str = "", avail_cls: str = "label-success", qty: int = 12, orderable: bool = True, ref: str = "WDL-100",
         groups: str = "", oos_hook: str = "", js: str = "") -> str:
    t = (("Référence :", "TTC", "Quantité", "Ajouter au panier", "Produits", "Panier", "Commander", "Total",
          "Neuf", "État :") if fr else ("Reference:", "tax incl.", "Quantity", "Add to cart", "Items", "Cart",
                                        "Check out", "Total", "New product", "Condition:"))
    cur = "EUR" if fr else "USD"
    link = '<link itemprop="availability" href="https://schema.org/InStock"/>' if instock_link else ""
    hide = ' style="display: none;"'
    unvis, old_cls = ("" if orderable else ' class="unvisible"'), ("" if old else ' class="hidden"')
    sku_attr = f' content="{ref}"' if ref else ""
    main = ('<div class="primary_block row" itemscope itemtype="https://schema.org/Product"><meta itemprop="url" '
            f'content="{PS_FR if fr else PS_EN}"><div class="container"><div class="top-hr"></div></div><div class="pb-'
            'left-column col-xs-12 col-sm-4 col-md-5"><div id="image-block" class="clearfix"><span id="view_full_size">'
            f'<img id="bigpic" itemprop="image" src="/42-large_default/lamp.jpg" title="{NAME}" alt="{NAME}"/></span>'
            f'</div></div><div class="pb-center-column col-xs-12 col-sm-4"><h1 itemprop="name">{NAME}</h1><p id="'
            f'product_reference"{"" if ref or groups else hide}><label>{t[0]} </label><span class="editable" itemprop='
            f'"sku"{sku_attr}>{"" if groups else ref}</span></p><p id="product_'
            f'condition"><label>{t[9]} </label><link itemprop="itemCondition" href="https://schema.org/NewCondition"/>'
            f'<span class="editable">{t[8]}</span></p><div id="short_description_block"><div id="short_description_'
            'content" class="rte align_justify" itemprop="description"><p>Turned walnut, linen shade.</p></div></div>'
            f'<p id="pQuantityAvailable"{"" if qty > 0 else hide}><span id="quantityAvailable">{max(qty, 0)}</span> '
            f'<span style="display: none;" id="quantityAvailableTxt">Item</span> <span id="quantityAvailableTxtMultipl'
            f'e"'
            f'>{t[4]}</span></p><p id="availability_statut"{"" if avail else hide}><span id="availability_value" class='
            f'"label {avail_cls}">{avail}</span></p><p class="warning_inline" id="last_quantities" style="display: non'
            f'e"'
            f' >Warning: Last items in stock!</p><div id="oosHook"{"" if qty <= 0 else hide}>{oos_hook}</div></div>'
            '<div class="pb-right-column col-xs-12 col-sm-4 col-md-3"><form id="buy_block" action="/panier" method='
            '"post"><p class="hidden"><input type="hidden" name="id_product" value="42" id="product_page_product_id" />'
            '<input type="hidden" name="id_product_attribute" id="idCombination" value="" /></p><div class="box-info-'
            'product"><div class="content_prices clearfix"><div><p class="our_price_display" itemprop="offers" '
            f'itemscope itemtype="https://schema.org/Offer">{link}<span id="our_price_display" class="price" itemprop="'
            f'price" content="{content}">{price}</span> {t[1]}<meta itemprop="priceCurrency" content="{cur}" /></p><p '
            f'id='
            f'"reduction_percent"{"" if pct else hide}><span id="reduction_percent_display">{pct}</span></p><p id="'
            f'reduction_amount" style="display:none"><span id="reduction_amount_display"></span></p><p id="old_price"'
            f'{old_cls}><span id="old_price_display"><span class="price'
            f'">{old}</span>{" " + t[1] if old else ""}</span></p></div><div class="clear"></div></div><div class="'
            f'product_attributes clearfix"><p id="quantity_wanted_p"{"" if orderable else hide}><label for="quantity_'
            f'wanted">{t[2]}</label><input type="number" min="1" name="qty" id="quantity_wanted" class="text" value="1'
            f'" '
            f'/></p>{groups}</div><div class="box-cart-bottom"><div{unvis}><p id="add_to_cart" class="buttons_bottom_b'
            f'lock no-print"><button type="submit" name="Submit" '
            f'class="exclusive"><span>{t[3]}</span></button></p></div></div></div></form></div></div>')
    tiles = "".join(
        f'<li class="product-box item"><a href="/p{i}.html" class="lnk_img product-image" title="{n}"><img src="/p{i}'
        f'.jpg" alt="{n}" /></a><h5 itemprop="name" class="product-name"><a href="/p{i}.html" title="{n}">{n}</a></h5>'
        f'<p class="price_display"><span class="price">{p}</span></p></li>'
        for i, (n, p) in enumerate([("Linen Shade", "24,00 €" if fr else "$24.00"),
                                    ("Oak Wall Light", "79,00 €" if fr else "$79.00")]))
    related = ('<section class="page-product-box blockproductscategory"><h3 class="productscategory_h3 page-product-'
               'heading">' + ("2 autres produits dans la même catégorie :" if fr else "2 other products in the same "
                              "category:") + f'</h3><div id="productscategory_list" class="clearfix"><ul id="bxslider1'
                                             f'" '
               f'class="bxslider clearfix">{tiles}</ul></div></section>')
    a = "24,00 €" if fr else "$24.00"
    header = ('<div class="col-sm-4 clearfix"><div class="shopping_cart"><a href="/commande" title="View my shopping '
              f'cart" rel="nofollow"><b>{t[5]}</b> <span class="ajax_cart_quantity">1</span> <span class="ajax_cart_'
              f'product_txt">Product</span> <span class="ajax_cart_total">{a}</span></a><div class="cart_block block '
              'exclusive"><div class="block_content"><div class="cart_block_list"><dl class="products"><dt class="firs'
              't_'
              'item"><div class="cart-info"><div class="product-name"><span class="quantity-formated"><span class="'
              'quantity">1</span>&nbsp;x&nbsp;</span><a class="cart_block_product_name" href="/p0.html">Linen Shade</a>'
              f'</div><span class="price">{a}</span></div></dt></dl><div class="cart-prices"><div class="cart-prices-l'
              f'ine'
              f' last-line"><span class="price cart_block_total ajax_block_cart_total">{a}</span><span>{t[7]}</span>'
              f'</div></div><p class="cart-buttons"><a id="button_order_cart" class="btn btn-default button button-sma'
              f'll"'
              f' href="/commande" rel="nofollow"><span>{t[6]}</span></a></p></div></div></div></div></div>')
    head = ('<script type="text/javascript">var currencySign = "' + ("€" if fr else "$") + '";var currencyRate = 1;'
            'var priceDisplayPrecision = 2;var id_product = 42;var productPrice = ' + content + ';var productReference'
            f' = "{ref}";var quantityAvailable = {max(qty, 0)};var allowBuyWhenOutOfStock = false;' + js + '</script>')
    crumbs = ('<div class="breadcrumb clearfix"><a class="home" href="/" title="Return to Home"><i class="icon-home">'
              '</i></a><span class="navigation-pipe">&gt;</span><a href="/12-luminaires" title="Lamps">' +
              ("Luminaires" if fr else "Lamps") + f'</a><span class="navigation-pipe">&gt;</span>{NAME}</div>')
    return doc(main, lang="fr" if fr else "en", head=head, header=header, crumbs=crumbs, related=related,
               body_attrs=' id="product" class="product product-42 product-walnut-desk-lamp category-12 lang_fr"')


case("prestashop16_fr_en_stock_ttc_reference_and_microdata",
     ps16("54,00 €", "54", avail="En stock"), PS_FR,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
case("prestashop16_fr_reduction_percent_and_old_price_display",
     ps16("54,00 €", "54", avail="En stock", old="67,50 €", pct="-20%"), PS_FR,
     price=54.0, currency="EUR", availability="in_stock", sku="WDL-100", title=NAME)
PS_MAILALERT = ('<p class="form-group"><input type="text" id="oos_customer_email" name="customer_email" size="20" '
                'value="your@email.com" class="mailalerts_oos_email form-control" /></p><a href="#" title="Notify me '
                'when available" id="mailalert_link" rel="nofollow">Notify me when available</a>')
case("prestashop16_en_no_longer_in_stock_cart_unvisible_no_instock_link",
     ps16("$54.00", "54", fr=False, instock_link=False, avail="This product is no longer in stock",
          avail_cls="label-danger", qty=0, orderable=False, oos_hook=PS_MAILALERT), PS_EN,
     price=54.0, currency="USD", availability="out_of_stock", sku="WDL-100", title=NAME)
case("prestashop16_fr_ce_produit_n_est_plus_en_stock_cart_unvisible",
     ps16("54,00 €", "54", instock_link=False, avail="Ce produit n'est plus en stock", avail_cls="label-danger",
          qty=0, orderable=False), PS_FR, price=54.0, currency="EUR", availability="out_of_stock", sku="WDL-100")
case("prestashop16_en_in_stock_without_available_now_label_items_count_only",
     ps16("$54.00", "54", fr=False), PS_EN,
     price=54.0, currency="USD", availability="in_stock", sku="WDL-100", title=NAME)
PS_GROUPS = ('<div id="attributes"><div class="clearfix"></div><fieldset class="attribute_fieldset"><label class="'
             'attribute_label" for="group_3">Wood&nbsp;</label><div class="attribute_list"><select name="group_3" id="'
             'group_3" class="form-control attribute_select no-print"><option value="14" selected="selected" title="'
             'Walnut">Walnut</option><option value="15" title="Oak">Oak</option></select></div></fieldset></div>')
PS_COMBIS = ('var combinations = {"61":{"attributes_values":{"3":"Walnut"},"attributes":[14],"price":0,"specific_price"'
             ':false,"ecotax":0,"weight":0,"quantity":12,"reference":"WDL-100-W","unit_impact":0,"minimal_quantity":"1"'
             ',"available_date":"","id_image":-1,"list":"\'14\'"},"62":{"attributes_values":{"3":"Oak"},"attributes":'
             '[15],"price":4.166667,"specific_price":false,"ecotax":0,"weight":0,"quantity":0,"reference":"WDL-100-O",'
             '"unit_impact":0,"minimal_quantity":"1","available_date":"","id_image":-1,"list":"\'15\'"}};')
case("prestashop16_en_combinations_select_reference_filled_by_js",
     ps16("$54.00", "54", fr=False, avail="In stock", ref="", groups=PS_GROUPS, js=PS_COMBIS), PS_EN,
     price=54.0, currency="USD", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_page_reads_as_a_human_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
