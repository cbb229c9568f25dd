"""What a monitor is: a name and a check of one run's metrics against thresholds.

A monitor sees a *snapshot* of a run (:func:`snapshot`: counts and field coverage) and the
snapshot of the domain's previous monitored run (or None), and returns the reasons the
run is degraded: an empty list when it is fine. Monitors are pure: no I/O.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

#: The fields whose coverage the monitors watch (and snapshots keep).
WATCHED_FIELDS = ("title", "price")


@dataclass(frozen=True)
class Thresholds:
    """Limits of the monitors; defaults come from :class:`productscraper.config.Config`,
    a site profile's ``[monitors]`` table overrides them key by key.

    Coverage floors and rate ceilings are shares (0..1); ``max_drop_points`` is in
    percentage points. A floor of 0, a ceiling of 1 or a drop of 100 never fires.
    """

    title_coverage_min: float
    price_coverage_min: float
    max_drop_points: float
    reject_rate_max: float
    error_rate_max: float

    @classmethod
    def from_config(cls, cfg: Any) -> Thresholds:
        """The configured defaults (``MONITOR_*`` settings)."""
        return cls(**{f.name: float(getattr(cfg, f"monitor_{f.name}")) for f in fields(cls)})

    def with_overrides(self, overrides: Mapping[str, float]) -> Thresholds:
        """These thresholds with a profile's ``[monitors]`` values put over them."""
        return replace(self, **{k: float(v) for k, v in overrides.items()})


#: Keys a profile's ``[monitors]`` table may set.
THRESHOLD_KEYS = frozenset(f.name for f in fields(Thresholds))


class Monitor(Protocol):
    """One quality check."""

    name: str

    def check(self, run: dict, previous: dict | None, thresholds: Thresholds) -> list[dict]:
        """Reasons ``run`` is degraded (see :func:`reason`); empty when it passes."""
        ...


def reason(monitor: str, metric: str, value: float, limit: float, message: str) -> dict:
    """A degraded reason as stored in the run document and shown by ``report``/the API."""
    return {"monitor": monitor, "metric": metric, "value": round(value, 4),
            "limit": round(limit, 4), "message": message}


def snapshot(summary: dict) -> dict:
    """What monitors read of a run summary (``storage.runs.summary``), kept in the run
    document so the domain's next run can be compared with it."""
    coverage = summary.get("field_coverage") or {}
    return {
        "run_id": summary.get("run_id"),
        "stored": int(summary.get("stored") or 0),
        "failed": int(summary.get("failed") or 0),
        "rejected": int(summary.get("rejected") or 0),
        "field_coverage": {f: float(coverage.get(f, 0.0)) for f in WATCHED_FIELDS},
    }


def percent(share: float) -> str:
    """``0.8`` -> ``"80.0%"``."""
    return f"{share * 100:.1f}%"
