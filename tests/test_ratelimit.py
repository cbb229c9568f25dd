"""The Redis limiter (productscraper/politeness/limiter.py) against a real Redis.

Uses the tests' own redis-server (fixture ``redis_url``), with a unique key prefix per test, deleted afterwards. Waits are read from the limiter's
answers (Redis's clock) where possible, so the assertions do not depend on how busy the
machine is.
"""
from __future__ import annotations

import multiprocessing
import time

import pytest
import redis

from tests.e2e import max_in_window
from productscraper.politeness.limiter import DomainLimiter, Rate, parse_rate_overrides

CLOCK = 0.005  # seconds: Redis TIME (wall clock) against time.monotonic within one test
TOL = 0.04  # seconds: Redis TIME moves between two calls of one test (busy machine)




@pytest.fixture
def limiter(redis_url, prefix) -> DomainLimiter:
    return DomainLimiter(redis.Redis.from_url(redis_url), prefix=prefix)


def test_slots_are_spaced_by_the_rate(limiter):
    # The limiter's clock is Redis's: each slot is (server now + wait), and server now lies
    # between the moments the call left and came back. Bounding by those moments keeps the
    # check exact however slow a round trip is on a loaded machine.
    rate = Rate(4)  # 0.25 s apart, so a stall between calls does not restart the schedule
    calls = []
    for _ in range(10):
        asked = time.monotonic()
        wait = limiter.acquire("shop:1", rate).wait
        calls.append((asked + wait, time.monotonic() + wait))
    first_lo, first_hi = calls[0]
    for i, (lo, hi) in enumerate(calls):
        assert lo - first_hi - CLOCK <= i * 0.25 <= hi - first_lo + CLOCK


def test_requests_sent_at_their_slots_stay_within_the_rate_over_a_window(limiter):
    sent = []
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        slot = limiter.acquire("shop:1", Rate(10))
        time.sleep(slot.wait)
        sent.append(time.monotonic())
    assert max_in_window(sent, 1.0) <= 11  # 10/s, +1 for the window's edges
    assert len(sent) >= 12  # and the rate is reached: ~16 in 1.5 s (slack for a busy machine)


def test_a_burst_goes_at_once_then_the_rate_applies(limiter):
    waits = [limiter.acquire("shop:1", Rate(2, burst=3)).wait for _ in range(5)]
    assert waits[:3] == pytest.approx([0, 0, 0], abs=TOL)
    assert waits[3] == pytest.approx(0.5, abs=TOL)
    assert waits[4] == pytest.approx(1.0, abs=TOL)


def test_domains_are_independent(limiter):
    limiter.acquire("a:1", Rate(1))
    assert limiter.acquire("b:1", Rate(1)).wait == pytest.approx(0, abs=TOL)
    assert limiter.acquire("a:1", Rate(1)).wait == pytest.approx(1.0, abs=TOL)


def test_a_refused_acquire_consumes_nothing(limiter):
    rate = Rate(5)
    for _ in range(5):
        limiter.acquire("shop:1", rate)  # slots at 0, .2, .4, .6, .8
    tat_before = limiter.client.get(limiter.keys("shop:1")["tat"])
    refused = [limiter.acquire("shop:1", rate, max_wait=0.5) for _ in range(20)]
    assert not any(s.granted for s in refused)
    assert refused[0].wait == pytest.approx(1.0, abs=TOL)
    assert limiter.client.get(limiter.keys("shop:1")["tat"]) == tat_before
    # The next slot is still the one the refused callers were told about.
    assert limiter.acquire("shop:1", rate).wait == pytest.approx(1.0, abs=TOL)


def test_an_acceptable_wait_reserves(limiter):
    limiter.acquire("shop:1", Rate(5))
    slot = limiter.acquire("shop:1", Rate(5), max_wait=0.5)
    assert slot.granted and slot.wait == pytest.approx(0.2, abs=TOL)
    assert limiter.acquire("shop:1", Rate(5), max_wait=0).granted is False


def test_penalise_pauses_the_domain_and_a_pause_is_never_shortened(limiter):
    rate = Rate(10)
    first = limiter.penalise("shop:1", rate, 2.0)
    assert first.pause == pytest.approx(2.0, abs=TOL)
    shorter = limiter.penalise("shop:1", rate, 0.5)
    assert shorter.pause == pytest.approx(2.0, abs=TOL)  # not shortened
    assert limiter.pause_remaining("shop:1") == pytest.approx(2.0, abs=TOL)
    slot = limiter.acquire("shop:1", rate)
    assert slot.wait == pytest.approx(2.0, abs=TOL)
    assert not limiter.acquire("shop:1", rate, max_wait=1.9).granted
    longer = limiter.penalise("shop:1", rate, 3.0)
    assert longer.pause == pytest.approx(3.0, abs=TOL)  # extended


