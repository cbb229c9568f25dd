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
