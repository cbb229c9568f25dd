"""Exceptions shared by the Scrapy components and the Celery tasks."""
from __future__ import annotations

from pymongo.errors import ConnectionFailure
from scrapy.exceptions import IgnoreRequest


class DomainSaturated(IgnoreRequest):
    """The domain's cluster-wide rate limit has no token for a while.

    Raised (instead of waiting) for requests that carry ``meta["ps_defer_over"]`` when the
    wait is longer than that many seconds: the Celery task is then deferred with a
    countdown of ``wait`` seconds rather than holding a worker slot idle.
    """

    def __init__(self, domain: str, wait: float) -> None:
        super().__init__(f"rate limit of {domain}: next slot in {wait:.2f} s")
        self.domain = domain
        self.wait = wait


class StartRefused(Exception):
    """A crawl that must not start, for a reason its operator can fix (a service down).

    Its message says what is wrong and what was (not) done; the project's ``scrapy crawl``
    prints that line alone instead of a traceback (:mod:`productscraper.commands.crawl`).
    """


class BrokerUnavailable(StartRefused, RuntimeError):
    """The Celery broker cannot be reached when a listing crawl opens: nothing is enqueued."""


class StoreUnavailable(ConnectionFailure, StartRefused):
    """MongoDB cannot be reached when a crawl opens (a ``ConnectionFailure``, briefly told)."""

    @classmethod
    def from_error(cls, exc: Exception, consequence: str) -> "StoreUnavailable":
        """``MongoDB unreachable (<error in brief>); <consequence>``."""
        # pymongo appends the whole topology description; the first clause says it all.
        brief = str(exc).split(" (configured timeouts")[0].split(", Timeout:")[0][:200]
        return cls(f"MongoDB unreachable ({type(exc).__name__}: {brief}); {consequence}")
