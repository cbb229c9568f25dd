"""Which crawl service a worker process's tasks get (productscraper.worker.crawl_service.get_service)."""
from __future__ import annotations

import pytest


class _FakeService:
    """Stands in for a CrawlService (no reactor): what get_service looks at."""

    def __init__(self, pid: int | None = None, closed: bool = False) -> None:
        import os

        self.pid = os.getpid() if pid is None else pid
        self.closed = closed
        self.green = None

    def start(self) -> None:
        pass


class _NoLock:
    def __enter__(self):
        raise AssertionError("the live service was looked up under the lock")

    def __exit__(self, *exc):
        return False


def test_the_live_crawl_service_is_returned_without_taking_the_lock(monkeypatch):
    from productscraper.worker import crawl_service

    live = _FakeService()
    monkeypatch.setattr(crawl_service, "_service", live)
    monkeypatch.setattr(crawl_service, "_service_lock", _NoLock())
    assert crawl_service.get_service() is live


@pytest.mark.parametrize("stale", [_FakeService(closed=True), _FakeService(pid=-1)],
                         ids=["closed", "inherited-through-fork"])
def test_a_closed_or_inherited_crawl_service_is_replaced(monkeypatch, stale):
    from productscraper.worker import crawl_service

    monkeypatch.setattr(crawl_service, "_service", stale)
    monkeypatch.setattr(crawl_service, "CrawlService", _FakeService)
    fresh = crawl_service.get_service()
    assert fresh is not stale and isinstance(fresh, _FakeService) and not fresh.closed
    assert crawl_service._service is fresh


_RESOLVER_PROBE = """
from scrapy.utils.reactor import install_reactor
install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
from twisted.internet import reactor
from productscraper.worker.crawl_service import CrawlService
CrawlService()._open()  # creates the crawler; the engine never runs here
resolver = type(reactor.resolver)
print(resolver.__module__ + "." + resolver.__name__)
"""


def test_the_workers_crawler_resolves_hosts_through_scrapys_caching_resolver():
    # As `scrapy crawl` does: without it every new connection ran getaddrinfo in a pool thread.
    import os
    import subprocess
    import sys

    from tests.services import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT), "MONGO_URI": "mongodb://127.0.0.1:1/unused",
           "REDIS_URL": "redis://127.0.0.1:1/0"}
    out = subprocess.run([sys.executable, "-c", _RESOLVER_PROBE], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "scrapy.resolver.CachingThreadedResolver"