def test_the_pause_applies_to_unlimited_domains_too(limiter):
    assert limiter.acquire("shop:1", Rate(0)).wait == 0
    limiter.penalise("shop:1", Rate(0), 1.0)
    assert limiter.acquire("shop:1", Rate(0)).wait == pytest.approx(1.0, abs=TOL)
    assert limiter.factor("shop:1") == 1.0  # nothing to halve


def test_penalise_halves_the_rate_once_per_pause_and_no_burst_after_it(limiter):
    rate = Rate(10, burst=4)
    assert limiter.penalise("shop:1", rate, 0.5).factor == 0.5
    # A 429 of a request that was in flight during the pause: same overload, no second halving.
    assert limiter.penalise("shop:1", rate, 0.5).factor == 0.5
    waits = [limiter.acquire("shop:1", rate).wait for _ in range(3)]
    # At half rate the interval is 0.2 s, and the burst does not fire when the pause ends.
    assert waits == pytest.approx([0.5, 0.7, 0.9], abs=TOL)


def test_the_factor_has_a_floor(limiter):
    rate = Rate(10)
    for _ in range(8):
        limiter.penalise("shop:1", rate, 0.0)  # no pause: each one halves
    assert limiter.factor("shop:1") == pytest.approx(0.1)


def test_successes_recover_the_rate_step_by_step(limiter):
    rate = Rate(10)
    limiter.penalise("shop:1", rate, 0.0)
    limiter.penalise("shop:1", rate, 0.0)
    assert limiter.factor("shop:1") == 0.25
    steps = [limiter.recover("shop:1") for _ in range(9)]
    assert steps[:3] == pytest.approx([0.35, 0.45, 0.55])
    assert steps[-1] == 1.0 and limiter.factor("shop:1") == 1.0
    assert limiter.client.get(limiter.keys("shop:1")["factor"]) is None  # back to normal: key gone
    start = limiter.acquire("shop:1", rate).wait
    assert limiter.acquire("shop:1", rate).wait - start == pytest.approx(0.1, abs=TOL)


def test_a_quiet_period_restores_the_full_rate(redis_url, prefix):
    limiter = DomainLimiter(redis.Redis.from_url(redis_url), prefix=prefix, backoff_quiet=0.3)
    limiter.penalise("shop:1", Rate(10), 0.0)
    assert limiter.factor("shop:1") == 0.5
    time.sleep(0.4)
    assert limiter.factor("shop:1") == 1.0


def test_concurrency_cap_with_release_and_ttl(limiter):
    assert limiter.acquire_concurrency("shop:1", 2, "a", ttl=0.3)
    assert limiter.acquire_concurrency("shop:1", 2, "b", ttl=10)
    assert not limiter.acquire_concurrency("shop:1", 2, "c", ttl=10)
    assert limiter.acquire_concurrency("shop:1", 2, "b", ttl=10)  # a holder refreshes its lease
    limiter.release_concurrency("shop:1", "b")
    assert limiter.acquire_concurrency("shop:1", 2, "c", ttl=10)
    assert not limiter.acquire_concurrency("shop:1", 2, "d", ttl=10)
    # "a" is never released (its worker was killed): its lease expires.
    time.sleep(0.4)
    assert limiter.acquire_concurrency("shop:1", 2, "d", ttl=10)
    assert limiter.concurrency("shop:1") == 2
    assert limiter.client.pttl(limiter.keys("shop:1")["conc"]) > 0  # the set itself expires too


def _send_at_slots(redis_url: str, prefix: str, ready, go, duration: float, out) -> None:
    limiter = DomainLimiter(redis.Redis.from_url(redis_url), prefix=prefix)
    limiter.client.ping()
    ready.put(True)
    go.wait(60)  # both start together, whatever their interpreters' start-up took
    start_at = time.time()
    sent = []
    while time.time() < start_at + duration:
        time.sleep(limiter.acquire("shop:1", Rate(10)).wait)
        sent.append(time.time())
    out.put(sent)


def test_two_processes_share_one_limit(redis_url, prefix):
    ctx = multiprocessing.get_context("spawn")
    out, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=_send_at_slots, args=(redis_url, prefix, ready, go, 2.0, out))
             for _ in range(2)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.get(timeout=60)
    go.set()
    results = [out.get(timeout=30) for _ in procs]
    for p in procs:
        p.join(10)
    assert all(results), "each process sent requests"
    sent = sorted(t for r in results for t in r)
    assert max_in_window(sent, 1.0) <= 11  # 10/s together, not 10/s each
    assert len(sent) >= 16  # ~21 in 2 s: the shared limit is used, not split


def test_parse_rate_overrides():
    assert parse_rate_overrides("") == {}
    assert parse_rate_overrides("127.0.0.1:8001=6, Shop.example=2.5/4") == {
        "127.0.0.1:8001": Rate(6.0, 1), "shop.example": Rate(2.5, 4)}
    for bad in ("nodomain", "=3", "a=x", "a=-1", "a=1/0"):
        with pytest.raises(ValueError, match="DOMAIN_RATE_LIMITS"):
            parse_rate_overrides(bad)


