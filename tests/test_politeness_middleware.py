"""Politeness in-process: the rate-limit and robots.txt downloader middlewares against a
real Redis (the cluster-wide acceptance is tests/test_politeness.py)."""
from __future__ import annotations

import time

import pytest
import pytest_twisted
import redis

from productscraper.exceptions import DomainSaturated
from productscraper.politeness.limiter import DomainLimiter, Rate, redis_client
from tests.test_politeness import log_entries

def rate_middleware(redis_url: str, prefix: str, *, default: float = 0.0, overrides=None,
                    max_concurrency: int = 0, pause_check: float = 0.5):
    from productscraper.middlewares.ratelimit import DomainRateLimitMiddleware, RateResolver

    limiter = DomainLimiter(redis_client(redis_url), prefix=prefix)
    return DomainRateLimitMiddleware(limiter, RateResolver(default, 1, overrides),
                                     max_concurrency=max_concurrency, concurrency_ttl=5,
                                     pause_check=pause_check)


def count_redis_decisions(mw) -> list[int]:
    """Count the middleware's slot requests to Redis (``limiter.acquire`` calls)."""
    calls = [0]
    acquire = mw.limiter.acquire

    def counted(*args, **kwargs):
        calls[0] += 1
        return acquire(*args, **kwargs)

    mw.limiter.acquire = counted
    return calls


def call(coro):
    """Run a middleware coroutine the way Scrapy does (an asyncio task under the asyncio reactor)."""
    from scrapy.utils.defer import deferred_from_coro

    return deferred_from_coro(coro)


def req(url: str = "http://127.0.0.1:9/p", **meta):
    from scrapy import Request

    return Request(url, meta=meta)


def resp(request, status: int, **headers):
    from scrapy.http import Response

    return Response(request.url, status=status, headers=headers, request=request)


@pytest_twisted.ensureDeferred
async def test_a_deferrable_request_is_deferred_without_consuming_a_slot(redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, default=2)  # one slot every 0.5 s
    for _ in range(6):  # slots up to 2.5 s ahead are taken
        mw.limiter.acquire("127.0.0.1:9", Rate(2))
    tat = mw.limiter.client.get(mw.limiter.keys("127.0.0.1:9")["tat"])
    with pytest.raises(DomainSaturated) as info:
        await call(mw.process_request(req(ps_defer_over=2.0)))
    assert info.value.domain == "127.0.0.1:9"
    assert info.value.wait == pytest.approx(3.0, abs=0.05)
    assert mw.limiter.client.get(mw.limiter.keys("127.0.0.1:9")["tat"]) == tat  # nothing consumed
    # A slot within the budget is taken and waited for, without blocking the reactor.
    mw.limiter.client.delete(mw.limiter.keys("127.0.0.1:9")["tat"])
    mw.limiter.acquire("127.0.0.1:9", Rate(2))
    started = time.monotonic()
    assert await call(mw.process_request(req(ps_defer_over=2.0))) is None
    assert 0.45 <= time.monotonic() - started < 1.0  # generous on a busy machine


@pytest_twisted.ensureDeferred
async def test_a_request_woken_late_past_its_slot_takes_a_new_slot(redis_url, prefix, monkeypatch):
    import productscraper.middlewares.ratelimit as mw_module

    real_sleep = mw_module.sleep
    overslept = []

    async def starved_sleep(seconds: float) -> None:  # an event loop busy for 0.4 s more
        overslept.append(seconds)
        await real_sleep(seconds + (0.4 if len(overslept) == 1 else 0.0))

    monkeypatch.setattr(mw_module, "sleep", starved_sleep)
    mw = rate_middleware(redis_url, prefix, default=5)  # one slot every 0.2 s
    mw.limiter.acquire("127.0.0.1:9", Rate(5))  # the next slot is 0.2 s ahead
    decisions = count_redis_decisions(mw)
    await call(mw.process_request(req()))
    # Woken 0.4 s (two intervals) late: the slot is void and a new one is taken (free by
    # then: the starved moments were nobody's), and kept.
    assert decisions[0] == 2
    assert len(overslept) == 1


@pytest_twisted.ensureDeferred
async def test_a_request_woken_on_time_keeps_its_slot(redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, default=5)
    mw.limiter.acquire("127.0.0.1:9", Rate(5))
    decisions = count_redis_decisions(mw)
    await call(mw.process_request(req()))
    assert decisions[0] == 1


