"""Reading raw product fields out of compact schema.org nodes (see :mod:`.schema_org`).

Values come back as strings (raw fields of docs/CONTRACTS.md); parsing them into numbers,
enums and ISO codes is the normaliser's job. The only judgement made here is which offer
and which variant speak for the page.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from productscraper.pages.schema_nodes import is_product, short_type, types_of
from productscraper.processing.availability import is_available
from productscraper.processing.money import parse_amount

# Price specifications that are not what the customer pays now.
_NOT_SELLING_PRICE = ("listprice", "strikethroughprice", "srp", "msrp", "invoiceprice", "minimumadvertisedprice")
GTIN_KEYS = ("gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn")


def as_list(value: Any) -> list[Any]:
    """A value as a list (None -> [])."""
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def text_of(value: Any) -> str | None:
    """First non-empty scalar of a value as text; Things give their ``name``."""
    for item in as_list(value):
        if isinstance(item, dict):
            item = item.get("name") if "name" in item else item.get("@value")
            item = text_of(item)
        if isinstance(item, bool) or item is None:
            continue
        if isinstance(item, float):
            item = format(Decimal(repr(item)), "f")
            if re.search(r"[1-9]\d*\.\d{3}$", item):
                item += "0"  # a JSON number is exact: keep "2.675" from reading as 2,675
        text = str(item).strip()
        if text:
            return text
    return None


def looks_like_url(value: Any) -> bool:
    """A name that is an address (microdata's ``<a itemprop="name" href>`` gives the href)."""
    text = text_of(value)
    return bool(text) and text.startswith(("http://", "https://", "/")) and " " not in text


def _gtin_of(node: dict[str, Any]) -> str | None:
    """The first GTIN a Product or Offer gives (gtin13, gtin, gtin12, …)."""
    return next((text for k in GTIN_KEYS if (text := text_of(node.get(k)))), None)


def _enum_id(value: Any) -> str | None:
    """An enumeration member given as a node reference: ``{"@id": "https://schema.org/OutOfStock"}``."""
    item = next(iter(as_list(value)), None)
    return text_of(item.get("@id")) if isinstance(item, dict) else None


def url_of(value: Any) -> str | None:
    """First URL of an image/url value: a string, list, ImageObject or ListItem ``item``."""
    for item in as_list(value):
        if isinstance(item, dict):
            item = item.get("url") or item.get("contentUrl") or item.get("@id") or item.get("item")
            item = url_of(item)
        if isinstance(item, str) and item.strip():
            return item.strip()
    return None


# ----------------------------------------------------------------------------- offers


def _price_spec(offer: dict[str, Any]) -> dict[str, Any] | None:
    specs = [s for s in as_list(offer.get("priceSpecification")) if isinstance(s, dict)]
    priced = [s for s in specs if s.get("price") is not None or s.get("minPrice") is not None]
    selling = [
        s for s in priced
        if not any(short_type(t).lower() in _NOT_SELLING_PRICE for t in as_list(s.get("priceType")) if isinstance(t, str))
    ]
    return (selling or priced or [None])[0]


def offer_summary(offer: dict[str, Any]) -> dict[str, Any]:
    """price/currency/availability/stock of one Offer or AggregateOffer, plus a parsed amount."""
    spec = _price_spec(offer) or {}
    aggregate = "AggregateOffer" in types_of(offer)
    keys = ("lowPrice", "price") if aggregate else ("price", "lowPrice")
    price = None
    for key in keys:
        price = text_of(offer.get(key))
        if price:
            break
    if not price:
        price = text_of(spec.get("price")) or text_of(spec.get("minPrice"))
    currency = text_of(offer.get("priceCurrency")) or text_of(spec.get("priceCurrency"))
    stock = offer.get("inventoryLevel")
    if isinstance(stock, dict):
        stock = stock.get("value")
    list_specs = [x for x in as_list(offer.get("priceSpecification")) if isinstance(x, dict) and any(
        short_type(t).lower() in _NOT_SELLING_PRICE for t in as_list(x.get("priceType")) if isinstance(t, str))]
    summary = {
        "list_price": text_of(list_specs[0].get("price")) if list_specs else None,
        "high": text_of(offer.get("highPrice")) if aggregate else None,
        "price": price,
        "currency": currency,
        "availability": text_of(offer.get("availability")) or _enum_id(offer.get("availability")),
        "stock": text_of(stock),
        "amount": parse_amount(price)[0] if price else None,
        "sku": text_of(offer.get("sku")),
        "gtin": _gtin_of(offer),
    }
    if aggregate and not price:
        # An AggregateOffer without its own price speaks through its member offers.
        inner = [o for o in as_list(offer.get("offers")) if isinstance(o, dict)]
        if inner:
            best = choose_offer(inner)
            if best:
                best = dict(best)
                best["currency"] = best["currency"] or currency
                best["availability"] = best["availability"] or summary["availability"]
                return best
    return summary


def choose_offer(offers: list[Any]) -> dict[str, Any] | None:
    """Lowest-priced in-stock offer; else the first offer with a price; else the first one."""
    summaries = [offer_summary(o) for o in offers if isinstance(o, dict)]
    if not summaries:
        return None
    priced = [s for s in summaries if s["amount"] is not None]
    in_stock = [s for s in priced if is_available(s["availability"])]
    if in_stock:
        return min(in_stock, key=lambda s: s["amount"])
    return (priced or summaries)[0]


# ----------------------------------------------------------------------------- products


def _same_url(a: Any, b: str) -> bool:
    return isinstance(a, str) and bool(b) and a.split("#")[0].rstrip("/") == b.split("#")[0].rstrip("/")


def _shows_variant(variant: dict[str, Any], page_url: str) -> bool:
    """The page is this variant's: its url, its offer's url or its ``@id`` is the page URL,
    or names the page's ``?variant=`` id (Shopify puts the id in ``@id`` and the offer url)."""
    urls = [variant.get("url"), variant.get("@id")]
    urls += [o.get("url") for o in as_list(variant.get("offers")) if isinstance(o, dict)]
    if any(_same_url(u, page_url) for u in urls):
        return True
    chosen = _VARIANT_PARAM.search(page_url or "")
    return chosen is not None and any(
        isinstance(u, str) and re.search(rf"(?:variant=|/){chosen.group(1)}(?!\d)", u) for u in urls)


_VARIANT_PARAM = re.compile(r"[?&]variant=(\d+)")


def effective_product(node: dict[str, Any], page_url: str) -> dict[str, Any]:
    """For a ProductGroup (or a product with ``hasVariant``), the variant the page shows.

    The variant the page URL names wins (:func:`_shows_variant`); otherwise, when the group has no offer of its
    own, the variant holding the best offer lends its offers and identifiers, and the group
    keeps its name, description and so on.
    """
    variants = [v for v in as_list(node.get("hasVariant")) if isinstance(v, dict)]
    if not variants:
        return node
    group = {k: v for k, v in node.items() if k != "hasVariant" and v not in (None, "", [])}
    chosen = next((v for v in variants if _shows_variant(v, page_url)), None)
    if chosen is not None:
        return {**group, **{k: v for k, v in chosen.items() if v not in (None, "", [])}}
    if group.get("offers") is not None:
        return group
    offers = [(v, choose_offer(as_list(v.get("offers")))) for v in variants]
    priced = [(v, o) for v, o in offers if o is not None and o["amount"] is not None]
    in_stock = [(v, o) for v, o in priced if is_available(o["availability"])]
    if in_stock:
        best_variant = min(in_stock, key=lambda pair: pair[1]["amount"])[0]
    else:
        best_variant = (priced or offers)[0][0]
    merged = {k: v for k, v in best_variant.items() if v not in (None, "", [])}
    merged.update(group)  # group name/brand/description speak for the page
    merged["offers"] = best_variant.get("offers")
    return merged


def price_range(offers: list[Any]) -> tuple[str | None, str | None]:
    """(lowest, highest) price over several offers or an AggregateOffer's low/high."""
    summaries = [offer_summary(o) for o in offers if isinstance(o, dict)]
    amounts = [s["amount"] for s in summaries if s["amount"] is not None]
    highs = [parse_amount(s["high"])[0] for s in summaries if s.get("high")]
    amounts += [h for h in highs if h is not None]
    if len(amounts) < 2:
        return None, None
    return str(min(amounts)), str(max(amounts))


def _page_offer(offers: list[Any], page_url: str, sku: str | None) -> dict[str, Any] | None:
    """The offer of the variant the page shows, among offers for different variants side by side:
    the one whose url is the page's (Hydrogen: ``?Wood=Oak``), else the one with the product's sku."""
    raw = [o for o in offers if isinstance(o, dict)]
    if len(raw) < 2:
        return None
    urls = [o.get("url") for o in raw]
    if len(set(map(str, urls))) == len(raw):
        own = [o for o in raw if _same_url(o.get("url"), page_url)]
        if len(own) == 1:
            return offer_summary(own[0])
    skus = [text_of(o.get("sku")) for o in raw]
    if sku and len(set(skus)) == len(raw) and skus.count(sku) == 1:
        return offer_summary(raw[skus.index(sku)])
    return None


def product_fields(node: dict[str, Any], page_url: str = "") -> dict[str, Any]:
    """Raw fields (strings or None) of a Product node."""
    product = effective_product(node, page_url)
    offers = as_list(product.get("offers"))
    offer = _page_offer(offers, page_url, text_of(product.get("sku"))) or choose_offer(offers) or {}
    variants = [v for v in as_list(node.get("hasVariant")) if isinstance(v, dict)]
    all_offers = [o for v in variants for o in as_list(v.get("offers"))] or as_list(product.get("offers"))
    low, high = price_range(all_offers)
    rating = next((r for r in as_list(product.get("aggregateRating")) if isinstance(r, dict)), {})
    brand = product.get("brand")
    if brand is None or text_of(brand) is None:
        brand = product.get("manufacturer")
    gtin = _gtin_of(product) or offer.get("gtin")
    category = product.get("category")
    return {
        "title": None if looks_like_url(product.get("name")) else text_of(product.get("name")),
        "price": offer.get("price"),
        "price_min": low,
        "price_max": high,
        "list_price": offer.get("list_price"),
        "currency": offer.get("currency"),
        "availability": offer.get("availability"),
        "stock": offer.get("stock"),
        # The offer's sku when the product has none (Zavvi: offers[0].sku, the variant sold).
        "sku": text_of(product.get("sku")) or offer.get("sku") or text_of(product.get("productGroupID"))
        or text_of(product.get("productID")),
        "gtin": gtin,
        "mpn": text_of(product.get("mpn")),
        "brand": text_of(brand),  # (an address, microdata's <a itemprop=brand href>, is dropped by the page object)
        "rating": text_of(rating.get("ratingValue")),
        "rating_scale": text_of(rating.get("bestRating")),
        "review_count": text_of(rating.get("reviewCount")) or text_of(rating.get("ratingCount")),
        "category": text_of(category),
        "description": text_of(product.get("description")),
        "image_url": url_of(product.get("image")),
        "canonical_url": url_of(product.get("url")),
    }


def breadcrumb_trail(node: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(name, url) pairs of a BreadcrumbList, ordered by ``position``."""
    entries = []
    for order, element in enumerate(as_list(node.get("itemListElement"))):
        if not isinstance(element, dict):
            continue
        item = element.get("item")
        name = text_of(element.get("name")) or (text_of(item) if isinstance(item, dict) else None)
        if not name:
            continue
        try:
            position = float(text_of(element.get("position")) or order)
        except ValueError:
            position = float(order)
        entries.append((position, order, name, url_of(item) or url_of(element.get("url"))))
    entries.sort(key=lambda e: (e[0], e[1]))
    return [(name, url) for _, _, name, url in entries]


def item_list_urls(node: dict[str, Any]) -> list[str]:
    """Product URLs of an ItemList, in list order (ListItems, or products with a url)."""
    urls = []
    for element in as_list(node.get("itemListElement")):
        if isinstance(element, str):
            urls.append(element)
        elif isinstance(element, dict):
            target = element
            if "ListItem" in types_of(element) and not element.get("url"):
                target = element.get("item") or {}
                if isinstance(target, str):
                    urls.append(target)
                    continue
            found = url_of(target.get("url")) if isinstance(target, dict) else None
            if not found and isinstance(target, dict):
                node_id = target.get("@id")
                if isinstance(node_id, str) and (node_id.startswith(("http", "/")) or is_product(target)):
                    found = node_id
            if found:
                urls.append(found)
    return urls
