"""Quality monitors: each monitor on summaries, the suite on runs in a real MongoDB-wire
server (checked once, degraded with reasons, events, pause after two in a row, resume)."""
from dataclasses import replace

import pytest

from productscraper.config import Config
from productscraper.monitors import pause, suite
from productscraper.monitors.base import THRESHOLD_KEYS, Thresholds, snapshot
from productscraper.monitors.coverage import CoverageMonitor
from productscraper.monitors.drop import DropMonitor
from productscraper.monitors.rates import RateMonitor
from productscraper.profiles import ProfileError, load_profile_file
from productscraper.storage import ledger, runs

LIMITS = Thresholds(title_coverage_min=0.9, price_coverage_min=0.8, max_drop_points=20,
                    reject_rate_max=0.25, error_rate_max=0.25)
CFG = Config()


def run(stored=10, failed=0, rejected=0, title=1.0, price=1.0, run_id="r"):
    return {"run_id": run_id, "stored": stored, "failed": failed, "rejected": rejected,
            "field_coverage": {"title": title, "price": price}}


# ------------------------------------------------------------------------ monitors


def test_price_coverage_below_the_floor_is_a_reason_naming_price_coverage():
    reasons = CoverageMonitor("price").check(run(price=0.5), None, LIMITS)
    assert [(r["monitor"], r["value"], r["limit"]) for r in reasons] == [("price_coverage", 0.5, 0.8)]
    assert "price coverage 50.0% is below the floor 80.0%" == reasons[0]["message"]


def test_coverage_at_the_floor_passes_and_a_run_that_stored_nothing_is_not_measured():
    assert CoverageMonitor("price").check(run(price=0.8), None, LIMITS) == []
    assert CoverageMonitor("title").check(run(stored=0, title=0.0), None, LIMITS) == []
    assert CoverageMonitor("title").check(run(title=0.89), None, LIMITS)[0]["monitor"] == "title_coverage"


def test_a_drop_of_more_than_the_limit_against_the_previous_run_is_a_reason():
    before = run(price=1.0, run_id="prev")
    reasons = DropMonitor().check(run(price=0.79), before, LIMITS)
    assert [(r["monitor"], r["metric"]) for r in reasons] == [("coverage_drop", "price_coverage")]
    assert "dropped 21.0 points against run prev" in reasons[0]["message"]
    # Exactly the limit, a rise, no previous run, or a previous run that stored nothing: fine.
    assert DropMonitor().check(run(price=0.8), before, LIMITS) == []
    assert DropMonitor().check(run(price=1.0), run(price=0.5), LIMITS) == []
    assert DropMonitor().check(run(price=0.1), None, LIMITS) == []
    assert DropMonitor().check(run(price=0.1), run(stored=0), LIMITS) == []


def test_a_drop_above_the_floor_still_fires():
    loose = replace(LIMITS, price_coverage_min=0.5)
    reasons = suite.evaluate(run(price=0.6), run(price=0.95), loose)
    assert [r["monitor"] for r in reasons] == ["coverage_drop"]


def test_reject_and_error_rates_above_their_ceilings_are_reasons():
    reasons = RateMonitor("error_rate", "failed").check(run(stored=6, failed=4), None, LIMITS)
    assert reasons[0]["value"] == 0.4 and "error rate 40.0% (4 of 10)" in reasons[0]["message"]
    assert RateMonitor("reject_rate", "rejected").check(run(stored=2, rejected=1), None, LIMITS)
    assert RateMonitor("reject_rate", "rejected").check(run(stored=3, rejected=1), None, LIMITS) == []
    assert RateMonitor("error_rate", "failed").check(run(stored=0), None, LIMITS) == []


def test_a_healthy_run_has_no_reasons():
    assert suite.evaluate(run(), run(run_id="prev"), LIMITS) == []


def test_thresholds_come_from_the_configuration_and_the_profile_overrides_them(tmp_path):
    cfg = Config.from_env({"MONITOR_PRICE_COVERAGE_MIN": "0.6", "MONITOR_PAUSE_AFTER": "3"})
    assert Thresholds.from_config(cfg).price_coverage_min == 0.6 and cfg.monitor_pause_after == 3
    assert THRESHOLD_KEYS == {"title_coverage_min", "price_coverage_min", "max_drop_points",
                              "reject_rate_max", "error_rate_max"}
    path = tmp_path / "shop.toml"
    path.write_text('name = "shop"\n[monitors]\nprice_coverage_min = 0\nmax_drop_points = 50\n')
    profile = load_profile_file(path)
    t = suite.thresholds_for(profile, cfg)
    assert (t.price_coverage_min, t.max_drop_points, t.title_coverage_min) == (0.0, 50.0, 0.9)


