"""Builders of the small shop pages tests/test_markup_variants_*.py read (shapes of real markup)."""
from __future__ import annotations

import logging
from typing import Any, Callable

import pytest

from productscraper.pages import ProductPage
from productscraper.processing import normalise_product
from productscraper.profiles import GENERIC_PROFILE


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def extract(html: str, url: str = "https://www.shop.example/p/1") -> dict[str, Any]:
    """The stored product of a page; a layer that failed and was skipped (logged, never raised)
    fails the test, so a crash cannot hide behind the other layers' answer."""
    handler, pages = _Warnings(), logging.getLogger("productscraper.pages")
    pages.addHandler(handler)
    try:
        product = normalise_product(ProductPage(url, html, GENERIC_PROFILE).to_raw())
    finally:
        pages.removeHandler(handler)
    assert not handler.messages, handler.messages
    return product


def shop(body: str, lang: str = "en", name: str = "Walnut Desk Lamp", head: str = "",
         shop_name: str = "Lumio") -> str:
    """A product page: document title "<name> | <shop>", header with a cart link, the h1, ``body``."""
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<title>{name} | {shop_name}</title>{head}</head><body>'
            f'<header class="site-header"><a class="logo" href="/">{shop_name}</a>'
            '<a href="/cart" class="header-cart">Cart (0)</a></header>'
            f'<main><div class="product-detail"><h1 class="product-title">{name}</h1>{body}</div></main>'
            '<footer><p>&copy; 2026</p></footer></body></html>')


def check(product: dict[str, Any], expected: dict[str, Any]) -> None:
    got = {k: product.get(k) for k in expected}
    assert got == expected, f"got {got}, sources {product.get('sources')}"


BUY = '<button type="submit" class="btn add-to-cart">{}</button>'


def case_table() -> tuple[list[Any], Callable[..., None]]:
    """A probe file's case list and the ``case(id, html, url, **expected)`` that fills it (in order)."""
    cases: list[Any] = []

    def case(case_id: str, html: str, url: str, **expected: Any) -> None:
        cases.append(pytest.param(html, url, expected, id=case_id))

    return cases, case
