"""Finding the product in arbitrary JSON (state blobs, JSON islands, analytics objects).

A bounded walk scores every object that has a name and a price (more for an SKU,
currency, availability, and for a name matching the page's title) and reads raw fields
from the best one. Key spellings differ per framework; the aliases below are the common ones.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any

_NAME = ("name", "title", "productName", "product_name", "item_name", "displayName", "productTitle")
_PRICE = ("price", "salePrice", "sale_price", "currentPrice", "current_price", "finalPrice", "final_price",
          "sellingPrice", "selling_price", "offerPrice", "specialPrice", "display_price", "priceValue",
          "product_price", "priceAmount", "price_amount", "unitPrice", "activePrice", "priceInfo")
# Keys of the price paid now when a plain "price" beside it is the regular one.
_SALE = ("salePrice", "sale_price", "specialPrice", "special_price", "offerPrice", "offer_price", "discountedPrice",
         "discounted_price", "discountPrice", "promoPrice", "promo_price", "finalPrice", "final_price",
         "currentPrice", "current_price", "sellingPrice", "selling_price", "activePrice")
_PRICE_KEYS = frozenset(_PRICE)  # isdisjoint() on a dict's keys: one C loop per object visited
_LIST = ("listPrice", "list_price", "regularPrice", "regular_price", "originalPrice", "original_price",
         "compareAtPrice", "compare_at_price", "wasPrice", "was_price", "msrp", "oldPrice", "old_price", "rrp",
         "strikePrice", "strikethroughPrice", "display_regular_price")
_SKU = ("sku", "SKU", "skuId", "sku_id", "productSku", "product_sku", "articleNumber", "article_number",
        "item_id", "itemNumber", "partNumber", "styleNumber")
_CURRENCY = ("currency", "currencyCode", "currency_code", "priceCurrency", "currencyIso")
_AVAIL_TEXT = ("availability", "stockStatus", "stock_status", "availabilityStatus", "inventoryStatus")
_AVAIL_TRUE = ("available", "inStock", "in_stock", "isInStock", "is_in_stock", "availableForSale", "purchasable",
               "isAvailable", "orderable")
_AVAIL_FALSE = ("soldOut", "sold_out", "isSoldOut", "outOfStock")
# Stock counts (not "quantity": that is the shopper's chosen quantity more often than not).
_AVAIL_COUNT = ("inventory_quantity", "inventoryQuantity", "stockQuantity", "stock_quantity", "stockLevel",
                "stock_level", "availableQuantity", "available_quantity", "qtyAvailable", "qty_available", "stock")
_BRAND = ("brand", "brandName", "brand_name", "product_brand", "manufacturer")
_GTIN = ("gtin", "gtin13", "gtin12", "gtin14", "ean", "ean13", "upc", "barcode")
_VARIANTS = ("variants", "skus", "offers", "variations", "childProducts")
# One variant object the page shows (Hydrogen's loader data): read like a one-variant list.
_SELECTED = ("selectedOrFirstAvailableVariant", "selectedVariant", "firstAvailableVariant")
_PRICE_INNER = ("value", "amount", "current", "currentPrice", "raw", "price", "sale", "final", "salePrice", "discountedPrice",
                "sellingPrice", "basePrice", "priceWithTax", "formatted", "displayValue")
# Prices kept in minor units: Next.js shops' "priceInCents", commercetools' "centAmount"
# (with its "fractionDigits").
_CENTS = ("priceInCents", "price_in_cents", "priceCents", "centAmount")
_CENT_KEYS = frozenset(_CENTS)
_VARIANT_KEYS = frozenset(_VARIANTS + _SELECTED + ("masterVariant",))
# Shopify names the one variant of a product without options "Default Title": no product name.
_NO_NAMES = frozenset({"Default Title", "Default", "default"})
_MAX_NODES = 40_000  # objects visited per blob: bounds the CPU of a huge state dump


def _scalar(value: Any) -> Any:
    """A one-element list (analytics objects love them) as its element."""
    while isinstance(value, list) and len(value) == 1:
        value = value[0]
    return value


def _first(node: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = _scalar(node.get(key))
        if value not in (None, "", [], {}):
            return value
    return None


def price_value(value: Any, depth: int = 0) -> str | None:
    """A price as text: a number, numeric string, or ``{"value": ..}``-style object."""
    value = _scalar(value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return str(value) if value >= 0 else None
    if isinstance(value, str):
        text = value.strip()
        return text if text and any(c.isdigit() for c in text) and len(text) < 40 else None
    if isinstance(value, dict) and depth < 3:
        cents = cents_value(value)
        if cents:
            return cents
        for key in _PRICE_INNER:
            found = price_value(value.get(key), depth + 1)
            if found:
                return found
    return None


def cents_value(node: dict[str, Any]) -> str | None:
    """A price given in minor units (``{"centAmount": 8900, "fractionDigits": 2}``) as text."""
    amount = next((node[k] for k in _CENTS if k in node), None)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        return None
    digits = node.get("fractionDigits", 2)
    digits = digits if isinstance(digits, int) and 0 <= digits <= 4 else 2
    return str(Decimal(amount).scaleb(-digits))


def _variants(node: dict[str, Any]) -> list[dict[str, Any]]:
    """Variant objects: a list, a GraphQL connection (``{"nodes": […]}``, ``{"edges": [{"node": …}]}``),
    and commercetools' ``masterVariant``."""
    found = _first(node, _VARIANTS)
    if found is None:
        chosen = _first(node, _SELECTED)
        found = [chosen] if isinstance(chosen, dict) else None
    if isinstance(found, dict):
        found = found.get("nodes") or [e.get("node") for e in found.get("edges") or [] if isinstance(e, dict)]
    out = [v for v in found if isinstance(v, dict)] if isinstance(found, list) else []
    master = node.get("masterVariant")
    return ([master] if isinstance(master, dict) else []) + out


