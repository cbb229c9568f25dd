"""Downloader middleware: every request waits for its domain's cluster-wide slot.

The limit itself lives in Redis (:mod:`productscraper.politeness.limiter`, algorithm in its
docstring); this middleware decides the rate of a domain, waits without blocking the
event loop, defers Celery tasks instead of letting them idle, and reports 429/503
answers back to the limiter.

Per request (``process_request``, placed last before the download so every HTTP request
-- listing pages, robots.txt, products, redirects, retries -- takes exactly one slot):

1. with ``DOMAIN_MAX_CONCURRENCY`` set, take a cluster-wide concurrency lease (polling);
2. reserve a rate slot. A request carrying ``meta["ps_defer_over"]`` (seconds; set for
   Celery product tasks) only reserves when the wait is at most that long; otherwise
   :class:`~productscraper.exceptions.DomainSaturated` is raised and nothing is consumed
   (the task is re-queued with ``countdown=wait``). Other requests just wait;
3. ``await`` the wait (``scrapy.utils.asyncio.sleep``: the reactor keeps running), then
   check the domain's pause again: a 429 that arrived meanwhile means a new slot. A slot is
   a moment, not a ticket: a process whose event loop was starved (a busy host) and woke
   more than half an interval past its slot takes a new one (at most ``MAX_LATE_RETAKES``
   times), or the late requests of a starved second would go out together with the next
   second's own.

A domain with neither a rate nor a concurrency cap needs Redis only for its pause, so the
answer is trusted for ``DOMAIN_PAUSE_CHECK`` seconds (0.5): within it, such a domain's
requests go without a round trip (the most common case, and a blocking call on the event
loop saved per request); a 429 that another process saw reaches this one at most that
late, its own 429s at once.

Per response (``process_response``, which runs before RetryMiddleware sees a 429): 429,
or 503 with Retry-After, pauses the domain for Retry-After (capped by
``DOMAIN_MAX_PAUSE``; 1 s for a 429 without one) and halves its rate; a success while
the domain is backed off gives back one step.

Rate of a domain (``host:port``, :func:`productscraper.urls.host_key`): the
``DOMAIN_RATE_LIMITS`` override (``"host:port=6,shop.example=2/5"``, rate[/burst]), else
the site profile's ``rate_limit`` (:func:`productscraper.profiles.profile_for_url`, by
URL, so every process agrees whatever profile a request forces), else
``DOMAIN_RATE_LIMIT``; 0 = no rate limit (the pause still applies). Burst: the
override's, else the profile's ``burst`` when above 1, else ``DOMAIN_RATE_BURST``.

If Redis is unreachable the middleware degrades to a per-process limiter at the same
rate (logged), retrying Redis every few seconds: a Redis restart must not fail pages.
"""
from __future__ import annotations

import logging
import random
import time
import uuid
from typing import TYPE_CHECKING

import redis
from scrapy.http import Request, Response
from scrapy.utils.asyncio import sleep

from productscraper.exceptions import DomainSaturated
from productscraper.worker.outcomes import parse_retry_after
from productscraper.profiles import profile_for_url
from productscraper.politeness.limiter import DomainLimiter, Rate, parse_rate_overrides, redis_client
from productscraper.urls import host_key

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

log = logging.getLogger(__name__)

DEFER_META = "ps_defer_over"
LEASE_META = "_ps_rl_lease"      # concurrency lease token held by this request
FACTOR_META = "_ps_rl_factor"    # the domain's rate factor when the slot was granted

DEFAULT_PAUSE_S = 1.0     # a 429 without (a readable) Retry-After
LEASE_POLL_S = 0.1        # how often a request waiting for a concurrency lease asks again
REDIS_RETRY_S = 3.0       # after a Redis error, use the local fallback this long
MAX_DOMAINS_KEPT = 10_000  # per-domain memos are cleared past this: many one-off hosts
LATE_TOLERANCE = 0.5      # of the domain's interval: woken later than this, the slot is void
MAX_LATE_RETAKES = 3      # then go anyway (a host starved that long sends little)


class RateResolver:
    """Which :class:`Rate` applies to a URL's domain (cached per domain)."""

    def __init__(self, default_rate: float = 0.0, default_burst: int = 1,
                 overrides: dict[str, Rate] | None = None) -> None:
        self.default = Rate(max(0.0, default_rate), max(1, default_burst))
        self.overrides = dict(overrides or {})
        self._cache: dict[str, Rate] = {}

    def domain_and_rate(self, url: str) -> tuple[str, Rate]:
        """``(host:port, rate)`` of ``url``."""
        domain = host_key(url)
        rate = self._cache.get(domain)
        if rate is None:
            rate = self._resolve(domain, url)
            if len(self._cache) > MAX_DOMAINS_KEPT:
                self._cache.clear()
            self._cache[domain] = rate
        return domain, rate

    def _resolve(self, domain: str, url: str) -> Rate:
        if domain in self.overrides:
            return self.overrides[domain]
        profile = profile_for_url(url)
        burst = profile.burst if profile.burst > 1 else self.default.burst
        if profile.rate_limit:
            return Rate(profile.rate_limit, burst)
        return Rate(self.default.per_second, burst)


