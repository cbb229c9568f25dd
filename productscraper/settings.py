"""Scrapy settings for productscraper.

Values that users tune come from :mod:`productscraper.config` (environment variables,
documented in the README); the rest are Scrapy conventions with the defaults this
project needs. Note: unlike ``scrapy startproject``'s template there is no
``DOWNLOAD_DELAY=1``/``CONCURRENT_REQUESTS_PER_DOMAIN=1``: politeness is enforced for
the whole cluster by the per-domain limiter, not per process.
"""
from scrapy.settings import default_settings as _scrapy_defaults

from productscraper.config import get_config

_cfg = get_config()

BOT_NAME = "productscraper"
SPIDER_MODULES = ["productscraper.spiders"]
NEWSPIDER_MODULE = "productscraper.spiders"

USER_AGENT = _cfg.user_agent
ROBOTSTXT_OBEY = _cfg.robotstxt_obey

CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 16
DOWNLOAD_DELAY = 0
DOWNLOAD_TIMEOUT = _cfg.download_timeout
DOWNLOAD_MAXSIZE = _cfg.download_maxsize
DOWNLOAD_WARNSIZE = _cfg.download_maxsize // 2

# The listing spider retries listing pages itself; product pages are retried by the
# Celery task with back-off (see tasks/product.py), so the product spider turns this off.
RETRY_TIMES = 2
REDIRECT_MAX_TIMES = 10

TELNETCONSOLE_ENABLED = False
REMOTE_CONTROL_ENABLED = False  # Scrapy 2.19 would open an HTTP port per crawl
# Disabled is not enough: Scrapy imports every extension named in its settings (to
# compare class paths), even one mapped to None, and the remote-control module imports
# aiohttp (~0.1 s of every crawl's start-up, the listing chain's included). So it is left
# out of Scrapy's own list; delete these lines to use Scrapy's remote control.
# CoreStats is Scrapy's, minus an assertion error after a pipeline refused to open
# (productscraper/extensions/corestats.py).
_OWN_EXTENSIONS = {"scrapy.extensions.corestats.CoreStats":
                   "productscraper.extensions.corestats.CoreStats"}
EXTENSIONS_BASE = {_OWN_EXTENSIONS.get(path, path): order
                   for path, order in _scrapy_defaults.EXTENSIONS_BASE.items()
                   if not path.endswith(".RemoteControl")}
# `scrapy crawl` prints a crawl's refusal to start (a service down, a bad start URL) as
# one error line instead of a traceback (productscraper/commands/crawl.py).
COMMANDS_MODULE = "productscraper.commands"
# Start-up objects are frozen out of the garbage collector's full collections and its
# shutdown pass (productscraper/extensions/gc_freeze.py); log records below LOG_LEVEL are
# not made at all (productscraper/extensions/log_level.py).
EXTENSIONS = {"productscraper.extensions.gc_freeze.GcFreeze": 0,
              "productscraper.extensions.log_level.LogLevelGate": 0,
              # ledger times on the cluster's clock (productscraper/storage/clock_sync.py)
              "productscraper.extensions.clock_sync.ClockSync": 0}
GC_FREEZE_ENABLED = True
FEED_EXPORT_ENCODING = "utf-8"
# Scrapy checks each response's callback for `return value` in a generator by reading its
# source; its cache is keyed on the bound method, which is new for every request, so the
# check parsed the spider's source on every page (~2 % of a worker's CPU).
WARN_ON_GENERATOR_RETURN_VALUE = False
# Items processed in parallel per response. Scrapy starts this many asyncio tasks for
# every response, whatever it yields (measured: ~0.5 ms of CPU per response at Scrapy's
# default of 100, 0.04 ms at 4); a product page yields one item and a listing page's
# items are buffered by the enqueue pipeline, so 4 loses no parallelism here.
CONCURRENT_ITEMS = 4
LOG_LEVEL = "INFO"

