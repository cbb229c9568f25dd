"""Product tasks: one product URL each, scraped by the worker process's crawler."""
from __future__ import annotations

import logging
import random
from collections import Counter

from celery import Task
from pymongo.errors import PyMongoError

from productscraper.config import get_config
from productscraper.monitors import pause
from productscraper.worker.green_tasks import call_blocking
from productscraper.worker.outcomes import Outcome, failed
from productscraper.storage.runstats import get_run_stats
from productscraper.storage import ledger, products
from productscraper.storage.connection import get_db
from productscraper.urls import InvalidURL, host_key, url_fingerprint, validate_url
from tasks.app import BATCH_TASK, RENDER_TASK, SCRAPE_TASK, app
from tasks.retry_policy import backoff, retry_budget
from tasks.webhook import notify_changes

log = logging.getLogger(__name__)


class TransientScrapeError(Exception):
    """A transient failure; the task is retried with back-off."""


class DomainPaused(Exception):
    """The URL's domain is paused by the quality monitors; the task is deferred."""


def domain_paused(url: str) -> bool:
    """True when ``url``'s domain is paused (``domains list``); the paused set is cached per
    process, so only a stale cache costs a MongoDB read (in a thread, off the reactor)."""
    return pause.is_paused(get_db(), host_key(url), get_config().paused_domains_cache_s,
                           blocking=call_blocking)


def paused_countdown(cfg) -> float:
    """Seconds until a paused domain's task is tried again (jittered, inside the
    visibility timeout like a rate-limit deferral)."""
    return min(cfg.paused_domain_retry_s * random.uniform(1.0, 1.5), cfg.visibility_timeout / 2)


def record_failure(outcome: Outcome, run_id: str, attempts: int) -> None:
    """Terminal failure: ledger ``failed`` + a ``failures`` record with the reason."""
    db = get_db()
    ledger.record_failure(db, run_id, outcome.url, error=outcome.error or "Error",
                          reason=outcome.reason or "", status=outcome.status, attempts=attempts)
    ledger.mark(db, run_id, outcome.url, ledger.FAILED, attempts=attempts, reason=outcome.reason,
                error=outcome.error, status=outcome.status)


def stored_validators(urls: list[str], run_id: str) -> dict[str, dict[str, str]]:
    """URL -> the stored product's ETag/Last-Modified, for conditional requests (one query;
    empty with CONDITIONAL_REQUESTS=off; none for a product ``run_id`` stored itself)."""
    if not urls or not get_config().conditional_requests:
        return {}
    by_id = {url_fingerprint(u): u for u in urls}
    try:
        found = call_blocking(products.validators, get_db(), list(by_id), run_id)
    except PyMongoError as exc:  # fetch in full; storing will tell whether MongoDB is back
        log.warning("no stored validators (%s): fetching unconditionally", exc)
        return {}
    return {by_id[pid]: v for pid, v in found.items()}


def record_unchanged(outcome: Outcome, run_id: str, attempts: int) -> bool:
    """A 304: the stored product's ``last_seen`` and the ledger ``unchanged``. False (and
    nothing written) when no product is stored for the URL: it must be fetched in full."""
    db = get_db()
    if not products.touch(db, url_fingerprint(outcome.url), run_id):
        return False
    ledger.mark(db, run_id, outcome.url, ledger.UNCHANGED, attempts=attempts,
                status=outcome.status)
    return True


def settle_unchanged(outcome: Outcome, run_id: str, attempts: int) -> Outcome | None:
    """:func:`record_unchanged` off the reactor: the outcome, None when the product is not
    stored (fetch it in full), or a transient failure when MongoDB is unreachable."""
    try:
        return outcome if call_blocking(record_unchanged, outcome, run_id, attempts) else None
    except PyMongoError as exc:
        return failed(outcome.url, type(exc).__name__, f"storing failed: {exc}", transient=True)


def after_outcome(outcome: Outcome) -> None:
    """What follows a stored product: its change events go to the webhook (when set)."""
    if outcome.state == "stored" and outcome.change in ("created", "changed"):
        notify_changes()


