"""Rules of the generic extraction: stock phrases, currency inference, GTIN checksums and
the decision step between layers that disagree."""
from __future__ import annotations

import json
from typing import Any

import pytest

from productscraper.pages import ProductPage
from productscraper.pages.candidates import DOM, SCHEMA_ORG, Candidate
from productscraper.pages.currency import locale_territory, resolve, tld_territory
from productscraper.pages.decision import decide
from productscraper.pages.identifiers import labelled_identifiers, strip_label, valid_gtin
from productscraper.pages.stock_phrases import stock_of
from productscraper.processing import normalise_product, validate_product
from productscraper.profiles import GENERIC_PROFILE


def extract(html: str, url: str = "https://shop.example/p/1") -> dict[str, Any]:
    return normalise_product(ProductPage(url, html, GENERIC_PROFILE).to_raw())


def page(body: str, lang: str = "") -> str:
    attr = f' lang="{lang}"' if lang else ""
    return f"<html{attr}><head><title>t</title></head><body><h1>Fjällräven Kånken</h1>{body}</body></html>"


# ----------------------------------------------------------------------------- stock phrases

@pytest.mark.parametrize("text,expected", [
    ("In stock", "InStock"), ("Out of stock", "OutOfStock"), ("Auf Lager", "InStock"),
    ("Nicht auf Lager", "OutOfStock"), ("En stock", "InStock"), ("Épuisé", "OutOfStock"),
    ("Disponible", "InStock"), ("Agotado", "OutOfStock"), ("Esaurito", "OutOfStock"),
    ("Disponibile", "InStock"), ("Esgotado", "OutOfStock"), ("Em estoque", "InStock"),
    ("Op voorraad", "InStock"), ("Uitverkocht", "OutOfStock"), ("Niedostępny", "OutOfStock"),
    ("Dostępny", "InStock"), ("В наличии", "InStock"), ("Нет в наличии", "OutOfStock"),
    ("Slutsåld", "OutOfStock"), ("I lager", "InStock"), ("在庫あり", "InStock"), ("在庫切れ", "OutOfStock"),
    ("Skladem", "InStock"), ("Není skladem", "OutOfStock"), ("Nincs raktáron", "OutOfStock"), ("Tükendi", "OutOfStock"),
    ("În stoc", "InStock"), ("Εξαντλήθηκε", "OutOfStock"), ("Ei varastossa", "OutOfStock"), ("缺货", "OutOfStock"),
    ("품절", "OutOfStock"), ("Sin existencias", "OutOfStock"),
    ("Add to cart", None), ("Free shipping on orders over $50", None),
])
def test_stock_phrases_in_eleven_languages(text: str, expected: str | None) -> None:
    assert stock_of(text) == expected


def test_a_stock_statement_on_the_page_sets_availability_in_its_language() -> None:
    html = page('<span class="price">1.299,00 €</span><div class="availability">Niet op voorraad</div>', "nl-NL")
    assert extract(html)["availability"] == "out_of_stock"


def test_a_disabled_add_to_cart_button_alone_says_nothing_about_stock() -> None:
    # Shops disable the button until a size is chosen.
    html = page('<span class="price">$20.00</span><button class="add-to-cart" disabled>Add to cart</button>')
    assert extract(html)["availability"] == "unknown"
    enabled = page('<span class="price">$20.00</span><button class="add-to-cart">Add to cart</button>')
    assert extract(enabled)["availability"] == "in_stock"


@pytest.mark.parametrize("label", [
    "Añadir a la cesta", "Toevoegen aan winkelwagen", "Legg i handlekurven", "Læg i kurv", "Lisää ostoskoriin",
    "Přidat do košíku", "Kosárba", "Sepete ekle", "Adaugă în coș", "Προσθήκη στο καλάθι", "加入购物车", "장바구니 담기",
    "Adicionar à sacola", "Jetzt kaufen", "Acheter", "Acquista ora", "Kup teraz", "Køb nu",
])
def test_an_enabled_buy_button_in_the_shop_s_language_says_in_stock(label: str) -> None:
    assert extract(page(f'<span class="price">20,00 €</span><button>{label}</button>'))["availability"] == "in_stock"


