"""Starting and stopping one Chromium + chromedriver pair, leaving nothing behind."""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from productscraper.browser.config import DEFAULT_WAIT_TIME, BrowserConfig, BrowserError
from productscraper.browser.processes import browser_processes, kill_all, owner_tag
from productscraper.browser.waits import QUIET_JS

logger = logging.getLogger(__name__)


def start_driver(cfg: BrowserConfig) -> tuple[webdriver.Chrome, Path, float]:
    """A started driver, its private directory and the seconds the start took.

    Raises :class:`BrowserError` (everything it started is cleaned up) when the browser
    cannot start, :class:`~productscraper.browser.config.BrowserUnavailable` when an
    executable is missing.
    """
    cfg.check()
    directory = Path(tempfile.mkdtemp(prefix=owner_tag(), dir=cfg.base_dir))
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
        kill_all([p.pid for p in browser_processes(directory.name)])
        reap_child(service)
        shutil.rmtree(directory, ignore_errors=True)
        raise BrowserError(f"could not start chromium ({cfg.chromium_path}) with "
                           f"chromedriver ({cfg.chromedriver_path}): {brief(exc)}"
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
        # The URL block list (resource_policy) needs the Network domain; the page-state
        # probe (waits.QUIET_JS) runs in every document before the page's scripts.
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": QUIET_JS})
    except Exception:
        stop_driver(driver, directory, force=True)
        raise
    return driver, directory, time.monotonic() - started


def stop_driver(driver: webdriver.Chrome, directory: Path, force: bool) -> None:
    """Quit the driver (unless ``force``); kill whatever still names ``directory``; remove it."""
    if not force:
        try:
            driver.command_executor.client_config.timeout = 10
            driver.quit()
        except Exception as exc:  # the kill below finishes the job
            logger.debug("driver.quit() failed: %s", exc)
    kill_all([p.pid for p in browser_processes(directory.name)])
    reap_child(driver.service)
    shutil.rmtree(directory, ignore_errors=True)


def brief(exc: BaseException) -> str:
    """selenium's message without its native stack trace."""
    return str(getattr(exc, "msg", None) or exc).strip()


def _tail(path: Path, limit: int = 600) -> str:
    try:
        return path.read_text(errors="replace")[-limit:].strip()
    except OSError:
        return ""


def reap_child(service: Service) -> None:
    """Collect chromedriver's exit status so it does not linger as a zombie."""
    process = getattr(service, "process", None)
    if process is not None:
        try:
            process.wait(timeout=5)
        except Exception:
            pass
        service.process = None  # Service.__del__ has nothing left to stop
