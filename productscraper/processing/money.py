"""Prices and currencies: amount parsing (price-parser -> Decimal) and ISO 4217 resolution."""
from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from price_parser import Price

# Active ISO 4217 codes (plus a few common funds/metals codes shops never use are left out).
ISO_4217 = frozenset(
    """
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD
    BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP
    DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR
    IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD
    MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB
    PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD
    SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS
    VED VES VND VUV WST XAF XAG XAU XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL
    """.split()
)

# Symbols and local spellings that name exactly one currency.
SYMBOLS: dict[str, str] = {
    "£": "GBP", "€": "EUR", "¥": "JPY", "円": "JPY", "₹": "INR", "rs": "INR", "rs.": "INR",
    "₽": "RUB", "руб": "RUB", "руб.": "RUB", "₩": "KRW", "₺": "TRY", "tl": "TRY", "₪": "ILS",
    "₫": "VND", "฿": "THB", "₱": "PHP", "₴": "UAH", "грн": "UAH", "₦": "NGN", "₡": "CRC",
    "₸": "KZT", "₼": "AZN", "₾": "GEL", "₲": "PYG", "zł": "PLN", "zl": "PLN", "kč": "CZK",
    "ft": "HUF", "lei": "RON", "лв": "BGN", "лв.": "BGN", "chf": "CHF", "fr.": "CHF",
    "r$": "BRL", "us$": "USD", "u$s": "USD", "c$": "CAD", "ca$": "CAD", "cad$": "CAD",
    "a$": "AUD", "au$": "AUD", "nz$": "NZD", "hk$": "HKD", "s$": "SGD", "sg$": "SGD",
    "mx$": "MXN", "nt$": "TWD", "rm": "MYR", "rp": "IDR", "元": "CNY", "rmb": "CNY",
    "cn¥": "CNY", "jp¥": "JPY", "د.إ": "AED", "ر.س": "SAR", "﷼": "SAR", "e£": "EGP",
    "ksh": "KES", "₵": "GHS", "৳": "BDT", "₭": "LAK", "₮": "MNT", "៛": "KHR", "บาท": "THB",
    "ج.م": "EGP", "грн.": "UAH", "дин.": "RSD", "din.": "RSD", "kn": "HRK", "ден": "MKD",
    # currency names markup uses in place of codes ("priceCurrency": "Euro"); RUR is the old ruble code
    "euro": "EUR", "euros": "EUR", "yen": "JPY", "rur": "RUB", "złotych": "PLN", "zloty": "PLN",
}
# Symbols shared by several currencies: the profile's currency decides, else the default.
AMBIGUOUS: dict[str, str | None] = {"$": "USD", "kr": None, "kr.": None, "r": None, "¢": None}

# Machine numbers: "12", "12.5", "12.50", "0.125", "19.9900". Three decimals after a
# non-zero integer part ("1.299") is how shops print thousands, so price-parser reads those.
_PLAIN_NUMBER = re.compile(r"^\s*[-−]?(?:\d+(?:\.\d{1,2}|\.\d{4,})?|0\.\d+)\s*$")
_NEGATIVE = re.compile(r"^[^\d]*[-−]\s*[^\d]*\d")
_FREE = re.compile(r"^\s*(free|gratis|kostenlos|gratuit)\b", re.IGNORECASE)
_CENT = Decimal("0.01")
_TYPESET_APOSTROPHE = re.compile(r"(?<=\d)[’ʼ](?=\d{3})")
_NOT_AMOUNT = re.compile(r"[\d.,'\s\u00a0\u202f-]+")  # the amount and its separators


# Full-width forms (Japanese, Chinese shops: "１，２８０円") and Arabic-Indic digits with their
# separators ("٩٩٫٠٠ ر.س") as the ASCII ones a price parser reads.
_DIGIT_FORMS = str.maketrans({**{chr(0xFF10 + i): str(i) for i in range(10)},
                              **{chr(0x0660 + i): str(i) for i in range(10)},
                              **{chr(0x06F0 + i): str(i) for i in range(10)},
                              "，": ",", "．": ".", "٫": ".", "٬": ","})


def ascii_digits(text: str) -> str:
    """``text`` with full-width and Arabic-Indic digits and separators as ASCII."""
    return text.translate(_DIGIT_FORMS)


def parse_amount(value: Any) -> tuple[Decimal | None, str | None]:
    """(amount, currency text found next to it) from a price string or number.

    Plain machine numbers ("1299.5", JSON numbers) are read as such; anything else goes
    through price-parser, which understands "£1,299.00" and "1.299,00 €". A minus sign
    before the number is kept so that validation can reject negative prices. "1.299" is
    read the way shops print it (one thousand two hundred ninety-nine).
    """
    if value is None or isinstance(value, bool):
        return None, None
    if isinstance(value, (int, float, Decimal)):
        try:
            amount = Decimal(str(value))
        except InvalidOperation:
            return None, None
        return (amount, None) if amount.is_finite() else (None, None)
    text = str(value).strip()
    if not text:
        return None, None
    if _PLAIN_NUMBER.match(text):
        return Decimal(text.replace("−", "-")), None
    if _FREE.match(text):
        return Decimal(0), None
    if not text.isascii():
        text = ascii_digits(text)
    if "’" in text or "ʼ" in text:  # Swiss thousands typeset "1’234.50": price-parser knows only "'"
        text = _TYPESET_APOSTROPHE.sub("'", text)
    try:
        price = Price.fromstring(text)
    except Exception:  # price-parser is robust, but never trust it with junk
        return None, None
    amount = price.amount
    if amount is not None and _NEGATIVE.match(text):
        amount = -amount
    currency = price.currency
    if currency is None and amount is not None:
        currency = _lone_symbol(text)
    return amount, currency


def _lone_symbol(text: str) -> str | None:
    """The one word beside the amount when it names a currency price-parser does not know
    ("1299元", "890 บาท", "R 299"): the symbol a shop prints, for the currency step."""
    words = _NOT_AMOUNT.sub(" ", text).split()
    if len(words) != 1:
        return None
    key = words[0].lower()
    return words[0] if key in SYMBOLS or key in AMBIGUOUS else None


def round_price(amount: Decimal | None) -> float | None:
    """Decimal -> float rounded half-up to 2 decimal places."""
    if amount is None:
        return None
    try:
        value = float(amount.quantize(_CENT, rounding=ROUND_HALF_UP))
    except (InvalidOperation, OverflowError, ValueError):
        return None  # absurd magnitudes are not prices
    return value if math.isfinite(value) else None


def currency_code(text: str | None, default: str | None = None) -> str | None:
    """ISO 4217 code for an ISO code or an unambiguous symbol; ``default`` for "$", "kr"...

    Returns None when the text names no known currency.
    """
    if not text or not isinstance(text, str):
        return None
    token = text.strip()
    if token.upper() in ISO_4217:
        return token.upper()
    key = token.lower()
    if key in SYMBOLS:
        return SYMBOLS[key]
    if key in AMBIGUOUS:
        return default or AMBIGUOUS[key]
    # "USD 12" style leftovers: an ISO code inside the text
    for word in re.findall(r"[A-Za-z]{3}", token):
        if word.upper() in ISO_4217 and word.isupper():
            return word.upper()
    return None


def is_iso_currency(code: Any) -> bool:
    """True for an upper-case ISO 4217 code."""
    return isinstance(code, str) and code in ISO_4217
