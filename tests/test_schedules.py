"""Schedules (issue 39): RedBeat entries added/listed/removed by the CLI, firings that
start runs ``NAME-<UTC timestamp>`` and never overlap, one beat of several on one Redis.

Real Redis and nx-27017 (fixtures), real ``celery beat`` processes, the demo shop.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import redis
from pymongo import MongoClient

from tests.services import ROOT, cli

pytestmark = pytest.mark.e2e


def schedule_list(env: dict) -> dict[str, dict]:
    """``schedule list --json`` by name."""
    return {r["name"]: r for r in json.loads(cli("schedule", "list", "--json", env=env).stdout)}


def wait_until(predicate, timeout: float, what: str, interval: float = 0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def database(env: dict):
    uri = env["MONGO_URI"]
    client = MongoClient(uri, serverSelectionTimeoutMS=5000)
    return client, client[uri.rsplit("/", 1)[1]]


def test_add_list_remove_round_trip(cli_env):
    out = cli("schedule", "add", "travel", "--start-url", "http://127.0.0.1:9/catalogue/", "--every", "600",
              "--profile", "demo", "--discovery", "listing", env=cli_env).stdout
    assert "schedule travel: every 600 s" in out
    cli("schedule", "add", "nightly", "--start-url", "http://127.0.0.1:9/", "--cron", "0 3 * * *", env=cli_env)
    listed = schedule_list(cli_env)
    assert set(listed) == {"travel", "nightly"}
    assert listed["travel"]["schedule"] == "every 600 s"
    assert (listed["travel"]["profile"], listed["travel"]["discovery"]) == ("demo", "listing")
    assert listed["travel"]["start_url"] == "http://127.0.0.1:9/catalogue/"
    assert listed["nightly"]["schedule"] == "cron 0 3 * * *"
    # An interval schedule is due at once; a cron one at its next 03:00 UTC.
    assert listed["nightly"]["next_run"][10:19] == "T03:00:00"
    assert listed["travel"]["last_run"] is None and listed["travel"]["last_firing"] is None
    # Added with --every: due at once, not one interval later.
    assert listed["travel"]["next_run"] < listed["nightly"]["next_run"]
    soon = (datetime.now(timezone.utc) + timedelta(seconds=300)).strftime("%Y-%m-%dT%H:%M:%S")
    assert listed["travel"]["next_run"] < soon
    # The same name twice is refused, --replace replaces it.
    dup = cli("schedule", "add", "travel", "--start-url", "http://127.0.0.1:9/", "--every", "5", env=cli_env, check=False)
    assert dup.returncode == 2 and "exists" in dup.stdout
    cli("schedule", "add", "travel", "--start-url", "http://127.0.0.1:9/", "--every", "5", "--replace", env=cli_env)
    assert schedule_list(cli_env)["travel"]["schedule"] == "every 5 s"
    assert "travel" in cli("schedule", "list", env=cli_env).stdout
    assert cli("schedule", "remove", "travel", env=cli_env).returncode == 0
    assert set(schedule_list(cli_env)) == {"nightly"}
    gone = cli("schedule", "remove", "travel", env=cli_env, check=False)
    assert gone.returncode == 2 and "no such schedule" in gone.stdout


@pytest.mark.parametrize("args, message", [
    (["--every", "0"], "must be > 0"),
    (["--cron", "61 * * * *"], "--cron"),
    (["--cron", "* * *"], "5 fields"),
    (["--every", "5", "--profile", "nosuchprofile"], "unknown profile"),
])
def test_add_refuses_a_bad_schedule(cli_env, args, message):
    proc = cli("schedule", "add", "bad", "--start-url", "http://127.0.0.1:9/", *args, env=cli_env, check=False)
    assert proc.returncode == 2 and message in proc.stdout
    assert schedule_list(cli_env) == {}


class Beat:
    """A ``celery -A tasks beat`` process (RedBeat's scheduler) logging to a file."""

    def __init__(self, env: dict, log: Path) -> None:
        self.log = log
        with open(log, "ab") as fh:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "tasks", "beat", "-l", "debug",
                 "-S", "redbeat.RedBeatScheduler"], cwd=ROOT, env=env, stdout=fh,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def firing_messages(client: redis.Redis, queue: str = "schedules") -> list[str]:
    """The schedule name of each firing waiting in the queue (nobody consumes it here)."""
    names = []
    for raw in client.lrange(queue, 0, -1):
        body = json.loads(base64.b64decode(json.loads(raw)["body"]))
        names.append(body[1]["name"])
    return names


