"""The DOM layer's one pass over a page region: its price, stock, buy-button and item-code elements.

An element counts by the words of its class / id / itemprop (in the shops' languages) or,
for buttons, by its tag; what it says is read by :mod:`.dom_heuristics`.
"""
from __future__ import annotations

import functools
from typing import Any

from lxml import etree

from productscraper.pages.code_elements import code_class
from productscraper.pages.dom_elements import has_any as _has_any

# Class / id words of a price element; "money" is Shopify themes' amount span. Every word costs
# a substring search per distinct class string: keep the lists short.
_PRICE_WORDS = ("price", "preis", "prix", "precio", "prezzo", "preco", "prijs", "cena", "цена", "fiyat", "money")
# Class / id words of a stock label, in the shops' languages ("disponibilite", "verfuegbarkeit",
# "lagerstatus", "voorraad", "dostepnosc", "nalichie", "estoque"); its text must still be a
# stock phrase (stock_of), so a word as loose as "status" is safe to look at.
_STOCK_WORDS = ("stock", "availab", "inventory", "liefer", "delivery", "dispon", "verf", "lager", "voorraad",
                "beschikba", "dost", "nalich", "sklad", "estoque", "existenc", "sold", "status", "badge", "ribbon",
                "label--", "label__", "oos-", "-oos", "_oos")
# ("label--": a label component's modifiers, Ecwid's "label--attention", not every form "label"; "oos": out of
# stock, as Coupang's "oos-label", not "choose-size")
# Class / id words of a link that may be the buy button; "btn" / "button" links too (its
# label must still say "Add to Cart": <a class="btn btn--dark">Add to Cart</a>); a back-in-stock
# alert in its place ("notify", "waitlist": VirtueMart's <a class="notify">Notify Me</a>) says sold out.
_CART_CLASS_WORDS = ("cart", "basket", "buy", "checkout", "bag", "notify", "waitlist")
_BUTTON_INPUTS = frozenset({"submit", "button", "image"})
_UNSHOWN_TAGS = frozenset({"script", "style", "template", "noscript"})
_ROLE_TAGS = frozenset({"div", "span"})  # asked for role="button" (an attribute read per element costs)


# Test hooks that name elements where classes are hashed (React / CSS-modules shops:
# data-testid="product-price", data-test="product-price", Wix's data-hook="formatted-primary-price").
TEST_ATTRIBUTES = ("data-testid", "data-test", "data-test-id", "data-qa", "data-automation", "data-hook", "data-cy",
                   "data-auto-id", "data-e2e")

_KINDS_OF: dict[tuple[str | None, ...], tuple[bool, bool, bool]] = {}
_CODES_OF: dict[str, bool] = {}  # a leaf's class -> names an item code
_KINDS_MAX = 50_000  # class/id/itemprop triples (~10 MB at most)


@functools.lru_cache(maxsize=64)
def _hooked(hooks: tuple[str, ...]) -> Any:
    """The XPath of the elements carrying any of ``hooks`` (compiled once per set of hooks)."""
    return etree.XPath(".//*[" + " or ".join(f"@{hook}" for hook in hooks) + "]")


def scan(body: Any, hooks: tuple[str, ...] = ()) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
    """(price elements, stock elements, add-to-cart candidates, leaves whose class names an item
    code) under ``body``, in document order. ``hooks``: the :data:`TEST_ATTRIBUTES` the page uses,
    read like a class (only those: an attribute read per element costs).

    One Python pass over the tree: an XPath ``contains()`` per word and attribute costs
    ~11 ms on a 400 kB page, this pass ~4 ms for all four lists.
    """
    prices, stocks, carts, codes = [], [], [], []
    # Pages repeat the same class/id strings thousands of times, and a shop's pages repeat
    # each other's: test each one once per process (bounded, dropped whole when full).
    kinds_of, codes_of = _KINDS_OF, _CODES_OF
    if len(kinds_of) > _KINDS_MAX:
        kinds_of.clear()
    if len(codes_of) > _KINDS_MAX:
        codes_of.clear()
    # The few elements that carry a test hook, found in C (a get() per element and hook costs ~1 µs).
    hooked: dict[Any, str] = {}
    if hooks:
        for el in _hooked(hooks)(body):  # one walk for all hooks
            hooked[el] = " ".join(filter(None, map(el.get, hooks)))
    for el in body.iter():
        tag = el.tag
        if not isinstance(tag, str) or tag in _UNSHOWN_TAGS:
            continue  # comments, processing instructions; script templates ("<p>Item is sold out.</p>")
        get = el.get
        kinds = None
        cls, ident, prop = get("class"), get("id"), get("itemprop")
        hook = hooked.get(el) if hooked else None
        if cls or ident or prop or hook:
            key = (cls, ident, prop, hook)
            kinds = kinds_of.get(key)
            if kinds is None:
                names = f"{cls} {ident} {prop} {hook}".lower()
                kinds = kinds_of[key] = (_has_any(names, _PRICE_WORDS), _has_any(names, _STOCK_WORDS),
                                         _has_any(names, _CART_CLASS_WORDS) or "btn" in names or "button" in names)
            if kinds[0]:
                prices.append(el)
            if kinds[1]:
                stocks.append(el)
            if cls and not len(el):  # a leaf: may print an item code ("product-sku")
                code = codes_of.get(cls)
                if code is None:
                    code = codes_of[cls] = code_class(cls.lower())
                if code:
                    codes.append(el)
            if tag == "a" and kinds[2]:
                carts.append(el)
                continue
        if tag == "button" or (tag == "input" and (get("type") or "").lower() in _BUTTON_INPUTS) or (
                tag in _ROLE_TAGS and kinds is not None and kinds[2] and get("role") == "button"):
            # (Squarespace's <div class="sqs-add-to-cart-button" role="button">: asked of button-named ones only)
            carts.append(el)
    return prices, stocks, carts, codes
