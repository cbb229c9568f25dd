"""Shapes of real shop markup: stock statements, buy buttons and article numbers (the
method is test_markup_variants_prices.py's: what a careful human reads from the page)."""
from __future__ import annotations

import json

import pytest

from tests.markup_shapes import BUY, check, extract, shop


# ----------------------------------------------------------------------------- availability

def _stock_page(stock_html: str, lang: str, price: str, button: str = "") -> str:
    return shop(f'<div class="product-price"><span class="price">{price}</span></div>{stock_html}{button}', lang)


STOCK_PHRASES = [
    # (id, lang, price, stock element, button, expected availability)
    ("de_auf_lager_shopware", "de-DE", "19,99 €",
     '<div class="product-delivery"><p class="delivery-information delivery-available">'
     '<link itemprop="availability"><span class="delivery-status-indicator bg-success"></span> Auf Lager</p></div>',
     "", "in_stock"),
    ("de_sofort_lieferbar", "de-DE", "19,99 €",
     '<div class="delivery-status"><span class="status status-2">Sofort lieferbar</span></div>', "", "in_stock"),
    ("de_nicht_verfuegbar", "de-DE", "19,99 €",
     '<div class="product-availability"><span class="stock-info">Nicht verfügbar</span></div>', "", "out_of_stock"),
    ("fr_en_stock_prestashop", "fr-FR", "19,99 €",
     '<div class="product-additional-info"><span id="product-availability">'
     '<i class="material-icons rtl-no-flip product-available">&#xE5CA;</i> En stock</span></div>',
     "", "in_stock"),
    ("fr_rupture_de_stock_prestashop", "fr-FR", "19,99 €",
     '<span id="product-availability"><i class="material-icons product-unavailable">&#xE14B;</i>'
     ' Rupture de stock</span>', '<button class="btn btn-primary add-to-cart" disabled>Ajouter au panier</button>',
     "out_of_stock"),
    ("es_disponible", "es-ES", "19,99 €", '<p class="stock">Disponible</p>', "", "in_stock"),
    ("es_agotado", "es-ES", "19,99 €", '<p class="stock out-of-stock">Agotado</p>', "", "out_of_stock"),
    ("it_esaurito", "it-IT", "19,99 €", '<div class="availability"><span>Esaurito</span></div>', "", "out_of_stock"),
    ("it_disponibile", "it-IT", "19,99 €", '<div class="availability"><span>Disponibile</span></div>', "", "in_stock"),
    ("pt_esgotado", "pt-PT", "19,99 €", '<div class="product-stock"><span>Esgotado</span></div>', "", "out_of_stock"),
    ("nl_op_voorraad", "nl-NL", "€ 19,95", '<div class="stock-status"><span class="in-stock">Op voorraad</span></div>',
     "", "in_stock"),
    ("nl_uitverkocht", "nl-NL", "€ 19,95", '<div class="stock-status"><span>Uitverkocht</span></div>', "", "out_of_stock"),
    ("pl_niedostepny", "pl-PL", "19,99 zł", '<div class="availability"><span>Niedostępny</span></div>', "",
     "out_of_stock"),
    ("pl_dostepny", "pl-PL", "19,99 zł", '<div class="availability"><span>Dostępny</span></div>', "", "in_stock"),
    ("ru_v_nalichii", "ru-RU", "1 990 ₽", '<div class="product-stock"><span>В наличии</span></div>', "", "in_stock"),
    ("ru_net_v_nalichii", "ru-RU", "1 990 ₽", '<div class="product-stock"><span>Нет в наличии</span></div>', "",
     "out_of_stock"),
    ("sv_slutsald", "sv-SE", "199 kr", '<div class="stock-status">Slutsåld</div>', "", "out_of_stock"),
    ("sv_i_lager", "sv-SE", "199 kr", '<div class="stock-status">I lager</div>', "", "in_stock"),
    ("ja_zaiko_ari", "ja", "¥1,280", '<div class="stock">在庫あり</div>', "", "in_stock"),
    ("ja_zaiko_gire", "ja", "¥1,280", '<div class="stock">在庫切れ</div>', "", "out_of_stock"),
    ("en_out_of_stock_woocommerce", "en-US", "$19.99", '<p class="stock out-of-stock">Out of stock</p>', "",
     "out_of_stock"),
    ("en_in_stock_woocommerce_count", "en-US", "$19.99", '<p class="stock in-stock">12 in stock</p>',
     '<button type="submit" name="add-to-cart" value="7" class="single_add_to_cart_button button alt">'
     'Add to cart</button>', "in_stock"),
    ("en_sold_out_shopify_disabled_button", "en-US", "$19.99", "",
     '<button type="submit" name="add" class="product-form__submit button" disabled><span>Sold out</span></button>',
     "out_of_stock"),
    ("en_notify_me_when_available", "en-US", "$19.99", '<p class="stock">Out of stock</p>',
     '<button type="button" class="btn notify-me">Notify me when available</button>', "out_of_stock"),
    ("en_notify_me_button_alone", "en-US", "$19.99", "",
     '<button type="button" class="btn btn-notify">Notify me when available</button>', "out_of_stock"),
    ("magento_stock_available_in_stock", "en-US", "$19.99",
     '<div class="product-info-stock-sku"><div class="stock available" title="Availability"><span>In stock</span>'
     '</div></div>', "", "in_stock"),
    ("magento_stock_unavailable", "en-US", "$19.99",
     '<div class="product-info-stock-sku"><div class="stock unavailable" title="Availability">'
     '<span>Out of stock</span></div></div>', "", "out_of_stock"),
    ("opencart_availability_label_in_list", "en-GB", "£19.99",
     '<ul class="list-unstyled"><li>Product Code: Lamp 1</li><li>Availability: In Stock</li></ul>',
     '<button type="button" id="button-cart" class="btn btn-primary">Add to Cart</button>', "in_stock"),
    ("opencart_availability_out_of_stock", "en-GB", "£19.99",
     '<ul class="list-unstyled"><li>Product Code: Lamp 1</li><li>Availability: Out Of Stock</li></ul>',
     '<button type="button" id="button-cart" class="btn btn-primary">Add to Cart</button>', "out_of_stock"),
    ("bigcommerce_add_button_enabled", "en-US", "$19.99", "",
     '<input id="form-action-addToCart" class="button button--primary" type="submit" value="Add to Cart">',
     "in_stock"),
    ("bigcommerce_out_of_stock_button_value", "en-US", "$19.99", "",
     '<input id="form-action-addToCart" class="button button--primary" type="submit" value="Out of stock" disabled>',
     "out_of_stock"),
    ("woocommerce_add_to_cart_enabled", "en-US", "$19.99", "",
     '<form class="cart" method="post"><div class="quantity"><input type="number" name="quantity" value="1"></div>'
     '<button type="submit" name="add-to-cart" value="7" class="single_add_to_cart_button button alt">Add to cart'
     '</button></form>', "in_stock"),
    ("de_labelled_availability_spans", "de-DE", "19,99 €",
     '<div class="product-info"><span>Verfügbarkeit:</span> <span>Auf Lager</span></div>', "", "in_stock"),
    ("de_labelled_out_of_stock_table_row_with_buy_button", "de-DE", "19,99 €",
     '<table class="details"><tr><td>Verfügbarkeit:</td><td>Nicht auf Lager</td></tr></table>',
     '<button class="btn-buy">In den Warenkorb</button>', "out_of_stock"),
    ("input_button_value_sold_out_disabled", "en-US", "$19.99", "",
     '<input type="submit" value="Sold Out" class="btn" disabled>', "out_of_stock"),
    ("email_me_when_back_in_stock_link", "en-US", "$19.99", "",
     '<a href="#" class="back-in-stock-btn">Email me when back in stock</a>', "out_of_stock"),
    ("de_notify_button_in_place_of_buy_button", "de-DE", "19,99 €", "",
     '<button class="btn btn-notify" type="submit">Benachrichtigen, wenn verfügbar</button>', "out_of_stock"),
    ("ja_zaiko_colon_nashi", "ja", "¥1,280", '<p class="stock">在庫：なし</p>', "", "out_of_stock"),
]