@pytest_twisted.ensureDeferred
async def test_a_429_pauses_the_domain_and_halves_its_rate(redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, default=10)
    request = req()
    await call(mw.process_request(request))
    assert mw.process_response(request, resp(request, 429, **{"Retry-After": "1"})).status == 429
    assert mw.limiter.pause_remaining("127.0.0.1:9") == pytest.approx(1.0, abs=0.05)
    assert mw.limiter.factor("127.0.0.1:9") == 0.5
    with pytest.raises(DomainSaturated):  # a task would be deferred rather than wait 1 s
        await call(mw.process_request(req(ps_defer_over=0.5)))
    started = time.monotonic()
    request = req()
    await call(mw.process_request(request))  # the listing spider waits
    assert time.monotonic() - started >= 0.95
    mw.process_response(request, resp(request, 200))
    assert mw.limiter.factor("127.0.0.1:9") == pytest.approx(0.6)  # a success gives back 10 %
    # 503 only slows the domain when it says how long (a plain 503 is a server fault).
    mw.process_response(request, resp(request, 503))
    assert mw.limiter.pause_remaining("127.0.0.1:9") == 0


def test_the_rate_comes_from_the_override_then_the_profile_then_the_default(monkeypatch):
    from productscraper.middlewares import ratelimit as mw_module
    from productscraper.profiles import SiteProfile

    profiles = {"profiled.example": SiteProfile(name="p", rate_limit=2.0, burst=3)}
    monkeypatch.setattr(mw_module, "profile_for_url", lambda url: profiles.get(
        mw_module.host_key(url), SiteProfile(name="generic")))
    rates = mw_module.RateResolver(4.0, 1, {"fast.example:8080": Rate(6, 2)})
    assert rates.domain_and_rate("http://fast.example:8080/a") == ("fast.example:8080", Rate(6, 2))
    assert rates.domain_and_rate("http://profiled.example/a") == ("profiled.example", Rate(2.0, 3))
    assert rates.domain_and_rate("http://other.example/a") == ("other.example", Rate(4.0, 1))
    assert rates.domain_and_rate("http://fast.example/a")[1] == Rate(4.0, 1)  # other port


@pytest_twisted.ensureDeferred
async def test_the_concurrency_cap_holds_requests_until_a_lease_is_released(redis_url, prefix):
    from twisted.internet import reactor

    mw = rate_middleware(redis_url, prefix, max_concurrency=1)
    first = req()
    await call(mw.process_request(first))
    assert mw.limiter.concurrency("127.0.0.1:9") == 1
    with pytest.raises(DomainSaturated):
        await call(mw.process_request(req(ps_defer_over=0.3)))
    reactor.callLater(0.4, mw.process_response, first, resp(first, 200))
    started = time.monotonic()
    second = req()
    await call(mw.process_request(second))
    assert time.monotonic() - started >= 0.35
    mw.process_exception(second, OSError("connection refused"))  # failures release too
    assert mw.limiter.concurrency("127.0.0.1:9") == 0


@pytest_twisted.ensureDeferred
async def test_an_unlimited_domain_asks_redis_about_its_pause_once_per_check_interval(
        redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, pause_check=0.3)
    calls = count_redis_decisions(mw)
    for _ in range(5):
        await call(mw.process_request(req()))
    assert calls[0] == 1
    time.sleep(0.35)
    await call(mw.process_request(req()))
    assert calls[0] == 2
    # Another unlimited domain has its own check.
    await call(mw.process_request(req("http://127.0.0.1:10/p")))
    assert calls[0] == 3


@pytest.mark.parametrize("limits", [{"default": 100.0}, {"max_concurrency": 50},
                                    {"pause_check": 0.0}],
                         ids=["rate-limited", "concurrency-capped", "check-every-request"])
@pytest_twisted.ensureDeferred
async def test_every_request_asks_redis_when_more_than_a_pause_limits_the_domain(
        redis_url, prefix, limits):
    from scrapy.statscollectors import MemoryStatsCollector
    from scrapy.utils.test import get_crawler

    mw = rate_middleware(redis_url, prefix, **limits)
    mw.stats = MemoryStatsCollector(get_crawler())
    calls = count_redis_decisions(mw)
    for _ in range(5):
        request = req()
        await call(mw.process_request(request))
        mw.process_response(request, resp(request, 200))
    # One slot each; a loaded machine may wake late from a slot's sleep, and the middleware
    # then takes a fresh slot (counted apart as ratelimit/late_wake).
    assert calls[0] == 5 + mw.stats.get_value("ratelimit/late_wake", 0)


def test_the_pause_check_interval_comes_from_the_environment(redis_url):
    from scrapy.utils.test import get_crawler

    from productscraper.config import Config
    from productscraper.middlewares.ratelimit import DomainRateLimitMiddleware

    assert Config.from_env({}).domain_pause_check_s == 0.5
    assert Config.from_env({"DOMAIN_PAUSE_CHECK": "0"}).domain_pause_check_s == 0.0
    crawler = get_crawler(settings_dict={"RATELIMIT_REDIS_URL": redis_url, "DOMAIN_PAUSE_CHECK": 2})
    assert DomainRateLimitMiddleware.from_crawler(crawler).pauses.ttl == 2.0


