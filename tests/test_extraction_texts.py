"""What a page's texts say: negated stock statements in many languages, a price printed as loose
labelled text, and messages of closed dialogs that a shopper never sees."""
from __future__ import annotations

import pytest

from productscraper.pages.stock_phrases import stock_of
from tests.markup_shapes import extract, shop


@pytest.mark.parametrize("text,expected", [
    # a negation before the in-stock word ("disponible", "verfügbar", "på lager") is out of stock
    ("Non disponible", "OutOfStock"), ("Pas disponible en ligne", "OutOfStock"), ("Hors stock", "OutOfStock"),
    ("Artikel nicht mehr verfügbar!", "OutOfStock"), ("Nicht mehr lieferbar", "OutOfStock"),
    ("Zurzeit nicht lieferbar", "OutOfStock"), ("Nicht erhältlich", "OutOfStock"),
    ("No está disponible", "OutOfStock"), ("Fuera de stock", "OutOfStock"),
    ("Não disponível", "OutOfStock"), ("Sem estoque", "OutOfStock"), ("Avise-me quando chegar", "OutOfStock"),
    ("Non più disponibile", "OutOfStock"), ("Non è disponibile", "OutOfStock"),
    ("Niet meer leverbaar", "OutOfStock"), ("Ikke på lager", "OutOfStock"), ("Ikke tilgængelig", "OutOfStock"),
    ("Inte i lager", "OutOfStock"), ("Brak na stanie", "OutOfStock"), ("Нет на складе", "OutOfStock"),
    ("Товар недоступен", "OutOfStock"), ("Indisponibil", "OutOfStock"), ("Nu este în stoc", "OutOfStock"),
    ("Nem elérhető", "OutOfStock"), ("Nedostupné", "OutOfStock"),
    # ... and the plain words still say in stock
    ("Disponible", "InStock"), ("Disponibile", "InStock"), ("På lager", "InStock"), ("Sofort verfügbar", "InStock"),
    ("Lieferbar", "InStock"), ("În stoc", "InStock"), ("Disponível", "InStock"),
    # a label naming availability is no statement of it
    ("Verfügbarkeit für Versand:", None), ("Lieferbarkeit", None),
])
def test_negated_stock_statements_are_out_of_stock(text: str, expected: str | None) -> None:
    assert stock_of(text) == expected


@pytest.mark.parametrize("body,lang,price,currency", [
    ('<div class="info">Price: $24.00<br>Availability: In stock<br></div>', "en", 24.0, "USD"),
    ('<div class="info">Our price: £19.99<br><b>Free delivery</b></div>', "en-GB", 19.99, "GBP"),
    ('<div class="info">Preis: 24,00 €<br>inkl. MwSt.<br></div>', "de", 24.0, "EUR"),
    ('<td class="info"><b>Walnut</b> desk lamp<br>Prix : 1 299,00 €<br></td>', "fr", 1299.0, "EUR"),
])
def test_a_price_printed_as_loose_labelled_text_is_read(body: str, lang: str, price: float, currency: str) -> None:
    product = extract(shop(body + '<button type="submit">Add to cart</button>', lang=lang))
    assert (product["price"], product["currency"]) == (price, currency)
    assert product["sources"]["price"] == "dom"


@pytest.mark.parametrize("body", [
    '<div class="info">Unit price: $2.00<br></div>',  # a unit price is no selling price
    '<div class="info">List price: $30.00<br></div>',  # nor a list price
    '<div class="info">Price: call us for a quote<br></div>',  # no amount
    '<div class="info"><a href="/used">Used price: $9.00</a></div>',  # a link to other offers
    '<div class="info"><label><input type="radio" name="c">Price: $9.00</label></div>',  # one choice's
    '<div class="info"><del>Price: $30.00</del></div>',  # struck through
])
def test_a_loose_text_that_is_not_the_selling_price_is_not_read(body: str) -> None:
    assert extract(shop(body))["price"] is None


def test_a_price_element_wins_over_a_loose_labelled_price() -> None:
    body = '<div class="info">Price: $30.00<br></div><span class="price">$24.00</span>'
    assert extract(shop(body))["price"] == 24.0


@pytest.mark.parametrize("dialog", [
    '<div class="popup alert" id="cart-item-not-available" aria-hidden="true"><h2 class="availability">'
    'Artikel nicht mehr verfügbar!</h2></div>',
    '<dialog id="stock-alert"><p class="stock">Nicht auf Lager</p></dialog>',
    '<div role="dialog" aria-hidden="true"><span class="stock-status">Ausverkauft</span></div>',
])
def test_a_closed_dialog_s_stock_message_is_not_read(dialog: str) -> None:
    body = ('<span class="price">24,00 €</span><p class="availability">Auf Lager</p>'
            '<button type="submit">In den Warenkorb</button>' + dialog)
    assert extract(shop(body, lang="de"))["availability"] == "in_stock"


