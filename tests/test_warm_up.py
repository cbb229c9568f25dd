"""Extraction warm-up: a worker pays extraction's first-use costs before its first task."""
from __future__ import annotations

import json

from productscraper.pages import ProductPage
from productscraper.pages.warm_up import SAMPLE_PAGE, warm_up_extraction
from productscraper.processing import normalise_product
from productscraper.profiles import get_profile
from tests.services import python_json


def test_the_warm_up_page_is_extracted_as_a_complete_product():
    # A sample the extractors found nothing in would warm nothing up.
    profile = get_profile("generic")
    page = ProductPage("https://shop.invalid/p/warm-up-kettle", SAMPLE_PAGE, profile)
    product = normalise_product(page.to_raw(), profile=profile)
    assert product["title"] == "Warm-up kettle"
    assert (product["price"], product["currency"], product["availability"]) == (19.99, "EUR", "in_stock")
    assert product["rating"] == 4.5 and product["category"] == "Kitchen"


def test_the_warm_up_never_raises_and_reports_its_duration():
    assert warm_up_extraction() >= 0.0
    assert warm_up_extraction("no-such-profile") >= 0.0  # logged, not raised


_AFTER_WARM_UP = """
import json, sys
from productscraper.pages.warm_up import warm_up_extraction
from productscraper.pages import ProductPage
from productscraper.processing import normalise_product
from productscraper.profiles import get_profile

warm_up_extraction()
before = set(sys.modules)
html = sys.stdin.read()
profile = get_profile("generic")
normalise_product(ProductPage("https://shop.example/p/1", html, profile).to_raw(), profile=profile)
print(json.dumps(sorted(m for m in set(sys.modules) - before if not m.startswith("encodings."))))
"""


def test_after_the_warm_up_extracting_a_product_page_imports_nothing():
    # A fresh process (this one has imported everything already).
    offer = {"@type": "Offer", "price": "5.00", "priceCurrency": "USD",
             "availability": "https://schema.org/OutOfStock"}
    page = (
        '<html><head><meta property="og:title" content="Lamp">'
        '<script type="application/ld+json">'
        + json.dumps({"@context": "https://schema.org", "@type": "Product", "name": "Lamp", "offers": offer})
        + '</script></head><body><div itemscope itemtype="https://schema.org/Product">'
        '<h1 itemprop="name">Lamp</h1></div><div typeof="Product" vocab="https://schema.org/">'
        '<span property="name">Lamp</span></div></body></html>'
    )
    assert python_json(_AFTER_WARM_UP, stdin=page) == []
