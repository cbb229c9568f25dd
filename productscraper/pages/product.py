"""Product detail page object: raw product fields from any shop page.

Layers in order of trust, each proposing values with its own confidence (:mod:`.candidates`):
1. schema.org Product data (JSON-LD, microdata, RDFa) and BreadcrumbList; OpenGraph /
   product meta tags;
2. product JSON in scripts (:mod:`.embedded_json`) and shop platforms' data (:mod:`.platforms`);
3. stray ``itemprop`` / ``data-*`` attributes (:mod:`.attributes`);
4. DOM heuristics on the visible page (:mod:`.dom_heuristics`).
One decision step (:mod:`.decision`) picks a value per field; the currency is then
inferred where the page names none (:mod:`.currency`); the profile's ``[fields]``
selectors override field by field when they match. ``sources`` says which layer gave what.
"""
from __future__ import annotations

import functools
import logging
from typing import Any

from lxml import etree

from productscraper.pages import currency as currency_inference
from productscraper.pages import titles
from productscraper.pages.attributes import attribute_candidates, data_names
from productscraper.pages.base import PageObject
from productscraper.pages.candidates import DOM, INFERRED, META, PROFILE, SCHEMA_ORG, Candidate, collect
from productscraper.pages.decision import decide, value_key
from productscraper.pages.dom_heuristics import DomHeuristics, DomReading
from productscraper.pages.dom_scan import TEST_ATTRIBUTES
from productscraper.pages.embedded_json import embedded_candidates
from productscraper.pages.identifiers import strip_label
from productscraper.pages.platforms import platform_candidates
from productscraper.pages.schema_fields import breadcrumb_trail, looks_like_url, product_fields
from productscraper.pages.scripts import Script, page_scripts
from productscraper.pages.selectors import select_text, select_texts
from productscraper.pages.visible import shows
from productscraper.processing.availability import OUT_OF_STOCK, parse_availability
from productscraper.processing.money import ISO_4217, SYMBOLS, parse_amount

logger = logging.getLogger(__name__)
_TITLE = etree.XPath("string(/html/head/title)")
# Broken heads make libxml2 move <title> into the body; an SVG's <title> is no page title.
_ANY_TITLE = etree.XPath("string((//title[not(ancestor::svg)])[1])")

RAW_FIELDS = (
    "url", "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn", "brand",
    "rating", "rating_scale", "review_count", "category", "breadcrumbs", "description",
    "image_url", "canonical_url", "price_min", "price_max", "list_price", "sources",
)
LIST_FIELDS = frozenset({"breadcrumbs"})
URL_FIELDS = frozenset({"image_url", "canonical_url"})
_IDENTIFIERS = ("sku", "gtin", "mpn")
_NAMES = frozenset({"brand", "title"})

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
# twitter:data1 often holds the price but so do other things: only price-like values count.
_PRICE_HINT_META = frozenset({"twitter:data1"})


def _amount(key: str) -> float:
    try:
        return float(key)
    except ValueError:
        return 0.0


