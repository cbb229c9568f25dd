"""One headless Chromium per process, reused across renders, and nothing left behind.

:class:`BrowserPool` holds ONE Selenium Chrome driver. It is started on first use and
reused (a page renders in ~0.1-0.2 s instead of ~1 s with a fresh driver), then
recycled (quit; the next render starts a new one) after ``max_pages`` renders or when
the browser's memory passes ``max_memory_mb``. Renders are serialised by a lock: one
process renders one page at a time; run more worker processes for more browsers.

The driver is always built from explicit paths (``Service(executable_path=...)`` and
``ChromeOptions.binary_location``), never through Selenium Manager, which would try to
download a driver from the internet; ``SE_OFFLINE=true`` is set as a second guard.

Every browser gets a private directory ``<tmp>/productscraper-chrome-<pid>-<start>-XXXX``
(``pid``/``start`` identify the owning process). It holds the profile
(``--user-data-dir``), the chromedriver log and Chromium's crash database, so every
process of the browser - chromedriver, chromium and its children, and the crashpad
handlers that re-parent themselves to init - names it on its command line. That is how
:meth:`BrowserPool.processes` finds a browser's processes and how :func:`reap_orphans`
recognises the leftovers of a dead owner (e.g. a SIGKILLed Celery pool child).

Selenium talks to chromedriver over http://localhost: where ``http_proxy`` is set, list
``localhost,127.0.0.1`` in ``no_proxy`` too.

Module functions: :func:`get_pool` (the per-process pool; a forked child builds its own),
:func:`shutdown_browser` (quit this process's browsers; also registered with ``atexit``,
which prefork children skip - call it from Celery's ``worker_process_shutdown``),
:func:`reap_orphans`, :func:`browser_processes`.
"""
from __future__ import annotations

import atexit
import logging
import os
import re
import shutil
import signal
import tempfile
import threading
import time
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

# Before selenium is imported: never let Selenium Manager go online for a driver.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    InvalidArgumentException,
    JavascriptException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from productscraper.rendering import QUIET_JS  # noqa: E402

logger = logging.getLogger(__name__)

DEFAULT_CHROMIUM = "/usr/bin/chromium"
DEFAULT_CHROMEDRIVER = "/usr/bin/chromedriver"
#: Flags for a headless server (no GPU, no sandbox as root in containers, no /dev/shm
#: limits, and none of Chromium's own background traffic).
DEFAULT_ARGUMENTS: tuple[str, ...] = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic",
)
#: Lets the browser resolve nothing but 127.0.0.1 (Chromium resolves Google hosts on its
#: own even with --disable-background-networking). Tests and the bench always pass it.
#: (127.0.0.2 stands for a "third-party" host in the tests: still loopback.)
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE 127.0.0.2"
DIR_PREFIX = "productscraper-chrome-"
#: Used when a SeleniumRequest has ``wait_until`` but no ``wait_time``.
DEFAULT_WAIT_TIME = 10.0
#: Seconds between two checks of ``wait_until``, unless the condition has its own
#: ``poll_interval`` (Selenium's ``WebDriverWait`` default).
DEFAULT_POLL_INTERVAL = 0.5

_DIR_RE = re.compile(re.escape(DIR_PREFIX) + r"[A-Za-z0-9_.-]+")
_OWNER_RE = re.compile(re.escape(DIR_PREFIX) + r"(\d+)-(\d+)-")


class BrowserUnavailable(RuntimeError):
    """chromium or chromedriver is not installed where the configuration says."""


class BrowserError(WebDriverException, ConnectionError):
    """The browser could not start, crashed or stopped answering (it has been discarded).

    A builtin ``ConnectionError`` too, so it classifies as transient: a retry gets a
    fresh browser.
    """


class RenderTimeout(TimeoutException, TimeoutError):
    """A render ran out of time (page load, ``wait_until`` or script).

    A selenium ``TimeoutException`` and a builtin ``TimeoutError``, so callers that
    classify failures (``productscraper.outcomes``, Scrapy's RetryMiddleware via
    ``OSError``) treat it as transient.
    """


