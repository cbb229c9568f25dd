"""`stack up/status/down`: starts the missing servers itself and leaves nothing behind."""
import json
import os
import time
from pathlib import Path

import pytest
from pymongo import MongoClient
import redis

from productscraper.config import Config

from productscraper.operations.netutil import free_port, listening
from tests.services import cli

pytestmark = pytest.mark.e2e


def processes_mentioning(text: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(") ", 1)[1][0]
        except OSError:
            continue
        if text in cmdline and state != "Z":
            pids.append(int(entry.name))
    return pids


def niceness(pid: int) -> int:
    """The process's nice value (/proc/PID/stat, field 19)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()[16])


def test_stack_starts_redis_mongo_workers_and_flower_then_stops_exactly_those(tmp_path):
    redis_port, mongo_port, flower_port = free_port(), free_port(), free_port()
    run_dir = tmp_path / "run"
    env = {**os.environ, "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
           "MONGO_URI": f"mongodb://127.0.0.1:{mongo_port}/stacktest",
           "FLOWER_PORT": str(flower_port), "FLOWER_BASIC_AUTH": "ops:secret",
           "PRODUCTSCRAPER_RUN_DIR": str(run_dir)}
    try:
        out = cli("stack", "up", "--workers", "2", "--concurrency", "2", env=env).stdout
        assert f"redis-{redis_port}" in out and f"mongo-{mongo_port}" in out
        assert redis.Redis(port=redis_port).ping()
        assert MongoClient(f"mongodb://127.0.0.1:{mongo_port}").admin.command("ping")["ok"]
        names = {p["name"] for p in json.loads((run_dir / "stack.json").read_text())}
        # A browser worker by default wherever a browser is installed (no queue without consumer).
        browser = {"render1"} if Config.from_env(env).browser_installed else set()
        # Schedules: one Celery beat (RedBeat) and the schedules queue's worker.
        assert names == {f"redis-{redis_port}", f"mongo-{mongo_port}", "worker1", "worker2", "flower",
                         "beat", "schedules1", *browser}
        # Workers run nicer than a listing crawl started beside them (WORKER_NICE, default 5).
        procs = {p["name"]: p["pid"] for p in json.loads((run_dir / "stack.json").read_text())}
        ours = os.nice(0)
        assert {n: niceness(procs[n]) for n in ("worker1", "worker2", *browser, "flower", "schedules1")} == {
            **{n: min(19, ours + 5) for n in ("worker1", "worker2", *browser)}, "flower": ours, "schedules1": ours}
        deadline = time.monotonic() + 30
        while not listening("127.0.0.1", flower_port) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert listening("127.0.0.1", flower_port)
        status = cli("stack", "status", env=env).stdout
        assert "worker1" in status and "NO" not in status
        # A second `up` starts nothing new.
        cli("stack", "up", "--workers", "2", env=env)
        assert len(json.loads((run_dir / "stack.json").read_text())) == 7 + len(browser)
    finally:
        cli("stack", "down", env=env, check=False)
    assert not listening("127.0.0.1", redis_port) and not listening("127.0.0.1", mongo_port)
    assert processes_mentioning(str(run_dir)) == []
    assert processes_mentioning(f"--port={flower_port}") == []


def test_stack_leaves_services_it_did_not_start_alone(redis_srv, mongo_srv, tmp_path):
    env = {**os.environ, "REDIS_URL": f"redis://127.0.0.1:{redis_srv.port}/3",
           "MONGO_URI": f"mongodb://127.0.0.1:{mongo_srv.port}/other",
           "PRODUCTSCRAPER_RUN_DIR": str(tmp_path)}
    out = cli("stack", "up", "--workers", "1", "--no-flower", env=env).stdout
    assert "redis-" not in out and "mongo-" not in out
    cli("stack", "down", env=env)
    assert listening("127.0.0.1", redis_srv.port) and listening("127.0.0.1", mongo_srv.port)
