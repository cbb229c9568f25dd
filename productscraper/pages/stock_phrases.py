"""Stock statements in shop languages -> in / out of stock.

Backorder and pre-order patterns are tried first ("Out of stock – available for pre-order" can
be ordered), then out-of-stock ones: "not in stock", "nicht auf Lager" contain the in-stock
phrase. Patterns are for short texts (a stock label, a button), not for prose.
"""
from __future__ import annotations

import functools
import re

OUT, IN, PRE, BACK = "OutOfStock", "InStock", "PreOrder", "BackOrder"

_OUT = (
    # en
    r"out[\s-]of[\s-]stock", r"sold[\s-]?out", r"not (?:currently )?(?:in stock|available)", r"unavailable",
    r"no longer (?:available|in stock)", r"currently unavailable", r"temporarily out", r"notify me when",
    r"available with (?:different|other) options",  # PrestaShop: the chosen combination is not sold
    # a back-in-stock alert offered ("Email me when back in stock"): the product is not in stock
    r"(?:e-?mail|alert|tell|text) me when", r"when (?:it(?:'s| is) )?back in stock", r"in[\s-]stock alert",
    # de
    r"ausverkauft", r"nicht (?:mehr )?(?:auf lager|lieferbar|verfügbar|vorrätig|erhältlich)", r"derzeit nicht",
    r"zur ?zeit nicht", r"vergriffen",
    r"benachrichtig\w*,? (?:mich )?(?:wenn|sobald)",
    # fr
    r"épuisé", r"epuise", r"rupture de stock", r"indisponible", r"plus disponible", r"(?:non|pas) disponible", r"plus en stock",
    r"pas en stock", r"hors stock", r"pr[ée]venez-moi",
    # es / pt
    r"agotado", r"sin stock", r"publicaci[óo]n (?:pausada|finalizada)", r"anúncio (?:pausado|finalizado)", r"no (?:est[áa] )?disponible", r"fuera de stock", r"av[íi]same cuando", r"esgotado",
    r"indisponível", r"fora de estoque", r"sem estoque", r"não (?:está )?disponível", r"avise-me",
    # it
    r"esaurito", r"non (?:è )?(?:più )?disponibile",
    # nl
    r"uitverkocht", r"niet (?:meer )?(?:op voorraad|leverbaar|beschikbaar)",
    # pl
    r"niedostępn[yae]", r"(?:sprzedaż|oferta) zakończona", r"brak w magazynie", r"brak na stanie", r"wyprzedany",
    # ru
    r"нет в наличии", r"нет на складе", r"распродан", r"закончил", r"недоступ(?:ен|но)",
    # sv / da / no
    r"slutsåld", r"slut i lager", r"(?:ej|inte) i lager", r"utsolgt", r"udsolgt", r"ikke på lager",
    r"ikke (?:tilgængelig|tilgjengelig)",
    # ja (Amazon.co.jp: "現在お取り扱いできません", "再入荷するかどうかは不明です")
    r"お?取り扱いできません", r"再入荷するかどうかは不明", r"在庫切れ", r"在庫\s*[:：]?\s*(?:なし|無し)", r"売り切れ", r"品切れ",
    # cs / hu / tr / ro / el / fi / zh / ko, and more es / sv / pl
    r"vyprodáno", r"není skladem", r"elfogyott", r"nincs raktáron", r"tükendi", r"stokta yok", r"stoc epuizat",
    r"εξαντλήθηκε", r"μη διαθέσιμο", r"loppuunmyyty", r"ei varastossa", r"缺货", r"售罄", r"品切", r"품절",
    r"sin existencias", r"tillfälligt slut", r"brak towaru", r"indisponibil", r"nu (?:este )?(?:în stoc|disponibil)",
    r"nem elérhető", r"nedostupn[éý]",
    # uk / sk / bg / sr / hr / fi / hu / lv / lt / et / el
    r"немає в наявності", r"немає на складі", r"закінчи", r"повідомити про наявність",
    r"(?:сообщить|уведомить) о поступлении", r"vypredané", r"nie je (?:na sklade|skladom)",
    r"изчерпан", r"няма наличност", r"не е налич", r"нема на стању", r"nema na (?:stanju|zalihi)", r"rasprodan",
    r"nije dostupn", r"распродат", r"loppu varastosta", r"tilapäisesti loppu", r"ei saatavilla", r"nincs készleten",
    r"nav noliktavā", r"izpārdots", r"nėra sandėlyje", r"išparduota", r"pole laos", r"laost otsas", r"läbi müüdud",
    r"εξαντλημένο", r"εκτός αποθέματος",
    # he / ar / hi
    r"אזל", r"לא במלאי", r"חסר במלאי", r"نفذت الكمية", r"نفد", r"غير متوفر", r"غير متاح",
    r"स्टॉक में नहीं", r"उपलब्ध नहीं", r"आउट ऑफ स्टॉक",
    # id / ms / th / vi / zh (traditional) / ko
    r"habis dijual", r"stok habis", r"kehabisan stok", r"tidak tersedia", r"stok kosong", r"สินค้าหมด", r"หมดสต็อก",
    r"ไม่มีสินค้า", r"hết hàng", r"ngừng kinh doanh", r"已售完", r"售完", r"缺貨", r"無貨", r"无货", r"暫無庫存",
    r"暂无库存", r"재고 없음",
)
_IN = (
    r"in[\s-]?stock", r"available (?:now|to ship|for (?:delivery|shipping))", r"ready to ship", r"ships? (?:today|tomorrow)",
    r"only \d+ left", r"\d+ (?:left|available)\b",
    r"auf lager", r"lieferbar(?!keit)", r"sofort verfügbar", r"vorrätig", r"verfügbar(?!keit)",
    r"en stock", r"disponible", r"em estoque", r"disponível", r"in magazzino", r"disponibile", r"disponibilità immediata",
    r"op voorraad", r"leverbaar", r"dostępny", r"w magazynie", r"в наличии", r"есть в наличии",
    r"i lager", r"finns i lager", r"på lager", r"在庫\s*[:：]?\s*(?:あり|有り?)", r"即納",
    r"skladem", r"raktáron", r"stokta var", r"stokta", r"în stoc", r"διαθέσιμο", r"varastossa", r"有货", r"现货",
    r"재고 있음", r"en existencia",
    r"в наявності", r"na sklade", r"skladom", r"в наличност", r"наличен", r"na stanju", r"на стању", r"na zalihi",
    r"dostupno", r"ir noliktavā", r"pieejams", r"yra sandėlyje", r"laos", r"במלאי", r"متوفر", r"متاح",
    r"स्टॉक में है", r"tersedia", r"dalam stok", r"ada stok", r"มีสินค้า", r"มีสต็อก", r"còn hàng", r"現貨", r"有貨",
)
# Sold before release ("Pre-order now", "Jetzt vorbestellen", "Précommander"): orderable, not in stock yet.
_PRE = (r"pre-?order", r"vorbestell", r"pr[ée]-?command", r"preventa", r"pré-?venda", r"preordina", r"予約",
        r"предзаказ", r"przedsprzeda", r"předobjednávk", r"predobjednávk", r"předprodej", r"ennakkotilaus",
        r"ennakkomyynti", r"forhåndsbestill", r"forudbestil", r"förhandsbeställ", r"előrendel", r"ön sipariş",
        r"προπαραγγελία", r"передзамовлення", r"precomand", r"prednarudžb", r"预售", r"預購", r"预订", r"طلب مسبق",
        r"הזמנה מוקדמת", r"đặt trước", r"พรีออเดอร์", r"예약 ?판매",
        # available from a date ("Lieferbar ab 15. Februar 2027", "available from 1 March")
        r"(?:lieferbar|verfügbar|erhältlich) ab \d", r"available from \d", r"disponible (?:à partir du|dès le) \d")