# ---------------------------------------------------------------- configuration

@dataclass(frozen=True)
class BrowserConfig:
    """How to launch the browser and when to recycle it (see the module docstring)."""

    chromium_path: str = DEFAULT_CHROMIUM
    chromedriver_path: str = DEFAULT_CHROMEDRIVER
    arguments: tuple[str, ...] = DEFAULT_ARGUMENTS
    extra_arguments: tuple[str, ...] = ()
    max_pages: int = 100          # renders per browser; <= 0: unlimited
    max_memory_mb: int = 1024     # private resident memory of the tree; <= 0: unchecked
    page_load_timeout: float = 20.0
    script_timeout: float = 10.0
    #: "eager": ``get()`` returns at DOMContentLoaded, not after every image and iframe.
    page_load_strategy: str = "eager"
    #: Images are never fetched (Chromium's content setting): no product data is in them.
    block_images: bool = True
    base_dir: str | None = None   # parent of the private directories (default: $TMPDIR)

    def __post_init__(self) -> None:
        # Accept lists (Scrapy settings, kwargs) but stay hashable/comparable.
        object.__setattr__(self, "arguments", tuple(self.arguments))
        object.__setattr__(self, "extra_arguments", tuple(self.extra_arguments))

    #: Scrapy setting -> field (defaults are the field defaults above).
    SETTINGS = {
        "SELENIUM_BROWSER_EXECUTABLE_PATH": "chromium_path",
        "SELENIUM_DRIVER_EXECUTABLE_PATH": "chromedriver_path",
        "SELENIUM_DRIVER_ARGUMENTS": "arguments",
        "SELENIUM_EXTRA_ARGUMENTS": "extra_arguments",
        "SELENIUM_MAX_PAGES": "max_pages",
        "SELENIUM_MAX_MEMORY_MB": "max_memory_mb",
        "SELENIUM_PAGE_LOAD_TIMEOUT": "page_load_timeout",
        "SELENIUM_SCRIPT_TIMEOUT": "script_timeout",
        "SELENIUM_PAGE_LOAD_STRATEGY": "page_load_strategy",
        "SELENIUM_BLOCK_IMAGES": "block_images",
    }

    @classmethod
    def from_settings(cls, settings: Any) -> "BrowserConfig":
        """Build from Scrapy settings (or any mapping) holding ``SELENIUM_*`` keys.

        List settings may also be strings separated by ``|`` (not commas: the
        host-resolver-rules flag contains commas).
        """
        values: dict[str, Any] = {}
        for key, name in cls.SETTINGS.items():
            raw = settings.get(key)
            if raw is None:
                continue
            if name in ("arguments", "extra_arguments"):
                raw = [a for a in raw.split("|") if a] if isinstance(raw, str) else list(raw)
            elif name in ("max_pages", "max_memory_mb"):
                raw = int(raw)
            elif name in ("page_load_timeout", "script_timeout"):
                raw = float(raw)
            elif name == "block_images":
                raw = raw if isinstance(raw, bool) else str(raw).strip().lower() in ("1", "true", "yes", "on")
            values[name] = raw
        return cls(**values)

    def missing_executables(self) -> list[str]:
        """Human-readable descriptions of the executables that are absent."""
        missing = []
        for label, path, setting in (
            ("chromium", self.chromium_path, "SELENIUM_BROWSER_EXECUTABLE_PATH"),
            ("chromedriver", self.chromedriver_path, "SELENIUM_DRIVER_EXECUTABLE_PATH"),
        ):
            if not path or not os.path.isfile(path) or not os.access(path, os.X_OK):
                missing.append(f"{label} not found at {path!r} (set {setting}; on Debian: "
                               f"apt-get install chromium chromium-driver)")
        return missing

    def check(self) -> None:
        """Raise :class:`BrowserUnavailable` naming any missing executable."""
        missing = self.missing_executables()
        if missing:
            raise BrowserUnavailable("; ".join(missing))


