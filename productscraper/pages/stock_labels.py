"""Stock stated after a label in elements without a stock class or id.

OpenCart prints ``<li>Availability: Out Of Stock</li>`` in a plain list, spec tables say
``<dt>Verfügbarkeit</dt><dd>Sofort lieferbar</dd>``: the label names what follows, so the
value is read with :func:`.stock_phrases.stock_of` like a stock element's text.
"""
from __future__ import annotations

import re
from typing import Any

from lxml import etree

from productscraper.pages.stock_phrases import stock_of

_LABEL = re.compile(
    r"\s*(?:availability|stock(?: status)?|in stock\?|verfügbarkeit|lieferbarkeit|lieferstatus|lagerstatus|"
    r"disponibilité|disponibilidad|disponibilità|disponibilidade|beschikbaarheid|voorraad|dostępność|"
    r"наличие|tillgänglighet|saatavuus|dostupnos[tť]|stok durumu|在庫状況|在庫|disponibilitate|διαθεσιμότητα|"
    r"库存(?:状态)?|庫存(?:狀態)?|狀態|状态|elérhetőség|készlet|pieejamība|prieinamumas|saadavus|זמינות|"
    r"ketersediaan|ketersediaan stok|status stok|สถานะ(?:สินค้า)?|tình trạng|наявність|наличност|stanje|"
    r"tilgængelighed|tilgjengelighet|lagerstatus|estoque|existencias|التوفر|الحالة)\s*[:：]?\s*(.*)",
    re.IGNORECASE | re.DOTALL)
# Short texts holding a colon, and the texts of definition / table labels (cheapest tests
# first: contains() before the string's length); callers ask only the product's region.
_CANDIDATES = etree.XPath(
    ".//text()[contains(., ':') or contains(., '：') or parent::dt or parent::th][string-length() < 200]")
_NEXT_TEXT = etree.XPath("following::text()[normalize-space()][1]")  # of the label's element


def labelled_stock(root: Any) -> list[tuple[Any, str]]:
    """(element, ``InStock`` / ``OutOfStock``) for each labelled stock statement under ``root``."""
    found = []
    for text in _CANDIDATES(root):
        if len(text.strip()) >= 60:
            continue
        match = _LABEL.fullmatch(str(text))
        if match is None:
            continue
        value, parent = match.group(1).strip(), text.getparent()
        if not value and text.is_text:  # the label alone: its value is the next text ("<dt>…</dt><dd>…</dd>")
            following = _NEXT_TEXT(parent)
            value = str(following[0]).strip() if following else ""
        stock = stock_of(value) if value and len(value) <= 60 else None
        if stock is not None:
            found.append((parent, stock))
    return found
