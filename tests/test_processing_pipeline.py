"""The processing pipeline: page content is stored as data, never as MongoDB syntax."""
import pytest_twisted

from productscraper.items import ProductItem
from productscraper.pipelines.processing import ProcessingPipeline
from productscraper.processing.validate import validate_product
from productscraper.urls import url_fingerprint


def keys_of(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys_of(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys_of(v)


@pytest_twisted.ensureDeferred
async def test_hostile_and_oversized_page_content_is_stored_as_plain_truncated_data():
    raw = {
        "title": "$where " + "A" * 10_000,
        "price": "€12.50",
        "currency": None,
        "description": "d.e.s.c " * 5_000,
        "breadcrumbs": ["Home", "$gt", "a.b.c", {"$set": {"x.y": 1}}],
        "brand": "{\"$ne\": null}",
        "sku": "x" * 5_000,
    }
    item = ProductItem(url="http://127.0.0.1:1/p/1?b=2&a=1", run_id="r", raw=raw, profile="demo")
    item = await ProcessingPipeline().process_item(item)
    product = item.product
    assert all(not k.startswith("$") and "." not in k and "\0" not in k for k in keys_of(product))
    assert product["_id"] == url_fingerprint(item.url)
    assert product["url"] == "http://127.0.0.1:1/p/1?a=1&b=2"
    assert len(product["title"]) <= 500 and product["title"].startswith("$where")  # kept as text
    assert len(product["description"]) <= 20_000
    assert {"title", "description", "sku"} <= set(product["truncated"])
    assert product["price"] == 12.5 and product["currency"] == "EUR"
    # Still a valid product: cut fields are data, not errors.
    assert validate_product(product) == []