def _config_from(source: Any = None, overrides: Mapping[str, Any] | None = None) -> BrowserConfig:
    """A BrowserConfig from a BrowserConfig, Scrapy settings, a mapping, and/or kwargs."""
    overrides = dict(overrides or {})
    known = {f.name for f in fields(BrowserConfig)}
    if isinstance(source, BrowserConfig):
        config = source
    elif source is None:
        config = BrowserConfig()
    elif isinstance(source, Mapping) and set(source) <= known:
        overrides = {**source, **overrides}  # a plain dict of field names
        config = BrowserConfig()
    else:  # Scrapy settings, or a mapping of SELENIUM_* keys
        config = BrowserConfig.from_settings(source)
    unknown = set(overrides) - known
    if unknown:
        raise TypeError(f"unknown browser option(s): {', '.join(sorted(unknown))}")
    return replace(config, **overrides) if overrides else config


# ---------------------------------------------------------------- /proc helpers

@dataclass(frozen=True)
class ProcInfo:
    """One process as read from /proc."""

    pid: int
    ppid: int
    state: str
    starttime: int
    cmdline: str


def _read_proc(pid: int) -> ProcInfo | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    rest = stat[stat.rindex(")") + 2:].split()  # comm may contain spaces and parentheses
    return ProcInfo(pid, int(rest[1]), rest[0], int(rest[19]),
                    cmdline.replace(b"\0", b" ").decode("utf-8", "replace"))


def _processes() -> Iterator[ProcInfo]:
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = _read_proc(int(name))
            if info is not None:
                yield info


def _running(info: ProcInfo | None) -> bool:
    return info is not None and info.state not in ("Z", "X")  # zombies cannot be killed


def _is_browser(info: ProcInfo) -> bool:
    """chromium, chromedriver or chrome_crashpad_handler (not, say, a ``tail -f`` of the log)."""
    return "chrom" in os.path.basename(info.cmdline.split(" ", 1)[0])


def browser_processes(marker: str = DIR_PREFIX) -> list[ProcInfo]:
    """Running (non-zombie) browser processes whose command line contains ``marker``.

    With the default marker: every browser process this module started, in any process.
    """
    return [p for p in _processes() if _running(p) and marker in p.cmdline and _is_browser(p)]


def _process_tree(root: int) -> list[int] | None:
    """``root`` and its descendants via /proc/PID/task/TID/children; None if unsupported."""
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue  # exited meanwhile
        for tid in tasks:
            try:
                todo.extend(int(c) for c in Path(f"/proc/{pid}/task/{tid}/children").read_text().split())
            except FileNotFoundError:
                if pid == root:
                    return None  # kernel without CONFIG_PROC_CHILDREN
            except OSError:
                pass
    return tree


def _owner_tag(pid: int | None = None) -> str:
    """``productscraper-chrome-<pid>-<starttime>-``: who owns a browser directory."""
    pid = os.getpid() if pid is None else pid
    info = _read_proc(pid)
    return f"{DIR_PREFIX}{pid}-{info.starttime if info else 0}-"


def _owner_alive(tag: str) -> bool | None:
    """Whether the process named in a browser directory runs; None if unparseable."""
    match = _OWNER_RE.search(tag)
    if not match:
        return None
    info = _read_proc(int(match.group(1)))
    # The start time guards against a recycled pid.
    return _running(info) and info.starttime == int(match.group(2))


def _kill_all(pids: Sequence[int], timeout: float = 5.0) -> int:
    """SIGKILL ``pids`` and wait (briefly) until they are gone; how many were signalled."""
    killed = 0
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            killed += 1
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + timeout
    pending = list(pids)
    while pending and time.monotonic() < deadline:
        pending = [pid for pid in pending if _running(_read_proc(pid))]
        if pending:
            time.sleep(0.02)
    return killed


