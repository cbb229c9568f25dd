"""The browser stage: headless Chromium for pages that need JavaScript.

Rooms:

- :mod:`~productscraper.browser.config`: how a browser is launched and recycled, its errors;
- :mod:`~productscraper.browser.launch`: starting/stopping one Chromium + chromedriver;
- :mod:`~productscraper.browser.pool`: ONE browser per process, reused and recycled;
- :mod:`~productscraper.browser.per_process`: this process's pool (:func:`get_pool`);
- :mod:`~productscraper.browser.processes`: finding, measuring and reaping browser processes;
- :mod:`~productscraper.browser.waits`: render decisions and wait conditions (what a render waits for);
- :mod:`~productscraper.browser.resource_policy`: which requests a render may make.

Names are exported lazily: importing :mod:`productscraper.browser.waits` (the spider does,
for render decisions) does not load Selenium.
"""
from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "BrowserConfig": "config", "BrowserError": "config", "BrowserUnavailable": "config",
    "RenderTimeout": "config", "LOOPBACK_ONLY": "config", "DEFAULT_ARGUMENTS": "config",
    "DEFAULT_CHROMIUM": "config", "DEFAULT_CHROMEDRIVER": "config",
    "DEFAULT_WAIT_TIME": "config", "DEFAULT_POLL_INTERVAL": "config",
    "BrowserPool": "pool", "RenderResult": "pool", "shutdown_browser": "pool",
    "get_pool": "per_process",
    "DIR_PREFIX": "processes", "ProcInfo": "processes", "browser_processes": "processes",
    "reap_orphans": "processes", "owner_tag": "processes",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
