"""Does the page's text show a value: occurrences found cheaply, then checked for being
inside an element's text (a ">" before them, no script-like characters in between)."""
from __future__ import annotations

import pytest

from productscraper.pages.visible import shows, shows_amount


@pytest.mark.parametrize(("html", "key", "expected"), [
    ("<span>$31.57</span>", "31.57", True),
    ("<span>31,57 €</span>", "31.57", True),
    ("<b>1.299,50 €</b>", "1299.50", True),
    ("<b>2 200,-</b>", "2200.00", True),
    ("<b>131.57</b>", "31.57", False),  # a digit before: another amount
    ("<b>31.575</b>", "31.57", False),  # a digit after
    ('<script>var p = {"price": "31.57"}</script>', "31.57", False),  # script code
    ("<p>" + "x" * 90 + " 31.57</p>", "31.57", False),  # too far from the tag
    ("<p>" + "x" * 70 + " 31.57</p>", "31.57", True),
    ("31.57 at the very start", "31.57", False),  # no ">" at all
    ('<p data-x="1"> <i>x</i> see 9.99 then 31.57</p>', "31.57", True),
])
def test_shows_amount_reads_element_text_only(html: str, key: str, expected: bool) -> None:
    assert shows_amount(html, key) is expected


@pytest.mark.parametrize(("html", "value", "expected"), [
    ("<dd>AB-123</dd>", "AB-123", True),
    ("<dd>XAB-123</dd>", "AB-123", False),  # part of a longer token
    ("<dd>AB-1234</dd>", "AB-123", False),
    ("<dd>AB-123-9</dd>", "AB-123", False),  # "-" continues the token
    ("<dd>AB-123X AB-123</dd>", "AB-123", True),  # the second occurrence counts
    ('<div data-sku="AB-123"></div>', "AB-123", False),  # an attribute, not text
    ("<p>" + "y" * 200 + " AB-123</p>", "AB-123", False),
    ("<p>" + "y" * 150 + " AB-123</p>", "AB-123", True),
    ("<p>{AB-123}</p>", "AB-123", False),
])
def test_shows_finds_whole_tokens_in_element_text(html: str, value: str, expected: bool) -> None:
    assert shows(html, value) is expected