@pytest.mark.parametrize("lang,price,stock_html,button,availability",
                         [pytest.param(*case[1:], id=case[0]) for case in STOCK_PHRASES])
def test_the_shown_stock_statement_or_buy_button_gives_availability(lang: str, price: str, stock_html: str,
                                                                    button: str, availability: str) -> None:
    check(extract(_stock_page(stock_html, lang, price, button)), {"availability": availability})


def _ld(availability: str) -> str:
    data = {"@context": "https://schema.org", "@type": "Product", "name": "Walnut Desk Lamp", "sku": "WDL-1",
            "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "EUR", "availability": availability}}
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


@pytest.mark.parametrize("value,expected", [
    pytest.param("https://schema.org/InStock", "in_stock", id="ld_https_url_in_stock"),
    pytest.param("http://schema.org/InStock", "in_stock", id="ld_http_url_in_stock"),
    pytest.param("InStock", "in_stock", id="ld_bare_in_stock"),
    pytest.param("https://schema.org/OutOfStock", "out_of_stock", id="ld_https_url_out_of_stock"),
    pytest.param("http://schema.org/SoldOut", "out_of_stock", id="ld_http_url_sold_out"),
    pytest.param("OutOfStock", "out_of_stock", id="ld_bare_out_of_stock"),
])
def test_schema_org_availability_in_json_ld_in_any_spelling(value: str, expected: str) -> None:
    html = shop('<div class="product-price"><span class="price">89,00 €</span></div>', "de-DE", head=_ld(value))
    check(extract(html, "https://www.shop.example.de/p/1"), {"availability": expected, "price": 89.0, "sku": "WDL-1"})


@pytest.mark.parametrize("href,expected", [
    pytest.param("https://schema.org/InStock", "in_stock", id="microdata_link_in_stock"),
    pytest.param("http://schema.org/OutOfStock", "out_of_stock", id="microdata_link_out_of_stock"),
])
def test_schema_org_availability_in_microdata(href: str, expected: str) -> None:
    body = ('<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
            '<span class="price" itemprop="price" content="89.00">89,00 €</span>'
            '<meta itemprop="priceCurrency" content="EUR">'
            f'<link itemprop="availability" href="{href}"></div>')
    html = shop(f'<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Walnut Desk Lamp">'
                f'{body}</div>', "de-DE")
    check(extract(html, "https://www.shop.example.de/p/1"), {"availability": expected, "price": 89.0,
                                                            "currency": "EUR"})


@pytest.mark.parametrize("value,expected", [
    pytest.param("in_stock", "in_stock", id="js_state_in_stock"),
    pytest.param("out_of_stock", "out_of_stock", id="js_state_out_of_stock"),
])
def test_availability_as_a_word_in_a_js_state_object(value: str, expected: str) -> None:
    script = ('<script>window.__INITIAL_STATE__ = {product: {id: 42, name: "Walnut Desk Lamp", sku: "WDL-1", '
              f'price: 89.0, currency: "EUR", availability: "{value}"}}}};</script>')
    html = shop('<div class="product-price"><span class="price">89,00 €</span></div>', "de-DE", head=script)
    check(extract(html, "https://www.shop.example.de/p/1"), {"availability": expected, "price": 89.0})


_CAROUSEL = ('<section class="related-products"><h2>{heading}</h2><ul class="products">'
             '<li class="product"><a href="/p/2">Oak Desk Lamp</a><span class="price">{price}</span>'
             '<p class="stock">{stock}</p>{button}</li>'
             '<li class="product"><a href="/p/3">Brass Floor Lamp</a><span class="price">{price}</span>'
             '<p class="stock">{stock}</p>{button}</li></ul></section>')


@pytest.mark.parametrize("main,carousel,expected", [
    pytest.param('<p class="stock out-of-stock">Out of stock</p>',
                 {"stock": "In stock", "button": '<a class="button add_to_cart_button" href="?add-to-cart=2">'
                                                 'Add to cart</a>'},
                 "out_of_stock", id="main_out_carousel_in_en"),
    pytest.param('<p class="stock in-stock">In stock</p>' + BUY.format("Add to cart"),
                 {"stock": "Out of stock", "button": '<a class="button" href="/p/2">Read more</a>'},
                 "in_stock", id="main_in_carousel_out_en"),
    pytest.param('<div class="product-availability">Ausverkauft</div>',
                 {"stock": "Auf Lager", "button": '<button class="btn btn-buy">In den Warenkorb</button>'},
                 "out_of_stock", id="main_out_carousel_in_de"),
    pytest.param('<div class="product-availability">Auf Lager</div>',
                 {"stock": "Ausverkauft", "button": ""},
                 "in_stock", id="main_in_carousel_out_de_no_button"),
])
def test_the_main_product_s_stock_not_the_carousel_s(main: str, carousel: dict[str, str], expected: str) -> None:
    lang = "de-DE" if "Lager" in main + carousel["stock"] else "en-US"
    price = "19,99 €" if lang == "de-DE" else "$19.99"
    related = _CAROUSEL.format(heading="You may also like", price=price, **carousel)
    html = shop(f'<div class="summary"><span class="price">{price}</span>{main}</div>{related}', lang)
    check(extract(html), {"availability": expected, "price": 19.99})


# ----------------------------------------------------------------------------- sku labels

SKUS = [
    # (id, lang, price, identifier block, expected sku)
    ("woocommerce_sku_wrapper", "en-US", "$19.99",
     '<div class="product_meta"><span class="sku_wrapper">SKU: <span class="sku">ABC-123</span></span>'
     '<span class="posted_in">Category: <a href="/c/lamps" rel="tag">Lamps</a></span></div>', "ABC-123"),
    ("de_art_nr_colon", "de-DE", "19,99 €", '<div class="product-number">Art.-Nr.: 12345</div>', "12345"),
    ("de_artikelnummer_no_colon", "de-DE", "19,99 €",
     '<ul class="product-attributes"><li>Artikelnummer 12345</li><li>Farbe: Walnuss</li></ul>', "12345"),
    ("shopware_produktnummer_label_and_value", "de-DE", "19,99 €",
     '<ul class="product-detail-ordernumber-container"><li><span class="product-detail-ordernumber-label">'
     'Produktnummer:</span> <meta itemprop="productID" content="0a1b2c"><span class="product-detail-ordernumber" '
     'itemprop="sku">SW10042</span></li></ul>', "SW10042"),
    ("jtl_artikelnummer_dt_dd", "de-DE", "19,99 €",
     '<ul class="info-essential list-unstyled"><li class="product-sku"><strong>Artikelnummer: </strong>'
     '<span>JT-4711</span></li></ul>', "JT-4711"),
    ("fr_ref_space_colon", "fr-FR", "19,99 €", '<div class="product-reference"><span>Réf. : 123</span></div>', "123"),
    ("prestashop_reference_label", "fr-FR", "19,99 €",
     '<div class="product-reference"><label class="label">Référence </label><span itemprop="sku">demo_13</span></div>',
     "demo_13"),
    ("es_codigo", "es-ES", "19,99 €", '<p class="product-code">Código: 123</p>', "123"),
    ("ru_artikul", "ru-RU", "1 990 ₽", '<div class="product-article">Артикул: 123</div>', "123"),
    ("en_item_hash", "en-US", "$19.99", '<p class="item-number">Item # 123</p>', "123"),
    ("ro_cod_produs_with_dot", "ro-RO", "199,99 lei", '<div class="product-code">Cod. produs: 5011101268</div>',
     "5011101268"),
    ("pl_kod_produktu", "pl-PL", "19,99 zł", '<div class="product-code">Kod produktu: KP-778</div>', "KP-778"),
    ("de_artikelnr_dot", "de-DE", "19,99 €", '<span class="artnr">Artikelnr.: 99812</span>', "99812"),
    ("ja_hinban", "ja", "¥1,280", '<dl class="spec"><dt>品番</dt><dd>AB-1234</dd></dl>', "AB-1234"),
    ("ja_hinban_colon_fullwidth", "ja", "¥1,280", '<p class="item-code">品番：AB-1234</p>', "AB-1234"),
    ("magento_sku_attribute", "en-US", "$19.99",
     '<div class="product-info-stock-sku"><div class="product attribute sku"><strong class="type">SKU</strong>'
     '<div class="value" itemprop="sku">MH01-XS-Black</div></div></div>', "MH01-XS-Black"),
    ("bigcommerce_dt_dd_sku", "en-US", "$19.99",
     '<dl class="productView-info"><dt class="productView-info-name">SKU:</dt>'
     '<dd class="productView-info-value" data-product-sku>BC-0042</dd></dl>', "BC-0042"),
    ("opencart_product_code", "en-GB", "£19.99",
     '<ul class="list-unstyled"><li>Brand: <a href="/brand">Lumio</a></li><li>Product Code: WDL-9</li></ul>',
     "WDL-9"),
    ("sv_artikelnummer", "sv-SE", "199 kr", '<p class="sku">Artikelnummer: 100-2345</p>', "100-2345"),
    ("no_varenummer", "nb-NO", "199 kr", '<p class="product-sku">Varenummer: 88123</p>', "88123"),
    ("it_codice_articolo", "it-IT", "€ 49,90", '<p class="sku">Codice articolo: IT-5521</p>', "IT-5521"),
    ("nl_artikelnummer", "nl-NL", "€ 19,95", '<p>Artikelnummer: 8712345</p>', "8712345"),
    ("sku_in_carousel_is_not_main", "en-US", "$19.99",
     '<p class="sku">SKU: MAIN-1</p><section class="related"><div class="tile">'
     '<a href="/p/2">Oak Desk Lamp</a><span class="sku">SKU: OTHER-2</span></div></section>', "MAIN-1"),
    ("de_bestellnummer", "de-DE", "19,99 €", '<p class="order-number">Bestellnummer: 12345</p>', "12345"),
    ("de_best_nr_abbreviation", "de-DE", "19,99 €", '<p class="order-number">Best.-Nr.: 12345</p>', "12345"),
    ("da_varenr_abbreviation", "da-DK", "199 kr", '<p class="product-number">Varenr.: 12345</p>', "12345"),
]


@pytest.mark.parametrize("lang,price,block,sku", [pytest.param(*case[1:], id=case[0]) for case in SKUS])
def test_the_shop_s_article_number_from_its_printed_label(lang: str, price: str, block: str, sku: str) -> None:
    html = shop(f'<div class="product-price"><span class="price">{price}</span></div>{block}'
                '<button type="submit" class="add-to-cart">Add to cart</button>', lang)
    check(extract(html), {"sku": sku, "title": "Walnut Desk Lamp"})


def test_a_printed_model_number_is_the_maker_s_number() -> None:
    html = shop('<div class="product-price"><span class="price">$19.99</span></div>'
                '<ul class="specs"><li>Model: XY-1</li></ul><button class="add-to-cart">Add to cart</button>', "en-US")
    check(extract(html), {"mpn": "XY-1"})


# ----------------------------------------------------------------------------- whole pages

def test_a_shopify_product_page_with_a_sold_out_variant_button() -> None:
    html = shop('<div class="product__info-container"><p class="product__text caption-with-letter-spacing">LUMIO</p>'
                '<div class="price price--sold-out"><div class="price__regular">'
                '<span class="visually-hidden">Regular price</span>'
                '<span class="price-item price-item--regular">$89.00 USD</span></div></div>'
                '<span class="badge price__badge-sold-out">Sold out</span>'
                '<button type="submit" name="add" class="product-form__submit button button--full-width" disabled>'
                '<span>Sold out</span></button></div>', "en")
    check(extract(html, "https://lumio.example.com/products/walnut-desk-lamp"),
          {"price": 89.0, "currency": "USD", "availability": "out_of_stock", "title": "Walnut Desk Lamp"})


def test_a_hand_rolled_table_shop_with_price_stock_and_number() -> None:
    html = shop('<table class="details"><tr><td>Preis:</td><td><b>24,90 EUR</b></td></tr>'
                '<tr><td>Verfügbarkeit:</td><td>Sofort lieferbar</td></tr>'
                '<tr><td>Art.-Nr.:</td><td>HR-2201</td></tr></table>'
                '<input type="submit" value="In den Warenkorb">', "de")
    check(extract(html, "https://www.laden.example.de/artikel.php?id=2201"),
          {"price": 24.9, "currency": "EUR", "availability": "in_stock", "sku": "HR-2201"})


def test_a_vtex_page_with_unavailable_product_and_notify_form() -> None:
    html = shop('<div class="vtex-product-price-1-x-sellingPrice"><span class="vtex-product-price-1-x-sellingPriceValue">'
                'R$ 149,90</span></div><div class="vtex-store-components-3-x-availabilitySubscriber">'
                '<div class="vtex-store-components-3-x-title">Produto indisponível</div>'
                '<div class="vtex-store-components-3-x-subscribeLabel">Avise-me quando chegar</div></div>', "pt-BR")
    check(extract(html, "https://www.loja.example.com.br/walnut/p"),
          {"price": 149.9, "currency": "BRL", "availability": "out_of_stock"})
