"""The lab the benchmark's scenarios run in, and what they are given and return.

:class:`Lab` owns a redis-server and an nx-27017 of the benchmark's own (free loopback
ports, data in a temporary directory) and hands each scenario a fresh MongoDB database,
an emptied Redis and a run directory of its own. :class:`Params` are a scenario's
inputs, :class:`Result` its measurements; :class:`Workers` runs the workers of a
distributed scenario (``stack up``/``stack down``).
"""

from __future__ import annotations

import math
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis
from pymongo import MongoClient
from pymongo.database import Database

from bench.measure import MB, CpuAccount, MeasuredProcess, Sampler, tree_cpu, tree_rss
from productscraper.config import Config
from productscraper.operations.netutil import free_port, wait_listening
from productscraper.operations.stack import load_state

ROOT = Path(__file__).resolve().parent.parent
POLL_S = 0.25  # progress poll; chunk samples are taken on these polls


class ScenarioError(RuntimeError):
    """A scenario could not be measured (a process failed, a timeout, lost products)."""


@dataclass
class Params:
    """What ``python -m bench.run`` was asked to measure."""

    products: int = 1000
    per_page: int = 20
    latency_ms: float = 100.0
    concurrency: int = 16
    workers: tuple[int, ...] = (1, 2, 4)
    scaling_concurrency: int = 4
    scaling_urls: int = 1000
    scaling_latency_ms: float = 100.0
    soak: int = 0
    zero_repeats: int = 0
    books_repeats: int = 0
    sequential_sample: int = 100
    chunk: int = 200
    timeout: float = 900.0

    @property
    def listing_pages(self) -> int:
        return math.ceil(self.products / self.per_page)


@dataclass
class Result:
    """One measured scenario (a row of the results table)."""

    name: str
    kind: str  # sequential | plain | fanout | enqueue | soak
    latency_ms: float
    products: int  # what the scenario had to store
    workers: int | None = None
    concurrency: int | None = None
    stored: int = 0
    failed: int = 0
    rejected: int = 0
    wall_s: float | None = None  # start to the last product stored
    products_per_min: float | None = None
    cpu_s: float | None = None  # every process of the system (not redis/nx, not the site)
    service_cpu_s: float | None = None  # redis-server + nx-27017
    site_cpu_s: float | None = None  # the demo shop (competes for the same cores)
    peak_rss_mb: float | None = None  # peak of the summed RSS of the system's processes
    service_peak_rss_mb: float | None = None
    listing_pages: int | None = None
    physical_limit_s: float | None = None  # listing pages x latency (latency-bound shape)
    extrapolated_from: int | None = None
    worker_cpu_s: float | None = None  # fan-out: the workers alone, timed window
    spider_cpu_s: float | None = None  # the listing spider / enqueue command
    cpu_per_product_s: float | None = None  # plain crawl: steady state (start-up excluded)
    chunk_cpu_per_task_s: list[float] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


# ------------------------------------------------------------------------------ lab


def _bin(name: str) -> str:
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if not found:
        raise ScenarioError(f"{name} not found: run `make setup` first")
    return found


