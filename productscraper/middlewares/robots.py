"""Downloader middleware: robots.txt fetched once per site for the whole cluster.

Replaces Scrapy's ``RobotsTxtMiddleware`` (which fetches robots.txt once per *process*:
with N workers a site would see N fetches). Enabled when ``ROBOTSTXT_OBEY`` is true.

* The robots.txt text of an origin (``scheme://host:port``) is cached in Redis for
  ``ROBOTSTXT_CACHE_TTL`` seconds (key ``<prefix>robots:<origin>``) and parsed with
  Protego; each process also keeps the parsed rules until the Redis entry expires.
* Only one process fetches: it takes the lock ``<prefix>robots-lock:<origin>``
  (``SET NX`` with a TTL, so a process killed mid-fetch cannot block the others); the
  others poll the cache until it is filled or the lock is gone (then they try to take it).
* The fetch is an ordinary downloader request, so it also waits for the domain's
  rate-limit slot.
* Answers: 2xx = the rules; 4xx (except 429) = allow all (RFC 9309); 429/5xx and
  network errors = allow all with a warning, cached only ``ROBOTSTXT_ERROR_TTL``
  seconds so the site is asked again soon.
* Matching uses ``ROBOTSTXT_USER_AGENT``, else the request's User-Agent, else
  ``USER_AGENT``. A disallowed request raises ``IgnoreRequest("Forbidden by robots.txt")``
  (the outcome classifier turns it into a ``failed`` URL with error ``RobotsTxt``).
* If Redis is unreachable, the process fetches and caches robots.txt on its own.

Requests with ``meta["dont_obey_robotstxt"]`` and non-HTTP URLs are not checked.
"""
from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import redis
from protego import Protego
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import Request
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.asyncio import sleep
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred

from productscraper.politeness.limiter import redis_client

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

log = logging.getLogger(__name__)

MAX_ROBOTS_BYTES = 512 * 1024  # RFC 9309: parse at least 500 KiB, ignore the rest
POLL_S = 0.1                   # a process waiting for another's fetch checks this often

# Delete the lock only if we still own it (it may have expired and been re-taken).
_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass
class _Rules:
    parser: Protego
    expires: float  # time.monotonic()


