"""What every page object shares: the URL, the site profile, the parsed document and its
structured data (parsed lazily, once)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from productscraper.pages.document import HtmlDocument
from productscraper.pages.schema_org import StructuredData, structured_data

if TYPE_CHECKING:
    from productscraper.profiles import SiteProfile


class PageObject:
    """A page object: pure extraction from ``url`` + ``body`` (no crawler, no I/O)."""

    def __init__(self, url: str, body: bytes | str, profile: "SiteProfile", encoding: str | None = None) -> None:
        self.url = url
        self.profile = profile
        # A site profile's selectors may call XPath id(): keep the ID table for them.
        own_selectors = bool(getattr(profile, "fields", None)) or getattr(profile, "name", "generic") != "generic"
        self.doc = HtmlDocument(url, body, encoding, id_table=True if own_selectors else None)

    @functools.cached_property
    def data(self) -> StructuredData:
        """The page's schema.org (JSON-LD, microdata, RDFa) and OpenGraph data."""
        return structured_data(self.doc.text, self.url, self.doc.selector, self.doc.probes)
