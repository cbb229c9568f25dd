"""Cluster-wide politeness per domain, kept in Redis (no Scrapy in here).

Every process that talks to a site (each Celery worker, the listing spider) asks this
limiter for a slot before it sends a request. The state lives in Redis and every
decision is one Lua script, so the processes of a cluster share one limit per domain
(``host:port``) and one clock (Redis ``TIME``, not the machines' clocks).

Algorithm
---------
**Rate: GCRA** (generic cell rate algorithm, a token bucket stored as one number).
For a rate of ``r`` requests/s the emission interval is ``T = 1/r``; with a burst of
``b`` the tolerance is ``tau = (b - 1) * T``. The key ``tat`` holds the theoretical
arrival time of the next request. A caller gets the slot

    start = max(now, tat - tau, pause_until)

and must wait ``start - now`` before sending. The script only *reserves* the slot
(``tat = max(tat, start) + T``) when that wait is at most the caller's ``max_wait``;
otherwise it answers "refused, the wait would be W s" and changes nothing, so a request
that is deferred (Celery retry with a countdown) does not consume a slot.

**Pause and back-off: AIMD shared by the cluster.** On a 429 (or a 503 with
Retry-After) :meth:`DomainLimiter.penalise`:

* sets ``pause_until = now + Retry-After`` unless a later pause is already set (a pause
  is never shortened); every acquire starts at ``pause_until`` or later;
* halves the domain's rate factor (1.0 = the configured rate) down to ``min_factor``,
  but only once per pause: 429s of requests that were already in flight when the first
  one arrived report the same overload;
* moves ``tat`` to ``pause_until + tau`` so the domain is not hit by a burst when the
  pause ends.

Each successful response (:meth:`DomainLimiter.recover`) adds ``recovery_step`` (10 %
of the configured rate) back to the factor until it is 1.0 again; and the factor key
expires ``backoff_quiet`` seconds after the last penalty, so a domain that stays quiet
returns to its full rate even without traffic. Additive increase, multiplicative
decrease: the classic way to find the rate a server tolerates.

**Concurrency cap.** Optional, per domain and cluster-wide: a sorted set of leases
(member = lease token, score = expiry in ms). Acquiring first drops expired leases, so
a worker killed mid-request (which never releases) loses its slots after ``ttl``
seconds instead of leaking them forever.

Keys (``{domain}`` in braces keeps a domain's keys in one Redis Cluster slot)::

    <prefix>rl:{<domain>}:tat     GCRA theoretical arrival time (µs, Redis clock)
    <prefix>rl:{<domain>}:pause   pause until (µs)
    <prefix>rl:{<domain>}:factor  current share of the configured rate, 0 < f < 1
    <prefix>rl:{<domain>}:conc    concurrency leases (sorted set)

Every key carries a TTL, so an idle domain leaves nothing behind.
"""
from __future__ import annotations

from dataclasses import dataclass

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

US = 1_000_000  # the scripts count in integer microseconds (exact in a Lua double)

# Shared helpers: Redis server time in µs, and integer formatting (Lua's default
# number formatting would turn 1.8e15 into "1.8e+15" and lose digits).
_LUA_PRELUDE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local function int(x) return string.format('%.0f', x) end
"""

# KEYS: tat, pause, factor. ARGV: interval_us at full rate (0 = no rate limit), burst,
# max_wait_us (-1 = wait as long as needed).
# Returns {granted 0/1, wait_us, factor as a string}.
_ACQUIRE = _LUA_PRELUDE + """
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local max_wait = tonumber(ARGV[3])
local factor = tonumber(redis.call('GET', KEYS[3]) or '1')
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
local start = now
if pause > start then start = pause end
local tat = nil
local T = 0
if interval > 0 then
  T = math.floor(interval / factor)
  tat = tonumber(redis.call('GET', KEYS[1]) or '0')
  if tat < now then tat = now end
  local earliest = tat - (burst - 1) * T
  if earliest > start then start = earliest end
end
local wait = start - now
if max_wait >= 0 and wait > max_wait then
  return {0, int(wait), tostring(factor)}
end
if interval > 0 then
  if start > tat then tat = start end
  local new_tat = tat + T
  redis.call('SET', KEYS[1], int(new_tat), 'PX', int(math.floor((new_tat - now) / 1000) + 1000))
