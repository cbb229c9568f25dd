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
