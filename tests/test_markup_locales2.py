"""Locale probes of the generic extraction (no site profile), part 2: the Middle East, South and East Asia,
Latin America, South Africa, Canada (part 1, tests/test_markup_locales.py, has Europe and the method).

Each case is a product page of a fictitious shop ("Lumio") printed the way that market's shops print it; the
expectations are what a careful native reader reads from the page, the currency the one a shopper there pays in.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.markup_shapes import BUY, case_table, check, extract, shop
from tests.test_markup_locales import ld, now, was

CASES, case = case_table()


def page(lang: str, price: str, *, stock: str = "", info: str = "", button: str = "", name: str,
         head: str = "", rtl: bool = False) -> str:
    """A schema-less product page: the price block, the stock element, an info block, the buy button."""
    body = f'<div class="product-price">{price}</div>{stock}{info}{button}'
    return shop(f'<div dir="rtl">{body}</div>' if rtl else body, lang, name=name, head=head)


# ============================================================================ Hebrew (.co.il, ILS, RTL)
IL, IL_NAME = "https://www.lumio.co.il/p/1", "מנורת שולחן מעץ אגוז"
case("he_shekel_before_bemlai_makat_hosef_lasal",
     page("he-IL", now("₪ 249.90"), name=IL_NAME, rtl=True, stock='<div class="stock">במלאי</div>',
          info='<p>מק"ט: WDL-1042</p>', button=BUY.format("הוסף לסל")),
     IL, price=249.9, currency="ILS", availability="in_stock", sku="WDL-1042")
case("he_mechir_kodem_struck_labelled_zminut_azal_mehamlai",
     page("he-IL", was("מחיר קודם:", "299.90 ₪") + now("249.90 ₪"), name=IL_NAME, rtl=True,
          info='<p>זמינות: אזל מהמלאי</p>'),
     IL, price=249.9, currency="ILS", availability="out_of_stock")

# ======================================================================= Arabic (.ae AED, .com.sa SAR, .com.eg EGP)
AR_NAME = "مصباح مكتب من خشب الجوز"
case("ar_ae_dirham_after_mutawaffir_fi_almakhzoun_ramz_almuntaj",
     page("ar-AE", now("249.00 د.إ"), name=AR_NAME, rtl=True,
          stock='<div class="availability">متوفر في المخزون</div>', info='<p>رمز المنتج: WDL-1042</p>',
          button=BUY.format("أضف إلى السلة")),
     "https://www.lumio.ae/p/1", price=249.0, currency="AED", availability="in_stock", sku="WDL-1042")
case("ar_sa_arabic_indic_digits_riyal_nafadat_alkamiya",
     page("ar-SA", now("١٬٢٩٩٫٠٠ ر.س"), name=AR_NAME, rtl=True, stock='<div class="stock">نفذت الكمية</div>'),
     "https://www.lumio.com.sa/p/1", price=1299.0, currency="SAR", availability="out_of_stock")
case("ar_eg_json_ld_egp_dom_ghair_mutawaffir",
     page("ar-EG", now("1,299.00 ج.م"), name=AR_NAME, rtl=True, head=ld(AR_NAME, "1299.00", "EGP", "WDL-1042"),
          stock='<p class="availability">غير متوفر حالياً</p>'),
     "https://www.lumio.com.eg/p/1", price=1299.0, currency="EGP", availability="out_of_stock", sku="WDL-1042")

# ============================================================================ India (.in, INR)
IN = "https://www.lumio.in/p/1"
case("in_en_lakh_grouping_mrp_struck_in_stock",
     page("en-IN", was("M.R.P.:", "₹1,49,999") + now("₹1,29,999") + '<span class="tax">(Inclusive of all taxes)</span>',
          name="Walnut Desk Lamp", stock='<div class="stock">In stock</div>', info='<p>SKU: WDL-1042</p>',
          button=BUY.format("Add to Cart")),
     IN, price=129999.0, currency="INR", availability="in_stock", sku="WDL-1042")
case("hi_rs_dot_stock_mein_nahin_hai",
     page("hi-IN", now("Rs. 1,299"), name="अखरोट की लकड़ी का टेबल लैंप",
          stock='<div class="availability">स्टॉक में नहीं है</div>'),
     IN, price=1299.0, currency="INR", availability="out_of_stock")
case("hi_rupee_stock_mein_hai_cart_mein_jodein",
     page("hi-IN", now("₹1,299"), name="अखरोट की लकड़ी का टेबल लैंप", stock='<div class="stock">स्टॉक में है</div>',
          button=BUY.format("कार्ट में जोड़ें")),
     IN, price=1299.0, currency="INR", availability="in_stock")

# ============================================================================ Indonesian (.co.id) / Malay (.com.my)
ID, ID_NAME = "https://www.lumio.co.id/p/1", "Lampu Meja Kayu Walnut"
case("id_rupiah_dot_thousands_stok_tersedia_kode_produk",
     page("id-ID", now("Rp 150.000"), name=ID_NAME, stock='<div class="stock">Stok tersedia</div>',
          info='<p>Kode Produk: WDL-1042</p>', button=BUY.format("Tambah ke Keranjang")),
     ID, price=150000.0, currency="IDR", availability="in_stock", sku="WDL-1042")
case("id_struck_rupiah_labelled_ketersediaan_stok_habis",
     page("id-ID", '<del class="price-old">Rp250.000</del>' + now("Rp150.000"), name=ID_NAME,
          info='<p>Ketersediaan: Stok habis</p>'),
     ID, price=150000.0, currency="IDR", availability="out_of_stock")
MY, MY_NAME = "https://www.lumio.com.my/p/1", "Lampu Meja Kayu Walnut"
case("ms_ringgit_dalam_stok_kod_produk_tambah_ke_troli",
     page("ms-MY", now("RM 129.00"), name=MY_NAME, stock='<div class="stock">Dalam stok</div>',
          info='<p>Kod Produk: WDL-1042</p>', button=BUY.format("Tambah ke Troli")),
     MY, price=129.0, currency="MYR", availability="in_stock", sku="WDL-1042")
case("ms_json_ld_myr_dom_habis_dijual",
     page("ms-MY", now("RM129.00"), name=MY_NAME, head=ld(MY_NAME, "129.00", "MYR", "WDL-1042"),
          stock='<div class="availability">Habis dijual</div>'),
     MY, price=129.0, currency="MYR", availability="out_of_stock", sku="WDL-1042")

# ============================================================================ Thai (.co.th, THB)
TH, TH_NAME = "https://www.lumio.co.th/p/1", "โคมไฟตั้งโต๊ะไม้วอลนัท"
case("th_baht_sign_mi_sinkha_rahat_sinkha_yip_sai_takra",
     page("th-TH", now("฿1,290"), name=TH_NAME, stock='<div class="stock">มีสินค้า</div>',
          info='<p>รหัสสินค้า: WDL-1042</p>', button=BUY.format("หยิบใส่ตะกร้า")),
     TH, price=1290.0, currency="THB", availability="in_stock", sku="WDL-1042")
case("th_baht_word_rakha_pokati_struck_labelled_sinkha_mot",
     page("th-TH", was("ราคาปกติ", "1,590 บาท") + now("1,290 บาท"), name=TH_NAME,
          info='<p>สถานะ: สินค้าหมด</p>'),
     TH, price=1290.0, currency="THB", availability="out_of_stock")

# ============================================================================ Vietnamese (.vn, VND)
VN, VN_NAME = "https://lumio.vn/p/1", "Đèn bàn gỗ óc chó"
case("vi_dong_sign_gia_goc_struck_con_hang_ma_san_pham",
     page("vi-VN", was("Giá gốc:", "1.590.000₫") + now("1.290.000₫"), name=VN_NAME,
          stock='<div class="stock">Còn hàng</div>', info='<p>Mã sản phẩm: WDL-1042</p>',
          button=BUY.format("Thêm vào giỏ hàng")),
     VN, price=1290000.0, currency="VND", availability="in_stock", sku="WDL-1042")
case("vi_d_letter_labelled_tinh_trang_het_hang",
     page("vi-VN", now("1.290.000 đ"), name=VN_NAME, info='<p>Tình trạng: Hết hàng</p>'),
     VN, price=1290000.0, currency="VND", availability="out_of_stock")

# ============================================================================ Korean (.co.kr, KRW)
KR, KR_NAME = "https://www.lumio.co.kr/p/1", "월넛 데스크 램프"
case("ko_won_suffix_sobijaga_struck_sangpumcode_jangbaguni_damgi",
     page("ko-KR", '<span class="price-old">소비자가 <del>159,000원</del></span>'
          '<span class="price">판매가 129,000원</span>', name=KR_NAME,
          info='<p>상품코드: WDL-1042</p>',
          button=BUY.format("장바구니 담기") + '<button type="button" class="btn buy-now">바로 구매하기</button>'),
     KR, price=129000.0, currency="KRW", availability="in_stock", sku="WDL-1042")
case("ko_won_sign_pumjeol",
     page("ko-KR", now("₩129,000"), name=KR_NAME, stock='<div class="stock">품절</div>'),
     KR, price=129000.0, currency="KRW", availability="out_of_stock")

# ============================================================================ Chinese (.cn CNY, .com.tw TWD, .hk HKD)
CN, CN_NAME = "https://www.lumio.cn/p/1", "胡桃木台灯"
case("zh_cn_yuan_sign_youhuo_shangpin_bianhao_jiaru_gouwuche",
     page("zh-CN", now("¥1,299.00"), name=CN_NAME, stock='<div class="stock">有货</div>',
          info='<p>商品编号：WDL-1042</p>', button=BUY.format("加入购物车")),
     CN, price=1299.0, currency="CNY", availability="in_stock", sku="WDL-1042")
case("zh_cn_fullwidth_yen_yuanjia_struck_labelled_kucun_quehuo",
     page("zh-CN", was("原价：", "￥1599.00") + now("￥1299.00"), name=CN_NAME, info='<p>库存：缺货</p>'),
     CN, price=1299.0, currency="CNY", availability="out_of_stock")
TW, TW_NAME = "https://www.lumio.com.tw/p/1", "胡桃木檯燈"
case("zh_tw_bare_dollar_com_tw_xianhuo_shangpin_bianhao",
     page("zh-TW", now("$1,290"), name=TW_NAME, stock='<div class="stock">現貨</div>',
          info='<p>商品編號：WDL-1042</p>', button=BUY.format("加入購物車")),
     TW, price=1290.0, currency="TWD", availability="in_stock", sku="WDL-1042")
case("zh_tw_nt_dollar_yuanjia_struck_yi_shou_wan",
     page("zh-TW", was("原價", "NT$1,590") + now("NT$1,290"), name=TW_NAME,
          stock='<div class="availability">已售完</div>'),
     TW, price=1290.0, currency="TWD", availability="out_of_stock")
case("zh_hk_hk_dollar_you_huo_huohao",
     page("zh-HK", now("HK$1,290"), name=TW_NAME, stock='<div class="stock">有貨</div>',
          info='<p>貨號：WDL-1042</p>', button=BUY.format("加入購物車")),
     "https://www.lumio.com.hk/p/1", price=1290.0, currency="HKD", availability="in_stock", sku="WDL-1042")
case("zh_hk_bare_dollar_hk_domain_labelled_zhuangtai_quehuo",
     page("zh-HK", now("$1,290.00"), name=TW_NAME, info='<p>狀態：缺貨</p>'),
     "https://lumio.hk/p/1", price=1290.0, currency="HKD", availability="out_of_stock")

# ============================================================================ Japanese (.co.jp, JPY)
JP, JP_NAME = "https://www.lumio.co.jp/p/1", "ウォールナットのデスクランプ"
case("ja_yen_zeikomi_tsujo_kakaku_struck_zaiko_ari_hinban_cart",
     page("ja-JP", was("通常価格", "¥15,800") + now("¥12,800（税込）"), name=JP_NAME,
          stock='<div class="stock">在庫あり</div>', info='<p>品番：WDL-1042</p>', button=BUY.format("カートに入れる")),
     JP, price=12800.0, currency="JPY", availability="in_stock", sku="WDL-1042")
case("ja_en_suffix_labelled_zaiko_jokyo_urikire",
     page("ja-JP", now("12,800円（税込）"), name=JP_NAME, info='<p>在庫状況：売り切れ</p>'),
     JP, price=12800.0, currency="JPY", availability="out_of_stock")
case("ja_json_ld_jpy_dom_yoyaku_uketsukechu_preorder",
     page("ja-JP", now("¥12,800（税込）"), name=JP_NAME, head=ld(JP_NAME, "12800", "JPY", "WDL-1042"),
          stock='<div class="stock">予約受付中（2027年2月発売予定）</div>', button=BUY.format("予約する")),
     JP, price=12800.0, currency="JPY", availability="preorder", sku="WDL-1042")

# ============================================================================ Brazilian Portuguese (.com.br, BRL)
BR, BR_NAME = "https://www.lumio.com.br/p/1", "Luminária de Mesa em Nogueira"
case("pt_br_de_por_installments_em_estoque_codigo_comprar",
     page("pt-BR", '<span class="price-old">de <del>R$ 1.499,90</del></span> <span class="price">por R$ 1.299,90'
          '</span><span class="installments">ou 10x de R$ 129,99 sem juros</span>', name=BR_NAME,
          stock='<div class="stock">Em estoque</div>', info='<p>Código: WDL-1042</p>', button=BUY.format("Comprar")),
     BR, price=1299.9, currency="BRL", availability="in_stock", sku="WDL-1042")
case("pt_br_labelled_disponibilidade_esgotado_avise_me",
     page("pt-BR", now("R$ 1.299,90"), name=BR_NAME, info='<p>Disponibilidade: Esgotado</p>',
          button='<button type="button" class="btn">Avise-me quando chegar</button>'),
     BR, price=1299.9, currency="BRL", availability="out_of_stock")

# ======================================================================= Spanish Latin America (MXN, ARS, CLP, COP)
ES_NAME = "Lámpara de escritorio de nogal"
case("es_mx_bare_dollar_com_mx_disponible_sku_agregar_al_carrito",
     page("es-MX", now("$1,299.00"), name=ES_NAME, stock='<div class="stock">Disponible</div>',
          info='<p>SKU: WDL-1042</p>', button=BUY.format("Agregar al carrito")),
     "https://www.lumio.com.mx/p/1", price=1299.0, currency="MXN", availability="in_stock", sku="WDL-1042")
case("es_ar_dollar_dot_thousands_no_cents_cuotas_sin_stock",
     page("es-AR", now("$ 12.999") + '<span class="installments">6 cuotas sin interés de $ 2.166,50</span>',
          name=ES_NAME, stock='<div class="stock">Sin stock</div>'),
     "https://www.lumio.com.ar/p/1", price=12999.0, currency="ARS", availability="out_of_stock")
case("es_cl_dollar_no_cents_precio_normal_struck_disponible_agregar_al_carro",
     page("es-CL", was("Precio normal:", "$15.990") + now("$12.990"), name=ES_NAME,
          stock='<p class="stock">Disponible</p>', button=BUY.format("Agregar al carro")),
     "https://www.lumio.cl/p/1", price=12990.0, currency="CLP", availability="in_stock")
case("es_co_dollar_space_dot_thousands_referencia_agotado",
     page("es-CO", now("$ 129.900"), name=ES_NAME, stock='<div class="availability">Agotado</div>',
          info='<p>Referencia: WDL-1042</p>'),
     "https://www.lumio.com.co/p/1", price=129900.0, currency="COP", availability="out_of_stock", sku="WDL-1042")

# ======================================================================= South Africa (.co.za), Singapore (.com.sg)
case("en_za_rand_space_thousands_decimal_comma_was_struck",
     page("en-ZA", was("Was", "R 1 499,00") + now("R 1 299,00"), name="Walnut Desk Lamp",
          stock='<div class="stock">In stock</div>', button=BUY.format("Add to cart")),
     "https://www.lumio.co.za/p/1", price=1299.0, currency="ZAR", availability="in_stock")
case("en_sg_singapore_dollar",
     page("en-SG", now("S$129.00"), name="Walnut Desk Lamp", button=BUY.format("Add to Cart")),
     "https://www.lumio.com.sg/p/1", price=129.0, currency="SGD", availability="in_stock")

# ============================================================================ Canadian French (.ca, CAD)
CA, CA_NAME = "https://www.lumio.ca/fr/p/1", "Lampe de bureau en noyer"
case("fr_ca_dollar_after_narrow_nbsp_prix_regulier_struck_en_stock_ugs",
     page("fr-CA", was("Prix régulier", "1\u202f499,99\u00a0$") + now("1\u202f299,99\u00a0$"), name=CA_NAME,
          stock='<p class="availability">En stock</p>', info='<p>UGS : WDL-1042</p>',
          button=BUY.format("Ajouter au panier")),
     CA, price=1299.99, currency="CAD", availability="in_stock", sku="WDL-1042")
case("fr_ca_labelled_disponibilite_en_rupture_de_stock",
     page("fr-CA", now("1 299,99 $"), name=CA_NAME, info='<p>Disponibilité : En rupture de stock</p>'),
     CA, price=1299.99, currency="CAD", availability="out_of_stock")


# ============================================================================ the buy button's local words alone
# No stock line; the buy button has only a theme's generic classes ("btn btn-primary"), so its words say what it is.
BUTTON_ONLY = [
    # (id, url, lang, name, price, button words, currency)
    ("uk_dodaty_v_koshyk", "https://lumio.ua/p/1", "uk-UA", "Настільна лампа з горіха", "1 299 грн",
     "Додати в кошик", "UAH"),
    ("sk_do_kosika", "https://www.lumio.sk/p/1", "sk-SK", "Stolová lampa z orecha", "49,90 €", "Do košíka", "EUR"),
    ("bg_dobavi_v_kolichkata", "https://www.lumio.bg/p/1", "bg-BG", "Настолна лампа от орех", "29,99 лв.",
     "Добави в количката", "BGN"),
    ("hr_dodaj_u_kosaricu", "https://www.lumio.hr/p/1", "hr-HR", "Stolna svjetiljka od oraha", "89,99 €",
     "Dodaj u košaricu", "EUR"),
    ("hu_kosarba", "https://www.lumio.hu/p/1", "hu-HU", "Diófa asztali lámpa", "12 990 Ft", "Kosárba", "HUF"),
    ("lt_i_krepseli", "https://www.lumio.lt/p/1", "lt-LT", "Riešutmedžio stalinis šviestuvas", "49,99 €",
     "Į krepšelį", "EUR"),
    ("et_lisa_ostukorvi", "https://www.lumio.ee/p/1", "et-EE", "Pähklipuust laualamp", "49,99 €", "Lisa ostukorvi",
     "EUR"),
    ("he_hosef_lasal", IL, "he-IL", IL_NAME, "₪ 249.90", "הוסף לסל", "ILS"),
    ("ar_adif_ila_alsalla", "https://www.lumio.ae/p/1", "ar-AE", AR_NAME, "AED 249.00", "أضف إلى السلة", "AED"),
    ("id_tambah_ke_keranjang", ID, "id-ID", ID_NAME, "Rp 150.000", "Tambah ke Keranjang", "IDR"),
    ("ms_tambah_ke_troli", MY, "ms-MY", MY_NAME, "RM 129.00", "Tambah ke Troli", "MYR"),
    ("th_yip_sai_takra", TH, "th-TH", TH_NAME, "฿1,290", "หยิบใส่ตะกร้า", "THB"),
    ("vi_them_vao_gio_hang", VN, "vi-VN", VN_NAME, "1.290.000₫", "Thêm vào giỏ hàng", "VND"),
    ("zh_tw_jiaru_gouwuche_traditional", TW, "zh-TW", TW_NAME, "NT$1,290", "加入購物車", "TWD"),
    ("ja_cart_ni_ireru", JP, "ja-JP", JP_NAME, "¥12,800", "カートに入れる", "JPY"),
    ("es_cl_agregar_al_carro", "https://www.lumio.cl/p/1", "es-CL", ES_NAME, "$12.990", "Agregar al carro", "CLP"),
]
for _id, _url, _lang, _name, _price, _words, _cur in BUTTON_ONLY:
    case(f"button_only_{_id}",
         page(_lang, now(_price), name=_name,
              button=f'<button type="submit" name="add" class="btn btn-primary btn-lg">{_words}</button>'),
         _url, currency=_cur, availability="in_stock")

# ============================================================================ an in-stock line alone
# The offer (JSON-LD) has price and currency but no availability; the buy form is mounted by script later, so the
# shown stock line is the page's only word on stock.
IN_STOCK_LINES = [
    # (id, url, lang, name, currency, price, stock words)
    ("uk_v_nayavnosti", "https://lumio.ua/p/1", "uk-UA", "Настільна лампа з горіха", "UAH", "1299", "В наявності"),
    ("sk_na_sklade", "https://www.lumio.sk/p/1", "sk-SK", "Stolová lampa z orecha", "EUR", "49.90", "Na sklade"),
    ("sr_na_stanju", "https://www.lumio.rs/p/1", "sr-Latn-RS", "Stona lampa od oraha", "RSD", "4999", "Na stanju"),
    ("bg_v_nalichnost", "https://www.lumio.bg/p/1", "bg-BG", "Настолна лампа от орех", "BGN", "29.99",
     "В наличност"),
    ("lv_ir_noliktava", "https://www.lumio.lv/p/1", "lv-LV", "Riekstkoka galda lampa", "EUR", "49.99",
     "Ir noliktavā"),
    ("he_bemlai", IL, "he-IL", IL_NAME, "ILS", "249.90", "במלאי"),
    ("ar_mutawaffir", "https://www.lumio.ae/p/1", "ar-AE", AR_NAME, "AED", "249.00", "متوفر"),
    ("hi_stock_mein_hai", IN, "hi-IN", "अखरोट की लकड़ी का टेबल लैंप", "INR", "1299", "स्टॉक में है"),
    ("id_stok_tersedia", ID, "id-ID", ID_NAME, "IDR", "150000", "Stok tersedia"),
    ("ms_dalam_stok", MY, "ms-MY", MY_NAME, "MYR", "129.00", "Dalam stok"),
    ("th_mi_sinkha", TH, "th-TH", TH_NAME, "THB", "1290", "มีสินค้า"),
    ("vi_con_hang", VN, "vi-VN", VN_NAME, "VND", "1290000", "Còn hàng"),
    ("zh_tw_xianhuo", TW, "zh-TW", TW_NAME, "TWD", "1290", "現貨供應"),
    ("zh_hk_you_huo", "https://www.lumio.com.hk/p/1", "zh-HK", TW_NAME, "HKD", "1290", "有貨"),
    ("ko_jaego_isseum", KR, "ko-KR", KR_NAME, "KRW", "129000", "재고 있음"),
]
for _id, _url, _lang, _name, _cur, _amount, _words in IN_STOCK_LINES:
    case(f"stock_line_only_{_id}",
         page(_lang, now(f"{_amount} {_cur}"), name=_name, head=ld(_name, _amount, _cur),
              stock=f'<div class="product-stock"><span class="stock-status">{_words}</span></div>'
                    '<div id="buy-form-root"></div>'),
         _url, currency=_cur, availability="in_stock")

# ============================================================================ currency from the page language alone
# International shops on a .com domain with a language path: the symbol is shared ("$", "¥", "kr"), the page's
# language and the path name the market.
case("lang_only_zh_cn_yen_sign_on_com",
     page("zh-CN", now("¥1,299.00"), name=CN_NAME, button=BUY.format("加入购物车")),
     "https://www.lumio.com/zh-cn/p/1", price=1299.0, currency="CNY")
case("lang_only_es_mx_dollar_on_com",
     page("es-MX", now("$1,299.00"), name=ES_NAME, button=BUY.format("Agregar al carrito")),
     "https://www.lumio.com/es-mx/p/1", price=1299.0, currency="MXN")
case("lang_only_es_cl_dollar_no_cents_on_com",
     page("es-CL", now("$12.990"), name=ES_NAME, button=BUY.format("Agregar al carro")),
     "https://www.lumio.com/es-cl/p/1", price=12990.0, currency="CLP")
case("lang_only_fr_ca_dollar_after_on_com",
     page("fr-CA", now("1 299,99 $"), name=CA_NAME, button=BUY.format("Ajouter au panier")),
     "https://www.lumio.com/fr-ca/p/1", price=1299.99, currency="CAD")
case("lang_only_zh_tw_dollar_on_com",
     page("zh-TW", now("$1,290"), name=TW_NAME, button=BUY.format("加入購物車")),
     "https://www.lumio.com/zh-tw/p/1", price=1290.0, currency="TWD")
case("lang_only_da_dk_kr_on_com",
     page("da-DK", now("1.299,00 kr."), name="Bordlampe i valnød", button=BUY.format("Læg i kurv")),
     "https://www.lumio.com/da-dk/p/1", price=1299.0, currency="DKK")
case("lang_only_ar_ae_dirham_letters_on_com",
     page("ar-AE", now("249.00 د.إ"), name=AR_NAME, rtl=True, button=BUY.format("أضف إلى السلة")),
     "https://www.lumio.com/ar-ae/p/1", price=249.0, currency="AED")
case("lang_only_th_baht_word_on_com",
     page("th-TH", now("1,290 บาท"), name=TH_NAME, button=BUY.format("หยิบใส่ตะกร้า")),
     "https://www.lumio.com/th-th/p/1", price=1290.0, currency="THB")


@pytest.mark.parametrize("html,url,expected", CASES)
def test_a_local_shop_page_reads_as_a_native_shopper_reads_it(html: str, url: str, expected: dict[str, Any]) -> None:
    check(extract(html, url), expected)
