"""Product detail page object: raw product fields from any shop page.

Layers, each filling only what the previous ones left empty, then the profile on top:
1. schema.org Product data (JSON-LD, microdata, RDFa) and BreadcrumbList;
2. OpenGraph / product meta tags, stray ``itemprop`` elements, ``<h1>``, canonical link;
3. the profile's ``[fields]`` selectors, which override field by field when they match.
"""
from __future__ import annotations

import functools
import logging
from typing import Any

from productscraper.pages.document import attr
from productscraper.pages.schema_fields import breadcrumb_trail, product_fields
from productscraper.pages.base import PageObject
from productscraper.pages.selectors import select_text, select_texts
from productscraper.processing.normalise import category_from_breadcrumbs

logger = logging.getLogger(__name__)

RAW_FIELDS = (
    "url", "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn", "brand",
    "rating", "rating_scale", "review_count", "category", "breadcrumbs", "description",
    "image_url", "canonical_url",
)
LIST_FIELDS = frozenset({"breadcrumbs"})
URL_FIELDS = frozenset({"image_url", "canonical_url"})

# Meta tags (property= or name=) per raw field, in order of preference.
_META = {
    "title": ("og:title", "twitter:title"),
    "price": ("product:price:amount", "og:price:amount", "product:sale_price:amount", "twitter:data1"),
    "currency": ("product:price:currency", "og:price:currency", "product:sale_price:currency"),
    "availability": ("product:availability", "og:availability"),
    "brand": ("product:brand", "og:brand"),
    "sku": ("product:retailer_item_id", "product:sku"),
    "gtin": ("product:gtin", "product:ean", "product:upc", "product:isbn"),
    "mpn": ("product:mfr_part_no",),
    "category": ("product:category",),
    "description": ("og:description", "description", "twitter:description"),
    "image_url": ("og:image", "og:image:url", "og:image:secure_url", "twitter:image"),
    "canonical_url": ("og:url",),
}
# itemprop elements outside any itemscope are missed by microdata parsers; read them directly.
_ITEMPROP = {
    "title": "name",
    "price": "price",
    "currency": "priceCurrency",
    "availability": "availability",
    "sku": "sku",
    "gtin": "gtin13",
    "mpn": "mpn",
    "brand": "brand",
    "rating": "ratingValue",
    "rating_scale": "bestRating",
    "review_count": "reviewCount",
    "image_url": "image",
}
# An itemprop of some other item (a breadcrumb's "name", an organisation's) is not the product's.
_STRAY_ITEMPROP = (
    "(//*[@itemprop=$p][not(ancestor::*[@itemscope][not(contains(@itemtype, 'Product')"
    " or contains(@itemtype, 'Offer') or contains(@itemtype, 'Rating'))])])[1]"
)
# twitter:data1 often holds the price but so do other things: only price-like values count.
_PRICE_HINT_META = frozenset({"twitter:data1"})


