"""What happened to one product URL, and which failures are worth a retry."""
from __future__ import annotations

from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from datetime import timezone

from twisted.python.failure import Failure

from productscraper.storage.clock import now_utc

TRANSIENT_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524})


@dataclass
class Outcome:
    """Result of scraping one URL: ``stored``, ``unchanged`` (304 to a conditional request),
    ``rejected``, ``failed`` or ``deferred``.

    ``deferred`` means the domain's rate limit had no slot soon: try again later, without
    counting it as a failed attempt.

    A ``failed`` outcome with ``transient=True`` is worth another attempt later;
    the task decides whether its retry budget allows one.
    """

    state: str
    url: str
    error: str | None = None
    reason: str | None = None
    status: int | None = None
    transient: bool = False
    retry_after: float | None = None
    product_id: str | None = None
    change: str | None = None
    reasons: list[dict] = field(default_factory=list)
    fields: list[str] = field(default_factory=list)  # product fields present (coverage)
    #: Points the task's product passed (:mod:`productscraper.worker.task_timing`), then the
    #: milliseconds per phase the task computed from them (in its result, for Flower).
    marks: dict[str, float] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        """JSON-friendly form (the Celery task result)."""
        return {k: v for k, v in self.__dict__.items()
                if v not in (None, [], {}, False) and k not in ("fields", "marks")}


def failed(url: str, error: str, reason: str, *, status: int | None = None,
           transient: bool = False, retry_after: float | None = None) -> Outcome:
    """Shorthand for a ``failed`` outcome."""
    return Outcome("failed", url, error=error, reason=reason, status=status,
                   transient=transient, retry_after=retry_after)


def parse_retry_after(value: bytes | str | None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or HTTP date), or None."""
    if not value:
        return None
    text = value.decode("latin-1") if isinstance(value, bytes) else value
    text = text.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - now_utc()).total_seconds())  # the cluster's clock


def classify_status(url: str, status: int, retry_after: bytes | str | None = None) -> Outcome:
    """Outcome of a non-2xx HTTP answer."""
    transient = status in TRANSIENT_STATUSES or status >= 500
    return failed(url, "HttpError", f"HTTP {status}", status=status, transient=transient,
                  retry_after=parse_retry_after(retry_after) if transient else None)


def classify_failure(url: str, failure: Failure) -> Outcome:
    """Map a download/crawl failure to an outcome (transient or permanent)."""
    from scrapy.exceptions import (CannotResolveHostError, DownloadCancelledError,
                                   DownloadConnectionRefusedError, DownloadFailedError,
                                   DownloadTimeoutError, IgnoreRequest, ResponseDataLossError)
    from scrapy.spidermiddlewares.httperror import HttpError
    from twisted.internet import error as tx_error
    from twisted.web._newclient import ResponseFailed, ResponseNeverReceived

    from productscraper.exceptions import DomainSaturated

    exc = failure.value
    name = type(exc).__name__
    message = str(exc) or name
    if isinstance(exc, DomainSaturated):
        return Outcome("deferred", url, error=name, reason=message, transient=True,
                       retry_after=exc.wait)
    if isinstance(exc, HttpError):
        response = exc.response
        return classify_status(url, response.status, response.headers.get(b"Retry-After"))
    if isinstance(exc, DownloadCancelledError) and "size" in message:
        return failed(url, "TooLarge", message)
    if isinstance(exc, IgnoreRequest):
        low = message.lower()
        if "robots.txt" in low:
            return failed(url, "RobotsTxt", "robots.txt: forbidden by the site's robots.txt")
        if "redirect" in low:
            return failed(url, "RedirectLoop", message)
        return failed(url, "IgnoreRequest", message)
    transient_types = (
        DownloadTimeoutError, DownloadConnectionRefusedError, DownloadFailedError,
        ResponseDataLossError, CannotResolveHostError, DownloadCancelledError,
        tx_error.TimeoutError, tx_error.ConnectError, tx_error.ConnectionLost,
        tx_error.ConnectionDone, ResponseFailed, ResponseNeverReceived, ConnectionError,
        TimeoutError, OSError,
    )
    if isinstance(exc, transient_types):
        return failed(url, name, message, transient=True)
    return failed(url, name, message)
