"""BrowserPool: one reused Chromium per process, recycled, and nothing left behind.

Every browser here gets LOOPBACK_ONLY, so it can reach nothing but 127.0.0.1.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from productscraper.browser import (LOOPBACK_ONLY, BrowserConfig, BrowserPool, BrowserUnavailable,
                                    RenderTimeout, owner_tag, browser_processes, get_pool,
                                    reap_orphans, shutdown_browser)
from tests.services import ROOT

pytestmark = pytest.mark.browser

JS_PAGE = """<!doctype html><html><body><div id="app"></div><script>
setTimeout(function () {
  document.getElementById('app').innerHTML = '<p class="late">built by javascript</p>';
}, 300);
</script></body></html>"""


def skip_without_browser() -> None:
    missing = BrowserConfig().missing_executables()
    if missing:
        pytest.skip("; ".join(missing))


@contextmanager
def serve_pages(pages: dict[str, str | tuple[float, str]]) -> Iterator[str]:
    """Serve ``{path: html}`` (or ``{path: (delay_s, html)}``) on 127.0.0.1; yield the base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            page = pages.get(self.path.split("?")[0])
            if page is None:
                self.send_error(404)
                return
            delay, html = page if isinstance(page, tuple) else (0.0, page)
            time.sleep(delay)
            body = html.encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass  # the browser gave up on a slow page

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    skip_without_browser()
    with serve_pages({"/": "<p>hello</p>", "/js": JS_PAGE,
                      "/slow": (4.0, "<p>slow</p>")}) as url:
        yield url


@pytest.fixture
def pool():
    """Factory: ``pool(**options)`` -> a loopback-only BrowserPool, quit after the test."""
    pools: list[BrowserPool] = []

    def make(**options) -> BrowserPool:
        pools.append(BrowserPool(extra_arguments=[LOOPBACK_ONLY], **options))
        return pools[-1]

    yield make
    for p in pools:
        p.quit()


def chromedriver_pid(p: BrowserPool) -> int:
    return next(x.pid for x in p.processes() if "chromedriver" in x.cmdline.split(" ")[0])


def test_pool_reuses_one_driver_across_renders(site, pool):
    p = pool()
    first = p.render(site + "/")
    driver_pid = chromedriver_pid(p)
    for _ in range(3):
        assert "hello" in p.render(site + "/").html
    assert first.url == site + "/"
    assert (p.starts, p.renders, p.recycles) == (1, 4, 0)
    assert chromedriver_pid(p) == driver_pid


def test_pool_recycles_after_max_pages(site, pool):
    p = pool(max_pages=3)
    for _ in range(7):
        p.render(site + "/")
    assert (p.starts, p.renders, p.recycles) == (3, 7, 2)


def test_pool_recycles_when_browser_memory_passes_the_limit(site, pool):
    p = pool(max_memory_mb=1)  # any real browser is bigger
    p.render(site + "/")
    assert (p.starts, p.recycles, p.running) == (1, 1, False)


