"""Log records below every handler's level are not made at all (LogLevelGate)."""
from __future__ import annotations

import logging

import pytest
from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils import log as scrapy_log
from scrapy.utils.test import get_crawler

from productscraper.extensions.log_level import LogLevelGate


@pytest.fixture
def loggers():
    """Scrapy's logging set-up at LOG_LEVEL=INFO, restored afterwards."""
    root = logging.getLogger()
    saved_handlers, saved_levels = root.handlers[:], {}
    for name in ("", "scrapy", "twisted", "tests.gate.own", "tests.gate.noisy"):
        saved_levels[name] = logging.getLogger(name).level
    root.handlers = []
    scrapy_log.dictConfig(scrapy_log.DEFAULT_LOGGING)  # scrapy: DEBUG, twisted: ERROR
    scrapy_log.install_scrapy_root_handler(get_crawler(settings_dict={"LOG_LEVEL": "INFO"}).settings)
    extra: list[tuple[logging.Logger, logging.Handler]] = []
    yield extra
    for lg, handler in extra:
        lg.removeHandler(handler)
    scrapy_log._uninstall_scrapy_root_handler()
    root.handlers = saved_handlers
    for name, level in saved_levels.items():
        logging.getLogger(name).setLevel(level)


def _open(log_level: str = "INFO") -> None:
    crawler = get_crawler(settings_dict={"LOG_LEVEL": log_level})  # re-installs Scrapy's handler
    # pytest's own capture handlers (level NOTSET) would rightly keep every level open.
    logging.getLogger().handlers = [scrapy_log.get_scrapy_root_handler()]
    gate = LogLevelGate.from_crawler(crawler)  # (signals hold their receivers weakly)
    crawler.signals.send_catch_log(signals.spider_opened, spider=None)
    del gate


def test_debug_records_are_not_made_when_every_handler_wants_info_or_more(loggers):
    logging.getLogger("tests.gate.own").setLevel(logging.WARNING)
    _open()
    assert not logging.getLogger("scrapy.core.scraper").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("pymongo.command").isEnabledFor(logging.DEBUG)
    assert logging.getLogger("scrapy.core.engine").isEnabledFor(logging.INFO)
    assert logging.getLogger("twisted").level == logging.ERROR  # set higher: kept
    assert logging.getLogger("tests.gate.own").level == logging.WARNING


def test_a_handler_that_writes_debug_anywhere_keeps_every_level(loggers):
    noisy = logging.getLogger("tests.gate.noisy")
    handler = logging.StreamHandler()  # NOTSET: writes everything
    noisy.addHandler(handler)
    loggers.append((noisy, handler))
    _open()
    assert logging.getLogger("scrapy.core.scraper").isEnabledFor(logging.DEBUG)
    assert noisy.isEnabledFor(logging.DEBUG)


def test_null_handlers_do_not_count(loggers):
    quiet = logging.getLogger("tests.gate.noisy")
    handler = logging.NullHandler()
    quiet.addHandler(handler)
    loggers.append((quiet, handler))
    _open()
    assert not logging.getLogger("scrapy.core.scraper").isEnabledFor(logging.DEBUG)


def test_log_level_debug_still_logs_debug(loggers):
    _open("DEBUG")
    assert logging.getLogger("scrapy.core.scraper").isEnabledFor(logging.DEBUG)


def test_a_crawler_without_scrapys_root_handler_is_left_alone(loggers):
    scrapy_log._uninstall_scrapy_root_handler()  # as in a Celery worker: Celery's logging
    with pytest.raises(NotConfigured):
        LogLevelGate.from_crawler(get_crawler())
