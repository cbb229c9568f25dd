"""Speed-ups that replace or subclass Celery/kombu internals, fenced in one place.

Each piece is measured against the stock behaviour it replaces (its module docstring
has the figures) and was verified on the Celery/kombu series in :data:`SPEEDUPS`.
Whether a piece is used is decided here and nowhere else:

- ``CELERY_SPEEDUPS=off`` (config) turns every piece off: stock Celery and kombu;
- on any other Celery/kombu series than a piece was verified on, that piece falls back
  to the stock behaviour, with one warning per process naming the piece and versions.

============== ================================================ ===========================
piece          replaces                                          stock fallback
============== ================================================ ===========================
transport      kombu's Redis ``Transport`` (bulk gets in Lua,    ``broker_transport`` unset
               batched ack removals, one client per channel)
consumer       Celery's worker ``Consumer`` (events batched on   ``worker_consumer`` unset
               a timer)
saferepr       the tracer's ``saferepr`` (``repr`` where equal)  Celery's ``saferepr``
task_messages  ``send_task`` per message (stamped templates)     ``send_task``
reactor_pool   a Celery pool running tasks as greenlets on the   Celery's ``threads`` pool
               crawler's reactor thread (``WORKER_POOL=reactor``)
============== ================================================ ===========================

Nothing here imports Celery at import time: the local stack asks :func:`effective_pool`
without loading it.
"""
from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SpeedUp:
    """One fenced piece: what it replaces and the release series it was verified on."""

    name: str
    replaces: str
    #: distribution -> release series verified ("5.7" matches 5.7.x).
    verified_on: tuple[tuple[str, str], ...]


SPEEDUPS: dict[str, SpeedUp] = {s.name: s for s in (
    SpeedUp("transport", "kombu.transport.redis.Transport", (("kombu", "5.7"), ("redis", "8"))),
    SpeedUp("consumer", "celery.worker.consumer.Consumer", (("celery", "5.7"),)),
    SpeedUp("saferepr", "celery.app.trace.saferepr", (("celery", "5.7"),)),
    SpeedUp("task_messages", "celery.Celery.send_task (message building)",
            (("celery", "5.7"), ("kombu", "5.7"))),
    SpeedUp("reactor_pool", "celery.concurrency.thread.TaskPool", (("celery", "5.7"),)),
)}

#: Dotted paths Celery loads the pieces by.
TRANSPORT = "tasks.speedups.transport:Transport"
CONSUMER = "tasks.speedups.consumer:Consumer"
REACTOR_POOL = "tasks.speedups.reactor_pool:TaskPool"
#: The pool a worker runs when ``WORKER_POOL=reactor`` but the reactor pool is off.
FALLBACK_POOL = "threads"

_warned: set[str] = set()


def _installed(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "not installed"


def _series_matches(installed: str, series: str) -> bool:
    return installed == series or installed.startswith(series + ".")


@functools.lru_cache(maxsize=None)
def version_mismatch(name: str) -> str | None:
    """Why speed-up ``name`` does not apply to the installed versions, or None when it does.

    Cached: installed versions do not change in a running process, and reading package
    metadata costs ~0.5 ms, which :func:`enabled` would otherwise pay per task message.
    """
    wrong = []
    for dist, series in SPEEDUPS[name].verified_on:
        installed = _installed(dist)
        if not _series_matches(installed, series):
            wrong.append(f"{dist} {installed} (verified on {series}.x)")
    return ", ".join(wrong) or None


def switched_on(config: Any = None) -> bool:
    """The ``CELERY_SPEEDUPS`` switch (default on)."""
    if config is None:
        from productscraper.config import get_config

        config = get_config()
    return bool(config.celery_speedups)


def enabled(name: str, config: Any = None) -> bool:
    """Whether speed-up ``name`` is used in this process (switch, then version guard)."""
    if not switched_on(config):
        return False
    why = version_mismatch(name)
    if why is None:
        return True
    if name not in _warned:
        _warned.add(name)
        log.warning("Celery speed-up %r (replaces %s) is off: %s; stock behaviour is used",
                    name, SPEEDUPS[name].replaces, why)
    return False


def active(config: Any = None) -> list[str]:
    """Names of the speed-ups this process uses."""
    return [name for name in SPEEDUPS if enabled(name, config)]


def effective_pool(pool: str, config: Any = None) -> str:
    """The pool a worker runs for ``WORKER_POOL=pool``: ``reactor`` becomes
    :data:`FALLBACK_POOL` when the reactor pool is off."""
    if pool == "reactor" and not enabled("reactor_pool", config):
        return FALLBACK_POOL
    return pool


def configure(app: Any, config: Any) -> list[str]:
    """Put the enabled speed-ups in place on Celery ``app``; returns their names.

    The pool is chosen by the caller with :func:`effective_pool` (Celery's ``worker_pool``
    must be set with the rest of the configuration).
    """
    used = active(config)
    if "transport" in used and config.broker_url.startswith(("redis://", "rediss://")):
        app.conf.broker_transport = TRANSPORT
    if "consumer" in used:
        app.conf.worker_consumer = CONSUMER
    if "saferepr" in used:
        from tasks.speedups import saferepr

        saferepr.install()
    return used
