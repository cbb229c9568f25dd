"""Items passed between the spiders and the pipelines."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class DetailUrlItem:
    """A product detail URL found by the listing spider (becomes one Celery task)."""

    url: str
    run_id: str
    profile: str | None = None
    render: bool = False
    source: str | None = None  # the listing page (or sitemap) it was found on
    lastmod: str | None = None  # the sitemap's <lastmod>, kept on the ledger entry


@dataclass
class ProductItem:
    """One product page's data on its way through the product pipelines.

    ``raw`` is what the page object extracted; the processing pipeline fills
    ``product`` (normalised, the document stored in MongoDB). ``task_key`` ties the
    item back to the Celery task waiting for it.
    """

    url: str
    run_id: str
    raw: dict[str, Any]
    profile: str | None = None
    task_key: str | None = None
    attempt: int = 1
    rendered: bool = False
    product: dict[str, Any] | None = None
    status: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: The task's timing marks (:mod:`productscraper.worker.task_timing`), None outside a task.
    marks: dict[str, float] | None = None
