"""The crawl process on the cluster's clock (ledger entries the listing spider creates).

See :mod:`productscraper.storage.clock_sync`; ``CLOCK_SYNC=off`` turns it off.
"""
from __future__ import annotations

from scrapy.exceptions import NotConfigured


class ClockSync:
    """Measures this host's clock offset from Redis ``TIME`` when the crawler starts."""

    @classmethod
    def from_crawler(cls, crawler) -> "ClockSync":
        from productscraper.storage import clock_sync

        if not clock_sync.start():
            raise NotConfigured
        return cls()
