"""Normalisation: raw product (strings as found on the page) -> normalised product (CONTRACTS.md).

One pure function, :func:`normalise_product`, built from small field parsers. Nothing here
does I/O or raises on odd input: an unparseable value becomes None (or "unknown").
"""
from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin, urlsplit

from w3lib.html import remove_tags
from w3lib.url import canonicalize_url, safe_url_string

from productscraper.processing.availability import (
    IN_STOCK,
    OUT_OF_STOCK,
    UNKNOWN,
    parse_availability,
    parse_stock,
)
from productscraper.processing.money import currency_code, parse_amount, round_price

if TYPE_CHECKING:
    from productscraper.profiles import SiteProfile

LIMITS = {"title": 500, "description": 20_000}
DEFAULT_LIMIT = 1_000
MAX_BREADCRUMBS = 50
_MAX_INPUT = 100_000  # characters of any raw value looked at (above every field's budget)
NORMALISED_FIELDS = (
    "url", "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn", "brand",
    "rating", "review_count", "category", "breadcrumbs", "description", "image_url", "truncated",
    "price_min", "price_max", "list_price", "sources", "warnings",
)
#: A price whose currency could not be told: stored with ``currency: None`` and this warning.
CURRENCY_UNKNOWN = "currency_unknown"

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b\ufeff]")
_MARKUP = re.compile(r"</?[a-zA-Z][^<>]*>")  # [^<>]: stays linear on "<a<a<a..." junk
_BLOCK_TAGS = re.compile(r"<(?:br|/p|/div|/li|/h[1-6])\b[^<>]*>", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_CATEGORY_SEPARATORS = re.compile(r"\s*(?:>|›|»|→)\s*")
_HOME_CRUMBS = frozenset({"home", "homepage", "start", "startseite", "accueil", "inicio", "home page"})
_RATING_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
_RATING_WORD = re.compile(r"\b(" + "|".join(_RATING_WORDS) + r")\b", re.IGNORECASE)
_COUNT = re.compile(r"\d{1,3}(?:[,.\u202f\u00a0 ]\d{3})+(?!\d)|\d+")
_OUT_OF = re.compile(r"(?:out of|/|von|sur|de)\s*(\d+(?:[.,]\d+)?)", re.IGNORECASE)


# ----------------------------------------------------------------------------- text


def _scalar(value: Any) -> Any:
    """A raw scalar field may arrive as a list: take its first non-empty item."""
    if isinstance(value, (list, tuple)):
        return next((v for v in value if v not in (None, "")), None)
    return value


def clean_text(value: Any, *, strip_tags: bool = False) -> str | None:
    """Entities decoded, (optionally) tags removed, whitespace collapsed; None when empty."""
    value = _scalar(value)
    if value is None or isinstance(value, (dict, bool)):
        return None
    text = html.unescape(str(value)[:_MAX_INPUT])
    if strip_tags and _MARKUP.search(text):
        text = remove_tags(_BLOCK_TAGS.sub(" ", text))
        text = html.unescape(text) if "&" in text else text
    text = " ".join(_CONTROL.sub("", text).split())
    return text or None


def _text_field(name: str, value: Any, truncated: list[str], *, strip_tags: bool = False) -> str | None:
    """A cleaned text field cut to its length limit (recorded in ``truncated``).

    Input far beyond the limit is cut before cleaning, so huge values cost no more than
    small ones; that cut counts as a truncation too.
    """
    limit = LIMITS.get(name, DEFAULT_LIMIT)
    value = _scalar(value)
    budget = 4 * limit + 1_000  # room for entities, tags and runs of whitespace
    precut = isinstance(value, str) and len(value) > budget
    text = clean_text(value[:budget] if precut else value, strip_tags=strip_tags)
    if precut and text and name not in truncated:
        truncated.append(name)
    return _limit(name, text, truncated)


def _limit(name: str, text: str | None, truncated: list[str], limit: int | None = None) -> str | None:
    limit = limit or LIMITS.get(name, DEFAULT_LIMIT)
    if text is not None and len(text) > limit:
        if name not in truncated:
            truncated.append(name)
        return text[:limit].rstrip()
    return text


# ----------------------------------------------------------------------------- urls


def normalise_url(url: Any) -> str | None:
    """Canonical absolute URL (w3lib ``canonicalize_url``: sorted query, no fragment)."""
    url = clean_text(url)
    if not url:
        return None
    try:
        return canonicalize_url(url)
    except Exception:
        return url


def absolute_url(base: str | None, value: Any) -> str | None:
    """``value`` resolved against ``base``; None unless the result is http(s) with a host
    (a shop's ``https:///Images/x.jpg`` is dropped, not a reason to reject the product)."""
    value = clean_text(value)
    if not value:
        return None
    try:
        url = safe_url_string(urljoin(base or "", value))
        host = urlsplit(url).hostname
    except Exception:
        return None
    return url if url.lower().startswith(("http://", "https://")) and host else None


# ----------------------------------------------------------------------------- numbers


def _number(text: str | None) -> float | None:
    if not text:
        return None
    match = _NUMBER.search(text)
    return float(match.group(0).replace(",", ".")) if match else None


def parse_rating(rating: Any, scale: Any = None) -> float | None:
    """Rating scaled to 0..5: "4.5" (bestRating 5), "8/10", "90%", "star-rating Three"."""
    text = clean_text(rating)
    if not text:
        return None
    value = _number(text)
    if value is None:
        word = _RATING_WORD.search(text)
        if not word:
            return None
        value = float(_RATING_WORDS[word.group(1).lower()])
    best = _number(clean_text(scale))
    if best is None:
        out_of = _OUT_OF.search(text)
        if out_of:
            best = float(out_of.group(1).replace(",", "."))
        elif "%" in text:
            best = 100.0
        else:
            best = 5.0
    if best <= 0:
        return None
    return round(min(max(value / best * 5.0, 0.0), 5.0), 2)


def parse_count(value: Any) -> int | None:
    """An integer count from "1,234 reviews", "12", 12."""
    value = _scalar(value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return int(value) if math.isfinite(value) and value >= 0 else None
    match = _COUNT.search(clean_text(value) or "")
    digits = re.sub(r"\D", "", match.group(0)) if match else ""
    return int(digits) if 0 < len(digits) <= 15 else None


def normalise_price(raw_price: Any, raw_currency: Any, default_currency: str | None) -> tuple[float | None, str | None]:
    """(price rounded to 2 dp, ISO currency): data currency, else the price's symbol, else the default.

    ``$`` and other shared symbols mean ``default_currency`` when given (USD for "$" otherwise).
    """
    raw_price = _scalar(raw_price)
    if isinstance(raw_price, str):
        raw_price = clean_text(raw_price)
    amount, symbol = parse_amount(raw_price)
    price = round_price(amount)
    currency = currency_code(clean_text(raw_currency), default_currency)
    if currency is None and symbol:
        currency = currency_code(symbol, default_currency)
    if currency is None and price is not None:
        currency = default_currency
    return price, currency


def normalise_gtin(value: Any) -> str | None:
    """GTIN as digits when it is written with spaces or dashes, else the cleaned text."""
    text = clean_text(value)
    if text and re.fullmatch(r"[\d\s-]+", text):
        return re.sub(r"\D", "", text)
    return text


# ----------------------------------------------------------------------------- category


def _category_name(text: str | None) -> str | None:
    if not text:
        return None
    parts = [p for p in _CATEGORY_SEPARATORS.split(text) if p]
    return parts[-1] if parts else None


def category_from_breadcrumbs(crumbs: list[str], title: str | None) -> str | None:
    """The crumb before the product: the last one, or the one before it if that is the title."""
    items = list(crumbs)
    if items and title and items[-1].casefold() == title.casefold():
        items.pop()
    if items and items[-1].casefold() in _HOME_CRUMBS:
        return None
    return items[-1] if items else None


def normalise_breadcrumbs(value: Any, truncated: list[str]) -> list[str]:
    """Breadcrumb names, cleaned, empties dropped; a single string becomes one crumb."""
    if value is None:
        return []
    items = value if isinstance(value, (list, tuple)) else [value]
    crumbs = [c for c in (clean_text(i) for i in items) if c]
    if len(crumbs) > MAX_BREADCRUMBS:
        crumbs = crumbs[:MAX_BREADCRUMBS]
        truncated.append("breadcrumbs")
    limited = [_limit("breadcrumbs", c, truncated) or "" for c in crumbs]
    return limited


# ----------------------------------------------------------------------------- product


def normalise_product(raw: Mapping[str, Any], *, profile: SiteProfile | None = None) -> dict[str, Any]:
    """The normalised product of docs/CONTRACTS.md from a raw product (``ProductPage.to_raw()``).

    ``profile.currency`` is the currency when the page names none (or only "$").
    """
    raw = raw if isinstance(raw, Mapping) else {}
    truncated: list[str] = []
    default_currency = getattr(profile, "currency", None) or None

    url = normalise_url(raw.get("url"))
    title = _text_field("title", raw.get("title"), truncated)
    price, currency = normalise_price(raw.get("price"), raw.get("currency"), default_currency)

    availability_text = clean_text(raw.get("availability"))
    availability = parse_availability(availability_text)
    stock = parse_stock(clean_text(raw.get("stock")))
    if stock is None and availability_text:
        stock = parse_stock(availability_text)
    if availability == UNKNOWN and stock is not None:
        availability = IN_STOCK if stock > 0 else OUT_OF_STOCK

    breadcrumbs = normalise_breadcrumbs(raw.get("breadcrumbs"), truncated)
    category = _category_name(_text_field("category", raw.get("category"), truncated))
    if category is None and breadcrumbs:
        category = category_from_breadcrumbs(breadcrumbs, title)

    image_url = absolute_url(url, raw.get("image_url"))
    if image_url and len(image_url) > DEFAULT_LIMIT:
        image_url = None  # a cut URL is a broken URL
        truncated.append("image_url")

    product = {
        "url": url,
        "title": title,
        "price": price,
        "currency": currency,
        "availability": availability,
        "stock": stock,
        "sku": _text_field("sku", raw.get("sku"), truncated),
        "gtin": _limit("gtin", normalise_gtin(raw.get("gtin")), truncated),
        "mpn": _text_field("mpn", raw.get("mpn"), truncated),
        "brand": _text_field("brand", raw.get("brand"), truncated),
        "rating": parse_rating(raw.get("rating"), raw.get("rating_scale")),
        "review_count": parse_count(raw.get("review_count")),
        "category": category,
        "breadcrumbs": breadcrumbs,
        "description": _text_field("description", raw.get("description"), truncated, strip_tags=True),
        "image_url": image_url,
        "truncated": truncated,
    }
    product.update(_price_range(raw, price, currency, default_currency))
    product["sources"] = _sources(raw.get("sources"))
    product["warnings"] = [CURRENCY_UNKNOWN] if price is not None and currency is None else []
    return product


def _price_range(raw: Mapping[str, Any], price: float | None, currency: str | None,
                 default_currency: str | None) -> dict[str, float | None]:
    """price_min / price_max (several offers) and list_price (a sale's struck price), as prices."""
    out: dict[str, float | None] = {}
    for name in ("price_min", "price_max", "list_price"):
        value, _ = normalise_price(raw.get(name), currency, default_currency)
        out[name] = value if price is not None else None
    if out["list_price"] is not None and price is not None and out["list_price"] <= price:
        out["list_price"] = None  # not above the selling price: no discount to keep
    if out["price_min"] is not None and out["price_max"] is not None and out["price_min"] > out["price_max"]:
        out["price_min"], out["price_max"] = out["price_max"], out["price_min"]
    return out


def _sources(value: Any) -> dict[str, str]:
    """field -> extraction layer, strings only (debugging aid stored with the product)."""
    if not isinstance(value, Mapping):
        return {}
    return {str(k): str(v)[:40] for k, v in value.items() if isinstance(v, str)}
