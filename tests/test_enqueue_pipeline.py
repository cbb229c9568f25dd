"""The enqueue pipeline in-process: its start-up and its shutdown (no discovered URL is left uncounted)."""
import threading
import time

import pytest_twisted
from pymongo import MongoClient
from scrapy import signals
from scrapy.crawler import CrawlerRunner
from scrapy.utils.project import get_project_settings

from productscraper.fanout.publisher import FanOutResult
from productscraper.pipelines import enqueue
from productscraper.spiders.listings import ListingsSpider
from productscraper.storage import runs


def _listing_crawler(monkeypatch, db, *, fan_out, prepare_publisher, redis_url: str,
                     prefix: str, **settings):
    """A listing crawler with only the enqueue pipeline, whose ledger/broker are stand-ins."""
    monkeypatch.setattr(enqueue, "fan_out", fan_out)
    monkeypatch.setattr(enqueue, "get_db", lambda: db)
    monkeypatch.setattr(enqueue, "broker_reachable", lambda: None)
    monkeypatch.setattr(enqueue, "prepare_publisher", prepare_publisher)
    project = get_project_settings()
    project.setdict({
        "ITEM_PIPELINES": {"productscraper.pipelines.enqueue.EnqueuePipeline": 100},
        "RATELIMIT_REDIS_URL": redis_url, "RATELIMIT_KEY_PREFIX": prefix, "LOG_LEVEL": "WARNING",
        **settings,
    })
    return CrawlerRunner(project).create_crawler(ListingsSpider)


