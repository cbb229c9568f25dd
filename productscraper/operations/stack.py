"""The local stack (``python -m productscraper stack up|down|status``).

Starts what is missing for the configured URLs: a Redis server and a MongoDB-wire
server (nx-27017, NOTES.md) when their loopback port is free, then Celery workers,
Flower, and for schedules one beat and the ``schedules`` queue's worker. Every process is started in its own session so ``down`` can stop its whole
process group (workers' Chromium included). State lives in ``<run dir>/stack.json``.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from productscraper.config import CUSTOM_POOLS, DEFAULT_POOL, ROOT, Config
from tasks.speedups import effective_pool
from productscraper.operations.netutil import host_port, is_loopback, listening, wait_listening


class StackError(RuntimeError):
    """A service could not be started."""


@dataclass
class Proc:
    """A process the stack started."""

    name: str
    pid: int
    cmd: list[str]
    log: str


def _state_file(cfg: Config) -> Path:
    return cfg.run_dir / "stack.json"


def load_state(cfg: Config) -> list[Proc]:
    """Processes recorded by ``stack up``."""
    path = _state_file(cfg)
    if not path.exists():
        return []
    return [Proc(**p) for p in json.loads(path.read_text())]


def _save_state(cfg: Config, procs: list[Proc]) -> None:
    cfg.run_dir.mkdir(parents=True, exist_ok=True)
    _state_file(cfg).write_text(json.dumps([asdict(p) for p in procs], indent=2))


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


def _spawn(cfg: Config, name: str, cmd: list[str], env: dict | None = None, nice: int = 0) -> Proc:
    cfg.run_dir.mkdir(parents=True, exist_ok=True)
    log = cfg.run_dir / f"{name}.log"
    with open(log, "ab") as fh:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                env={**os.environ, **(env or {})},
                                preexec_fn=(lambda: os.nice(nice)) if nice > 0 else None)
    return Proc(name=name, pid=proc.pid, cmd=cmd, log=str(log))


def find_executable(name: str) -> str:
    """An executable next to this interpreter (the venv) or on PATH."""
    local = Path(sys.executable).parent / name
    if local.exists():
        return str(local)
    found = shutil.which(name)
    if not found:
        raise StackError(f"{name} not found: run `make setup` (or install it) first")
    return found


def _ensure_redis(cfg: Config, procs: list[Proc]) -> None:
    for url in {cfg.broker_url, cfg.result_backend}:
        if not url.startswith("redis://"):
            continue
        host, port = host_port(url, 6379)
        if listening(host, port) or not is_loopback(host):
            continue
        p = _spawn(cfg, f"redis-{port}", [find_executable("redis-server"), "--port", str(port), "--bind",
                                          "127.0.0.1", "--save", "", "--appendonly", "no",
                                          "--dir", str(cfg.run_dir)])
        procs.append(p)
        if not wait_listening(host, port, 15):
            raise StackError(f"redis-server did not start on port {port}; see {p.log}")


def _ensure_mongo(cfg: Config, procs: list[Proc]) -> None:
    host, port = host_port(cfg.mongo_uri, 27017)
    if listening(host, port) or not is_loopback(host):
        return
    # --data-dir: one SQLite file per database (otherwise all database names share one).
    data_dir = cfg.run_dir / f"mongo-{port}"
    data_dir.mkdir(parents=True, exist_ok=True)
    p = _spawn(cfg, f"mongo-{port}", [find_executable("nx-27017"), "--host", "127.0.0.1", "-p", str(port),
                                      "--data-dir", str(data_dir),
                                      "--pid-file", str(cfg.run_dir / f"mongo-{port}.pid"),
                                      "--log-file", str(cfg.run_dir / f"mongo-{port}.server.log")])
    procs.append(p)
    if not wait_listening(host, port, 20):
        raise StackError(f"nx-27017 did not start on port {port}; see {p.log}")


def worker_cmd(name: str, queue: str, concurrency: int, pool: str = DEFAULT_POOL) -> list[str]:
    """The Celery worker command line the stack uses."""
    pool = effective_pool(pool)
    return [sys.executable, "-m", "celery", "-A", "tasks", "worker", "-l", "info", "-E",
            "-Q", queue, "--pool", "custom" if pool in CUSTOM_POOLS else pool,
            "--concurrency", str(concurrency), "-n", f"{name}@%h",
            "--without-gossip", "--without-mingle"]


def pool_env(pool: str) -> dict[str, str]:
    """Environment a :func:`worker_cmd` worker needs for ``pool``: a project pool runs as
    Celery's "custom" pool, named by ``CELERY_CUSTOM_WORKER_POOL``."""
    pool = effective_pool(pool)
    env = {"WORKER_POOL": pool}
    if pool in CUSTOM_POOLS:
        env["CELERY_CUSTOM_WORKER_POOL"] = CUSTOM_POOLS[pool]
    return env


