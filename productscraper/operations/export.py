"""Export the products of a run as JSON Lines or CSV, streamed from MongoDB.

"The products of a run" are the products whose ``run_id`` is the run: ``run_id`` names
the run that *last* saw a product, so a product seen again by a later run moves to that
run's export (the per-run record of every URL stays in the ``urls`` ledger).

Documents are read through a cursor in batches of :data:`BATCH_SIZE` and written one at
a time, so memory stays flat however large the run is.
"""
from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from pymongo.database import Database

from productscraper.operations.api.queries import jsonable

BATCH_SIZE = 500
FORMATS = ("jsonl", "csv")

#: CSV columns: the product schema (README, "Product schema"), in its order.
FIELDS = ("_id", "url", "title", "price", "currency", "availability", "stock", "sku", "gtin", "mpn",
          "brand", "rating", "review_count", "category", "breadcrumbs", "description", "image_url",
          "truncated", "run_id", "scraped_at", "first_seen", "last_seen", "changed_at",
          "content_hash")
#: How list fields are joined in a CSV cell.
JOINERS = {"breadcrumbs": " > "}
DEFAULT_JOINER = ", "


class UnknownRun(LookupError):
    """No run document, ledger entry or product names this run."""


def run_known(db: Database, run_id: str) -> bool:
    """True when anything in the store names the run."""
    return any(db[name].find_one(flt, {"_id": 1}) is not None for name, flt in (
        ("runs", {"_id": run_id}), ("urls", {"run_id": run_id}), ("products", {"run_id": run_id})))


def iter_products(db: Database, run_id: str, batch_size: int = BATCH_SIZE) -> Iterator[dict]:
    """The run's products, fetched ``batch_size`` at a time (no sort: no in-memory sort
    on the server either; the ``run_id`` index serves the filter)."""
    cursor = db.products.find({"run_id": run_id}).batch_size(batch_size)
    try:
        for doc in cursor:
            yield jsonable(doc)
    finally:
        cursor.close()


def write_jsonl(products: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    """One JSON object per line (fields as stored, ``_id`` included); returns the count."""
    n = 0
    for product in products:
        out.write(json.dumps(product, ensure_ascii=False, separators=(",", ":")))
        out.write("\n")
        n += 1
    return n


def csv_cell(field: str, value: Any) -> Any:
    """A product value as a CSV cell: lists joined, None empty, nested data as JSON."""
    if value is None:
        return ""
    if isinstance(value, list):
        return JOINERS.get(field, DEFAULT_JOINER).join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return value


def write_csv(products: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    """A header row of :data:`FIELDS`, then one row per product; returns the count.

    Fields outside the schema are left out so every export has the same columns.
    """
    writer = csv.writer(out)
    writer.writerow(FIELDS)
    n = 0
    for product in products:
        writer.writerow([csv_cell(f, product.get(f)) for f in FIELDS])
        n += 1
    return n


WRITERS = {"jsonl": write_jsonl, "csv": write_csv}


def export_run(db: Database, run_id: str, fmt: str, out: TextIO,
               batch_size: int = BATCH_SIZE) -> int:
    """Write the products of ``run_id`` to ``out`` in ``fmt``; returns how many.

    Raises :class:`UnknownRun` (before writing anything) when nothing names the run.
    """
    if fmt not in WRITERS:
        raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    if not run_known(db, run_id):
        raise UnknownRun(run_id)
    return WRITERS[fmt](iter_products(db, run_id, batch_size), out)
