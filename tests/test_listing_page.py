"""ListingPage: profile selectors and the generic listing rules."""
from __future__ import annotations

import dataclasses
import json

import pytest

from productscraper.pages import ListingPage
from productscraper.profiles import ListingRules, SiteProfile, get_profile

URL = "https://shop.example/c/shoes?page=2"
GENERIC = get_profile("generic")


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


GENERIC_PRODUCT_CASES = [
    (
        "jsonld-itemlist-listitem-url",
        ld({"@context": "https://schema.org", "@type": "ItemList", "itemListElement": [
            {"@type": "ListItem", "position": 1, "url": "/p/a"},
            {"@type": "ListItem", "position": 2, "url": "https://shop.example/p/b"},
            {"@type": "ListItem", "position": 3, "url": "/p/a#reviews"}]}),
        ["https://shop.example/p/a", "https://shop.example/p/b"],
    ),
    (
        "jsonld-itemlist-item-objects",
        ld({"@type": "ItemList", "itemListElement": [
            {"@type": "ListItem", "position": 1, "item": {"@type": "Product", "name": "A", "url": "p/a"}},
            {"@type": "ListItem", "position": 2, "item": "https://shop.example/p/b"},
            {"@type": "ListItem", "position": 3, "item": {"@id": "https://shop.example/p/c"}}]}),
        ["https://shop.example/c/p/a", "https://shop.example/p/b", "https://shop.example/p/c"],
    ),
    (
        "jsonld-itemlist-in-graph",
        ld({"@graph": [{"@type": "CollectionPage", "name": "Shoes"},
                       {"@type": "ItemList", "itemListElement": [{"@type": "Product", "url": "/p/x"}]}]}),
        ["https://shop.example/p/x"],
    ),
    (
        "microdata-itemlist",
        '<ol itemscope itemtype="https://schema.org/ItemList">'
        '<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">'
        '<meta itemprop="position" content="1"><a itemprop="url" href="/p/m1">M1</a></li>'
        '<li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem">'
        '<meta itemprop="position" content="2"><a itemprop="url" href="/p/m2">M2</a></li></ol>',
        ["https://shop.example/p/m1", "https://shop.example/p/m2"],
    ),
    (
        "itemtype-product-elements",
        '<div itemscope itemtype="http://schema.org/Product"><a href="#rate">rate</a><a href="/p/one"><img></a>'
        '<a href="/p/one">One</a></div>'
        '<div itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/p/two">Two</a>'
        '<a href="/cart?add=2">Add</a></div>'
        '<div class="ad"><a href="/p/not-a-product">ad</a></div>',
        ["https://shop.example/p/one", "https://shop.example/p/two"],
    ),
    ("no-structure", "<ul><li><a href='/p/1'>1</a></li></ul>", []),
]


@pytest.mark.parametrize("html,expected", [c[1:] for c in GENERIC_PRODUCT_CASES], ids=[c[0] for c in GENERIC_PRODUCT_CASES])
def test_generic_product_urls(html: str, expected: list[str]) -> None:
    assert ListingPage(URL, html, GENERIC).product_urls() == expected


NEXT_CASES = [
    ("a-rel-next", '<a rel="next" href="?page=3">next</a>', ["https://shop.example/c/shoes?page=3"]),
    ("rel-list", '<a rel="nofollow next" href="/c/shoes?page=3">›</a>', ["https://shop.example/c/shoes?page=3"]),
    ("link-rel-next", '<head><link rel="next" href="https://shop.example/c/shoes?page=3"></head>',
     ["https://shop.example/c/shoes?page=3"]),
    ("li-class-next", '<ul class="pager"><li class="next"><a href="page-3.html">next</a></li></ul>',
     ["https://shop.example/c/page-3.html"]),
    ("a-class-next", '<a class="btn next" href="/c/shoes?page=3">Next</a>', ["https://shop.example/c/shoes?page=3"]),
    ("self-link-ignored", '<a rel="next" href="?page=2">next</a>', []),
    ("none", '<a href="?page=3">3</a>', []),
]