@pytest_twisted.ensureDeferred
async def test_another_processes_429_pauses_this_one_within_the_check_interval(redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, pause_check=0.3)
    await call(mw.process_request(req()))  # Redis: not paused (trusted for 0.3 s)
    checked = time.monotonic()
    other = DomainLimiter(redis_client(redis_url), prefix=prefix)  # another worker got a 429
    other.penalise("127.0.0.1:9", Rate(0), pause=1.5)
    paused_until = time.monotonic() + 1.5
    started = time.monotonic()
    await call(mw.process_request(req()))  # within the interval: the documented delay
    assert time.monotonic() - started < 0.2
    time.sleep(max(0.0, checked + 0.3 - time.monotonic()))
    await call(mw.process_request(req()))  # the interval is over: Redis says wait
    assert time.monotonic() >= paused_until - 0.05


@pytest_twisted.ensureDeferred
async def test_a_429_here_pauses_this_processes_next_request_at_once(redis_url, prefix):
    mw = rate_middleware(redis_url, prefix, pause_check=60.0)
    request = req()
    await call(mw.process_request(request))  # not paused, trusted for a minute
    mw.process_response(request, resp(request, 429, **{"Retry-After": "1"}))
    started = time.monotonic()
    await call(mw.process_request(req()))
    assert time.monotonic() - started >= 0.95


@pytest_twisted.ensureDeferred
async def test_an_unreachable_redis_degrades_to_a_local_limit():
    from productscraper.operations.netutil import free_port

    mw = rate_middleware(f"redis://127.0.0.1:{free_port()}/0", "pstest:", default=5)
    started = time.monotonic()
    for _ in range(3):
        await call(mw.process_request(req()))  # no exception: pages must not fail for this
    assert 0.35 <= time.monotonic() - started < 1.0  # 5/s locally, and no long Redis stalls


async def crawl_in_process(shop, redis_url: str, prefix: str, **kwargs) -> list:
    from scrapy import signals
    from scrapy.crawler import CrawlerRunner
    from scrapy.utils.project import get_project_settings

    from productscraper.spiders.listings import ListingsSpider

    settings = get_project_settings()
    settings.setdict({"ITEM_PIPELINES": {}, "LOG_LEVEL": "WARNING", "RATELIMIT_REDIS_URL": redis_url,
                      "RATELIMIT_KEY_PREFIX": prefix, "DOMAIN_RATE_LIMIT": 0}, priority="cmdline")
    items: list = []
    crawler = CrawlerRunner(settings).create_crawler(ListingsSpider)
    crawler.signals.connect(lambda item, **_: items.append(item), signal=signals.item_scraped,
                            weak=False)
    await crawler.crawl(start_url=shop.listing_url, profile="demo", **kwargs)
    return items


@pytest_twisted.ensureDeferred
async def test_robots_txt_is_cached_in_redis_for_every_process(redis_url, prefix, demo_shop):
    shop = demo_shop(products=6, private_products=2)
    # Two crawls stand for two processes: the second finds robots.txt in Redis.
    for run in ("r1", "r2"):
        items = await crawl_in_process(shop, redis_url, prefix, run_id=run)
        assert len(items) == 8  # private links are discovered, not fetched, by the listing spider
    paths = [p for _, _, p, _ in log_entries(shop)]
    assert paths.count("/robots.txt") == 1
    client = redis.Redis.from_url(redis_url)
    cached = client.get(f"{prefix}robots:{shop.url}")
    assert cached is not None and b"Disallow: /private/" in cached
    assert 0 < client.ttl(f"{prefix}robots:{shop.url}") <= 3600


class _NoRobotsSite:
    """A stdlib HTTP server: /robots.txt answers ``robots_status``, every page 200."""

    def __init__(self, robots_status: int) -> None:
        import http.server
        import threading

        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (stdlib name)
                seen.append(self.path)
                status = robots_status if self.path == "/robots.txt" else 200
                body = b"<html><body>hello</body></html>"
                self.send_response(status)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.listing_url = self.url + "/catalogue/page-1.html"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize(("robots_status", "max_ttl"), [(404, 3600), (500, 60)])
@pytest_twisted.ensureDeferred
async def test_a_missing_or_failing_robots_txt_allows_everything(redis_url, prefix, robots_status,
                                                                 max_ttl):
    site = _NoRobotsSite(robots_status)
    try:
        await crawl_in_process(site, redis_url, prefix, run_id="nr1")
    finally:
        site.close()
    assert "/catalogue/page-1.html" in site.seen  # allowed
    client = redis.Redis.from_url(redis_url)
    assert client.get(f"{prefix}robots:{site.url}") == b""  # "" = allow all, shared
    # 404: no robots.txt, cached like one; 500: asked again after ROBOTSTXT_ERROR_TTL.
    assert max_ttl - 60 < client.ttl(f"{prefix}robots:{site.url}") <= max_ttl
