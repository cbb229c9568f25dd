"""How a browser is launched and recycled (:class:`BrowserConfig`), and its errors.

The driver is always built from explicit paths (``Service(executable_path=...)`` and
``ChromeOptions.binary_location``), never through Selenium Manager, which would try to
download a driver from the internet; ``SE_OFFLINE=true`` is set as a second guard,
before Selenium is imported.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

# Before selenium is imported: never let Selenium Manager go online for a driver.
os.environ.setdefault("SE_OFFLINE", "true")

from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402

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
#: Used when a SeleniumRequest has ``wait_until`` but no ``wait_time``.
DEFAULT_WAIT_TIME = 10.0
#: Seconds between two checks of ``wait_until``, unless the condition has its own
#: ``poll_interval`` (Selenium's ``WebDriverWait`` default).
DEFAULT_POLL_INTERVAL = 0.5



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
    classify failures (``productscraper.worker.outcomes``, Scrapy's RetryMiddleware via
    ``OSError``) treat it as transient.
    """


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


def config_from(source: Any = None, overrides: Mapping[str, Any] | None = None) -> BrowserConfig:
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