class ProductPage(PageObject):
    """Extraction for one product detail page (pure: url + body in, dict out)."""

    @functools.cached_property
    def schema_product(self) -> dict[str, Any] | None:
        """The main schema.org Product node, if the page has one."""
        try:
            return self.data.main_product()
        except Exception:
            return None

    # ------------------------------------------------------------------ schema.org + meta

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
        from productscraper.processing.normalise import category_from_breadcrumbs

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
            # The tree's own elements in document order: parsel's XPath wraps each in a Selector.
            metas = list(self.doc.selector.root.iter("meta"))
        except Exception:
            return tags
        for meta in metas:
            content = (meta.get("content") or "").strip()
            if not content:
                continue
            for name in ("property", "name", "itemprop"):
                key = (meta.get(name) or "").strip()
                if key:
                    tags.setdefault(key if name == "itemprop" else key.lower(), content)
        return tags

    def _meta_fields(self) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        for field, names in _META.items():
            for name in names:
                value = self._meta_tags.get(name)
                if value and (name not in _PRICE_HINT_META or any(c.isdigit() for c in value)):
                    raw[field] = value
                    break
        raw["canonical_url"] = raw.get("canonical_url") or select_text(
            self.doc.selector, "link[rel~='canonical']::attr(href)")
        shopify = currency_inference.shopify_currency(self.doc.text, self.doc.probes)
        raw["currency"] = raw.get("currency") or shopify
        return raw

    # ------------------------------------------------------------------ other layers

    @functools.cached_property
    def scripts(self) -> list[Script]:
        """The page's inline scripts (read once, shared by the script layers)."""
        return page_scripts(self.doc.selector)

    def _layer(self, build: Any) -> dict[str, Candidate]:
        try:
            return build()
        except Exception as exc:  # keep what the other layers found
            logger.warning("product extraction layer failed on %s: %r", self.url, exc)
            return {}

    @functools.cached_property
    def _document_title(self) -> str | None:
        """The ``<title>`` text, or None."""
        root = self.doc.selector.root
        found = _TITLE(root) or _ANY_TITLE(root)
        text = " ".join(found.split()) if isinstance(found, str) else ""
        return text or None

    @functools.cached_property
    def _site_names(self) -> set[str]:
        """The shop's names (og:site_name, application-name, the domain's label) as keys."""
        tags = self._meta_tags
        return titles.site_names(self.url, [tags.get("og:site_name"), tags.get("application-name")])

    @functools.cached_property
    def _dom(self) -> DomHeuristics:
        named = " ".join(filter(None, (self._document_title, self._meta_tags.get("og:title"))))
        return DomHeuristics(self.doc.selector, self.doc.text, named or None, self._site_names)

    def _candidates(self) -> tuple[dict[str, list[Candidate]], DomReading, dict[str, Any]]:
        schema = self._layer(self._schema_fields) if True else {}
        breadcrumbs = schema.pop("breadcrumbs", None) or []
        layers = [collect(SCHEMA_ORG, schema), self._layer(lambda: collect(META, self._meta_fields()))]
        # The title that tells the page's product from others in a state blob: markup's, else the h1.
        hint = next((c["title"].value for c in layers if "title" in c), None) or self._dom.title
        sel, text, probes = self.doc.selector, self.doc.text, self.doc.probes
        layers.append(self._layer(lambda: embedded_candidates(self.scripts, hint)))
        names = data_names(text, probes)  # shared by the two layers below and the DOM's test hooks
        self._dom.hooks = tuple(a for a in TEST_ATTRIBUTES if a in names)
        layers.append(self._layer(lambda: platform_candidates(self.scripts, sel, self.url, text, names, probes)))
        sku_known = any("sku" in layer for layer in layers)
        layers.append(self._layer(lambda: attribute_candidates(sel, text, sku_known, names, probes)))
        have = {name for layer in layers for name, c in layer.items()
                if not (name in _NAMES and looks_like_url(c.value))}  # an address is no brand: the page's label may be
        wanted = {"price", "availability"} | ({"sku", "gtin", "mpn", "currency", "brand"} - have)
        try:
            reading = self._dom.read(wanted, frozenset(have))
        except Exception as exc:
            logger.warning("DOM heuristics failed on %s: %r", self.url, exc)
            reading = DomReading()
        names = self._site_names
        h1 = self._dom.title
        if h1:
            h1 = titles.fuller_from_document_title(titles.clean_title(h1, names) or h1,
                                                   titles.clean_title(self._document_title, names))
            reading.candidates["title"] = Candidate(h1, DOM, 0.5)
        elif self._document_title:  # no h1 at all: the document title, without the shop's name
            cleaned = titles.clean_title(self._document_title, names)
            if cleaned:
                reading.candidates["title"] = Candidate(cleaned, DOM, 0.4)
        layers.append(reading.candidates)
        # The markup title may be the h1 with the brand prefixed ("AFC Cable Systems 1/2 x 25 ft.
        # Conduit" where the page shows the brand apart): the h1 is the name the page prints.
        shown_apart = names | {titles.key(c.value) for layer in layers
                               if (c := layer.get("brand")) is not None and isinstance(c.value, str)}
        merged: dict[str, list[Candidate]] = {}
        for layer in layers:
            for name, cand in layer.items():
                if name in _NAMES and looks_like_url(cand.value):
                    continue  # microdata's <a itemprop="brand" href="/lumio">: an address, no name
                if name in _IDENTIFIERS:  # "Item # 101095" in markup is the id 101095
                    cand = Candidate(strip_label(cand.value) or cand.value, cand.layer, cand.confidence)
                elif name == "title" and cand.layer != DOM:  # "Pillow - JCPenney" is "Pillow"
                    cleaned = titles.clean_title(cand.value, names)
                    cand = Candidate(titles.prefer_visible(cleaned or cand.value, h1, shown_apart),
                                     cand.layer, cand.confidence)
                merged.setdefault(name, []).append(cand)
        return merged, reading, {"breadcrumbs": breadcrumbs}

    @staticmethod
    def _markup_settles(raw: dict[str, Any], sources: dict[str, str], reading: DomReading) -> bool:
        """The page shows in- and out-of-stock signals (a template's "Non disponibile" block
        beside "Disponibile"), but markup states the one the nearest statement shows."""
        stated = reading.candidates.get("availability")
        value = raw.get("availability")
        return bool(value and stated) and sources.get("availability") != DOM and \
            value_key("availability", value) == value_key("availability", stated.value)

    @staticmethod
    def _struck_list_price(raw: dict[str, Any], sources: dict[str, str], prices: list[Candidate],
                           struck: set[str]) -> None:
        """A markup price the page shows struck through, above the chosen one: the list price."""
        if raw.get("list_price") or not raw.get("price"):
            return
        chosen = value_key("price", raw["price"])
        for cand in prices:
            key = value_key("price", cand.value)
            if key in struck and key != chosen and _amount(key) > _amount(chosen):
                raw["list_price"], sources["list_price"] = cand.value, cand.layer
                return

    # ------------------------------------------------------------------ currency

    def _territories(self) -> list[str]:
        """The shop's countries: ccTLD, og:locale, <html lang>, the page's hreflang."""
        sel = self.doc.selector
        locales = [self._meta_tags.get("og:locale"), sel.xpath("/html/@lang").get(),
                   sel.xpath("//link[@hreflang][@href=$u]/@hreflang", u=self.url).get()]
        found = [currency_inference.tld_territory(self.url)]
        found += [currency_inference.locale_territory(loc) for loc in locales]
        return list(dict.fromkeys(t for t in found if t))

    def _infer_currency(self, raw: dict[str, Any], sources: dict[str, str], dom_symbol: str | None) -> None:
        """ISO code from explicit markup, else the price's symbol, else the shop's locale."""
        given = raw.get("currency")
        if given and given.strip().upper() in ISO_4217:
            raw["currency"] = given.strip().upper()
            return
        symbols = [given, parse_amount(raw.get("price"))[1] if raw.get("price") else None, dom_symbol]
        symbol = next((s for s in symbols if s), None)
        if not raw.get("price") and not given:
            return
        if symbol and symbol.strip().lower() in SYMBOLS and symbol.strip().lower() not in ("¥", "￥"):
            code = currency_inference.resolve(symbol, [])
        else:
            code = currency_inference.resolve(symbol, self._territories())
        raw["currency"] = code
        if code and (not given or code != given):
            sources["currency"] = INFERRED if symbol is None else sources.get("currency", DOM)

    # ------------------------------------------------------------------ API

    def to_raw(self) -> dict[str, Any]:
        """Raw product fields of docs/CONTRACTS.md (str, list, dict or None each); never raises."""
        raw = self._raw
        return {key: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                for key, v in raw.items()}

    def _profile_fields(self, raw: dict[str, Any], sources: dict[str, str]) -> None:
        """The profile's selectors win wherever they match something."""
        fields = getattr(self.profile, "fields", None) or {}
        for field, query in fields.items():
            value: Any = select_texts(self.doc.selector, query) if field in LIST_FIELDS else \
                select_text(self.doc.selector, query)
            if value:
                raw[field] = value
                sources[field] = PROFILE

    @functools.cached_property
    def _raw(self) -> dict[str, Any]:
        raw: dict[str, Any] = dict.fromkeys(RAW_FIELDS)
        sources: dict[str, str] = {}
        try:
            merged, reading, extra = self._candidates()
            for field, cand in decide(merged, reading.struck, self.doc.text).items():
                raw[field] = cand.value
                sources[field] = cand.layer
            self._struck_list_price(raw, sources, merged.get("price", []), reading.struck)
            if reading.conflict and not self._markup_settles(raw, sources, reading):
                raw["availability"] = None  # the visible page contradicts itself: unknown
            raw["breadcrumbs"] = extra["breadcrumbs"]
            dom_currency = reading.candidates.get("currency")
            self._infer_currency(raw, sources, dom_currency.value if dom_currency else None)
        except Exception as exc:  # never raise: what was found so far is kept
            logger.warning("product extraction failed on %s: %r", self.url, exc)
        raw["breadcrumbs"] = raw.get("breadcrumbs") or []
        try:
            self._profile_fields(raw, sources)
        except Exception as exc:
            logger.warning("profile fields failed on %s: %r", self.url, exc)
        for field in _IDENTIFIERS:
            raw[field] = strip_label(raw.get(field))
        if not raw.get("sku") and raw.get("gtin") and (
                sources.get("gtin") == DOM or shows(self.doc.text, raw["gtin"])):
            # No shop number, but a barcode the page prints: bookshops, drugstores and many
            # EU shops use the EAN as their article number.
            raw["sku"], sources["sku"] = raw["gtin"], sources.get("gtin", DOM)
        if raw.get("list_price") and raw.get("price") and \
                value_key("price", raw["list_price"]) <= value_key("price", raw["price"]):
            raw["list_price"] = None  # a "list price" not above the price is no discount
        if not raw.get("category") and raw.get("breadcrumbs"):
            trail = [(name, None) for name in raw["breadcrumbs"]]
            raw["category"] = self._category_from_trail(trail, raw.get("title"))
        for field in URL_FIELDS:
            raw[field] = self.doc.absolute(raw.get(field)) if raw.get(field) else None
        raw["url"] = self.url
        raw["sources"] = {k: v for k, v in sources.items() if raw.get(k) not in (None, "", [])}
        return {key: raw.get(key) for key in RAW_FIELDS}

    def has_product_data(self) -> bool:
        """True when a title and (a price, a schema.org Product, or an out-of-stock product
        with an identifier or ``og:type`` product) were found.

        Used to decide whether the page needs a browser render to show its data. Shops hide
        the price of a sold-out product ("Currently unavailable."): its title, identifier and
        stock state are still the data a price monitor records, so such a page is stored
        (price null) rather than rendered and rejected.
        """
        raw = self._raw
        if not raw.get("title"):
            return False
        if raw.get("price") or self.schema_product is not None:
            return True
        return parse_availability(raw.get("availability")) == OUT_OF_STOCK and (
            any(raw.get(field) for field in _IDENTIFIERS)
            or (self._meta_tags.get("og:type") or "").strip().lower() in ("product", "og:product"))
