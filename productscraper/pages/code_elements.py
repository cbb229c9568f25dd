"""Item codes printed in an element named for them, with no label: HikaShop's
``<span class="hikashop_product_code_main">WDL-100</span>`` inside the h1, a theme's
``<span class="product-sku">``. The class says what the text is, as a label would; the text
must still look like a code (:func:`.identifiers.plausible_identifier`, with a digit)."""
from __future__ import annotations

import re
from typing import Any

from lxml import etree

from productscraper.pages.identifiers import plausible_identifier

_CODE_CLASS = re.compile(
    r"(?:^|[\s_-])sku(?:$|[\s_-])|product[_-]?code|productcode|item[_-]?code|itemcode|article[_-]?(?:no|nr|number)"
    r"|art[_-]?nr|product[_-]?(?:ref|reference|number|id)(?:$|[\s_-])|reference(?:$|[\s_-])", re.IGNORECASE)
# Cheap XPath pre-filter on the class; the regex above decides.
_CANDIDATES = etree.XPath(
    "//body//*[contains(@class, 'sku') or contains(@class, 'SKU') or contains(@class, 'ode') or "
    "contains(@class, 'rticle') or contains(@class, 'ref') or contains(@class, 'Ref') or contains(@class, 'nr')]"
    "[not(*)]")


def code_text(el: Any) -> str | None:
    """The element's text when its class names an item code and the text is one, else None."""
    if not _CODE_CLASS.search(el.get("class") or ""):
        return None
    text = " ".join((el.text or "").split())
    value = plausible_identifier(text)
    return value if value and any(c.isdigit() for c in value) else None


def code_elements(root: Any) -> list[tuple[Any, str]]:
    """(element, code) of each leaf under the page's body whose class names an item code."""
    found = []
    for el in _CANDIDATES(root):
        value = code_text(el)
        if value:
            found.append((el, value))
    return found


def title_without_codes(h1: Any, text: str) -> str:
    """The h1's text without a code element it holds at its end ("Walnut Desk Lamp WDL-100")."""
    for el in h1.iterdescendants():
        if isinstance(el.tag, str):
            value = code_text(el)
            if value and text.endswith(value) and len(text) > len(value):
                return text[: -len(value)].rstrip(" -|:–—#")
    return text