def total_run_count(client: redis.Redis, name: str) -> int:
    meta = client.hget(f"redbeat:{name}", "meta")
    return json.loads(meta).get("total_run_count", 0) if meta else 0


def test_two_beats_on_one_redis_fire_each_due_time_once_and_remove_stops_firings(cli_env, tmp_path):
    env = {**cli_env, "BEAT_MAX_INTERVAL": "1"}
    client = redis.Redis.from_url(env["REDIS_URL"])
    beats = [Beat(env, tmp_path / "beat1.log"), Beat(env, tmp_path / "beat2.log")]
    try:
        for name in ("kept", "dropped"):
            cli("schedule", "add", name, "--start-url", "http://127.0.0.1:9/", "--every", "1", env=env)
        wait_until(lambda: min(firing_messages(client).count(n) for n in ("kept", "dropped")) >= 3,
                   30, "3 firings of each schedule")
        cli("schedule", "remove", "dropped", env=env)
        time.sleep(1.0)  # a firing sent as it was removed
        dropped = firing_messages(client).count("dropped")
        wait_until(lambda: firing_messages(client).count("kept") >= dropped + 3, 30, "3 more firings of 'kept'")
        assert firing_messages(client).count("dropped") == dropped
        assert all(b.proc.poll() is None for b in beats)
        holders = [b for b in beats if "beat: Acquired lock" in b.text()]
        for b in sorted(beats, key=lambda b: b in holders):  # the standby first
            b.stop()
        # Each due time of 'kept' went out once: one message per run RedBeat counted.
        assert firing_messages(client).count("kept") == total_run_count(client, "kept")
        sent = sum(b.text().count("Sending due task kept ") for b in beats)
        assert sent == total_run_count(client, "kept")
        # Exactly one beat took RedBeat's lock; the other waited for it.
        assert len(holders) == 1
    finally:
        for b in beats:
            b.stop()


@pytest.fixture(scope="module")
def schedule_stack(stack_env):
    """``stack up`` with beat and the schedules worker (the default), 2 product workers."""
    env = {**stack_env, "BEAT_MAX_INTERVAL": "1"}
    cli("stack", "up", "--workers", "2", "--concurrency", "8", "--render-workers", "0", "--no-flower", env=env)
    yield env
    cli("stack", "down", env=env, check=False)


def test_a_schedule_starts_runs_that_never_overlap_and_skips_while_one_is_in_progress(schedule_stack, demo_shop):
    env = schedule_stack
    # Slow pages: a run (scrapy start, 3 listing pages, 30 products) outlasts the 2 s interval.
    shop = demo_shop(products=30, per_page=10, latency_ms=400)
    names = {p["name"] for p in json.loads((Path(env["PRODUCTSCRAPER_RUN_DIR"]) / "stack.json").read_text())}
    assert {"beat", "schedules1"} <= names
    client, db = database(env)
    try:
        cli("schedule", "add", "shop", "--start-url", shop.listing_url, "--profile", "demo", "--every", "2", env=env)

        def two_runs_and_a_skip():
            log = list(db.schedules_log.find({"schedule": "shop"}).sort("fired_at", 1))
            started = [f for f in log if f["action"] == "started"]
            done = [f for f in started if (db.runs.find_one({"_id": f["run_id"]}) or {}).get("discovery_finished")
                    and db.urls.count_documents({"run_id": f["run_id"], "state": "queued"}) == 0]
            return len(done) >= 2 and any(f["action"] == "skipped" for f in log)

        wait_until(two_runs_and_a_skip, 40, "2 complete runs and a skipped firing", interval=0.5)
        cli("schedule", "remove", "shop", env=env)
        time.sleep(1.0)  # a firing taken as it was removed
        after_remove = db.schedules_log.count_documents({"schedule": "shop"})
        log = list(db.schedules_log.find({"schedule": "shop"}).sort("fired_at", 1))
        started = [f for f in log if f["action"] == "started"]
        assert all(f["run_id"].startswith("shop-2") and f["run_id"].endswith("Z") for f in started)
        skips = [f for f in log if f["action"] == "skipped"]
        assert all("still" in f["reason"] and "previous run shop-" in f["reason"] for f in skips), skips
        # Never two at once: each run started after the one before it was complete
        # (discovery ended and its last URL finished).
        for prev, nxt in zip(started, started[1:]):
            run = db.runs.find_one({"_id": prev["run_id"]})
            last = max(u["finished_at"] for u in db.urls.find({"run_id": prev["run_id"]}, {"finished_at": 1}))
            assert run["discovery_finished_at"] <= nxt["fired_at"] and last <= nxt["fired_at"], (prev, nxt)
        listed_before = cli("schedule", "list", "--json", env=env).stdout
        assert json.loads(listed_before) == []
        # Every started run scraped the whole catalogue; `schedule list` showed outcomes on the way.
        wait_until(lambda: all(db.urls.count_documents({"run_id": f["run_id"], "state": "stored"}) == 30
                               for f in started[:2]), 30, "the first two runs stored")
        time.sleep(4.0)  # two intervals: nothing fires once removed
        assert db.schedules_log.count_documents({"schedule": "shop"}) == after_remove
    finally:
        client.close()


