"""The benchmark metric: per-field precision / recall / F1 over pages.

As the corpus README defines it: a field is *predicted* when the extractor returns a
non-empty value, *right* when that value equals the truth after normalisation, and
*expected* when the truth has a value (``unknown`` and null are no value).
precision = right / predicted, recall = right / expected.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from productscraper.processing.availability import parse_availability
from productscraper.processing.money import parse_amount

FIELDS = ("price", "currency", "availability", "sku", "gtin", "title", "brand")
#: Truth key per product field (the corpus calls the title "name").
TRUTH_KEYS = {"title": "name"}
# Orderable now counts as in stock; gone for good as out of stock (the corpus knows only two).
_AVAILABILITY = {
    "in_stock": "InStock", "preorder": "InStock", "backorder": "InStock",
    "out_of_stock": "OutOfStock", "discontinued": "OutOfStock",
    "instock": "InStock", "outofstock": "OutOfStock",
}


def normalise_value(name: str, value: Any) -> str | None:
    """A field's value in comparable form, or None when it counts as no value."""
    if value is None or isinstance(value, (list, dict)):
        return None
    if name == "price":
        try:
            amount: Decimal | None = Decimal(str(value).strip())
        except (InvalidOperation, ValueError):
            amount = parse_amount(value)[0]  # an annotation written as shown ("$1,299.00")
        return str(amount.quantize(Decimal("0.01"))) if amount is not None and amount.is_finite() else None
    text = " ".join(str(value).split())
    if not text:
        return None
    if name == "availability":
        # any spelling: "InStock", "https://schema.org/InStock", "in_stock", "Out of stock"
        return _AVAILABILITY.get(text.replace(" ", "").lower()) or _AVAILABILITY.get(parse_availability(text))
    if name == "currency":
        return text.upper()
    return text.casefold()


def truth_value(truth: dict[str, Any], name: str) -> str | None:
    """The normalised truth of a field (None: the page has no annotated value)."""
    value = truth.get(TRUTH_KEYS.get(name, name))
    if value is None and name in TRUTH_KEYS:
        value = truth.get(name)  # a corpus that calls the title "title"
    return normalise_value(name, value)


@dataclass
class FieldScore:
    """Counts for one field; precision/recall/F1 derived."""

    predicted: int = 0
    expected: int = 0
    right: int = 0

    @property
    def precision(self) -> float | None:
        return self.right / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.right / self.expected if self.expected else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Scores:
    """Scores per field over a set of pages, plus currency-right on priced pages."""

    fields: dict[str, FieldScore] = field(default_factory=lambda: {f: FieldScore() for f in FIELDS})
    priced_pages: int = 0
    currency_right_on_priced: int = 0
    pages: int = 0

    @property
    def currency_share(self) -> float | None:
        """Share of pages whose truth has a price on which the currency is right."""
        return self.currency_right_on_priced / self.priced_pages if self.priced_pages else None

    def add(self, truth: dict[str, Any], got: dict[str, Any]) -> list[str]:
        """Count one page; returns the names of the fields it got wrong (or missed)."""
        self.pages += 1
        wrong = []
        for name in FIELDS:
            expected = truth_value(truth, name)
            predicted = normalise_value(name, got.get(name))
            score = self.fields[name]
            score.predicted += predicted is not None
            score.expected += expected is not None
            if predicted is not None and predicted == expected:
                score.right += 1
            elif predicted is not None or expected is not None:
                wrong.append(name)
        if truth_value(truth, "price") is not None:
            self.priced_pages += 1
            if truth_value(truth, "currency") == normalise_value("currency", got.get("currency")):
                self.currency_right_on_priced += 1
        return wrong