def test_a_buy_link_styled_as_a_button_says_in_stock() -> None:
    html = page('<span class="price">USD 1,755.00</span><a class="btn btn--dark" tabindex="0">Add to Cart</a>')
    assert extract(html)["availability"] == "in_stock"


def test_words_that_merely_contain_a_buy_word_are_no_buy_button() -> None:
    assert extract(page('<span class="price">$20.00</span><button>Costa Rica</button>'))["availability"] == "unknown"


def test_add_to_cart_and_sold_out_for_the_same_product_leave_availability_unknown() -> None:
    html = page('<span class="price">$20.00</span><button class="add-to-cart">Add to cart</button>'
                '<button class="notify">Sold out</button>')
    assert extract(html)["availability"] == "unknown"


def test_markup_settles_a_page_that_prints_both_stock_blocks_when_it_names_the_nearest_one() -> None:
    """vidaXL prints "Disponibile" and a template "Non disponibile" block (CSS shows one)."""
    blocks = ('<span class="price">32,99 €</span><div class="stock in-stock">Disponibile</div>'
              '<div class="stock outofstock">Non disponibile</div><a class="js-add-to-cart">Aggiungi al carrello</a>')
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Kånken",
            "offers": {"@type": "Offer", "price": "32.99", "priceCurrency": "EUR", "availability": "{}"}}
    for markup, expected in (("http://schema.org/InStock", "in_stock"), ("http://schema.org/OutOfStock", "unknown")):
        ld = json.dumps(data).replace("{}", markup)
        html = page(f'<script type="application/ld+json">{ld}</script>{blocks}', "it")
        assert extract(html, "https://www.vidaxl.example.it/p/1")["availability"] == expected, markup


def test_hidden_stock_messages_are_not_read() -> None:
    html = page('<span class="price">$20.00</span><p class="stock ng-hide">Out of stock</p>'
                '<p class="stock" style="display: none">Out of stock</p><p class="stock">In stock</p>')
    assert extract(html)["availability"] == "in_stock"
    # Cafe24's hiding class, and a script template of the "sold out" message
    html = page('<span class="price">$20.00</span><a href="#none" class="displaynone -soldout">SOLD OUT</a>'
                '<script type="text/template" id="sold-out-stock"><p>Item is sold out.</p></script>'
                '<button class="add-to-cart">Add to cart</button>')
    assert extract(html)["availability"] == "in_stock"


@pytest.mark.parametrize("element,text", [
    ('div class="disponibilite"', "Rupture de stock"), ('p class="disponibilidad"', "Agotado"),
    ('span class="verfuegbarkeit"', "Nicht lieferbar"), ('div class="lagerstatus"', "Slutsåld"),
    ('div class="product-voorraad"', "Uitverkocht"), ('span class="dostepnosc"', "Niedostępny"),
    ('div class="nalichie"', "Нет в наличии"), ('div class="disponibilita"', "Esaurito"),
    ('p class="product-status"', "Temporarily out of stock"), ('div class="estoque"', "Esgotado"),
])
def test_a_stock_label_named_in_the_shop_s_language_is_read(element: str, text: str) -> None:
    tag = element.split()[0]
    html = page(f'<div class="price">19,99 €</div><{element}>{text}</{tag}><button disabled>Add to cart</button>')
    assert extract(html)["availability"] == "out_of_stock"


# ----------------------------------------------------------------------------- currency

@pytest.mark.parametrize("url,lang,price,currency", [
    ("https://butik.example.se/p/1", "", "199 kr", "SEK"),
    ("https://butikk.example.no/p/1", "", "199 kr", "NOK"),
    ("https://shop.example.ca/p/1", "", "$24.99", "CAD"),
    ("https://shop.example.com.au/p/1", "", "$24.99", "AUD"),
    ("https://shop.example.com/p/1", "en-US", "$24.99", "USD"),
    ("https://shop.example.com/p/1", "zh-CN", "¥99", "CNY"),
    ("https://shop.example.jp/p/1", "ja", "¥990", "JPY"),
    ("https://shop.example.de/p/1", "", "24,99", "EUR"),
    ("https://shop.example.com/p/1", "pl-PL", "24,99", "PLN"),
    ("https://shop.example.co.uk/p/1", "", "24.99", "GBP"),
])
def test_currency_from_symbol_resolved_by_country_tld_or_page_language(url: str, lang: str, price: str, currency: str) -> None:
    product = extract(page(f'<span class="price">{price}</span>', lang), url)
    assert product["currency"] == currency


