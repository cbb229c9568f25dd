"""Keeping this process on the cluster's clock: its offset from Redis ``TIME``.

Hosts' clocks drift, and a container host without NTP can be minutes off. Everything
that compares times across hosts — ledger times, kombu's message leases (the unacked
index scored by delivery time), Celery ETAs — is written on the cluster's clock instead
(:func:`productscraper.storage.clock.reference_time`): this host's clock plus the offset
measured here against the Redis server every process already talks to (the politeness
limiter reads the same clock inside its scripts). One round trip at start, then one every
``CLOCK_SYNC_INTERVAL`` seconds on a daemon thread; a failed measurement keeps the last
offset. ``CLOCK_SYNC=off`` uses the host's own clock.
"""
from __future__ import annotations

import logging
import os
import threading

from productscraper.config import Config, get_config
from productscraper.storage import clock

log = logging.getLogger(__name__)

#: An offset above this is logged as a warning: times are corrected, but the host needs NTP.
WARN_OFFSET_S = 1.0

_started_pid: int | None = None
_lock = threading.Lock()


def redis_time(client) -> float:
    """The Redis server's clock, in epoch seconds (``TIME``)."""
    seconds, micros = client.time()
    return seconds + micros / 1_000_000


def sync_once(client) -> float:
    """Measure the offset against ``client``'s server and use it; returns it."""
    offset = clock.measure_offset(lambda: redis_time(client))
    previous = clock.clock_offset()
    clock.set_clock_offset(offset)
    if abs(offset) > WARN_OFFSET_S and abs(offset - previous) > WARN_OFFSET_S:
        log.warning("this host's clock is %+.1f s off the cluster's (Redis TIME); ledger times "
                    "and message leases use the corrected clock, but the host needs NTP", offset)
    return offset


def start(cfg: Config | None = None) -> bool:
    """Sync now and keep syncing on a daemon thread (once per process; a forked child
    starts its own). False when ``CLOCK_SYNC`` is off or Redis cannot be reached."""
    global _started_pid
    cfg = cfg or get_config()
    if not cfg.clock_sync:
        return False
    with _lock:
        if _started_pid == os.getpid():
            return True
        import redis

        client = redis.Redis.from_url(cfg.redis_url, socket_timeout=2, socket_connect_timeout=2)
        try:
            sync_once(client)
        except redis.RedisError as exc:  # the broker checks will say more; times stay local
            log.warning("clock sync with Redis failed, using this host's clock for now: %s", exc)
        _started_pid = os.getpid()
    stop = threading.Event()

    def loop() -> None:
        while not stop.wait(cfg.clock_sync_s):
            try:
                sync_once(client)
            except redis.RedisError as exc:
                log.debug("clock sync failed, keeping offset %+.3f s: %s", clock.clock_offset(), exc)

    threading.Thread(target=loop, name="clock-sync", daemon=True).start()
    return True