def _variant_price(variant: dict[str, Any]) -> str | None:
    price = price_value(_first(variant, _PRICE)) or cents_value(variant)
    if price is None and isinstance(variant.get("prices"), list):
        price = next((p for p in map(price_value, variant["prices"]) if p), None)
    return price


def _text(value: Any) -> str | None:
    value = _scalar(value)
    if isinstance(value, dict):
        if "name" not in value and "title" not in value and value and all(
                isinstance(v, str) for v in value.values()):
            value = next(iter(value.values()))  # a localised name: {"de-DE": "Tischleuchte"}
        else:
            value = value.get("name") or value.get("title")
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        text = " ".join(str(value).split())
        return text or None
    return None


def _availability(node: dict[str, Any]) -> str | None:
    text = _text(_first(node, _AVAIL_TEXT))
    if text:
        return text
    for key in _AVAIL_TRUE:
        if isinstance(node.get(key), bool):
            return "InStock" if node[key] else "OutOfStock"
    for key in _AVAIL_FALSE:
        if isinstance(node.get(key), bool):
            return "OutOfStock" if node[key] else "InStock"
    for key in _AVAIL_COUNT:
        count = node.get(key)
        if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
            return "InStock" if count else "OutOfStock"
    return None


def _amount(text: str | None) -> Any:
    from productscraper.processing.money import parse_amount

    return parse_amount(text)[0] if text else None


def _prices(node: dict[str, Any]) -> tuple[str | None, str | None, str | None]:
    """(price, list price, currency named inside a price object) of one object; a sale price
    below the plain "price" beside it is the price, and then "price" is the list price."""
    raw = _first(node, _PRICE)
    price, listed = price_value(raw) or cents_value(node), price_value(_first(node, _LIST))
    sale = price_value(_first(node, _SALE))
    if sale and price and sale != price:
        now, before = _amount(sale), _amount(price)
        if now is not None and before is not None and 0 < now < before:
            price, listed = sale, listed or price
    currency = _text(_first(raw, _CURRENCY)) if isinstance(raw, dict) else None
    return price, listed, currency


def fields_of(node: dict[str, Any]) -> dict[str, Any]:
    """Raw fields of one product-like object (variants summarised into min / max)."""
    info = node.get("productInfo")  # W3C digitalData: the names sit one level down
    if isinstance(info, dict):
        node = {**info, **{k: v for k, v in node.items() if k != "productInfo"}}
    price, listed, price_currency = _prices(node)
    title = _text(_first(node, _NAME))
    fields = {
        "title": None if title in _NO_NAMES else title,
        "price": price,
        "list_price": listed,
        "currency": _text(_first(node, _CURRENCY)) or price_currency,
        "availability": _availability(node),
        "sku": _text(_first(node, _SKU)),
        "brand": _text(_first(node, _BRAND)),
        "gtin": _text(_first(node, _GTIN)),
    }
    priced = [(v, _variant_price(v)) for v in _variants(node)]
    priced = [(v, p) for v, p in priced if p]
    if priced:
        amounts = [(_amount(p), v, p) for v, p in priced]
        amounts = [a for a in amounts if a[0] is not None]
        if amounts:
            fields["price_min"] = str(min(a[0] for a in amounts))
            fields["price_max"] = str(max(a[0] for a in amounts))
            selected = next((a for a in amounts if a[1].get("selected") is True or a[1].get("isSelected") is True
                             or a[1].get("default") is True), None)
            available = [a for a in amounts if _availability(a[1]) != "OutOfStock"]
            chosen = selected or (min(available, key=lambda a: a[0]) if available else None)
            if chosen and not fields["price"]:
                fields["price"] = chosen[2]
                fields["sku"] = fields["sku"] or _text(_first(chosen[1], _SKU))
            if not fields["availability"]:
                fields["availability"] = "InStock" if available else "OutOfStock"
    return fields


def _score(fields: dict[str, Any], title_hint: str | None) -> float:
    if not fields["title"] or not fields["price"]:
        return 0.0
    score = 3.0 + sum(1.0 for k in ("sku", "currency", "availability") if fields[k]) + (0.5 if fields["brand"] else 0)
    if title_hint:
        a, b = fields["title"].casefold(), title_hint.casefold()
        if a == b:
            score += 5
        elif len(a) > 3 and (a in b or b in a):
            score += 3
    return score


def find_product(blob: Any, title_hint: str | None = None) -> tuple[dict[str, Any], float] | None:
    """(raw fields, score) of the most product-like object in ``blob``, or None."""
    best: tuple[dict[str, Any], float] | None = None
    stack = [blob]
    visited = 0
    while stack and visited < _MAX_NODES:
        node = stack.pop()
        visited += 1
        if isinstance(node, dict):
            if not _PRICE_KEYS.isdisjoint(node) or "productInfo" in node or not _CENT_KEYS.isdisjoint(node) \
                    or not _VARIANT_KEYS.isdisjoint(node):
                fields = fields_of(node)
                score = _score(fields, title_hint)
                if score and (best is None or score > best[1]):
                    best = (fields, score)
            stack.extend(v for v in reversed(list(node.values())) if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(v for v in reversed(node) if isinstance(v, (dict, list)))
    return best
