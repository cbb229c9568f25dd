"""ONE headless Chromium per process, reused across renders and recycled.

:class:`BrowserPool` holds one Selenium Chrome driver. It is started on first use and
reused (a page renders in ~0.1-0.2 s instead of ~1 s with a fresh driver), then
recycled (quit; the next render starts a new one) after ``max_pages`` renders or when
the browser's memory passes ``max_memory_mb``. Renders are serialised by a lock: one
process renders one page at a time; run more worker processes for more browsers.

Selenium talks to chromedriver over http://localhost: where ``http_proxy`` is set, list
``localhost,127.0.0.1`` in ``no_proxy`` too.

:func:`get_pool` is the per-process pool (a forked child builds its own);
:func:`shutdown_browser` quits this process's browsers (also registered with ``atexit``,
which prefork children skip - Celery's ``worker_process_shutdown`` calls it).
"""
from __future__ import annotations

import atexit
import logging
import os
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from productscraper.browser.config import (DEFAULT_POLL_INTERVAL, DEFAULT_WAIT_TIME, BrowserConfig,
                                           BrowserError, RenderTimeout, config_from)
from productscraper.browser.launch import brief, start_driver, stop_driver
from productscraper.browser.processes import ProcInfo, browser_processes, process_tree, tree_memory
from selenium import webdriver
from selenium.common.exceptions import (InvalidArgumentException, JavascriptException,
                                        TimeoutException, WebDriverException)
from selenium.webdriver.support.ui import WebDriverWait

logger = logging.getLogger(__name__)


@dataclass
class RenderResult:
    """What one render produced."""

    url: str                      # driver.current_url (after redirects)
    html: str                     # driver.page_source (the rendered DOM)
    screenshot: bytes | None = None
    script_result: Any = None
    seconds: float = 0.0          # load to DOM read, without any driver start
    #: A soft ``wait_until`` (see :meth:`BrowserPool.render`) that was not met in time.
    waited_out: bool = False


@dataclass
class _Browser:
    driver: webdriver.Chrome
    directory: Path
    pages: int = 0
    page_load_timeout: float = 0.0   # as last set on the driver
    blocked: tuple = ()              # the URL patterns last set (Network.setBlockedURLs)


_LIVE_POOLS: "weakref.WeakSet[BrowserPool]" = weakref.WeakSet()


