"""The demo shop's aiohttp application: routes, latency/throttle/stats middleware, admin API."""

from __future__ import annotations

import asyncio
import functools
import base64
import hashlib
import signal
import time
from html import escape
from collections.abc import Awaitable, Callable, Sequence

from aiohttp import web

from . import sitemaps, templates
from .admin import (admin_markup, admin_reprice, admin_reset, admin_stats, admin_throttle,
                    admin_truth)
from .state import STATE_KEY, ShopOptions, ShopState, _origin, _state
from .catalog import Product, page_count, page_slice
from .faults import (
    NEGATIVE_PRICE,
    NEGATIVE_PRICE_TEXT,
    NO_TITLE,
    inject,
)

__all__ = ["ShopOptions", "ShopState", "create_app", "serve"]

ADMIN_PREFIX = "/_admin/"
# A real, decodable 2x2 grey JPEG (285 bytes), so image fetchers get a valid file.
TINY_JPEG = base64.b64decode(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4"
    "UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj"
    "Y2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEA"
    "AAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhED"
    "EQA/AKgAwf/Z"
)

def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def _not_found() -> web.Response:
    return _html(templates.error_page(404), status=404)


# --- middleware and signals -------------------------------------------------------------------

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def shop_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Count, delay, throttle and HTML-ify errors for every non-admin request."""
    if request.path.startswith(ADMIN_PREFIX):
        return await handler(request)
    state = _state(request)
    state.stats[request.path] += 1
    delay_ms = state.options.latency_ms + state.jitter.uniform(0, state.options.latency_jitter_ms)
    if delay_ms > 0:
        await asyncio.sleep(delay_ms / 1000)  # a sleep, not a lock: requests overlap freely
    if time.time() < state.throttle_until:
        response = _html(templates.error_page(state.throttle_status), status=state.throttle_status)
        response.headers["Retry-After"] = str(state.throttle_retry_after)
        return response
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        response = _html(templates.error_page(exc.status), status=exc.status)
        if "Allow" in exc.headers:
            response.headers["Allow"] = exc.headers["Allow"]
        return response
    script = state.options.head_script
    if script and isinstance(response, web.Response) and response.content_type == "text/html" and response.text:
        tag = f'<script src="{escape(script, quote=True)}"></script>\n'
        response.text = response.text.replace("<head>\n", "<head>\n" + tag, 1)
    return response


async def _log_access(request: web.Request, response: web.StreamResponse) -> None:
    """on_response_prepare: one line per non-admin response, flushed as it starts."""
    state = _state(request)
    if state.access_log is None or request.path.startswith(ADMIN_PREFIX):
        return
    state.access_log.write(f"{time.time():.6f} {request.method} {request.raw_path} {response.status}\n")
    state.access_log.flush()


# --- shop pages -------------------------------------------------------------------------------


async def home(request: web.Request) -> web.Response:
    """GET /"""
    state = _state(request)
    return _html(templates.home_page(state.catalog.categories, js=state.options.js))


async def robots(request: web.Request) -> web.Response:
    """GET /robots.txt"""
    sitemap = _origin(request) + sitemaps.INDEX_PATH if _state(request).options.sitemap else None
    return web.Response(text=templates.robots_txt(sitemap), content_type="text/plain", charset="utf-8")


def _listing(request: web.Request, heading: str, products: list[Product], page: int,
             extra: Sequence[Product] = ()) -> web.Response:
    state = _state(request)
    per_page = state.options.per_page
    on_page = page_slice(products, page, per_page)
    if on_page is None and page > 1 and state.options.beyond_last == "first":
        page, on_page = 1, page_slice(products, 1, per_page)  # a shop that never says 404
    if on_page is None:
        return _not_found()
    return _html(templates.listing_page(
        heading, list(on_page) + list(extra), state.product_path,
        page=page, pages=page_count(len(products), per_page), first_position=(page - 1) * per_page + 1,
        categories=state.catalog.categories, origin=_origin(request),
    ))


async def catalogue(request: web.Request) -> web.Response:
    """GET /catalogue/page-N.html; page 1 also links the private products."""
    state = _state(request)
    page = int(request.match_info["page"])
    extra = state.catalog.private_products if page == 1 else ()
    return _listing(request, "All products", state.catalog.products, page, extra)


async def category(request: web.Request) -> web.Response:
    """GET /category/SLUG/page-N.html"""
    state = _state(request)
    cat = state.catalog.category(request.match_info["slug"])
    if cat is None:
        return _not_found()
    return _listing(request, cat.name, state.catalog.in_category(cat), int(request.match_info["page"]))


async def product(request: web.Request) -> web.StreamResponse:
    """GET /product/ID/, /js/product/ID/ and /private/product/ID/ (faults apply to the first two)."""
    state = _state(request)
    path = request.path
    private = path.startswith("/private/")
    item = state.catalog.get(int(request.match_info["id"]), private=private)
    if item is None:
        return _not_found()
    js = path.startswith("/js/")
    attempt = state.attempts.hit(path)
    origin = _origin(request)
    detail = state.plan.detail(item.id)
    view = templates.ProductView.of(
        item, page_url=origin + path, origin=origin,
        title=None if detail == NO_TITLE else "",
        price_text=NEGATIVE_PRICE_TEXT if detail == NEGATIVE_PRICE else None,
        show_price=state.price_markup,
    )
    if js:
        render = functools.partial(templates.js_product_page, delay_ms=state.options.js_delay_ms)
    else:
        render = templates.product_page
    kind = None if private else state.plan.kind(item.id)
    if kind is not None:
        faulty = await inject(kind, attempt, request, state.settings, lambda: render(view))
        if faulty is not None:
            return faulty
    page = render(view)
    return _with_etag(request, page) if state.options.etags else _html(page)


def _with_etag(request: web.Request, page: str) -> web.Response:
    """The page with an ETag of its content; 304 when the client already has it."""
    etag = '"' + hashlib.sha1(page.encode("utf-8")).hexdigest()[:20] + '"'
    sent = [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]
    if etag in sent or "*" in sent:
        return web.Response(status=304, headers={"ETag": etag})
    response = _html(page)
    response.headers["ETag"] = etag
    return response


async def media(request: web.Request) -> web.Response:
    """GET /media/ID.jpg: the same tiny JPEG for every known product."""
    catalog = _state(request).catalog
    pid = int(request.match_info["id"])
    if catalog.get(pid) is None and catalog.get(pid, private=True) is None:
        return _not_found()
    return web.Response(body=TINY_JPEG, content_type="image/jpeg")


async def js_catalogue(request: web.Request) -> web.Response:
    """GET /js/catalogue/: empty shell filled from /api/products by script.

    ``?overlay=1``: an invisible link covers the window (see templates.js_catalogue_page).
    """
    overlay = request.query.get("overlay", "") in ("1", "true", "yes")
    return _html(templates.js_catalogue_page(overlay=overlay))


async def api_products(request: web.Request) -> web.Response:
    """GET /api/products?page=N: one listing page as JSON."""
    state = _state(request)
    try:
        page = int(request.query.get("page", "1"))
    except ValueError:
        return web.json_response({"error": "page must be an integer"}, status=400)
    products = state.catalog.products
    on_page = page_slice(products, page, state.options.per_page)
    if on_page is None:
        return web.json_response({"error": "no such page"}, status=404)
    origin = _origin(request)
    last = page_count(len(products), state.options.per_page)
    return web.json_response({
        "products": [
            {"id": p.id, "url": origin + state.product_path(p), "title": p.title, "price": p.price_text}
            for p in on_page
        ],
        "next": page + 1 if page < last else None,
    })


# --- app and runner ---------------------------------------------------------------------------


def create_app(options: ShopOptions) -> web.Application:
    """The shop as an aiohttp Application (usable in-process too, e.g. with aiohttp's test client)."""
    state = ShopState.from_options(options)
    app = web.Application(middlewares=[shop_middleware])
    app[STATE_KEY] = state
    if options.access_log:
        state.access_log = open(options.access_log, "a", encoding="utf-8")  # noqa: SIM115 - closed on cleanup

    async def close_log(app: web.Application) -> None:
        if state.access_log is not None:
            state.access_log.close()

    app.on_response_prepare.append(_log_access)
    app.on_cleanup.append(close_log)
    app.router.add_get("/", home)
    app.router.add_get("/robots.txt", robots)
    app.router.add_get(r"/catalogue/page-{page:\d+}.html", catalogue)
    app.router.add_get(r"/category/{slug}/page-{page:\d+}.html", category)
    app.router.add_get(r"/product/{id:\d+}/", product)
    app.router.add_get(r"/js/product/{id:\d+}/", product)
    app.router.add_get(r"/private/product/{id:\d+}/", product)
    app.router.add_get(r"/media/{id:\d+}.jpg", media)
    app.router.add_get("/js/catalogue/", js_catalogue)
    app.router.add_get("/api/products", api_products)
    sitemaps.add_routes(app)
    app.router.add_get("/_admin/truth.json", admin_truth)
    app.router.add_get("/_admin/stats.json", admin_stats)
    app.router.add_post("/_admin/reprice", admin_reprice)
    app.router.add_post("/_admin/throttle", admin_throttle)
    app.router.add_post("/_admin/reset", admin_reset)
    app.router.add_post("/_admin/markup", admin_markup)
    return app


async def serve(options: ShopOptions, on_ready: Callable[[str], None]) -> None:
    """Serve until SIGTERM/SIGINT; call `on_ready(base_url)` once the socket is bound."""
    runner = web.AppRunner(create_app(options), access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    try:
        site = web.TCPSite(runner, options.host, options.port)
        await site.start()
        host, port = runner.addresses[0][:2]
        on_ready(f"http://{f'[{host}]' if ':' in host else host}:{port}")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        await runner.cleanup()
