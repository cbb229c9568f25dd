"""Browser rendering decisions: which pages need one, and what a render waits for."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from productscraper.config import get_config

if TYPE_CHECKING:
    from productscraper.profiles import SiteProfile


def looks_script_built(page: Any, selector: Any) -> bool:
    """True when a page without product data looks like one a script fills in.

    The fallback to a browser is for pages whose HTML carries no product data at all
    but does carry scripts; a page with schema.org Product data (however invalid) or
    with no scripts is judged as it is, so broken pages are rejected, not rendered.
    """
    if page.has_product_data() or page.schema_product is not None:
        return False
    return bool(selector.xpath("//script[not(@type) or @type='text/javascript' or @type='module']"
                               "[@src or normalize-space()]"))


def needs_browser(profile: "SiteProfile") -> bool:
    """True when the profile sends detail pages straight to the browser queue."""
    return profile.render in ("detail", "both") and get_config().rendering_allowed


def renders_listings(profile: "SiteProfile") -> bool:
    """True when the profile's listing pages are rendered (scripted lists, infinite scroll)."""
    return profile.render in ("listing", "both") and get_config().rendering_allowed


class AllLoaded:
    """A ``wait_until`` condition for "load more" and infinite-scroll listings.

    The browser calls it every :attr:`poll_interval` (half a second) until it returns True: each
    call clicks a visible "load more" button, or scrolls to the bottom, and it returns
    True once the page has stopped growing for ``stable_polls`` calls in a row (so it
    waits for data, not for a fixed time; ``wait_time`` bounds it).
    """

    BUTTONS = "button.load-more, a.load-more, [data-load-more], button.show-more"
    #: Seconds between calls: "stopped growing" means ``stable_polls`` x this long.
    poll_interval = 0.5

    def __init__(self, stable_polls: int = 4) -> None:
        self.stable_polls = stable_polls
        self.last_size = -1
        self.stable = 0

    def __call__(self, driver: Any) -> bool:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By

        for button in driver.find_elements(By.CSS_SELECTOR, self.BUTTONS):
            try:
                if button.is_displayed() and button.is_enabled():
                    # A click event on the element itself, not a mouse click at its
                    # coordinates: those hit whatever is on top there by the time the click
                    # lands (an overlay, or a product card the last batch pushed into the
                    # button's place, which navigated away and ended the listing empty).
                    driver.execute_script("arguments[0].click();", button)
                    self.stable = 0
                    return False
            except WebDriverException:  # detached while the list grew: look again next time
                return False
        # The page's size: its links, and the resources it has fetched (a finished
        # "load more" request changes it even before its cards are drawn).
        size = driver.execute_script(
            "window.scrollTo(0, document.body.scrollHeight);"
            "if (document.readyState !== 'complete') return -1;"
            "return [document.getElementsByTagName('a').length,"
            "        performance.getEntriesByType('resource').length].join('/');")
        self.stable = self.stable + 1 if size == self.last_size and size != -1 else 0
        self.last_size = size
        return self.stable >= self.stable_polls


# True once the DOM carries schema.org Product data (JSON-LD or microdata).
_HAS_PRODUCT_JS = """
return Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
         .some(s => /"@type"\\s*:\\s*(\\[[^\\]]*)?"(https?:\\/\\/schema\\.org\\/)?Product"/.test(s.textContent))
    || !!document.querySelector('[itemtype*="schema.org/Product"]');
"""


class ProductDataPresent:
    """A ``wait_until`` condition for ``SeleniumRequest``.

    With a CSS selector (the site profile's ``wait_for``) it waits for that element;
    without one, for schema.org Product data in the DOM.
    """

    #: Seconds between checks. A check is one script in the page (a few ms of the
    #: browser's time), and the data usually appears within milliseconds of the page
    #: load: at Selenium's default of 0.5 s, a page whose data came 50 ms after the load
    #: took ~0.55 s to render, the browser idle for most of it.
    poll_interval = 0.05

    def __init__(self, css: str | None = None) -> None:
        self.css = css or None

    def __call__(self, driver: Any) -> bool:
        if self.css:
            from selenium.webdriver.common.by import By

            return bool(driver.find_elements(By.CSS_SELECTOR, self.css))
        return bool(driver.execute_script(_HAS_PRODUCT_JS))

    def __repr__(self) -> str:
        return f"ProductDataPresent({self.css!r})"
