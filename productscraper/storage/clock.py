"""Timestamps as stored in MongoDB: ISO-8601 UTC strings.

Why strings and not BSON dates: the embedded MongoDB-wire server (nx-27017, on
SQLite) turns a datetime written by ``$set`` on an existing document into a plain
string, so a collection would mix both types and sort wrongly. Fixed-width ISO
strings (``2026-12-02T15:07:14.990123Z``) are the same on both servers, sort
chronologically and compare with ``$gte``/``$lt`` against a date prefix.
"""
from __future__ import annotations

import time
from datetime import datetime, timezone
from typing import Callable

FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"

# The cluster's clock: this host's clock plus an offset measured against a reference
# server (Redis ``TIME``, the clock the politeness limiter already uses). A worker host
# whose clock is minutes off would otherwise write ledger times in the future and, worse,
# stamp message leases (kombu's unacked index) and Celery ETAs with its own time.
_offset = 0.0


def reference_time() -> float:
    """Seconds since the epoch on the cluster's clock (local time + measured offset)."""
    return time.time() + _offset


def clock_offset() -> float:
    """The offset in use: reference clock minus this host's clock, in seconds."""
    return _offset


def set_clock_offset(seconds: float) -> None:
    """Use ``seconds`` as the reference-minus-local offset (0 turns the correction off)."""
    global _offset
    _offset = float(seconds)


def measure_offset(server_time: Callable[[], float], samples: int = 3) -> float:
    """Reference minus local clock, from ``server_time()`` (epoch seconds on the server).

    Each sample assumes the server read its clock halfway through the round trip; the
    sample with the shortest round trip wins (least queueing, least error).
    """
    best: tuple[float, float] | None = None
    for _ in range(max(1, samples)):
        sent = time.time()
        server = server_time()
        back = time.time()
        sample = (back - sent, server - (sent + back) / 2)
        if best is None or sample[0] < best[0]:
            best = sample
    return best[1]


def now_iso() -> str:
    """The current UTC time (the cluster's clock) as a fixed-width ISO-8601 string."""
    return datetime.fromtimestamp(reference_time(), timezone.utc).strftime(FORMAT)


def now_utc() -> datetime:
    """The current time on the cluster's clock, as an aware UTC datetime."""
    return datetime.fromtimestamp(reference_time(), timezone.utc)


def to_iso(when: datetime) -> str:
    """A datetime as a stored timestamp (naive values are taken as UTC)."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc).strftime(FORMAT)


def parse_iso(value: str | datetime | None) -> datetime | None:
    """A stored timestamp back to an aware datetime (None stays None)."""
    if value is None or isinstance(value, datetime):
        return value
    text = value.rstrip("Z").replace(" ", "T")
    when = datetime.fromisoformat(text)
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
