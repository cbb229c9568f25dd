"""Layer 3: ``itemprop`` and ``data-*`` attributes outside full schema.org microdata.

Microdata parsers miss itemprops with no enclosing ``itemscope Product``; shops also put
machine values in ``data-price``-style attributes. Elements inside recommendation blocks
and other items' scopes are skipped.
"""
from __future__ import annotations

import re
from typing import Any

from lxml import etree
from parsel import Selector

from productscraper.pages.candidates import ATTRIBUTES, Candidate, collect
from productscraper.pages.probes import TextProbes
from productscraper.pages.schema_fields import looks_like_url

ITEMPROP = {
    "title": "name", "price": "price", "currency": "priceCurrency", "availability": "availability",
    "sku": "sku", "gtin": "gtin13", "mpn": "mpn", "brand": "brand", "rating": "ratingValue",
    "rating_scale": "bestRating", "review_count": "reviewCount", "image_url": "image",
}
_DATA = {
    "price": ("data-product-price", "data-price-amount", "data-price", "data-sale-price", "data-current-price"),
    "currency": ("data-currency", "data-product-currency", "data-price-currency", "data-currency-code"),
    "sku": ("data-sku", "data-product-sku", "data-item-sku"),
    "gtin": ("data-gtin", "data-ean", "data-product-ean", "data-upc"),
    "brand": ("data-brand", "data-product-brand"),
}
# The page's data-* attribute names, found in one pass (twenty substring scans of a
# 400 kB page cost ~3 ms; this ~0.5 ms).
_DATA_NAME = re.compile(r"data-[A-Za-z0-9_-]*")
# Hidden inputs of the buy form that carry the product's own code (not a database id:
# "product", "product_id", "add-to-cart" hold those).
_SKU_INPUTS = frozenset({"sku", "asin", "product_sku", "productsku", "item_sku"})
_SKIP = ("related", "recommend", "upsell", "crosssell", "cross-sell", "similar", "carousel", "recent")


def _in_other_block(node: Any) -> bool:
    parent = node.getparent()
    while parent is not None:
        cls = (parent.get("class") or "").lower()
        if cls and any(w in cls for w in _SKIP):
            return True
        parent = parent.getparent()
    return False


def _first_attribute(selector: Selector, attribute: str) -> str | None:
    """The first non-empty ``attribute`` outside recommendation blocks (an existence XPath,
    then ancestors checked in Python: an ancestor predicate in XPath costs ~1 ms a query)."""
    try:
        nodes = selector.root.xpath(f"//@{attribute}/..")  # = //*[@attribute], ~3x cheaper
    except Exception:
        return None
    for node in nodes[:50]:
        value = (node.get(attribute) or "").strip()
        if value and not _in_other_block(node):
            return value
    return None


_OWN_SCOPES = ("Product", "Offer", "Rating")


def _node_value(node: Any) -> str | None:
    value = (node.get("content") or node.get("href") or node.get("src") or node.get("value")
             or " ".join("".join(node.itertext()).split()))
    return value.strip() or None if isinstance(value, str) else None


class _ScopeMemo:
    """Does an itemprop belong to another item (a breadcrumb, an organisation)? Memoised
    per ancestor: itemprops share their ancestors, so the page is walked up once, not once
    per itemprop."""

    def __init__(self) -> None:
        # Element-keyed (not id-keyed): holding the proxies keeps lxml from recycling them.
        self._inside: dict[Any, bool] = {}

    def _foreign_at(self, el: Any) -> bool:
        """True when ``el`` or an ancestor is an itemscope of another type."""
        memo = self._inside
        chain = []
        value = False
        while el is not None:
            if el in memo:
                value = memo[el]
                break
            chain.append(el)
            if el.get("itemscope") is not None:
                kind = el.get("itemtype") or ""
                if not any(t in kind for t in _OWN_SCOPES):
                    value = True
                    break
            el = el.getparent()
        for seen in chain:
            memo[seen] = value
        return value

    def __call__(self, node: Any) -> bool:
        parent = node.getparent()
        return parent is not None and self._foreign_at(parent)


# Through the attribute axis: libxml2 walks it ~3x faster than ``//*[@itemprop]`` (same nodes).
_ITEMPROPS = etree.XPath("//@itemprop/..")


def itemprop_values(selector: Selector, props: set[str]) -> dict[str, str]:
    """The first stray value of each wanted itemprop (one XPath for all of them)."""
    found: dict[str, str] = {}
    try:
        nodes = _ITEMPROPS(selector.root)
    except Exception:
        return found
    foreign = _ScopeMemo()
    for node in nodes:
        for prop in (node.get("itemprop") or "").split():
            if prop in props and prop not in found and not foreign(node):
                value = _node_value(node)
                if value and not (prop == "name" and looks_like_url(value)):  # <a itemprop="name" href>
                    found[prop] = value
        if len(found) == len(props):
            break
    return found


def hidden_sku(selector: Selector) -> str | None:
    """The value of the first hidden ``sku`` / ``ASIN`` input outside other products' blocks
    (``iter("input")`` visits inputs only, in C)."""
    for node in selector.root.iter("input"):
        if (node.get("type") or "").lower() != "hidden":
            continue
        if (node.get("name") or "").lower() in _SKU_INPUTS:
            value = (node.get("value") or "").strip()
            if value and not _in_other_block(node):
                return value
    return None


def data_names(text: str, probes: TextProbes | None = None) -> set[str]:
    """The page's ``data-*`` names (each run of name characters after a "data-"): a
    substring test on them answers what the same test on the whole text would.
    ``probes``: the page's shared :class:`.TextProbes` of ``text``, if known."""
    return set(_DATA_NAME.findall(text)) if "data-" in (text if probes is None else probes) else set()


def attribute_candidates(selector: Selector, text: str, sku_known: bool = False,
                         names: set[str] | None = None,
                         probes: TextProbes | None = None) -> dict[str, Candidate]:
    """Candidates from stray itemprops, ``data-*`` value attributes and the buy form's hidden
    sku input (skipped when a more trusted layer already has the sku: a value the page
    does not print rarely beats it). ``names``: :func:`data_names` of ``text``, if known;
    ``probes``: the page's shared :class:`.TextProbes` of ``text``, if known."""
    has = TextProbes(text) if probes is None else probes
    found: dict[str, object] = {}
    if "itemprop" in has:
        values = itemprop_values(selector, set(ITEMPROP.values()))
        found = {name: values.get(prop) for name, prop in ITEMPROP.items()}
    out = collect(ATTRIBUTES, found)
    if "sku" not in out and not sku_known:
        cand = Candidate.of(hidden_sku(selector), ATTRIBUTES, 0.8)  # as weak as a data-* value
        if cand is not None:
            out["sku"] = cand
    if "data-" not in has:
        return out
    names = data_names(text, has) if names is None else names
    for name, attributes in _DATA.items():
        if name in out:
            continue
        for attribute in attributes:
            if not any(n.startswith(attribute) for n in names):
                continue
            value = _first_attribute(selector, attribute)
            cand = Candidate.of(value, ATTRIBUTES, 0.8)  # a bare data attribute: weaker than itemprop
            if cand is not None:
                out[name] = cand
                break
    return out
