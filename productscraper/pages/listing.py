"""Listing (category / search results) page object: product, next-page and category links.

The profile's selectors come first; where a profile has none, or they match nothing, the
generic rules apply: schema.org ItemList entries and links of ``itemtype=Product`` elements
for products, ``rel=next`` and ``.next`` links for pagination.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from productscraper.pages.document import attr, unique
from productscraper.pages.schema_fields import item_list_urls
from productscraper.pages.base import PageObject
from productscraper.pages.selectors import select_links

logger = logging.getLogger(__name__)

GENERIC_NEXT_PAGE = (
    "a[rel~='next']::attr(href)",
    "link[rel~='next']::attr(href)",
    ".next a::attr(href)",
    "a.next::attr(href)",
)
# Elements typed as schema.org products (Product, ProductGroup, IndividualProduct...).
_PRODUCT_ELEMENTS = (
    "//*[@itemscope][contains(@itemtype, 'schema.org/Product') or contains(@itemtype, 'schema.org/IndividualProduct')]"
)
_NON_LINK_PREFIXES = ("#", "javascript:", "mailto:", "tel:")


class ListingPage(PageObject):
    """Links of one listing page (pure: url + body in, absolute URLs out)."""

    def _rules(self, name: str) -> tuple[str, ...]:
        # a missing profile (None) behaves like the generic one
        return tuple(getattr(getattr(self.profile, "listing", None), name, ()) or ())

    def _links(self, hrefs: Iterable[str | None]) -> list[str]:
        return unique([self.doc.link(h) for h in hrefs])

    def _by_selectors(self, queries: Iterable[str]) -> list[str]:
        hrefs: list[str] = []
        for query in queries:
            hrefs.extend(select_links(self.doc.selector, query))
        return self._links(hrefs)

    def _safe(self, rule: Callable[[], list[str]]) -> list[str]:
        try:
            return rule()
        except Exception as exc:  # junk pages yield no links, never an exception
            logger.warning("listing extraction failed on %s: %r", self.url, exc)
            return []

    # ------------------------------------------------------------------ generic rules

    def generic_product_urls(self) -> list[str]:
        """Product links from schema.org ItemLists and ``itemtype=Product`` elements."""
        hrefs: list[str | None] = []
        for node in self.data.of_type("ItemList", "OfferCatalog"):
            hrefs.extend(item_list_urls(node))
        for element in self.doc.selector.xpath(_PRODUCT_ELEMENTS):
            href = element.xpath(
                "(.//*[@itemprop='url']/@href | .//*[@itemprop='url']/@content)[1]"
            ).get() or attr(element, "href")
            if not href:
                candidates = element.xpath(".//a/@href").getall()
                href = next((h for h in candidates if not h.strip().lower().startswith(_NON_LINK_PREFIXES)), None)
            hrefs.append(href)
        return self._links(hrefs)

    def generic_next_page_urls(self) -> list[str]:
        """``rel=next`` links and links inside (or being) an element with class "next"."""
        own = self.doc.link(self.url)
        return [u for u in self._by_selectors(GENERIC_NEXT_PAGE) if u != own]

    # ------------------------------------------------------------------ API

    def product_urls(self) -> list[str]:
        """Absolute product detail URLs, in page order, de-duplicated."""

        def rule() -> list[str]:
            found = self._by_selectors(self._rules("product_links"))
            return found or self.generic_product_urls()

        return self._safe(rule)

    def next_page_urls(self) -> list[str]:
        """Absolute URLs of the next listing page(s)."""

        def rule() -> list[str]:
            own = self.doc.link(self.url)
            found = [u for u in self._by_selectors(self._rules("next_page")) if u != own]
            return found or self.generic_next_page_urls()

        return self._safe(rule)

    def category_urls(self) -> list[str]:
        """Category links from the profile; [] unless ``follow_categories`` is set."""
        if not getattr(getattr(self.profile, "listing", None), "follow_categories", False):
            return []
        return self._safe(lambda: self._by_selectors(self._rules("category_links")))
