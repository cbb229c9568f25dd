"""Helpers for end-to-end tests: crawl, wait, compare with the demo shop's truth."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from pymongo import MongoClient
from pymongo.database import Database

from tests.services import cli

DEMO_FIELDS = ("title", "price", "currency", "availability", "stock", "sku", "rating", "category")


def crawl(env: dict, start_url: str, run_id: str, *extra: str, check: bool = True):
    """``scrapy crawl listings`` as a user runs it."""
    return cli("scrapy", "crawl", "listings", "-a", f"start_url={start_url}", "-a", f"run_id={run_id}",
               *extra, "-L", "WARNING", env=env, check=check)


def wait(env: dict, run_id: str, timeout: float = 120) -> dict:
    """``wait --run`` then ``report --json``; returns the report."""
    cli("wait", "--run", run_id, "--timeout", str(timeout), "--interval", "0.3", env=env,
        timeout=timeout + 30)
    return report(env, run_id)


def report(env: dict, run_id: str) -> dict:
    """``report --run ID --json``."""
    return json.loads(cli("report", "--run", run_id, "--json", env=env).stdout)


def queue_length(env: dict, queue: str = "products") -> int:
    """Messages waiting in a Celery queue on the Redis broker."""
    return redis.Redis.from_url(env["REDIS_URL"]).llen(queue)


def mismatches(truth: list[dict], stored: dict[str, dict], fields=DEMO_FIELDS) -> list[tuple]:
    """(url, field, expected, got) for every stored value that differs from the truth."""
    bad = []
    for p in truth:
        doc = stored.get(p["url"])
        if doc is None:
            bad.append((p["url"], "<missing>", None, None))
            continue
        for f in fields:
            exp, got = p.get(f), doc.get(f)
            if isinstance(exp, float) and isinstance(got, (int, float)):
                if abs(exp - got) > 0.005:
                    bad.append((p["url"], f, exp, got))
            elif exp != got:
                bad.append((p["url"], f, exp, got))
    return bad


def max_in_window(times: list[float], window: float = 1.0) -> int:
    """Most events in any half-open interval [t, t + window)."""
    times = sorted(times)
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while times[lo] <= t - window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


@contextmanager
def one_worker_stack(env: dict) -> Iterator[dict]:
    """``stack up`` with one HTTP worker (8 slots), no browser, no Flower; down afterwards."""
    cli("stack", "up", "--workers", "1", "--concurrency", "8", "--render-workers", "0",
        "--no-flower", env=env)
    try:
        yield env
    finally:
        cli("stack", "down", env=env, check=False)


@contextmanager
def stack_database(env: dict) -> Iterator[Database]:
    """The stack's MongoDB database (pymongo over TCP, timezone-aware datetimes)."""
    uri = env["MONGO_URI"]
    client = MongoClient(uri, serverSelectionTimeoutMS=5000, tz_aware=True)
    try:
        yield client[uri.rsplit("/", 1)[1]]
    finally:
        client.close()


def until(predicate, timeout: float = 30.0, what: str = "condition"):
    """Poll ``predicate`` until it is truthy (no timing is asserted: the deadline only
    keeps a broken build from hanging)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")
