"""Pay extraction's first-use costs before the first task, not during it.

The first product page a process extracts imports extruct and what it pulls in (rdflib,
pyRdfa, mf2py, html5lib, bs4: ~160 modules) and fills parsel's and price-parser's
caches: measured ~0.17 s on an idle machine, on the reactor thread, so every request of a
fresh worker waits for it. A worker calls :func:`warm_up_extraction` while it starts
(:class:`~productscraper.worker.crawl_service.CrawlService`), where it delays nothing a user
waits for.
"""
from __future__ import annotations

import logging
import time

log = logging.getLogger(__name__)

#: A page with every kind of markup the extractors look for: JSON-LD (Product, Offer,
#: AggregateRating, BreadcrumbList), microdata, RDFa and OpenGraph, so each extruct
#: syntax runs once.
SAMPLE_PAGE = """<!doctype html>
<html lang="en"><head>
<title>Warm-up kettle | Example shop</title>
<meta property="og:title" content="Warm-up kettle">
<meta property="og:price:amount" content="19.99">
<meta property="og:price:currency" content="EUR">
<link rel="canonical" href="https://shop.invalid/p/warm-up-kettle">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
 {"@type": "Product", "name": "Warm-up kettle", "sku": "W-1", "gtin13": "4006381333931",
  "brand": {"@type": "Brand", "name": "Example"}, "image": "/img/kettle.jpg",
  "description": "A kettle that only exists to warm the extractors up.",
  "offers": {"@type": "Offer", "price": "19.99", "priceCurrency": "EUR",
             "availability": "https://schema.org/InStock"},
  "aggregateRating": {"@type": "AggregateRating", "ratingValue": "4.5", "reviewCount": "12"}},
 {"@type": "BreadcrumbList", "itemListElement": [
  {"@type": "ListItem", "position": 1, "name": "Home", "item": "https://shop.invalid/"},
  {"@type": "ListItem", "position": 2, "name": "Kitchen", "item": "https://shop.invalid/c/kitchen"}]}
]}
</script>
</head><body vocab="https://schema.org/">
<div itemscope itemtype="https://schema.org/Product">
  <h1 itemprop="name">Warm-up kettle</h1>
  <span itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span itemprop="price" content="19.99">&euro;19,99</span>
    <meta itemprop="priceCurrency" content="EUR">
    <link itemprop="availability" href="https://schema.org/InStock">
  </span>
</div>
<div typeof="Product"><span property="name">Warm-up kettle</span></div>
<p class="price">&euro;19,99</p><p class="availability">In stock (3 available)</p>
</body></html>"""


def warm_up_extraction(profile_name: str = "generic") -> float:
    """Extract and normalise :data:`SAMPLE_PAGE` once; returns the seconds it took.

    Never raises: a warm-up that fails only means the first real page pays the cost.
    """
    started = time.perf_counter()
    try:
        from productscraper.pages.product import ProductPage
        from productscraper.processing.normalise import normalise_product
        from productscraper.profiles import get_profile

        profile = get_profile(profile_name)
        page = ProductPage("https://shop.invalid/p/warm-up-kettle", SAMPLE_PAGE, profile)
        page.has_product_data()
        normalise_product(page.to_raw(), profile=profile)
    except Exception:
        log.warning("extraction warm-up failed; the first page will pay for it", exc_info=True)
    return time.perf_counter() - started
