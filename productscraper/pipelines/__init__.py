"""Item pipelines (enabled in ``productscraper.settings.ITEM_PIPELINES``)."""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred
from twisted.internet.threads import deferToThread

T = TypeVar("T")


async def in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run blocking I/O (pymongo, the Celery producer) off the reactor thread."""
    return await maybe_deferred_to_future(deferToThread(fn, *args, **kwargs))


class OwnThreads:
    """Threads of a pipeline's own for its blocking calls.

    The reactor's shared thread pool also resolves host names for every download: a
    broker that hangs while a pipeline's calls hold those threads would stall the crawl
    itself. Calls here queue on the pipeline's threads instead (in order, with one), and
    the shared pool stays free. Threads are daemons, and :meth:`shutdown` does not wait:
    a call hung on a dead server never holds the process at exit.
    """

    def __init__(self, name: str, size: int = 1) -> None:
        self.executor = ThreadPoolExecutor(max_workers=max(1, size), thread_name_prefix=name)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` on one of these threads; the reactor keeps running."""
        return await maybe_deferred_to_future(self.deferred(fn, *args, **kwargs))

    def deferred(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> Deferred:
        """The same as a Deferred (fired on the reactor thread)."""
        from twisted.internet import reactor

        d: Deferred = Deferred()

        def settle(future: Future) -> None:
            error = future.exception()
            if error is not None:
                reactor.callFromThread(d.errback, error)
            else:
                reactor.callFromThread(d.callback, future.result())

        self.executor.submit(fn, *args, **kwargs).add_done_callback(settle)
        return d

    def shutdown(self) -> None:
        """No new calls; running ones finish on their own."""
        self.executor.shutdown(wait=False, cancel_futures=False)
