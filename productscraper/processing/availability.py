"""Availability: schema.org ItemAvailability values and shop free text -> enum + stock count."""
from __future__ import annotations

import math
import re
from typing import Any

IN_STOCK = "in_stock"
OUT_OF_STOCK = "out_of_stock"
PREORDER = "preorder"
BACKORDER = "backorder"
DISCONTINUED = "discontinued"
UNKNOWN = "unknown"
AVAILABILITY_VALUES = (IN_STOCK, OUT_OF_STOCK, PREORDER, BACKORDER, DISCONTINUED, UNKNOWN)

# schema.org ItemAvailability members (lower-cased short names)
_SCHEMA = {
    "instock": IN_STOCK,
    "limitedavailability": IN_STOCK,
    "instoreonly": IN_STOCK,
    "onlineonly": IN_STOCK,
    "madetoorder": IN_STOCK,  # orderable now, just made on demand
    "outofstock": OUT_OF_STOCK,
    "soldout": OUT_OF_STOCK,
    "oos": OUT_OF_STOCK,  # Facebook catalogue's older product:availability value
    "reserved": OUT_OF_STOCK,
    "preorder": PREORDER,
    "presale": PREORDER,
    "backorder": BACKORDER,
    "discontinued": DISCONTINUED,
}

# Free-text rules, most specific first: negations must win over the "in stock" they contain.
_TEXT_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), v)
    for p, v in (
        (r"\bdiscontinued\b|\bno longer (?:available|sold|made|stocked)\b|\bend of life\b", DISCONTINUED),
        (r"\bpre[\s-]?order|\bpre[\s-]?sale\b|\bcoming soon\b|\bavailable (?:soon|for pre)", PREORDER),
        (r"\bback[\s-]?order|\bon order\b|\bawaiting stock\b|\bships? in \d+\s*(?:-\s*\d+\s*)?(?:weeks?|months?)\b", BACKORDER),
        (
            r"\bout[\s-]of[\s-]stock\b|\bsold[\s-]?out\b|\bnot (?:currently )?(?:in stock|available)\b"
            r"|\bunavailable\b|\bno stock\b|\bnone left\b|\bnot in stock\b|\bausverkauft\b|\bépuisé\b|\bagotado\b"
            r"|\bnicht (?:lieferbar|verfügbar)\b|\b0 (?:available|in stock|left)\b|\bzero stock\b",
            OUT_OF_STOCK,
        ),
        (
            r"\bin[\s-]?stock\b|\bavailable\b|\bonly \d+ left\b|\b\d+ left\b|\blast (?:one|item|few)\b"
            r"|\bfew left\b|\bready to ship\b|\bships? (?:today|tomorrow|now|within)\b|\bauf lager\b"
            r"|\blieferbar\b|\ben stock\b|\bdisponible\b|\bon hand\b|\bin store only\b|\bonline only\b",
            IN_STOCK,
        ),
    )
)

# A count: "22", "1,200", "1.200" (bounded, and anchored on a word boundary so that long
# digit runs cannot make the search quadratic).
_N = r"\b(\d{1,3}(?:[,.]\d{3})+|\d{1,9})\b"
_STOCK_RULES = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        _N + r"\s*(?:items?|units?|pcs\.?|pieces?|copies|pairs?)?\s*(?:available|in stock|left|remaining|on hand)\b",
        r"\bonly\s+" + _N,
        r"\b(?:stock|quantity|qty|available|inventory)\s*(?:level|available)?\s*[:=]\s*" + _N,
        r"\bin stock\s*[:(\[]\s*" + _N,
    )
)
_MAX_TEXT = 1_000  # availability statements are short; do not scan a whole description


def _short_name(value: str) -> str:
    return re.split(r"[/#:]", value.strip().rstrip("/"))[-1].replace(" ", "").replace("_", "").lower()


def parse_availability(value: Any) -> str:
    """Enum value for a schema.org URL ("https://schema.org/InStock", "InStock") or free text."""
    if value is None:
        return UNKNOWN
    if isinstance(value, bool):
        return IN_STOCK if value else OUT_OF_STOCK
    if isinstance(value, (list, tuple)):
        for item in value:
            found = parse_availability(item)
            if found != UNKNOWN:
                return found
        return UNKNOWN
    text = str(value).strip()
    if not text:
        return UNKNOWN
    short = _short_name(text)
    if short in _SCHEMA:
        return _SCHEMA[short]
    if text.lower() in {"in_stock", "out_of_stock", "preorder", "backorder", "discontinued"}:
        return text.lower()
    text = text[:_MAX_TEXT]
    for pattern, result in _TEXT_RULES:
        if pattern.search(text):
            return result
    return UNKNOWN


def parse_stock(value: Any) -> int | None:
    """Stock count: a number, or the count stated in text ("In stock (22 available)", "Only 3 left")."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value >= 0 else None
    text = str(value).strip()
    if not text:
        return None
    if re.search(r"\d{16}", text):
        return None  # not a stock count (and int() refuses absurdly long digit runs)
    if re.fullmatch(r"(?:\d{1,3}(?:,\d{3}){0,4}|\d{1,15})(?:\.0+)?", text):
        return int(text.split(".")[0].replace(",", ""))
    text = text[:_MAX_TEXT]
    for pattern in _STOCK_RULES:
        match = pattern.search(text)
        if match:
            digits = re.sub(r"[,.]", "", match.group(1))
            if digits.isdigit():
                return int(digits)
    return None


def is_available(value: Any) -> bool:
    """True when the availability means the item can be bought now."""
    return parse_availability(value) == IN_STOCK