def test_an_open_dialog_and_an_aria_hidden_icon_are_still_read() -> None:
    body = ('<span class="price">24,00 €</span><dialog open><p class="availability">Ausverkauft</p></dialog>')
    assert extract(shop(body, lang="de"))["availability"] == "out_of_stock"
    icon = ('<span class="price">24,00 €</span><p class="availability" aria-hidden="true">Ausverkauft</p>')
    assert extract(shop(icon, lang="de"))["availability"] == "out_of_stock"


@pytest.mark.parametrize("body,brand", [
    ('<ul><li>Model: WDL-100</li><li>Manufactured by: Lumio</li></ul>', "Lumio"),  # Zen Cart
    ('<table><tr><th class="label">Manufacturer</th><td class="data">Lumio</td></tr></table>', "Lumio"),  # Magento 1
    ('<dl><dt>Marke</dt><dd><a href="/marken/lumio">Lumio Design</a></dd></dl>', "Lumio Design"),
    ('<p><span>Brand:</span> <a href="/brand/lumio">Lumio</a></p>', "Lumio"),
    ('<p>Marke: \u200eLumio</p>', "Lumio"),  # Amazon's direction marks are no part of the name
])
def test_a_labelled_brand_is_read_when_markup_names_none(body: str, brand: str) -> None:
    product = extract(shop('<span class="price">$24.00</span>' + body))
    assert product["brand"] == brand and product["sources"]["brand"] == "dom"


@pytest.mark.parametrize("body", [
    '<nav><a href="/brands">Brands</a><a href="/sale">Sale</a></nav>',  # a menu's link is no label
    '<p>Brand: Yes</p>',
    '<p>Hersteller: Lumio GmbH &amp; Co. KG, Musterstraße 1, 12345 Berlin, Deutschland</p>',  # an address
    '<div class="related-products"><p>Brand: Otherco</p><span class="price">$9.00</span></div>',  # another product's
])
def test_a_text_that_is_no_brand_label_of_the_product_is_not_read(body: str) -> None:
    assert extract(shop('<span class="price">$24.00</span>' + body))["brand"] is None


def test_markup_s_brand_wins_over_a_labelled_one() -> None:
    head = '<meta property="product:brand" content="Lumio">'
    product = extract(shop('<span class="price">$24.00</span><p>Brand: Walnut Works</p>', head=head))
    assert product["brand"] == "Lumio"


@pytest.mark.parametrize("body,price", [
    # a price element whose one child is struck: the list price (Cafe24's 소비자가 row)
    ('<span id="span_product_price_custom" class="price"><strike>30,000원</strike></span>'
     '<span id="span_product_price_text" class="price">24,000원</span>', 24000.0),
    # ... but a lone child named "regular-price" is Magento 1's current price
    ('<div class="price-box"><span class="regular-price"><span class="price">$54.00</span></span></div>'
     '<ul class="tier-prices"><li>Buy 5 for <span class="price">$48.00</span> each</li></ul>', 54.0),
    # a saving in brackets is no second price
    ('<span class="price">19,200원 <span>(4,800원 할인)</span></span>', 19200.0),
    ('<span class="price">$40.00 (Save $10.00)</span>', 40.0),
    # a price labelled as the one paid, in a box a class word names old ("uvp_price": modified eCommerce)
    ('<span class="item_price">UVP 67,50 EUR</span><span class="uvp_price"><span class="small_price">Ihr Preis'
     '</span> 54,00 EUR</span>', 54.0),
])
def test_which_of_several_shown_amounts_is_the_price(body: str, price: float) -> None:
    assert extract(shop(body))["price"] == price


def test_a_section_a_heading_names_as_other_products_is_not_read() -> None:
    body = ('<span class="availability">In stock</span><button type="submit">Add to cart</button>'
            '<div class="swimlane"><div class="ModuleHeader"><h2>Customers also bought</h2></div>'
            '<div class="grid"><span class="price">$9.00</span><span class="stock">Sold out</span></div></div>')
    product = extract(shop(body))
    assert (product["price"], product["availability"]) == (None, "in_stock")


def test_a_code_in_the_h1_is_the_sku_not_part_of_the_title() -> None:
    body = '<span class="price">$24.00</span>'
    html = shop(body).replace('<h1 class="product-title">Walnut Desk Lamp</h1>',
                              '<h1><span class="product_name">Walnut Desk Lamp</span> '
                              '<span class="product_code_main">WDL-100</span></h1>')
    product = extract(html)
    assert (product["title"], product["sku"]) == ("Walnut Desk Lamp", "WDL-100")


