"""The one place that reads configuration from the environment.

Every component (Scrapy settings, the Celery app, the CLI) asks :func:`get_config`
instead of reading ``os.environ`` itself, so defaults are defined and documented
once (README, "Configuration").
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
import functools
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent


#: ``WORKER_POOL`` names of the project's own Celery pools and their classes. Celery runs
#: such a pool with ``--pool custom`` and ``CELERY_CUSTOM_WORKER_POOL`` set to the class.
CUSTOM_POOLS = {"reactor": "tasks.speedups.reactor_pool:TaskPool"}
#: The pool workers run unless ``WORKER_POOL`` or ``--pool`` says otherwise: tasks as
#: greenlets on the crawler's thread (README "Pools" has the measurements behind it).
DEFAULT_POOL = "reactor"


def _float(env: dict, name: str, default: float) -> float:
    raw = env.get(name, "")
    return float(raw) if raw.strip() else default


def _int(env: dict, name: str, default: int) -> int:
    raw = env.get(name, "")
    return int(raw) if raw.strip() else default


def _bool(env: dict, name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    return raw in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Config:
    """Resolved configuration; see README "Configuration" for each variable."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    broker_url: str = "redis://127.0.0.1:6379/0"
    result_backend: str = "redis://127.0.0.1:6379/0"
    mongo_uri: str = "mongodb://127.0.0.1:27017/productscraper"
    product_queue: str = "products"
    render_queue: str = "render"
    flower_port: int = 5555
    flower_basic_auth: str = ""
    #: API bearer tokens, comma-separated; unset: every route but /health answers 401.
    api_tokens: str = ""
    user_agent: str = "productscraper/0.1 (+https://github.com/productscraper/productscraper)"
    download_timeout: float = 15.0
    task_soft_time_limit: float = 30.0
    task_time_limit: float = 40.0
    visibility_timeout: float = 60.0
    max_retries: int = 3
    retry_backoff_max: float = 30.0
    store_max_retries: int = 8
    worker_concurrency: int = 16
    # `stack up` starts its workers this much nicer (os.nice) than itself, so a listing
    # crawl started beside them on the same cores gets the CPU first (0: same priority).
    worker_nice: int = 5
    worker_pool: str = DEFAULT_POOL
    products_per_task: int = 1
    store_task_results: bool = False
    task_sent_events: bool = False
    event_flush_interval: float = 0.2
    event_buffer_limit: int = 1000
    log_each_task: bool = False
    #: The fenced Celery/kombu speed-ups (tasks/speedups/); CELERY_SPEEDUPS=off: stock Celery.
    celery_speedups: bool = True
    download_maxsize: int = 10 * 1024 * 1024
    domain_rate_limit: float = 0.0
    domain_rate_limits: str = ""
    domain_rate_burst: int = 1
    domain_max_concurrency: int = 0
    domain_pause_check_s: float = 0.5
    robotstxt_cache_ttl: float = 3600.0
    robotstxt_obey: bool = True
    chromium_path: str = "/usr/bin/chromium"
    chromedriver_path: str = "/usr/bin/chromedriver"
    browser_rendering: str = "auto"
    render_wait_s: float = 15.0
    render_budget_s: float = 10.0
    render_settle_s: float = 1.5
    browser_max_pages: int = 100
    browser_max_memory_mb: int = 1024
    browser_extra_args: tuple[str, ...] = field(default_factory=tuple)
    run_dir: Path = ROOT / ".run"
    # Scale-down (docs/deployment.md, "Kubernetes"): on SIGTERM a worker drains for at most
    # WORKER_DRAIN_S (s; under Kubernetes' default 30 s grace; 0 turns the drain off), then
    # re-queues what is still running and exits 0 (tasks/drain.py). WORKER_HEARTBEAT_FILE:
    # a file the worker touches every WORKER_HEARTBEAT_INTERVAL s for probes (empty: none).
    worker_drain_s: float = 25.0
    worker_heartbeat_file: str = ""
    worker_heartbeat_s: float = 10.0
    # Cluster clock (productscraper/storage/clock_sync.py): every process measures its
    # clock's offset from Redis TIME at start and every CLOCK_SYNC_INTERVAL s, and writes
    # ledger times, message leases and ETAs on that clock. CLOCK_SYNC=off: the host's own.
    clock_sync: bool = True
    clock_sync_s: float = 60.0
    # productscraper/operations/flower.py: Flower inspects a worker when its first event
    # arrives (Flower alone only at its own start and on ?refresh=1).
    flower_watch_workers: bool = True
    # Conditional re-crawls (docs/operations.md, "Change events"): a product's ETag and
    # Last-Modified are sent back as If-None-Match / If-Modified-Since; a 304 ends `unchanged`.
    conditional_requests: bool = True
    # Change events are POSTed to WEBHOOK_URL (empty: not at all) in JSON arrays of at most
    # WEBHOOK_BATCH_SIZE, WEBHOOK_BATCH_DELAY s after the first change of a batch, signed with
    # WEBHOOK_SECRET; a failing POST is retried WEBHOOK_MAX_RETRIES times with exponential
    # back-off up to WEBHOOK_BACKOFF_MAX s, then its batch goes to the dead letters.
    webhook_url: str = ""
    webhook_secret: str = ""
    webhook_queue: str = "webhooks"
    webhook_batch_size: int = 100
    webhook_batch_delay: float = 1.0
    webhook_timeout: float = 10.0
    webhook_max_retries: int = 5
    webhook_backoff_max: float = 300.0
    # Schedules (productscraper/scheduling/, docs/operations.md "Schedules"): beat sends each
    # firing to SCHEDULE_QUEUE, whose worker runs the listing crawl as a subprocess for at most
    # SCHEDULE_CRAWL_TIMEOUT s. Beat looks at Redis at least every BEAT_MAX_INTERVAL s (a new
    # schedule is picked up that fast; a standby beat retries the lock that often), and its
    # lock expires REDBEAT_LOCK_TIMEOUT s after a beat died without releasing it.
    schedule_queue: str = "schedules"
    schedule_crawl_timeout: float = 3600.0
    beat_max_interval: float = 5.0
    redbeat_lock_timeout: float = 30.0
    # Quality monitors (productscraper/monitors/, docs/operations.md "Quality monitors"):
    # checked once per complete run; coverage floors and rate ceilings are shares (0..1),
    # the drop limit is in percentage points against the domain's previous run. A site
    # profile's [monitors] table overrides them. MONITOR_PAUSE_AFTER degraded runs in a
    # row pause the domain (0: never); its tasks are re-queued every PAUSED_DOMAIN_RETRY s.
    monitors: bool = True
    monitor_title_coverage_min: float = 0.9
    monitor_price_coverage_min: float = 0.8
    monitor_max_drop_points: float = 20.0
    monitor_reject_rate_max: float = 0.25
    monitor_error_rate_max: float = 0.25
    monitor_pause_after: int = 2
    paused_domain_retry_s: float = 10.0
    paused_domains_cache_s: float = 2.0

    @property
    def mongo_db_name(self) -> str:
        """Database named in MONGO_URI's path (default ``productscraper``)."""
        path = urlsplit(self.mongo_uri).path.strip("/")
        return path.split("?")[0] or "productscraper"

    @classmethod
    def from_env(cls, env: dict | None = None) -> "Config":
        """Build the configuration from environment variables (documented defaults)."""
        env = dict(os.environ if env is None else env)
        d = cls()
        redis_url = env.get("REDIS_URL") or d.redis_url
        return cls(
            redis_url=redis_url,
            broker_url=env.get("CELERY_BROKER_URL") or redis_url,
            result_backend=env.get("CELERY_RESULT_BACKEND") or redis_url,
            mongo_uri=env.get("MONGO_URI") or d.mongo_uri,
            product_queue=env.get("PRODUCT_QUEUE") or d.product_queue,
            render_queue=env.get("RENDER_QUEUE") or d.render_queue,
            flower_port=_int(env, "FLOWER_PORT", d.flower_port),
            flower_basic_auth=env.get("FLOWER_BASIC_AUTH", ""),
            api_tokens=env.get("API_TOKENS", ""),
            user_agent=env.get("USER_AGENT") or d.user_agent,
            download_timeout=_float(env, "DOWNLOAD_TIMEOUT", d.download_timeout),
            task_soft_time_limit=_float(env, "TASK_SOFT_TIME_LIMIT", d.task_soft_time_limit),
            task_time_limit=_float(env, "TASK_TIME_LIMIT", d.task_time_limit),
            visibility_timeout=_float(env, "VISIBILITY_TIMEOUT", d.visibility_timeout),
            max_retries=_int(env, "MAX_RETRIES", d.max_retries),
            retry_backoff_max=_float(env, "RETRY_BACKOFF_MAX", d.retry_backoff_max),
            store_max_retries=_int(env, "STORE_MAX_RETRIES", d.store_max_retries),
            worker_concurrency=_int(env, "WORKER_CONCURRENCY", d.worker_concurrency),
            worker_nice=_int(env, "WORKER_NICE", d.worker_nice),
            worker_pool=env.get("WORKER_POOL") or d.worker_pool,
            products_per_task=_int(env, "PRODUCTS_PER_TASK", d.products_per_task),
            store_task_results=_bool(env, "STORE_TASK_RESULTS", d.store_task_results),
            task_sent_events=_bool(env, "TASK_SENT_EVENTS", d.task_sent_events),
            event_flush_interval=_float(env, "EVENT_FLUSH_INTERVAL", d.event_flush_interval),
            event_buffer_limit=_int(env, "EVENT_BUFFER_LIMIT", d.event_buffer_limit),
            log_each_task=_bool(env, "LOG_EACH_TASK", d.log_each_task),
            celery_speedups=_bool(env, "CELERY_SPEEDUPS", d.celery_speedups),
            download_maxsize=_int(env, "DOWNLOAD_MAXSIZE", d.download_maxsize),
            domain_rate_limit=_float(env, "DOMAIN_RATE_LIMIT", d.domain_rate_limit),
            domain_rate_limits=env.get("DOMAIN_RATE_LIMITS", d.domain_rate_limits),
            domain_rate_burst=_int(env, "DOMAIN_RATE_BURST", d.domain_rate_burst),
            domain_max_concurrency=_int(env, "DOMAIN_MAX_CONCURRENCY", d.domain_max_concurrency),
            domain_pause_check_s=_float(env, "DOMAIN_PAUSE_CHECK", d.domain_pause_check_s),
            robotstxt_cache_ttl=_float(env, "ROBOTSTXT_CACHE_TTL", d.robotstxt_cache_ttl),
            robotstxt_obey=_bool(env, "ROBOTSTXT_OBEY", d.robotstxt_obey),
            chromium_path=env.get("CHROMIUM_PATH") or d.chromium_path,
            chromedriver_path=env.get("CHROMEDRIVER_PATH") or d.chromedriver_path,
            browser_rendering=(env.get("BROWSER_RENDERING") or d.browser_rendering).lower(),
            render_wait_s=_float(env, "RENDER_WAIT", d.render_wait_s),
            render_budget_s=_float(env, "RENDER_BUDGET", d.render_budget_s),
            render_settle_s=_float(env, "RENDER_SETTLE", d.render_settle_s),
            browser_max_pages=_int(env, "BROWSER_MAX_PAGES", d.browser_max_pages),
            browser_max_memory_mb=_int(env, "BROWSER_MAX_MEMORY_MB", d.browser_max_memory_mb),
            browser_extra_args=tuple(a for a in env.get("BROWSER_EXTRA_ARGS", "").split("|") if a),
            run_dir=Path(env.get("PRODUCTSCRAPER_RUN_DIR") or d.run_dir),
            worker_drain_s=_float(env, "WORKER_DRAIN_S", d.worker_drain_s),
            worker_heartbeat_file=env.get("WORKER_HEARTBEAT_FILE", d.worker_heartbeat_file),
            worker_heartbeat_s=_float(env, "WORKER_HEARTBEAT_INTERVAL", d.worker_heartbeat_s),
            clock_sync=_bool(env, "CLOCK_SYNC", d.clock_sync),
            clock_sync_s=_float(env, "CLOCK_SYNC_INTERVAL", d.clock_sync_s),
            flower_watch_workers=_bool(env, "FLOWER_WATCH_WORKERS", d.flower_watch_workers),
            conditional_requests=_bool(env, "CONDITIONAL_REQUESTS", d.conditional_requests),
            webhook_url=env.get("WEBHOOK_URL", d.webhook_url),
            webhook_secret=env.get("WEBHOOK_SECRET", d.webhook_secret),
            webhook_queue=env.get("WEBHOOK_QUEUE") or d.webhook_queue,
            webhook_batch_size=_int(env, "WEBHOOK_BATCH_SIZE", d.webhook_batch_size),
            webhook_batch_delay=_float(env, "WEBHOOK_BATCH_DELAY", d.webhook_batch_delay),
            webhook_timeout=_float(env, "WEBHOOK_TIMEOUT", d.webhook_timeout),
            webhook_max_retries=_int(env, "WEBHOOK_MAX_RETRIES", d.webhook_max_retries),
            webhook_backoff_max=_float(env, "WEBHOOK_BACKOFF_MAX", d.webhook_backoff_max),
            schedule_queue=env.get("SCHEDULE_QUEUE") or d.schedule_queue,
            schedule_crawl_timeout=_float(env, "SCHEDULE_CRAWL_TIMEOUT", d.schedule_crawl_timeout),
            beat_max_interval=_float(env, "BEAT_MAX_INTERVAL", d.beat_max_interval),
            redbeat_lock_timeout=_float(env, "REDBEAT_LOCK_TIMEOUT", d.redbeat_lock_timeout),
            monitors=_bool(env, "MONITORS", d.monitors),
            monitor_title_coverage_min=_float(env, "MONITOR_TITLE_COVERAGE_MIN",
                                              d.monitor_title_coverage_min),
            monitor_price_coverage_min=_float(env, "MONITOR_PRICE_COVERAGE_MIN",
                                              d.monitor_price_coverage_min),
            monitor_max_drop_points=_float(env, "MONITOR_MAX_DROP_POINTS", d.monitor_max_drop_points),
            monitor_reject_rate_max=_float(env, "MONITOR_REJECT_RATE_MAX", d.monitor_reject_rate_max),
            monitor_error_rate_max=_float(env, "MONITOR_ERROR_RATE_MAX", d.monitor_error_rate_max),
            monitor_pause_after=_int(env, "MONITOR_PAUSE_AFTER", d.monitor_pause_after),
            paused_domain_retry_s=_float(env, "PAUSED_DOMAIN_RETRY", d.paused_domain_retry_s),
            paused_domains_cache_s=_float(env, "PAUSED_DOMAINS_CACHE", d.paused_domains_cache_s),
        )

    def check_timeouts(self) -> None:
        """Refuse a configuration whose timeouts are not layered.

        A task must give up (soft limit) before it is killed (hard limit), and be
        killed before Redis hands its message to another worker (visibility timeout);
        otherwise healthy slow tasks run twice.
        """
        order = [
            ("DOWNLOAD_TIMEOUT", self.download_timeout),
            ("TASK_SOFT_TIME_LIMIT", self.task_soft_time_limit),
            ("TASK_TIME_LIMIT", self.task_time_limit),
            ("VISIBILITY_TIMEOUT", self.visibility_timeout),
        ]
        for (a, va), (b, vb) in zip(order, order[1:]):
            if not va < vb:
                raise ValueError(f"timeouts must be layered: {a}={va} must be < {b}={vb}")
        if self.browser_rendering not in ("auto", "on", "off"):
            raise ValueError(f"BROWSER_RENDERING must be auto, on or off, not {self.browser_rendering!r}")
        if self.render_budget_s <= 0:
            raise ValueError(f"RENDER_BUDGET must be > 0, not {self.render_budget_s}")

    @property
    def browser_installed(self) -> bool:
        """True when chromium and chromedriver are executable where configured."""
        return all(os.path.isfile(p) and os.access(p, os.X_OK)
                   for p in (self.chromium_path, self.chromedriver_path))

    @property
    def rendering_allowed(self) -> bool:
        """Whether pages that need JavaScript go to the browser queue.

        ``auto`` (default): when this host has a browser installed; ``on``: always (browser
        workers run elsewhere); ``off``: never. Where it is False, a page built by script
        ends ``failed`` with the reason (:meth:`no_rendering_reason`).
        """
        if self.browser_rendering == "auto":
            return self._browser_installed_cached
        return self.browser_rendering == "on"

    @property
    def no_rendering_reason(self) -> str:
        """Why a page that needs JavaScript is not rendered (for its ``failed`` outcome)."""
        if self.browser_rendering == "off":
            return "needs JavaScript; browser rendering is off (BROWSER_RENDERING=off)"
        return "needs JavaScript; no browser installed"

    @functools.cached_property
    def _browser_installed_cached(self) -> bool:
        # Asked once per page by the workers: the executables do not come and go.
        return self.browser_installed


@lru_cache(maxsize=1)
def get_config() -> Config:
    """The process-wide configuration (read once)."""
    cfg = Config.from_env()
    cfg.check_timeouts()
    return cfg
