"""Layer 2b: what shop platforms and analytics tags embed for the product.

- Shopify: ``ShopifyAnalytics.meta`` / ``var meta`` and ``<script data-product-json>``
  (prices in cents), the ``?variant=`` of the URL selecting the variant;
- WooCommerce: ``form[data-product_variations]``;
- Magento 2: ``[data-price-type=finalPrice][data-price-amount]`` and ``spConfig``;
- Google Analytics ``dataLayer`` ecommerce objects (UA ``detail.products``, GA4 ``items``);
- BigCommerce: ``var BCData = {"product_attributes": …}``;
- a page config's product sku set property by property (``globalConfig.product.sku = 'SW222…'``).
"""
from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

from parsel import Selector

from productscraper.pages.candidates import PLATFORM, Candidate, collect
from productscraper.pages.probes import TextProbes
from productscraper.pages.scripts import Script, parse_js_after, parse_json

_SHOPIFY_META = re.compile(r"(?:ShopifyAnalytics\.meta|var\s+meta)\s*=\s*")
_DATALAYER = re.compile(r"dataLayer(?:\s*=\s*|\.push\(\s*)")
_CENT = Decimal(100)
# "product.sku = 'X'" / "product['sku'] = 'X'": a page config naming the product's sku (Jabong, analytics tags).
_CONFIG_SKU = re.compile(r"\bproduct(?:\.sku|\[['\"]sku['\"]\])\s*=\s*['\"]([A-Za-z0-9][A-Za-z0-9._/-]{1,38}[A-Za-z0-9])['\"]")