@pytest.mark.parametrize("control,expected", [
    ('<div class="sqs-add-to-cart-button" role="button" tabindex="0">Add To Cart</div>', "in_stock"),
    ('<button type="button" class="form-control__button">Pre-Order</button>', "preorder"),
    ('<span class="label--attention">Sold out</span>', "out_of_stock"),
])
def test_buy_controls_and_badges_that_are_no_plain_buttons_are_read(control: str, expected: str) -> None:
    assert extract(shop('<span class="price">$24.00</span>' + control))["availability"] == expected


@pytest.mark.parametrize("body,price", [
    # a price row whose amount is all in a struck child is the list price, whatever its label says
    ('<div id="mrp-price-outer"><label>Price</label> <strike>Rs <span>8500</span></strike></div>'
     '<div class="offer"><span class="selling-price">Rs 5549</span></div>', 5549.0),
    # India's MRP is the list price
    ('<span class="price">MRP ₹8,500</span><span class="price">₹5,549</span>', 5549.0),
])
def test_an_mrp_is_the_list_price(body: str, price: float) -> None:
    assert extract(shop(body, lang="en-IN"), "https://www.shop.example.in/p/1")["price"] == price


def test_microdata_s_price_in_a_box_a_class_word_names_old_is_still_the_price() -> None:
    # Snapdeal: "OFFER PRICE <strong class=voucherPrice>Rs <span itemprop=price>5549</span></strong>"
    body = ('<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Walnut Desk Lamp">'
            '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" '
            'content="INR"><strike>Rs 8500</strike> <label>OFFER PRICE</label><strong class="voucherPrice">Rs '
            '<span itemprop="price">5549</span></strong></div></div>'
            '<div class="carousel-row"><div class="product-price">Rs 16999 (30%) Rs 11930</div></div>')
    assert extract(shop(body, lang="en-IN"))["price"] == 5549.0


def test_a_page_config_s_product_sku_is_the_sku() -> None:
    body = ('<span class="price">Rs 1,359</span><script>var globalConfig = {product: {}};'
            "globalConfig.product.sku = 'SW222HO47RBGINDFAS';</script>")
    assert extract(shop(body, lang="en-IN"))["sku"] == "SW222HO47RBGINDFAS"
    two = body.replace("</script>", "globalConfig.product.sku = 'OTHER123';</script>")  # two skus: none is sure
    assert extract(shop(two, lang="en-IN"))["sku"] is None


def test_elements_named_by_test_hooks_are_read_where_classes_are_hashed() -> None:
    # CSS-modules / styled-components shops: no class says "price" or "stock", the test hooks do
    body = ('<div class="sc-1x2y3z"><span class="sc-9ab8c7" data-testid="product-price">$54.00</span>'
            '<span class="sc-77ee11" data-testid="stock-status">Out of stock</span></div>'
            '<div class="sc-4f5e6d"><span class="sc-0a0b0c" data-test="strike-price">$67.50</span></div>')
    product = extract(shop(body))
    assert (product["price"], product["availability"]) == (54.0, "out_of_stock")


BOX = ('<form action="/cart/add"><div class="mt-10 flex"><p class="text-3xl">$54.00</p><div class="flex">'
       '<button type="submit" class="bg-primary-600">Add to cart</button></div></div>'
       '<div class="mt-2 flex"><span class="text-gray-500">WDL-100</span>{}</div></form>')


@pytest.mark.parametrize("badge,expected", [
    ('<span class="bg-red-100 text-red-800">Out of stock</span>', "out_of_stock"),  # the page's word wins
    ('<span class="bg-green-100 text-green-800">In stock</span>', "in_stock"),
    ('<span class="text-gray-500">Free returns</span>', "in_stock"),  # no statement: the enabled button
    ('<span>Out of stock</span><span>In stock</span>', "in_stock"),  # statements disagree: the button
    ('<label><input type="radio" name="s">M – Sold out</label>', "in_stock"),  # one size's, in a picker
])
def test_a_stock_badge_in_the_buy_box_is_read_when_no_class_names_it(badge: str, expected: str) -> None:
    assert extract(shop(BOX.format(badge)))["availability"] == expected


def test_markup_availability_wins_over_a_buy_box_badge() -> None:
    head = '<meta property="product:availability" content="in stock">'
    body = BOX.format('<span class="bg-red-100">Out of stock</span>')
    assert extract(shop(body, head=head))["availability"] == "in_stock"
