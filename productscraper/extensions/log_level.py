"""Skip log records below ``LOG_LEVEL`` before they are made, not after.

Scrapy leaves the root logger at ``NOTSET`` and drops what is below ``LOG_LEVEL`` in its
handler, so every ``logger.debug()`` call still builds a record, finds its caller and
walks the handlers: at the default ``INFO`` that is two records per product page
("Crawled", "Scraped from") and one per URL a listing page yields, all thrown away.
Measured in py-spy profiles at zero latency: 1.7 % of the plain crawl's CPU and 4.7 % of
the listing spider's. Raising the loggers' levels to the lowest level any handler writes
drops the same records earlier (``isEnabledFor``): no handler misses one it would have
written.

Only where Scrapy installed its root handler (``scrapy crawl``): a Celery worker's crawler
logs through Celery's handlers and levels, and is left alone.
"""
from __future__ import annotations

import logging

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.log import get_scrapy_root_handler


class LogLevelGate:
    """Raises the loggers' levels to the lowest level any handler writes (module docstring).

    On ``spider_opened``: Scrapy re-installs its handler (and resets the root logger to
    ``NOTSET``) after the extensions are built.
    """

    @classmethod
    def from_crawler(cls, crawler) -> "LogLevelGate":
        if get_scrapy_root_handler() is None:
            raise NotConfigured  # logging is not Scrapy's here (a Celery worker)
        ext = cls()
        crawler.signals.connect(ext.spider_opened, signal=signals.spider_opened)
        return ext

    def spider_opened(self) -> None:
        """Raise the root logger, and any logger set lower (Scrapy sets ``scrapy`` to
        ``DEBUG``), to the lowest level any handler writes."""
        loggers = _all_loggers()
        floor = min((h.level for lg in loggers for h in lg.handlers
                     if not isinstance(h, logging.NullHandler)),  # libraries' "no handler"
                    default=logging.NOTSET)
        if floor == logging.NOTSET:
            return  # some handler writes everything
        root = logging.getLogger()
        for lg in loggers:
            # A non-root logger at NOTSET inherits its level: raising its parents is enough.
            if lg.level < floor and (lg.level or lg is root):
                lg.setLevel(floor)


def _all_loggers() -> list[logging.Logger]:
    return [logging.getLogger(), *(lg for lg in logging.Logger.manager.loggerDict.values()
                                   if isinstance(lg, logging.Logger))]
