"""Does the visible page print a value? Searched in the raw HTML's text (between tags).

A regex over the HTML for one value costs well under a millisecond; collecting the text
nodes outside scripts with XPath costs ~7 ms on a large page. Text inside inline scripts
can still match (``>`` before the value in a script string): a rare, tolerated error.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

_CENT = Decimal("0.01")
# The last character that ends a run of text: a tag's ">" opens one, the others rule it out.
_TEXT_BREAK = re.compile(r"[<>{}\"=][^<>{}\"=]*\Z")
_WORDISH = re.compile(r"[\w-]")


def amount_key(value: Decimal | None) -> str | None:
    """An amount as a comparable string, 2 decimal places."""
    if value is None:
        return None
    try:
        return str(value.quantize(_CENT))
    except (InvalidOperation, ValueError):
        return None


def _amount_pattern(key: str) -> str:
    """"1299.50" -> 1[.,  ]?299[.,]50 ; "2200.00" -> 2[.,  ]?200 with optional cents.

    The leading digit comes first and the "no digit before" check right after it, so the
    regex engine scans for that literal instead of trying the check at every position."""
    whole, cents = key.split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    number = r"[.,\u00a0\u202f ]?".join(groups)
    tail = r"(?:[.,]00|[.,]-)?" if cents == "00" else r"[.,]" + cents
    return re.escape(number[0]) + r"(?<![\d.,]." + r")" + number[1:] + tail + r"(?![\d])"


def _in_text(html: str, at: int, reach: int) -> bool:
    """True when ``at`` lies in an element's text: a ``>`` at most ``reach`` characters
    before it, none of ``<>{}"=`` in between (the old ``>[^<>{}"=]{0,reach}?`` prefix)."""
    window = html[max(0, at - reach - 1):at]
    found = _TEXT_BREAK.search(window)
    return found is not None and window[found.start()] == ">"


def shows_amount(html: str, key: str) -> bool:
    """True when an element's text prints the amount ``key`` ("31.57" as "$31.57", "31,57 €")."""
    if not key or "." not in key:
        return False
    for found in re.finditer(_amount_pattern(key), html):
        if _in_text(html, found.start(), 80):
            return True
    return False


def shows(html: str, value: str) -> bool:
    """True when an element's text holds ``value`` as a whole token."""
    if not value:
        return False
    # Braces, quotes and "=" mark script code, not text a shopper reads.
    # Each occurrence found by str.find, then checked: one regex with the text prefix
    # tried at every ">" of a 400 kB page costs ~2 ms.
    size = len(value)
    at = html.find(value)
    while at != -1:
        if not (at and _WORDISH.match(html, at - 1)) and not _WORDISH.match(html, at + size) \
                and _in_text(html, at, 200):
            return True
        at = html.find(value, at + 1)
    return False
