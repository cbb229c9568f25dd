import random

import pytest

from productscraper.config import Config
from productscraper.worker.outcomes import classify_status, parse_retry_after
from tasks.retry_policy import backoff, retry_budget
from productscraper.worker.outcomes import failed


@pytest.mark.parametrize("status,transient", [
    (404, False), (410, False), (403, False), (400, False),
    (429, True), (500, True), (502, True), (503, True), (504, True), (408, True),
])
def test_http_statuses_are_classified_transient_or_permanent(status, transient):
    outcome = classify_status("http://a.test/p", status)
    assert outcome.state == "failed"
    assert outcome.transient is transient
    assert outcome.reason == f"HTTP {status}"
    assert outcome.status == status


def test_retry_after_seconds_and_http_date_are_understood():
    assert parse_retry_after(b"3") == 3.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past
    assert parse_retry_after(b"soon") is None
    assert classify_status("u", 429, b"7").retry_after == 7.0


def test_backoff_grows_exponentially_with_jitter_and_honours_retry_after():
    cfg = Config()
    rng = random.Random(1)
    delays = [backoff(n, cfg, rng=rng) for n in range(6)]
    for n, d in enumerate(delays):
        ceiling = min(cfg.retry_backoff_max, 2.0 ** n)
        assert ceiling / 2 <= d <= ceiling
    assert backoff(0, cfg, retry_after=5, rng=rng) >= 5
    assert backoff(0, cfg, retry_after=10_000, rng=rng) <= cfg.retry_backoff_max


def test_store_outages_get_a_larger_retry_budget_than_page_errors():
    cfg = Config()
    assert retry_budget(failed("u", "ServerSelectionTimeoutError", "x", transient=True), cfg) == cfg.store_max_retries
    assert retry_budget(failed("u", "HttpError", "HTTP 503", transient=True), cfg) == cfg.max_retries


def test_timeouts_must_be_layered():
    Config().check_timeouts()
    with pytest.raises(ValueError, match="layered"):
        Config(task_time_limit=100.0, visibility_timeout=60.0).check_timeouts()
