"""Price elements that are list prices by what they hold, not by their own name.

A row whose only amount sits in a struck or old-named child ("MRP <strike>Rs 8500</strike>") is the
list price; an element that is or holds microdata's ``itemprop="price"`` is the offer's price even in
a box a weak word names ("voucherPrice"), unless a box around it is named old.
"""
from __future__ import annotations

from typing import Any

from productscraper.pages.dom_elements import _AMOUNTS, old_named, shown_struck


def holds_price_prop(node: Any, chain: list[Any]) -> bool:
    """The element is, or holds, microdata's ``itemprop="price"`` (the offer's own price) and no box
    around it is named old ("voucherPrice" is a reason to doubt, "old-price" to strike)."""
    if node.get("itemprop") != "price" and node.find(".//*[@itemprop='price']") is None:
        return False
    return not any(old_named(el) for el in [node, *chain[:4]])


def all_struck(node: Any) -> bool:
    """The element's amount is all in a struck child (Cafe24's ``<span id=…price_custom><strike>30,000원
    </strike>``, Snapdeal's "MRP <strike>Rs 8500</strike>"), or its lone child is named old; a lone child
    named "regular-price" is Magento's current price."""
    if not len(node):
        return False
    if len(node) == 1 and isinstance(node[0].tag, str) and old_named(node[0]) and not (
            (node.text or "").strip() or (node[0].tail or "").strip()):
        return True
    kept: list[str] = []
    found = _unstruck_text(node, kept)
    return found and _AMOUNTS.search("".join(kept)) is None


def _unstruck_text(el: Any, out: list[str]) -> bool:
    """Collect ``el``'s text outside struck / old-named descendants into ``out``; True when such a
    descendant holds an amount."""
    found = False
    if el.text:
        out.append(el.text)
    for child in el:
        if isinstance(child.tag, str) and (shown_struck(child, []) or old_named(child)):
            found = found or _AMOUNTS.search("".join(child.itertext())) is not None
        elif isinstance(child.tag, str):
            found = _unstruck_text(child, out) or found
        if child.tail:
            out.append(child.tail)
    return found
