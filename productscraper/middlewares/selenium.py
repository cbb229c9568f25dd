"""Render ``scrapy_selenium.SeleniumRequest`` with one reused headless Chromium per process.

A replacement for scrapy-selenium's own middleware, which fails on Selenium >= 4.10
(``executable_path``), blocks Scrapy's event loop while the browser works, and uses the
deprecated ``process_request(request, spider)`` signature. Spiders keep building
requests exactly as scrapy-selenium documents::

    from scrapy_selenium import SeleniumRequest
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC

    yield SeleniumRequest(url=url, callback=self.parse, wait_time=10,
                          wait_until=EC.presence_of_element_located((By.CSS_SELECTOR, "div.quote")),
                          screenshot=False, script=None)

Enable it with::

    DOWNLOADER_MIDDLEWARES = {"productscraper.middlewares.selenium.SeleniumMiddleware": 800}

Only ``SeleniumRequest`` instances are handled; every other request passes through
untouched. A rendered request gets an ``HtmlResponse`` (status 200: Selenium does not
expose the HTTP status) with ``request.meta["ps_rendered"] = True`` and, with
``screenshot=True``, the PNG bytes in ``request.meta["screenshot"]``.

Browser work runs in a reactor thread (``deferToThread``; ``asyncio.to_thread`` when
Scrapy runs without a Twisted reactor), so the event loop keeps serving other requests.
There is ONE browser per process (:func:`productscraper.browser.get_pool`), so the renders
of a process are serialised: queued renders wait on the event loop, not in threads, and
never starve the reactor's thread pool (which also resolves DNS).

Settings (defaults):

- ``SELENIUM_DRIVER_EXECUTABLE_PATH`` (``/usr/bin/chromedriver``)
- ``SELENIUM_BROWSER_EXECUTABLE_PATH`` (``/usr/bin/chromium``)
- ``SELENIUM_DRIVER_ARGUMENTS`` (``--headless --no-sandbox --disable-gpu
  --disable-dev-shm-usage --disable-background-networking --disable-component-update
  --disable-sync --no-first-run --disable-quic``): replaces the defaults
- ``SELENIUM_EXTRA_ARGUMENTS`` (``[]``): added to them, e.g. ``--user-agent=...`` or,
  in tests, ``--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1``
- ``SELENIUM_MAX_PAGES`` (100): renders before the browser is recycled (<= 0: never)
- ``SELENIUM_MAX_MEMORY_MB`` (1024): recycle when the browser's private resident
  memory passes this (<= 0: never; see ``BrowserPool.memory_mb``)
- ``SELENIUM_PAGE_LOAD_TIMEOUT`` (20) and ``SELENIUM_SCRIPT_TIMEOUT`` (10), in seconds
- ``SELENIUM_PAGE_LOAD_STRATEGY`` (``eager``) and ``SELENIUM_BLOCK_IMAGES`` (True)
- ``SELENIUM_RESOURCE_POLICY`` (True): a render fetches only from the page's own site and
  ``request.meta["render_allow_hosts"]``, never trackers, fonts or media
  (:mod:`productscraper.browser.resource_policy`)

Per request (``request.meta``): ``render_budget`` (seconds from navigation to the DOM read,
page load and wait together; see ``BrowserPool.render``) and ``render_allow_hosts``.
A rendered response carries ``meta["ps_render_waited_out"]`` (a soft wait not met in time).

List settings given as strings are split on ``|``. If chromium or chromedriver is
missing, the middleware stays enabled and each SeleniumRequest fails with
``IgnoreRequest`` naming the missing path (plain requests are unaffected).

Failures: a timed-out page load, ``wait_until`` (``wait_time`` seconds, 10 when unset) or
script raises :class:`productscraper.browser.RenderTimeout` (a selenium
``TimeoutException`` and a builtin ``TimeoutError``: transient); a browser that crashed
raises :class:`productscraper.browser.BrowserError` (a ``ConnectionError``: transient)
and is replaced. Both are ``OSError``, so Scrapy's RetryMiddleware retries them when
enabled. Unlike scrapy-selenium,
``request.meta["driver"]`` is not set: the driver belongs to another thread and is
shared. Scrapy's ``DOWNLOAD_TIMEOUT`` does not apply to rendered requests; the two
timeouts above do. Cookies are cleared before each render; ``request.cookies`` are
set in the browser before the page loads.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import weakref
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from scrapy import Request
from scrapy.crawler import Crawler
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.reactor import is_reactor_installed
from twisted.internet.defer import DeferredLock
from twisted.internet.threads import deferToThread

if TYPE_CHECKING:
    from productscraper.browser import BrowserConfig, RenderResult

logger = logging.getLogger(__name__)
_T = TypeVar("_T")


def is_selenium_request(request: Request) -> bool:
    """True for a ``scrapy_selenium.SeleniumRequest``.

    Selenium and scrapy-selenium take ~0.1 s to import, paid at start-up by every
    process with this middleware enabled, most of which never render. Nobody can have
    built a SeleniumRequest without importing scrapy_selenium, so until someone has,
    no request is one, and neither is imported here.
    """
    http = sys.modules.get("scrapy_selenium.http")
    return http is not None and isinstance(request, http.SeleniumRequest)


class SeleniumMiddleware:
    """Downloader middleware rendering ``SeleniumRequest`` in this process's browser."""

    def __init__(self, settings: Any, stats: Any = None) -> None:
        self.settings = settings
        self.stats = stats
        self._config: BrowserConfig | None = None
        self._reported_missing = False
        getbool = getattr(settings, "getbool", None)
        self.resource_policy = getbool("SELENIUM_RESOURCE_POLICY", True) if getbool else True

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> "SeleniumMiddleware":
        """Keep the ``SELENIUM_*`` settings; they are read, and the browser started, on first use."""
        return cls(crawler.settings, crawler.stats)

    @property
    def config(self) -> "BrowserConfig":
        """The browser configuration (imports Selenium on first use)."""
        if self._config is None:
            from productscraper.browser import BrowserConfig

            self._config = BrowserConfig.from_settings(self.settings)
        return self._config

    async def process_request(self, request: Request) -> HtmlResponse | None:
        """Render a SeleniumRequest; return None (untouched) for any other request."""
        if not is_selenium_request(request):
            return None
        missing = self.config.missing_executables()
        if missing:
            self._inc("selenium/unavailable")
            if not self._reported_missing:  # IgnoreRequest alone is logged at DEBUG only
                logger.error("cannot render SeleniumRequests: %s", "; ".join(missing))
                self._reported_missing = True
            raise IgnoreRequest(f"SeleniumRequest {request.url}: {'; '.join(missing)}")
        blocked: list[dict] = []
        if self.resource_policy:
            from productscraper.browser.resource_policy import blocked_url_patterns

            blocked = blocked_url_patterns(request.url, request.meta.get("render_allow_hosts") or ())
        try:
            result = await run_serialised(
                _render, self.config, request.url, wait_time=request.wait_time,
                wait_until=request.wait_until, screenshot=request.screenshot,
                script=request.script, cookies=request.cookies,
                budget=request.meta.get("render_budget"), blocked_urls=blocked)
        except Exception:
            self._inc("selenium/failed")
            raise
        self._inc("selenium/rendered")
        if result.screenshot is not None:
            request.meta["screenshot"] = result.screenshot
        request.meta["ps_rendered"] = True
        request.meta["ps_render_waited_out"] = result.waited_out
        return HtmlResponse(url=result.url, body=result.html, encoding="utf-8", request=request)

    def _inc(self, key: str) -> None:
        if self.stats is not None:
            self.stats.inc_value(key)


