"""The DOM layer's availability step: a stock statement near the product, else the buy button.

A short stock statement ("Auf Lager", "Sold out") in a stock element nearest the title / buy
button wins; a labelled line ("Availability: Out Of Stock") fills in when no stock element
says it and markup gave no availability; then a badge in the buy button's box that no class
names ("Out of stock" in colour utilities), when markup gave none; then the add-to-cart button's
state (enabled: in stock; its own words: a statement); a long sentence only fills a gap. In- and out-of-stock
signals both shown make the reading a conflict (the decision then says unknown unless markup
settles it). Reads the tree through :class:`.dom_heuristics.DomHeuristics` (shared caches).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from productscraper.pages.buttons import awaits_choice, button_label, in_control, in_picker, toggled_badge
from productscraper.pages.candidates import DOM, Candidate
from productscraper.pages.dom_elements import _ancestors, _distance, _text
from productscraper.pages.stock_labels import labelled_stock
from productscraper.pages.stock_phrases import BACK, PRE, stock_of

if TYPE_CHECKING:
    from productscraper.pages.dom_heuristics import DomHeuristics, DomReading

_STATEMENT = 40  # characters: longer stock texts are sentences, weaker evidence


def read_availability(dom: DomHeuristics, reading: DomReading, known: frozenset[str] = frozenset()) -> None:
    """A stock statement near the product, else the add-to-cart button's state; ``known``:
    the fields markup already gave (a statement weighed against markup, no gap search)."""
    best: tuple[int, str, bool] | None = None
    signals: set[str] = set()
    for node in dom.stock_elements:
        text = _text(node)
        value = stock_of(text) or stock_of(node.get("content") or node.get("href") or "")
        if value is None:
            continue
        chain = _ancestors(node)
        if dom.blocked(node) or in_picker(node, chain) or toggled_badge(node, chain, value):
            continue  # another product's, one size's ("M - Sold out" by its radio), a CSS toggle
        distance = _distance(chain, node, dom.anchors)
        statement = len(text) <= _STATEMENT or value in (BACK, PRE)  # explicit, however long
        if statement:
            signals.add(value)
        if best is None or distance < best[0]:
            best = (distance, value, statement)
    buttons = _button_signals(dom)
    # "In stock" and "sold out" both shown: the page does not say. A statement beside a button
    # the template always prints (Solidus), with no markup to weigh them, is the page's word.
    both = {"InStock", "OutOfStock"}
    reading.conflict = both <= buttons or both <= signals or (
        both <= signals | buttons and "availability" in known)
    if (best is None or not best[2]) and "availability" not in known:
        best = _labelled_stock(dom) or best  # no stock element says it: a labelled line may
    if best is not None and best[2]:
        # A short statement ("Auf Lager") may overrule markup.
        reading.candidates["availability"] = Candidate(best[1], DOM, 0.7)
        return
    if "availability" not in known and (boxed := _buy_box_statement(dom)) is not None:
        # "Out of stock" printed in the buy box in a badge no class names (Vendure's colour utilities):
        # the page's word beside a button the template always prints.
        reading.candidates["availability"] = Candidate(boxed, DOM, 0.6)
        return
    if dom.cart is not None:
        node, disabled = dom.cart
        stated = stock_of(button_label(node))
        # Disabled alone is no signal: many shops disable the button until a size is
        # chosen. Disabled *and* marked as waiting for a size ("noSize", "select-size")
        # says the product is sold, in some size.
        waits = disabled and awaits_choice(node)
        value = stated or ("InStock" if not disabled or waits else None)
        if value:
            # The button's own words ("Sold out") are a statement; its mere state a guess.
            reading.candidates["availability"] = Candidate(value, DOM, 0.7 if stated else 0.5)
            return
    if "OutOfStock" in buttons:  # no usable buy button, but a "Sold out" one
        reading.candidates["availability"] = Candidate("OutOfStock", DOM, 0.7)
        return
    if best is not None:  # a sentence ("Sorry, this item is no longer available") fills a gap
        reading.candidates["availability"] = Candidate(best[1], DOM, 0.45)


_BOX_LEVELS = 3  # the buy button's ancestors that make its box (form, price row, badges)


def _buy_box_statement(dom: DomHeuristics) -> str | None:
    """The one stock statement a short leaf of the buy button's box prints, in no stock element
    and no control; None when there is none, or the leaves say different things."""
    if dom.cart is None:
        return None
    chain = _ancestors(dom.cart[0])
    if len(chain) < _BOX_LEVELS:
        return None
    said = set()
    for leaf in chain[_BOX_LEVELS - 1].iter():
        if len(leaf) or not isinstance(leaf.tag, str) or in_control(leaf, 3):
            continue
        text = " ".join((leaf.text or "").split())
        if not text or len(text) > _STATEMENT:
            continue
        value = stock_of(text)
        if value is None:
            continue
        if dom.blocked(leaf) or in_picker(leaf, _ancestors(leaf)):
            continue
        said.add(value)
    return said.pop() if len(said) == 1 else None


def _labelled_stock(dom: DomHeuristics) -> tuple[int, str, bool] | None:
    """The nearest shown "Availability: Out Of Stock" line of the product's region."""
    best = None
    root = dom.region if dom.region is not None else dom.selector.root.find("body")
    for node, value in labelled_stock(root) if root is not None else ():
        if not dom.blocked(node):
            distance = _distance(_ancestors(node), node, dom.anchors)
            if best is None or distance < best[0]:
                best = (distance, value, True)
    return best


def _button_signals(dom: DomHeuristics) -> set[str]:
    """In / out of stock as the product's buttons say it (enabled cart, "Sold out")."""
    out: set[str] = set()
    if dom.cart is not None and not dom.cart[1]:
        out.add("InStock")
    for node in dom.buttons:
        text = button_label(node)
        if len(text) <= _STATEMENT and stock_of(text) == "OutOfStock":
            if not dom.blocked(node):
                out.add("OutOfStock")
    return out
