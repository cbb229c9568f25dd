"""validate_product reasons and mongo_safe sanitising."""
from __future__ import annotations

from decimal import Decimal

import pytest

from productscraper.processing import mongo_safe, normalise_product, validate_product

VALID = normalise_product(
    {"url": "https://shop.example/p/1", "title": "Widget", "price": "£3.50", "availability": "in stock",
     "rating": "4", "review_count": "2", "image_url": "/a.jpg", "breadcrumbs": ["Home", "Tools"]}
)


def test_normalised_product_is_valid() -> None:
    assert validate_product(VALID) == []


INVALID = [
    ({"url": None}, "url", "missing"),
    ({"url": "/p/1"}, "url", "not an absolute http(s) URL"),
    ({"url": "ftp://shop.example/p/1"}, "url", "not an absolute http(s) URL"),
    ({"title": None}, "title", "missing"),
    ({"title": "   "}, "title", "missing"),
    ({"title": 42}, "title", "not a string"),
    ({"title": "x" * 501}, "title", "longer than 500"),
    ({"price": -3.0}, "price", "negative price -3.0"),
    ({"price": "3.50"}, "price", "not a number"),
    ({"price": float("nan")}, "price", "not a number"),
    ({"price": True}, "price", "not a number"),
    ({"currency": "POUND"}, "currency", "not an ISO 4217 code"),
    ({"currency": "gbp"}, "currency", "not an ISO 4217 code"),
    ({"price": None, "currency": "XXQ"}, "currency", "not an ISO 4217 code"),
    ({"availability": "maybe"}, "availability", "unknown value"),
    ({"stock": -1}, "stock", "negative stock -1"),
    ({"stock": "5"}, "stock", "not an integer"),
    ({"review_count": 2.5}, "review_count", "not an integer"),
    ({"rating": 7.5}, "rating", "out of range"),
    ({"rating": "4"}, "rating", "not a number"),
    ({"brand": "b" * 1001}, "brand", "longer than 1000"),
    ({"description": "d" * 20_001}, "description", "longer than 20000"),
    ({"sku": 123}, "sku", "not a string"),
    ({"image_url": "img/a.jpg"}, "image_url", "not an absolute http(s) URL"),
    ({"breadcrumbs": "Home"}, "breadcrumbs", "not a list of strings"),
    ({"truncated": [1]}, "truncated", "not a list of strings"),
    ({"list_price": -2.0}, "list_price", "not a non-negative number"),
    ({"warnings": "currency_unknown"}, "warnings", "not a list of strings"),
]


def test_price_without_currency_is_stored_with_a_warning_not_rejected() -> None:
    product = normalise_product({"url": "https://shop.example/p/1", "title": "Widget", "price": "3.50"})
    assert product["price"] == 3.5 and product["currency"] is None
    assert product["warnings"] == ["currency_unknown"]
    assert validate_product(product) == []


@pytest.mark.parametrize("change,field,reason", INVALID, ids=[f"{c[1]}-{i}" for i, c in enumerate(INVALID)])
def test_invalid_products_give_reasons(change: dict, field: str, reason: str) -> None:
    reasons = validate_product({**VALID, **change})
    assert any(r["field"] == field and reason in r["reason"] for r in reasons), reasons
    assert all(set(r) == {"field", "reason"} for r in reasons)


def test_several_reasons_and_non_mapping() -> None:
    reasons = validate_product({"price": -1.0})
    assert {r["field"] for r in reasons} >= {"url", "title", "price"}
    assert validate_product(None)[0]["field"] == "item"  # type: ignore[arg-type]


def test_price_zero_and_missing_are_valid() -> None:
    assert validate_product({**VALID, "price": 0.0}) == []
    assert validate_product({**VALID, "price": None, "currency": None}) == []


@pytest.mark.parametrize(
    "value,expected",
    [
        ({"$where": 1}, {"\uff04where": 1}),
        ({"a.b": 1}, {"a\uff0eb": 1}),
        ({"$x.y": {"$gt": 1}}, {"\uff04x\uff0ey": {"\uff04gt": 1}}),
        ({"nul\x00key": 1}, {"nul\u2400key": 1}),
        ({"ok$": 1, "x": "$not-a-key"}, {"ok$": 1, "x": "$not-a-key"}),  # only leading $ and only keys
        ({1: "int key"}, {"1": "int key"}),
        ({"list": [{"$in": [1]}, ("t", {"a.b": 2})]}, {"list": [{"\uff04in": [1]}, ["t", {"a\uff0eb": 2}]]}),
        ({"price": Decimal("1.50")}, {"price": 1.5}),
        ("plain", "plain"),
        (None, None),
    ],
)
def test_mongo_safe(value, expected) -> None:
    assert mongo_safe(value) == expected


def test_mongo_safe_returns_a_new_object_and_truncates() -> None:
    original = {"raw": {"$bad": ["x" * 200]}, "keep": [1, 2]}
    safe = mongo_safe(original, max_string=50)
    assert original == {"raw": {"$bad": ["x" * 200]}, "keep": [1, 2]}
    assert safe["keep"] is not original["keep"]
    assert safe["raw"]["\uff04bad"] == ["x" * 50]
    assert len(mongo_safe({"d": "y" * 200_000})["d"]) == 100_000


def test_mongo_safe_bounds_nesting() -> None:
    deep: dict = {}
    node = deep
    for _ in range(200):
        node["n"] = {}
        node = node["n"]
    safe = mongo_safe(deep)
    depth = 0
    while isinstance(safe, dict):
        safe = safe.get("n")
        depth += 1
    assert depth <= 92 and isinstance(safe, str)
