"""The one decision step: a value per field from all layers' candidates.

The most trusted candidate wins, except when layers disagree on a price or availability:
then the value the visible page also shows wins (a price the page prints, and does not
strike through; a stock statement printed on the page), and a title the page's main h1
gives in full wins a shortened markup one. GTINs failing their checksum are dropped
whatever layer proposed them.
"""
from __future__ import annotations

from productscraper.pages.candidates import DOM, Candidate
from productscraper.pages.identifiers import valid_gtin
from productscraper.pages.titles import fuller_visible
from productscraper.pages.visible import amount_key, shows, shows_amount
from productscraper.processing.availability import parse_availability
from productscraper.processing.money import parse_amount

#: A stock statement read on the page overrides structured data (its confidence is >= this).
VISIBLE_STOCK = 0.7


def value_key(field: str, value: str) -> str:
    """The comparable form of a raw value (amounts, availability enums, folded text)."""
    if field in ("price", "list_price", "price_min", "price_max"):
        return amount_key(parse_amount(value)[0]) or value
    if field == "availability":
        return parse_availability(value)
    return " ".join(value.split()).casefold()


def _decide_price(cands: list[Candidate], struck: set[str], html: str) -> Candidate:
    keyed = [(value_key("price", c.value), c) for c in cands]
    if len({k for k, _ in keyed}) == 1:
        return cands[0]
    # A zero price next to real ones is a placeholder ("0.00" until a variant is chosen).
    keyed = [(k, c) for k, c in keyed if k != "0.00"] or keyed
    # Struck-through amounts are list prices, unless the visible page reading says otherwise.
    current = [(k, c) for k, c in keyed if k not in struck or c.layer == DOM] or keyed
    for key, cand in current:  # in order of trust
        if cand.layer == DOM or shows_amount(html, key):
            return cand
    return current[0][1]


def _decide_shown(cands: list[Candidate], html: str) -> Candidate:
    """Identifiers that disagree: the most trusted one the visible page prints; a barcode
    in the sku slot gives way to a shown shop number (the barcode is the gtin)."""
    if len({value_key("sku", c.value) for c in cands}) == 1:
        return cands[0]
    shown = [c for c in cands if c.layer == DOM or shows(html, c.value)]
    if len(shown) > 1 and _barcode(shown[0].value):
        own = next((c for c in shown if not _barcode(c.value)), None)
        if own is not None:
            return own
    return shown[0] if shown else cands[0]


def _barcode(value: str) -> bool:
    digits = "".join(value.split())
    return len(digits) >= 12 and valid_gtin(digits) is not None


def _decide_availability(cands: list[Candidate]) -> Candidate:
    keys = {value_key("availability", c.value) for c in cands} - {"unknown"}
    if len(keys) > 1:
        stated = [c for c in cands if c.layer == DOM and c.confidence >= VISIBLE_STOCK]
        if stated:
            return stated[0]
    known = [c for c in cands if value_key("availability", c.value) != "unknown"]
    return (known or cands)[0]


def _decide_title(cands: list[Candidate]) -> Candidate:
    """The most trusted title, unless the page's main h1 names the same product in full
    (markup titles are often a shortened feed name: "Printer - 35SC060")."""
    h1 = next((c for c in cands if c.layer == DOM), None)
    best = cands[0]
    if h1 is not None and best is not h1 and len(h1.value) <= 200 and fuller_visible(best.value, h1.value):
        return h1
    return best


def decide(candidates: dict[str, list[Candidate]], struck: set[str], html: str) -> dict[str, Candidate]:
    """The chosen candidate per field (fields without candidates are absent)."""
    chosen: dict[str, Candidate] = {}
    for field, cands in candidates.items():
        if field == "gtin":
            cands = [Candidate(g, c.layer, c.confidence) for c in cands if (g := valid_gtin(c.value))]
        cands = sorted(cands, key=lambda c: -c.confidence)  # stable: layer order breaks ties
        if not cands:
            continue
        if field == "price":
            chosen[field] = _decide_price(cands, struck, html)
        elif field == "availability":
            chosen[field] = _decide_availability(cands)
        elif field == "title":
            chosen[field] = _decide_title(cands)
        elif field in ("sku", "mpn"):
            chosen[field] = _decide_shown(cands, html)
        else:
            chosen[field] = cands[0]
    return chosen
