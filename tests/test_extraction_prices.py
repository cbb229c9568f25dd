"""DOM-layer price rules on small real-world-shaped pages: which of the prices a page shows
is the selling price (old and new price, sale boxes, instalments, carousels, headings)."""
from __future__ import annotations

import json
import pytest

from tests.test_extraction_rules import extract, page


@pytest.mark.parametrize("url,price,amount,currency", [
    ("https://obchod.example.cz/p/1", "1 299 Kč", 1299.0, "CZK"),
    ("https://bolt.example.hu/p/1", "12 990 Ft", 12990.0, "HUF"),
    ("https://shop.example.ru/p/1", "1 990 ₽", 1990.0, "RUB"),
    ("https://shop.example.ru/p/1", "1 990 руб.", 1990.0, "RUB"),
    ("https://boutique.example.fr/p/1", "1\u202f299,00\u00a0€", 1299.0, "EUR"),
    ("https://www.laden.example.ch/p/1", "CHF 1'234.50", 1234.5, "CHF"),
    ("https://www.laden.example.ch/p/1", "CHF 1’234.50", 1234.5, "CHF"),  # typeset apostrophe
])
def test_thousands_grouped_by_spaces_are_one_price(url: str, price: str, amount: float, currency: str) -> None:
    product = extract(page(f'<div class="price">{price}</div><button>Add to cart</button>'), url)
    assert (product["price"], product["currency"]) == (amount, currency)


def test_a_price_element_showing_the_old_and_the_new_price_gives_the_new_one() -> None:
    """WooCommerce's <p class="price"><del>old</del> <ins>new</ins></p>: the markup's 50.00 is
    struck on the page, so the new price wins and 50.00 is kept as the list price."""
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Kånken",
            "offers": {"@type": "Offer", "price": "50.00", "priceCurrency": "USD"}}
    html = page(f'<script type="application/ld+json">{json.dumps(data)}</script>'
                '<p class="price"><del>$50.00</del> <ins>$40.00</ins></p><button>Add to cart</button>')
    product = extract(html)
    assert (product["price"], product["list_price"]) == (40.0, 50.0)


@pytest.mark.parametrize("shown,price", [
    ("Was £25.00 Now £19.99", 19.99), ("Statt 30,00 € jetzt 24,99 €", 24.99), ("£25.00 £19.99", None),
    # the old price printed after the current one
    ("Now £10.00 Was £20.00", 10.0), ("19,99 € statt 24,99 €", 19.99), ("£10.00 RRP £20.00", 10.0),
    # a range's price is its lowest; two amounts with words between them are no range
    ("£10.00 – £20.00", 10.0), ("£10 to £20", 10.0), ("£10.00 £20.00 £30.00", None),
])
def test_was_now_text_in_one_price_element_gives_the_now_price(shown: str, price: float | None) -> None:
    product = extract(page(f'<div class="price">{shown}</div><button>Add to basket</button>'),
                      "https://shop.example.co.uk/p/1")
    assert product["price"] == price


def test_a_decimal_part_in_an_element_of_its_own_is_read_with_its_integer() -> None:
    html = page('<div class="price"><span class="currency">£</span><span class="int">19</span>'
                '<span class="dec">.99</span></div><button>Add to basket</button>')
    assert extract(html, "https://shop.example.co.uk/p/1")["price"] == 19.99


def test_a_price_styled_only_inline_with_its_cents_in_a_child_element_is_read() -> None:
    """Old table layouts: no price class anywhere, the amount in a big bold cell and the
    cents in a smaller span ("€210,<span>87</span>"); the shipping line below is not it."""
    html = page('<table><tr><td style="font-size:28px;font-weight:bold">€210,<span style="font-size:21px">87'
                '</span></td></tr><tr><td>zzgl. Versand ab € 5,90</td></tr></table><button>In den Warenkorb</button>')
    product = extract(html, "https://www.shop.example.at/p/1")
    assert (product["price"], product["currency"]) == (210.87, "EUR")


@pytest.mark.parametrize("shown,url,amount", [
    ("Por: R$ 3.999,00 em 12x de R$ 333,25 sem juros", "https://www.loja.example.com.br/p/1", 3999.0),
    ("$ 123.456 en 12 cuotas de $ 10.288", "https://www.tienda.example.com.ar/p/1", 123456.0),
    ("$50.00 or 4 interest-free payments of $12.50", "https://shop.example.com/p/1", 50.0),
])
def test_an_instalment_plan_printed_with_the_price_is_not_a_second_price(shown: str, url: str, amount: float) -> None:
    html = page(f'<p class="sale price">{shown}</p><p class="price-bill">R$ 1,00</p><button>Comprar</button>')
    assert extract(html, url)["price"] == amount


def test_the_sale_price_beats_a_regular_price_in_the_same_on_sale_box() -> None:
    """Shopify Dawn: price__regular (hidden by CSS when on sale) sits beside price__sale
    inside a price--on-sale box: the nearest class that names a kind of price decides."""
    html = page('<div class="price price--on-sale"><div class="price__regular">'
                '<span class="price-item price-item--regular">$29.99</span></div><div class="price__sale">'
                '<s class="price-item price-item--regular">$29.99</s>'
                '<span class="price-item price-item--sale">$19.99</span></div></div>'
                '<button name="add">Add to cart</button>')
    assert extract(html)["price"] == 19.99


