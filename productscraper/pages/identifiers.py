"""Product identifiers: labelled SKU / model text and GTIN checksums (python-stdnum)."""
from __future__ import annotations

import re
from typing import Callable

from stdnum import ean, isbn

# Labels shops print before an identifier, per target field; "Model" is the maker's number.
_SKU_LABELS = (
    r"sku", r"art\.?[\s-]*nr\.?", r"artikel[\s-]?(?:nr\.?|nummer)", r"artikelnummer", r"bestell[\s-]?(?:nr\.?|nummer)", r"best\.[\s-]*nr\.?",
    r"réf(?:\.|érence)?", r"ref(?:\.|erence)?", r"referencia", r"código", r"codice(?: articolo)?", r"артикул",
    r"item\s*(?:#|no\.?|number)", r"product\s*(?:#|code|no\.?|number|id)", r"style\s*(?:#|no\.?)",
    # "Part Number" is the shop's own (a maker's is "Mfr./Manufacturer Part Number");
    # "Web ID" and "<Shop> item number" ("eBay item number") are the listing's id.
    r"part\s*(?:#|no\.?|number)", r"web\s*id", r"[a-z]{2,12}\s+item\s*(?:#|no\.?|number)",
    r"asin", r"品番", r"商品番号", r"商品コード", r"varenummer", r"varenr\.?", r"artikelnr\.?", r"numer katalogowy", r"kod produktu",
    # Shopware's "Produktnummer", Dutch "Artikelcode", Czech "Kód produktu", Russian "Код товара"
    r"produkt[\s-]?(?:nr\.?|nummer)", r"art(?:icle|ikel)[\s-]?(?:code|no\.?|number)", r"item\s*code",
    r"kód(?: produktu)?", r"код(?: товара)?",
    # ro "Cod produs", it "Codice prodotto", pt "Código do produto", es "Código de producto"
    r"cod\.?\s*produs", r"codice prodotto", r"código (?:do |de )?produ(?:to|cto)",
    # cs, hu, hr / sr, el, tr, fi, lt, lv, et, he, ar, id / ms, th, vi, ko, zh, fr-CA ("UGS": the SKU)
    r"katalogové číslo", r"cikkszám", r"šifra(?: (?:proizvoda|artikla))?", r"шифра(?: производа)?",
    r"κωδικός(?: προϊόντος)?", r"ürün kodu", r"stok kodu", r"tuotenumero", r"tuotekoodi", r"prekės kodas",
    r"preces kods", r"tootekood", r"מק(?:\"|&quot;|״|”)ט", r"رمز المنتج", r"رقم المنتج", r"kode? produk",
    r"รหัสสินค้า", r"mã (?:sản phẩm|sp)", r"상품\s?(?:코드|번호)", r"商品(?:编号|編號|货号|貨號)", r"货号", r"貨號", r"ugs",
)
_MPN_LABELS = (r"model(?:\s*(?:#|no\.?|number))?", r"modell(?:nummer)?", r"modèle", r"modelo", r"mpn", r"mfr\.?\s*(?:#|part)",
               r"manufacturer\s*part\s*(?:#|no\.?|number)", r"型番")
# pt / es "Código de Barras" (VTEX's sku-ean-title) is the barcode.
_GTIN_LABELS = (r"ean(?:[\s-]?13)?", r"gtin(?:[\s-]?1[234])?", r"upc", r"isbn(?:[\s-]?1[03])?", r"jan(?:コード)?",
                r"c[óo]digo de barras")
_SEP = r"\s*(?:[:：#.]\s*)?"
_VALUE = r"([A-Za-z0-9][A-Za-z0-9._/-]{1,38}[A-Za-z0-9])"


def _label_re(labels: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"^\s*(?:" + "|".join(labels) + r")(?![^\W\d_])" + _SEP + r"(?:" + _VALUE + r")?\s*$", re.IGNORECASE)


SKU_LABELS = _SKU_LABELS  # public: titles strip a trailing "Código do Produto: 111359833"
LABELS = {"sku": _label_re(_SKU_LABELS), "mpn": _label_re(_MPN_LABELS), "gtin": _label_re(_GTIN_LABELS)}
_PREFIX = re.compile(r"^\s*(?:" + "|".join(_SKU_LABELS) + r")(?:\s*[:：#.]\s*|\s+)(?=\S)", re.IGNORECASE)


# A label as a page's text ("...>SKU: 123<" or "...>Art.-Nr.</dt><dd>123<"), read in the raw
# HTML: a regex over the text is ~50x cheaper than XPath over every text node.
_TAG = r"(?:<[^<>]{0,400}>(?:\s|&nbsp;|&#160;|[:：#])*)"  # "</span>&nbsp;<span>3C19914<", "SKU</span>: LU1…"
LABELLED = re.compile(
    r">\s*(?:(?P<sku>" + "|".join(_SKU_LABELS) + r")|(?P<mpn>" + "|".join(_MPN_LABELS) + r")|(?P<gtin>"
    + "|".join(_GTIN_LABELS) + r"))(?![^\W\d_])(?:\s|[:：#.\u200e\u200f]|&[a-z]{2,6};|&#\d{2,5};){0,8}"
    r"(?:" + _VALUE + r"\s*<|" + _TAG + r"{1,6}" + _VALUE + r"\s*<)",
    re.IGNORECASE,
)


