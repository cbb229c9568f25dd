"""Scrapy's core stats, quiet about a spider that never opened.

When an item pipeline's ``open_spider`` raises (MongoDB or the broker unreachable),
Scrapy 2.19 closes the spider without having sent ``spider_opened``, and its
``CoreStats.spider_closed`` then fails an assertion, logged as a second traceback after
the real error. This one records nothing for such a spider (there is nothing to record).
"""
from __future__ import annotations

from scrapy.extensions.corestats import CoreStats as ScrapyCoreStats


class CoreStats(ScrapyCoreStats):
    """Scrapy's ``CoreStats``; ``spider_closed`` is a no-op when the spider never opened."""

    def spider_closed(self, spider, reason: str) -> None:
        if self.start_time is None:
            return
        super().spider_closed(spider, reason)