def test_a_current_price_inside_a_box_named_for_its_discount_is_not_struck() -> None:
    """PrestaShop: <div class="product-price has-discount"><div class="current-price">."""
    html = page('<div class="product-prices"><span class="regular-price">24,99 €</span>'
                '<div class="product-price has-discount"><div class="current-price">'
                '<span class="current-price-value">19,99 €</span></div></div></div>'
                '<button class="add-to-cart">Ajouter au panier</button>', "fr")
    assert extract(html, "https://boutique.example.fr/p/1")["price"] == 19.99


@pytest.mark.parametrize("cls,shown,lang,url,amount", [
    ("money", "$19.99", "en", "https://shop.example.com/p/1", 19.99),
    ("product-preco", "R$ 89,90", "pt-BR", "https://loja.example.com.br/p/1", 89.9),
    ("product-prijs", "€ 24,95", "nl", "https://winkel.example.nl/p/1", 24.95),
    ("urun-fiyat", "199,90 TL", "tr", "https://magaza.example.com.tr/p/1", 199.9),
])
def test_a_price_element_named_in_the_shop_s_language_is_read(cls: str, shown: str, lang: str, url: str,
                                                               amount: float) -> None:
    html = page(f'<p>Related: <b>$5.00 gift wrap</b></p><span class="{cls}">{shown}</span>'
                '<button class="add-to-cart">Add</button>', lang)
    assert extract(html, url)["price"] == amount


@pytest.mark.parametrize("other", ['<span class="afterpay-price">$30.00</span>',
                                   '<span class="klarna-price">$30.00</span>',
                                   '<span class="reward-points-price">$1.20</span>'])
def test_pay_later_instalments_and_loyalty_points_are_not_the_price(other: str) -> None:
    html = page(f'<div class="product-info">{other}<div class="price">$120.00</div></div><button>Add to cart</button>')
    assert extract(html)["price"] == 120.0


@pytest.mark.parametrize("heading", ['<h2 class="product-name">Blue Mug</h2>', '<h1 class="logo">Example</h1><h2>Blue Mug</h2>',
                                     '<div class="product-title">Blue Mug</div>'])
def test_without_a_product_h1_the_heading_the_document_title_names_anchors_the_price(heading: str) -> None:
    html = ('<html><head><title>Blue Mug | Example</title></head><body><div class="top-banner">'
            '<span class="price">$5.00</span> gift card</div>'
            f'<div class="product">{heading}<span class="price">$12.50</span></div></body></html>')
    product = extract(html, "https://www.example.com/p/1")
    assert (product["price"], product["title"]) == (12.5, "Blue Mug")


@pytest.mark.parametrize("shown", ['<span class="amount">$12.50</span>', "<strong>$12.50</strong>"])
def test_an_amount_by_the_title_beats_a_far_price_named_element_of_a_carousel(shown: str) -> None:
    deep = "<div><div><div><div>{}</div></div></div></div>"
    tile = deep.format('<div class="tile"><a href="/p/2">Red Mug</a><span class="price">$5.00</span></div>')
    html = ('<html><body><div id="page"><div class="wrapper"><main><div class="layout"><div class="pdp">'
            f'<div class="pdp-main"><h1>Blue Mug</h1><div class="pdp-info"><p>{shown}</p></div>'
            '<button>Add to cart</button></div></div></div></main>'
            f'<section class="more">{tile}</section></div></div></body></html>')
    assert extract(html)["price"] == 12.5


def test_a_reduced_price_in_a_box_named_for_its_discount_beats_the_de_list_price() -> None:
    """VTEX: 'De: R$ 89,99' (list), 'R$ 62,99 à vista' in spotPrice--pdp-price-discount."""
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Fjällräven Kånken",
            "offers": {"@type": "AggregateOffer", "lowPrice": 62.99, "highPrice": 89.99, "priceCurrency": "BRL"}}
    html = page(f'<script type="application/ld+json">{json.dumps(data)}</script>'
                '<div class="price-row price-discount"><span class="listPrice">De: R$ 89,99</span>'
                '<span class="spotPrice spotPrice--pdp-price-discount">R$ 62,99 (à vista)</span></div>'
                '<button>Comprar</button>', "pt-BR")
    assert extract(html, "https://loja.example.com.br/p/1")["price"] == 62.99


@pytest.mark.parametrize("shown", ['<span class="striked-price">Rs. 879</span> <span>Rs. 747</span>',
                                   '<span class="price">De: R$ 879,00 Por: R$ 747,00</span>'])
def test_striked_and_de_por_prices_give_the_new_one(shown: str) -> None:
    html = page(f'<div class="product-price">{shown}</div><button>Buy now</button>')
    assert extract(html, "https://shop.example.in/p/1")["price"] == 747.0


def test_a_page_that_prints_body_twice_is_read_in_its_second_body() -> None:
    """VTEX templates print <body> twice (a stray <head/> between): libxml2 keeps two bodies,
    the first holding only analytics scripts; the product is in the second."""
    html = ('<html><head><title>Lady Million</title></head><body id="produto"><script>var a=1;</script>'
            '<div class="similar"></div><head/><body><h1>Lady Million</h1><p class="descricao-preco">'
            '<em class="valor-de">De <strong class="skuListPrice">R$ 199,00</strong></em><em class="valor-por">'
            'Por <strong class="skuBestPrice">R$ 139,30</strong></em></p>'
            '<a class="buy-button" href="#">Comprar</a></body></body></html>')
    product = extract(html, "https://www.loja.example.com.br/p")
    assert (product["price"], product["availability"]) == (139.3, "in_stock")