def beat_cmd() -> list[str]:
    """Celery beat with RedBeat's scheduler (schedules in Redis, one beat via its lock)."""
    return [sys.executable, "-m", "celery", "-A", "tasks", "beat", "-l", "info",
            "-S", "redbeat.RedBeatScheduler"]


#: Firings the schedules worker runs at once (each waits for its listing crawl subprocess).
SCHEDULE_CONCURRENCY = 4


def default_render_workers(cfg: Config) -> int:
    """Browser workers ``stack up`` starts unless told: one where a browser is installed
    (so pages handed to the render queue always have a consumer), none otherwise (pages
    that need JavaScript then end ``failed``, see ``Config.rendering_allowed``)."""
    return 1 if cfg.browser_installed and cfg.browser_rendering != "off" else 0


def up(cfg: Config, workers: int = 2, concurrency: int = 16, render_workers: int | None = None,
       render_concurrency: int = 1, flower: bool = True, pool: str = DEFAULT_POOL,
       schedules: bool = True) -> list[Proc]:
    """Start what is missing; returns every process the stack now owns.

    ``render_workers=None``: :func:`default_render_workers`. ``schedules``: beat and the
    ``schedules`` worker (threads: a firing waits for its crawl subprocess; not niced, so a
    scheduled listing crawl gets the CPU before product workers, like one started by hand).
    """
    if render_workers is None:
        render_workers = default_render_workers(cfg)
    procs = [p for p in load_state(cfg) if alive(p.pid)]
    try:
        _ensure_redis(cfg, procs)
        _ensure_mongo(cfg, procs)
        running = {p.name for p in procs}
        for i in range(1, workers + 1):
            if f"worker{i}" not in running:
                procs.append(_spawn(cfg, f"worker{i}",
                                    worker_cmd(f"worker{i}", f"{cfg.product_queue},{cfg.webhook_queue}",
                                               concurrency, pool),
                                    env=pool_env(pool), nice=cfg.worker_nice))
        for i in range(1, render_workers + 1):
            if f"render{i}" not in running:
                procs.append(_spawn(cfg, f"render{i}",
                                    worker_cmd(f"render{i}", cfg.render_queue, render_concurrency, pool),
                                    env=pool_env(pool), nice=cfg.worker_nice))
        if flower and "flower" not in running:
            # Flower that also inspects workers which come online after it (operations/flower.py).
            cmd = [sys.executable, "-m", "productscraper.operations.flower",
                   f"--port={cfg.flower_port}", "--address=127.0.0.1"]
            if cfg.flower_basic_auth:
                cmd.append(f"--basic-auth={cfg.flower_basic_auth}")
            procs.append(_spawn(cfg, "flower", cmd))
        if schedules and "schedules1" not in running:
            procs.append(_spawn(cfg, "schedules1",
                                worker_cmd("schedules1", cfg.schedule_queue, SCHEDULE_CONCURRENCY, "threads"),
                                env=pool_env("threads")))
        if schedules and "beat" not in running:
            procs.append(_spawn(cfg, "beat", beat_cmd()))
    finally:
        _save_state(cfg, procs)
    return procs


def down(cfg: Config, timeout: float = 15.0) -> list[str]:
    """Stop every process group the stack started (workers first, servers last)."""
    procs = load_state(cfg)
    stopped = []
    for group in ([p for p in procs if not p.name.startswith(("redis", "mongo"))],
                  [p for p in procs if p.name.startswith(("redis", "mongo"))]):
        for p in group:
            _signal_group(p.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for p in group:
            while _group_alive(p.pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            if _group_alive(p.pid):
                _signal_group(p.pid, signal.SIGKILL)
            stopped.append(p.name)
    _state_file(cfg).unlink(missing_ok=True)
    try:  # Chromium helpers that detached from a killed worker's process group
        from productscraper.browser import reap_orphans

        reap_orphans()
    except Exception:
        pass
    return stopped


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        pass


def _group_alive(pgid: int) -> bool:
    """True while any live process is in process group ``pgid`` (a leader's orphans too)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(") ", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            return True
    return False


def status(cfg: Config) -> list[dict]:
    """One row per process the stack started: name, pid, alive, log."""
    return [{"name": p.name, "pid": p.pid, "alive": alive(p.pid), "log": p.log}
            for p in load_state(cfg)]
