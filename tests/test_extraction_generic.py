"""Generic extraction on shops without a profile: titles, identifiers, stock signals.

Each fixture is a small page shaped like real shop markup (the patterns, not any one
shop's page)."""
from __future__ import annotations

from typing import Any

import pytest

from productscraper.pages import ProductPage
from productscraper.pages.titles import clean_title, site_names
from productscraper.processing import normalise_product
from productscraper.profiles import GENERIC_PROFILE


def extract(html: str, url: str = "https://www.shop.example/p/1") -> dict[str, Any]:
    return normalise_product(ProductPage(url, html, GENERIC_PROFILE).to_raw())


# ----------------------------------------------------------------------------- titles

@pytest.mark.parametrize("title,url,declared,expected", [
    ("Home Expressions Pillow - JCPenney", "https://www.jcpenney.com/p/1", ["JCPenney"], "Home Expressions Pillow"),
    ("Knit Cardigan | mixxmix | Shop Korean fashion", "https://www.mixxmix.com/p", [], "Knit Cardigan"),
    ("Supima Cardigan from Lands' End", "https://www.landsend.com/p", [], "Supima Cardigan"),
    ("Lenovo X1 Nano - Laptop 16GB: Amazon.de: Elektronik & Foto", "https://www.amazon.de/dp/x", [],
     "Lenovo X1 Nano - Laptop 16GB"),
    ("Tiffany: Novo® Diamond Ring", "https://www.tiffany.com/p", [], "Novo Diamond Ring"),
    ("Staples One-Touch™ Stapler", "https://www.staples.com/p", [], "Staples One-Touch Stapler"),
    ("Magellan Desk, Espresso Item # 101095", "https://www.officedepot.com/p", [], "Magellan Desk, Espresso"),
    ("Bomber Jacket $24.99", "https://www2.hm.com/p", [], "Bomber Jacket"),
    ('MacBook Pro 13.3" Apple Código do Produto: 111359833 (3819411)', "https://www.americanas.com.br/p", [],
     'MacBook Pro 13.3" Apple'),
    ("Tischleuchte Nova Art.-Nr.: 4711-22", "https://www.shop.example.de/p", [], "Tischleuchte Nova"),
    # The shop's name as the start of a longer segment is the brand, not decoration.
    ("Nike Air Max 90 - Men's Shoes", "https://www.nike.com/t/1", ["Nike"], "Nike Air Max 90 - Men's Shoes"),
    # Colons and dashes inside the product's name stay.
    ("Sapiens: A Brief History - Paperback", "https://books.example/p", [], "Sapiens: A Brief History - Paperback"),
    ("Laptop 16GB RAM 512 SSD", "https://www.shop.example/p", [], "Laptop 16GB RAM 512 SSD"),
    # A watch's reference and a size after "Item" are part of the name.
    ("Patek Philippe Nautilus Ref. 5711", "https://www.watches.example/p", [], "Patek Philippe Nautilus Ref. 5711"),
    ("Spice Rack Item XL", "https://www.shop.example/p", [], "Spice Rack Item XL"),
    # The EU energy label Amazon and others print after the name.
    ("Waschmaschine 8 kg, Weiß [Energieklasse A]", "https://www.amazon.de/dp/x", [], "Waschmaschine 8 kg, Weiß"),
    ("Fridge 300 L (Energy class E)", "https://www.shop.example/p", [], "Fridge 300 L"),
    ("Class A Amplifier", "https://www.shop.example/p", [], "Class A Amplifier"),
])
def test_shop_name_and_decorations_are_stripped_from_titles(title: str, url: str, declared: list[str],
                                                            expected: str) -> None:
    assert clean_title(title, site_names(url, declared)) == expected


def test_a_document_title_naming_only_the_shop_is_no_product_title() -> None:
    # A product page that lost its name: no h1, and a <title> that is the shop's alone.
    html = ('<html><head><title>Corner Books</title>'
            '<meta property="og:site_name" content="Corner Books"></head>'
            '<body><span class="price">£12.00</span></body></html>')
    assert extract(html, "http://127.0.0.1:8080/product/7/").get("title") is None
    assert clean_title("Corner Books", site_names("https://www.cornerbooks.example/p")) is None


def test_the_og_title_loses_the_shop_suffix() -> None:
    html = ('<html><head><title>Dream On Pillow - JCPenney</title>'
            '<meta property="og:site_name" content="JCPenney">'
            '<meta property="og:title" content="Dream On Pillow - JCPenney"></head>'
            '<body><h1>Dream On Pillow</h1><span class="price">$15.00</span></body></html>')
    assert extract(html, "https://www.jcpenney.com/p/pillow")["title"] == "Dream On Pillow"


