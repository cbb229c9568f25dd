"""Item pipelines (enabled in ``productscraper.settings.ITEM_PIPELINES``)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

T = TypeVar("T")


async def in_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run blocking I/O (pymongo, the Celery producer) off the reactor thread."""
    return await maybe_deferred_to_future(deferToThread(fn, *args, **kwargs))
