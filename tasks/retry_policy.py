"""Retry budget and back-off for product tasks (README "Failure handling")."""
from __future__ import annotations

import random

from productscraper.config import Config
from productscraper.worker.outcomes import Outcome

#: Errors that mean "our store is unavailable", not "the page is bad": they get the
#: larger STORE_MAX_RETRIES budget so a MongoDB outage of tens of seconds loses nothing.
STORE_ERRORS = frozenset({"ServerSelectionTimeoutError", "AutoReconnect", "NetworkTimeout",
                          "ConnectionFailure", "NotPrimaryError", "StoreUnavailable"})


def is_store_error(outcome: Outcome) -> bool:
    """True when the outcome failed because MongoDB could not be reached."""
    return outcome.error in STORE_ERRORS


def retry_budget(outcome: Outcome, cfg: Config) -> int:
    """How many retries this kind of failure gets."""
    return cfg.store_max_retries if is_store_error(outcome) else cfg.max_retries


def backoff(retries: int, cfg: Config, retry_after: float | None = None,
            rng: random.Random | None = None) -> float:
    """Seconds before the next attempt: exponential, full jitter, capped; Retry-After wins."""
    rng = rng or random
    ceiling = min(cfg.retry_backoff_max, 2.0 ** retries)
    delay = ceiling / 2 + rng.uniform(0, ceiling / 2)
    if retry_after is not None:
        delay = max(delay, min(retry_after, cfg.retry_backoff_max))
    return round(delay, 3)