def test_explicit_currency_in_markup_beats_the_locale() -> None:
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Kånken",
            "offers": {"@type": "Offer", "price": "79.95", "priceCurrency": "EUR"}}
    html = f'<html lang="sv-SE"><script type="application/ld+json">{json.dumps(data)}</script><h1>Kånken</h1></html>'
    assert extract(html, "https://shop.example.se/p/1")["currency"] == "EUR"


def test_a_price_whose_currency_cannot_be_told_is_kept_with_a_warning() -> None:
    product = extract(page('<span class="price">24.99</span>'), "https://shop.example.com/p/1")
    assert product["price"] == 24.99 and product["currency"] is None
    assert product["warnings"] == ["currency_unknown"]
    assert validate_product(product) == []


def test_territory_helpers() -> None:
    assert tld_territory("https://www.shop.co.uk/x") == "GB" and tld_territory("https://shop.com/") is None
    assert tld_territory("http://127.0.0.1:8709/p") is None
    assert locale_territory("de-AT") == "AT" and locale_territory("en_US") == "US" and locale_territory("en") is None
    assert resolve("kr", ["DK"]) == "DKK" and resolve("$", ["MX"]) == "MXN" and resolve("$", []) == "USD"
    assert resolve("€", ["US"]) == "EUR"  # an unambiguous symbol ignores the territory


# ----------------------------------------------------------------------------- identifiers

def test_an_isbn_10_is_kept_as_the_book_s_gtin_13() -> None:
    assert valid_gtin("1632366665") == "9781632366665" and valid_gtin("0-8044-2957-X") == "9780804429573"


def test_a_printed_barcode_is_the_sku_when_the_page_shows_no_shop_number() -> None:
    shown = extract(page('<span class="price">22,50 €</span><ul><li>EAN13 : <strong>9782365775717</strong></li></ul>'))
    assert (shown["sku"], shown["gtin"]) == ("9782365775717", "9782365775717")
    own = extract(page('<span class="price">22,50 €</span><p>Réf. : LM-220</p><p>EAN: 9782365775717</p>'))
    assert (own["sku"], own["gtin"]) == ("LM-220", "9782365775717")
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Kånken", "gtin13": "9782365775717",
            "offers": {"@type": "Offer", "price": "22.50", "priceCurrency": "EUR"}}
    unshown = extract(page(f'<script type="application/ld+json">{json.dumps(data)}</script>'))
    assert (unshown["sku"], unshown["gtin"]) == (None, "9782365775717")  # markup only: no shown number


def test_gtin_must_pass_its_checksum_in_every_layer() -> None:
    assert valid_gtin("4006381333931") == "4006381333931"
    assert valid_gtin("4006381333932") is None and valid_gtin("0-12345-67890-5") == "012345678905"
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Stift", "gtin13": "4006381333932",
            "offers": {"@type": "Offer", "price": "2.50", "priceCurrency": "EUR"}}
    html = f'<script type="application/ld+json">{json.dumps(data)}</script><h1>Stift</h1><p>EAN: 4006381333931</p>'
    assert extract(html)["gtin"] == "4006381333931"  # the schema one fails its check digit
    assert extract('<h1>Stift</h1><span class="price">2,50 €</span><p>EAN: 4006381333932</p>')["gtin"] is None