class PauseMemo:
    """What Redis last said about domains' pauses, trusted for ``ttl`` seconds.

    Only for domains whose sole limit is the pause: a rate or a concurrency cap must be
    decided in Redis request by request.
    """

    def __init__(self, ttl: float) -> None:
        self.ttl = max(0.0, ttl)
        self._unpaused_at: dict[str, float] = {}  # domain -> monotonic time Redis said "not paused"

    def unpaused(self, domain: str) -> bool:
        """True when Redis said within ``ttl`` that ``domain`` was not paused."""
        seen = self._unpaused_at.get(domain)
        return seen is not None and time.monotonic() - seen < self.ttl

    def remember_unpaused(self, domain: str) -> None:
        """Redis just said ``domain`` is not paused."""
        if self.ttl <= 0:
            return
        if len(self._unpaused_at) > MAX_DOMAINS_KEPT:
            self._unpaused_at.clear()
        self._unpaused_at[domain] = time.monotonic()

    def forget(self, domain: str) -> None:
        """The domain may be paused now (it answered 429): ask Redis next time."""
        self._unpaused_at.pop(domain, None)


class DomainRateLimitMiddleware:
    """Cluster-wide per-domain rate limit, pause on 429/503 and optional concurrency cap."""

    def __init__(self, limiter: DomainLimiter, rates: RateResolver, *, max_concurrency: int = 0,
                 concurrency_ttl: float = 60.0, max_pause: float = 300.0,
                 pause_check: float = 0.5, stats=None) -> None:
        self.limiter = limiter
        self.rates = rates
        self.max_concurrency = max(0, max_concurrency)
        self.concurrency_ttl = concurrency_ttl
        self.max_pause = max_pause
        self.stats = stats
        self.pauses = PauseMemo(pause_check)
        self._redis_down_until = 0.0
        self._local_tat: dict[str, float] = {}  # fallback limiter, monotonic seconds

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> DomainRateLimitMiddleware:
        """Build from the crawler's settings (see productscraper/settings.py)."""
        s = crawler.settings
        client = redis_client(s.get("RATELIMIT_REDIS_URL") or "redis://127.0.0.1:6379/0")
        limiter = DomainLimiter(client, prefix=s.get("RATELIMIT_KEY_PREFIX") or "ps:",
                                backoff_quiet=s.getfloat("DOMAIN_BACKOFF_QUIET", 60.0))
        rates = RateResolver(s.getfloat("DOMAIN_RATE_LIMIT", 0.0), s.getint("DOMAIN_RATE_BURST", 1),
                             parse_rate_overrides(s.get("DOMAIN_RATE_LIMITS") or ""))
        # A lease must outlive the download it guards, or healthy requests lose it.
        ttl = max(s.getfloat("DOMAIN_CONCURRENCY_TTL", 60.0), s.getfloat("DOWNLOAD_TIMEOUT", 15) + 5)
        return cls(limiter, rates, max_concurrency=s.getint("DOMAIN_MAX_CONCURRENCY", 0),
                   concurrency_ttl=ttl, max_pause=s.getfloat("DOMAIN_MAX_PAUSE", 300.0),
                   pause_check=s.getfloat("DOMAIN_PAUSE_CHECK", 0.5), stats=crawler.stats)

    # -- requests ---------------------------------------------------------------------
    async def process_request(self, request: Request) -> None:
        """Wait for the domain's slot (or raise DomainSaturated for deferrable requests)."""
        domain, rate = self.rates.domain_and_rate(request.url)
        request.meta.pop(LEASE_META, None)  # a retry/redirect copy inherits the meta
        only_paused = rate.per_second <= 0 and not self.max_concurrency
        if only_paused and self.pauses.unpaused(domain):
            return None
        if time.monotonic() < self._redis_down_until:
            await self._local_wait(domain, rate)
            return None
        try:
            await self._acquire(request, domain, rate)
            if only_paused:
                self.pauses.remember_unpaused(domain)
        except redis.RedisError as exc:
            self._redis_failed(exc)
            self._release(request, domain)
            await self._local_wait(domain, rate)
        return None

    async def _acquire(self, request: Request, domain: str, rate: Rate) -> None:
        defer_over = request.meta.get(DEFER_META)
        budget = float(defer_over) if defer_over is not None else None
        waited = 0.0
        if self.max_concurrency:
            waited = await self._take_lease(request, domain, budget)
        retakes = 0
        try:
            while True:
                max_wait = None if budget is None else max(0.0, budget - waited)
                slot = self.limiter.acquire(domain, rate, max_wait)
                if not slot.granted:
                    self._inc("ratelimit/deferred")
                    raise DomainSaturated(domain, slot.wait)
                request.meta[FACTOR_META] = slot.factor
                if slot.wait <= 0:
                    break
                self._inc("ratelimit/delayed")
                due = time.monotonic() + slot.wait
                await sleep(slot.wait)
                waited += slot.wait
                # A 429 may have paused the domain while we slept: our slot is void then.
                if self.limiter.pause_remaining(domain) > 0:
                    continue
                if retakes < MAX_LATE_RETAKES and self._woke_late(due, rate, slot.factor):
                    retakes += 1
                    self._inc("ratelimit/late_wake")
                    continue
                break
            if LEASE_META in request.meta:  # waited for the slot: restart the lease clock
                self.limiter.acquire_concurrency(domain, self.max_concurrency,
                                                 request.meta[LEASE_META], self.concurrency_ttl)
        except BaseException:
            self._release(request, domain)
            raise

    @staticmethod
    def _woke_late(due: float, rate: Rate, factor: float) -> bool:
        """True when the event loop woke us more than half an interval past our slot."""
        per_second = rate.per_second * (factor or 1.0)
        if per_second <= 0:
            return False
        return time.monotonic() - due > LATE_TOLERANCE / per_second

    async def _take_lease(self, request: Request, domain: str, budget: float | None) -> float:
        """Poll for a concurrency lease; returns the seconds waited."""
        token = uuid.uuid4().hex
        waited = 0.0
        while not self.limiter.acquire_concurrency(domain, self.max_concurrency, token,
                                                   self.concurrency_ttl):
            if budget is not None and waited >= budget:
                self._inc("ratelimit/deferred")
                raise DomainSaturated(domain, max(1.0, budget))
            pause = LEASE_POLL_S * (0.5 + random.random())  # jitter: no lock-step polling
            await sleep(pause)
            waited += pause
        request.meta[LEASE_META] = token
        return waited

    # -- responses ----------------------------------------------------------------------
    def process_response(self, request: Request, response: Response) -> Response:
        """Release the lease; 429/503+Retry-After slow the domain down, successes recover it."""
        domain, rate = self.rates.domain_and_rate(request.url)
        self._release(request, domain)
        status = response.status
        try:
            if status in (429, 503):
                self.pauses.forget(domain)
                retry_after = parse_retry_after(response.headers.get(b"Retry-After"))
                if status == 429 or retry_after is not None:
                    self._penalise(domain, rate, status, retry_after)
            elif status < 400 and request.meta.get(FACTOR_META, 1.0) < 1.0:
                self.limiter.recover(domain)
        except redis.RedisError as exc:
            self._redis_failed(exc)
        return response

    def process_exception(self, request: Request, exception: Exception) -> None:
        """A failed download (or a deferral) gives its lease back."""
        domain = host_key(request.url)
        self._release(request, domain)
        return None

    def _penalise(self, domain: str, rate: Rate, status: int, retry_after: float | None) -> None:
        pause = min(retry_after if retry_after is not None else DEFAULT_PAUSE_S, self.max_pause)
        penalty = self.limiter.penalise(domain, rate, pause)
        self._inc("ratelimit/penalised")
        log.info("%s answered %s: domain paused for %.1f s, rate at %.0f%% of %s/s",
                 domain, status, penalty.pause, penalty.factor * 100, rate.per_second or "unlimited")

    def _release(self, request: Request, domain: str) -> None:
        token = request.meta.pop(LEASE_META, None)
        if token is None:
            return
        try:
            self.limiter.release_concurrency(domain, token)
        except redis.RedisError as exc:  # the lease expires on its own
            self._redis_failed(exc)

    # -- Redis unreachable --------------------------------------------------------------
    def _redis_failed(self, exc: Exception) -> None:
        if time.monotonic() >= self._redis_down_until:
            log.warning("rate limiter: Redis unreachable (%s); limiting per process for %.0f s",
                        exc, REDIS_RETRY_S)
        self._redis_down_until = time.monotonic() + REDIS_RETRY_S
        self._inc("ratelimit/redis_errors")

    async def _local_wait(self, domain: str, rate: Rate) -> None:
        """GCRA in this process only: the best bound left without Redis."""
        if rate.per_second <= 0:
            return
        interval = 1.0 / rate.per_second
        now = time.monotonic()
        tat = max(self._local_tat.get(domain, now), now)
        start = max(now, tat - (rate.burst - 1) * interval)
        self._local_tat[domain] = max(tat, start) + interval
        if start > now:
            await sleep(start - now)

    def _inc(self, key: str) -> None:
        if self.stats is not None:
            self.stats.inc_value(key)