@pytest.mark.parametrize("html,expected", [c[1:] for c in NEXT_CASES], ids=[c[0] for c in NEXT_CASES])
def test_generic_next_page(html: str, expected: list[str]) -> None:
    assert ListingPage(URL, html, GENERIC).next_page_urls() == expected


def _profile(**listing: object) -> SiteProfile:
    return dataclasses.replace(GENERIC, name="t", listing=ListingRules(**listing))


PAGE = """
<html><head><base href="https://shop.example/catalogue/"></head><body>
<nav class="cats"><a href="cat/a/">A</a><a href="cat/b/">B</a><a href="cat/a/">A again</a></nav>
<article class="pod"><h3><a href="item-1/">Item 1</a></h3></article>
<article class="pod"><h3><a href="item-2/">Item 2</a></h3></article>
<article class="pod"><h3><a href="item-1/">Item 1 again</a></h3></article>
<article class="pod"><h3><a href="javascript:void(0)">js</a></h3></article>
<ul><li class="following"><a href="page-3.html">next</a></li></ul>
</body></html>
"""


def test_profile_selectors_base_href_and_dedup() -> None:
    profile = _profile(
        product_links=("article.pod h3 a::attr(href)",),
        next_page=("xpath://li[@class='following']/a/@href",),
        category_links=("nav.cats a",),  # element results give their href
        follow_categories=True,
    )
    page = ListingPage("https://shop.example/catalogue/page-2.html", PAGE, profile)
    assert page.product_urls() == ["https://shop.example/catalogue/item-1/", "https://shop.example/catalogue/item-2/"]
    assert page.next_page_urls() == ["https://shop.example/catalogue/page-3.html"]
    assert page.category_urls() == ["https://shop.example/catalogue/cat/a/", "https://shop.example/catalogue/cat/b/"]


def test_categories_only_when_followed() -> None:
    profile = _profile(category_links=("nav.cats a::attr(href)",), follow_categories=False)
    assert ListingPage("https://shop.example/catalogue/", PAGE, profile).category_urls() == []


def test_profile_falls_back_to_generic_rules_when_selectors_match_nothing() -> None:
    profile = _profile(product_links=("div.nothing a::attr(href)",), next_page=("li.nothing a::attr(href)",))
    html = '<div itemscope itemtype="https://schema.org/Product"><a href="/p/z">z</a></div><a rel="next" href="/c/2">n</a>'
    page = ListingPage(URL, html, profile)
    assert page.product_urls() == ["https://shop.example/p/z"]
    assert page.next_page_urls() == ["https://shop.example/c/2"]


@pytest.mark.parametrize("body", [b"", b"\x00\xff\xfe binary", "<a href='", "<html>" * 500], ids=["empty", "binary", "cut", "nested"])
def test_junk_yields_no_links(body: bytes | str) -> None:
    page = ListingPage(URL, body, get_profile("books"))
    assert page.product_urls() == [] and page.next_page_urls() == [] and page.category_urls() == []


def test_books_profile_on_a_snippet() -> None:
    html = """<section><ol class="row">
      <li><article class="product_pod"><h3><a href="a-light-in-the-attic_1000/index.html" title="A Light">A ...</a></h3></article></li>
      <li><article class="product_pod"><h3><a href="soumission_998/index.html">Soumission</a></h3></article></li>
    </ol><ul class="pager"><li class="current">Page 1 of 50</li><li class="next"><a href="page-2.html">next</a></li></ul></section>"""
    page = ListingPage("http://127.0.0.1:8701/catalogue/page-1.html", html, get_profile("books"))
    assert page.product_urls() == [
        "http://127.0.0.1:8701/catalogue/a-light-in-the-attic_1000/index.html",
        "http://127.0.0.1:8701/catalogue/soumission_998/index.html",
    ]
    assert page.next_page_urls() == ["http://127.0.0.1:8701/catalogue/page-2.html"]
