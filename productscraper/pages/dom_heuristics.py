"""Layer 4: what the visible page shows, read by generic DOM heuristics.

- price: the element nearest the title / add-to-cart button whose class, id or itemprop
  contains "price", never a struck-through, old, "was", RRP or per-unit price;
- availability: a stock statement (many languages, :mod:`.stock_phrases`) in a stock /
  availability element, else the add-to-cart button (present -> in stock, disabled -> out);
- sku / mpn / gtin: labelled text ("SKU:", "Art.-Nr.", "Артикул", "Model" ...); the brand
  after a label ("Manufactured by:", "Hersteller") when markup names none.
Blocks of other products (recommendations, carousels, header, footer, mini cart) are skipped.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from parsel import Selector

from productscraper.pages.candidates import DOM, Candidate
from productscraper.pages.dom_elements import (
    _AMOUNTS, _CART_WORDS, shown_text, _NOT_CURRENT_TEXT, _SKIP_TAGS, _SKIP_WORDS, _ancestors, _classes, _distance, _hidden, _in_skipped, _preference, _self_hidden, _struck, _text, price_text,
    has_any as _has_any, CURRENT_TEXT, INSTALMENT, PER_ITEM, SOFT_RANK, _old_price, shown_struck,
)
from productscraper.pages.brand_labels import labelled_brand
from productscraper.pages.buttons import adds_to_cart_form, not_buying
from productscraper.pages.code_elements import code_elements, title_without_codes
from productscraper.pages.other_products import other_product_blocks
from productscraper.pages.dom_scan import scan
from productscraper.pages.dom_stock import read_availability
from productscraper.pages.price_parts import current_part
from productscraper.pages.stock_phrases import PRE, stock_of
from productscraper.pages.struck_rows import all_struck, holds_price_prop
from productscraper.pages.identifiers import labelled_identifiers
from productscraper.pages.loose_price import labelled_prices
from productscraper.pages.money_leaves import EURO_CENTS, LEAVES_MORE, LEAVES_PAGE, LEAVES_UNDER, MONEY, MORE_SYMBOLS
from productscraper.pages import titles
from productscraper.pages.titles import main_h1
from productscraper.pages.visible import amount_key
from productscraper.processing.money import parse_amount


_WORDS = re.compile(r"[^\W\d_]{2,}")
REGION_LEVELS = 6
_DIGIT = re.compile(r"\d")
_DIGIT_X = re.compile(r"\d\s*[x×]|\d\s+\w")  # cheap pre-check for an instalment plan
_FAR = 10  # tree distance from the title / buy button beyond which a price element is doubtful
_H1S = etree.XPath("//body//h1")
_NAME_ELEMENTS = etree.XPath(
    "//body//h2 | //body//h3 | //body//*[@itemprop='name' or contains(@class, 'product-name')"
    " or contains(@class, 'product-title') or contains(@class, 'product_title') or contains(@class, 'productName')"
    " or contains(@class, 'product__title') or contains(@class, 'product-single__title')"
    " or contains(@class, 'productTitle')]")
_HOLDERS = etree.XPath("//body//text()[contains(., $v)]/..")
_HOLDERS_UNDER = etree.XPath(".//text()[contains(., $v)]/..")


@dataclass
class DomReading:
    """What the visible page says: candidates plus the prices it shows struck through."""

    candidates: dict[str, Candidate] = field(default_factory=dict)
    struck: set[str] = field(default_factory=set)
    price_text: str | None = None
    conflict: bool = False  # the visible page shows in- and out-of-stock signals


class DomHeuristics:
    """The DOM layer of one page (shares the page's parsed tree)."""

    def __init__(self, selector: Selector, html: str, document_title: str | None = None,
                 site_names: set[str] = frozenset()) -> None:
        self.selector = selector
        self.html = html
        self.document_title = document_title  # <title> and og:title: they name the main h1
        self.site_names = site_names  # an h1 saying only the shop's name is its logo
        self.hooks: tuple[str, ...] = ()  # the test-hook attributes the page uses (set before reading)
        # Element-keyed (not id-keyed): holding the proxies keeps lxml from recycling them.
        self._hidden_cache: dict[Any, bool] = {}
        self._skip_cache: dict[Any, tuple[bool, int]] = {}

    @functools.cached_property
    def _scan(self) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
        """The product's region first (the title's ``REGION_LEVELS``-th ancestor: price,
        stock and button sit near the title, menus and carousels are most of a page);
        the whole body when the region has no price element."""
        root = self.selector.root
        bodies = root.findall("body")
        # Templates that print <body> more than once leave libxml2 with several bodies (VTEX:
        # a first one holding only the analytics scripts): then the whole document is read.
        body = bodies[0] if len(bodies) == 1 else root
        if self.region is not None:
            found = scan(self.region, self.hooks)
            if found[0]:
                return found
        return scan(body, self.hooks)

    @functools.cached_property
    def region(self) -> Any | None:
        """The title's ``REGION_LEVELS``-th ancestor, when it is smaller than the body."""
        if self.title_anchor is None or not self.title_anchor[1]:
            return None
        chain = self.title_anchor[1]
        region = chain[min(REGION_LEVELS, len(chain)) - 1]
        return None if region.tag in ("body", "html") else region

    @property
    def stock_elements(self) -> list[Any]:
        """Elements that may state the stock (stock / availability names, ``itemprop``), in document order."""
        return self._scan[1]

    @property
    def buttons(self) -> list[Any]:
        """Add-to-cart candidates (buttons, submits, button-like links) of the scanned part, in document order."""
        return self._scan[2]

    def blocked(self, node: Any) -> bool:
        """Hidden, or inside chrome / another product's block (memoised per element: the
        same ancestors are asked about for every candidate)."""
        parent = node.getparent()
        return self._hidden_el(node) or (parent is not None and self._skipped_el(parent))

    def _hidden_el(self, el: Any) -> bool:
        cache = self._hidden_cache
        if el in cache:
            return cache[el]
        parent = el.getparent()
        value = _self_hidden(el) or (parent is not None and self._hidden_el(parent))
        cache[el] = value
        return value

    def _skipped_el(self, el: Any) -> bool:
        cache = self._skip_cache
        if el in cache:
            return cache[el][0]
        parent = el.getparent()
        if parent is not None:
            self._skipped_el(parent)  # fills the parent's (skipped, depth)
        depth = 0 if parent is None else self._skip_cache[parent][1] + 1
        if id(el) in self.keep:
            value = False  # holds the title: the product's own block
        else:
            tag = el.tag.lower() if isinstance(el.tag, str) else ""
            names = _classes(el).lower()
            own = el in self.other_blocks or tag in _SKIP_TAGS or (tag == "header" and depth <= 3) or (
                bool(names.strip()) and _has_any(names, _SKIP_WORDS))
            value = own or (parent is not None and self._skip_cache[parent][0])
        cache[el] = (value, depth)
        return value

    @functools.cached_property
    def title_anchor(self) -> tuple[Any, list[Any]] | None:
        """The main h1 (outside chrome and other products' blocks) and its ancestors; on a
        page without a product h1, the heading or name element the document title names."""
        def blocked(h: Any) -> bool:
            return _in_skipped(_ancestors(h)) or _hidden(h, _ancestors(h))

        h1s = _H1S(self.selector.root)
        h1 = main_h1(h1s, shown_text, blocked, self.document_title, self.site_names) if h1s else None
        if h1 is None or titles.is_site_name(shown_text(h1), self.site_names) or not self._names(h1):
            # No product h1, a logo, or one the document title does not name ("Customer
            # reviews"): the heading or name element the title names is the product's.
            named = self._named_heading(blocked)
            h1 = named if named is not None else h1
        if h1 is None:
            return (h1s[0], _ancestors(h1s[0])) if h1s else None
        return h1, _ancestors(h1)

    def _names(self, el: Any) -> bool:
        """The document title shares a word with the element's text, or there is no title
        to ask ("Customer reviews" shares none with "Walnut Desk Lamp | Lumio")."""
        if not self.document_title:
            return True
        words = set(_WORDS.findall(shown_text(el).casefold()))
        return not words or bool(words & set(_WORDS.findall(self.document_title.casefold())))

    def _named_heading(self, blocked: Any) -> Any | None:
        """An h2/h3 or product-name element whose text the document title contains."""
        if not self.document_title:
            return None
        key = titles.key(self.document_title)
        best = None
        for el in _NAME_ELEMENTS(self.selector.root):
            text = shown_text(el)
            if len(text.split()) < 2 or len(text) > 200 or titles.key(text) not in key or blocked(el):
                continue
            if best is None or len(text) > len(shown_text(best)):
                best = el
        return best

    @functools.cached_property
    def title(self) -> str | None:
        """The main h1's shown text (without an item code element it ends with)."""
        if not self.title_anchor:
            return None
        h1 = self.title_anchor[0]
        return title_without_codes(h1, shown_text(h1)) or None

    @functools.cached_property
    def other_blocks(self) -> set[Any]:
        """The sections a heading names as other products ("Related Products")."""
        return other_product_blocks(self.selector.root, self.keep)

    @functools.cached_property
    def keep(self) -> frozenset[int]:
        """Ids of the title's ancestors: blocks that hold the product itself."""
        return frozenset(id(el) for el in self.title_anchor[1]) if self.title_anchor else frozenset()

    @functools.cached_property
    def anchors(self) -> list[tuple[Any, list[Any]]]:
        """The title's h1 and the add-to-cart button, with their ancestor chains."""
        out = [self.title_anchor] if self.title_anchor else []
        if self.cart is not None:
            out.append((self.cart[0], _ancestors(self.cart[0])))
        return out

    @functools.cached_property
    def cart(self) -> tuple[Any, bool] | None:
        """(add-to-cart element, disabled?) of the main product, if there is one."""
        for node in self._scan[2]:
            label = " ".join(filter(None, (_text(node), node.get("value"), node.get("title"),
                                           node.get("aria-label"), _classes(node), node.get("name"),
                                           node.get("href") if node.tag == "a" else None)))
            buys = _CART_WORDS.search(label.lower()) or adds_to_cart_form(node) or stock_of(label) == PRE
            if not buys or not_buying(node):
                continue
            if self.blocked(node):
                continue
            disabled = node.get("disabled") is not None or node.get("aria-disabled") == "true" or \
                "disabled" in _classes(node).split()
            return node, disabled
        return None

    def price(self, reading: DomReading, known: frozenset[str] = frozenset()) -> None:
        """The current selling price nearest the anchors (struck prices recorded apart); ``known``:
        the fields markup layers gave (with a markup price, no loose text is searched)."""
        best: tuple[tuple[int, int], str] | None = None
        per_item: tuple[tuple[int, int], str] | None = None
        soft: set[str] = set()  # amounts of elements named regular / list price
        best_soft = False
        for order, node in enumerate(self._scan[0]):
            if self.blocked(node):
                continue  # hidden, chrome or another product (memoised: cheapest test first)
            text = price_text(node)
            if text and "€" in text:
                text = EURO_CENTS.sub(r"\1,\2 €", text)
            if text and _DIGIT_X.search(text):  # "Por: R$ 3.999,00 em 12x de R$ 333,25": the plan is no price
                text = " ".join(INSTALMENT.sub(" ", text).split())
            if not text or len(text) > 40 or not _DIGIT.search(text) or \
                    (text[-1] in ".," and text[-2:-1].isdigit()):
                continue  # empty, prose, or a fragment ("546," of "546,31"; "руб." is whole)
            if len(_AMOUNTS.findall(text)) > 1:
                text = current_part(node, text, reading.struck)
                if text is None:
                    continue  # several prices in one element, none told apart as the current one
            amount, symbol = parse_amount(text)
            if amount is None or amount <= 0:
                continue
            chain = _ancestors(node)
            # A price per item is kept apart, not struck (a markup price equal to it stays), even in
            # a "unit price" box: Sainsbury's sells by the item from <p class="pricePerUnit">.
            by_item = PER_ITEM.search(text) is not None and not any(_old_price(el) for el in [node, *chain[:4]])
            if not by_item:
                named_old = _struck(node, chain) and not (
                    (CURRENT_TEXT.match(text) is not None or holds_price_prop(node, chain))
                    and not shown_struck(node, chain))  # "Ihr Preis" / microdata's price in a box a word names old
                if named_old or _NOT_CURRENT_TEXT.search(text) or all_struck(node):
                    reading.struck.add(amount_key(amount) or "")
                    continue
                if symbol is None and "." not in text and "," not in text:
                    continue  # a bare integer is a count more often than a price
            preference = _preference(node, chain)
            key = (_distance(chain, node, self.anchors) + preference, order)
            if by_item:
                if per_item is None or key < per_item[0]:
                    per_item = (key, text)
                continue
            if preference == SOFT_RANK:
                soft.add(amount_key(amount) or "")
            if best is None or key < best[0]:
                best, best_soft = (key, text), preference == SOFT_RANK
        if best is not None and not best_soft:
            # A "list-price" / "regular-price" beside the chosen one is the price it was.
            reading.struck.update(soft - {amount_key(parse_amount(best[1])[0]) or ""})
        best = best or per_item
        if best is None:
            best = self._money_text("price" in known)
        elif best[0][0] >= _FAR and self.region is not None:
            # The nearest price-named element is far from the title and the buy button (a
            # carousel's): an amount printed right by them, whatever its class, is the price.
            # Only the title's region is searched: the whole page's leaves cost ~2 ms.
            near = self._nearest_money(LEAVES_UNDER(self.region))
            if near is not None and near[0][0] + 2 <= best[0][0]:
                best = near
        if best is not None:
            reading.price_text = best[1]
            reading.candidates["price"] = Candidate(best[1], DOM, 0.55)
            symbol = parse_amount(best[1])[1]
            if symbol:
                reading.candidates["currency"] = Candidate(symbol, DOM, 0.5)

    def _money_text(self, priced: bool = False) -> tuple[tuple[int, int], str] | None:
        """No price element at all: the money-looking leaf text nearest the anchors; a loose
        "Price: $24.00" text only when no markup layer gave a price (``priced``: one did)."""
        if not self.anchors:
            return None
        region = self.region
        if region is not None:  # the title's region first: one XPath over it, not the page
            found = self._nearest_money(LEAVES_UNDER(region))
            if found is not None:
                return found
        found = self._nearest_money(LEAVES_PAGE(self.selector.root))
        if found is None and any(symbol in self.html for symbol in MORE_SYMBOLS):  # str scans: ~5x a regex
            found = self._nearest_money(LEAVES_MORE(self.selector.root))
        return found if found is not None or priced else self._loose_price()

    def _loose_price(self) -> tuple[tuple[int, int], str] | None:
        """No money leaf either: a "Price: $24.00" text in a block of its own, nearest the anchors."""
        root = self.region if self.region is not None else self.selector.root.find("body")
        return self._nearest(labelled_prices(root) if root is not None else [])

    def _nearest_money(self, nodes: list[Any]) -> tuple[tuple[int, int], str] | None:
        """The money leaf nearest the anchors (a leaf's lone child may be the struck one: OpenCart's
        ``<li><del>$67.50</del></li>``)."""
        found = []
        for node in nodes:
            text = "" if node.tag in _SKIP_TAGS else price_text(node)  # a <template> copy is not shown
            if MONEY.fullmatch(text) and not (len(node) == 1 and isinstance(node[0].tag, str) and _old_price(node[0])):
                found.append((node, text))
        return self._nearest(found)

    def _nearest(self, found: list[tuple[Any, str]]) -> tuple[tuple[int, int], str] | None:
        """Of (element, amount text) pairs in document order, the shown, unstruck one nearest the anchors."""
        best: tuple[tuple[int, int], str] | None = None
        for order, (node, text) in enumerate(found):
            chain = _ancestors(node)
            if _struck(node, chain) or self.blocked(node):
                continue
            key = (_distance(chain, node, self.anchors), order)
            if best is None or key < best[0]:
                best = (key, text)
        return best

    def availability(self, reading: DomReading, known: frozenset[str] = frozenset()) -> None:
        """A stock statement near the product, else the add-to-cart button's state (:mod:`.dom_stock`)."""
        read_availability(self, reading, known)

    def identifiers(self, reading: DomReading) -> None:
        """sku / mpn / gtin from labelled text; GTINs must pass their checksum."""
        found = labelled_identifiers(self.html, accept=self._shown_as_own)
        for name, value in found.items():
            reading.candidates.setdefault(name, Candidate(value, DOM, 0.5))
        if "sku" not in reading.candidates:  # no label: an element named for the code ("product-sku")
            coded = [(el, v) for el, v in code_elements(self._scan[3]) if not self.blocked(el)]
            if coded:
                el, value = min(coded, key=lambda c: _distance(_ancestors(c[0]), c[0], self.anchors))
                reading.candidates["sku"] = Candidate(value, DOM, 0.45)

    def brand(self, reading: DomReading) -> None:
        """The brand after a printed label ("Manufactured by: Lumio"), outside other products' blocks."""
        value = labelled_brand(self.html, accept=lambda v: self._shown_as_own("brand", v))
        if value:
            reading.candidates["brand"] = Candidate(value, DOM, 0.4)

    def _shown_as_own(self, _field: str, value: str) -> bool:
        """The labelled value is printed outside other products' blocks (hidden is still its own).
        The title's region is asked first: most values are printed there, and it is a fraction of the page."""
        if self.region is not None and any(not self._skipped_el(el) for el in _HOLDERS_UNDER(self.region, v=value)):
            return True
        holders = _HOLDERS(self.selector.root, v=value)
        return not holders or any(not self._skipped_el(el) for el in holders)

    def read(self, wanted: set[str], known: frozenset[str] = frozenset()) -> DomReading:
        """Run the heuristics for the wanted fields (price also records struck prices);
        ``known``: fields markup layers already gave (spares searches that only fill gaps)."""
        reading = DomReading()
        if "price" in wanted or "currency" in wanted:
            self.price(reading, known)
        if "availability" in wanted:
            self.availability(reading, known)
        if wanted & {"sku", "gtin", "mpn"}:
            self.identifiers(reading)
        if "brand" in wanted:
            self.brand(reading)
        return reading
