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


def renders_on_miss(profile: "SiteProfile") -> bool:
    """True when a detail page whose plain HTML lacks product data may go to a browser."""
    return profile.render_on_miss and get_config().rendering_allowed


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


#: Installed in every document a render opens (``Page.addScriptToEvaluateOnNewDocument``):
#: counts the page's in-flight fetch/XHR requests and short timers and stamps each DOM
#: change, so a wait can tell "still loading" from "settled without data".
#: ``window.__psState()`` -> [ms since the page last changed or finished a request,
#: DOM change counter, readyState complete].
QUIET_JS = r"""
(function () {
  if (window.__psState) return;
  var inflight = 0, timers = 0, changes = 0, last = Date.now(), short = new Set();
  function touch() { last = Date.now(); }
  var origFetch = window.fetch;
  if (origFetch) {
    window.fetch = function () {
      inflight++; touch();
      var done = function () { inflight--; touch(); };
      try {
        var p = origFetch.apply(this, arguments);
        p.then(done, done);
        return p;
      } catch (e) { done(); throw e; }
    };
  }
  var origSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () {
    inflight++; touch();
    this.addEventListener("loadend", function () { inflight--; touch(); });
    return origSend.apply(this, arguments);
  };
  // Timers due within 3 s are work in progress (a script that draws the page "soon");
  // longer ones and intervals are polling, not loading.
  var origSet = window.setTimeout, origClear = window.clearTimeout;
  window.setTimeout = function (fn, delay) {
    var id, tracked = (+delay || 0) <= 3000;
    var args = Array.prototype.slice.call(arguments, 2);
    id = origSet(function () {
      if (short.delete(id)) { timers--; touch(); }
      return typeof fn === "function" ? fn.apply(this, args) : (0, eval)(String(fn));
    }, delay);
    if (tracked) { short.add(id); timers++; }
    return id;
  };
  window.clearTimeout = function (id) {
    if (short.delete(id)) timers--;
    return origClear(id);
  };
  new MutationObserver(function () { changes++; touch(); })
    .observe(document, {childList: true, subtree: true, characterData: true});
  window.__psState = function () {
    var busy = inflight > 0 || timers > 0 || document.readyState !== "complete";
    return [busy ? 0 : Date.now() - last, changes, !busy];
  };
})();
"""
_STATE_JS = "return window.__psState ? window.__psState() : null;"


class _DataWait:
    """Shared part of the product-page waits (``wait_until`` of a product render).

    ``soft``: when the budget runs out the render returns the page as it is (the spider
    then decides: data found, or "no product data after rendering") instead of raising a
    RenderTimeout that would be retried.
    """

    soft = True
    #: Seconds between checks (each a script in the page, and for :class:`ExtractorAccepts`
    #: a DOM read and an extraction when the DOM changed).
    poll_interval = 0.1

    def __init__(self, settle_s: float | None = None) -> None:
        #: Give up this long after the page went quiet without the data (None: never).
        self.settle_s = settle_s
        self.outcome: str | None = None  # "data" or "settled" once the wait ended

    def _settled(self, state: Any) -> bool:
        if self.settle_s is None or not state:
            return False
        quiet_ms = state[0]
        if quiet_ms >= self.settle_s * 1000:
            self.outcome = "settled"
            return True
        return False


class ExtractorAccepts(_DataWait):
    """A render waits until the extractor accepts the page: what the page will really have.

    Polls the live DOM and runs the product page object on it (the profile's own detail
    selectors included), so it ends as soon as a title and a price (or schema.org Product
    data) are there, whatever markup the site uses; or once the page has settled
    (``settle_s`` with no request in flight, no pending short timer, no DOM change) without
    them, since the data is then not coming.
    """

    def __init__(self, profile: "SiteProfile", settle_s: float | None = None) -> None:
        super().__init__(settle_s)
        self.profile = profile
        self._changes = None

    def __call__(self, driver: Any) -> bool:
        from productscraper.pages.product import ProductPage

        state = driver.execute_script(_STATE_JS)
        changes = state[1] if state else None
        if changes is None or changes != self._changes:  # unchanged DOM: same answer as before
            self._changes = changes
            page = ProductPage(driver.current_url, driver.page_source, self.profile)
            if page.has_product_data():
                self.outcome = "data"
                return True
        return self._settled(state)

    def __repr__(self) -> str:
        return f"ExtractorAccepts({self.profile.name!r})"


class ProductDataPresent(_DataWait):
    """A render waits for the profile's ``wait_for`` CSS selector (an explicit choice wins)."""

    def __init__(self, css: str, settle_s: float | None = None) -> None:
        super().__init__(settle_s)
        self.css = css

    def __call__(self, driver: Any) -> bool:
        from selenium.webdriver.common.by import By

        if driver.find_elements(By.CSS_SELECTOR, self.css):
            self.outcome = "data"
            return True
        return self._settled(driver.execute_script(_STATE_JS))

    def __repr__(self) -> str:
        return f"ProductDataPresent({self.css!r})"


def product_wait(profile: "SiteProfile") -> _DataWait:
    """What a product render of ``profile``'s site waits for: its ``wait_for`` selector
    when it has one, else the extractor's acceptance (both give up once the page settled)."""
    settle = get_config().render_settle_s or None
    if profile.wait_for:
        return ProductDataPresent(profile.wait_for, settle)
    return ExtractorAccepts(profile, settle)