@pytest.mark.parametrize("html,expected", [
    ("<li>SKU: AB-1234</li>", {"sku": "AB-1234"}),
    ("<dt>Art.-Nr.</dt><dd>4711-0815</dd>", {"sku": "4711-0815"}),
    ("<span>Artikelnummer:</span> <span>100234</span>", {"sku": "100234"}),
    ("<p>Réf. : LM-220</p>", {"sku": "LM-220"}),
    ("<p>Código: 88120</p>", {"sku": "88120"}),
    ("<p>Артикул: 26802400001</p>", {"sku": "26802400001"}),
    ("<p>Item # 101095</p>", {"sku": "101095"}),
    ("<p>Model: 513-1311W</p>", {"mpn": "513-1311W"}),
    ('<div class="product-id">Part Number:<span id="product_id">EMERMUS</span></div>', {"sku": "EMERMUS"}),
    ('<p class="pp__description-title">Web ID: 7372529</p>', {"sku": "7372529"}),
    ('<div class="iti-lbl">\n\teBay item number:</div><div class="iti-act-num">390985762669</div>',
     {"sku": "390985762669"}),
    ("<th>Manufacturer Part Number</th><td>XJ-200</td>", {"mpn": "XJ-200"}),
    ('<span class="product-detail-ordernumber-label">Produktnummer:</span><span>SW10001</span>', {"sku": "SW10001"}),
    ("<li>Artikelcode: 12345</li>", {"sku": "12345"}),
    ("<li>Kód produktu: ABC-12</li>", {"sku": "ABC-12"}),
    ("<span>Код товара: 778899</span>", {"sku": "778899"}),
    ("<span>Cod produs: 5011101268</span>", {"sku": "5011101268"}),
    ("<li>Código do produto: 12345</li>", {"sku": "12345"}),
    ('<li><span class="property-title">Artikelnummer</span>&nbsp;\n <span class="property-value">3C19914</span></li>',
     {"sku": "3C19914"}),
    ('<span class="sku-ean-title">Código de Barras</span>\n<label class="sku-ean-code">3349668526376</label>',
     {"gtin": "3349668526376"}),
    ("<p>Our big item is light</p>", {}),
    ("<p>Kodak camera</p>", {}),
    ('<li><a href="/c/1">Reference</a></li><li><a href="/c/2">Religion</a></li>', {}),  # a menu, no label
    ("<th>Model</th><td>Tanktop</td>", {}),
    ("<th>Modelo:</th><td>Processador</td>", {}),  # a spec table's row: a model number has digits
    ("<label>Codice fiscale</label>", {}), ("<p>Código postal: 28001</p>", {}),  # words after the label, not codes
])
def test_labelled_identifiers_in_page_text(html: str, expected: dict[str, str]) -> None:
    assert labelled_identifiers(html) == expected


def test_a_label_inside_the_markup_value_is_stripped() -> None:
    assert strip_label("SKU: CAE5D4") == "CAE5D4" and strip_label("Item # 101095") == "101095"
    assert strip_label("SKUS-1") == "SKUS-1"


# ----------------------------------------------------------------------------- decision

def test_decision_prefers_the_price_the_page_prints_over_a_more_trusted_unshown_one() -> None:
    html = "<html><body><span>$18.00</span></body></html>"
    cands = {"price": [Candidate("25.00", SCHEMA_ORG, 0.95), Candidate("18.00", "embedded_json", 0.8)]}
    assert decide(cands, set(), html)["price"].value == "18.00"
    assert decide({"price": cands["price"][:1]}, set(), html)["price"].value == "25.00"  # no rival: kept


def test_decision_drops_a_struck_through_markup_price_and_a_placeholder_zero() -> None:
    html = "<html><body><del>$25.00</del> <b>$18.00</b></body></html>"
    cands = {"price": [Candidate("25.00", SCHEMA_ORG, 0.95), Candidate("$18.00", DOM, 0.55)]}
    assert decide(cands, {"25.00"}, html)["price"].value == "$18.00"
    zero = {"price": [Candidate("0.00", SCHEMA_ORG, 0.95), Candidate("54.95", "meta", 0.85)]}
    assert decide(zero, set(), "<b>from $54.95</b>")["price"].value == "54.95"


def test_decision_takes_a_visible_stock_statement_over_markup_but_not_a_weak_button_guess() -> None:
    statement = {"availability": [Candidate("InStock", SCHEMA_ORG, 0.95), Candidate("OutOfStock", DOM, 0.7)]}
    assert decide(statement, set(), "")["availability"].value == "OutOfStock"
    button = {"availability": [Candidate("OutOfStock", SCHEMA_ORG, 0.95), Candidate("InStock", DOM, 0.5)]}
    assert decide(button, set(), "")["availability"].value == "OutOfStock"


def test_decision_prefers_the_sku_the_page_prints() -> None:
    cands = {"sku": [Candidate("4608472", SCHEMA_ORG, 0.95), Candidate("5354134", "embedded_json", 0.8)]}
    assert decide(cands, set(), "<li>Item #5354134</li>")["sku"].value == "5354134"


