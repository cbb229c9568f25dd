"""The project's ``scrapy crawl``: a refusal to start is one error line, anything else
keeps its traceback; CoreStats stays quiet about a spider that never opened."""
from __future__ import annotations

import asyncio
import logging

import pytest
import pytest_twisted
from scrapy.exceptions import UsageError
from scrapy.statscollectors import MemoryStatsCollector
from scrapy.utils.test import get_crawler
from twisted.internet.defer import Deferred

from productscraper.commands.crawl import observe, report_failure
from productscraper.exceptions import BrokerUnavailable, StoreUnavailable
from productscraper.extensions.corestats import CoreStats


@pytest.mark.parametrize("exc", [
    BrokerUnavailable("Celery broker unreachable (x); nothing was enqueued"),
    StoreUnavailable("MongoDB unreachable (x); no page was crawled"),
    UsageError("listings: invalid start URL: x"),
])
def test_a_refusal_to_start_is_logged_as_its_message_alone(caplog, exc):
    with caplog.at_level(logging.ERROR):
        report_failure(exc)
    [record] = caplog.records
    assert record.getMessage() == str(exc)
    assert record.exc_info is None


def test_any_other_crawl_failure_keeps_its_traceback(caplog):
    try:
        raise KeyError("a bug")
    except KeyError as exc:
        error = exc
    with caplog.at_level(logging.ERROR):
        report_failure(error)
    [record] = caplog.records
    assert record.exc_info[1] is error
    assert "KeyError" in caplog.text and "Traceback" in caplog.text


@pytest_twisted.ensureDeferred
async def test_a_failed_crawl_task_is_reported_once_and_marked_retrieved(caplog):
    task = asyncio.get_running_loop().create_future()  # the reactor's loop, as in a crawl
    observe(task)
    with caplog.at_level(logging.ERROR):
        task.set_exception(BrokerUnavailable("Celery broker unreachable (x); nothing was enqueued"))
        await Deferred.fromFuture(asyncio.ensure_future(asyncio.sleep(0.01)))  # callbacks run
    assert [r.getMessage() for r in caplog.records] == [
        "Celery broker unreachable (x); nothing was enqueued"]
    assert not task._log_traceback  # asyncio will not print it again when it is collected


def test_a_failed_crawl_deferred_is_reported(caplog):
    d: Deferred = Deferred()
    observe(d)
    with caplog.at_level(logging.ERROR):
        d.errback(StoreUnavailable("MongoDB unreachable (x); no page was crawled"))
    assert [r.getMessage() for r in caplog.records] == ["MongoDB unreachable (x); no page was crawled"]


def test_core_stats_record_nothing_for_a_spider_that_never_opened():
    stats = MemoryStatsCollector(get_crawler())
    ext = CoreStats(stats)
    ext.spider_closed(None, "shutdown")  # Scrapy's own asserts here
    assert stats.get_stats() == {}
    ext.spider_opened(None)
    ext.spider_closed(None, "finished")
    assert stats.get_value("finish_reason") == "finished"