class ProductPage(PageObject):
    """Extraction for one product detail page (pure: url + body in, dict out)."""

    @functools.cached_property
    def schema_product(self) -> dict[str, Any] | None:
        """The main schema.org Product node, if the page has one."""
        try:
            return self.data.main_product()
        except Exception:
            return None

    # ------------------------------------------------------------------ layers

    def _schema_fields(self) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        if self.schema_product is not None:
            raw.update(product_fields(self.schema_product, self.url))
        trail = self._breadcrumb_trail()
        if trail:
            raw["breadcrumbs"] = [name for name, _ in trail]
            if not raw.get("category"):
                raw["category"] = self._category_from_trail(trail, raw.get("title"))
        return raw

    def _breadcrumb_trail(self) -> list[tuple[str, str | None]]:
        for node in self.data.of_type("BreadcrumbList"):
            trail = breadcrumb_trail(node)
            if trail:
                return trail
        return []

    def _category_from_trail(self, trail: list[tuple[str, str | None]], title: str | None) -> str | None:
        """The crumb before the product: the last one, unless the last one is the product
        (same URL as the page, or same name as the title)."""
        if not trail:
            return None
        last_name, last_url = trail[-1]
        is_self = (
            (last_url and self.doc.absolute(last_url) == self.doc.absolute(self.url))
            or (title and " ".join(last_name.split()).lower() == " ".join(title.split()).lower())
        )
        names = [name for name, _ in (trail[:-1] if is_self else trail)]
        return category_from_breadcrumbs(names, None)  # None for a lone "Home"

    @functools.cached_property
    def _meta_tags(self) -> dict[str, str]:
        """First non-empty content of each meta tag, keyed by its property, name or itemprop."""
        tags: dict[str, str] = dict(self.data.opengraph)
        try:
            metas = self.doc.selector.xpath("//meta[@content]")
        except Exception:
            return tags
        for meta in metas:
            content = (attr(meta, "content") or "").strip()
            if not content:
                continue
            for name in ("property", "name", "itemprop"):
                key = (attr(meta, name) or "").strip()
                if key:
                    tags.setdefault(key if name == "itemprop" else key.lower(), content)
        return tags

    def _itemprop(self, prop: str) -> str | None:
        try:
            node = self.doc.selector.xpath(_STRAY_ITEMPROP, p=prop)
        except Exception:
            return None
        if not node:
            return None
        node = node[0]
        value = (
            attr(node, "content")
            or attr(node, "href")
            or attr(node, "src")
            or attr(node, "value")
            or " ".join(node.xpath("string()").get("").split())
        )
        return value.strip() or None

    def _fallback_fields(self, raw: dict[str, Any]) -> None:
        """Fill gaps from meta tags, stray itemprops, the h1 and the canonical link."""
        for field, names in _META.items():
            if raw.get(field):
                continue
            for name in names:
                value = self._meta_tags.get(name)
                if value and (name not in _PRICE_HINT_META or any(c.isdigit() for c in value)):
                    raw[field] = value
                    break
        if "itemprop" in self.doc.text:
            for field, prop in _ITEMPROP.items():
                if not raw.get(field):
                    raw[field] = self._itemprop(prop)
        sel = self.doc.selector
        if not raw.get("title"):
            raw["title"] = select_text(sel, "h1")
        if not raw.get("canonical_url"):
            raw["canonical_url"] = select_text(sel, "link[rel~='canonical']::attr(href)")

    def _profile_fields(self, raw: dict[str, Any]) -> None:
        """The profile's selectors win wherever they match something."""
        fields = getattr(self.profile, "fields", None) or {}
        for field, query in fields.items():
            if field in LIST_FIELDS:
                values = select_texts(self.doc.selector, query)
                if values:
                    raw[field] = values
            else:
                value = select_text(self.doc.selector, query)
                if value:
                    raw[field] = value

    # ------------------------------------------------------------------ API

    def to_raw(self) -> dict[str, Any]:
        """Raw product fields of docs/CONTRACTS.md (str, list or None each); never raises."""
        raw = self._raw
        return {key: list(value) if isinstance(value, list) else value for key, value in raw.items()}

    @functools.cached_property
    def _raw(self) -> dict[str, Any]:
        raw: dict[str, Any] = dict.fromkeys(RAW_FIELDS)
        raw["breadcrumbs"] = []
        for step in (lambda: raw.update(self._schema_fields()), lambda: self._fallback_fields(raw),
                     lambda: self._profile_fields(raw)):
            try:
                step()
            except Exception as exc:  # keep what the other layers found
                logger.warning("product extraction step failed on %s: %r", self.url, exc)
        if not raw.get("category") and raw.get("breadcrumbs"):
            trail = [(name, None) for name in raw["breadcrumbs"]]
            raw["category"] = self._category_from_trail(trail, raw.get("title"))
        for field in URL_FIELDS:
            raw[field] = self.doc.absolute(raw.get(field)) if raw.get(field) else None
        raw["url"] = self.url
        return {key: raw.get(key) for key in RAW_FIELDS}

    def has_product_data(self) -> bool:
        """True when a title and (a price or a schema.org Product) were found.

        Used to decide whether the page needs a browser render to show its data.
        """
        raw = self._raw
        return bool(raw.get("title")) and (bool(raw.get("price")) or self.schema_product is not None)
