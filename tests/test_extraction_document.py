"""The page tree: parsed once from the body's own UTF-8 bytes when they are exactly the text."""
from __future__ import annotations

import pytest
from lxml import etree
from lxml.html import HtmlElement

from productscraper.pages.document import HtmlDocument, _decode, parse_html

BODIES = [
    "<html><body><p>Preis 12,50 €</p></body></html>\n",
    "  \n<html><body><h1>Käse</h1></body></html>  ",
    "\u00a0<p>leading no-break space</p>\u3000",  # Unicode spaces: str.strip drops them
    "<p>tail after html</p></html><script type='application/ld+json'>{}</script>",
    "<p>Ж ✓ 品番</p>",
]


@pytest.mark.parametrize("text", BODIES)
def test_tree_from_the_bytes_equals_the_tree_from_the_text(text: str) -> None:
    doc = HtmlDocument("https://shop.example/p", text.encode("utf-8"))
    from_text = parse_html(doc.text, "https://shop.example/p")
    assert etree.tostring(doc.selector.root) == etree.tostring(from_text)


def test_body_bytes_kept_only_when_they_are_exactly_the_text() -> None:
    assert _decode(b"<p>ok \xc3\xa9</p>") == ("<p>ok é</p>", b"<p>ok \xc3\xa9</p>")
    assert _decode(b"<p>\xff</p>")[1] is None  # a replaced byte: the text is not the bytes
    assert _decode(b"<p>a\x01b</p>") == ("<p>ab</p>", None)  # control character dropped
    assert _decode("<p>é</p>".encode("latin-1"), "latin-1")[1] is None
    assert _decode("<p>ok</p>")[1] is None  # text given: no bytes to reuse


def test_every_element_is_an_lxml_html_element() -> None:
    doc = HtmlDocument("https://shop.example/p", b"<div itemscope><span itemprop=name>X</span><input value=1></div>")
    assert all(isinstance(el, HtmlElement) for el in doc.selector.root.iter(tag=etree.Element))
    assert hasattr(doc.selector.root.find(".//span"), "drop_tree")  # extruct's microdata cleaner needs it


@pytest.mark.parametrize("head,encoding,text", [
    ('<meta charset="shift_jis">', "shift_jis", "ギター弦セット 1,280円"),
    ('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">', "cp1251", "Гитара 12 990 руб."),
    ('<meta charset="iso-8859-1">', "cp1252", "Chaise Élégance 49,90 €"),  # WHATWG: latin-1 is cp1252
    ("", "cp1252", "Chaise Élégance 49,90 €"),  # declares nothing, and is no UTF-8
    ('<meta charset="iso-8859-1">', "utf-8", "Chaise Élégance 49,90 €"),  # re-saved as UTF-8
])
def test_a_body_without_a_given_encoding_is_read_as_its_bytes_and_declaration_say(
        head: str, encoding: str, text: str) -> None:
    body = f"<html><head>{head}</head><body><p>{text}</p></body></html>".encode(encoding)
    assert HtmlDocument("https://shop.example/p", body).selector.xpath("string(//p)").get() == text


def test_a_given_encoding_is_used_as_given() -> None:
    body = "<p>Élégance</p>".encode("utf-8")
    assert HtmlDocument("https://shop.example/p", body, "cp1252").selector.xpath("string(//p)").get() == "Ã‰lÃ©gance"


@pytest.mark.parametrize(("html", "id_table", "found"), [
    ('<p id="x">a</p>', None, False),  # no itemref: nothing reads the table
    ('<div itemscope itemref="x"></div><p id="x">a</p>', None, True),
    ('<div itemref="x"></div><p id="x">a</p>', None, False),  # no microdata item to resolve it
    ('<p id="x">a</p>', True, True),  # a site profile's XPath may call id()
])
def test_the_id_table_is_built_only_where_xpath_id_may_read_it(html: str, id_table: bool | None, found: bool) -> None:
    doc = HtmlDocument("https://shop.example/p", html.encode("utf-8"), id_table=id_table)
    assert bool(doc.selector.root.xpath("id('x')")) is found
    assert doc.selector.root.xpath("//*[@id='x']")  # the tree itself is the same


def test_a_site_profile_keeps_the_id_table() -> None:
    from productscraper.pages.product import ProductPage
    from productscraper.profiles import GENERIC_PROFILE, SiteProfile

    html = b'<p id="x">a</p>'
    assert not ProductPage("https://shop.example/p", html, GENERIC_PROFILE).doc.selector.root.xpath("id('x')")
    site = SiteProfile(name="shop", fields={"sku": "xpath:id('x')"})
    assert ProductPage("https://shop.example/p", html, site).doc.selector.root.xpath("id('x')")