def _cents(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        return str((Decimal(str(value)) / _CENT).quantize(Decimal("0.01")))
    except Exception:
        return None


def _summarise(variants: list[dict[str, Any]], price: Any, chosen: dict[str, Any] | None) -> dict[str, Any]:
    """price_min / price_max over priced variants (amounts already as text)."""
    amounts = [Decimal(p) for p in (price(v) for v in variants) if p]
    if not amounts:
        return {}
    return {"price_min": str(min(amounts)), "price_max": str(max(amounts))}


def shopify(scripts: list[Script], url: str) -> dict[str, Any]:
    """Fields of the Shopify product: the URL's ``?variant=`` or the first available one."""
    product = None
    for script in scripts:
        if script.type == "application/json" and ("data-product-json" in dict(script.attrs)
                                                   or script.id.lower().startswith("productjson")):
            blob = parse_json(script.text)
            if isinstance(blob, dict) and isinstance(blob.get("variants"), list):
                product = blob
                break
        if script.type == "" and "meta" in script.text:
            for match in _SHOPIFY_META.finditer(script.text):
                blob = parse_js_after(script.text, match.end())
                if isinstance(blob, dict) and isinstance(blob.get("product"), dict):
                    product = blob["product"]
                    break
        if product:
            break
    if not product:
        return {}
    variants = [v for v in product.get("variants") or [] if isinstance(v, dict)]
    wanted = (parse_qs(urlsplit(url).query).get("variant") or [None])[0]
    chosen = next((v for v in variants if str(v.get("id")) == wanted), None) if wanted else None
    chosen = chosen or next((v for v in variants if v.get("available") is not False), None)
    chosen = chosen or (variants[0] if variants else {})
    fields = {
        "title": product.get("title"),  # a variant's "name" carries its option: not the title
        "price": _cents(chosen.get("price")),
        "list_price": _cents(chosen.get("compare_at_price")) if chosen.get("compare_at_price") else None,
        "sku": chosen.get("sku") or None,
        "gtin": chosen.get("barcode") or None,
        "brand": product.get("vendor"),
    }
    if "available" in chosen:
        fields["availability"] = "InStock" if chosen.get("available") else "OutOfStock"
    fields.update(_summarise(variants, lambda v: _cents(v.get("price")), chosen))
    return fields


def woocommerce(selector: Selector) -> dict[str, Any]:
    """The lowest in-stock WooCommerce variation (range kept)."""
    raw = selector.xpath("//form[@data-product_variations][1]/@data-product_variations").get()
    if not raw:
        return {}
    try:
        variations = [v for v in json.loads(raw) if isinstance(v, dict)]
    except (ValueError, TypeError):
        return {}
    priced = [v for v in variations if isinstance(v.get("display_price"), (int, float, str))]
    if not priced:
        return {}
    in_stock = [v for v in priced if v.get("is_in_stock")]
    chosen = min(in_stock or priced, key=lambda v: Decimal(str(v["display_price"])))
    regular = chosen.get("display_regular_price")
    fields = {
        "price": str(chosen["display_price"]),
        "list_price": str(regular) if regular not in (None, "") and str(regular) != str(chosen["display_price"]) else None,
        "sku": chosen.get("sku") or None,
        "availability": "InStock" if in_stock else "OutOfStock",
    }
    fields.update(_summarise(priced, lambda v: str(v["display_price"]), chosen))
    return fields


_MAGENTO_SKIP = ("related", "upsell", "crosssell", "widget", "products-grid", "product-item")


def magento(selector: Selector) -> dict[str, Any]:
    """Magento 2's final price (and old price) of the main product's price box."""
    fields: dict[str, Any] = {}
    for node in selector.xpath("//*[@data-price-type='finalPrice'][@data-price-amount]"):
        classes = " ".join(node.xpath("ancestor::*/@class").getall()).lower()
        if any(word in classes for word in _MAGENTO_SKIP):
            continue
        fields["price"] = node.attrib.get("data-price-amount")
        box = node.xpath("ancestor::*[contains(@class, 'price-box')][1]")
        old = box.xpath(".//*[@data-price-type='oldPrice']/@data-price-amount").get() if box else None
        fields["list_price"] = old
        break
    return fields


_BCDATA = re.compile(r"BCData\s*=\s*")


def bigcommerce(scripts: list[Script]) -> dict[str, Any]:
    """BigCommerce's ``var BCData = {"product_attributes": …}``: sku, the price with tax when
    the shop gives one (else without: US shops add sales tax at checkout), stock."""
    for script in scripts:
        if script.type or "product_attributes" not in script.text:
            continue
        for match in _BCDATA.finditer(script.text):
            blob = parse_js_after(script.text, match.end())
            attrs = blob.get("product_attributes") if isinstance(blob, dict) else None
            if not isinstance(attrs, dict):
                continue
            prices = attrs.get("price") if isinstance(attrs.get("price"), dict) else {}
            price = next((p for p in (prices.get("with_tax"), prices.get("without_tax")) if isinstance(p, dict)), {})
            stocked = attrs.get("instock") if isinstance(attrs.get("instock"), bool) else attrs.get("purchasable")
            return {
                "sku": attrs.get("sku"), "gtin": attrs.get("gtin") or attrs.get("upc"), "mpn": attrs.get("mpn"),
                "price": price.get("value"), "currency": price.get("currency"),
                "availability": None if not isinstance(stocked, bool) else "InStock" if stocked else "OutOfStock",
            }
    return {}


def datalayer(scripts: list[Script]) -> dict[str, Any]:
    """The product of a GA ``dataLayer`` ecommerce detail view (UA or GA4)."""
    for script in scripts:
        if script.type or "ecommerce" not in script.text or "dataLayer" not in script.text:
            continue
        for match in _DATALAYER.finditer(script.text):
            blob = parse_js_after(script.text, match.end())
            for item in blob if isinstance(blob, list) else [blob]:
                ecommerce = item.get("ecommerce") if isinstance(item, dict) else None
                if not isinstance(ecommerce, dict):
                    continue
                detail = ecommerce.get("detail") if isinstance(ecommerce.get("detail"), dict) else ecommerce
                products = detail.get("products") or detail.get("items") or []
                if isinstance(products, list) and products and isinstance(products[0], dict):
                    p = products[0]
                    return {
                        "title": p.get("name") or p.get("item_name"),
                        "price": p.get("price"),
                        "sku": p.get("sku") or p.get("id") or p.get("item_id"),
                        "brand": p.get("brand") or p.get("item_brand"),
                        "currency": ecommerce.get("currencyCode") or ecommerce.get("currency") or p.get("currency"),
                    }
    return {}


def config_sku(scripts: list[Script]) -> dict[str, Any]:
    """The sku a page config assigns to its product, when it assigns one sku only."""
    found = {m.group(1) for s in scripts if "sku" in s.text for m in _CONFIG_SKU.finditer(s.text)}
    return {"sku": found.pop()} if len(found) == 1 else {}


def platform_candidates(scripts: list[Script], selector: Selector, url: str, text: str,
                        data_names: set[str] | None = None,
                        probes: TextProbes | None = None) -> dict[str, Candidate]:
    """Candidates of the first platform source that knows the product's price.

    ``data_names``: the page's ``data-*`` names (:func:`.attributes.data_names`), if known:
    the data attribute probes then look in them instead of scanning the page twice more.
    ``probes``: the page's shared :class:`.TextProbes` of ``text``, if known."""
    in_text = TextProbes(text) if probes is None else probes

    def has(attribute: str) -> bool:
        if data_names is None:
            return attribute in text
        return any(attribute in name for name in data_names)

    sources = []
    if "Shopify" in in_text or "shopify" in in_text:  # case-sensitive: lower() of a page costs ms
        sources.append(lambda: shopify(scripts, url))
    if has("data-product_variations"):
        sources.append(lambda: woocommerce(selector))
    if has("data-price-amount"):
        sources.append(lambda: magento(selector))
    if "dataLayer" in in_text:
        sources.append(lambda: datalayer(scripts))
    if "BCData" in in_text:
        sources.append(lambda: bigcommerce(scripts))
    if "sku" in in_text:  # one memoised probe; the scripts that say "sku" are then read
        sources.append(lambda: config_sku(scripts))
    merged: dict[str, Candidate] = {}
    for source in sources:
        try:
            found = source()
        except Exception:  # one odd platform blob must not cost the page
            continue
        for name, cand in collect(PLATFORM, found).items():
            merged.setdefault(name, cand)
    return merged
