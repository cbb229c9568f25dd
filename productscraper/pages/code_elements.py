"""Item codes printed in an element named for them, with no label: HikaShop's
``<span class="hikashop_product_code_main">WDL-100</span>`` inside the h1, a theme's
``<span class="product-sku">``. The class says what the text is, as a label would; the text
must still look like a code (:func:`.identifiers.plausible_identifier`, with a digit)."""
from __future__ import annotations

import re
from typing import Any

from productscraper.pages.identifiers import plausible_identifier

_CODE_CLASS = re.compile(
    r"(?:^|[\s_-])sku(?:$|[\s_-])|product[_-]?code|productcode|item[_-]?code|itemcode|article[_-]?(?:no|nr|number)"
    r"|art[_-]?nr|product[_-]?(?:ref|reference|number|id)(?:$|[\s_-])|reference(?:$|[\s_-])")
# (matched against lower-cased names: no IGNORECASE, several times faster)


def code_class(names: str) -> bool:
    """The (lower-cased) class / id names an item code ("product-sku", "hikashop_product_code_main")."""
    return _CODE_CLASS.search(names) is not None


def code_text(el: Any) -> str | None:
    """The element's text when its class names an item code and the text is one, else None."""
    if not code_class((el.get("class") or "").lower()):
        return None
    text = " ".join((el.text or "").split())
    value = plausible_identifier(text)
    return value if value and any(c.isdigit() for c in value) else None


def code_elements(elements: list[Any]) -> list[tuple[Any, str]]:
    """(element, code) of each element (leaves of :func:`.dom_scan.scan`) whose class names an
    item code and whose text is one."""
    found = []
    for el in elements:
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