# Orderable though not in stock ("Available on backorder", "on back order").
# A phrase starts a word in scripts that space their words ("unavailable" is no "available");
# Chinese, Japanese, Korean and Thai write phrases inside runs of text ("ただいま品切れ中です").
_START = r"(?<![0-9A-Za-z_\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u1e00-\u1eff])"
# Made or bought in once ordered: "sur commande", "bajo pedido", "Bestillingsvare", "Tilaustuote".
_BACK = (r"back-?order", r"on back order", r"nachlieferung", r"sur commande", r"bajo pedido", r"su ordinazione",
         r"sob encomenda", r"na zamówienie", r"na objednávku", r"bestillingsvare", r"beställningsvara",
         r"tilaustuote", r"rendelésre")
# Matched against the lower-cased text: without IGNORECASE the engine compares characters as they
# are (~2x faster on these ~300 alternatives); every phrase is written in lower case.
_BACK_RE = re.compile(_START + r"(?:" + "|".join(_BACK) + r")")
_PRE_RE = re.compile(_START + r"(?:" + "|".join(_PRE) + r")")
_OUT_RE = re.compile(_START + r"(?:" + "|".join(_OUT) + r")")
_IN_RE = re.compile(_START + r"(?:" + "|".join(_IN) + r")")
_MAX = 120  # characters: longer texts are prose, not a stock statement


def stock_of(text: str | None) -> str | None:
    """``InStock`` / ``OutOfStock`` / ``PreOrder`` / ``BackOrder`` for a short stock statement in a
    known language, else None."""
    if not text:
        return None
    text = " ".join(text.split())
    if not text or len(text) > _MAX:
        return None
    return _stock_of(text.lower())


@functools.lru_cache(maxsize=8192)
def _stock_of(text: str) -> str | None:
    # Pages repeat their labels ("Add to cart", "In stock" on every tile) and a shop's pages each
    # other's: each text is matched once per process (four alternations of ~300 phrases).
    if _BACK_RE.search(text):  # "Out of stock - on backorder": orderable
        return BACK
    if _PRE_RE.search(text):  # "Out of stock, available for pre-order": orderable too
        return PRE
    if _OUT_RE.search(text):
        return OUT
    if _IN_RE.search(text):
        return IN
    return None