end
return {1, int(wait), tostring(factor)}
"""

# KEYS: tat, pause, factor. ARGV: pause_us, interval_us at full rate, burst, min_factor,
# quiet_ms (the factor key's TTL). Returns {remaining pause in µs, factor as a string}.
_PENALISE = _LUA_PRELUDE + """
local until_ = now + tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local min_factor = tonumber(ARGV[4])
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
local already_paused = current > now
if until_ > current then
  redis.call('SET', KEYS[2], int(until_), 'PX', int(math.floor((until_ - now) / 1000) + 1000))
  current = until_
end
local factor = tonumber(redis.call('GET', KEYS[3]) or '1')
if interval > 0 then
  if not already_paused then
    factor = math.max(min_factor, factor / 2)
  end
  redis.call('SET', KEYS[3], string.format('%.4f', factor), 'PX', ARGV[5])
  -- no burst when the pause ends: the next slot is the pause's end, then every T
  local T = math.floor(interval / factor)
  local floor_tat = current + (burst - 1) * T
  local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
  if tat < floor_tat then
    redis.call('SET', KEYS[1], int(floor_tat), 'PX', int(math.floor((floor_tat - now) / 1000) + 1000))
  end
end
return {int(current - now), tostring(factor)}
"""

# KEYS: factor. ARGV: step. Returns the new factor as a string.
_RECOVER = """
local f = tonumber(redis.call('GET', KEYS[1]) or '1')
if f >= 1 then return '1' end
f = f + tonumber(ARGV[1])
if f >= 1 then
  redis.call('DEL', KEYS[1])
  return '1'
end
redis.call('SET', KEYS[1], string.format('%.4f', f), 'KEEPTTL')
return tostring(f)
"""

# KEYS: pause. Returns the remaining pause in µs (0 = not paused).
_PAUSE_LEFT = _LUA_PRELUDE + """
local pause = tonumber(redis.call('GET', KEYS[1]) or '0')
if pause <= now then return 0 end
return int(pause - now)
"""

# KEYS: leases (sorted set). ARGV: limit, token, ttl_ms. Returns 1 when the token holds
# a lease (taken now, or refreshed), else 0. Expired leases are reclaimed first.
_LEASE = _LUA_PRELUDE + """
local now_ms = math.floor(now / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', int(now_ms))
local held = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not held and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  return 0
end
redis.call('ZADD', KEYS[1], int(now_ms + ttl), ARGV[2])
redis.call('PEXPIRE', KEYS[1], int(ttl))
return 1
"""


@dataclass(frozen=True)
class Rate:
    """A domain's limit: ``per_second`` requests/s (0 = unlimited), ``burst`` at once."""

    per_second: float = 0.0
    burst: int = 1

    @property
    def interval_us(self) -> int:
        """Emission interval in µs at the full rate (0 when unlimited)."""
        return round(US / self.per_second) if self.per_second > 0 else 0


@dataclass(frozen=True)
class Slot:
    """Answer of :meth:`DomainLimiter.acquire`.

    ``granted``: the slot is reserved, send after ``wait`` seconds. Otherwise nothing was
    reserved and ``wait`` is how long the caller would have had to wait. ``factor`` is the
    domain's current share of its configured rate (below 1.0 after a back-off).
    """

    granted: bool
    wait: float
    factor: float


@dataclass(frozen=True)
class Penalty:
    """Answer of :meth:`DomainLimiter.penalise`: the pause left (s) and the new factor."""

    pause: float
    factor: float


def parse_rate_overrides(text: str) -> dict[str, Rate]:
    """Parse ``"host:port=6,shop.example=2/5"`` (``domain=rate[/burst]``, comma-separated).

    Raises ValueError naming the bad entry; an empty string gives no overrides.
    """
    overrides: dict[str, Rate] = {}
    for entry in (e.strip() for e in (text or "").split(",")):
        if not entry:
            continue
        domain, sep, value = entry.rpartition("=")
        rate_text, _, burst_text = value.partition("/")
        try:
            rate = float(rate_text)
            burst = int(burst_text) if burst_text.strip() else 1
        except ValueError:
            rate, burst = -1.0, 0
        if not sep or not domain.strip() or rate < 0 or burst < 1:
            raise ValueError(f"bad DOMAIN_RATE_LIMITS entry {entry!r}: expected domain=rate[/burst]")
        overrides[domain.strip().lower()] = Rate(rate, burst)
    return overrides


def redis_client(url: str) -> redis.Redis:
    """A client for calls made on the event loop's thread: short timeouts, one immediate retry.

    redis-py's default (10 retries with back-off up to 1 s) would freeze the event loop for
    seconds while Redis is down; one retry without sleeping still covers a connection
    left stale by a Redis restart.
    """
    return redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0,
                                retry=Retry(NoBackoff(), 1))


