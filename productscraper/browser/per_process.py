"""This process's browser pool, :func:`get_pool`: one per process, rebuilt after a fork
(a Celery prefork child builds its own pool and browser, never driving its parent's)."""
from __future__ import annotations

import logging
import os
import threading
from typing import Any

from productscraper.browser.config import config_from
from productscraper.browser.pool import BrowserPool

logger = logging.getLogger(__name__)

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
    config = config_from(settings_or_config, overrides)
    with _pool_lock:
        pool = _pool if _pool_pid == os.getpid() else None
        if pool is not None and pool.config == config:
            return pool
        if pool is not None:
            logger.info("browser configuration changed: replacing this process's browser")
            pool.quit()
        _pool, _pool_pid = BrowserPool(config), os.getpid()
        return _pool


def _after_fork_in_child() -> None:
    global _pool, _pool_pid, _pool_lock
    _pool, _pool_pid, _pool_lock = None, 0, threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)