class BrowserPool:
    """ONE Chrome driver for this process, reused across renders and recycled.

    Thread-safe: :meth:`render` and :meth:`session` hold a lock, so renders in one
    process are serialised (one browser renders one page at a time).

    Counters: ``starts`` (drivers started), ``renders`` (render attempts),
    ``failures`` (renders that raised), ``recycles`` (drivers retired by a limit or
    an error), ``last_start_seconds``.
    """

    def __init__(self, config: BrowserConfig | None = None, *, clear_cookies: bool = True,
                 **overrides: Any) -> None:
        self.config = config_from(config, overrides)
        #: Delete all cookies before each render, so one task's session never leaks into
        #: the next (the browser is shared by every crawl in the process).
        self.clear_cookies = clear_cookies
        self.starts = 0
        self.renders = 0
        self.failures = 0
        self.recycles = 0
        self.last_start_seconds: float | None = None
        self._browser: _Browser | None = None
        self._lock = threading.RLock()
        self._pid = os.getpid()
        _LIVE_POOLS.add(self)

    # -- public API

    @property
    def running(self) -> bool:
        """True while a driver is started."""
        return self._browser is not None

    def render(self, url: str, *, wait_time: float | None = None,
               wait_until: Callable[[Any], Any] | None = None, screenshot: bool = False,
               script: str | None = None,
               cookies: Mapping[str, str] | Sequence[Mapping[str, Any]] | None = None,
               budget: float | None = None, blocked_urls: Sequence[Mapping[str, Any]] = (),
               ) -> RenderResult:
        """Load ``url`` and return the rendered page (blocking; call it from a thread).

        Same steps and order as scrapy-selenium: load, wait until ``wait_until(driver)``
        is truthy (up to ``wait_time`` s, default :data:`DEFAULT_WAIT_TIME`; checked
        every ``wait_until.poll_interval`` s, default :data:`DEFAULT_POLL_INTERVAL`),
        screenshot (PNG), run ``script``, read the DOM. Raises :class:`RenderTimeout`
        when the page load, the wait or the script times out, :class:`BrowserUnavailable`
        when an executable is missing, :class:`BrowserError` when the browser crashed or
        stopped answering (it is replaced), selenium's ``JavascriptException`` for a
        failing ``script`` and ``InvalidArgumentException`` for a URL it cannot load.

        ``budget``: seconds from navigation to the DOM read, page load and wait together
        (``wait_time`` is then ignored). A page still loading when it runs out is stopped
        (``window.stop()``) and read as it is. A ``wait_until`` with ``soft = True`` that
        is not met in time does not raise either: the page is returned with
        ``waited_out=True``, for the caller to judge. ``blocked_urls``: CDP
        ``Network.BlockPattern`` rules for this render (:mod:`productscraper.browser.resource_policy`).
        """
        with _Session(self, count=False):
            self.renders += 1
            try:
                driver = self._ready_driver(url, cookies)
                self._apply_limits(budget, blocked_urls)
                started = time.monotonic()  # excludes a driver start
                self._navigate(driver, url, soft=budget is not None)
                waited_out = False
                if wait_until is not None:
                    if budget is not None:
                        wait = max(0.0, budget - (time.monotonic() - started))
                    else:
                        wait = DEFAULT_WAIT_TIME if wait_time is None else wait_time
                    poll = getattr(wait_until, "poll_interval", DEFAULT_POLL_INTERVAL)
                    try:
                        # A zero wait still checks once (Selenium's until() looks first).
                        WebDriverWait(driver, wait, poll_frequency=poll).until(wait_until)
                    except TimeoutException as exc:
                        if not getattr(wait_until, "soft", False):
                            raise RenderTimeout(f"wait_until not met on {url} within {wait:g} s") from exc
                        waited_out = True
                shot = driver.get_screenshot_as_png() if screenshot else None
                result = None
                if script:
                    try:
                        result = driver.execute_script(script)
                    except TimeoutException as exc:
                        raise RenderTimeout(f"script on {url} exceeded "
                                            f"{self.config.script_timeout:g} s") from exc
                return RenderResult(url=driver.current_url, html=driver.page_source,
                                    screenshot=shot, script_result=result,
                                    seconds=time.monotonic() - started, waited_out=waited_out)
            except (RenderTimeout, JavascriptException, InvalidArgumentException):
                self.failures += 1  # the page's fault (or a bad URL): the browser is fine
                raise
            except BrowserError:
                self.failures += 1  # could not start: already cleaned up
                raise
            except (WebDriverException, OSError) as exc:
                self.failures += 1
                self._retire(f"browser error: {type(exc).__name__}", force=True)
                raise BrowserError(f"browser failed while rendering {url}: {brief(exc)}") from exc
            except BaseException:
                self.failures += 1
                raise

    def _apply_limits(self, budget: float | None, blocked_urls: Sequence[Mapping[str, Any]]) -> None:
        """This render's page-load timeout and URL block list (set only when they change)."""
        browser = self._browser
        assert browser is not None
        timeout = self.config.page_load_timeout if budget is None else budget
        if browser.page_load_timeout != timeout:
            browser.driver.set_page_load_timeout(timeout)
            browser.page_load_timeout = timeout
        blocked = tuple(tuple(sorted(p.items())) for p in blocked_urls)
        if browser.blocked != blocked:
            browser.driver.execute_cdp_cmd("Network.setBlockedURLs",
                                           {"urlPatterns": [dict(p) for p in blocked_urls]})
            browser.blocked = blocked

    def _navigate(self, driver: webdriver.Chrome, url: str, soft: bool) -> None:
        """``driver.get(url)``; a page-load timeout raises, or with ``soft`` stops the page."""
        try:
            driver.get(url)
            return
        except WebDriverException as exc:
            # Under load chromedriver reports a page-load timeout as "Timed out
            # receiving message from renderer" (a plain WebDriverException).
            if not isinstance(exc, TimeoutException) and "Timed out receiving message" not in str(exc):
                raise
            timeout_exc = exc
        if soft:
            try:  # the page's own resources hung: read what it has so far
                driver.execute_script("window.stop();")
                return
            except WebDriverException:
                pass
        browser = self._browser
        limit = browser.page_load_timeout if browser else self.config.page_load_timeout
        # A page that never finished loading can leave the tab wedged.
        self._retire("page load timeout", force=True)
        raise RenderTimeout(f"page load of {url} exceeded {limit:g} s") from timeout_exc

    def session(self) -> "_Session":
        """``with pool.session() as browser:`` - the lock held, ``browser.driver`` started.

        For flows :meth:`render` does not cover (clicks, scrolling). A session counts
        as one page toward ``max_pages``; limits are checked when it ends.
        """
        return _Session(self)

    def processes(self) -> list[ProcInfo]:
        """Running processes of the current browser (empty when none is started)."""
        browser = self._browser
        return browser_processes(browser.directory.name) if browser else []

    def memory_mb(self) -> float:
        """Private resident memory of the browser's process tree, in MB (checked per render).

        The tree is chromedriver and its chromium descendants (read from /proc); each
        process counts RssAnon + RssShmem from /proc/PID/status. Not the plain sum of
        RSS: that counts Chromium's shared executable once per process (~930 MB for one
        idle browser on this machine, vs ~230 MB private and ~380 MB PSS), so a 1 GB limit
        would recycle the browser on every page.
        """
        return self.memory_usage(pss=False)["private_mb"]

    def memory_usage(self, pss: bool = False) -> dict[str, float]:
        """``processes``, ``rss_mb`` (plain sum), ``private_mb`` and, if asked, ``pss_mb``.

        PSS reads smaps_rollup (~30-50 ms for one browser), so it is opt-in.
        """
        browser = self._browser
        process = getattr(browser.driver.service, "process", None) if browser else None
        pids = process_tree(process.pid) if process is not None else []
        if pids is None:
            pids = [p.pid for p in self.processes()]
        return tree_memory(pids, pss=pss)

    def quit(self) -> None:
        """Quit the browser (if any) and remove its directory; the pool stays usable."""
        with self._lock:
            self._stop(force=False)

    # -- internals

    def _ready_driver(self, url: str, cookies: Any) -> webdriver.Chrome:
        """The started driver, cookies reset; a browser that died while idle is replaced."""
        for attempt in (1, 2):
            browser = self._ensure_started()
            try:
                # Also a liveness probe: a crashed browser fails here, before the page.
                if self.clear_cookies:
                    browser.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
                else:
                    browser.driver.execute_cdp_cmd("Browser.getVersion", {})
            except (WebDriverException, OSError):
                if attempt == 2:
                    raise
                self._retire("browser not answering", force=True)
                continue
            for cookie in _cdp_cookies(url, cookies):
                browser.driver.execute_cdp_cmd("Network.setCookie", cookie)
            browser.pages += 1
            return browser.driver
        raise AssertionError("unreachable")

    def _ensure_started(self) -> _Browser:
        if os.getpid() != self._pid:  # a forked child never drives its parent's browser
            self._forget_browser()
            self._pid = os.getpid()
        if self._browser is None:
            driver, directory, seconds = start_driver(self.config)
            self.starts += 1
            self.last_start_seconds = seconds
            logger.info("started chromium #%d in %.2f s (%s)", self.starts, seconds, directory.name)
            self._browser = _Browser(driver, directory, page_load_timeout=self.config.page_load_timeout)
        return self._browser

    def _recycle_if_due(self) -> None:
        browser, cfg = self._browser, self.config
        if browser is None:
            return
        if cfg.max_pages > 0 and browser.pages >= cfg.max_pages:
            self._retire(f"{browser.pages} pages")
        elif cfg.max_memory_mb > 0:
            used = self.memory_mb()
            if used > cfg.max_memory_mb:
                self._retire(f"{used:.0f} MB > {cfg.max_memory_mb} MB")

    def _retire(self, reason: str, force: bool = False) -> None:
        if self._browser is not None:
            logger.info("recycling chromium (%s)", reason)
            self.recycles += 1
            self._stop(force=force)

    def _stop(self, force: bool) -> None:
        """Quit the driver; kill whatever still names the directory; remove it."""
        browser, self._browser = self._browser, None
        if browser is not None:
            stop_driver(browser.driver, browser.directory, force)

    def _forget_browser(self) -> None:
        browser, self._browser = self._browser, None
        if browser is not None:
            # selenium's Service.__del__ would otherwise stop the parent's chromedriver.
            browser.driver.service.process = None

    def _disown(self) -> None:
        """In a forked child: forget the parent's browser without touching it."""
        self._forget_browser()
        self._lock = threading.RLock()  # may have been held by another thread at fork
        self._pid = os.getpid()