class RedisRobotsTxtMiddleware:
    """robots.txt obeyed with one fetch per site and cache period for all processes."""

    def __init__(self, crawler: Crawler, client: redis.Redis, *, ttl: float = 3600.0,
                 error_ttl: float = 60.0, prefix: str = "ps:", user_agent: str = "",
                 default_user_agent: str = "", lock_ttl: float = 30.0) -> None:
        self.crawler = crawler
        self.client = client
        self.ttl = max(1.0, ttl)
        self.error_ttl = max(1.0, min(error_ttl, self.ttl))
        self.prefix = prefix
        self.user_agent = user_agent
        self.default_user_agent = default_user_agent
        self.lock_ttl = lock_ttl
        self._unlock = client.register_script(_UNLOCK)
        self._rules: dict[str, _Rules] = {}
        self._waiters: dict[str, list[Deferred]] = {}  # in-process single flight per origin

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> RedisRobotsTxtMiddleware:
        """Build from the crawler's settings; NotConfigured when ROBOTSTXT_OBEY is off."""
        s = crawler.settings
        if not s.getbool("ROBOTSTXT_OBEY"):
            raise NotConfigured
        client = redis_client(s.get("RATELIMIT_REDIS_URL") or "redis://127.0.0.1:6379/0")
        return cls(crawler, client, ttl=s.getfloat("ROBOTSTXT_CACHE_TTL", 3600.0),
                   error_ttl=s.getfloat("ROBOTSTXT_ERROR_TTL", 60.0),
                   prefix=s.get("RATELIMIT_KEY_PREFIX") or "ps:",
                   user_agent=s.get("ROBOTSTXT_USER_AGENT") or "",
                   default_user_agent=s.get("USER_AGENT") or "",
                   # the fetch must fit: a rate-limit wait plus one download
                   lock_ttl=s.getfloat("DOWNLOAD_TIMEOUT", 15.0) * 2 + 15)

    async def process_request(self, request: Request) -> None:
        """Drop the request with IgnoreRequest when robots.txt disallows it."""
        if request.meta.get("dont_obey_robotstxt"):
            return None
        parts = urlsplit(request.url)
        if parts.scheme not in ("http", "https"):
            return None
        parser = await self.rules_for(f"{parts.scheme}://{parts.netloc}")
        if not parser.can_fetch(request.url, self._user_agent(request)):
            self.crawler.stats.inc_value("robotstxt/forbidden")
            log.debug("Forbidden by robots.txt: %s", request.url)
            raise IgnoreRequest("Forbidden by robots.txt")
        return None

    def _user_agent(self, request: Request) -> str:
        if self.user_agent:
            return self.user_agent
        header = request.headers.get(b"User-Agent")
        return header.decode("latin-1") if header else self.default_user_agent

    # -- rules ----------------------------------------------------------------------------
    async def rules_for(self, origin: str) -> Protego:
        """The parsed robots.txt of ``origin``: local copy, else Redis, else one fetch."""
        cached = self._rules.get(origin)
        if cached is not None and cached.expires > time.monotonic():
            return cached.parser
        if origin in self._waiters:  # another request of this process is loading it
            waiter: Deferred = Deferred()
            self._waiters[origin].append(waiter)
            return await maybe_deferred_to_future(waiter)
        self._waiters[origin] = []
        try:
            text, ttl = await self._load(origin)
            parser = Protego.parse(text)
            self._rules[origin] = _Rules(parser, time.monotonic() + ttl)
        except BaseException as exc:
            for waiter in self._waiters.pop(origin, []):
                waiter.errback(exc)
            raise
        for waiter in self._waiters.pop(origin, []):
            waiter.callback(parser)
        return parser

    async def _load(self, origin: str) -> tuple[str, float]:
        """(robots.txt text, seconds to keep it) from the shared cache or one fetch."""
        key = f"{self.prefix}robots:{origin}"
        lock = f"{self.prefix}robots-lock:{origin}"
        token = uuid.uuid4().hex
        deadline = time.monotonic() + self.lock_ttl + 5
        try:
            while True:
                pipe = self.client.pipeline(transaction=False)
                pipe.get(key)
                pipe.pttl(key)
                body, pttl = pipe.execute()
                if body is not None:
                    return body.decode("utf-8", "replace"), max(1.0, pttl / 1000 if pttl > 0 else self.ttl)
                if self.client.set(lock, token, nx=True, px=int(self.lock_ttl * 1000)):
                    break
                if time.monotonic() > deadline:  # the fetching process is stuck: do not wait forever
                    log.warning("robots.txt of %s: no answer from the fetching process; allowing", origin)
                    return "", self.error_ttl
                await sleep(POLL_S)
        except redis.RedisError as exc:
            log.warning("robots.txt cache unavailable (%s): fetching %s for this process", exc, origin)
            return await self._fetch(origin)
        try:
            text, ttl = await self._fetch(origin)
            try:
                self.client.set(key, text.encode("utf-8"), px=int(ttl * 1000))
            except redis.RedisError as exc:
                log.warning("robots.txt of %s not shared (%s)", origin, exc)
            return text, ttl
        finally:
            try:
                self._unlock(keys=[lock], args=[token])
            except redis.RedisError:
                pass  # the lock expires on its own

    async def _fetch(self, origin: str) -> tuple[str, float]:
        """Download ``origin``/robots.txt; (text, ttl) with "" meaning allow all."""
        request = Request(f"{origin}/robots.txt", priority=1000, callback=NO_CALLBACK,
                          meta={"dont_obey_robotstxt": True}, dont_filter=True)
        self.crawler.stats.inc_value("robotstxt/request_count")
        try:
            response = await self.crawler.engine.download_async(request)
        except Exception as exc:
            log.warning("robots.txt of %s could not be fetched (%s: %s); allowing everything for %.0f s",
                        origin, type(exc).__name__, exc, self.error_ttl)
            return "", self.error_ttl
        status = response.status
        self.crawler.stats.inc_value(f"robotstxt/response_status_count/{status}")
        if 200 <= status < 300:
            return response.body[:MAX_ROBOTS_BYTES].decode("utf-8", "replace"), self.ttl
        if 400 <= status < 500 and status != 429:
            return "", self.ttl  # no robots.txt: everything is allowed
        log.warning("robots.txt of %s answered HTTP %s; allowing everything for %.0f s",
                    origin, status, self.error_ttl)
        return "", self.error_ttl
