"""The cluster's clock: a host whose clock is off measures its offset from Redis TIME and
writes ledger times and message leases on the corrected clock (storage/clock_sync.py)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone

import pytest
import redis
from kombu import Connection, Queue

from productscraper.storage import clock
from productscraper.storage.clock_sync import redis_time
from tests.services import ROOT

needs_faketime = pytest.mark.skipif(not shutil.which("faketime"),
                                    reason="faketime (Debian package faketime) is not installed")


@pytest.fixture
def no_offset():
    yield
    clock.set_clock_offset(0.0)


def test_the_offset_is_the_server_clock_minus_ours_from_the_fastest_round_trip():
    delays = iter([0.05, 0.0, 0.02])

    def server() -> float:
        time.sleep(next(delays))  # a slow round trip: its sample is the least trustworthy
        return time.time() + 120.0

    assert clock.measure_offset(server, samples=3) == pytest.approx(120.0, abs=0.01)


def test_stored_timestamps_follow_the_measured_offset(no_offset):
    clock.set_clock_offset(-300.0)
    stamped = clock.parse_iso(clock.now_iso())
    assert (datetime.now(timezone.utc) - stamped).total_seconds() == pytest.approx(300.0, abs=1.0)
    assert clock.reference_time() == pytest.approx(time.time() - 300.0, abs=0.1)


def test_clock_sync_off_keeps_the_hosts_clock(redis_url, no_offset):
    from productscraper.config import Config
    from productscraper.storage import clock_sync

    assert clock_sync.start(Config.from_env({"REDIS_URL": redis_url, "CLOCK_SYNC": "off"})) is False
    assert clock.clock_offset() == 0.0


# A process on a host whose clock is 5 minutes fast: it syncs, then takes one message
# through the workers' transport without acking it and prints what it stamped.
_FAST_HOST = """
import json, sys, time
from kombu import Connection, Queue
from productscraper.storage import clock, clock_sync
clock_sync.start()
queue = Queue("clock-test")
with Connection(sys.argv[1], transport="tasks.speedups.transport:Transport",
                transport_options={"visibility_timeout": 20}) as conn:
    got = []
    with conn.Consumer(queue, callbacks=[lambda body, m: got.append(m)], accept=["json"],
                       prefetch_count=1):
        while not got:
            conn.drain_events(timeout=10)
    # kombu's periodic restore, as this worker's loop would run it
    conn.default_channel.qos.restore_visible(num=100, interval=1)
    import redis
    client = redis.Redis.from_url(sys.argv[1])
    print(json.dumps({"offset": clock.clock_offset(), "local": time.time(),
                      "stamp": clock.now_iso(), "lease": client.zscore("unacked_index", got[0].delivery_tag),
                      "held": client.zscore("unacked_index", sys.argv[2]) is not None,
                      "queued": client.llen("clock-test")}))
"""


@needs_faketime
def test_a_host_5_minutes_fast_stamps_its_leases_and_times_on_the_redis_clock(redis_url):
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    with Connection(redis_url, transport="tasks.speedups.transport:Transport") as conn:
        queue = Queue("clock-test")
        with conn.Producer() as producer:
            for i in range(2):
                producer.publish({"n": i}, routing_key=queue.name, declare=[queue], serializer="json")
        # A message a correct-clock worker holds (delivered, not acked) for 5 s already.
        taken = []
        with conn.Consumer(queue, callbacks=[lambda body, m: taken.append(m)], accept=["json"],
                           prefetch_count=1):
            while not taken:
                conn.drain_events(timeout=5)
        ours = taken[0].delivery_tag
        client.zadd("unacked_index", {ours: redis_time(client) - 5})
        env = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(["faketime", "-f", "+5m", sys.executable, "-c", _FAST_HOST, redis_url, ours],
                             env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert out.returncode == 0, out.stderr[-3000:]
        fast = json.loads(out.stdout.strip().splitlines()[-1])
        now = redis_time(client)
        assert fast["local"] - now == pytest.approx(300.0, abs=5.0)  # the host really is fast
        assert fast["offset"] == pytest.approx(-300.0, abs=2.0)
        assert (clock.parse_iso(fast["stamp"]).timestamp() - now) == pytest.approx(0.0, abs=2.0)
        # Its lease is stamped on the Redis clock, so it expires 20 s from now, not 320 s.
        assert fast["lease"] == pytest.approx(now, abs=5.0)
        # And its restore pass did not take the other worker's in-flight message away.
        assert fast["held"] and fast["queued"] == 0
    client.flushdb()
