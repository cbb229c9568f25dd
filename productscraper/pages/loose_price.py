"""A price printed as loose text, in no element of its own and with no class to name it.

Hand-written and old templates print ``Price: $24.00<br>`` inside a block that holds the
rest of the product too: the price elements and money leaves the DOM layer scans never see
it. The DOM layer asks this only to fill a gap (no price element, no money leaf) and only of
the product's region, so markup and named elements always come first. (A loose stock text,
"<p>OUT OF STOCK</p>", was tried the same way: on the 195 real pages it answered once, wrongly.)
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from lxml import etree

from productscraper.pages.buttons import in_control


# "Price:", "Our price", "Preis:", "Prix :", "Цена:" ... then an amount with a symbol or code around it.
_PRICE_LABEL = re.compile(
    r"\s*(?:(?:our|your|sale|special|today'?s|now) )?(?:price|cost|preis|unser preis|prix|precio|prezzo|preço|"
    r"prijs|cena|цена|ціна|pris|hinta|fiyat(?:ı)?|τιμή|ár|preț|pret|kaina|hind|価格|販売価格|价格|售价|價格|가격|판매가|"
    r"harga|giá|ราคา|מחיר|السعر)\s*[:：]?\s*(.+?)\s*",
    re.IGNORECASE | re.DOTALL)
# The value after the label: an amount with at most a short symbol / code on either side ("$24.00",
# "24,00 €", "Rs. 1,299", "1.299,- €"), nothing that reads as a sentence.
_AMOUNT_ONLY = re.compile(r"[^\d\s]{0,4}\.?\s?\d[\d.,\u00a0\u202f '’]*(?:-|–)?\s?[^\d\s]{0,4}")
# Text nodes short enough to be a label and its value (cheapest test first).
_SHORT_TEXTS = etree.XPath(".//text()[normalize-space()][string-length() < 60]")


def _texts(root: Any) -> Iterator[tuple[Any, str]]:
    """(holding element, text) of each short text node under ``root`` outside scripts and controls."""
    for text in _SHORT_TEXTS(root):
        if not any(c.isdigit() for c in text):
            continue  # no amount, no price (before the costlier holder tests)
        parent = text.getparent()
        if parent is None:
            continue
        holder = parent if text.is_text else parent.getparent()  # a tail belongs to the parent's parent
        if holder is None or not isinstance(holder.tag, str) or in_control(holder):
            continue
        yield holder, " ".join(str(text).split())


def labelled_prices(root: Any) -> list[tuple[Any, str]]:
    """(element, "$24.00") of each "Price: $24.00" text under ``root``, in document order."""
    found = []
    for holder, text in _texts(root):
        if not any(c.isdigit() for c in text):
            continue
        match = _PRICE_LABEL.fullmatch(text)
        if match is not None and _AMOUNT_ONLY.fullmatch(match.group(1)):
            found.append((holder, match.group(1)))
    return found
