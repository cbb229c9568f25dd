"""Shapes of real shop markup, part 5: EC-CUBE 4 and Zen Cart (responsive_classic) product pages as their
templates render them (osCommerce CE Phoenix and Magento 1 / OpenMage RWD: tests/test_markup_themes5b.py), read by
the generic extraction (no site profile); see tests/test_markup_themes.py. Each case renders by hand what the
templates output for one state, with the theme's classes, ids and schema.org data, inside a realistic page (mini
cart, side boxes or related tiles with their own prices). The expectations are what a careful human reads."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


# ============================================================================ EC-CUBE 4 (default theme, Japanese)
# EC-CUBE/ec-cube @ 778652134dab71f601a0f6b0031a356306ef3d6d: src/Eccube/Resource/template/default/Product/detail.twig
# (ec-productRole: h2.ec-headingTitle, priceRegular 通常価格, ec-price__price + 税込, ec-productRole__code 商品コード,
# add-cart button or the disabled ただいま品切れ中です。 button, form_rest, JSON-LD Product added by 4b65f084 "SEO 商品の
# 構造化データ", absent in 4.0), Block/cart.twig (ec-cartNavi), Product/list.twig (ec-shelfGrid tiles, price02-default),
# Twig/Extension/EccubeExtension.php (getPriceFilter: NumberFormatter ja_JP JPY "￥5,500"; getClassCategoriesAsJson),
# Resource/locale/messages.ja.yaml (labels).
EC_URL = "https://www.lumio.example.jp/products/detail/12"


def ec_jsonld(price: int, stock: bool, sku: str = "WDL-100") -> str:
    return ('<script type="application/ld+json">\n    {\n        "@context": "https://schema.org/",\n        "@type": '
            f'"Product",\n        "name": "{NAME}",\n        "image": [\n                "https://www.lumio.example.jp/'
            'html/upload/save_image/lamp.jpg"\n        ],\n        "description": "無垢のウォルナットを削り出したデスク'
            f'ランプ。",\n        "sku": "{sku}",\n        "offers": {{\n            "@type": "Offer",\n            "url":'
            f' "{EC_URL}",\n            "priceCurrency": "JPY",\n            "price": {price},\n            '
            f'"availability": "{"InStock" if stock else "OutOfStock"}"\n        }}\n    }}\n    </script>')


def ec_classes() -> str:
    def cls(pid: str, code: str, p02: str, p02i: str, stock: bool) -> dict[str, Any]:
        return {"classcategory_id2": "", "name": "", "stock_find": stock, "price01": "", "price02": p02,
                "price01_inc_tax": "", "price02_inc_tax": p02i, "price01_with_currency": "",
                "price02_with_currency": f"￥{p02}", "price01_inc_tax_with_currency": "",
                "price02_inc_tax_with_currency": f"￥{p02i}", "product_class_id": pid, "product_code": code,
                "sale_type": "1"}
    data = {"__unselected": {"__unselected": {"name": "選択してください", "product_class_id": ""}},
            "3": {"#": cls("25", "WDL-100", "5,000", "5,500", True)},
            "4": {"#": cls("26", "WDL-102", "6,000", "6,600", False)}}
    return f'<script>\n        eccube.classCategories = {json.dumps(data)};\n    </script>'


def ec_page(price: str, *, regular: str = "", stock: bool = True, jsonld: str = "", code: str = "WDL-100",
            classes: bool = False) -> str:
    reg = (f'<span class="ec-productRole__priceRegularPrice">通常価格：{regular}</span>\n<span class="ec-productRole'
           '__priceRegularTax">税込</span>' if regular else "")
    price_cls = "ec-price__price price02-default" if classes else "ec-price__price"
    if classes:
        reg = f'<div class="ec-productRole__priceRegular">{reg}</div>'
    select = ('<div class="ec-select"><select id="classcategory_id1" name="classcategory_id1" class="form-select">'
              '<option value="__unselected">選択してください</option><option value="3">ウォルナット</option><option '
              'value="4">ブラス (品切れ中)</option></select></div>' if classes else "")
    form = ((f'<div class="ec-productRole__actions">{select}<div class="ec-numberInput"><span>数量</span><input '
             'type="number" id="quantity" name="quantity" required="required" min="1" maxlength="9" class="quantity '
             'form-control" value="1"></div></div><div class="ec-productRole__btn"><button type="submit" class="ec-'
             'blockBtn--action add-cart">\n                                    カートに入れる\n               '
             '</button></div>') if stock else
            ('<div class="ec-productRole__btn"><button type="button" class="ec-blockBtn--action" disabled="disabled">'
             '\n                                    ただいま品切れ中です。\n             </button></div>'))
    main = ('<div class="ec-productRole"><div class="ec-grid2"><div class="ec-grid2__cell"><div class="ec-sliderItem'
            'Role"><div class="item_visual"><div class="slide-item"><img src="/html/upload/save_image/lamp.jpg" alt="'
            f'{NAME}" width="550" height="550"></div></div></div></div><div class="ec-grid2__cell"><div class="ec-'
            f'productRole__profile"><div class="ec-productRole__title"><h2 class="ec-headingTitle">{NAME}</h2></div>'
            '<ul class="ec-productRole__tags"><li class="ec-productRole__tag tag_1">新商品</li></ul>'
            f'{reg}<div class="ec-productRole__price"><div class="ec-price"><span class="{price_cls}">{price}</span>'
            '\n<span class="ec-price__tax">税込</span></div></div><div class="ec-productRole__code">\n'
            f'                            商品コード： <span class="product-code-default">{code}</span></div><div '
            'class="ec-productRole__category"><div>関連カテゴリ</div><ul><li><a href="/products/list?category_id=2">'
            'インテリア</a><span>＞</span><a href="/products/list?category_id=5">照明</a></li></ul></div>'
            f'<form action="/products/add_cart/12" method="post" id="form1" name="form1">{form}<input type="hidden" '
            'id="product_id" name="product_id" value="12"><input type="hidden" id="ProductClass" name="ProductClass" '
            'value="25"><input type="hidden" id="_token" name="_token" value="a1b2c3"></form><div class="ec-modal">'
            '<div class="ec-modal-overlay"><div class="ec-modal-wrap"><div id="ec-modal-header" class="text-center">'
            'カートに追加しました。</div><div class="ec-modal-box"><div class="ec-role"><span class="ec-inlineBtn--'
            'cancel">お買い物を続ける</span><a href="/cart" class="ec-inlineBtn--action">カートへ進む</a></div></div>'
            '</div></div></div><div class="ec-productRole__description">無垢のウォルナットを削り出したデスクランプ。'
            '<br />E26口金、LED電球付き。</div></div></div></div></div>')
    header = ('<div class="ec-headerRole__cart"><div class="ec-cartNaviWrap"><div class="ec-cartNavi"><i class="ec-'
              'cartNavi__icon fas fa-shopping-cart"><span class="ec-cartNavi__badge">1</span></i><div class="ec-cart'
              'Navi__label"><div class="ec-cartNavi__price">￥2,200</div></div></div><div class="ec-cartNaviIsset">'
              '<div class="ec-cartNaviIsset__cart"><div class="ec-cartNaviIsset__cartContent"><div class="ec-cartNavi'
              'Isset__cartContentTitle">リネンシェード<div class="ec-font-size-1"></div></div><div class="ec-cartNavi'
              'Isset__cartContentPrice">￥2,200<div class="ec-cartNaviIsset__cartContentTax">税込</div></div><div '
              'class="ec-cartNaviIsset__cartContentNumber">数量 1</div></div></div><div class="ec-cartNaviIsset__'
              'action"><a class="ec-blockBtn--action" href="/cart">カートへ進む</a><a class="ec-blockBtn ec-cartNavi'
              '--cancel">キャンセル</a></div></div></div></div>')
    tiles = "".join(f'<li class="ec-shelfGrid__item"><a href="/products/detail/{i}"><p class="ec-shelfGrid__item-'
                    f'image"><img src="/html/upload/save_image/p{i}.jpg" alt="{n}"></p><p>{n}</p><p class="price02-'
                    f'default">\n                {p}\n            </p></a></li>'
                    for i, n, p in [(14, "リネンシェード", "￥2,200"), (15, "オーク ウォールライト", "￥8,800 ～ ￥9,900")])
    related = ('<div class="ec-shelfRole"><h3 class="ec-secHeading">関連商品</h3><ul class="ec-shelfGrid">'
               f'{tiles}</ul></div>')
    tail = (ec_classes() if classes else "") + jsonld
    return doc(main, lang="ja", header=header, related=related, tail=tail, body_attrs=' id="page_product_detail" '
               'class="product_page"')


case("eccube4_in_stock_tax_included_yen_price_and_jsonld",
     ec_page("￥5,500", jsonld=ec_jsonld(5500, True)), EC_URL,
     price=5500.0, currency="JPY", availability="in_stock", sku="WDL-100", title=NAME)
case("eccube4_normal_price_label_beside_the_selling_price",
     ec_page("￥5,500", regular="￥7,700", jsonld=ec_jsonld(5500, True)), EC_URL,
     price=5500.0, currency="JPY", availability="in_stock", sku="WDL-100", title=NAME)
case("eccube4_sold_out_disabled_button_and_jsonld_out_of_stock",
     ec_page("￥5,500", stock=False, jsonld=ec_jsonld(5500, False)), EC_URL,
     price=5500.0, currency="JPY", availability="out_of_stock", sku="WDL-100", title=NAME)
case("eccube40_without_jsonld_in_stock_dom_only",
     ec_page("￥5,500", regular="￥7,700"), EC_URL,
     price=5500.0, currency="JPY", availability="in_stock", sku="WDL-100", title=NAME)
case("eccube40_without_jsonld_sold_out_only_the_disabled_button_says_so",
     ec_page("￥5,500", stock=False), EC_URL,
     price=5500.0, currency="JPY", availability="out_of_stock", sku="WDL-100", title=NAME)
case("eccube4_class_categories_price_range_and_code_range",
     ec_page("￥5,500 ～ ￥6,600", regular="", code="WDL-100 ～ WDL-102", classes=True,
             jsonld=ec_jsonld(5500, True)), EC_URL,
     price=5500.0, currency="JPY", availability="in_stock", title=NAME)
case("eccube4_class_categories_all_sold_out_price_range",
     ec_page("￥5,500 ～ ￥6,600", code="WDL-100 ～ WDL-102", classes=True, stock=False,
             jsonld=ec_jsonld(5500, False)), EC_URL,
     price=5500.0, currency="JPY", availability="out_of_stock", title=NAME)


# ============================================================================ Zen Cart 2.x, responsive_classic
# zencart/zencart @ 0306c470b6e10cecc86489226951ff9534a6b773: includes/templates/responsive_classic/templates/
# tpl_product_info_display.php (h1#productName, h2#productPrices, #productAttributes, #cartAdd in #cart-box.add-to-cart-
# Y|N) and tpl_product_info_display_details.php (ul#productDetailsList: Model, Units in Stock, Manufactured by),
# includes/functions/functions_prices.php zen_get_products_display_price (productBasePrice; normalprice +
# productSpecialPrice / productSpecialPriceSale + productSalePrice "Sale:"; productPriceDiscount "Save:"),
# functions_general.php zen_get_buy_now_button (Sold Out css button), html_output.php zenCssButton, template_default/
# sideboxes/tpl_shopping_cart.php and tpl_whats_new.php, templates/tpl_modules_attributes.php, lang.english.php.
ZC_URL = "https://www.lumio.example/index.php?main_page=product_info&cPath=3&products_id=42"


def zc_btn(kind: str) -> str:
    if kind == "sold":
        return ('<span class="cssButton normal_button button  button_sold_out" onmouseover="this.className=\'css'
                'ButtonHover normal_button button  button_sold_out button_sold_outHover\'" onmouseout="this.className='
                '\'cssButton normal_button button  button_sold_out\'">&nbsp;Sold Out&nbsp;</span>')
    return ('<div class="max-qty"></div><span class="qty-text">Add to Cart: </span><input type="text" name="cart_'
            'quantity" value="1" maxlength="6" size="4" aria-label="Enter quantity to add to cart"><input type="hidden"'
            ' name="products_id" value="42"><input class="cssButton submit_button button  button_in_cart" onmouseover='
            '"this.className=\'cssButtonHover  button_in_cart button_in_cartHover\'" onmouseout="this.className=\'css'
            'Button submit_button button  button_in_cart\'" type="submit" value="Add to Cart" id="addToCartButton">')


def zen(prices: str, *, qty: int = 25, attrs: str = "", sold: bool = False, discounts: str = "") -> str:
    main = ('<div class="centerColumn" id="productGeneral"><form name="cart_quantity" action="https://www.lumio.example'
            '/index.php?main_page=product_info&amp;cPath=3&amp;products_id=42&amp;action=add_product" method="post" '
            'enctype="multipart/form-data" id="addToCartForm"><input type="hidden" name="securityToken" value="9f3e">'
            f'<div id="prod-info-top"><h1 id="productName" class="productGeneral">{NAME}</h1><div id="pinfo-left" '
            'class="group"><div id="productMainImage" class="centeredContent back"><a href="images/large/lamp_LRG.jpg">'
            f'<img src="images/lamp.jpg" alt="{NAME}" title="{NAME}" width="250" height="250"></a></div></div><div '
            'id="pinfo-right" class="group grids"><ul id="productDetailsList"><li>Model: WDL-100</li>\n<li>'
            f'{qty} Units in Stock</li>\n<li>Manufactured by: Lumio</li>\n</ul></div><div id="cart-box" class="grids '
            f'productGeneral add-to-cart-Y"><h2 id="productPrices" class="productGeneral">\n{prices}            </h2>'
            f'{attrs}{discounts}<div id="cartAdd">\n{zc_btn("sold" if sold else "buy")}            </div></div></div>'
            '<div '
            'id="productDescription" class="productGeneral biggerText"><p>Turned walnut base, linen shade, E26 '
            'socket.</p></div><div id="productReviewLink" class="buttonRow back"><a href="index.php?main_page=product_'
            'reviews_write&amp;products_id=42"><span class="cssButton normal_button button  button_write_review">&nbsp;'
            'Write Review&nbsp;</span></a></div><br class="clearBoth"><p id="productDateAdded" class="productGeneral '
            'centeredContent">This product was added to our catalog on Monday 02 March, 2026.</p></form></div>')
    header = ('<div id="navMainWrapper"><div id="navMain"><ul class="back"><li><a href="index.php?main_page=shopping_'
              'cart">Shopping Cart</a></li><li><a href="index.php?main_page=checkout_shipping">Checkout</a></li></ul>'
              '</div></div><div id="navCatTabsWrapper"><div id="navCatTabs"><ul><li><a class="category-top" href="'
              'index.php?main_page=index&amp;cPath=3">Lamps</a></li></ul></div></div>')
    crumbs = ('<div id="navBreadCrumb"><a href="https://www.lumio.example/">Home</a>&nbsp;::&nbsp;\n<a href="index.php'
              f'?main_page=index&amp;cPath=3">Lamps</a>&nbsp;::&nbsp;\n{NAME}\n</div>')
    side = ('<div id="navColumnTwo" class="columnRight"><div id="navColumnTwoWrapper"><div class="rightBoxContainer" id'
            '="shoppingcart"><h3 class="rightBoxHeading" id="shoppingcartHeading"><a href="index.php?main_page=shopping'
            '_cart">Shopping Cart&nbsp;&nbsp;[more]</a></h3><div id="shoppingcartContent" class="sideBoxContent"><div '
            'id="cartBoxListWrapper">\n<ul class="list-links">\n<li><span class="cartOldItem">1&nbsp;x </span><a href='
            '"index.php?main_page=product_info&amp;products_id=7"><span class="cartOldItem">Linen Shade</span></a></li>'
            '\n</ul>\n</div><hr><div class="cartBoxTotal">$24.00</div><br class="clearBoth"></div></div><div class="'
            'rightBoxContainer" id="whatsnew"><h3 class="rightBoxHeading" id="whatsnewHeading"><a href="index.php?main'
            '_page=products_new">New Products&nbsp;&nbsp;[more]</a></h3><div class="sideBoxContent centeredContent">\n'
            '  <div class="sideBoxContentItem"><a href="index.php?main_page=product_info&amp;cPath=3&amp;products_id=9'
            '"><img src="images/oak.jpg" alt="Oak Wall Light" width="100" height="80"><br>Oak Wall Light</a><div><span '
            'class="normalprice">$99.00 </span>&nbsp;<span class="productSpecialPrice">$79.00</span><span class="'
            'productPriceDiscount"><br>Save:&nbsp;20% off</span></div></div></div>\n</div></div></div>')
    return doc(main, header=header, crumbs=crumbs, related=side, body_attrs=' id="productinfoBody"')


ZC_BASE = '<span class="productBasePrice">$54.00</span>'
ZC_SPECIAL = ('<span class="normalprice">$67.50 </span>&nbsp;<span class="productSpecialPrice">$54.00</span><span '
              'class="productPriceDiscount"><br>Save:&nbsp;20% off</span>')
ZC_SPECIAL_AND_SALE = ('<span class="normalprice">$67.50 </span>&nbsp;<span class="productSpecialPriceSale">$60.00'
                       '</span><br><span class="productSalePrice">Sale:&nbsp;$54.00</span><span class="productPrice'
                       'Discount"><br>Save:&nbsp;20% off</span>')
ZC_ATTRS = ('<div id="productAttributes"><h3 id="attribsOptionsText">Please Choose: </h3><div class="attribBlock">'
            '<div class="wrapperAttribsOptions" id="drp-attrib-1"><h4 class="optionName back"><label class="attribsSe'
            'lect" for="attrib-1">Finish</label></h4><div class="back">\n<select name="id[1]" id="attrib-1">\n  <option'
            ' value="1" selected="selected">Walnut</option>\n  <option value="2">Brass ( +$6.00 )</option>\n  <option '
            'value="3">Black Oak ( +$12.00 )</option>\n</select>\n</div><br class="clearBoth"></div><br class="clear'
            'Both"></div></div>')

ZC_DISCOUNTS = ('<div id="productQuantityDiscounts">\n  <table id="quantityDiscountsDetails">\n    <tr>\n      <td '
                'colspan="4" class="alignCenter">\nQty Discounts Off Price      </td>\n    </tr>\n\n    <tr>\n      '
                '<td class="alignCenter">1-4<br>$54.00</td>\n<td class="alignCenter">5-9<br>$48.60</td>\n<td class='
                '"alignCenter">10+<br>$43.20</td>\n    <td class="alignCenter" colspan="2"> &nbsp; </td>\n    </tr>\n'
                '  </table>\n</div>')

case("zencart_in_stock_base_price_model_and_units_in_stock",
     zen(ZC_BASE), ZC_URL, price=54.0, currency="USD", availability="in_stock", mpn="WDL-100", brand="Lumio",
     title=NAME)
case("zencart_special_price_beside_normalprice_and_save_percent",
     zen(ZC_SPECIAL), ZC_URL, price=54.0, currency="USD", availability="in_stock", mpn="WDL-100", title=NAME)
# Open (docs/quality.md): special and salemaker sale together, "$67.50 $60.00 Sale: $54.00", where only the
# stylesheet strikes the first two; "productSpecialPriceSale" and "productSalePrice" both read as the current price.
case("zencart_sold_out_css_button_zero_units_in_stock",
     zen(ZC_BASE, qty=0, sold=True), ZC_URL,
     price=54.0, currency="USD", availability="out_of_stock", mpn="WDL-100", title=NAME)
case("zencart_attributes_starting_at_price_with_option_surcharges",
     zen('Starting at: ' + ZC_BASE, attrs=ZC_ATTRS), ZC_URL,
     price=54.0, currency="USD", availability="in_stock", title=NAME)
case("zencart_quantity_discounts_table_below_the_price",
     zen(ZC_BASE, discounts=ZC_DISCOUNTS), ZC_URL,
     price=54.0, currency="USD", availability="in_stock", mpn="WDL-100", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_theme_markup(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
