"""Compare stored products with ../shared/corpus/books/ground_truth_books.jsonl."""
from __future__ import annotations

import json
from pathlib import Path

FIELDS = ("title", "price", "currency", "availability", "stock", "sku", "rating", "category")


def expected(record: dict) -> dict:
    """A ground-truth record in the stored product's terms."""
    return {
        "title": record["title"],
        "price": float(record["price"].lstrip("£")),
        "currency": "GBP",
        "availability": "in_stock" if record["availability_count"] else "out_of_stock",
        "stock": record["availability_count"],
        "sku": record["upc"],
        "rating": float(record["rating"]),
        "category": record["category"],
    }


def agreement(truth_file: Path, stored: dict[str, dict]) -> tuple[dict[str, float], list[str]]:
    """Per-field share of ground-truth books whose stored product agrees; missing paths."""
    records = [json.loads(line) for line in truth_file.read_text(encoding="utf-8").split("\n") if line.strip()]
    ok = dict.fromkeys(FIELDS, 0)
    missing = []
    for rec in records:
        doc = stored.get(rec["path"])
        if doc is None:
            missing.append(rec["path"])
            continue
        for field, value in expected(rec).items():
            got = doc.get(field)
            if isinstance(value, float) and isinstance(got, (int, float)):
                ok[field] += abs(got - value) < 0.005
            else:
                ok[field] += got == value
    return {f: n / len(records) for f, n in ok.items()}, missing