class DomainLimiter:
    """Per-domain rate, pause/back-off and concurrency cap shared through Redis.

    All methods are synchronous single round trips (sub-millisecond on loopback) and
    raise :class:`redis.RedisError` when Redis is unreachable; callers decide how to
    degrade.
    """

    def __init__(self, client: redis.Redis, *, prefix: str = "ps:", min_factor: float = 0.1,
                 recovery_step: float = 0.1, backoff_quiet: float = 60.0) -> None:
        self.client = client
        self.prefix = prefix
        self.min_factor = min_factor
        self.recovery_step = recovery_step
        self.backoff_quiet = backoff_quiet
        self._acquire = client.register_script(_ACQUIRE)
        self._penalise = client.register_script(_PENALISE)
        self._recover = client.register_script(_RECOVER)
        self._pause_left = client.register_script(_PAUSE_LEFT)
        self._lease = client.register_script(_LEASE)

    def keys(self, domain: str) -> dict[str, str]:
        """The Redis keys of ``domain`` (tat, pause, factor, conc)."""
        base = f"{self.prefix}rl:{{{domain}}}:"
        return {name: base + name for name in ("tat", "pause", "factor", "conc")}

    def acquire(self, domain: str, rate: Rate, max_wait: float | None = None) -> Slot:
        """Reserve the next slot of ``domain`` unless it is more than ``max_wait`` s away.

        ``max_wait=None`` always reserves (the caller will wait however long it takes).
        The pause set by :meth:`penalise` applies even to unlimited domains.
        """
        k = self.keys(domain)
        limit_us = -1 if max_wait is None else max(0, round(max_wait * US))
        granted, wait_us, factor = self._acquire(
            keys=[k["tat"], k["pause"], k["factor"]],
            args=[rate.interval_us, max(1, rate.burst), limit_us])
        return Slot(bool(granted), int(wait_us) / US, float(factor))

    def penalise(self, domain: str, rate: Rate, pause: float) -> Penalty:
        """The domain said "slow down" (429, 503 + Retry-After): pause it, halve its rate."""
        k = self.keys(domain)
        left_us, factor = self._penalise(
            keys=[k["tat"], k["pause"], k["factor"]],
            args=[max(0, round(pause * US)), rate.interval_us, max(1, rate.burst),
                  self.min_factor, max(1, round(self.backoff_quiet * 1000))])
        return Penalty(int(left_us) / US, float(factor))

    def recover(self, domain: str) -> float:
        """A successful response: give back one step of the rate; returns the new factor."""
        return float(self._recover(keys=[self.keys(domain)["factor"]],
                                   args=[self.recovery_step]))

    def pause_remaining(self, domain: str) -> float:
        """Seconds left of the domain's pause (0.0 when it is not paused)."""
        return int(self._pause_left(keys=[self.keys(domain)["pause"]])) / US

    def factor(self, domain: str) -> float:
        """The domain's current share of its configured rate (1.0 = no back-off)."""
        raw = self.client.get(self.keys(domain)["factor"])
        return float(raw) if raw is not None else 1.0

    def acquire_concurrency(self, domain: str, limit: int, token: str, ttl: float) -> bool:
        """Take (or refresh) lease ``token`` if fewer than ``limit`` are held; True on success.

        A lease not released within ``ttl`` seconds is reclaimed by the next caller.
        """
        return bool(self._lease(keys=[self.keys(domain)["conc"]],
                                args=[limit, token, max(1, round(ttl * 1000))]))

    def release_concurrency(self, domain: str, token: str) -> None:
        """Give lease ``token`` back."""
        self.client.zrem(self.keys(domain)["conc"], token)

    def concurrency(self, domain: str) -> int:
        """Leases currently held for ``domain`` (expired ones included until reclaimed)."""
        return int(self.client.zcard(self.keys(domain)["conc"]))


__all__ = ["DomainLimiter", "Penalty", "Rate", "Slot", "parse_rate_overrides", "redis_client"]
