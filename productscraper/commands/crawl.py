"""``scrapy crawl``, with a one-line error for a crawl that refuses to start.

A spider or item pipeline that cannot start for a reason its operator can fix (a start
URL that is not one, the broker or MongoDB unreachable) raises
:class:`~productscraper.exceptions.StartRefused` or Scrapy's ``UsageError`` with a
message that says what is wrong and what was not done. Scrapy leaves that exception on
an unobserved asyncio task, which Python prints at exit as a traceback of Scrapy's
internals with the message on its last line. This command prints the message alone, as
an error, and still exits with status 1. Any other exception keeps its traceback.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from scrapy.commands.crawl import Command as ScrapyCrawl
from scrapy.exceptions import UsageError
from twisted.internet.defer import Deferred
from twisted.python.failure import Failure

from productscraper.exceptions import StartRefused

log = logging.getLogger("productscraper.crawl")

#: Exceptions whose message is the whole story (no traceback).
REFUSALS = (StartRefused, UsageError)


def report_failure(exc: BaseException) -> None:
    """Log why a crawl ended with ``exc``: its message alone for a refusal."""
    if isinstance(exc, REFUSALS):
        log.error("%s", exc)
    else:
        log.error("the crawl failed", exc_info=(type(exc), exc, exc.__traceback__))


def observe(crawl: Any) -> None:
    """Report the exception ``crawl`` (an asyncio task or a Deferred) ends with, if any."""
    if isinstance(crawl, asyncio.Future):
        def done(task: asyncio.Future) -> None:
            exc = None if task.cancelled() else task.exception()  # retrieved: not printed again
            if exc is not None:
                report_failure(exc)
        crawl.add_done_callback(done)
    elif isinstance(crawl, Deferred):
        def failed(failure: Failure) -> None:
            report_failure(failure.value)
        crawl.addErrback(failed)


class Command(ScrapyCrawl):
    """Scrapy's ``crawl`` command; see the module docstring for what differs."""

    def run(self, args: list[str], opts) -> None:
        if len(args) != 1:
            super().run(args, opts)  # Scrapy's usage errors
            return
        assert self.crawler_process
        observe(self.crawler_process.crawl(self._create_crawler(args[0]), **opts.spargs))
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1