class _Session:
    """Context manager returned by :meth:`BrowserPool.session` (holds the pool's lock)."""

    def __init__(self, pool: BrowserPool, count: bool = True) -> None:
        self._pool = pool
        self._lock = pool._lock
        self._count = count

    def __enter__(self) -> _Browser | None:
        self._lock.acquire()
        if not self._count:
            return None  # render() starts the browser itself
        try:
            browser = self._pool._ensure_started()
        except BaseException:
            self._lock.release()
            raise
        browser.pages += 1
        return browser

    def __exit__(self, *exc: object) -> None:
        try:
            self._pool._recycle_if_due()
        finally:
            self._lock.release()


def _cdp_cookies(url: str, cookies: Any) -> list[dict[str, Any]]:
    """Scrapy ``Request.cookies`` (dict or list of dicts) as CDP Network.setCookie params."""
    if not cookies:
        return []
    items = ([{"name": k, "value": v} for k, v in cookies.items()]
             if isinstance(cookies, Mapping) else list(cookies))
    out = []
    for item in items:
        cookie = {"name": str(item["name"]), "value": str(item["value"]), "url": url}
        if item.get("domain"):
            cookie["domain"] = item["domain"]
            cookie["path"] = item.get("path") or "/"
        out.append(cookie)
    return out


def shutdown_browser() -> None:
    """Quit every browser this process started (every :class:`BrowserPool` of it).

    Registered with ``atexit``; Celery prefork children exit with ``os._exit``, so the
    worker also calls it from ``worker_process_shutdown``.
    """
    for pool in list(_LIVE_POOLS):
        if pool._pid == os.getpid():
            try:
                pool.quit()
            except Exception:  # shutting down: never raise from here
                logger.exception("could not quit a browser")


def _disown_after_fork() -> None:
    for pool in list(_LIVE_POOLS):
        pool._disown()


os.register_at_fork(after_in_child=_disown_after_fork)
atexit.register(shutdown_browser)