def test_the_h1_the_document_title_names_beats_a_popup_h1_and_section_headings() -> None:
    html = ('<html><head><title>Supima Cotton Cardigan from Lands\' End</title></head><body>'
            '<div class="lightbox"><h1 id="email-signup">SIGN UP TODAY</h1></div>'
            '<div class="product-summary"><h1 class="product-title">Supima Cotton Cardigan</h1>'
            '<span class="price">$49.95</span><button class="add-to-cart">Add to Bag</button></div>'
            '<h1>Technical details</h1></body></html>')
    assert extract(html, "https://www.landsend.com/p/1")["title"] == "Supima Cotton Cardigan"


def test_an_h1_in_the_breadcrumb_trail_is_a_category_not_the_product() -> None:
    # The <title> reorders the words, so it names neither h1: the first one not in the trail wins.
    html = ('<html><head><title>Canon 5D Mark IV EOS DSLR Camera B&amp;H Photo</title></head><body>'
            '<div class="breadcrums-cont"><ul><li><a href="/c/cameras"><h1>Digital Cameras</h1></a></li></ul></div>'
            '<div class="pProductNameContainer"><h1>Canon EOS 5D Mark IV DSLR Camera (Body Only)</h1></div>'
            '<span class="price">$2,499.00</span><button>Add to Cart</button></body></html>')
    assert extract(html, "https://www.bhphotovideo.com/c/product/1")["title"] == \
        "Canon EOS 5D Mark IV DSLR Camera (Body Only)"


def test_a_title_libxml2_moved_into_the_body_still_names_the_h1() -> None:
    html = ('<html><head><div>broken head</div><title>Atomic Clock 513 - Browse Products</title></head><body>'
            '<div class="header"><h1 class="logo">Maker</h1></div>'
            '<div class="product-name"><h1>Atomic Clock 513</h1></div><span class="price">$29.99</span>'
            '</body></html>')
    assert extract(html)["title"] == "Atomic Clock 513"


def test_a_brand_only_h1_takes_the_fuller_name_from_the_document_title() -> None:
    html = ('<html><head><title>Kryptonite KryptoLok Series 2 w/ Key - Campus Bike Shop</title></head>'
            '<body><h1>Kryptonite</h1><span class="price">$45.99</span></body></html>')
    assert extract(html)["title"] == "Kryptonite KryptoLok Series 2 w/ Key"


def test_the_visible_h1_wins_over_a_markup_title_with_words_run_together_or_the_shop_prefixed() -> None:
    html = ('<html><head><meta property="og:title" content="HEART CLUBHeart Button Cardigan | mixxmix"></head>'
            '<body><h1><span>HEART CLUB</span>Heart Button Cardigan</h1><span class="price">$30.00</span>'
            '</body></html>')
    assert extract(html, "https://www.mixxmix.com/p/1")["title"] == "HEART CLUB Heart Button Cardigan"
    html = ('<html><head><meta property="og:site_name" content="H&amp;M">'
            '<meta property="og:title" content="H&amp;M Bomber Jacket $24.99"></head>'
            '<body><h1>Bomber Jacket <span class="price">$24.99</span></h1></body></html>')
    assert extract(html, "https://www2.hm.com/p/1")["title"] == "Bomber Jacket"


def test_the_visible_h1_wins_over_a_markup_title_with_the_brand_prefixed() -> None:
    data = ('{"@context": "https://schema.org", "@type": "Product", "name": "AFC Cable Systems 1/2 x 25 ft. Conduit",'
            ' "brand": {"@type": "Brand", "name": "AFC Cable Systems"},'
            ' "offers": {"@type": "Offer", "price": "41.18", "priceCurrency": "USD"}}')
    html = (f'<html><head><script type="application/ld+json">{data}</script></head><body>'
            '<h2 class="brand">AFC Cable Systems</h2><h1>1/2 x 25 ft. Conduit</h1></body></html>')
    product = extract(html, "https://www.homedepot.com/p/1")
    assert (product["title"], product["brand"]) == ("1/2 x 25 ft. Conduit", "AFC Cable Systems")


def test_the_visible_h1_wins_over_a_markup_title_with_the_brand_and_an_item_code_added() -> None:
    html = ('<html><head><meta property="og:title" content="Nec E274F - BK 27IN LCD LED (60005830)"></head>'
            '<body><div class="brand">Nec</div><h1>E274F - BK 27IN LCD LED</h1>'
            '<span class="price">219,00 €</span><meta itemprop="brand" content="Nec"></body></html>')
    assert extract(html, "https://www.mylemon.example/p/1")["title"] == "E274F - BK 27IN LCD LED"
    # A longer markup title that adds words, not codes, is the fuller name and stays.
    html = ('<html><head><meta property="og:title" content="E274F Monitor with Stand and Cable"></head>'
            '<body><h1>E274F Monitor</h1><span class="price">219,00 €</span></body></html>')
    assert extract(html, "https://www.mylemon.example/p/1")["title"] == "E274F Monitor with Stand and Cable"


