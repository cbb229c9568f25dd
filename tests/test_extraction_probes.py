"""Which structured-data syntaxes a page needs: cheap probes before extruct runs."""
from __future__ import annotations

import pytest

from productscraper.pages.document import HtmlDocument
from productscraper.pages.schema_org import _needed_syntaxes, structured_data


def _probe(html: str) -> list[str]:
    doc = HtmlDocument("https://shop.example/p", html.encode("utf-8"))
    return _needed_syntaxes(doc.text)


@pytest.mark.parametrize(("html", "expected"), [
    ('<script type="application/ld+json">{}</script>', ["json-ld"]),
    ('<script type="application/LD+JSON">{}</script>', ["json-ld"]),
    ('<script type="application/ld+JSON">{}</script>', ["json-ld"]),
    ("<p>a+JSON b</p>", []),  # the cheap test passes, the spellings do not
    ("<div itemscope></div>", ["microdata"]),
    ('<div itemScope itemType="https://schema.org/Product"></div>', ["microdata"]),
    ("<div ITEMSCOPE></div>", ["microdata"]),
    ("<p>plain</p>", []),
])
def test_probes_name_the_syntaxes_the_page_holds(html: str, expected: list[str]) -> None:
    assert _probe(html) == expected


def test_upper_case_microdata_is_still_extracted() -> None:
    html = ('<div itemScope itemType="https://schema.org/Product"><span itemProp="name">Lamp</span>'
            '<span itemProp="sku">L-1</span></div>')
    doc = HtmlDocument("https://shop.example/p", html.encode("utf-8"))
    product = structured_data(doc.text, doc.url, doc.selector).main_product()
    assert product is not None and product.get("name") == "Lamp"


@pytest.mark.parametrize("html", [
    '<div data-price-amount="12.5"></div>',
    '<div data-x-data-price-amount="1"></div>',  # inside a longer name: still a substring
    '<form data-product_variations="[]"></form>',
    "<p>no data attributes</p>",
    "<p>data-</p>",
])
def test_data_name_probes_answer_as_the_text_search_does(html: str) -> None:
    from productscraper.pages.attributes import data_names

    names = data_names(html)
    for probe in ("data-price-amount", "data-product_variations", "data-sku"):
        assert any(probe in name for name in names) == (probe in html)


@pytest.mark.parametrize("html", [
    '<script type="application/ld+json">{}</script>',
    "<div ITEMSCOPE itemType=x></div><p>Shopify.currency</p>",
    "<p>shopify ShOpIfY dataLayer</p>",
    "<p>é ld+json after a wide character: Ünïcödé ☃ itemscope</p>",
    "<p>\u2603" * 50 + "itemprop</p>",  # the hit's byte offset far beyond its character offset
    "<p>ITEMSCOPE only in capitals, itemscope nowhere</p>",
    "",
])
def test_text_probes_answer_exactly_as_in_does(html: str) -> None:
    from productscraper.pages.probes import TextProbes

    doc = HtmlDocument("https://shop.example/p", html.encode("utf-8"))
    assert doc._utf8 is not None or not html  # the folded pre-check is in use
    probes = doc.probes
    needles = ("ld+json", "LD+JSON", "+JSON", "itemscope", "itemScope", "ITEMSCOPE", "itemtype", "itemType",
               "Shopify", "shopify", "Shopify.currency", "dataLayer", "datalayer", "itemprop", "Ünïcödé", "☃", "x")
    for needle in needles * 2:  # the second round is answered from the memo
        assert (needle in probes) == (needle in doc.text), needle
    plain = TextProbes(doc.text)  # no bytes: plain searches
    assert all((n in plain) == (n in doc.text) for n in needles)


def test_content_after_the_html_end_keeps_the_pages_bytes() -> None:
    doc = HtmlDocument("https://shop.example/p", "<html><p>Ünï</p></html><script>itemscope</script>".encode())
    assert "</html>" not in doc.text
    assert doc._utf8 == doc.text.encode("utf-8")
    assert "itemscope" in doc.probes


def test_microdata_equals_extructs_own_extraction() -> None:
    import extruct

    from productscraper.pages.schema_org import _microdata

    html = ('<div itemscope itemtype="https://schema.org/Product" itemref="extra"><span itemprop="name">Lamp</span>'
            '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="9.5">'
            '</div></div><p id="extra" itemprop="sku">L-1</p>'
            '<div itemscope itemtype="https://schema.org/BreadcrumbList"><a itemprop="item" href="/c">C</a></div>')
    root = HtmlDocument("https://shop.example/p", html.encode("utf-8")).selector.root
    expected = extruct.extract(root, base_url="https://shop.example/p", syntaxes=["microdata"],
                               uniform=True)["microdata"]
    assert len(expected) == 2
    assert _microdata(root, "https://shop.example/p") == expected
    body = root.find("body")  # not the root: extruct's own path
    assert _microdata(body, "https://shop.example/p") == extruct.extract(
        body, base_url="https://shop.example/p", syntaxes=["microdata"], uniform=True)["microdata"]


@pytest.mark.parametrize("html", [
    "<html><body><p>x</p></body></html>\n",
    "<html><body><p>x</p></body></HTML >\n<script>late</script>",
    "<html><p>Ünï ☃</p></Html><div>after</div></html>",
    "<p>no end tag at all</p>",
    "<p>\u2603\u2603</p></htmlx> <p>not an end tag</p></html>  ",
])
def test_content_after_the_html_end_is_found_as_the_whole_text_regex_finds_it(html: str) -> None:
    from productscraper.pages import document

    expected = document._HTML_END.sub("", html) if document._TRAILING_CONTENT.search(html) else html
    assert HtmlDocument("https://shop.example/p", html.encode("utf-8")).text == expected


@pytest.mark.parametrize(("html", "expected"), [
    ('<script type="application/ld+json">{}</script>', ["json-ld"]),
    ('<script type=" application/LD+JSON ">{}</script>', ["json-ld"]),
    ("<script>var t = 'application/ld+json';</script>", []),  # the words, but no JSON-LD script
    ('<p>ld+json</p><script type="application/Ld+Json">{}</script>', ["json-ld"]),  # as before: the text says so
])
def test_no_jsonld_script_in_the_tree_means_no_jsonld(html: str, expected: list[str]) -> None:
    doc = HtmlDocument("https://shop.example/p", html.encode("utf-8"))
    assert _needed_syntaxes(doc.text, doc.probes, doc.selector.root) == expected


def test_every_state_name_holds_one_of_the_script_hints() -> None:
    import re

    from productscraper.pages.embedded_json import _ASSIGNMENT, _ASSIGNMENT_HINTS

    names = re.match(r"\((.*?)\)", _ASSIGNMENT.pattern).group(1).split("|")
    assert len(names) > 10
    for name in names:  # a name without a hint would never be looked for
        assert any(hint in name for hint in _ASSIGNMENT_HINTS), name