def test_schedule_list_shows_the_last_run_and_its_outcome(schedule_stack, demo_shop):
    env = schedule_stack
    shop = demo_shop(products=5, per_page=5)
    cli("schedule", "add", "small", "--start-url", shop.listing_url, "--profile", "demo", "--every", "3600", env=env)
    try:
        row = wait_until(lambda: (r := schedule_list(env)["small"])["last_run"]
                         and r["last_run"]["outcome"].startswith("complete") and r, 40, "a complete last run")
        assert row["last_run"]["run_id"].startswith("small-")
        assert row["last_run"]["outcome"] == "complete: 5 discovered, 5 stored, 0 failed, 0 rejected"
        assert row["last_firing"]["action"] == "started"
        assert row["next_run"] > row["last_run"]["fired_at"]
        table = cli("schedule", "list", env=env).stdout
        assert row["last_run"]["run_id"] in table and "complete" in table
    finally:
        cli("schedule", "remove", "small", env=env)


@pytest.fixture
def sched_db(mongo_srv):
    import uuid

    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", serverSelectionTimeoutMS=5000)
    yield client[f"sched{uuid.uuid4().hex[:8]}"]
    client.close()


def test_only_a_running_crawl_or_a_run_with_queued_urls_holds_the_schedule(sched_db):
    from productscraper.scheduling import firings
    from productscraper.scheduling.fire import in_progress
    from productscraper.storage import runs
    from productscraper.storage.clock import now_utc, to_iso

    db, now = sched_db, now_utc()
    assert in_progress(db, "s", 600, now) is None  # never fired
    firings.record_started(db, "s", "s-1", to_iso(now - timedelta(seconds=5)))
    assert "previous run s-1 still discovering" == in_progress(db, "s", 600, now)
    # Discovery finished with URLs still queued: in progress until the last one is done.
    runs.start(db, "s-1", source="listings")
    db.urls.insert_one({"_id": "u1", "run_id": "s-1", "url": "http://x/1", "state": "queued"})
    runs.finish_discovery(db, "s-1")
    firings.record_crawl_end(db, "s-1", 0)
    assert "still in progress (1 URL(s) queued)" in in_progress(db, "s", 600, now)
    db.urls.update_one({"_id": "u1"}, {"$set": {"state": "stored", "finished_at": to_iso(now)}})
    assert in_progress(db, "s", 600, now) is None
    # A crawl that failed before discovery finished leaves a run that never completes: not held.
    firings.record_started(db, "s", "s-2", to_iso(now))
    runs.start(db, "s-2", source="listings")
    firings.record_crawl_end(db, "s-2", 1, "crawl failed (exit 1)")
    assert in_progress(db, "s", 600, now) is None
    # A firing whose worker died (no crawl end long after the crawl's timeout): not held.
    firings.record_started(db, "t", "t-1", to_iso(now - timedelta(seconds=900)))
    assert in_progress(db, "t", 600, now) is None
    assert in_progress(db, "t", 3600, now) == "previous run t-1 still discovering"


def test_a_failing_crawl_is_recorded_with_its_exit_code_and_frees_the_schedule(cli_env, sched_db, monkeypatch):
    from productscraper.config import Config
    from productscraper.scheduling import firings
    from productscraper.scheduling.fire import fire

    cfg = Config.from_env(cli_env)
    # No such profile: the spider refuses it, the crawl exits non-zero before discovery.
    first = fire("broken", "http://127.0.0.1:9/", profile="nosuchprofile", cfg=cfg, db=sched_db)
    assert first["action"] == "started" and first["run_id"].startswith("broken-") and first["crawl_exit"] != 0
    rec = firings.last(sched_db, "broken")
    assert rec["outcome"].startswith("crawl failed (exit") and firings.outcome(sched_db, rec) == rec["outcome"]
    assert (cfg.run_dir / "schedules" / f"{first['run_id']}.log").exists()
