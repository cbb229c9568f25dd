"""Does the visible page print a value? Searched in the raw HTML's text (between tags).

A regex over the HTML for one value costs well under a millisecond; collecting the text
nodes outside scripts with XPath costs ~7 ms on a large page. Text inside inline scripts
can still match (``>`` before the value in a script string): a rare, tolerated error.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

_CENT = Decimal("0.01")


def amount_key(value: Decimal | None) -> str | None:
    """An amount as a comparable string, 2 decimal places."""
    if value is None:
        return None
    try:
        return str(value.quantize(_CENT))
    except (InvalidOperation, ValueError):
        return None


def _amount_pattern(key: str) -> str:
    """"1299.50" -> 1[.,  ]?299[.,]50 ; "2200.00" -> 2[.,  ]?200 with optional cents."""
    whole, cents = key.split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    number = r"[.,\u00a0\u202f ]?".join(groups)
    tail = r"(?:[.,]00|[.,]-)?" if cents == "00" else r"[.,]" + cents
    return r"(?<![\d.,])" + number + tail + r"(?![\d])"


def shows_amount(html: str, key: str) -> bool:
    """True when an element's text prints the amount ``key`` ("31.57" as "$31.57", "31,57 €")."""
    if not key or "." not in key:
        return False
    return re.search(r">[^<>{}\"=]{0,80}?" + _amount_pattern(key), html) is not None


def shows(html: str, value: str) -> bool:
    """True when an element's text holds ``value`` as a whole token."""
    if not value:
        return False
    # Braces, quotes and "=" mark script code, not text a shopper reads.
    pattern = r">[^<>{}\"=]{0,200}?(?<![\w-])" + re.escape(value) + r"(?![\w-])"
    return re.search(pattern, html) is not None