def _render(config: "BrowserConfig", url: str, **kwargs: Any) -> "RenderResult":
    """In the worker thread: get_pool() may quit a browser, which must not block the loop."""
    from productscraper.browser import get_pool

    return get_pool(config).render(url, **kwargs)


# One browser per process, so one render in flight per process: the rest wait on the
# event loop (a Twisted DeferredLock, or an asyncio.Lock per loop when reactorless).
_locks_pid = 0
_twisted_lock: DeferredLock | None = None
_asyncio_locks: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock]" = (
    weakref.WeakKeyDictionary())


async def run_serialised(func: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
    """Run blocking ``func`` in a thread, one call at a time per process.

    Uses ``twisted.internet.threads.deferToThread`` when a Twisted reactor is installed,
    ``asyncio.to_thread`` otherwise (Scrapy's ``TWISTED_REACTOR_ENABLED=False`` mode).
    """
    global _locks_pid, _twisted_lock
    if _locks_pid != os.getpid():  # locks are per process (a forked child starts clean)
        _locks_pid, _twisted_lock = os.getpid(), None
        _asyncio_locks.clear()
    if is_reactor_installed():
        if _twisted_lock is None:
            _twisted_lock = DeferredLock()
        lock = _twisted_lock
        await maybe_deferred_to_future(lock.acquire())
        try:
            return await maybe_deferred_to_future(deferToThread(func, *args, **kwargs))
        finally:
            lock.release()
    loop = asyncio.get_running_loop()
    alock = _asyncio_locks.setdefault(loop, asyncio.Lock())
    async with alock:
        return await asyncio.to_thread(func, *args, **kwargs)
