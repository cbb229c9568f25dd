"""Validation of a normalised product: a list of reasons, empty when the product is valid."""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from productscraper.processing.availability import AVAILABILITY_VALUES
from productscraper.processing.money import is_iso_currency
from productscraper.processing.normalise import DEFAULT_LIMIT, LIMITS

_STRING_FIELDS = ("sku", "gtin", "mpn", "brand", "category", "description", "image_url")


def _reason(field: str, reason: str) -> dict[str, str]:
    return {"field": field, "reason": reason}


def _is_web_url(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def validate_product(item: Mapping[str, Any]) -> list[dict[str, str]]:
    """Reasons why ``item`` is not a valid normalised product, e.g.
    ``[{"field": "price", "reason": "negative price -3.0"}]``; ``[]`` when valid.

    Required: url (absolute http/https) and title. price >= 0 when present; a currency,
    when given, must be ISO 4217 (a missing one is only a warning, see ``normalise``).
    Other fields are checked for type and range.
    """
    if not isinstance(item, Mapping):
        return [_reason("item", f"not a mapping: {type(item).__name__}")]
    reasons: list[dict[str, str]] = []

    url = item.get("url")
    if not url:
        reasons.append(_reason("url", "missing"))
    elif not _is_web_url(url):
        reasons.append(_reason("url", f"not an absolute http(s) URL: {str(url)[:200]!r}"))

    title = item.get("title")
    if title is None or (isinstance(title, str) and not title.strip()):
        reasons.append(_reason("title", "missing"))
    elif not isinstance(title, str):
        reasons.append(_reason("title", f"not a string: {type(title).__name__}"))
    elif len(title) > LIMITS["title"]:
        reasons.append(_reason("title", f"longer than {LIMITS['title']} characters"))

    price = item.get("price")
    if price is not None:
        if not _is_number(price):
            reasons.append(_reason("price", f"not a number: {price!r}"))
        elif price < 0:
            reasons.append(_reason("price", f"negative price {float(price)}"))
        currency = item.get("currency")
        # An unknown currency is a warning on the product (normalise), never a reason to lose it.
        if currency is not None and not is_iso_currency(currency):
            reasons.append(_reason("currency", f"not an ISO 4217 code: {currency!r}"))
    elif item.get("currency") is not None and not is_iso_currency(item.get("currency")):
        reasons.append(_reason("currency", f"not an ISO 4217 code: {item.get('currency')!r}"))

    availability = item.get("availability")
    if availability is not None and availability not in AVAILABILITY_VALUES:
        reasons.append(_reason("availability", f"unknown value {availability!r}"))

    for field in ("price_min", "price_max", "list_price"):
        value = item.get(field)
        if value is not None and (not _is_number(value) or value < 0):
            reasons.append(_reason(field, f"not a non-negative number: {value!r}"))

    for field in ("stock", "review_count"):
        value = item.get(field)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            reasons.append(_reason(field, f"not an integer: {value!r}"))
        elif value < 0:
            reasons.append(_reason(field, f"negative {field} {value}"))

    rating = item.get("rating")
    if rating is not None:
        if not _is_number(rating):
            reasons.append(_reason("rating", f"not a number: {rating!r}"))
        elif not 0 <= rating <= 5:
            reasons.append(_reason("rating", f"out of range 0..5: {rating}"))

    for field in _STRING_FIELDS:
        value = item.get(field)
        if value is None:
            continue
        if not isinstance(value, str):
            reasons.append(_reason(field, f"not a string: {type(value).__name__}"))
        elif len(value) > LIMITS.get(field, DEFAULT_LIMIT):
            reasons.append(_reason(field, f"longer than {LIMITS.get(field, DEFAULT_LIMIT)} characters"))

    image_url = item.get("image_url")
    if isinstance(image_url, str) and not _is_web_url(image_url):
        reasons.append(_reason("image_url", f"not an absolute http(s) URL: {image_url[:200]!r}"))

    for field in ("breadcrumbs", "truncated", "warnings"):
        value = item.get(field)
        if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
            reasons.append(_reason(field, "not a list of strings"))
    return reasons
