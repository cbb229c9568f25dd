"""The demo shop's sitemaps: an index naming two product sitemaps (the second gzipped) and one
of category listing pages, so a crawler's sitemap rules have something to filter out.

``/sitemap_index.xml`` -> ``/sitemap-products-1.xml`` (first half of the public products),
``/sitemap-products-2.xml.gz`` (the rest, gzip-compressed) and ``/sitemap-categories.xml``.
Every product URL carries a ``<lastmod>`` (a date derived from its id, so tests can predict it).
"""
from __future__ import annotations

import gzip
from collections.abc import Iterable
from xml.sax.saxutils import escape

from aiohttp import web

from .catalog import page_count
from .state import _origin, _state

INDEX_PATH = "/sitemap_index.xml"
PRODUCTS_1 = "/sitemap-products-1.xml"
PRODUCTS_2 = "/sitemap-products-2.xml.gz"
CATEGORIES = "/sitemap-categories.xml"
_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'


def product_lastmod(product_id: int) -> str:
    """The ``<lastmod>`` of a product: a fixed date per id (W3C date format)."""
    return f"2026-{product_id % 12 + 1:02d}-{product_id % 28 + 1:02d}"


def urlset(entries: Iterable[tuple[str, str | None]]) -> str:
    """A ``<urlset>`` document of (loc, lastmod or None) pairs."""
    rows = []
    for loc, lastmod in entries:
        mod = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
        rows.append(f"<url><loc>{escape(loc)}</loc>{mod}</url>")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {_NS}>\n' + "\n".join(rows) + "\n</urlset>\n"


def sitemap_index(locs: Iterable[str]) -> str:
    """A ``<sitemapindex>`` document naming ``locs``."""
    rows = "\n".join(f"<sitemap><loc>{escape(loc)}</loc></sitemap>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex {_NS}>\n{rows}\n</sitemapindex>\n'


def _xml(text: str) -> web.Response:
    return web.Response(text=text, content_type="application/xml", charset="utf-8")


def _product_entries(request: web.Request, half: int) -> list[tuple[str, str | None]]:
    state = _state(request)
    products = state.catalog.products
    mid = (len(products) + 1) // 2
    chosen = products[:mid] if half == 1 else products[mid:]
    origin = _origin(request)
    return [(origin + state.product_path(p), product_lastmod(p.id)) for p in chosen]


async def index(request: web.Request) -> web.Response:
    """GET /sitemap_index.xml"""
    origin = _origin(request)
    return _xml(sitemap_index(origin + p for p in (PRODUCTS_1, PRODUCTS_2, CATEGORIES)))


async def products_1(request: web.Request) -> web.Response:
    """GET /sitemap-products-1.xml"""
    return _xml(urlset(_product_entries(request, 1)))


async def products_2(request: web.Request) -> web.Response:
    """GET /sitemap-products-2.xml.gz (served as a gzip file, as sites do)."""
    body = gzip.compress(urlset(_product_entries(request, 2)).encode("utf-8"), mtime=0)
    return web.Response(body=body, content_type="application/x-gzip")


async def categories(request: web.Request) -> web.Response:
    """GET /sitemap-categories.xml: the catalogue's and every category's listing pages."""
    state = _state(request)
    origin = _origin(request)
    per_page = state.options.per_page
    locs = [f"{origin}/"]
    locs += [f"{origin}/catalogue/page-{n}.html"
             for n in range(1, page_count(len(state.catalog.products), per_page) + 1)]
    for cat in state.catalog.categories:
        count = len(state.catalog.in_category(cat))
        locs += [f"{origin}/category/{cat.slug}/page-{n}.html" for n in range(1, page_count(count, per_page) + 1)]
    return _xml(urlset((loc, None) for loc in locs))


def add_routes(app: web.Application) -> None:
    """Register the sitemap routes on the shop's application."""
    app.router.add_get(INDEX_PATH, index)
    app.router.add_get(PRODUCTS_1, products_1)
    app.router.add_get(PRODUCTS_2, products_2)
    app.router.add_get(CATEGORIES, categories)