#: A task whose domain has no rate-limit slot within this many seconds is deferred
#: (re-queued with a countdown) instead of keeping its worker thread idle.
DEFER_OVER_S = 2.0


def continue_alone(url: str, run_id: str, profile: str | None, countdown: float,
                   prior_attempts: int = 0) -> None:
    """A URL of a batch goes on as a single-URL task ``countdown`` seconds from now (its
    task id is fixed per ledger entry, so a repeat cannot make two)."""
    scrape_product.apply_async(
        args=[url, run_id], kwargs={"profile": profile, "prior_attempts": prior_attempts},
        countdown=countdown, queue=get_config().product_queue,
        task_id=f"{ledger.ledger_id(run_id, url)}:single")


def hand_to_browser(url: str, run_id: str, profile: str | None) -> None:
    """Send a page whose plain HTML lacks product data to the browser queue.

    The ledger entry stays ``queued`` (now flagged ``render``, so ``reconcile`` re-publishes
    it to the right queue) until the render task ends it.
    """
    cfg = get_config()
    ledger_key = ledger.ledger_id(run_id, url)
    call_blocking(get_db().urls.update_one, {"_id": ledger_key}, {"$set": {"render": True}})
    render_product.apply_async(args=[url, run_id], kwargs={"profile": profile},
                               queue=cfg.render_queue, task_id=f"{ledger_key}:render")


def run_product_task(task: Task, url: str, run_id: str, profile: str | None, render: bool,
                     deferrals: int = 0, prior_attempts: int = 0) -> dict:
    """Scrape ``url``; retry transient failures; record terminal ones.

    ``prior_attempts``: tries made before this task existed (in a batch task), counted in
    the ledger's ``attempts`` but not against this task's retry budget.
    """
    from productscraper.worker.crawl_service import get_service

    cfg = get_config()
    # Deferrals (rate limit) are re-sent as retries too, but do not use up the budget.
    retries = task.request.retries - deferrals
    attempt = retries + 1 + prior_attempts
    try:
        url = validate_url(url)
        if domain_paused(url):
            # Not fetched and no attempt used: counted `deferred`, re-queued until resumed.
            get_run_stats(task.request.hostname or "worker").record(
                run_id, Outcome("deferred", url, reason="domain paused"))
            raise task.retry(countdown=paused_countdown(cfg), max_retries=None,
                             kwargs={**task.request.kwargs, "deferrals": deferrals + 1},
                             exc=DomainPaused(f"{host_key(url)} is paused (`domains list`)"))
        validators = None if render else stored_validators([url], run_id).get(url)
        outcome = get_service().scrape(url, run_id, profile=profile, attempt=attempt,
                                       render=render, timeout=cfg.task_soft_time_limit,
                                       defer_over=DEFER_OVER_S, validators=validators)
        if outcome.state == "unchanged":
            outcome = settle_unchanged(outcome, run_id, attempt) or get_service().scrape(
                # 304, but the product it refers to is gone: read the page in full.
                url, run_id, profile=profile, attempt=attempt, timeout=cfg.task_soft_time_limit,
                defer_over=DEFER_OVER_S)
    except InvalidURL as exc:
        outcome = failed(str(url), "InvalidURL", str(exc))
    stats = get_run_stats(task.request.hostname or "worker")
    if outcome.state == "render":
        hand_to_browser(url, run_id, profile)
        return outcome.as_dict()
    if outcome.state == "deferred":
        # Jitter spreads the deferred tasks over the coming slots (no thundering herd);
        # the cap keeps the countdown well inside the visibility timeout, or Redis would
        # hand the waiting message to a second worker.
        countdown = min((outcome.retry_after or 1.0) * random.uniform(1.0, 1.5),
                        cfg.visibility_timeout / 2)
        raise task.retry(countdown=countdown, max_retries=None,
                         kwargs={**task.request.kwargs, "deferrals": deferrals + 1},
                         exc=TransientScrapeError(outcome.reason))
    if outcome.state == "failed":
        if outcome.transient and retries < retry_budget(outcome, cfg):
            countdown = backoff(retries, cfg, outcome.retry_after)
            log.info("retrying %s in %.1f s (attempt %d): %s", url, countdown, attempt,
                     outcome.reason)
            stats.record(run_id, outcome, retried=True)
            raise task.retry(countdown=countdown, exc=TransientScrapeError(
                f"{outcome.error}: {outcome.reason}"))
        try:
            call_blocking(record_failure, outcome, run_id, attempt)
        except PyMongoError as exc:  # store down: keep the message, try again later
            if retries < cfg.store_max_retries:
                raise task.retry(countdown=backoff(retries, cfg), exc=exc)
            raise
    stats.record(run_id, outcome)
    after_outcome(outcome)
    return outcome.as_dict()


