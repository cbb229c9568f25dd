"""The amounts the visible page shows (text outside scripts and styles), read once."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from parsel import Selector

_VISIBLE_TEXT = "//body//text()[not(ancestor::script or ancestor::style or ancestor::noscript or ancestor::template)]"
_NUMBER = re.compile(r"(?<![\d.,])\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?(?![\d])|(?<![\d.,])\d+(?:[.,]\d{1,2})?(?![\d])")
_CENT = Decimal("0.01")


def amount_key(value: Decimal | None) -> str | None:
    """An amount as a comparable string, 2 decimal places."""
    if value is None:
        return None
    try:
        return str(value.quantize(_CENT))
    except (InvalidOperation, ValueError):
        return None


def _read(token: str) -> Decimal | None:
    """"1.299,00" / "1,299.00" / "1 299" / "29,99" -> Decimal."""
    token = token.replace("\u00a0", " ").replace("\u202f", " ")
    m = re.search(r"[.,](\d{1,2})$", token)
    whole, cents = (token[: m.start()], m.group(1)) if m else (token, "0")
    digits = re.sub(r"\D", "", whole)
    try:
        return Decimal(f"{digits or '0'}.{cents}")
    except InvalidOperation:
        return None


def visible_amounts(selector: Selector, limit: int = 400_000) -> set[str]:
    """Every number of the visible text as an amount key (bounded text length)."""
    try:
        texts = selector.root.xpath(_VISIBLE_TEXT)
    except Exception:
        return set()
    text, size = [], 0
    for t in texts:
        if any(c.isdigit() for c in t):
            text.append(t)
            size += len(t)
            if size > limit:
                break
    out = set()
    for token in _NUMBER.findall(" ".join(text)):
        key = amount_key(_read(token))
        if key:
            out.add(key)
    return out