@pytest.mark.parametrize("table, key", [("pricecov = 1", "monitors.pricecov"),
                                        ("price_coverage_min = 2", "monitors.price_coverage_min"),
                                        ("error_rate_max = 'x'", "monitors.error_rate_max")])
def test_a_bad_monitors_table_is_an_error_naming_the_key(tmp_path, table, key):
    path = tmp_path / "shop.toml"
    path.write_text(f'name = "shop"\n[monitors]\n{table}\n')
    with pytest.raises(ProfileError, match=key):
        load_profile_file(path)


# ------------------------------------------------------------------------ suite on runs


@pytest.fixture
def mdb(fresh_db):
    return fresh_db


def finished_run(db, run_id, *, stored=10, with_price=10, failed=0, domain="shop.test:8080",
                 counters=True):
    """A complete run of ``domain`` as the workers leave it: ledger + live counters."""
    runs.start(db, run_id, source="test", start_urls=[f"http://{domain}/catalogue/"])
    urls = [f"http://{domain}/p/{run_id}/{i}" for i in range(stored + failed)]
    ledger.register_many(db, [ledger.Entry(run_id, u) for u in urls])
    for u in urls[:stored]:
        ledger.mark(db, run_id, u, ledger.STORED, change="created")
    for u in urls[stored:]:
        ledger.mark(db, run_id, u, ledger.FAILED)
    if counters:
        db.runs.update_one({"_id": run_id}, {"$inc": {"events.stored": stored,
                                                      "coverage.title": stored,
                                                      "coverage.price": with_price}})
    runs.finish_discovery(db, run_id)
    runs.save_summary(db, run_id, runs.summary(db, run_id))


def test_a_complete_run_is_checked_once_and_a_degraded_one_says_why(mdb):
    finished_run(mdb, "ok1")
    first = suite.check_run(mdb, "ok1", CFG)
    assert first["degraded"] is False and first["domain"] == "shop.test:8080"
    assert suite.check_run(mdb, "ok1", CFG) is None  # once per run
    finished_run(mdb, "bad1", with_price=0)
    verdict = suite.check_run(mdb, "bad1", CFG)
    assert verdict["previous_run"] == "ok1"
    assert {r["monitor"] for r in verdict["degraded_reasons"]} == {"price_coverage", "coverage_drop"}
    doc = runs.get(mdb, "bad1")
    assert doc["degraded"] and doc["degraded_reasons"] == verdict["degraded_reasons"]
    summary = runs.summary(mdb, "bad1")
    assert summary["degraded"] is True and summary["degraded_reasons"]
    events = list(mdb.monitor_events.find({}, {"_id": 0}))
    assert [(e["run_id"], e["domain"]) for e in events] == [("bad1", "shop.test:8080")]
    assert events[0]["reasons"] == verdict["degraded_reasons"] and events[0]["at"]
    # The same event for change consumers (GET /changes?field=monitor, the webhook).
    monitor = list(mdb.changes.find({"field": "monitor"}))
    assert [(e["run_id"], e["domain"], e["new"]["reasons"]) for e in monitor] == [
        ("bad1", "shop.test:8080", verdict["degraded_reasons"])]
    # A later summary write cannot undo the verdict.
    runs.save_summary(mdb, "bad1", runs.summary(mdb, "bad1"))
    assert runs.get(mdb, "bad1")["degraded"]


def test_a_run_is_not_checked_before_its_counters_arrived_or_while_incomplete(mdb):
    finished_run(mdb, "lag", counters=False)
    assert suite.check_run(mdb, "lag", CFG) is None and "monitors" not in runs.get(mdb, "lag")
    mdb.runs.update_one({"_id": "lag"}, {"$inc": {"events.stored": 10, "coverage.title": 10,
                                                  "coverage.price": 10}})
    assert suite.check_run(mdb, "lag", CFG)["degraded"] is False
    runs.start(mdb, "open", source="test", start_urls=["http://shop.test:8080/"])
    assert suite.check_run(mdb, "open", CFG) is None