class Lab:
    """Redis + nx-27017 for the whole benchmark, a fresh database per scenario."""

    def __init__(self, workdir: Path, sampler: Sampler) -> None:
        self.workdir = workdir
        self.sampler = sampler
        self.redis_port = free_port()
        self.mongo_port = free_port()
        self.servers: list[MeasuredProcess] = []
        self._clients: list[MongoClient] = []

    def __enter__(self) -> "Lab":
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> None:
        data = self.workdir / "mongo"
        data.mkdir(parents=True, exist_ok=True)
        self.servers.append(MeasuredProcess(
            [_bin("redis-server"), "--port", str(self.redis_port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
            env=_base_env(), log=self.workdir / "redis.log"))
        # --data-dir: one SQLite file per database name (fresh database per scenario).
        self.servers.append(MeasuredProcess(
            [_bin("nx-27017"), "--host", "127.0.0.1", "-p", str(self.mongo_port),
             "--data-dir", str(data), "--pid-file", str(data / "nx.pid"),
             "--log-file", str(data / "nx.log")],
            env=_base_env(), log=self.workdir / "nx-27017.log"))
        for port, server in zip((self.redis_port, self.mongo_port), self.servers):
            if not wait_listening("127.0.0.1", port, 30):
                raise ScenarioError(f"{server.cmd[0]} did not start on port {port}: {server.output()[-500:]}")

    def close(self) -> None:
        """Stop the servers (idempotent)."""
        for client in self._clients:
            client.close()
        self._clients.clear()
        for server in reversed(self.servers):
            server.stop()

    @property
    def service_pids(self) -> list[int]:
        return [s.pid for s in self.servers]

    def service_cpu(self) -> float:
        """CPU seconds used so far by redis-server and nx-27017."""
        return tree_cpu(self.service_pids)

    def env(self, slug: str) -> dict[str, str]:
        """Environment of one scenario: empty Redis, fresh database, own run directory."""
        with redis.Redis(port=self.redis_port) as client:
            client.flushall()
        run_dir = self.workdir / slug
        run_dir.mkdir(parents=True, exist_ok=True)
        env = _base_env()
        env.update(REDIS_URL=f"redis://127.0.0.1:{self.redis_port}/0",
                   MONGO_URI=f"mongodb://127.0.0.1:{self.mongo_port}/bench_{slug.replace('-', '_')}"
                             f"_{uuid.uuid4().hex[:6]}",
                   PRODUCTSCRAPER_RUN_DIR=str(run_dir))
        return env

    def db(self, env: dict[str, str]) -> Database:
        """The scenario's database."""
        uri = env["MONGO_URI"]
        client = MongoClient(uri, serverSelectionTimeoutMS=10_000)
        self._clients.append(client)
        return client[uri.rsplit("/", 1)[1]]



class Window:
    """What every scenario measures alike: servers' and site's CPU, peak memory.

    Created just before the timed part; :meth:`close` fills the result once it is over,
    with each server's and the site's CPU in ``extra["cpu_by_process_s"]`` (the
    scenario adds its spider and workers there).
    """

    def __init__(self, lab: Lab, shop) -> None:
        self.lab, self.shop = lab, shop
        lab.sampler.reset()
        lab.sampler.watch("services", lab.service_pids, system=False)
        self.account = CpuAccount()
        for server in lab.servers:
            self.account.watch(Path(server.cmd[0]).name, [server.pid])
        self.account.watch("site", _site_pid(shop))
        self.account.start()

    def close(self, result: "Result") -> None:
        lab = self.lab
        by_process = self.account.stop()
        result.site_cpu_s = by_process.pop("site")
        result.service_cpu_s = sum(by_process.values())
        result.extra["cpu_by_process_s"] = {**by_process, "site": result.site_cpu_s}
        result.peak_rss_mb = lab.sampler.peak_system() / MB
        result.service_peak_rss_mb = lab.sampler.peak("services") / MB


def _base_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        env.pop(name, None)  # everything goes to the lab's Redis
    env.update(PYTHONPATH=str(ROOT), SCRAPY_SETTINGS_MODULE="productscraper.settings")
    return env


def _site_pid(shop) -> list[int]:
    # DemoShopProcess keeps its Popen private; its CPU is reported apart (it shares the cores).
    proc = getattr(shop, "_proc", None)
    return [proc.pid] if proc is not None else []


# -------------------------------------------------------------------------- workers


class Workers:
    """``stack up --workers N`` for one scenario, warmed up; ``stack down`` on exit."""

    def __init__(self, env: dict[str, str], count: int, concurrency: int, log: Path) -> None:
        self.env, self.count, self.concurrency, self.log = env, count, concurrency, log
        self.pids: list[int] = []

    def __enter__(self) -> "Workers":
        try:
            self._up()
        except BaseException:
            self._down()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self._down()

    def _cli(self, *args: str, timeout: float = 120.0) -> subprocess.CompletedProcess:
        with open(self.log, "a") as fh:
            return subprocess.run([sys.executable, "-m", "productscraper", *args], cwd=ROOT,
                                  env=self.env, stdout=fh, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=timeout, check=False)

    def _up(self) -> None:
        proc = self._cli("stack", "up", "--workers", str(self.count), "--concurrency",
                         str(self.concurrency), "--no-flower", "--no-schedules")  # no beat in a benchmark
        state = [p for p in load_state(Config.from_env(self.env)) if p.name.startswith("worker")]
        self.pids = [p.pid for p in state]
        if proc.returncode != 0 or len(self.pids) != self.count:
            raise ScenarioError(f"stack up failed (exit {proc.returncode}); see {self.log}")
        self._warm_up([Path(p.log) for p in state])

    def _warm_up(self, logs: list[Path], timeout: float = 90.0) -> None:
        """Wait until every worker's crawler is open, then until its CPU settles."""
        deadline = time.monotonic() + timeout
        while not all("crawl service ready" in _read(log) for log in logs):
            if time.monotonic() > deadline:
                raise ScenarioError(f"workers not ready after {timeout:.0f} s; see {logs}")
            if not all(_alive(pid) for pid in self.pids):
                raise ScenarioError(f"a worker exited during start-up; see {logs}")
            time.sleep(0.2)
        # Start-up work (imports, first connections) must not leak into the timed window.
        for _ in range(40):
            before = tree_cpu(self.pids)
            time.sleep(0.5)
            if tree_cpu(self.pids) - before < 0.05 * self.count:
                break

    def _down(self) -> None:
        try:
            self._cli("stack", "down", timeout=90)
        except subprocess.TimeoutExpired:
            pass
        for pid in self.pids:  # last resort: nothing of ours stays behind
            if _alive(pid):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def cpu(self) -> float:
        """CPU seconds of the workers (and any children) so far."""
        return tree_cpu(self.pids)

    def rss(self) -> int:
        """RSS (bytes) of the workers now."""
        return tree_rss(self.pids)


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


# ------------------------------------------------------------------------- progress