# Cheap first pass: where a text starts with a label's first letters (then LABELLED.match).
# The lookahead keeps it cheap: without it every ">" costs the whole alternation (~10 ms a page).
# The possessive \s*+ gives no whitespace back when the lookahead fails (a letter is never
# whitespace, so no match is lost): ~30 % cheaper on the pages' many ">\n    <".
_PREFILTER = re.compile(
    r">\s*+(?=[A-Za-zАаКкШшÜüŠšΚκמرรม상货貨品型商])(?:sku|art|item|model|r[ée]f|c[óo]d|asin|ean|gtin|upc"
    r"|isbn|product|produkt|style|mpn|mfr|manufacturer|part|web|jan|артикул|код|品番|型番|商品|varenr|varenummer|numer|k[oó]d|bestell|best\."
    r"|katalog|cikk|šifra|шифра|κωδικ|ürün|stok|tuote|prek|prec|toote|מק|رمز|رقم|รหัส|mã|상품|货号|貨號|ugs"
    r"|[a-z]{2,12}\s+item)",  # "eBay item number"
    re.IGNORECASE)


def labelled_identifiers(html: str, limit: int = 3_000_000,
                         accept: Callable[[str, str], bool] | None = None) -> dict[str, str]:
    """First labelled sku / mpn / gtin of the page's text (GTINs checksum-valid only).

    ``accept(field, value)`` may refuse one (another product's), and the next is taken; it
    is asked only where a field has several labelled values (one alone is the product's)."""
    seen: dict[str, list[str]] = {}
    for pre in _PREFILTER.finditer(html, 0, min(len(html), limit)):
        m = LABELLED.match(html, pre.start())
        if m is None:
            continue
        name = next(k for k in ("sku", "mpn", "gtin") if m.group(k))
        value = m.group(len(m.groups()) - 1) or m.group(len(m.groups()))
        values = seen.setdefault(name, [])
        if not value or value in values or len(values) >= _MAX_VALUES or (accept is None and values):
            continue
        if not m.group(len(m.groups()) - 1) and not _digit_or_colon(html, m.end(name), value):
            continue  # a menu's "Reference</a>" then the next link's "Religion": no label
        if value.isalpha() and value.islower():
            continue  # a word, not a code: "Codice fiscale", "Código postal"
        if name == "mpn" and not any(c.isdigit() for c in value):
            continue  # maker's model numbers have digits: "Modelo: Processador" is a spec table's row
        if name == "gtin":
            value = valid_gtin(value)
            if not value:
                continue
        values.append(value)
        if accept is None and len(seen) == 3 and all(seen.values()):
            break
    found: dict[str, str] = {}
    for name, values in seen.items():
        if len(values) == 1:
            found[name] = values[0]
        elif values:
            found[name] = next((v for v in values if accept is None or accept(name, v)), values[0])
    return found


_MAX_VALUES = 4  # labelled values kept per field for ``accept`` to choose among


def _digit_or_colon(html: str, label_end: int, value: str) -> bool:
    """A value in an element after the label's own counts when it has a digit or the label
    ends in a separator ("Part Number:<span>EMERMUS</span>")."""
    if any(c.isdigit() for c in value):
        return True
    between = html[label_end:html.find("<", label_end)]
    return any(c in between for c in ":：#")


def match_label(text: str) -> tuple[str, str | None] | None:
    """(field, value or None) when ``text`` is a label ("SKU:") or label + value ("Art.-Nr. 123")."""
    if not text or len(text) > 60:
        return None
    for name, pattern in LABELS.items():
        m = pattern.match(text)
        if m:
            return name, m.group(1)
    return None


def plausible_identifier(text: str | None) -> str | None:
    """An identifier-looking token (no spaces, 3..40 chars, letters/digits), or None."""
    if not text:
        return None
    text = text.strip().strip(":#").strip()
    return text if re.fullmatch(_VALUE, text) else None


def strip_label(text: str | None) -> str | None:
    """"SKU: CAE5D4" / "Item # 101095" -> the identifier alone (markup often carries its label)."""
    if not text:
        return text
    return _PREFIX.sub("", text, count=1)


def valid_gtin(value: str | None) -> str | None:
    """Digits of a GTIN-8/12/13/14 or ISBN whose check digit is right (an ISBN-10 as its
    GTIN-13); None otherwise."""
    if not value:
        return None
    digits = re.sub(r"[\s-]", "", str(value))
    if not digits.isdigit():
        if isbn.is_valid(digits):  # ISBN-10 may end in X
            return isbn.to_isbn13(digits)
        return None
    if len(digits) in (8, 12, 13, 14) and ean.is_valid(digits):
        return digits
    if len(digits) == 10 and isbn.is_valid(digits):
        return isbn.to_isbn13(digits)  # the book's GTIN-13 (978...), as its barcode prints it
    return None
