"""The fence around the Celery/kombu speed-ups (tasks/speedups/): one switch, version guards."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

from productscraper.config import Config
from tasks import speedups
from tests.services import ROOT

ON = Config.from_env({"CELERY_SPEEDUPS": "on"})
OFF = Config.from_env({"CELERY_SPEEDUPS": "off"})

PROBE = """
import json
from celery.app import trace
from celery.utils.saferepr import saferepr
from tasks.app import app, SPEEDUPS
print(json.dumps({"transport": app.conf.broker_transport, "consumer": app.conf.worker_consumer,
                  "pool": app.conf.worker_pool, "saferepr_stock": trace.saferepr is saferepr,
                  "active": SPEEDUPS}))
"""


def celery_app_with(**env: str) -> dict:
    """The Celery app's configuration as a fresh process builds it with ``env``."""
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0", **env}, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_every_speedup_is_on_by_default_on_the_verified_versions():
    assert speedups.active(ON) == list(speedups.SPEEDUPS)
    conf = celery_app_with(CELERY_SPEEDUPS="on")
    assert conf["transport"] == speedups.TRANSPORT and conf["consumer"] == speedups.CONSUMER
    assert conf["pool"] == speedups.REACTOR_POOL and conf["saferepr_stock"] is False


def test_celery_speedups_off_gives_stock_celery_and_kombu():
    assert speedups.active(OFF) == []
    conf = celery_app_with(CELERY_SPEEDUPS="off")
    assert conf["active"] == []
    assert conf["transport"] is None  # kombu's own Redis transport
    assert conf["consumer"] == "celery.worker.consumer:Consumer"
    assert conf["pool"] == "threads" and conf["saferepr_stock"] is True


def test_a_speedup_on_an_unverified_version_falls_back_with_one_warning(monkeypatch, caplog, request):
    real = speedups.version
    monkeypatch.setattr(speedups, "version", lambda dist: "6.0.1" if dist == "celery" else real(dist))
    monkeypatch.setattr(speedups, "_warned", set())
    # The versions "changed" for this test: forget the cached verdicts, before and after.
    speedups.version_mismatch.cache_clear()
    request.addfinalizer(speedups.version_mismatch.cache_clear)
    with caplog.at_level(logging.WARNING, logger="tasks.speedups"):
        assert not speedups.enabled("consumer", ON)
        assert not speedups.enabled("consumer", ON)
        assert speedups.enabled("transport", ON)  # kombu's series still matches
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "celery 6.0.1 (verified on 5.7.x)" in warnings[0]
    assert speedups.effective_pool("reactor", ON) == "threads"


@pytest.mark.parametrize(("installed", "series", "match"), [
    ("5.7.0", "5.7", True), ("5.7", "5.7", True), ("5.70.1", "5.7", False), ("5.8.0", "5.7", False)])
def test_a_version_matches_its_series_only(installed, series, match):
    assert speedups._series_matches(installed, series) is match


def test_the_stack_runs_celerys_thread_pool_when_the_reactor_pool_is_off(monkeypatch):
    from productscraper.operations.stack import pool_env, worker_cmd

    monkeypatch.setenv("CELERY_SPEEDUPS", "off")
    from productscraper.config import get_config
    get_config.cache_clear()
    try:
        assert pool_env("reactor") == {"WORKER_POOL": "threads"}
        cmd = worker_cmd("w", "products", 4, "reactor")
        assert cmd[cmd.index("--pool") + 1] == "threads"
    finally:
        monkeypatch.delenv("CELERY_SPEEDUPS")
        get_config.cache_clear()
