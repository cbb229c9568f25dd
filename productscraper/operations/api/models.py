"""Response models of the read-only API (they are what /openapi.json documents).

Every model allows extra fields: documents may carry fields added after this API was
written, and a stricter model would turn such a document into a server error.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Availability = Literal["in_stock", "out_of_stock", "preorder", "backorder", "discontinued", "unknown"]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Product(_Open):
    """A stored product (README, "Product schema"); ``_id`` is exposed as ``id``."""

    id: str = Field(description="SHA-1 of the canonical product URL")
    url: str | None = None
    title: str | None = None
    price: float | None = None
    currency: str | None = None
    availability: str | None = None
    stock: int | None = None
    sku: str | None = None
    gtin: str | None = None
    mpn: str | None = None
    brand: str | None = None
    rating: float | None = None
    review_count: int | None = None
    category: str | None = None
    breadcrumbs: list[str] | None = None
    description: str | None = None
    image_url: str | None = None
    truncated: list[str] | None = None
    run_id: str | None = Field(None, description="the run that last saw the product")
    scraped_at: str | None = None
    first_seen: str | None = None
    last_seen: str | None = None
    changed_at: str | None = None
    content_hash: str | None = None


class ProductPage(BaseModel):
    """A page of products; pass ``next_cursor`` as ``cursor`` for the next page."""

    items: list[Product]
    next_cursor: str | None = Field(None, description="null on the last page")


class Failure(_Open):
    """A URL of a run that ended ``failed`` (collection ``failures``)."""

    id: str
    url: str | None = None
    run_id: str | None = None
    error: str | None = None
    reason: str | None = None
    status: int | None = None
    attempts: int | None = None
    first_at: str | None = None
    last_at: str | None = None


class FailurePage(BaseModel):
    """A page of failure records."""

    items: list[Failure]
    next_cursor: str | None = None


class Change(_Open):
    """A change event (collection ``changes``): one changed field of one product.

    ``field`` is ``price``, ``currency``, ``availability``, ``title``, or ``new`` / ``gone``
    for a product that appeared / vanished (``new``/``old`` then hold its tracked fields).
    """

    id: str = Field(description="starts with `at`: id order is time order")
    url: str | None = None
    product_id: str | None = None
    domain: str | None = None
    field: str
    old: object | None = None
    new: object | None = None
    run_id: str | None = None
    at: str | None = None


class ChangePage(BaseModel):
    """A page of change events, oldest first; pass ``next_cursor`` as ``cursor``."""

    items: list[Change]
    next_cursor: str | None = None


class Run(_Open):
    """A run document (collection ``runs``)."""

    id: str
    started_at: str | None = None
    source: str | None = None
    profile: str | None = None
    discovery_finished: bool | None = None


class RunSummary(_Open):
    """The live summary of a run, computed from the URL ledger (``storage.runs.summary``).

    Optional fields: the summary grows with the project, and a missing field must not
    turn a run into a server error.
    """

    run_id: str
    discovered: int | None = None
    queued: int | None = None
    stored: int | None = None
    unchanged: int | None = Field(None, description="URLs answered 304 Not Modified (not extracted)")
    failed: int | None = None
    rejected: int | None = None
    complete: bool | None = None
    duration_s: float | None = None
    pages_per_min: float | None = None
    #: Mean milliseconds per phase of a stored product's task (README "Where a task's
    #: time goes"), over ``timed_products`` tasks.
    time_per_product_ms: dict[str, float] | None = None
    timed_products: int | None = None


class RunDetail(Run):
    """A run document plus its live summary."""

    summary: RunSummary
    #: Set once the quality monitors checked the complete run (None until then), with
    #: their reasons: ``{monitor, metric, value, limit, message}`` each.
    degraded: bool | None = None
    degraded_reasons: list[dict[str, Any]] = []


class RunList(BaseModel):
    """Recent runs, newest first."""

    items: list[Run]


class Health(BaseModel):
    """Result of a MongoDB ping."""

    status: Literal["ok", "unavailable"]
    mongodb: Literal["ok", "unreachable"]


class Error(BaseModel):
    """An error other than a validation error."""

    detail: str