def test_two_degraded_runs_in_a_row_pause_the_domain_and_resume_restarts_the_count(mdb):
    finished_run(mdb, "a1")
    suite.check_run(mdb, "a1", CFG)
    finished_run(mdb, "a2", with_price=0)
    suite.check_run(mdb, "a2", CFG)
    assert pause.paused_domains(mdb) == frozenset()  # one degraded run: not yet
    finished_run(mdb, "a3", with_price=0)
    suite.check_run(mdb, "a3", CFG)
    doc = pause.get(mdb, "shop.test:8080")
    assert doc["state"] == "paused" and doc["runs"] == ["a3", "a2"]
    assert any("price coverage" in r["message"] for r in doc["reasons"])
    assert [d["_id"] for d in pause.list_domains(mdb)] == ["shop.test:8080"]
    assert pause.resume(mdb, "shop.test:8080") is True and pause.resume(mdb, "shop.test:8080") is False
    assert pause.list_domains(mdb) == [] and len(pause.list_domains(mdb, paused_only=False)) == 1
    finished_run(mdb, "a4", with_price=0)  # one degraded run after the resume: not paused again
    suite.check_run(mdb, "a4", CFG)
    assert pause.paused_domains(mdb) == frozenset()
    finished_run(mdb, "a5", with_price=0)
    suite.check_run(mdb, "a5", CFG)
    assert pause.paused_domains(mdb) == {"shop.test:8080"}


def test_degraded_runs_of_other_domains_do_not_add_up(mdb):
    finished_run(mdb, "x1", with_price=0, domain="one.test")
    finished_run(mdb, "y1", with_price=0, domain="two.test")
    for r in ("x1", "y1"):
        assert suite.check_run(mdb, r, CFG)["degraded"] is True
    assert pause.paused_domains(mdb) == frozenset()


def test_monitors_off_or_pause_after_zero(mdb):
    finished_run(mdb, "o1", with_price=0)
    assert suite.check_run(mdb, "o1", replace(CFG, monitors=False)) is None
    never = replace(CFG, monitor_pause_after=0)
    for r in ("o2", "o3"):
        finished_run(mdb, r, with_price=0)
        assert suite.check_run(mdb, r, never)["degraded"] is True
    assert pause.paused_domains(mdb) == frozenset()


def test_the_paused_set_is_cached_for_its_ttl(mdb):
    assert pause.is_paused(mdb, "c.test", ttl=60) is False
    mdb[pause.COLLECTION].insert_one({"_id": "c.test", "state": "paused"})  # behind the cache's back
    assert pause.is_paused(mdb, "c.test", ttl=60) is False
    assert pause.refresh(mdb, ttl=60) == {"c.test"} and pause.is_paused(mdb, "c.test", ttl=60)
    pause.resume(mdb, "c.test")  # this process's own changes are seen at once
    assert pause.is_paused(mdb, "c.test", ttl=60) is False


def test_snapshot_keeps_what_the_next_run_is_compared_with():
    s = snapshot({"run_id": "r", "stored": 3, "failed": 1, "rejected": 0,
                  "field_coverage": {"title": 1.0, "price": 0.5, "sku": 1.0}})
    assert s == {"run_id": "r", "stored": 3, "failed": 1, "rejected": 0,
                 "field_coverage": {"title": 1.0, "price": 0.5}}


def test_reconcile_does_not_re_publish_the_deferred_urls_of_a_paused_domain(mdb, monkeypatch):
    from productscraper.fanout.publisher import FanOutResult
    from productscraper.storage import reconcile

    ledger.register_many(mdb, [ledger.Entry("rq", "http://held.test/p/1"),
                               ledger.Entry("rq", "http://free.test/p/1")])
    pause.pause(mdb, "held.test", [{"monitor": "manual", "message": "test"}], by="hand")
    sent = []
    monkeypatch.setattr(reconcile, "publish", lambda entries: (sent.extend(entries), FanOutResult())[1])
    assert reconcile.republish_queued(mdb, "rq") == 1
    assert [e.url for e in sent] == ["http://free.test/p/1"]


def test_report_checks_a_complete_run_nobody_checked_yet(mdb):
    from productscraper.operations.cli.runs_cmd import with_verdict

    finished_run(mdb, "rep1", with_price=0)
    shown = with_verdict(mdb, runs.summary(mdb, "rep1"))
    assert shown["degraded"] is True
    assert {r["monitor"] for r in shown["degraded_reasons"]} == {"price_coverage"}
