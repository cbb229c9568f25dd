"""The current price of a price element that prints several amounts.

"<del>$50</del> <ins>$40</ins>", "Was £25.00 Now £19.99", "Now $10 Was $20", "$10.00 – $20.00":
the current one is told apart by markup (struck parts), by a "now" word before it or an
"old" word after it, or as a range's lowest; the others are recorded as struck.
"""
from __future__ import annotations

import re
from typing import Any

from productscraper.pages.dom_elements import _AMOUNTS, struck_parts
from productscraper.pages.visible import amount_key
from productscraper.processing.money import parse_amount

# "Was £25.00 Now £19.99": the amount after a "now" word is the current one.
_NOW = re.compile(r"\d.*?\b(?:now|sale price|our price|jetzt|nur noch|maintenant|ahora|agora|por|nu|teraz|сейчас)\b\s*:?\s*(.+)$",
                  re.IGNORECASE)
# The old price printed after the current one: "Now $10.00 Was $20.00", "19,99 € statt 24,99 €".
_THEN_OLD = re.compile(r"(?<=\d)\W{0,3}\s*\b(?:was|reg(?:ular)?|list(?: price)?|orig(?:inal)?|rrp|msrp|mrp|uvp|statt|"
                       r"instead of|compare at|avant|au lieu de|antes|invece di|vorher)\b", re.IGNORECASE)
# A price range in one element, nothing else in it: "$10.00 – $20.00", "ab 10 € bis 20 €".
_RANGE_SEP = r"\s(?:[-–—~]|to|bis|à|a|до)\s"
_RANGE = re.compile(r"^\D{0,8}?\d[\d.,'’\s]*\D{0,6}?" + _RANGE_SEP + r"\D{0,6}?\d[\d.,'’\s]*\D{0,6}$", re.IGNORECASE)
# Amounts beside the price that are no price of it: a unit price in brackets "(2,50 € / 100 g)",
# the amount before tax where the price with tax is printed too ("1,122円（税抜）", "€10 excl. VAT"),
# a saving in brackets.
_SIDE = re.compile(
    r"[(（][^()（）]*\d[^()（）]*?(?:/|per |pro |je )\s*(?:\d+\s*)?"
    r"(?:kg|g|l|ml|cl|m|m²|lb|oz|stk|stück|st\.?|unit|each|piece|pc)\b[^()（）]*[)）]"
    r"|\S*\d[\d.,'’]*\s*\S{0,3}\s*[(（]?(?:税抜き?|税別|本体価格|"
    r"(?:excl\.?|excluding|ohne|zzgl\.?|exkl\.?|hors)\s*(?:vat|tax|mwst\.?|taxes|tva|btw))[)）]?"
    # a saving in brackets: "19,200원 (4,800원 할인)", "$40.00 (Save $10.00)", "(Sie sparen 5,00 €)"
    r"|[(（](?=[^()（）]*\d)[^()（）]*(?:할인|\boff\b|\bsave\b|saving|sparen|ersparnis|économisez|ahorr|risparmi|"
    r"sconto|desconto|economi[zs]e|korting|rabatt|скидк|экономия|割引|お得|折|节省|省)[^()（）]*[)）]",
    re.IGNORECASE)
_RANGE_CUT = re.compile(_RANGE_SEP, re.IGNORECASE)


def current_part(node: Any, text: str, struck_keys: set[str]) -> str | None:
    """The one current price of an element that shows several ("<del>$50</del> <ins>$40</ins>",
    "Was £25.00 Now £19.99", "Now $10 Was $20"), the others recorded as struck; a range's
    lowest ("$10.00 – $20.00"); the price beside a unit price or its amount before tax.
    None when it cannot tell."""
    trimmed = " ".join(_SIDE.sub(" ", text).split())
    if trimmed != text and _AMOUNTS.search(trimmed):
        if len(_AMOUNTS.findall(trimmed)) == 1:
            return trimmed
        text = trimmed
    kept, struck = struck_parts(node)
    if struck and len(_AMOUNTS.findall(kept)) == 1:
        current = kept
    elif (match := _NOW.search(text)) is not None:
        if len(_AMOUNTS.findall(match.group(1))) != 1:
            return None
        current, struck = match.group(1), [text[: match.start(1)]]
    elif (match := _THEN_OLD.search(text)) is not None:
        if len(_AMOUNTS.findall(text[: match.start()])) != 1:
            return None
        current, struck = text[: match.start()], [text[match.start():]]
    elif len(_AMOUNTS.findall(text)) == 2 and _RANGE.match(text):
        low, high = _RANGE_CUT.split(text, maxsplit=1)
        amounts = (parse_amount(low)[0], parse_amount(high)[0])
        if None in amounts:
            return None
        return low if amounts[0] <= amounts[1] else high  # a range's price is its lowest
    else:
        return None
    for old in struck:
        amount = parse_amount(old)[0]
        if amount is not None and len(_AMOUNTS.findall(old)) == 1:
            struck_keys.add(amount_key(amount) or "")
    return current
