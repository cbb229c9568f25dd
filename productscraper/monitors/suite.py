"""The monitor suite: checks a complete run once and acts on the result.

When it runs: right after a *complete* summary is saved — by the worker whose counters
finish the run (:meth:`productscraper.storage.runstats.RunStats.flush`) and by ``wait`` —
and, as a fallback, on ``report`` of a complete run that nobody checked yet. Whoever comes
first does it: the verdict is written with a conditional update (only while the run has no
``monitors`` field), and only that writer records the monitor event and may pause the
domain, so a run is checked exactly once however many of them try.

The live field coverage comes from the workers' counters, which reach the run document up
to a few seconds after the ledger says "complete"; the check waits for them (it is simply
not due yet) unless the run finished more than ``COUNTER_GRACE_S`` ago (a killed worker's
counters never come).

Actions of a degraded run: ``degraded``/``degraded_reasons`` on the run document, a
document in ``monitor_events`` (``run_id, domain, reasons, at``), and once the domain's
last ``MONITOR_PAUSE_AFTER`` checked runs (since its last resume) were all degraded, the
domain is paused (:mod:`productscraper.monitors.pause`).
"""
from __future__ import annotations

import logging
from dataclasses import asdict

from pymongo import DESCENDING
from pymongo.database import Database

from productscraper.config import Config, get_config
from productscraper.monitors import pause
from productscraper.monitors.base import Monitor, Thresholds, snapshot
from productscraper.monitors.coverage import CoverageMonitor
from productscraper.monitors.drop import DropMonitor
from productscraper.monitors.rates import RateMonitor
from productscraper.profiles import SiteProfile, UnknownProfile, get_profile, profile_for_url
from productscraper.storage import changes, runs
from productscraper.storage.clock import now_iso, now_utc, parse_iso, reference_time
from productscraper.urls import host_key

log = logging.getLogger(__name__)

MONITORS: tuple[Monitor, ...] = (
    CoverageMonitor("title"),
    CoverageMonitor("price"),
    DropMonitor(),
    RateMonitor("reject_rate", "rejected"),
    RateMonitor("error_rate", "failed"),
)
EVENTS = "monitor_events"
#: Seconds after a run's end past which its (possibly lagging) counters are taken as final.
COUNTER_GRACE_S = 15.0


def evaluate(run: dict, previous: dict | None, thresholds: Thresholds,
             monitors: tuple[Monitor, ...] = MONITORS) -> list[dict]:
    """Every monitor's reasons for the run snapshot ``run`` (pure)."""
    return [r for m in monitors for r in m.check(run, previous, thresholds)]


def run_domain(db: Database, doc: dict) -> str | None:
    """The domain a run crawled: its first start URL's, else its first ledger URL's."""
    urls = list(doc.get("start_urls") or ())
    if not urls:
        entry = db.urls.find_one({"run_id": doc["_id"]}, {"url": 1})
        urls = [entry["url"]] if entry else []
    return (host_key(urls[0]) or None) if urls else None


def run_profile(doc: dict, domain: str) -> SiteProfile:
    """The profile the run forced, else the one the domain's URLs get."""
    if doc.get("profile"):
        try:
            return get_profile(doc["profile"])
        except UnknownProfile:
            pass
    return profile_for_url(f"http://{domain}/")


def thresholds_for(profile: SiteProfile, cfg: Config) -> Thresholds:
    """The configured thresholds with the profile's ``[monitors]`` over them."""
    return Thresholds.from_config(cfg).with_overrides(profile.monitors)


def previous_run(db: Database, domain: str, run_id: str) -> dict | None:
    """The domain's last checked run before this one (its document), or None."""
    docs = db.runs.find({"domain": domain, "monitors": {"$exists": True}, "_id": {"$ne": run_id}},
                        {"monitors": 1}).sort("monitors.checked_ts", DESCENDING).limit(1)
    return next(iter(docs), None)


