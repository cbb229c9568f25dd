"""Product tasks: one product URL each, scraped by the worker process's crawler."""
from __future__ import annotations

import logging

from celery import Task
from pymongo.errors import PyMongoError

from productscraper.config import get_config
from productscraper.outcomes import Outcome, failed
from productscraper.storage import ledger
from productscraper.storage.connection import get_db
from productscraper.urls import InvalidURL, validate_url
from tasks.app import RENDER_TASK, SCRAPE_TASK, app
from tasks.retry_policy import backoff, retry_budget

log = logging.getLogger(__name__)


class TransientScrapeError(Exception):
    """A transient failure; the task is retried with back-off."""


def record_failure(outcome: Outcome, run_id: str, attempts: int) -> None:
    """Terminal failure: ledger ``failed`` + a ``failures`` record with the reason."""
    db = get_db()
    ledger.record_failure(db, run_id, outcome.url, error=outcome.error or "Error",
                          reason=outcome.reason or "", status=outcome.status, attempts=attempts)
    ledger.mark(db, run_id, outcome.url, ledger.FAILED, attempts=attempts, reason=outcome.reason,
                error=outcome.error, status=outcome.status)


def run_product_task(task: Task, url: str, run_id: str, profile: str | None, render: bool) -> dict:
    """Scrape ``url``; retry transient failures; record terminal ones."""
    from productscraper.crawl_service import get_service

    cfg = get_config()
    retries = task.request.retries
    attempt = retries + 1
    try:
        url = validate_url(url)
        outcome = get_service().scrape(url, run_id, profile=profile, attempt=attempt,
                                       render=render, timeout=cfg.task_soft_time_limit)
    except InvalidURL as exc:
        outcome = failed(str(url), "InvalidURL", str(exc))
    if outcome.state == "failed":
        if outcome.transient and retries < retry_budget(outcome, cfg):
            countdown = backoff(retries, cfg, outcome.retry_after)
            log.info("retrying %s in %.1f s (attempt %d): %s", url, countdown, attempt,
                     outcome.reason)
            raise task.retry(countdown=countdown, exc=TransientScrapeError(
                f"{outcome.error}: {outcome.reason}"))
        try:
            record_failure(outcome, run_id, attempt)
        except PyMongoError as exc:  # store down: keep the message, try again later
            if retries < cfg.store_max_retries:
                raise task.retry(countdown=backoff(retries, cfg), exc=exc)
            raise
    return outcome.as_dict()


@app.task(name=SCRAPE_TASK, bind=True, max_retries=None)
def scrape_product(self: Task, url: str, run_id: str, profile: str | None = None) -> dict:
    """Scrape one product page over plain HTTP and store it."""
    return run_product_task(self, url, run_id, profile, render=False)


@app.task(name=RENDER_TASK, bind=True, max_retries=None)
def render_product(self: Task, url: str, run_id: str, profile: str | None = None) -> dict:
    """Scrape one product page rendered in headless Chromium and store it."""
    return run_product_task(self, url, run_id, profile, render=True)