def test_a_barcode_in_the_sku_slot_gives_way_to_the_shop_number_the_page_shows() -> None:
    cands = {"sku": [Candidate("9781471156267", SCHEMA_ORG, 0.95), Candidate("GOR008011677", DOM, 0.5)]}
    html = "<dl><dt>ISBN</dt><dd>9781471156267</dd><dt>Sku</dt><dd>GOR008011677</dd></dl>"
    assert decide(cands, set(), html)["sku"].value == "GOR008011677"
    alone = {"sku": cands["sku"][:1]}
    assert decide(alone, set(), html)["sku"].value == "9781471156267"  # no shop number: kept


def test_several_offers_give_the_lowest_available_price_and_the_range() -> None:
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Kånken", "offers": [
        {"@type": "Offer", "price": "70.00", "priceCurrency": "EUR", "availability": "https://schema.org/OutOfStock"},
        {"@type": "Offer", "price": "79.95", "priceCurrency": "EUR", "availability": "https://schema.org/InStock"},
        {"@type": "Offer", "price": "99.00", "priceCurrency": "EUR", "availability": "https://schema.org/InStock"}]}
    product = extract(f'<script type="application/ld+json">{json.dumps(data)}</script><h1>Kånken</h1>')
    assert (product["price"], product["price_min"], product["price_max"]) == (79.95, 70.0, 99.0)


def test_the_offer_s_sku_stands_for_a_product_without_one() -> None:
    data = {"@context": "https://schema.org", "@type": "Product", "@id": "11852041", "name": "Chewbacca Mug",
            "offers": [{"@type": "Offer", "price": "7.99", "priceCurrency": "GBP", "sku": "11852041",
                        "availability": "https://schema.org/InStock"}]}
    product = extract(f'<script type="application/ld+json">{json.dumps(data)}</script><h1>Chewbacca Mug</h1>')
    assert (product["sku"], product["price"]) == ("11852041", 7.99)


def test_a_sold_out_button_in_place_of_the_buy_button_says_out_of_stock() -> None:
    html = page('<span class="price">$19.99</span><button class="btn" disabled>Sold out</button>')
    assert extract(html)["availability"] == "out_of_stock"


def test_a_sold_out_submit_input_says_out_of_stock_by_its_value() -> None:
    html = page('<span class="price">$19.99</span>'
                '<input id="form-action-addToCart" class="button" type="submit" value="Out of stock" disabled>')
    assert extract(html)["availability"] == "out_of_stock"


@pytest.mark.parametrize("statement,expected", [
    ("<ul><li>Product Code: Lamp 1</li><li>Availability: Out Of Stock</li></ul>", "out_of_stock"),  # OpenCart
    ("<dl><dt>Verfügbarkeit</dt><dd>Nicht lieferbar</dd></dl>", "out_of_stock"),
    ("<table><tr><th>Disponibilité</th><td>En stock</td></tr></table>", "in_stock"),
    ("<p>在庫状況：在庫切れ</p>", "out_of_stock"),
])
def test_a_labelled_stock_line_without_a_stock_class_overrules_the_buy_button(statement: str, expected: str) -> None:
    html = page(f'<div class="price">19,99 €</div>{statement}<button class="btn">Add to cart</button>')
    assert extract(html)["availability"] == expected


def test_a_labelled_stock_line_of_another_product_is_not_read() -> None:
    html = page('<div class="price">19,99 €</div><button class="btn">Add to cart</button>'
                '<div class="related-products"><div class="item"><h3>Other lamp</h3>'
                '<p>Availability: Out of stock</p></div></div>')
    assert extract(html)["availability"] == "in_stock"


def test_a_price_per_item_is_the_price_only_when_no_other_price_is_shown() -> None:
    """Sainsbury's sells by the item and prints only "£1.50/unit" (in a "pricePerUnit" box)."""
    form = ('<form class="addToTrolleyForm" action="OrderItemAdd"><input name="quantity" value="1">'
            '<input class="button process" type="submit" name="Add" value="Add"></form>')
    html = page('<div class="pricing"><p class="pricePerUnit">&pound;3.50<abbr title="per">/</abbr>unit</p>'
                f'<p class="pricePerMeasure">&pound;0.70/ea</p></div>{form}')
    product = extract(html, "https://www.grocer.example.co.uk/p/1")
    assert (product["price"], product["currency"], product["availability"]) == (3.5, "GBP", "in_stock")
    html = page('<span class="price">9,99 €</span><span class="unit-price">0,83 €/Stück</span><button>In den Warenkorb</button>')
    assert extract(html, "https://www.shop.example.de/p/1")["price"] == 9.99  # a multipack's unit price


