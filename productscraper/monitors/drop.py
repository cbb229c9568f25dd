"""Coverage drop: a field's coverage must not fall by more than ``max_drop_points``
percentage points against the domain's previous monitored run (a page template that lost
its price markup shows here first, even above the floor)."""
from __future__ import annotations

from productscraper.monitors.base import WATCHED_FIELDS, Thresholds, percent, reason


class DropMonitor:
    """``coverage_drop``: one reason per watched field whose coverage dropped too far."""

    name = "coverage_drop"

    def __init__(self, fields: tuple[str, ...] = WATCHED_FIELDS) -> None:
        self.fields = fields

    def check(self, run: dict, previous: dict | None, thresholds: Thresholds) -> list[dict]:
        """Reasons for the fields that dropped; none without a previous run that stored."""
        if not previous or not previous.get("stored") or not run.get("stored"):
            return []
        out = []
        for field in self.fields:
            before = (previous.get("field_coverage") or {}).get(field, 0.0)
            now = (run.get("field_coverage") or {}).get(field, 0.0)
            points = (before - now) * 100
            if points > thresholds.max_drop_points:
                out.append(reason(
                    self.name, f"{field}_coverage", now, thresholds.max_drop_points,
                    f"{field} coverage dropped {points:.1f} points against run "
                    f"{previous.get('run_id')} ({percent(before)} -> {percent(now)}; "
                    f"at most {thresholds.max_drop_points:g} allowed)"))
        return out