# ----------------------------------------------------------------------------- stock

def test_a_buy_button_disabled_until_a_size_is_chosen_means_in_stock() -> None:
    body = ('<html><body><h1>Bomber Jacket</h1><span class="price">$24.99</span>'
            '<form id="product"><select name="size"><option>S</option></select>'
            '<button type="submit" class="btn bag large disabled {marker}" id="btn-addToBag" disabled>'
            'Add to bag</button></form></body></html>')
    assert extract(body.format(marker="noSize"))["availability"] == "in_stock"
    assert extract(body.format(marker=""))["availability"] == "unknown"  # disabled alone says nothing


@pytest.mark.parametrize("button", [
    '<a class="btn-buy-big buy-button state-buy" id="buy-link" href="/cart/add/bb58?deal_id=1">Buy</a>',
    '<a class="btn cart-action" href="https://shop.example/add-to-cart/?id=7">Order</a>',
    '<button type="submit" class="btn btn-buy">Jetzt kaufen</button>',
])
def test_buy_buttons_named_by_class_or_pointing_at_the_cart_mean_in_stock(button: str) -> None:
    html = ('<html><body><header><a href="/cart" class="cart-link">Cart</a></header>'
            f'<h1>Potty Golf Set</h1><span class="price">$12.99</span>{button}</body></html>')
    assert extract(html)["availability"] == "in_stock"


def test_a_header_cart_link_is_no_buy_button() -> None:
    html = ('<html><body><div><a href="/cart" id="ls-cart-link" class="cart-link">Cart</a></div>'
            '<h1>Potty Golf Set</h1><span class="price">$12.99</span></body></html>')
    assert extract(html)["availability"] == "unknown"


def _ld_page(name: str, h1: str) -> str:
    return ('<html><head><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", '
            f'"name": "{name}", "offers": {{"@type": "Offer", "price": "199.99", "priceCurrency": "USD"}}}}'
            f'</script></head><body><h1>{h1}</h1><span class="price">$199.99</span></body></html>')


def test_the_h1_naming_the_markup_product_in_full_wins_a_shorter_one_does_not() -> None:
    long_h1 = "Lexmark MS317dn Monochrome Printer - 1200 x 1200 DPI, 35 PPM, USB 2.0, LAN - 35SC060"
    assert extract(_ld_page("Lexmark MS317dn Monochrome Printer - 35SC060", long_h1))["title"] == long_h1
    assert extract(_ld_page("Tiffany Novo Diamond Ring", "Diamond Ring"))["title"] == "Tiffany Novo Diamond Ring"
    assert extract(_ld_page("Canon EOS 5D Mark IV", "Digital Cameras"))["title"] == "Canon EOS 5D Mark IV"


# ----------------------------------------------------------------------------- identifiers

def test_the_buy_forms_hidden_sku_or_asin_input_is_the_sku() -> None:
    html = ('<html><body><h1>Boxershorts 6er Pack</h1><span class="price">49,95 €</span>'
            '<div class="related"><input type="hidden" name="ASIN" value="B000OTHER1"></div>'
            '<form method="post" action="/cart/add"><input type="hidden" name="session-id" value="260-85">'
            '<input type="hidden" name="product_id" value="3060">'
            '<input type="hidden" id="ASIN" name="ASIN" value="B09GKR43GY">'
            '<input type="submit" value="In den Einkaufswagen"></form></body></html>')
    assert extract(html, "https://www.amazon.de/dp/B09GKR43GY")["sku"] == "B09GKR43GY"
    no_code = html.replace('name="ASIN" value="B09GKR43GY"', 'name="quantity" value="1"')
    assert extract(no_code, "https://www.amazon.de/dp/B09GKR43GY")["sku"] is None  # a database id is no sku


def test_a_one_word_logo_h1_in_the_title_does_not_pass_for_the_product() -> None:
    html = ('<html><head><title>Walnut Desk Lamp | Lumio</title></head><body>'
            '<div class="brand"><h1 class="logo">Lumio</h1></div>'
            '<div class="pdp"><h1>Walnut desk lamp, dimmable</h1><span class="price">€89,00</span></div>'
            '</body></html>')
    assert extract(html, "https://www.lumio.example/p/1")["title"] == "Walnut desk lamp, dimmable"


def test_a_sold_out_page_that_calls_itself_a_product_is_product_data_without_an_identifier() -> None:
    # Euronics: "non disponibile online", the price only after a postcode, og:type product.
    html = ('<html><head><meta property="og:type" content="product"></head><body><h1>ASUS Cerberus V2</h1>'
            '<p class="availability">Non disponibile online</p></body></html>')
    url = "https://www.shop.example/p/1"
    assert ProductPage(url, html, GENERIC_PROFILE).has_product_data()
    assert not ProductPage(url, html.replace('content="product"', 'content="website"'), GENERIC_PROFILE).has_product_data()
