"""Shapes of real shop markup, part J: big retailers and marketplaces outside the US whose templates are closed
(Rakuten Ichiba, Flipkart, Allegro, Zalando, Otto, Cdiscount, Fnac; part Jb, tests/test_markup_retailers4.py:
Coupang, Shopee, Lazada, Tokopedia, Jumia, Takealot, noon, Trendyol), rendered from the markup shape their real
product pages have as public scraper code targets it (ids, classes, data attributes, microdata / JSON-LD), read by
the generic extraction (no site profile); see tests/test_markup_themes.py. Each case renders by hand what the
platform prints for one state inside a whole page (header cart, other sellers' offers, recommendation tiles with
their own prices). The expectations are what a careful human reads from the rendered page."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import case_table, check, extract
from tests.test_markup_themes import NAME, doc

CASES, case = case_table()


def ld(obj: Any) -> str:
    return f'<script type="application/ld+json">{json.dumps(obj, ensure_ascii=False)}</script>'


def tiles(cls: str, heading: str, items: list[tuple[str, str]], price_cls: str = "price") -> str:
    lis = "".join(f'<li class="{cls}__item"><a href="/p{i}"><span class="{cls}__name">{n}</span></a><span class="'
                  f'{price_cls}">{p}</span></li>' for i, (n, p) in enumerate(items))
    return f'<section class="{cls}"><h2>{heading}</h2><ul>{lis}</ul></section>'


# ============================================================================ Rakuten Ichiba (JP, closed)
# Shape from tc3-japan/web-scraper @ 748b42a985c5626972b1a15c77a5c47afa1b4a03: web-scraper-server/scripts/scraping/
# unified/rakuten-product-detail.groovy (.item_name, .item_number, .price2, input[name=shopname]) and the item page
# as it prints them: span.price1 "当店通常価格" beside span.price2 with itemprop=price, "税込 送料無料", the points
# line, the shop's "3,980円以上送料無料" banner, a cart form, "売り切れました" in span.soldout_msg without a form; no h1,
# the document title as Rakuten prints it: "【楽天市場】<item name>：<shop name>".
RAK = "https://item.rakuten.co.jp/lumio-shop/wdl-100/"


def rakuten(price: str, content: str, *, double: str = "", sold_out: bool = False) -> str:
    dbl = (f'<span class="double_price"><span class="price1_title">当店通常価格</span><span class="price1">{double}'
           '</span><span class="tax_postage">(税込)</span></span><br>' if double else "")
    cart = ('<span class="soldout_msg">売り切れました</span>' if sold_out else
            '<form method="post" action="https://basket.step.rakuten.co.jp/rms/mall/bs/cartadd/"><input type="hidden" '
            'name="shopname" value="ルミオ 楽天市場店"><input type="hidden" name="itemid" value="10000042"><span '
            'class="inventory_title">個数</span><input type="text" name="units" value="1" size="3"><button type="submit"'
            ' class="new_addToCart cart-button">買い物かごに入れる</button></form>')
    main = ('<div id="pagebody"><table class="item-detail"><tr><td><span class="catch_copy">【送料無料】職人が仕上げた'
            f'ウォールナットの照明</span><br><span class="item_name"><b>{NAME}</b></span><br><span class="item_number_'
            'title">商品番号：</span><span class="item_number">wdl-100</span><br><div itemprop="offers" itemscope '
            f'itemtype="http://schema.org/Offer">{dbl}<span class="price2_title">価格</span><span class="price2" '
            f'itemprop="price" content="{content}">{price}</span><span class="tax_postage">(税込) 送料無料</span>'
            '<meta itemprop="priceCurrency" content="JPY"></div><div class="point-summary"><span class="point-summary'
            '__total">54ポイント</span><span class="point-summary__multiplier">1倍</span></div><div class="delivery">'
            f'<span>発送日目安：</span><span>2〜3日以内に発送</span></div>{cart}</td></tr></table></div>')
    header = ('<div class="shop-banner"><p>3,980円以上送料無料</p></div><a class="ri-cart" href="https://basket.step.'
              'rakuten.co.jp/rms/mall/bs/cartall/"><span>買い物かご</span><span class="ri-cart-count">1</span></a>')
    related = tiles("rcm-item", "この商品を見た人はこんな商品も見ています",
                    [("リネンシェード", "1,980円"), ("オーク ウォールライト", "7,480円")], "rcm-price important")
    page = doc(main, lang="ja", shop="ルミオ 楽天市場店", header=header, related=related)
    return page.replace(f"<title>{NAME} | ルミオ 楽天市場店</title>", f"<title>【楽天市場】{NAME}：ルミオ 楽天市場店</title>")


# Open (docs/quality.md): no h1; the document title "【楽天市場】<name>：<shop> 楽天市場店" names the shop in a
# way the domain (rakuten) does not tell.
case("rakuten_double_price_price1_normal_before_price2",
     rakuten("5,980円", "5980", double="7,980円"), RAK, price=5980.0, currency="JPY", availability="in_stock")
case("rakuten_soldout_msg_no_cart_form",
     rakuten("5,980円", "5980", sold_out=True), RAK, price=5980.0, currency="JPY", availability="out_of_stock")


# ============================================================================ Flipkart (IN, closed)
# Shape from mallikarjun3065/Ecommerce-price-tracker @ 4506b6a75e5efa428002975118f25053eae66edf: debug_price.py
# (div._30jeq3._16Jk6d, div.Nx9bqj "Special price") and ShahidKhan18/CDNJS @ f80f11985a6a3cb5f18883d9b921ec3a530e0a89:
# script.js (title .VU-ZEz, price .Nx9bqj.CxhGGd, mrp .yRaY8j, out-of-stock .Z8JjpR, brand .mEh187): the h1 span, the
# selling price, the struck MRP and "% off", the "Sold Out" / "Coming Soon" label with a NOTIFY ME button instead of
# ADD TO CART / BUY NOW, the script#jsonLD Product (offers without availability) and "Similar products" tiles.
FK = "https://www.flipkart.com/lumio-walnut-desk-lamp/p/itm4f2a9c0b1e7d3?pid=LMPGZ8HFZK2XQWRT"


def flipkart(price: str, mrp: str = "", *, label: str = "", json_ld: bool = True) -> str:
    mrp_html = (f'<div class="yRaY8j A6+E6v">₹<!-- -->{mrp}</div><div class="UkUFwK WW8yVX"><span>37% off</span>'
                '</div>' if mrp else "")
    buttons = (f'<div class="Z8JjpR">{label}</div><div class="nbiUlm">This item is currently out of stock</div>'
               '<button class="QqFHMw zA2EfJ _7Pd1Fp">NOTIFY ME</button>' if label else
               '<ul class="row"><li><button class="QqFHMw vslbG+ In9uk2">ADD TO CART</button></li><li><form><button '
               'class="QqFHMw vslbG+ _3Yl67G _7Pd1Fp" type="button">BUY NOW</button></form></li></ul>')
    if label == "Coming Soon":
        buttons = buttons.replace("This item is currently out of stock", "This item will be launched soon")
    head = ('<script id="jsonLD" type="application/ld+json">' + json.dumps([
        {"@context": "http://schema.org", "@type": "Product", "name": NAME, "image": "https://rukminim2.flixcart.com/"
         "image/lamp.jpeg", "brand": {"@type": "Brand", "name": "Lumio"}, "offers": {
             "@type": "Offer", "price": int(price.replace(",", "")), "priceCurrency": "INR"}},
        {"@context": "http://schema.org", "@type": "BreadcrumbList", "itemListElement": [
            {"@type": "ListItem", "position": 1, "item": {"@id": "https://www.flipkart.com/", "name": "Home"}}]}])
        + '</script>' if json_ld else "")
    main = ('<div class="C7fEHH"><div class="_1YokD2"><div class="mEh187">Lumio</div><h1 class="_6EBuvT"><span class='
            f'"VU-ZEz">{NAME}</span></h1><div class="_5OesEi"><span class="XQDdHH">4.3</span><span class="Wphh3N">'
            '1,204 Ratings &amp; 98 Reviews</span></div><div class="_3Ur3ax">Special price</div><div class="x+7QT1">'
            f'<div class="UOCQB1"><div class="hl05eU"><div class="Nx9bqj CxhGGd">₹{price}</div>{mrp_html}</div></div>'
            '</div><div class="I+EQVr">Available offers</div><li class="kF1Ml8">Bank Offer 5% Unlimited Cashback on '
            'Flipkart Axis Bank Credit Card</li><li class="kF1Ml8">Get extra ₹500 off (price inclusive of cashback'
            f'/coupon)</li></div>{buttons}<div class="_1v6ebb">Seller <span>LumioRetail</span> 4.6</div></div>')
    header = '<a class="_3RX0a-" href="/viewcart"><span>Cart</span><span class="_1CyvDX">2</span></a>'
    related = tiles("DOjaWF", "Similar products", [("Brass Floor Lamp", "₹1,899"), ("Linen Shade", "₹549")],
                    "Nx9bqj")
    return doc(main, lang="en-IN", shop="Flipkart.com", head=head, header=header, related=related)


case("flipkart_special_price_struck_mrp_json_ld_without_availability",
     flipkart("2,499", "3,999"), FK, price=2499.0, currency="INR", availability="in_stock", title=NAME,
     brand="Lumio")
# Open (docs/quality.md): "Sold Out" in a hashed-class div and a bare "NOTIFY ME" button (also a newsletter's).
# Open (docs/quality.md): Flipkart's hashed classes (div.Nx9bqj) name neither price nor stock; "Coming Soon"
# with a bare "NOTIFY ME" button says nothing the rules can read.


# ============================================================================ Allegro (PL, closed)
# Shape from scrape-do/scrapedo-scrapers @ 2e7b47f907e460e1590358a2f0aa9bff4aa2be43: allegro-scraper/README.md and
# scrapeProductInfo.py (h1, meta[itemprop=price] content), the Allegro offer page's Offer microdata (price,
# priceCurrency, availability link), the aria-labelled visible price with its grosze split off, "Najniższa cena z
# 30 dni przed obniżką", the DODAJ DO KOSZYKA / KUP TERAZ buttons, "Inne oferty tego produktu" and an ended offer.
AL = "https://allegro.pl/oferta/lampka-biurkowa-orzech-walnut-desk-lamp-13768269820"


def allegro(zl: str, gr: str, *, old: str = "", ended: bool = False) -> str:
    avail = "" if ended else '<link itemprop="availability" href="http://schema.org/InStock">'
    old_html = (f'<div class="mpof_ki"><span class="mgn2_14 mp0t_0a">Najniższa cena z 30 dni przed obniżką: {old}'
                f'</span><s class="mgn2_14 mli8_k4">{old}</s><span class="mp0t_0a">-21%</span></div>' if old else "")
    buy = ('<div class="m7er_k4" data-box-name="showoffer.ended"><h3>Sprzedaż zakończona</h3><p>Ta oferta jest już '
           'niedostępna.</p></div>' if ended else
           '<div data-box-name="showoffer.buybox"><span>z 12 sztuk</span><button data-role="add-to-cart-button" '
           'class="mgn2_16 mp7g_oh">dodaj do koszyka</button><button id="buy-now-button" class="mgn2_16 mp7g_oh" '
           'data-analytics-interaction-value="BuyNow">kup teraz</button></div>')
    main = ('<div itemscope itemtype="http://schema.org/Product"><div data-box-name="showoffer.productHeader"><h1 '
            f'class="mp4t_0 m3h2_0 mryx_0 munh_0 mj7a_4" itemprop="name">{NAME}</h1><meta itemprop="brand" content='
            '"Lumio"></div><div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><meta itemprop="price" '
            f'content="{zl}.{gr}"><meta itemprop="priceCurrency" content="PLN">{avail}</div><div data-box-name='
            f'"showoffer.price"><div aria-label="{zl},{gr} zł aktualna cena" class="mli8_k4 msa3_z4 mqu1_1 mp0t_ji '
            f'm9qz_yo mgmw_qw mgn2_27"><span>{zl},<span class="mgn2_19">{gr}</span> zł</span></div>{old_html}<div '
            f'class="mpof_ki">dostawa od 9,99 zł</div></div>{buy}</div>')
    header = ('<a href="/koszyk" data-role="cart-link" aria-label="Koszyk, 1 produkt"><span>Koszyk</span>'
              '<span class="mgn2_12">1</span></a>')
    related = tiles("opbox-listing", "Inne oferty tego produktu", [("Walnut Desk Lamp", "139,00 zł"),
                                                                    ("Walnut Desk Lamp", "155,90 zł")], "mli8_k4")
    related += tiles("carousel", "Podobne oferty", [("Lampka z lnianym abażurem", "89,99 zł")], "mli8_k4")
    return doc(main, lang="pl", shop="Allegro", header=header, related=related)


case("allegro_offer_microdata_and_grosze_split_other_offers_below",
     allegro("149", "99"), AL, price=149.99, currency="PLN", availability="in_stock", title=NAME)
case("allegro_lowest_price_30_days_before_reduction_struck",
     allegro("149", "99", old="189,99 zł"), AL, price=149.99, currency="PLN", availability="in_stock")
# Open (docs/quality.md): "Oferta niedostępna" in a box named only by data-box-name="showoffer.ended".


# ============================================================================ Zalando (DE, closed)
# Shape of the Zalando article page as scrapers read it: the JSON-LD Product with one Offer per size (each its own
# sku and availability), brand h3 above the h1, the price p with "inkl. MwSt.", a sale's "Originalpreis" struck, the
# size picker listbox whose options read "Ausverkauft" / "Nur noch 1 verfügbar", "In den Warenkorb", and
# "Das könnte dir auch gefallen" tiles (no theme repository exists; markup re-rendered from that shape).
ZA = "https://www.zalando.de/lumio-walnut-desk-lamp-braun-lu121a00a-q11.html"
SIZES = ["S", "M", "L"]


def zalando(price: str, stock: list[str], *, old: str = "") -> str:
    offers = [{"@type": "Offer", "price": price.replace(",", ".").split()[0], "priceCurrency": "EUR",
               "availability": f"http://schema.org/{'InStock' if s else 'OutOfStock'}", "sku":
               f"LU121A00A-Q11000{z}000", "url": ZA} for z, s in zip(SIZES, stock)]
    head = ld({"@context": "https://schema.org", "@type": "Product", "name": NAME, "sku": "LU121A00A-Q11",
               "brand": {"@type": "Brand", "name": "Lumio"}, "color": "braun", "offers": offers})
    opts = "".join(f'<div role="option" class="_0xLoFW"><input type="radio" id="size-picker-LU121A00A-Q11000{z}000"'
                   f'{"" if s else " disabled"}><label for="size-picker-LU121A00A-Q11000{z}000"><span>{z}</span>'
                   f'<span class="sDq_FX">{s or "Ausverkauft"}</span></label></div>' for z, s in zip(SIZES, stock))
    any_in = any(stock)
    price_html = (f'<p class="sDq_FX _4sa1cA"><span class="sDq_FX Km7l2y">Originalpreis:</span><s class="sDq_FX '
                  f'_2kjxJ6">{old}</s></p><p class="sDq_FX _4sa1cA dgII7d">{price}</p><span class="sDq_FX">-25%</span>'
                  if old else f'<p class="sDq_FX _4sa1cA FxZV-M"><span class="sDq_FX FxZV-M">{price}</span></p>')
    button = ('<button class="DJxzzA" type="button"><span>In den Warenkorb</span></button>' if any_in else
              '<p class="sDq_FX">Dieser Artikel ist leider ausverkauft.</p><button class="DJxzzA" type="button">'
              '<span>Benachrichtige mich</span></button>')
    main = ('<x-wrapper-re-1-3><div class="I7OI1O"><h3 class="FtrEr_ _2kjxJ6"><a href="/lumio/">Lumio</a></h3><h1 '
            f'class="EKabf7 R_QwOV">{NAME}</h1><div class="hD5J5m">{price_html}<p class="sDq_FX dgII7d">inkl. MwSt.'
            '</p></div><div class="Bpj8No"><span>Farbe:</span><span>braun</span></div><button id="picker-trigger" '
            'aria-haspopup="listbox"><span>Größe wählen</span></button><div role="listbox" aria-label="Größe">'
            f'{opts}</div>{button}<p>Kostenloser Versand und Rückversand</p></div></x-wrapper-re-1-3>')
    header = '<a href="/cart/" aria-label="Warenkorb"><span>Warenkorb</span><span class="z-navicat-count">1</span></a>'
    related = tiles("_5qdMrS", "Das könnte dir auch gefallen", [("Linen Shade", "24,95 €"),
                                                                 ("Oak Wall Light", "89,95 €")], "sDq_FX _4sa1cA")
    return doc(main, lang="de", shop="Zalando", head=head, header=header, related=related)


case("zalando_two_sizes_ausverkauft_one_left_offers_per_size",
     zalando("59,95 €", ["", "", "Nur noch 1 verfügbar"]), ZA, price=59.95, currency="EUR", availability="in_stock",
     sku="LU121A00A-Q11", title=NAME, brand="Lumio")
case("zalando_sale_originalpreis_struck",
     zalando("44,95 €", ["Verfügbar", "Verfügbar", ""], old="59,95 €"), ZA, price=44.95, currency="EUR",
     availability="in_stock", sku="LU121A00A-Q11")
case("zalando_every_size_ausverkauft",
     zalando("59,95 €", ["", "", ""]), ZA, price=59.95, currency="EUR", availability="out_of_stock",
     sku="LU121A00A-Q11")


# ============================================================================ Otto (DE, closed)
# Shape of the otto.de article page (pdp_ / js_pdp_ classes as scrapers target them: pdp_short-info__main-name,
# js_pdp_price__retail-price with --red on a reduced price, pdp_price__suggested-retail-price "UVP", the tax line,
# pdp_availability__delivery-time--green/--red, the variation dimension select, pdp_addToBasket, "Artikel-Nr.").
OT = "https://www.otto.de/p/lumio-schreibtischleuchte-walnut-desk-lamp-S0A2B3C4/#variationId=S0A2B3C4D5E6"


def otto(price: str, avail: str, *, uvp: str = "", green: bool = True) -> str:
    uvp_html = (f'<span class="pdp_price__suggested-retail-price js_pdp_price__suggested-retail-price">UVP '
                f'<s>{uvp}</s></span>' if uvp else "")
    button = ('<button class="pdp_addToBasket js_pdp_addToBasket p_btn100--1st" type="submit">In den Warenkorb'
              '</button>' if green else "")
    main = ('<div class="pdp_short-info"><div class="pdp_short-info__brand"><a href="/lumio/">Lumio</a></div><h1 '
            f'class="pdp_short-info__main-name js_shortInfo__variationName">{NAME}</h1><div class="pdp_price js_pdp_'
            f'price"><div class="pdp_price__inner"><span class="pdp_price__retail-price js_pdp_price__retail-price'
            f'{" pdp_price__retail-price--red" if uvp else ""}">{price}</span>{uvp_html}</div><div class="pdp_price__'
            'tax-info">inkl. MwSt. zzgl. <a href="#">Service- &amp; Versandkosten</a></div></div><div class="pdp_'
            'dimension-selection"><label>Farbe</label><select class="js_pdp_dimension-selection__select"><option '
            'selected>walnuss</option><option>eiche (79,99 €)</option></select></div><div class="pdp_availability js_'
            f'pdp_availability"><span class="pdp_availability__delivery-time pdp_availability__delivery-time--'
            f'{"green" if green else "red"} js_pdp_availability__delivery-time">{avail}</span></div>{button}<div '
            'class="pdp_details"><span>Artikel-Nr. 12345678</span></div></div>')
    header = '<a class="find_basket" href="/order/basket"><span>Warenkorb</span><span class="p_badge">1</span></a>'
    related = tiles("reco_cinema", "Kund*innen kauften auch", [("Linen Shade", "24,99 €"),
                                                                ("Oak Wall Light", "79,99 €")], "reco_price")
    return doc(main, lang="de", shop="OTTO", header=header, related=related)


case("otto_reduced_retail_price_red_with_uvp_lieferbar",
     otto("59,99 €", "lieferbar - in 2-3 Werktagen bei dir", uvp="79,99 €"), OT, price=59.99, currency="EUR",
     availability="in_stock", title=NAME)
case("otto_variation_leider_ausverkauft_red_no_basket_button",
     otto("59,99 €", "leider ausverkauft", green=False), OT, price=59.99, currency="EUR",
     availability="out_of_stock")


# ============================================================================ Cdiscount / Fnac (FR, closed)
# Cdiscount: shape from the selectors scrapers target (span.fpPrice.price.jsMainPrice.jsProductPrice with
# itemprop=price content, the "49€99" euro-sign-as-decimal text, the newer .c-price.c-price--xl.c-price--promo and
# struck .c-price--strike, "Vendu et expédié par", "Autres offres ... à partir de", #fpAddBsk "Ajouter au panier").
# Fnac: f-productHeader-Title, f-faPriceBox__price userPrice / oldPrice, the Fnac+ member price, "Vendu et
# expédié par Fnac", the marketplace "neufs dès" link.
CD = "https://www.cdiscount.com/maison/luminaire/walnut-desk-lamp/f-1175401-lum3700000000017.html"
FN = "https://www.fnac.com/a12345678/Lumio-Walnut-Desk-Lamp"


def cdiscount(new: bool = False) -> str:
    if new:
        price = ('<div class="c-price-block"><span class="c-price c-price--xl c-price--promo">49€99</span><span class='
                 '"c-price c-price--strike">Prix de référence 69€99</span><span class="c-badge">-28%</span></div>')
    else:
        price = ('<p class="fpStriked">Prix de référence <span>69,99 €</span></p><span class="fpPrice price '
                 'jsMainPrice jsProductPrice hideFromPro" itemprop="price" content="49.99">49€99</span><meta '
                 'itemprop="priceCurrency" content="EUR"><link itemprop="availability" href="https://schema.org/'
                 'InStock">')
    main = (f'<div class="fpMainCtr" itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">{NAME}</h1>'
            '<div class="fpBrand">Marque : <a itemprop="brand" href="/lumio">Lumio</a></div><div itemprop="offers" '
            f'itemscope itemtype="https://schema.org/Offer" class="fpPriceBloc">{price}</div><p class="fpSellBy">'
            'Vendu et expédié par <a href="/mpv-lumio">LUMIO FRANCE</a></p><p class="fpStock">En stock</p><input '
            'type="submit" id="fpAddBsk" value="Ajouter au panier" class="btGreen jsAddToBasket"><a class="fpOffers"'
            ' href="/mp-offres">3 offres à partir de 45€90</a></div>')
    header = '<a href="/Basket.html" class="hBasket"><span>Panier</span><span class="hBskCount">1</span></a>'
    related = tiles("jsPrdtBILA", "Les clients ont aussi consulté", [("Linen Shade", "24€90"),
                                                                      ("Oak Wall Light", "79€99")], "price")
    return doc(main, lang="fr", shop="Cdiscount", header=header, related=related)


def fnac() -> str:
    main = (f'<div class="f-productHeader"><h1 class="f-productHeader-Title">{NAME}</h1><a class="f-productHeader-'
            'brand" href="/lumio">Lumio</a></div><div class="f-buyBox"><div class="f-faPriceBox"><span class="f-fa'
            'PriceBox__price userPrice checked">29,99 €</span><span class="f-faPriceBox__price oldPrice">39,99 €'
            '</span><div class="f-faPriceBox__adherent"><span class="f-faPriceBox__price">28,49 €</span> avec la carte'
            ' Fnac+</div></div><p class="f-buyBox-availability f-buyBox-availabilityStatus-available">En stock en '
            'ligne</p><p class="f-buyBox-seller">Vendu et expédié par <strong>Fnac</strong></p><button class="f-buyBox-'
            'button js-ProductBuy-add" type="button">Ajouter au panier</button><a class="f-buyBox-mpOffers" href="#">'
            '5 neufs dès 27,90 €</a></div>')
    header = '<a class="f-header-basket" href="/basket"><span>Panier</span><span class="f-header-count">1</span></a>'
    related = tiles("f-productCarousel", "Vous aimerez aussi", [("Linen Shade", "24,99 €")], "f-price")
    return doc(main, lang="fr", shop="Fnac", header=header, related=related)


case("cdiscount_fpprice_microdata_euro_as_decimal_sign_and_other_offers_from",
     cdiscount(), CD, price=49.99, currency="EUR", availability="in_stock", title=NAME, brand="Lumio")
case("cdiscount_new_c_price_promo_text_only_49e99",
     cdiscount(new=True), CD, price=49.99, currency="EUR", availability="in_stock", title=NAME)
case("fnac_user_price_old_price_member_price_and_marketplace_from",
     fnac(), FN, price=29.99, currency="EUR", availability="in_stock", title=NAME)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_marketplace_product_page(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
