"""Rate ceilings: the share of a run's finished URLs that were rejected (invalid data) or
failed (errors) must stay under a maximum."""
from __future__ import annotations

from productscraper.monitors.base import Thresholds, percent, reason


class RateMonitor:
    """``reject_rate`` (``rejected``) or ``error_rate`` (``failed``) over stored + failed +
    rejected URLs; fires when above the ceiling ``<name>_max``."""

    def __init__(self, name: str, count_key: str) -> None:
        self.name = name
        self.count_key = count_key

    def check(self, run: dict, previous: dict | None, thresholds: Thresholds) -> list[dict]:
        """One reason when the rate is above its ceiling; none for a run that finished nothing."""
        finished = sum(int(run.get(k) or 0) for k in ("stored", "failed", "rejected"))
        if not finished:
            return []
        ceiling = getattr(thresholds, f"{self.name}_max")
        value = int(run.get(self.count_key) or 0) / finished
        if value <= ceiling:
            return []
        label = self.name.replace("_", " ")
        return [reason(self.name, self.name, value, ceiling,
                       f"{label} {percent(value)} ({run.get(self.count_key)} of {finished}) is "
                       f"above the ceiling {percent(ceiling)}")]
