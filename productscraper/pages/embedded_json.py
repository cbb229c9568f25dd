"""Layer 2: product JSON embedded in scripts.

Framework state (``__NEXT_DATA__``, ``__NUXT__``, ``window.__INITIAL_STATE__`` /
``__PRELOADED_STATE__`` / ``__APOLLO_STATE__``, Remix / Hydrogen's ``__remixContext`` and
React Router's ``__staticRouterHydrationData``), ``application/json`` islands and
analytics objects (``utag_data``). JS literals are read with chompjs, JSON with json;
the most product-like object of all of them wins (:mod:`.json_product`).
"""
from __future__ import annotations

import re
from typing import Any

from productscraper.pages.candidates import EMBEDDED_JSON, Candidate, collect
from productscraper.pages.json_product import find_product
from productscraper.pages.scripts import Script, parse_js_after, parse_json

# The name starts the pattern: an optional "window." / "var " prefix before it would be
# tried at every position of every script (~2 ms a page) and changes no match's end.
_ASSIGNMENT = re.compile(
    # "__[A-Z0-9_]*INITIAL_STATE__": an app's own prefix too (Trendyol's __PRODUCT_DETAIL_APP_INITIAL_STATE__)
    r"(__NEXT_DATA__|__NUXT__|__NUXT_DATA__|__[A-Z0-9_]*INITIAL_STATE__|__[A-Z0-9_]*INITIAL_DATA__"
    r"|__[A-Z0-9_]*PRELOADED_STATE__"
    r"|__APOLLO_STATE__|__REDUX_STATE__|__STATE__|__PRODUCT__|__remixContext|__staticRouterHydrationData|utag_data"
    r"|digitalData|productData|product_data)\s*=\s*"
)
# A piece of every name above: a script holding none of them cannot match, and five str
# searches read a script faster than the regex (it tries every "_", "u", "d" and "p").
_ASSIGNMENT_HINTS = ("__", "utag_data", "digitalData", "productData", "product_data")
_JSON_TYPES = ("application/json", "text/json", "application/ld+json")
_MAX_BLOBS = 30


def script_blobs(scripts: list[Script]) -> list[Any]:
    """Parsed JSON / JS state objects of the page's scripts."""
    blobs: list[Any] = []
    for script in scripts:
        if len(blobs) >= _MAX_BLOBS:
            break
        if "price" not in script.text and "Price" not in script.text:
            continue  # no price, no product worth reading (and most blobs are skipped unparsed)
        if script.type in _JSON_TYPES:
            blob = parse_json(script.text)
            if blob is not None:
                blobs.append(blob)
        elif script.type == "" and any(hint in script.text for hint in _ASSIGNMENT_HINTS):
            for match in _ASSIGNMENT.finditer(script.text):
                blob = parse_js_after(script.text, match.end())
                if blob is not None:
                    blobs.append(blob)
    return blobs


def embedded_candidates(scripts: list[Script], title_hint: str | None) -> dict[str, Candidate]:
    """The best embedded product's fields as candidates (empty when none is found)."""
    best: tuple[dict[str, Any], float] | None = None
    for blob in script_blobs(scripts):
        found = find_product(blob, title_hint)
        if found and (best is None or found[1] > best[1]):
            best = found
    if best is None:
        return {}
    # A product whose name is not the page's title may be a recommendation: trust it less.
    factor = 1.0 if best[1] >= 8 else 0.75
    return collect(EMBEDDED_JSON, best[0], factor)
