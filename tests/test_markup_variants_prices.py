"""Shapes of real shop markup, read by the generic extraction (no site profile).

Each case is a small page built the way a platform's theme or a hand-rolled shop prints a
product (Shopify, WooCommerce, Magento 2, PrestaShop, Shopware 6, BigCommerce, Salesforce
Commerce Cloud, VTEX, OpenCart, JTL, ...), in the shop's own locale. The expectations are
what a careful human reads from the page: the current price and its currency, whether the
product can be bought, the shop's article number and the product's name. None copies one
shop's page; they are the common patterns.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import BUY, check, extract, shop


# ----------------------------------------------------------------------------- price formats

PRICES = [
    # (id, url, lang, price block, expected price, expected currency)
    ("de_thousands_dot_decimal_comma_euro_after", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="product-detail-price">1.234,56 €</div>' + BUY.format("In den Warenkorb"), 1234.56, "EUR"),
    ("nl_euro_before_thousands_dot", "https://www.winkel.example.nl/p/1", "nl-NL",
     '<div class="price-box"><span class="price">€ 1.234,56</span></div>' + BUY.format("In winkelwagen"),
     1234.56, "EUR"),
    ("pl_space_thousands_zloty", "https://sklep.example.pl/p/1", "pl-PL",
     '<div class="product-price"><span class="price">1\u00a0234,56\u00a0zł</span></div>' + BUY.format("Dodaj do koszyka"),
     1234.56, "PLN"),
    ("ch_apostrophe_thousands_chf_before", "https://www.shop.example.ch/p/1", "de-CH",
     '<div class="price">CHF 1\'234.50</div>' + BUY.format("In den Warenkorb"), 1234.5, "CHF"),
    ("in_lakh_grouping_rupee", "https://www.shop.example.in/p/1", "en-IN",
     '<div class="pdp-price"><span class="price">₹1,23,456.00</span></div>' + BUY.format("Add to Cart"),
     123456.0, "INR"),
    ("se_kr_before_colon_dash", "https://www.butik.example.se/p/1", "sv-SE",
     '<div class="product-price"><span class="price">kr 1 234:-</span></div>' + BUY.format("Lägg i varukorgen"),
     1234.0, "SEK"),
    ("dk_space_thousands_kr_after", "https://www.butik.example.dk/p/1", "da-DK",
     '<div class="product-price"><span class="price">1 234 kr</span></div>' + BUY.format("Læg i kurv"), 1234.0, "DKK"),
    ("jp_yen_halfwidth", "https://www.shop.example.jp/p/1", "ja",
     '<div class="product-price"><span class="price">¥1,234</span></div>' + BUY.format("カートに入れる"), 1234.0, "JPY"),
    ("jp_fullwidth_yen_tax_included", "https://www.shop.example.jp/p/1", "ja",
     '<div class="product-price"><span class="price">￥1,234（税込）</span></div>' + BUY.format("カートに入れる"),
     1234.0, "JPY"),
    ("br_real_thousands_dot", "https://www.loja.example.com.br/p/1", "pt-BR",
     '<div class="product-price"><span class="price">R$ 1.234,56</span></div>' + BUY.format("Comprar"), 1234.56, "BRL"),
    ("us_dollar_thousands_comma", "https://www.shop.example.com/p/1", "en-US",
     '<div class="product-price"><span class="price">$1,234.56</span></div>' + BUY.format("Add to Cart"),
     1234.56, "USD"),
    ("uk_pound", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="product-price"><span class="price">£12.99</span></div>' + BUY.format("Add to basket"), 12.99, "GBP"),
    ("de_shopware_asterisk_footnote", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="product-detail-price-container"><p class="product-detail-price">12,99 €*</p>'
     '<p class="product-detail-tax-container"><a href="/versand">* inkl. MwSt. zzgl. Versandkosten</a></p></div>'
     + BUY.format("In den Warenkorb"), 12.99, "EUR"),
    ("de_ab_from_price", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="price">ab 12,99 €</div>' + BUY.format("In den Warenkorb"), 12.99, "EUR"),
    ("cents_in_sup", "https://www.shop.example.com/p/1", "en-US",
     '<div class="product-price"><span class="currency">$</span><span class="dollars">12</span><sup>99</sup></div>'
     + BUY.format("Add to Cart"), 12.99, "USD"),
    ("decimal_part_in_small", "https://www.shop.example.de/p/1", "de-DE",
     '<span class="price">12<small>,99</small> €</span>' + BUY.format("In den Warenkorb"), 12.99, "EUR"),
    ("now_before_was", "https://www.shop.example.com/p/1", "en-US",
     '<div class="product-price"><span class="price">Now $10.00 Was $20.00</span></div>' + BUY.format("Add to Cart"),
     10.0, "USD"),
    ("shopify_sale_price_regular_price_labels", "https://www.shop.example.com/products/lamp", "en-US",
     '<div class="price price--on-sale"><div class="price__container"><div class="price__sale">'
     '<span class="visually-hidden visually-hidden--inline">Sale price</span>'
     '<span class="price-item price-item--sale price-item--last">$10.00</span>'
     '<span class="visually-hidden visually-hidden--inline">Regular price</span>'
     '<span><s class="price-item price-item--regular">$20.00</s></span></div></div></div>'
     '<button type="submit" name="add" class="product-form__submit button">Add to cart</button>', 10.0, "USD"),
    ("woocommerce_del_ins_amount_spans", "https://www.shop.example.com/product/lamp/", "en-US",
     '<p class="price"><del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>'
     '<span class="woocommerce-Price-currencySymbol">$</span>20.00</bdi></span></del> '
     '<ins><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>'
     '15.00</bdi></span></ins></p><button type="submit" name="add-to-cart" value="12" '
     'class="single_add_to_cart_button button alt">Add to cart</button>', 15.0, "USD"),
    ("s_struck_old_price_before_new", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="product-price"><s class="old">£40.00</s> <span class="new">£30.00</span></div>'
     + BUY.format("Add to basket"), 30.0, "GBP"),
    ("strike_old_price_after_new", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="price"><span>£30.00</span> <strike>£40.00</strike></div>' + BUY.format("Add to basket"),
     30.0, "GBP"),
    ("de_uvp_next_to_price", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="product-prices"><span class="price">39,99 €</span>'
     '<span class="list-price">UVP 49,99 €</span></div>' + BUY.format("In den Warenkorb"), 39.99, "EUR"),
    ("de_uvp_before_price", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="prices"><div>UVP 49,99 €</div><div class="price">39,99 €</div></div>'
     + BUY.format("In den Warenkorb"), 39.99, "EUR"),
    ("uk_rrp_next_to_price", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="product-price"><p class="rrp">RRP £30.00</p><p class="our-price">£25.00</p></div>'
     + BUY.format("Add to basket"), 25.0, "GBP"),
    ("de_unit_price_per_100g", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="product-price"><span class="price">4,99 €</span>'
     '<span class="base-price">(2,50 € / 100 g)</span></div>' + BUY.format("In den Warenkorb"), 4.99, "EUR"),
    ("ie_unit_price_per_kg_first", "https://www.shop.example.ie/p/1", "en-IE",
     '<div class="product-info"><span class="unit">€12.00/kg</span> <span class="price">€6.00</span></div>'
     + BUY.format("Add to basket"), 6.0, "EUR"),
    ("magento_data_price_amount_final_and_old", "https://www.shop.example.de/lamp.html", "de-DE",
     '<div class="product-info-price"><div class="price-box price-final_price" data-role="priceBox" '
     'data-product-id="42"><span class="special-price"><span class="price-container price-final_price tax weee">'
     '<span class="price-label">Sonderpreis</span><span id="product-price-42" data-price-amount="59.9" '
     'data-price-type="finalPrice" class="price-wrapper "><span class="price">59,90 €</span></span></span></span>'
     '<span class="old-price"><span class="price-container price-final_price tax weee">'
     '<span class="price-label">Regulärer Preis</span><span id="old-price-42" data-price-amount="79.9" '
     'data-price-type="oldPrice" class="price-wrapper "><span class="price">79,90 €</span></span></span></span>'
     '</div></div><button type="submit" title="In den Warenkorb" class="action primary tocart" '
     'id="product-addtocart-button"><span>In den Warenkorb</span></button>', 59.9, "EUR"),
    ("magento_data_price_amount_only", "https://www.shop.example.com/lamp.html", "en-US",
     '<div class="price-box price-final_price"><span class="price-container">'
     '<span data-price-amount="49" data-price-type="finalPrice" class="price-wrapper"></span></span></div>'
     '<button type="submit" class="action primary tocart"><span>Add to Cart</span></button>', 49.0, None),
    ("stray_meta_itemprop_price", "https://www.boutique.example.fr/p/1", "fr-FR",
     '<div class="product-prices"><div class="current-price"><span class="current-price-value">19,99 €</span>'
     '<meta itemprop="price" content="19.99"><meta itemprop="priceCurrency" content="EUR"></div></div>'
     + BUY.format("Ajouter au panier"), 19.99, "EUR"),
    ("stray_meta_itemprop_price_differs_from_text_scale", "https://www.shop.example.com/p/1", "en-US",
     '<div class="product-price"><meta itemprop="price" content="1234.50">'
     '<meta itemprop="priceCurrency" content="USD"><span>$1,234.50</span></div>' + BUY.format("Add to Cart"),
     1234.5, "USD"),
    ("price_range_lowest", "https://www.shop.example.com/p/1", "en-US",
     '<div class="product-price"><span class="price">$10.00 – $20.00</span></div>'
     '<select name="size"><option>S</option><option>L</option></select>' + BUY.format("Add to Cart"), 10.0, "USD"),
    ("woocommerce_variable_range", "https://www.shop.example.com/product/lamp/", "en-US",
     '<p class="price"><span class="woocommerce-Price-amount amount"><bdi>'
     '<span class="woocommerce-Price-currencySymbol">$</span>10.00</bdi></span> &ndash; '
     '<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>'
     '20.00</bdi></span></p>', 10.0, "USD"),
    ("uk_incl_vat_suffix", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="product-price"><span class="price">£29.99</span> <span class="tax">incl. VAT</span></div>'
     + BUY.format("Add to basket"), 29.99, "GBP"),
    ("de_inkl_mwst_same_element", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="price">29,99 € inkl. MwSt.</div>' + BUY.format("In den Warenkorb"), 29.99, "EUR"),
    ("at_euro_before_no_space_with_shipping_line", "https://www.shop.example.at/p/1", "de-AT",
     '<div class="price">€1.299,-</div><p class="shipping">zzgl. Versand € 4,90</p>' + BUY.format("In den Warenkorb"),
     1299.0, "EUR"),
    ("fr_narrow_nbsp_euro", "https://www.boutique.example.fr/p/1", "fr-FR",
     '<div class="product-prices"><span class="price">1\u202f234,56\u00a0€</span> <span>TTC</span></div>'
     + BUY.format("Ajouter au panier"), 1234.56, "EUR"),
    ("es_euro_after_comma", "https://www.tienda.example.es/p/1", "es-ES",
     '<div class="product-price"><span class="price">1.234,56 €</span> <span>IVA incluido</span></div>'
     + BUY.format("Añadir al carrito"), 1234.56, "EUR"),
    ("it_euro_before_space", "https://www.negozio.example.it/p/1", "it-IT",
     '<div class="price-box"><span class="price">€ 49,90</span></div>' + BUY.format("Aggiungi al carrello"),
     49.9, "EUR"),
    ("cz_kc_after", "https://www.obchod.example.cz/p/1", "cs-CZ",
     '<div class="price-final"><strong>2 490 Kč</strong></div>' + BUY.format("Do košíku"), 2490.0, "CZK"),
    ("bigcommerce_price_section", "https://www.shop.example.com/lamp/", "en-US",
     '<div class="productView-price"><div class="price-section price-section--withoutTax rrp-price--withoutTax">'
     'MSRP: <span data-product-rrp-price-without-tax class="price price--rrp">$59.00</span></div>'
     '<div class="price-section price-section--withoutTax"><span class="price-label">Price:</span>'
     '<span data-product-price-without-tax class="price price--withoutTax">$45.00</span></div></div>'
     '<input id="form-action-addToCart" data-wait-message="Adding to cart…" class="button button--primary" '
     'type="submit" value="Add to Cart">', 45.0, "USD"),
    ("sfcc_strike_list_and_sales", "https://www.shop.example.com/lamp.html", "en-US",
     '<div class="prices"><div class="price"><span><del><span class="strike-through list">'
     '<span class="value" content="80.00">$80.00</span></span></del>'
     '<span class="sales"><span class="value" content="64.00">$64.00</span></span></span></div></div>'
     '<button class="add-to-cart btn btn-primary" data-pid="701644">Add to Cart</button>', 64.0, "USD"),
    ("opencart_price_ex_tax_line", "https://www.shop.example.com/index.php?route=product/product&product_id=42",
     "en-GB",
     '<ul class="list-unstyled"><li><h2>$122.00</h2></li><li>Ex Tax: $100.00</li></ul>'
     '<button type="button" id="button-cart" class="btn btn-primary btn-lg btn-block">Add to Cart</button>',
     122.0, "USD"),
    ("prestashop_regular_and_current", "https://www.boutique.example.fr/p/1", "fr-FR",
     '<div class="product-prices"><div class="product-discount"><span class="regular-price">29,00 €</span></div>'
     '<div class="product-price h5 has-discount"><div class="current-price"><span class="current-price-value" '
     'content="23.2">23,20 €</span><span class="discount discount-percentage">-20%</span></div></div>'
     '<div class="tax-shipping-delivery-label">TTC</div></div>' + BUY.format("Ajouter au panier"), 23.2, "EUR"),
    ("vtex_de_por_list_and_selling", "https://www.loja.example.com.br/p", "pt-BR",
     '<div class="vtex-product-price-1-x-listPrice">De <span class="vtex-product-price-1-x-listPriceValue">'
     'R$ 199,90</span></div><div class="vtex-product-price-1-x-sellingPrice">Por '
     '<span class="vtex-product-price-1-x-sellingPriceValue">R$ 149,90</span></div>'
     '<button class="vtex-add-to-cart-button-0-x-buttonText">Adicionar ao carrinho</button>', 149.9, "BRL"),
    ("jtl_price_with_vat_note", "https://www.shop.example.de/Lampe", "de-DE",
     '<div class="price_wrapper"><strong class="price text-nowrap"><span>19,95 €</span><span class="footnote-reference">'
     '*</span></strong><div class="price-note"><span class="vat_info">inkl. 19% USt. zzgl. Versand</span></div></div>'
     '<button name="inWarenkorb" type="submit" class="submit btn btn-primary">In den Warenkorb</button>',
     19.95, "EUR"),
    # several amounts in one element: the current one, then the old / unit / pre-tax one
    ("de_price_then_statt_old_price_same_element", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="price">39,99 € statt 49,99 €</div>' + BUY.format("In den Warenkorb"), 39.99, "EUR"),
    ("uk_price_then_rrp_same_element", "https://www.shop.example.co.uk/p/1", "en-GB",
     '<div class="product-price"><span class="price">£10.00 RRP £20.00</span></div>' + BUY.format("Add to basket"),
     10.0, "GBP"),
    ("fr_price_then_au_lieu_de_old_price", "https://www.boutique.example.fr/p/1", "fr-FR",
     '<div class="price">39,99 € au lieu de 49,99 €</div>' + BUY.format("Ajouter au panier"), 39.99, "EUR"),
    ("de_unit_price_in_the_price_element", "https://www.shop.example.de/p/1", "de-DE",
     '<div class="price">4,99 € <span>(2,50 € / 100 g)</span></div>' + BUY.format("In den Warenkorb"), 4.99, "EUR"),
    ("jp_tax_excluded_and_tax_included_pair", "https://www.shop.example.jp/p/1", "ja",
     '<div class="price">1,122円（税抜） 1,234円（税込）</div>' + BUY.format("カートに入れる"), 1234.0, "JPY"),
    ("shopify_price_from_box", "https://www.shop.example.com/products/lamp", "en-US",
     '<div class="price price--from"><span class="price-item">From $10.00</span></div>'
     '<button type="submit" name="add" class="product-form__submit">Add to cart</button>', 10.0, "USD"),
    ("ch_typographic_apostrophe_thousands", "https://www.shop.example.ch/p/1", "de-CH",
     '<div class="price">CHF 1’234.50</div>' + BUY.format("In den Warenkorb"), 1234.5, "CHF"),
]


@pytest.mark.parametrize("url,lang,body,price,currency",
                         [pytest.param(*case[1:], id=case[0]) for case in PRICES])
def test_the_current_price_and_its_currency_as_printed(url: str, lang: str, body: str, price: float,
                                                       currency: str | None) -> None:
    expected: dict[str, Any] = {"price": price, "title": "Walnut Desk Lamp"}
    if currency is not None:
        expected["currency"] = currency
    check(extract(shop(body, lang), url), expected)


# ----------------------------------------------------------------------------- currency inference

CURRENCIES = [
    ("dollar_on_com_mx", "https://www.tienda.example.com.mx/p/1", "es", "", "$1,299.00", 1299.0, "MXN"),
    ("dollar_with_lang_en_ca_on_com", "https://www.shop.example.com/p/1", "en-CA", "", "$24.99", 24.99, "CAD"),
    ("dollar_with_lang_fr_ca_on_com", "https://www.boutique.example.com/p/1", "fr-CA", "", "24,99 $", 24.99, "CAD"),
    ("dollar_with_lang_en_au_on_com", "https://www.shop.example.com/p/1", "en-AU", "", "$24.99", 24.99, "AUD"),
    ("dollar_on_co_nz", "https://www.shop.example.co.nz/p/1", "en", "", "$24.99", 24.99, "NZD"),
    ("dollar_with_og_locale_en_ca", "https://www.shop.example.com/p/1", "en",
     '<meta property="og:locale" content="en_CA">', "$24.99", 24.99, "CAD"),
    ("dollar_plain_on_com", "https://www.shop.example.com/p/1", "en", "", "$24.99", 24.99, "USD"),
    ("kr_dot_on_dk", "https://www.butik.example.dk/p/1", "da", "", "kr. 199,00", 199.0, "DKK"),
    ("kr_comma_dash_on_no", "https://www.butikk.example.no/p/1", "nb", "", "kr 199,-", 199.0, "NOK"),
    ("kr_on_se", "https://www.butik.example.se/p/1", "sv", "", "199 kr", 199.0, "SEK"),
    ("kr_with_lang_sv_on_com", "https://www.shop.example.com/p/1", "sv-SE", "", "199 kr", 199.0, "SEK"),
    ("kr_with_lang_da_on_com", "https://www.shop.example.com/p/1", "da-DK", "", "199,00 kr.", 199.0, "DKK"),
    ("yen_with_lang_ja_on_com", "https://www.shop.example.com/p/1", "ja", "", "¥1,280", 1280.0, "JPY"),
    ("yen_with_lang_zh_cn_on_com", "https://www.shop.example.com/p/1", "zh-CN", "", "¥128.00", 128.0, "CNY"),
    ("fullwidth_yen_with_lang_zh_cn", "https://www.shop.example.com/p/1", "zh-CN", "", "￥128.00", 128.0, "CNY"),
    ("yen_on_cn_tld", "https://www.shop.example.cn/p/1", "zh", "", "¥128.00", 128.0, "CNY"),
]


@pytest.mark.parametrize("url,lang,head,shown,price,currency",
                         [pytest.param(*case[1:], id=case[0]) for case in CURRENCIES])
def test_an_ambiguous_symbol_takes_the_shop_s_country(url: str, lang: str, head: str, shown: str, price: float,
                                                     currency: str) -> None:
    html = shop(f'<div class="product-price"><span class="price">{shown}</span></div>'
                '<button type="submit" class="add-to-cart">Add to cart</button>', lang, head=head)
    check(extract(html, url), {"price": price, "currency": currency})


