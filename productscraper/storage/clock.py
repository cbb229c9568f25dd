"""Timestamps as stored in MongoDB: ISO-8601 UTC strings.

Why strings and not BSON dates: the embedded MongoDB-wire server (nx-27017, on
SQLite) turns a datetime written by ``$set`` on an existing document into a plain
string, so a collection would mix both types and sort wrongly. Fixed-width ISO
strings (``2026-12-02T15:07:14.990123Z``) are the same on both servers, sort
chronologically and compare with ``$gte``/``$lt`` against a date prefix.
"""
from __future__ import annotations

from datetime import datetime, timezone

FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def now_iso() -> str:
    """The current UTC time as a fixed-width ISO-8601 string."""
    return datetime.now(timezone.utc).strftime(FORMAT)


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