def test_render_waits_for_javascript_and_runs_the_script(site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC

    p = get_pool(extra_arguments=[LOOPBACK_ONLY])  # the per-process pool, reused below
    result = p.render(site + "/js", wait_time=5, screenshot=True, script="return document.title + 'ok'",
                      wait_until=EC.presence_of_element_located((By.CSS_SELECTOR, "p.late")))
    assert "built by javascript" in result.html
    assert result.screenshot.startswith(b"\x89PNG\r\n\x1a\n")
    assert result.script_result == "ok"


class CountingCondition:
    """A ``wait_until`` that is met on its third call; records when it was called."""

    def __init__(self, poll_interval: float | None = None) -> None:
        self.calls: list[float] = []
        if poll_interval is not None:
            self.poll_interval = poll_interval

    def __call__(self, driver) -> bool:
        self.calls.append(time.monotonic())
        return len(self.calls) >= 3

    def gaps(self) -> list[float]:
        return [b - a for a, b in zip(self.calls, self.calls[1:])]


def test_wait_until_is_checked_every_poll_interval_of_the_condition(site, pool):
    p = pool()
    fast, default = CountingCondition(poll_interval=0.05), CountingCondition()
    p.render(site + "/", wait_until=fast, wait_time=5)
    p.render(site + "/", wait_until=default, wait_time=5)
    assert len(fast.calls) == len(default.calls) == 3
    assert all(0.04 <= gap < 0.4 for gap in fast.gaps()), fast.gaps()
    assert all(gap >= 0.5 for gap in default.gaps()), default.gaps()  # Selenium's default


def test_product_pages_are_polled_often_and_load_more_listings_keep_a_two_second_window():
    from productscraper.browser.waits import AllLoaded, ProductDataPresent

    # Product data is there or not: checking often only answers sooner.
    assert ProductDataPresent.poll_interval <= 0.1
    # "Stopped growing" must outlast a "load more" request: the calls span >= 2 s.
    listing = AllLoaded()
    assert listing.stable_polls * listing.poll_interval >= 2.0


def test_page_load_timeout_raises_transient_render_timeout_and_recycles(site, pool):
    p = pool(page_load_timeout=1.5)
    with pytest.raises(RenderTimeout) as info:
        p.render(site + "/slow")
    assert isinstance(info.value, TimeoutError)  # transient for productscraper.worker.outcomes
    assert not p.running  # a tab stuck loading is not reused
    assert "hello" in p.render(site + "/").html
    assert p.failures == 1


def test_browser_that_died_while_idle_is_replaced_on_the_next_render(site, pool):
    p = pool()
    p.render(site + "/")
    main = next(x.pid for x in p.processes() if "--user-data-dir=" in x.cmdline and "--type=" not in x.cmdline)
    os.kill(main, signal.SIGKILL)  # e.g. the OOM killer
    assert "hello" in p.render(site + "/").html
    assert (p.starts, p.failures) == (2, 0)


def test_missing_chromium_is_a_clear_error_naming_the_path(tmp_path):
    p = BrowserPool(chromium_path=str(tmp_path / "no-chromium"))
    with pytest.raises(BrowserUnavailable, match="no-chromium"):
        p.render("http://127.0.0.1:9/")
    assert p.starts == 0


def test_forked_child_builds_its_own_pool_and_leaves_the_parents_browser_alone(site):
    parent = get_pool(extra_arguments=[LOOPBACK_ONLY])
    parent.render(site + "/")
    driver_pid = chromedriver_pid(parent)
    child = os.fork()
    if child == 0:  # pragma: no cover (child)
        import gc
        ok = get_pool(extra_arguments=[LOOPBACK_ONLY]) is not parent and not parent.running
        gc.collect()
        os._exit(0 if ok else 1)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert chromedriver_pid(parent) == driver_pid
    assert "hello" in parent.render(site + "/").html


def test_shutdown_browser_leaves_no_browser_process_of_ours(site):
    p = get_pool(extra_arguments=[LOOPBACK_ONLY])
    p.render(site + "/")
    directory = next(Path(a.split("=", 1)[1]).parent for x in p.processes()
                     for a in x.cmdline.split(" ") if a.startswith("--user-data-dir="))
    assert browser_processes(owner_tag())
    shutdown_browser()
    assert browser_processes(owner_tag()) == []
    assert not directory.exists()
    assert get_pool(extra_arguments=[LOOPBACK_ONLY]) is p  # usable again, starts lazily


CHILD = """
import sys, time
from productscraper.browser import LOOPBACK_ONLY, BrowserPool
pool = BrowserPool(extra_arguments=[LOOPBACK_ONLY])
pool.render(sys.argv[1])
print(pool.processes()[0].cmdline, flush=True)
time.sleep(120)
"""


def test_reap_orphans_kills_the_browser_of_a_sigkilled_child(site):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, site + "/"], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watchdog = threading.Timer(60, child.kill)
    watchdog.start()
    try:
        line = child.stdout.readline()
        assert line, child.stderr.read()
        tag = owner_tag(child.pid)  # the child's browser directories start with this
        before = browser_processes(tag)
        assert len(before) >= 3  # chromedriver, chromium, its helpers
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert browser_processes(tag)  # orphaned: nobody will quit them
        assert reap_orphans() >= len(before)
        assert browser_processes(tag) == []
        assert not list(Path(tempfile.gettempdir()).glob(tag + "*"))
    finally:
        watchdog.cancel()
        child.kill()
        child.wait()