def reap_orphans(base_dir: str | None = None) -> int:
    """Kill browsers left behind by dead owners; return how many processes were killed.

    A browser is orphaned when the process named in its directory
    (``productscraper-chrome-<pid>-<start>-``) no longer runs - typically a worker child
    that was SIGKILLed, whose chromedriver then hangs under init. For a directory name
    without an owner, the browser is orphaned when none of its processes has a live
    parent outside the browser other than init. Leftover directories of dead owners
    under ``base_dir`` (default: the temp dir) are removed too. Browsers of running
    processes are never touched. Safe to call at any time, e.g. when a worker starts.
    Run it in the workers' own PID namespace (container): owner pids are read there.
    """
    table = {p.pid: p for p in _processes()}
    groups: dict[str, list[ProcInfo]] = defaultdict(list)
    for proc in table.values():
        match = _DIR_RE.search(proc.cmdline)
        if match and _running(proc) and _is_browser(proc):
            groups[match.group(0)].append(proc)

    victims: list[int] = []
    for tag, procs in groups.items():
        alive = _owner_alive(tag)
        if alive is None:
            members = {p.pid for p in procs}
            alive = any(p.ppid > 1 and p.ppid not in members and _running(table.get(p.ppid))
                        for p in procs)
        if not alive:
            logger.warning("reaping orphaned browser %s (%d processes)", tag, len(procs))
            victims.extend(p.pid for p in procs)
    killed = _kill_all(victims)

    for path in Path(base_dir or tempfile.gettempdir()).glob(DIR_PREFIX + "*"):
        if path.is_dir() and _owner_alive(path.name) is False:
            shutil.rmtree(path, ignore_errors=True)
    return killed


# ---------------------------------------------------------------- the pool

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
        self.config = _config_from(config, overrides)
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
        ``Network.BlockPattern`` rules for this render (:mod:`productscraper.render_policy`).
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
                raise BrowserError(f"browser failed while rendering {url}: {_brief(exc)}") from exc
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
        totals: dict[str, float] = {"processes": 0, "rss_mb": 0.0, "private_mb": 0.0}
        if pss:
            totals["pss_mb"] = 0.0
        browser = self._browser
        process = getattr(browser.driver.service, "process", None) if browser else None
        pids = _process_tree(process.pid) if process is not None else []
        if pids is None:
            pids = [p.pid for p in self.processes()]
        for pid in pids:
            status = _status_kb(pid, ("VmRSS", "RssAnon", "RssShmem"))
            if not status:
                continue
            totals["processes"] += 1
            totals["rss_mb"] += status.get("VmRSS", 0) / 1024
            totals["private_mb"] += (status.get("RssAnon", 0) + status.get("RssShmem", 0)) / 1024
            if pss:
                totals["pss_mb"] += _pss_kb(pid) / 1024
        return totals

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
            self._browser = self._start()
        return self._browser

    def _start(self) -> _Browser:
        cfg = self.config
        cfg.check()
        directory = Path(tempfile.mkdtemp(prefix=_owner_tag(), dir=cfg.base_dir))
        options = webdriver.ChromeOptions()
        options.binary_location = cfg.chromium_path
        options.page_load_strategy = cfg.page_load_strategy
        if cfg.block_images:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.images": 2})
        for arg in (*cfg.arguments, *cfg.extra_arguments, f"--user-data-dir={directory / 'profile'}"):
            options.add_argument(arg)
        # XDG_CONFIG_HOME moves Chromium's crash database (and its crashpad handlers'
        # command lines) into the private directory; the log path marks chromedriver.
        env = {**os.environ, "XDG_CONFIG_HOME": str(directory / "config")}
        service = Service(executable_path=cfg.chromedriver_path, env=env,
                          service_args=["--log-level=WARNING",
                                        f"--log-path={directory / 'chromedriver.log'}"])
        started = time.monotonic()
        try:
            driver = webdriver.Chrome(service=service, options=options)
        except Exception as exc:
            log_tail = _tail(directory / "chromedriver.log")
            _kill_all([p.pid for p in browser_processes(directory.name)])
            _reap_child(service)
            shutil.rmtree(directory, ignore_errors=True)
            raise BrowserError(f"could not start chromium ({cfg.chromium_path}) with "
                                     f"chromedriver ({cfg.chromedriver_path}): {_brief(exc)}"
                                     f"{'; log: ' + log_tail if log_tail else ''}") from exc
        try:
            driver.set_page_load_timeout(cfg.page_load_timeout)
            driver.set_script_timeout(cfg.script_timeout)
            # Selenium's HTTP client waits forever by default; a wedged browser must not
            # hang the worker thread past the browser-side timeouts.
            driver.command_executor.client_config.timeout = (
                max(cfg.page_load_timeout, cfg.script_timeout, DEFAULT_WAIT_TIME) + 30)
            # The first DevTools call waits for the browser to finish starting (0.3-0.6 s
            # here): count that in the start, not in the first render.
            driver.execute_cdp_cmd("Browser.getVersion", {})
            # The URL block list (render_policy) needs the Network domain; the page-state
            # probe (rendering.QUIET_JS) runs in every document before the page's scripts.
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": QUIET_JS})
        except Exception:
            self._browser = _Browser(driver, directory)
            self._stop(force=True)
            raise
        self.starts += 1
        self.last_start_seconds = time.monotonic() - started
        logger.info("started chromium #%d in %.2f s (%s)", self.starts,
                    self.last_start_seconds, directory.name)
        return _Browser(driver, directory, page_load_timeout=cfg.page_load_timeout)

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
        if browser is None:
            return
        driver = browser.driver
        if not force:
            try:
                driver.command_executor.client_config.timeout = 10
                driver.quit()
            except Exception as exc:  # the kill below finishes the job
                logger.debug("driver.quit() failed: %s", exc)
        _kill_all([p.pid for p in browser_processes(browser.directory.name)])
        _reap_child(driver.service)
        shutil.rmtree(browser.directory, ignore_errors=True)

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


