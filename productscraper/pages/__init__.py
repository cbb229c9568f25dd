"""Page objects: pure extraction from (url, body, profile), no Scrapy crawler, no I/O.

``ListingPage`` and ``ProductPage`` are imported lazily so that light users of this package
(the profile loader only needs :mod:`.selectors`) do not pay for extruct/rdflib at import.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from productscraper.pages.listing import ListingPage
    from productscraper.pages.product import ProductPage

__all__ = ["ListingPage", "ProductPage"]
_LAZY = {"ListingPage": "productscraper.pages.listing", "ProductPage": "productscraper.pages.product"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