@app.task(name=SCRAPE_TASK, bind=True, max_retries=None)
def scrape_product(self: Task, url: str, run_id: str, profile: str | None = None,
                   deferrals: int = 0, prior_attempts: int = 0) -> dict:
    """Scrape one product page over plain HTTP and store it."""
    return run_product_task(self, url, run_id, profile, render=False, deferrals=deferrals,
                            prior_attempts=prior_attempts)


@app.task(name=RENDER_TASK, bind=True, max_retries=None)
def render_product(self: Task, url: str, run_id: str, profile: str | None = None,
                   deferrals: int = 0) -> dict:
    """Scrape one product page rendered in headless Chromium and store it."""
    return run_product_task(self, url, run_id, profile, render=True, deferrals=deferrals)


@app.task(name=BATCH_TASK, bind=True, max_retries=None)
def scrape_products(self: Task, urls: list[str], run_id: str, profile: str | None = None) -> dict:
    """Scrape a small batch of product pages concurrently (``PRODUCTS_PER_TASK`` > 1).

    Fewer, larger tasks cost less broker and event traffic per product; in exchange
    Flower shows batches, not URLs. A URL that fails transiently (or must wait for its
    domain's rate limit) continues as a single-URL task with its own retry budget, so
    one slow page never repeats the whole batch.
    """
    from productscraper.worker.crawl_service import get_service

    cfg = get_config()
    stats = get_run_stats(self.request.hostname or "worker")
    states: Counter = Counter()
    valid = []
    for url in urls:
        try:
            url = validate_url(url)
        except InvalidURL as exc:
            call_blocking(record_failure, failed(str(url), "InvalidURL", str(exc)), run_id, 1)
            states["failed"] += 1
            continue
        if domain_paused(url):  # continues alone, deferred until the domain is resumed
            continue_alone(url, run_id, profile, paused_countdown(cfg))
            stats.record(run_id, Outcome("deferred", url, reason="domain paused"))
            states["deferred"] += 1
            continue
        valid.append(url)
    results = get_service().scrape_many(valid, run_id, profile=profile,
                                        timeout=cfg.task_soft_time_limit, defer_over=DEFER_OVER_S,
                                        validators=stored_validators(valid, run_id))
    for outcome in results:
        if outcome.state == "unchanged":
            # 304 for a product no longer stored: a single-URL task fetches it in full.
            outcome = settle_unchanged(outcome, run_id, 1) or failed(
                outcome.url, "NotModified", "304 without a stored product", transient=True)
        if outcome.state == "render":
            hand_to_browser(outcome.url, run_id, profile)
        elif outcome.state == "deferred" or (outcome.state == "failed" and outcome.transient):
            continue_alone(outcome.url, run_id, profile, backoff(0, cfg, outcome.retry_after),
                           prior_attempts=0 if outcome.state == "deferred" else 1)
            stats.record(run_id, outcome, retried=True)
            states["continued"] += 1
            continue
        elif outcome.state == "failed":
            call_blocking(record_failure, outcome, run_id, 1)
        stats.record(run_id, outcome)
        after_outcome(outcome)
        states[outcome.state] += 1
    return dict(states)
