"""Coverage floor: the share of stored products that have a field must reach a minimum."""
from __future__ import annotations

from productscraper.monitors.base import Thresholds, percent, reason


class CoverageMonitor:
    """``<field>_coverage``: fires when the field's coverage is below ``<field>_coverage_min``.

    A run that stored nothing has no coverage to measure (its failures and rejects are the
    rate monitors' business).
    """

    def __init__(self, field: str) -> None:
        self.field = field
        self.name = f"{field}_coverage"

    def check(self, run: dict, previous: dict | None, thresholds: Thresholds) -> list[dict]:
        """One reason when the floor is not reached."""
        if not run.get("stored"):
            return []
        floor = getattr(thresholds, f"{self.field}_coverage_min")
        value = (run.get("field_coverage") or {}).get(self.field, 0.0)
        if value >= floor:
            return []
        return [reason(self.name, self.name, value, floor,
                       f"{self.field} coverage {percent(value)} is below the floor {percent(floor)}")]