@pytest_twisted.ensureDeferred
async def test_closing_waits_for_a_flush_in_flight_and_counts_its_urls(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_close"]
    sent: list[str] = []
    flushes: list[float] = []

    def slow_fan_out(_db, entries):  # the ledger and the broker are slow, for a moment
        flushes.append(time.monotonic())
        if len(flushes) == 1:
            time.sleep(1.0)
        sent.extend(e.url for e in entries)
        return FanOutResult(new=len(entries))

    shop = demo_shop(products=30, per_page=10, latency_ms=100)
    # The timer's flush takes page 1's URLs and is still out when the crawl ends.
    crawler = _listing_crawler(monkeypatch, db, fan_out=slow_fan_out, prepare_publisher=lambda: None,
                               redis_url=redis_url, prefix=prefix,
                               ENQUEUE_BATCH_SIZE=1000, ENQUEUE_FLUSH_INTERVAL=0.01)
    await crawler.crawl(start_url=shop.listing_url, profile="demo", run_id="c1")
    assert len(flushes) == 2  # the timer's, then close_spider's for the rest
    assert sorted(sent) == sorted(p["url"] for p in shop.truth())
    assert runs.get(db, "c1")["discovery"]["new"] == 30


@pytest_twisted.ensureDeferred
async def test_the_first_listing_request_goes_out_while_the_publisher_is_being_set_up(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    # Celery's import and connection (~0.15 s) overlap the first listing download; no
    # batch is published before they are done.
    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_early"]
    released = threading.Event()
    events: list[str] = []

    def slow_prepare():  # held up until the first request has gone out (10 s at most)
        released.wait(10)
        events.append("publisher ready")

    def fan_out(_db, entries):
        events.append("flush")
        return FanOutResult(new=len(entries))

    def first_request(request, spider):
        if "first request" not in events:
            events.append("first request")
            released.set()

    shop = demo_shop(products=20, per_page=10, latency_ms=100)
    crawler = _listing_crawler(monkeypatch, db, fan_out=fan_out, prepare_publisher=slow_prepare,
                               redis_url=redis_url, prefix=prefix,
                               ENQUEUE_BATCH_SIZE=5, ENQUEUE_FLUSH_INTERVAL=0.01)
    crawler.signals.connect(first_request, signal=signals.request_reached_downloader)
    await crawler.crawl(start_url=shop.listing_url, profile="demo", run_id="early2")
    assert events[:2] == ["first request", "publisher ready"]
    assert events.count("flush") >= 4  # 20 URLs in batches of 5, all after the set-up


def _reactor_gaps(ticks: list[float]) -> list[tuple[float, float]]:
    """(start, end) of every pause longer than 0.15 s between the reactor's ticks (the
    crawler's own start-up makes one too)."""
    return [(a, b) for a, b in zip(ticks, ticks[1:]) if b - a > 0.15]


async def _crawl_with_a_slow_publisher_set_up(monkeypatch, db, shop, redis_url, prefix, *,
                                              set_up_s: float, run_id: str, **settings) -> dict:
    """Crawl ``shop`` while the publisher's set-up takes ``set_up_s`` seconds and the reactor
    ticks every 10 ms: when the set-up began and ended, the flushes, the ticks."""
    from twisted.internet import task

    seen: dict = {"began": [], "ended": [], "flushed": [], "ticks": []}

    def slow_prepare():  # a broker that takes its time to connect
        seen["began"].append(time.monotonic())
        time.sleep(set_up_s)
        seen["ended"].append(time.monotonic())

    def fan_out(_db, entries):
        seen["flushed"].append((time.monotonic(), len(entries)))
        return FanOutResult(new=len(entries))

    crawler = _listing_crawler(monkeypatch, db, fan_out=fan_out, prepare_publisher=slow_prepare,
                               redis_url=redis_url, prefix=prefix, ENQUEUE_BATCH_SIZE=5, **settings)
    ticker = task.LoopingCall(lambda: seen["ticks"].append(time.monotonic()))
    ticker.start(0.01)
    try:
        await crawler.crawl(start_url=shop.listing_url, profile="demo", run_id=run_id)
    finally:
        ticker.stop()
    # Nothing is published before the set-up has ended, and every URL is.
    assert min(t for t, _ in seen["flushed"]) >= seen["ended"][0]
    assert sum(n for _, n in seen["flushed"]) == 20
    return seen


@pytest_twisted.ensureDeferred
async def test_the_first_batch_holds_the_reactor_thread_until_the_publisher_is_set_up(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    # A reactor thread busy parsing listing pages kept the set-up thread from the GIL (its
    # 0.25 s of CPU took 0.9 s at zero latency): once URLs wait, the reactor thread blocks
    # on the set-up instead of running on.
    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_join"]
    seen = await _crawl_with_a_slow_publisher_set_up(
        monkeypatch, db, demo_shop(products=20, per_page=10, latency_ms=50), redis_url, prefix,
        set_up_s=0.8, run_id="join1")
    # The reactor thread was blocked when the set-up ended, and had been for a while.
    ended = seen["ended"][0]
    blocked = [(a, b) for a, b in _reactor_gaps(seen["ticks"]) if a < ended <= b]
    assert blocked and blocked[0][1] - blocked[0][0] > 0.3, _reactor_gaps(seen["ticks"])


@pytest_twisted.ensureDeferred
async def test_a_slow_publisher_set_up_holds_the_reactor_thread_only_as_long_as_the_join_timeout(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_join_bound"]
    seen = await _crawl_with_a_slow_publisher_set_up(
        monkeypatch, db, demo_shop(products=20, per_page=10, latency_ms=50), redis_url, prefix,
        set_up_s=1.5, run_id="join2", ENQUEUE_SETUP_JOIN_TIMEOUT=0.3)
    # Blocked once during the set-up, for about the join timeout, and running when it ended.
    gaps = [(a, b) for a, b in _reactor_gaps(seen["ticks"]) if b > seen["began"][0]]
    assert len(gaps) == 1 and 0.25 < gaps[0][1] - gaps[0][0] < 0.6, gaps
    assert gaps[0][1] < seen["ended"][0]


@pytest_twisted.ensureDeferred
async def test_a_sitemap_urls_lastmod_is_handed_to_the_ledger(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    from productscraper.demoshop.sitemaps import product_lastmod

    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_lastmod"]
    entries: list = []

    def record(_db, batch):
        entries.extend(batch)
        return FanOutResult(new=len(batch))

    shop = demo_shop(products=12, per_page=6)
    crawler = _listing_crawler(monkeypatch, db, fan_out=record, prepare_publisher=lambda: None,
                               redis_url=redis_url, prefix=prefix)
    await crawler.crawl(start_url=shop.url + "/", profile="demo", run_id="lm1", discovery="sitemap")
    by_url = {p["url"]: p["id"] for p in shop.truth()}
    assert {e.url: e.lastmod for e in entries} == {u: product_lastmod(i) for u, i in by_url.items()}


@pytest_twisted.ensureDeferred
async def test_listing_pages_keep_downloading_while_a_publish_is_held_up(
        demo_shop, mongo_srv, redis_url, prefix, monkeypatch):
    # The broker holds the first batch until the last listing page has been downloaded:
    # that page arrives only if the publish neither runs on the reactor thread nor holds a
    # thread of the reactor's shared pool, which resolves the downloads' host names (either
    # way the crawl would wait here for the 10 s bound and record a timeout).
    db = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}")["enqueue_nonblocking"]
    last_page = threading.Event()
    events: list[str] = []

    def held_fan_out(_db, entries):
        if "publish held" not in events:
            events.append("publish held")
            events.append("released" if last_page.wait(10) else "timed out")
        return FanOutResult(new=len(entries))

    def downloaded(response, request, spider):
        if response.url.endswith("/catalogue/page-3.html"):
            events.append("last listing page")
            last_page.set()

    shop = demo_shop(products=30, per_page=10, latency_ms=50)
    crawler = _listing_crawler(monkeypatch, db, fan_out=held_fan_out, prepare_publisher=lambda: None,
                               redis_url=redis_url, prefix=prefix, ENQUEUE_BATCH_SIZE=5,
                               ENQUEUE_FLUSH_INTERVAL=0.01)
    crawler.signals.connect(downloaded, signal=signals.response_received)
    from twisted.internet import reactor

    pool = reactor.getThreadPool()
    sizes = pool.min, pool.max
    pool.adjustPoolsize(0, 1)  # a small shared pool, as when other work holds its threads
    try:
        await crawler.crawl(start_url=shop.listing_url, profile="demo", run_id="nb1")
    finally:
        pool.adjustPoolsize(*sizes)
    assert events[:3] == ["publish held", "last listing page", "released"], events
    assert runs.get(db, "nb1")["discovery"]["new"] == 30