def degraded_streak(db: Database, domain: str, limit: int) -> list[dict]:
    """The domain's last ``limit`` checked runs since its last resume, newest first."""
    since = (pause.get(db, domain) or {}).get("resumed_ts") or 0.0
    docs = db.runs.find({"domain": domain, "monitors.checked_ts": {"$gt": since}},
                        {"degraded": 1, "degraded_reasons": 1})
    return list(docs.sort("monitors.checked_ts", DESCENDING).limit(limit))


def _due(doc: dict, summary: dict) -> bool:
    """Complete, and its live counters include every stored product (or it ended long ago)."""
    if not summary.get("complete"):
        return False
    if ((doc.get("events") or {}).get("stored") or 0) >= summary["stored"]:
        return True
    ended = parse_iso(doc.get("finished_at"))
    return ended is not None and (now_utc() - ended).total_seconds() > COUNTER_GRACE_S


def check_run(db: Database, run_id: str, cfg: Config | None = None) -> dict | None:
    """Check a complete run once (see the module docstring); the verdict written, or None
    when monitors are off, the run is not due, or it was already checked."""
    cfg = cfg or get_config()
    doc = runs.get(db, run_id)
    if not cfg.monitors or not doc or "monitors" in doc:
        return None
    summary = runs.summary(db, run_id)
    if not _due(doc, summary):
        return None
    domain = run_domain(db, doc)
    if domain is None:
        return None
    thresholds = thresholds_for(run_profile(doc, domain), cfg)
    before = previous_run(db, domain, run_id)
    current = snapshot(summary)
    reasons = evaluate(current, (before or {}).get("monitors", {}).get("summary"), thresholds)
    # checked_ts (epoch s) orders runs: nx-27017 compares ISO strings only to the second.
    verdict = {"checked_at": now_iso(), "checked_ts": reference_time(), "summary": current, "thresholds": asdict(thresholds),
               "previous_run": before["_id"] if before else None}
    written = db.runs.update_one(
        {"_id": run_id, "monitors": {"$exists": False}},
        {"$set": {"monitors": verdict, "domain": domain, "degraded": bool(reasons),
                  "degraded_reasons": reasons}})
    if not written.modified_count:
        return None  # another process checked it meanwhile
    if reasons:
        act_on_degraded(db, run_id, domain, reasons, cfg)
    return {**verdict, "domain": domain, "degraded": bool(reasons), "degraded_reasons": reasons}


def notify_webhook() -> None:
    """Schedule a webhook delivery of the pending events (a no-op without WEBHOOK_URL)."""
    if not get_config().webhook_url:
        return  # Celery is not imported where nobody listens
    from tasks.webhook import notify_changes  # the Celery side: imported only when needed

    notify_changes()


def act_on_degraded(db: Database, run_id: str, domain: str, reasons: list[dict],
                    cfg: Config) -> None:
    """Record the monitor event; pause the domain after ``monitor_pause_after`` in a row."""
    db[EVENTS].insert_one({"run_id": run_id, "domain": domain, "reasons": reasons,
                           "at": now_iso()})
    # The same event for change consumers: GET /changes?field=monitor and the webhook.
    changes.insert(db, [changes.monitor_event(run_id, domain, reasons, now_iso(),
                                              changes.default_delivery())])
    notify_webhook()
    log.warning("run %s of %s degraded: %s", run_id, domain,
                "; ".join(r["message"] for r in reasons))
    need = cfg.monitor_pause_after
    if need <= 0:
        return
    streak = degraded_streak(db, domain, need)
    if len(streak) == need and all(d.get("degraded") for d in streak):
        pause.pause(db, domain, reasons, [d["_id"] for d in streak])
        log.warning("domain %s paused after %d degraded runs (%s); resume with "
                    "`python -m productscraper domains resume %s`", domain, need,
                    ", ".join(d["_id"] for d in streak), domain)


def verdict_of(doc: dict | None) -> dict:
    """``degraded`` (None until checked) and ``degraded_reasons`` of a run document."""
    doc = doc or {}
    degraded = doc.get("degraded")
    return {"degraded": None if degraded is None else bool(degraded), "degraded_reasons": doc.get("degraded_reasons") or []}
