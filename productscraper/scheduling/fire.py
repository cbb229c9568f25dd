"""One firing of a schedule: skip it if the schedule's previous run is still in progress,
else start run ``NAME-<UTC timestamp>`` with the listing crawl.

The crawl runs as ``python -m scrapy crawl listings`` in a subprocess (cwd: the project
root, like ``stack up``'s processes) that this firing waits for, at most
``SCHEDULE_CRAWL_TIMEOUT`` s. It runs on the ``schedules`` queue's own worker, so product
workers never wait for a discovery. The product pages are scraped by the product workers as
for any run; the run is *in progress* until discovery has finished and no URL of it is still
queued (:mod:`productscraper.storage.runs`).
"""
from __future__ import annotations

import logging
import subprocess
import sys
from datetime import datetime

import redis
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from productscraper.config import ROOT, Config, get_config
from productscraper.scheduling import firings
from productscraper.storage import runs
from productscraper.storage.clock import now_utc, parse_iso, to_iso
from productscraper.storage.connection import get_db
from productscraper.storage.indexes import ensure_indexes

log = logging.getLogger(__name__)

#: A started firing whose crawl has not reported its end this long after its timeout died
#: with its worker: its run then counts as in progress only by its ledger.
LOST_FIRING_GRACE_S = 120.0
#: How long a firing may hold its schedule's lock while it checks and records (seconds).
LOCK_TIMEOUT_S = 60


def run_id_for(name: str, when: datetime) -> str:
    """``NAME-<UTC timestamp>``, e.g. ``travel-20261207T105700Z``."""
    return f"{name}-{when.strftime('%Y%m%dT%H%M%SZ')}"


def in_progress(db: Database, name: str, crawl_timeout: float, now: datetime) -> str | None:
    """Why the schedule's previous run is still in progress, or None when it is not.

    In progress: its listing crawl is still running, or discovery finished and some of its
    URLs are still queued. A crawl that ended without finishing discovery (it failed, or
    timed out) leaves a run that can never complete: that does not hold the schedule.
    """
    prev = firings.last(db, name, firings.STARTED)
    if prev is None:
        return None
    run_id = prev["run_id"]
    if prev.get("crawl_exit") is None:
        fired = parse_iso(prev["fired_at"])
        if fired and (now - fired).total_seconds() < crawl_timeout + LOST_FIRING_GRACE_S:
            return f"previous run {run_id} still discovering"
    s = runs.settled_summary(db, run_id)
    if s["complete"] or not s["discovery_finished"]:
        return None
    return f"previous run {run_id} still in progress ({s['queued']} URL(s) queued)"


def crawl_command(run_id: str, start_url: str, profile: str | None, discovery: str | None) -> list[str]:
    """The listing crawl of one firing, as a user would type it."""
    cmd = [sys.executable, "-m", "scrapy", "crawl", "listings", "-a", f"start_url={start_url}",
           "-a", f"run_id={run_id}"]
    if profile:
        cmd += ["-a", f"profile={profile}"]
    if discovery:
        cmd += ["-a", f"discovery={discovery}"]
    return cmd + ["-L", "INFO"]


def run_crawl(cfg: Config, run_id: str, cmd: list[str]) -> tuple[int, str | None]:
    """Run the crawl to its end (or its timeout); (exit code, why it failed or None).

    Its output goes to ``<run dir>/schedules/<run id>.log``.
    """
    logs = cfg.run_dir / "schedules"
    logs.mkdir(parents=True, exist_ok=True)
    path = logs / f"{run_id}.log"
    with open(path, "ab") as fh:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        try:
            code = proc.wait(cfg.schedule_crawl_timeout)
        except subprocess.TimeoutExpired:
            proc.terminate()  # Scrapy closes gracefully: discovery is recorded as ended
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            return -1, f"crawl timed out after {cfg.schedule_crawl_timeout:g} s (log {path})"
    return code, None if code == 0 else f"crawl failed (exit {code}, log {path})"


def fire(name: str, start_url: str, profile: str | None = None, discovery: str | None = None,
         *, cfg: Config | None = None, db: Database | None = None) -> dict:
    """The body of ``productscraper.fire_schedule``: skip (recorded with the reason) or run.

    The check and the record of a start happen under the schedule's lock in Redis, so two
    firings taken at once (two workers, a backlog) cannot both start a run.
    """
    cfg = cfg or get_config()
    db = db if db is not None else get_db()
    ensure_indexes(db)  # once per process; schedules_log's index among them
    client = redis.Redis.from_url(cfg.redis_url, socket_timeout=5, socket_connect_timeout=5)
    lock = client.lock(f"productscraper:schedule:{name}:firing", timeout=LOCK_TIMEOUT_S,
                       blocking_timeout=10)
    if not lock.acquire():
        reason = "another firing of this schedule held its lock"
        firings.record_skipped(db, name, reason)
        return {"action": firings.SKIPPED, "reason": reason}
    try:
        now = now_utc()
        reason = in_progress(db, name, cfg.schedule_crawl_timeout, now)
        run_id = run_id_for(name, now)
        if reason is None:
            try:
                doc_id = firings.record_started(db, name, run_id, to_iso(now))
            except DuplicateKeyError:
                reason = f"run {run_id} was already started this second"
        if reason is not None:
            firings.record_skipped(db, name, reason, to_iso(now))
            log.info("schedule %s: firing skipped: %s", name, reason)
            return {"action": firings.SKIPPED, "reason": reason}
    finally:
        lock.release()
        client.close()
    log.info("schedule %s: starting run %s", name, run_id)
    code, detail = run_crawl(cfg, run_id, crawl_command(run_id, start_url, profile, discovery))
    firings.record_crawl_end(db, doc_id, code, detail)
    return {"action": firings.STARTED, "run_id": run_id, "crawl_exit": code}
