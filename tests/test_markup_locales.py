"""Locale probes of the generic extraction (no site profile), part 1: Europe (Ukraine to Switzerland); part 2,
tests/test_markup_locales2.py: the Middle East, Asia, the Americas and Africa.

Each case is a product page of a fictitious shop ("Lumio") selling a walnut desk lamp in one market, printed
the way that market's shops print it: the price as the market formats it (sometimes with a struck old price),
the stock statement and the buy button in the local language, a labelled article number. Some pages carry a
schema.org Product whose offer has price and currency but no availability (that is only in the DOM). The
currency is what a shopper in that market pays in, read from the symbol, the page language and the country
domain. The expectations are what a careful native reader reads from the page.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.markup_shapes import BUY, case_table, check, extract, shop

CASES, case = case_table()


def page(lang: str, price: str, *, stock: str = "", info: str = "", button: str = "", name: str,
         head: str = "") -> str:
    """A schema-less product page: the price block, the stock element, an info block, the buy button."""
    return shop(f'<div class="product-price">{price}</div>{stock}{info}{button}', lang, name=name, head=head)


def ld(name: str, price: str, currency: str, sku: str = "") -> str:
    """A JSON-LD Product whose offer has price and priceCurrency and no availability."""
    data: dict[str, Any] = {"@context": "https://schema.org", "@type": "Product", "name": name,
                            "offers": {"@type": "Offer", "price": price, "priceCurrency": currency}}
    if sku:
        data["sku"] = sku
    return f'<script type="application/ld+json">{json.dumps(data, ensure_ascii=False)}</script>'


def now(text: str) -> str:
    return f'<span class="price">{text}</span>'


def was(word: str, text: str) -> str:
    return f'<span class="price-old">{word} <del>{text}</del></span>'


# ============================================================================ Ukrainian (.ua, UAH)
UA, UA_NAME = "https://lumio.ua/p/1", "Настільна лампа з горіха"
case("uk_hryvnia_word_v_nayavnosti_artykul_buy_button",
     page("uk-UA", now("1\u00a0299 грн"), name=UA_NAME,
          stock='<div class="product-stock"><span class="in-stock">В наявності</span></div>',
          info='<p>Артикул: WDL-1042</p>', button=BUY.format("Купити")),
     UA, price=1299.0, currency="UAH", availability="in_stock", sku="WDL-1042")
case("uk_hryvnia_sign_old_price_nemaie_v_nayavnosti_notify_button",
     page("uk-UA", was("Стара ціна:", "1 599 ₴") + now("1 299 ₴"), name=UA_NAME,
          stock='<p class="availability">Немає в наявності</p>',
          button='<button type="button" class="btn notify">Повідомити про наявність</button>'),
     UA, price=1299.0, currency="UAH", availability="out_of_stock")
case("uk_json_ld_uah_dom_zakinchyvsia",
     page("uk-UA", now("1 299 грн"), name=UA_NAME, head=ld(UA_NAME, "1299.00", "UAH", "WDL-1042"),
          stock='<div class="stock">Закінчився</div>'),
     UA, price=1299.0, currency="UAH", availability="out_of_stock", sku="WDL-1042")

# ============================================================================ Czech (.cz, CZK)
CZ, CZ_NAME = "https://www.lumio-shop.cz/p/1", "Stolní lampa z ořechu"
case("cs_koruna_skladem_kod_produktu_do_kosiku",
     page("cs-CZ", now("1\u00a0299\u00a0Kč"), name=CZ_NAME,
          stock='<div class="availability"><span class="availability-label">Skladem</span></div>',
          info='<p>Kód produktu: WDL-1042</p>', button=BUY.format("Do košíku")),
     CZ, price=1299.0, currency="CZK", availability="in_stock", sku="WDL-1042")
case("cs_puvodni_cena_struck_vyprodano_hlidat_dostupnost",
     page("cs-CZ", was("Původní cena:", "1 599 Kč") + now("1 299 Kč"), name=CZ_NAME,
          stock='<div class="availability">Vyprodáno</div>',
          button='<button type="button" class="btn watchdog">Hlídat dostupnost</button>'),
     CZ, price=1299.0, currency="CZK", availability="out_of_stock")
case("cs_labelled_dostupnost_neni_skladem_katalogove_cislo_table",
     page("cs-CZ", now("1 299,00 Kč"), name=CZ_NAME,
          info='<table class="detail-parameters"><tr><th>Dostupnost:</th><td>Není skladem</td></tr>'
               '<tr><th>Katalogové číslo:</th><td>WDL-1042</td></tr></table>',
          button=BUY.format("Do košíku")),
     CZ, price=1299.0, currency="CZK", availability="out_of_stock", sku="WDL-1042")
case("cs_json_ld_czk_dom_predobjednavka",
     page("cs-CZ", now("1 299 Kč"), name=CZ_NAME, head=ld(CZ_NAME, "1299", "CZK", "WDL-1042"),
          stock='<p class="stock">Předobjednávka – expedice 15. 1. 2027</p>', button=BUY.format("Předobjednat")),
     CZ, price=1299.0, currency="CZK", availability="preorder", sku="WDL-1042")

# ============================================================================ Slovak (.sk, EUR)
SK, SK_NAME = "https://www.lumio.sk/p/1", "Stolová lampa z orecha"
case("sk_euro_labelled_dostupnost_na_sklade_kod_produktu",
     page("sk-SK", now("49,90\u00a0€"), name=SK_NAME,
          stock='<p class="availability">Dostupnosť: <strong>Na sklade</strong></p>',
          info='<span>Kód produktu: WDL-1042</span>', button=BUY.format("Do košíka")),
     SK, price=49.9, currency="EUR", availability="in_stock", sku="WDL-1042")
case("sk_povodna_cena_struck_vypredane_no_button",
     page("sk-SK", was("Pôvodná cena", "59,90 €") + now("49,90 €"), name=SK_NAME,
          stock='<div class="stock">Vypredané</div>'),
     SK, price=49.9, currency="EUR", availability="out_of_stock")

# ============================================================================ Hungarian (.hu, HUF)
HU, HU_NAME = "https://www.lumio.hu/p/1", "Diófa asztali lámpa"
case("hu_forint_raktaron_cikkszam_kosarba",
     page("hu-HU", now("12\u00a0990 Ft"), name=HU_NAME, stock='<div class="stock">Raktáron</div>',
          info='<p>Cikkszám: WDL-1042</p>', button=BUY.format("Kosárba")),
     HU, price=12990.0, currency="HUF", availability="in_stock", sku="WDL-1042")
case("hu_eredeti_ar_struck_labelled_elerhetoseg_nincs_keszleten",
     page("hu-HU", was("Eredeti ár:", "14 990 Ft") + now("12 990 Ft"), name=HU_NAME,
          info='<ul class="product-data"><li>Elérhetőség: Nincs készleten</li><li>Cikkszám: WDL-1042</li></ul>',
          button='<button type="button" class="btn">Értesítést kérek</button>'),
     HU, price=12990.0, currency="HUF", availability="out_of_stock", sku="WDL-1042")
case("hu_json_ld_huf_dom_elfogyott",
     page("hu-HU", now("12 990 Ft"), name=HU_NAME, head=ld(HU_NAME, "12990", "HUF", "WDL-1042"),
          stock='<span class="availability">Elfogyott</span>'),
     HU, price=12990.0, currency="HUF", availability="out_of_stock", sku="WDL-1042")

# ============================================================================ Romanian (.ro, RON)
RO, RO_NAME = "https://www.lumio.ro/p/1", "Lampă de birou din nuc"
case("ro_lei_in_stoc_cod_produs_adauga_in_cos",
     page("ro-RO", now("249,99 lei"), name=RO_NAME, stock='<div class="stock">În stoc</div>',
          info='<p>Cod produs: WDL-1042</p>', button=BUY.format("Adaugă în coș")),
     RO, price=249.99, currency="RON", availability="in_stock", sku="WDL-1042")
case("ro_pret_vechi_struck_labelled_disponibilitate_stoc_epuizat",
     page("ro-RO", was("Preț vechi:", "299,99 lei") + now("249,99 Lei"), name=RO_NAME,
          info='<p>Disponibilitate: Stoc epuizat</p>'),
     RO, price=249.99, currency="RON", availability="out_of_stock")
case("ro_ron_code_dot_thousands_stoc_limitat",
     page("ro-RO", now("1.299,00 RON"), name=RO_NAME, stock='<span class="availability">Stoc limitat</span>',
          button=BUY.format("Adaugă în coș")),
     RO, price=1299.0, currency="RON", availability="in_stock")

# ============================================================================ Bulgarian (.bg, BGN until 2026, EUR)
BG, BG_NAME = "https://www.lumio.bg/p/1", "Настолна лампа от орех"
case("bg_leva_v_nalichnost_artikul_dobavi_v_kolichkata",
     page("bg-BG", now("29,99 лв."), name=BG_NAME, stock='<div class="availability">В наличност</div>',
          info='<p>Артикул: WDL-1042</p>', button=BUY.format("Добави в количката")),
     BG, price=29.99, currency="BGN", availability="in_stock", sku="WDL-1042")
case("bg_dual_display_euro_first_leva_second_izcherpan",
     page("bg-BG", now("15,33 €") + ' <span class="price-secondary">29,99 лв.</span>', name=BG_NAME,
          stock='<div class="stock">Изчерпан</div>'),
     BG, price=15.33, currency="EUR", availability="out_of_stock")

# ============================================================================ Croatian (.hr, EUR) / Serbian (.rs, RSD)
HR, HR_NAME = "https://www.lumio.hr/p/1", "Stolna svjetiljka od oraha"
case("hr_euro_na_stanju_sifra_proizvoda_dodaj_u_kosaricu",
     page("hr-HR", now("89,99 €"), name=HR_NAME, stock='<p class="stock">Na stanju</p>',
          info='<p>Šifra proizvoda: WDL-1042</p>', button=BUY.format("Dodaj u košaricu")),
     HR, price=89.99, currency="EUR", availability="in_stock", sku="WDL-1042")
RS = "https://www.lumio.rs/p/1"
case("sr_cyrillic_dinar_nema_na_stanju_sifra",
     page("sr-RS", now("4.999 дин."), name="Стона лампа од ораха",
          stock='<div class="availability">Нема на стању</div>', info='<p>Шифра: WDL-1042</p>'),
     RS, price=4999.0, currency="RSD", availability="out_of_stock", sku="WDL-1042")
case("sr_latin_rsd_code_labelled_dostupnost_na_stanju_dodaj_u_korpu",
     page("sr-Latn-RS", now("4.999,00 RSD"), name="Stona lampa od oraha",
          info='<p>Dostupnost: Na stanju</p>', button=BUY.format("Dodaj u korpu")),
     RS, price=4999.0, currency="RSD", availability="in_stock")

# ============================================================================ Greek (.gr, EUR)
GR, GR_NAME = "https://www.lumio.gr/p/1", "Επιτραπέζιο φωτιστικό από καρυδιά"
case("el_amesa_diathesimo_kodikos_proiontos_prosthiki_sto_kalathi",
     page("el-GR", now("49,90 €"), name=GR_NAME, stock='<div class="availability">Άμεσα διαθέσιμο</div>',
          info='<p>Κωδικός προϊόντος: WDL-1042</p>', button=BUY.format("Προσθήκη στο καλάθι")),
     GR, price=49.9, currency="EUR", availability="in_stock", sku="WDL-1042")
case("el_json_ld_eur_dom_exantlithike",
     page("el-GR", now("49,90 €"), name=GR_NAME, head=ld(GR_NAME, "49.90", "EUR", "WDL-1042"),
          stock='<p class="stock">Εξαντλήθηκε</p>'),
     GR, price=49.9, currency="EUR", availability="out_of_stock", sku="WDL-1042")
case("el_arxiki_timi_struck_labelled_diathesimotita_mi_diathesimo",
     page("el-GR", was("Αρχική τιμή:", "59,90 €") + now("49,90€"), name=GR_NAME,
          info='<p>Διαθεσιμότητα: Μη διαθέσιμο</p>'),
     GR, price=49.9, currency="EUR", availability="out_of_stock")

# ============================================================================ Turkish (.com.tr, TRY)
TR, TR_NAME = "https://www.lumio.com.tr/p/1", "Ceviz Masa Lambası"
case("tr_tl_dot_thousands_stokta_var_urun_kodu_sepete_ekle",
     page("tr-TR", now("1.299,90 TL"), name=TR_NAME, stock='<div class="stock-status">Stokta var</div>',
          info='<p>Ürün Kodu: WDL-1042</p>', button=BUY.format("Sepete Ekle")),
     TR, price=1299.9, currency="TRY", availability="in_stock", sku="WDL-1042")
case("tr_lira_sign_struck_old_price_tukendi_gelince_haber_ver",
     page("tr-TR", '<del class="price-old">59,90 ₺</del>' + now("49,90 ₺"), name=TR_NAME,
          stock='<div class="stock">Tükendi</div>',
          button='<button type="button" class="btn">Gelince Haber Ver</button>'),
     TR, price=49.9, currency="TRY", availability="out_of_stock")
case("tr_json_ld_try_dom_stokta_yok",
     page("tr-TR", now("1.299,90 TL"), name=TR_NAME, head=ld(TR_NAME, "1299.90", "TRY", "WDL-1042"),
          stock='<span class="availability">Stokta yok</span>'),
     TR, price=1299.9, currency="TRY", availability="out_of_stock", sku="WDL-1042")

# ============================================================================ Finnish (.fi, EUR)
FI, FI_NAME = "https://www.lumio.fi/p/1", "Pähkinäpuinen pöytävalaisin"
case("fi_varastossa_tuotenumero_lisaa_ostoskoriin",
     page("fi-FI", now("49,90 €"), name=FI_NAME, stock='<div class="stock">Varastossa</div>',
          info='<p>Tuotenumero: WDL-1042</p>', button=BUY.format("Lisää ostoskoriin")),
     FI, price=49.9, currency="EUR", availability="in_stock", sku="WDL-1042")
case("fi_normaalihinta_struck_labelled_saatavuus_loppu_varastosta",
     page("fi-FI", was("Normaalihinta", "59,90 €") + now("49,90 €"), name=FI_NAME,
          info='<p>Saatavuus: Loppu varastosta</p>'),
     FI, price=49.9, currency="EUR", availability="out_of_stock")
case("fi_json_ld_eur_dom_tilaustuote_backorder",
     page("fi-FI", now("49,90 €"), name=FI_NAME, head=ld(FI_NAME, "49.90", "EUR", "WDL-1042"),
          stock='<p class="availability">Tilaustuote, toimitusaika 2–3 viikkoa</p>',
          button=BUY.format("Lisää ostoskoriin")),
     FI, price=49.9, currency="EUR", availability="backorder", sku="WDL-1042")

# ============================================================================ Danish (.dk, DKK) / Norwegian (.no, NOK)
DK, DK_NAME = "https://www.lumio.dk/p/1", "Bordlampe i valnød"
case("da_comma_dash_kr_after_paa_lager_varenummer_laeg_i_kurv",
     page("da-DK", now("1.299,- kr"), name=DK_NAME, stock='<div class="stock-status">På lager</div>',
          info='<p>Varenummer: WDL-1042</p>', button=BUY.format("Læg i kurv")),
     DK, price=1299.0, currency="DKK", availability="in_stock", sku="WDL-1042")
case("da_foer_struck_labelled_lagerstatus_udsolgt",
     page("da-DK", was("Før", "1.499,00 kr.") + now("1.299,00 kr."), name=DK_NAME,
          info='<p>Lagerstatus: Udsolgt</p>'),
     DK, price=1299.0, currency="DKK", availability="out_of_stock")
NO, NO_NAME = "https://www.lumio.no/p/1", "Bordlampe i valnøtt"
case("no_kr_before_comma_dash_paa_lager_varenummer_legg_i_handlekurv",
     page("nb-NO", now("kr 1\u00a0299,-"), name=NO_NAME, stock='<div class="stock">På lager</div>',
          info='<p>Varenummer: WDL-1042</p>', button=BUY.format("Legg i handlekurv")),
     NO, price=1299.0, currency="NOK", availability="in_stock", sku="WDL-1042")
case("no_json_ld_nok_dom_utsolgt",
     page("nb-NO", now("kr 1 299,-"), name=NO_NAME, head=ld(NO_NAME, "1299.00", "NOK", "WDL-1042"),
          stock='<p class="availability">Utsolgt</p>'),
     NO, price=1299.0, currency="NOK", availability="out_of_stock", sku="WDL-1042")
case("no_bestillingsvare_backorder",
     page("nb-NO", now("kr 1 299,00"), name=NO_NAME,
          stock='<p class="stock">Bestillingsvare – leveres innen 3–4 uker</p>',
          button=BUY.format("Legg i handlekurv")),
     NO, price=1299.0, currency="NOK", availability="backorder")

# ============================================================================ Baltic (.lt, .lv, .ee; EUR)
case("lt_yra_sandelyje_prekes_kodas_i_krepseli",
     page("lt-LT", now("49,99 €"), name="Riešutmedžio stalinis šviestuvas",
          stock='<div class="availability">Yra sandėlyje</div>', info='<p>Prekės kodas: WDL-1042</p>',
          button=BUY.format("Į krepšelį")),
     "https://www.lumio.lt/p/1", price=49.99, currency="EUR", availability="in_stock", sku="WDL-1042")
case("lv_labelled_pieejamiba_nav_noliktava_preces_kods",
     page("lv-LV", now("49,99 €"), name="Riekstkoka galda lampa",
          info='<p>Pieejamība: Nav noliktavā</p><p>Preces kods: WDL-1042</p>'),
     "https://www.lumio.lv/p/1", price=49.99, currency="EUR", availability="out_of_stock", sku="WDL-1042")
case("et_laos_tootekood_lisa_ostukorvi",
     page("et-EE", now("49,99 €"), name="Pähklipuust laualamp", stock='<div class="stock">Laos</div>',
          info='<p>Tootekood: WDL-1042</p>', button=BUY.format("Lisa ostukorvi")),
     "https://www.lumio.ee/p/1", price=49.99, currency="EUR", availability="in_stock", sku="WDL-1042")

# ============================================================================ Swiss German (.ch, CHF) / Austria (.at)
CH = "https://www.lumio.ch/p/1"
case("ch_chf_apostrophe_dash_statt_struck_an_lager_artikelnummer",
     page("de-CH", was("statt", "CHF 1'499.–") + now("CHF 1'299.–"), name="Tischleuchte aus Nussbaum",
          stock='<div class="availability">An Lager</div>', info='<p>Artikelnummer: WDL-1042</p>',
          button=BUY.format("In den Warenkorb")),
     CH, price=1299.0, currency="CHF", availability="in_stock", sku="WDL-1042")
case("ch_fr_dot_prefix_ausverkauft",
     page("de-CH", now("Fr. 1'299.00"), name="Tischleuchte aus Nussbaum",
          stock='<div class="stock">Ausverkauft</div>'),
     CH, price=1299.0, currency="CHF", availability="out_of_stock")
case("at_comma_dash_euro_after_lagernd",
     page("de-AT", now("1.299,- €"), name="Tischleuchte aus Nussbaum", stock='<div class="stock">lagernd</div>',
          button=BUY.format("In den Warenkorb")),
     "https://www.lumio.at/p/1", price=1299.0, currency="EUR", availability="in_stock")


# ============================================================================ more of the markets' price shapes
PRICES = [
    # (id, url, lang, shown price, expected amount, expected currency)
    ("es_ar_dollar_dot_thousands_comma_cents", "https://www.lumio.com.ar/p/1", "es-AR", "$ 129.999,00", 129999.0,
     "ARS"),
    ("es_cl_dollar_one_thousand_group", "https://www.lumio.cl/p/1", "es-CL", "$1.290", 1290.0, "CLP"),
    ("pt_br_reais_no_cents", "https://www.lumio.com.br/p/1", "pt-BR", "R$1.299", 1299.0, "BRL"),
    ("id_idr_code_dot_thousands", "https://www.lumio.co.id/p/1", "id-ID", "IDR 150.000", 150000.0, "IDR"),
    ("vi_vnd_letters_after", "https://lumio.vn/p/1", "vi-VN", "1.290.000 VNĐ", 1290000.0, "VND"),
    ("sr_latin_din_dot", "https://www.lumio.rs/p/1", "sr-Latn-RS", "4.999,00 din.", 4999.0, "RSD"),
    ("ar_eg_pound_letters_dom_only", "https://www.lumio.com.eg/p/1", "ar-EG", "1,299.00 ج.م", 1299.0, "EGP"),
    ("ar_sa_riyal_word", "https://www.lumio.com.sa/p/1", "ar-SA", "1,299.00 ريال", 1299.0, "SAR"),
    ("ja_fullwidth_digits_en", "https://www.lumio.co.jp/p/1", "ja-JP", "１２，８００円", 12800.0, "JPY"),
    ("zh_cn_yuan_character", "https://www.lumio.cn/p/1", "zh-CN", "1299元", 1299.0, "CNY"),
    ("hu_dot_grouping_ft", "https://www.lumio.hu/p/1", "hu-HU", "12.990 Ft", 12990.0, "HUF"),
    ("cs_comma_dash_kc", "https://www.lumio-shop.cz/p/1", "cs-CZ", "1 299,- Kč", 1299.0, "CZK"),
    ("tr_lira_sign_before", "https://www.lumio.com.tr/p/1", "tr-TR", "₺1.299,90", 1299.9, "TRY"),
    ("he_rlm_mark_before_amount", "https://www.lumio.co.il/p/1", "he-IL", "\u200f249.90 ₪", 249.9, "ILS"),
    ("en_za_rand_comma_thousands_dot_cents", "https://www.lumio.co.za/p/1", "en-ZA", "R1,299.00", 1299.0, "ZAR"),
    ("fr_ca_dollar_ca_suffix", "https://www.lumio.ca/fr/p/1", "fr-CA", "1 299,99 $ CA", 1299.99, "CAD"),
    ("en_sg_sgd_code", "https://www.lumio.com.sg/p/1", "en-SG", "SGD 129.00", 129.0, "SGD"),
    # whole amounts under a thousand, as those markets print cheap items
    ("th_baht_word_under_a_thousand", "https://www.lumio.co.th/p/1", "th-TH", "890 บาท", 890.0, "THB"),
    ("ar_ae_dirham_letters_under_a_thousand", "https://www.lumio.ae/p/1", "ar-AE", "99 د.إ", 99.0, "AED"),
    ("ar_sa_riyal_letters_under_a_thousand", "https://www.lumio.com.sa/p/1", "ar-SA", "99 ر.س", 99.0, "SAR"),
    ("ar_eg_pound_letters_under_a_thousand", "https://www.lumio.com.eg/p/1", "ar-EG", "499 ج.م", 499.0, "EGP"),
    ("en_za_rand_under_a_thousand", "https://www.lumio.co.za/p/1", "en-ZA", "R 299", 299.0, "ZAR"),
    ("zh_cn_yuan_character_under_a_thousand", "https://www.lumio.cn/p/1", "zh-CN", "299 元", 299.0, "CNY"),
    ("cs_koruna_under_a_thousand", "https://www.lumio-shop.cz/p/1", "cs-CZ", "990 Kč", 990.0, "CZK"),
]
for _id, _url, _lang, _shown, _amount, _cur in PRICES:
    case(f"price_{_id}",
         page(_lang, now(_shown), name="Walnut Desk Lamp", button=BUY.format("Add to cart")),
         _url, price=_amount, currency=_cur)


@pytest.mark.parametrize("html,url,expected", CASES)
def test_a_local_shop_page_reads_as_a_native_shopper_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