def test_a_bare_add_button_counts_only_in_a_form_named_for_the_cart() -> None:
    button = '<input type="submit" value="Add">'
    html = page(f'<span class="price">$5.00</span><form class="newsletter">{button}</form>')
    assert extract(html)["availability"] == "unknown"
    html = page(f'<span class="price">$5.00</span><form action="/basket/add">{button}</form>')
    assert extract(html)["availability"] == "in_stock"


def _next_data(product: dict[str, Any]) -> str:
    blob = json.dumps({"props": {"pageProps": {"product": product}}})
    return page(f'<script id="__NEXT_DATA__" type="application/json">{blob}</script>')


def test_a_sale_price_in_product_json_beats_the_regular_price_beside_it() -> None:
    product = extract(_next_data({"name": "Kånken", "price": 29.99, "salePrice": 19.99, "currency": "USD"}))
    assert (product["price"], product["list_price"]) == (19.99, 29.99)
    higher = extract(_next_data({"name": "Kånken", "price": 19.99, "salePrice": 29.99, "currency": "USD"}))
    assert higher["price"] == 19.99  # a "sale" price above the price is no sale


@pytest.mark.parametrize("stock,availability", [
    ({"inventory_quantity": 0}, "out_of_stock"), ({"stockQuantity": 7}, "in_stock"), ({"stock": 0}, "out_of_stock"),
    ({"quantity": 1}, "unknown"),
])
def test_a_stock_count_in_product_json_gives_availability(stock: dict[str, int], availability: str) -> None:
    product = extract(_next_data({"name": "Kånken", "price": 79.95, "currency": "EUR", **stock}))
    assert product["availability"] == availability


def test_the_currency_inside_a_product_json_price_object_is_read() -> None:
    product = extract(_next_data({"name": "Kånken", "price": {"value": 79.95, "currencyCode": "SEK"}}))
    assert (product["price"], product["currency"]) == (79.95, "SEK")


def test_junk_pages_never_raise() -> None:
    for body in ("", "<<<>>>", "\x00\x01", "<html><body><span class='price'>$</span></body></html>"):
        assert isinstance(ProductPage("https://shop.example/p", body, GENERIC_PROFILE).to_raw(), dict)


@pytest.mark.parametrize("prefix", ["window.", "var ", "const ", "self.", ""])
def test_state_assignment_is_read_whatever_declares_it(prefix: str) -> None:
    from productscraper.pages.embedded_json import script_blobs
    from productscraper.pages.scripts import Script

    text = f'{prefix}__INITIAL_STATE__ = {{"product": {{"name": "Mug", "price": "9.50"}}}};'
    assert script_blobs([Script("", "", text)]) == [{"product": {"name": "Mug", "price": "9.50"}}]


def test_data_price_attribute_is_found_among_many_other_data_attributes() -> None:
    from productscraper.pages.attributes import attribute_candidates
    from parsel import Selector

    html = ('<html><body><div data-track="x" data-price-amount="19.90" data-id="7">'
            '<span data-sku-code="A-1">A-1</span></div></body></html>')
    found = attribute_candidates(Selector(text=html), html)
    assert found["price"].value == "19.90"
    assert "sku" not in found  # data-sku-code is not data-sku


@pytest.mark.parametrize("body, encoding, text", [
    (b"a\x01b\xef\xbf\xbec", "utf-8", "abc"),      # control and non-characters dropped
    (b"ok\xff", "utf-8", "ok\ufffd"),               # a bad byte is replaced, not dropped
    ("a\x02é".encode("latin-1"), "latin-1", "aé"),  # other encodings take the text search
])
def test_control_characters_are_dropped_from_the_decoded_page(body: bytes, encoding: str, text: str) -> None:
    from productscraper.pages.document import decode_body

    assert decode_body(body, encoding) == text