DOWNLOADER_MIDDLEWARES = {
    # robots.txt fetched once per site for all processes, cached in Redis (replaces Scrapy's).
    "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
    "productscraper.middlewares.robots.RedisRobotsTxtMiddleware": 100,
    # Between RetryMiddleware (550) and SeleniumMiddleware (800): it sees a 429 before
    # Retry turns it into a new request, and a rendered page also waits for its slot.
    "productscraper.middlewares.ratelimit.DomainRateLimitMiddleware": 760,
    # SeleniumRequest -> one reused headless Chromium per process (scrapy-selenium's own
    # middleware cannot build a driver on Selenium 4).
    "productscraper.middlewares.selenium.SeleniumMiddleware": 800,
}
SELENIUM_BROWSER_EXECUTABLE_PATH = _cfg.chromium_path
SELENIUM_DRIVER_EXECUTABLE_PATH = _cfg.chromedriver_path
SELENIUM_EXTRA_ARGUMENTS = list(_cfg.browser_extra_args)
SELENIUM_MAX_PAGES = _cfg.browser_max_pages
SELENIUM_MAX_MEMORY_MB = _cfg.browser_max_memory_mb
SELENIUM_PAGE_LOAD_TIMEOUT = _cfg.render_wait_s
SELENIUM_SCRIPT_TIMEOUT = 10

ITEM_PIPELINES = {
    # listing side: detail URLs -> ledger + Celery tasks
    "productscraper.pipelines.enqueue.EnqueuePipeline": 100,
    # product side: raw page data -> normalised -> validated -> MongoDB
    "productscraper.pipelines.processing.ProcessingPipeline": 200,
    "productscraper.pipelines.validation.ValidationPipeline": 300,
    "productscraper.pipelines.mongo.MongoPipeline": 400,
}

# Store batching (group commit): products that reach the MongoDB pipeline while a write
# is out are written together in the next one, at most STORE_BATCH_SIZE (1 = one at a
# time). No item waits for a timer, and none completes before its write succeeded.
STORE_BATCH_SIZE = 50

# Enqueue batching: URLs are sent to the ledger and the broker in batches of this
# size, or after this many seconds, whichever comes first.
ENQUEUE_BATCH_SIZE = 20
ENQUEUE_FLUSH_INTERVAL = 0.2
# Seconds the listing spider keeps retrying its last URLs when MongoDB is unreachable at
# the end of the crawl; then they are written to <run dir>/unflushed-<run>.txt.
ENQUEUE_CLOSE_TIMEOUT = 120
# Seconds the listing spider's first flush may block its reactor thread waiting for the
# task publisher's set-up (Celery's import, connection and message template), which runs
# in a thread from the start of the crawl (pipelines/enqueue.py says why it blocks).
ENQUEUE_SETUP_JOIN_TIMEOUT = 2.0

# Politeness for the whole cluster (see README "Politeness"): a per-domain limiter in
# Redis shared by every worker and the listing spider. 0 = no limit unless the site
# profile sets one.
DOMAIN_RATE_LIMIT = _cfg.domain_rate_limit
RATELIMIT_REDIS_URL = _cfg.redis_url

# --- Cluster-wide politeness (issue 8) ------------------------------------------------
# productscraper/politeness/limiter.py (algorithm), middlewares/ratelimit.py and middlewares/robots.py.
# Burst of a domain without a profile burst: requests that may go at once after a quiet spell.
DOMAIN_RATE_BURST = _cfg.domain_rate_burst
# Per-domain overrides, beating the profile and DOMAIN_RATE_LIMIT: "host:port=6,shop.example=2/5"
# (domain=requests per second[/burst]; the domain is host:port when the URL names a port).
DOMAIN_RATE_LIMITS = _cfg.domain_rate_limits
# Cluster-wide cap of requests in flight per domain; 0 = no cap.
DOMAIN_MAX_CONCURRENCY = _cfg.domain_max_concurrency
# Seconds a concurrency slot lives without being released (a killed worker's slots come
# back after this); raised to DOWNLOAD_TIMEOUT + 5 if lower.
DOMAIN_CONCURRENCY_TTL = 60
# Seconds a process trusts what Redis last said about an *unlimited* domain's pause (no
# rate, no concurrency cap): within it, that domain's requests skip the round trip, so a
# 429 another process saw reaches this one at most this late. 0 = ask on every request.
DOMAIN_PAUSE_CHECK = _cfg.domain_pause_check_s
# Longest pause a Retry-After can impose on a domain, seconds.
DOMAIN_MAX_PAUSE = 300
# Seconds after the last 429/503 when a backed-off domain is back at its full rate even
# without successful responses (each success already gives back 10 % of the rate).
DOMAIN_BACKOFF_QUIET = 60
# Seconds robots.txt is cached in Redis for every process.
ROBOTSTXT_CACHE_TTL = _cfg.robotstxt_cache_ttl
# Seconds an unreadable robots.txt (network error, 429, 5xx) counts as "allow all".
ROBOTSTXT_ERROR_TTL = 60
# Namespace of the limiter's and the robots cache's Redis keys (in RATELIMIT_REDIS_URL).
RATELIMIT_KEY_PREFIX = "ps:"