def _brief(exc: BaseException) -> str:
    """selenium's message without its native stack trace."""
    return str(getattr(exc, "msg", None) or exc).strip()


def _status_kb(pid: int, keys: Sequence[str]) -> dict[str, int]:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    out = {}
    for line in lines:
        key, _, value = line.partition(":")
        if key in keys:
            out[key] = int(value.split()[0])
    return out


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tail(path: Path, limit: int = 600) -> str:
    try:
        return path.read_text(errors="replace")[-limit:].strip()
    except OSError:
        return ""


def _reap_child(service: Service) -> None:
    """Collect chromedriver's exit status so it does not linger as a zombie."""
    process = getattr(service, "process", None)
    if process is not None:
        try:
            process.wait(timeout=5)
        except Exception:
            pass
        service.process = None  # Service.__del__ has nothing left to stop


# ---------------------------------------------------------------- per-process pool

_pool: BrowserPool | None = None
_pool_pid = 0
_pool_lock = threading.Lock()


def get_pool(settings_or_config: Any = None, **overrides: Any) -> BrowserPool:
    """This process's :class:`BrowserPool` (created on first call; the browser starts lazily).

    Accepts Scrapy settings (``SELENIUM_*`` keys), a :class:`BrowserConfig`, a dict of
    BrowserConfig field names, and/or keyword overrides. A call whose configuration
    differs from the current pool's quits that pool's browser and builds a new pool.
    After a fork, the child builds its own pool and browser.
    """
    global _pool, _pool_pid
    config = _config_from(settings_or_config, overrides)
    with _pool_lock:
        pool = _pool if _pool_pid == os.getpid() else None
        if pool is not None and pool.config == config:
            return pool
        if pool is not None:
            logger.info("browser configuration changed: replacing this process's browser")
            pool.quit()
        _pool, _pool_pid = BrowserPool(config), os.getpid()
        return _pool


def shutdown_browser() -> None:
    """Quit every browser this process started (its pool and any other BrowserPool).

    Registered with ``atexit``; Celery prefork children exit with ``os._exit``, so the
    worker must also call it from ``worker_process_shutdown``.
    """
    for pool in list(_LIVE_POOLS):
        if pool._pid == os.getpid():
            try:
                pool.quit()
            except Exception:  # shutting down: never raise from here
                logger.exception("could not quit a browser")


def _after_fork_in_child() -> None:
    global _pool, _pool_pid, _pool_lock
    for pool in list(_LIVE_POOLS):
        pool._disown()
    _pool, _pool_pid, _pool_lock = None, 0, threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)
atexit.register(shutdown_browser)
