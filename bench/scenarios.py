"""The benchmark's scenarios and the lab they run in.

:class:`Lab` owns a redis-server and an nx-27017 of the benchmark's own (free loopback
ports, data in a temporary directory) and hands each scenario a fresh MongoDB database,
an emptied Redis and a run directory of its own. Each ``run_*`` function measures one
scenario and returns a :class:`Result`; comparisons between scenarios (speed-ups,
per-task overhead) are made by :mod:`bench.report`.

Every process a scenario starts is stopped in a ``finally`` (workers with
``stack down``), so an error or Ctrl-C leaves nothing running.
"""
from __future__ import annotations

import json
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis
from pymongo import MongoClient
from pymongo.database import Database

from bench.measure import MB, ChunkLog, MeasuredProcess, Sampler, tree_cpu, tree_rss
from productscraper.config import Config
from productscraper.netutil import free_port, wait_listening
from productscraper.stack import load_state
from productscraper.storage import ledger, runs
from productscraper.storage.clock import parse_iso
from productscraper.storage.count import count

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

    Created just before the timed part; :meth:`close` fills the result once it is over.
    """

    def __init__(self, lab: Lab, shop) -> None:
        self.lab, self.shop = lab, shop
        lab.sampler.reset()
        lab.sampler.watch("services", lab.service_pids, system=False)
        self.service_cpu0 = lab.service_cpu()
        self.site_cpu0 = tree_cpu(_site_pid(shop))

    def close(self, result: "Result") -> None:
        lab = self.lab
        result.service_cpu_s = lab.service_cpu() - self.service_cpu0
        result.site_cpu_s = tree_cpu(_site_pid(self.shop)) - self.site_cpu0
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
                         str(self.concurrency), "--no-flower")
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


def ledger_progress(db: Database, run_ids: list[str]) -> tuple[int, int, dict[str, int]]:
    """(terminal entries, queued entries, counts per state) of the runs."""
    counts = {"stored": 0, "failed": 0, "rejected": 0, "queued": 0}
    for run_id in run_ids:  # indexed counts, as `wait` reads them (storage.count)
        for state, n in ledger.counts(db, run_id).items():
            counts[state] += n
    return counts["stored"] + counts["failed"] + counts["rejected"], counts["queued"], counts


def task_timings(db: Database, run_ids: list[str]) -> dict[str, float]:
    """Mean ms per phase of the runs' stored products' tasks (``report``'s figures)."""
    sums: dict[str, dict[str, float]] = {}
    for doc in db.runs.find({"_id": {"$in": run_ids}}, {"timings": 1}):
        for phase, value in (doc.get("timings") or {}).items():
            total = sums.setdefault(phase, {"ms": 0.0, "n": 0})
            total["ms"] += value.get("ms", 0.0)
            total["n"] += value.get("n", 0)
    return runs.time_per_product({"timings": sums})


def last_time(db: Database, collection: str, flt: dict, field_name: str) -> float | None:
    """Epoch seconds of the latest ``field_name`` among matching documents."""
    doc = next(iter(db[collection].find({**flt, field_name: {"$exists": True}}, {field_name: 1})
                    .sort(field_name, -1).limit(1)), None)
    when = parse_iso(doc[field_name]) if doc else None
    return when.timestamp() if when else None


def follow(procs: list[MeasuredProcess], progress: Callable[[], tuple[int, bool]],
           cpu: Callable[[], float], chunk: ChunkLog, timeout: float,
           on_poll: Callable[[int], None] | None = None, stall_s: float = 120.0) -> int:
    """Poll until every process exited and ``progress`` says complete; returns tasks done.

    ``cpu`` (seconds since the start) is recorded in ``chunk`` as tasks complete. Gives
    up after ``timeout``, or ``stall_s`` without progress once the processes exited.
    """
    deadline = time.monotonic() + timeout
    done, last_change = -1, time.monotonic()
    while True:
        exited = [p.poll() for p in procs]
        for p, usage in zip(procs, exited):
            if usage is not None and usage.returncode != 0:
                raise ScenarioError(f"{' '.join(p.cmd[:4])} exited {usage.returncode}: "
                                    f"{p.output()[-1500:]}")
        previous, (done, complete) = done, progress()
        if done != previous:
            last_change = time.monotonic()
        chunk.observe(done, cpu())
        if on_poll:
            on_poll(done)
        if complete and all(u is not None for u in exited):
            return done
        if time.monotonic() > deadline:
            raise ScenarioError(f"not complete after {timeout:.0f} s ({done} done)")
        if all(u is not None for u in exited) and time.monotonic() - last_change > stall_s:
            raise ScenarioError(f"no progress for {stall_s:.0f} s ({done} done)")
        time.sleep(POLL_S)


def startup_s(shop, started: float, latency_ms: float) -> float | None:
    """Seconds from ``started`` until the crawler's first request reached the site.

    The shop logs a request when it answers, i.e. after its latency. This is the
    spider process's start-up (imports, broker check), part of the wall time but not
    of the physical limit.
    """
    for line in shop.access_log_lines():
        try:
            when = float(line.split(" ", 1)[0])
        except ValueError:
            continue
        if when >= started:
            return max(when - started - latency_ms / 1000, 0.0)
    return None


def _scrapy(*args: str) -> list[str]:
    return [_bin("scrapy"), *args]


def _finish(result: Result, started: float, ended: float | None) -> None:
    if ended is None:
        raise ScenarioError("no product was stored")
    result.wall_s = ended - started
    result.products_per_min = result.stored / result.wall_s * 60 if result.wall_s > 0 else None


def _check_complete(result: Result) -> None:
    terminal = result.stored + result.failed + result.rejected
    if result.stored < result.products and not result.extrapolated_from:
        result.extra["incomplete"] = f"stored {result.stored} of {result.products} ({terminal} terminal)"


# ------------------------------------------------------------------------ scenarios


def run_sequential(lab: Lab, shop, p: Params, latency_ms: float) -> Result:
    """(a) one page after another with urllib, on a sample, extrapolated linearly."""
    slug = f"sequential-{latency_ms:g}ms"
    env = lab.env(slug)
    sample = min(p.sequential_sample or p.products, p.products)
    result = Result(f"sequential ({latency_ms:g} ms)", "sequential", latency_ms, p.products,
                    workers=1, concurrency=1, listing_pages=p.listing_pages)
    window = Window(lab, shop)
    started = time.time()
    with MeasuredProcess([sys.executable, "-m", "bench.sequential", "--start-url", shop.listing_url,
                          "--profile", "demo", "--run-id", slug, "--limit", str(sample)],
                         env=env, log=lab.workdir / slug / "sequential.log", cwd=ROOT) as proc:
        lab.sampler.watch("sequential", [proc.pid])
        usage = proc.wait(p.timeout)
        if usage.returncode != 0:
            raise ScenarioError(f"bench.sequential exited {usage.returncode}: {proc.output()[-1500:]}")
    window.close(result)
    out = json.loads(proc.output().strip().splitlines()[-1])
    n = out["products"]
    factor = p.products / n if n else 0.0
    crawl_wall = out["ended_at"] - out["started_at"]
    crawl_cpu = out["cpu_end_s"] - out["cpu_start_s"]
    # Start-up (imports) once, the crawl itself scaled to the whole catalogue.
    result.wall_s = (out["started_at"] - started) + crawl_wall * factor
    result.cpu_s = usage.cpu_s + crawl_cpu * (factor - 1)
    result.cpu_per_product_s = crawl_cpu / n if n else None
    result.stored = count(lab.db(env).products, {"run_id": slug})
    if result.stored != n:
        raise ScenarioError(f"bench.sequential scraped {n} products but {result.stored} are stored")
    result.products_per_min = p.products / result.wall_s * 60
    if factor > 1:
        result.extrapolated_from = n
        result.service_cpu_s *= factor
        if result.site_cpu_s is not None:
            result.site_cpu_s *= factor
    result.extra.update(sample_wall_s=out["ended_at"] - started, sample_cpu_s=usage.cpu_s,
                        sample_listing_pages=out["listing_pages"])
    return result


def _steady_cpu_per_product(polls: list[tuple[int, float]], total_cpu: float, stored: int) -> float | None:
    """CPU per product between the first and the last poll that saw progress.

    This leaves out the process's start-up (imports, ~1 CPU-s) and shut-down, which
    the warm workers of the fan-out do not pay per run either. Falls back to the
    whole process when the polls saw too little of the crawl (a very short run).
    """
    if len(polls) >= 2:
        (d0, c0), (d1, c1) = polls[0], polls[-1]
        if d1 - d0 >= max(10, stored // 5):
            return (c1 - c0) / (d1 - d0)
    return total_cpu / stored if stored else None


def run_plain(lab: Lab, shop, p: Params, latency_ms: float) -> Result:
    """(b) ``scrapy crawl catalog``: listings and products in one process."""
    slug = f"plain-{latency_ms:g}ms"
    env = lab.env(slug)
    db = lab.db(env)
    result = Result(f"plain Scrapy, 1 process ({latency_ms:g} ms)", "plain", latency_ms, p.products,
                    workers=1, concurrency=p.concurrency, listing_pages=p.listing_pages)
    if latency_ms:
        result.physical_limit_s = p.listing_pages * latency_ms / 1000
    chunk = ChunkLog(p.chunk)
    alive: list[tuple[int, float]] = []  # (stored, CPU) polled while the crawl runs
    cmd = _scrapy("crawl", "catalog", "-a", f"start_url={shop.listing_url}", "-a", "profile=demo",
                  "-a", f"run_id={slug}", "-s", f"CONCURRENT_REQUESTS={p.concurrency}",
                  "-s", f"CONCURRENT_REQUESTS_PER_DOMAIN={p.concurrency}")
    window = Window(lab, shop)
    started = time.time()
    with MeasuredProcess(cmd, env=env, log=lab.workdir / slug / "catalog.log", cwd=ROOT) as proc:
        lab.sampler.watch("spider", [proc.pid])

        def progress() -> tuple[int, bool]:
            return count(db.products, {"run_id": slug}), proc.poll() is not None

        def cpu() -> float:
            return proc.usage.cpu_s if proc.usage else tree_cpu([proc.pid])

        def on_poll(done: int) -> None:
            if done and proc.usage is None and (not alive or done > alive[-1][0]):
                alive.append((done, cpu()))

        follow([proc], progress, cpu, chunk, p.timeout, on_poll)
        usage = proc.poll()
    assert usage is not None
    window.close(result)
    result.cpu_s = usage.cpu_s
    result.stored = count(db.products, {"run_id": slug})
    result.rejected = count(db.rejects, {"run_id": slug})
    _finish(result, started, last_time(db, "products", {"run_id": slug}, "last_seen"))
    result.extra["startup_s"] = startup_s(shop, started, latency_ms)
    result.cpu_per_product_s = _steady_cpu_per_product(alive, usage.cpu_s, result.stored)
    result.chunk_cpu_per_task_s = chunk.means()
    _check_complete(result)
    return result


def _run_distributed(lab: Lab, shop, p: Params, *, slug: str, result: Result, workers: int,
                     concurrency: int, launch: Callable[[dict, Path], list[MeasuredProcess]],
                     run_ids: list[str], on_poll: Callable[[int, "Workers"], None] | None = None,
                     worker_env: dict[str, str] | None = None) -> Result:
    """Warm workers, then time ``launch``'s processes to the last ledger entry finished."""
    env = {**lab.env(slug), **(worker_env or {})}
    db = lab.db(env)
    run_dir = Path(env["PRODUCTSCRAPER_RUN_DIR"])
    chunk = ChunkLog(p.chunk)
    with Workers(env, workers, concurrency, run_dir / "stack.log") as pool:
        window = Window(lab, shop)
        lab.sampler.watch("workers", pool.pids)
        result.extra["worker_rss_warm_mb"] = pool.rss() / MB
        cpu0 = pool.cpu()
        started = time.time()
        procs = launch(env, run_dir)
        try:
            for proc in procs:
                lab.sampler.watch("spider", [proc.pid])

            def progress() -> tuple[int, bool]:
                # The spider / enqueue registers every URL in the ledger before it exits
                # (follow() also waits for that), so then nothing queued means done.
                done, queued, _ = ledger_progress(db, run_ids)
                return done, queued == 0 and done > 0

            follow(procs, progress, lambda: pool.cpu() - cpu0, chunk, p.timeout,
                   (lambda done: on_poll(done, pool)) if on_poll else None)
        finally:
            for proc in procs:
                proc.stop()
        result.worker_cpu_s = pool.cpu() - cpu0
        window.close(result)
        result.extra["worker_rss_end_mb"] = pool.rss() / MB
    result.spider_cpu_s = sum(proc.usage.cpu_s for proc in procs if proc.usage)
    result.cpu_s = result.worker_cpu_s + result.spider_cpu_s
    # The workers flushed their run counters when they stopped: where the tasks' time went.
    result.extra["time_per_product_ms"] = task_timings(db, run_ids)
    _, _, counts = ledger_progress(db, run_ids)
    result.stored, result.failed, result.rejected = counts["stored"], counts["failed"], counts["rejected"]
    _finish(result, started, last_time(db, "urls", {"run_id": {"$in": run_ids}}, "finished_at"))
    result.extra["startup_s"] = startup_s(shop, started, result.latency_ms)
    result.chunk_cpu_per_task_s = chunk.means()
    _check_complete(result)
    return result


def run_fanout(lab: Lab, shop, p: Params, latency_ms: float, workers: int,
               per_task: int = 1, pool: str | None = None) -> Result:
    """(c) ``scrapy crawl listings`` + ``workers`` warm Celery worker processes.

    ``per_task`` > 1 sets PRODUCTS_PER_TASK for the publisher (the listing spider);
    ``pool`` sets the workers' WORKER_POOL (default: the project's default pool).
    """
    slug = (f"fanout-{workers}w-{latency_ms:g}ms" + (f"-{per_task}pt" if per_task > 1 else "")
            + (f"-{pool}" if pool else ""))
    label = (f"fan-out {workers}×{p.concurrency}" + (f", {per_task} per task" if per_task > 1 else "")
             + (f", {pool} pool" if pool else ""))
    result = Result(f"{label} ({latency_ms:g} ms)", "fanout", latency_ms,
                    p.products, workers=workers, concurrency=p.concurrency, listing_pages=p.listing_pages)
    if latency_ms:
        result.physical_limit_s = p.listing_pages * latency_ms / 1000

    def launch(env: dict, run_dir: Path) -> list[MeasuredProcess]:
        cmd = _scrapy("crawl", "listings", "-a", f"start_url={shop.listing_url}", "-a", "profile=demo",
                      "-a", f"run_id={slug}")
        return [MeasuredProcess(cmd, env={**env, "PRODUCTS_PER_TASK": str(per_task)},
                                log=run_dir / "listings.log", cwd=ROOT)]

    result.extra["products_per_task"] = per_task
    return _run_distributed(lab, shop, p, slug=slug, result=result, workers=workers,
                            concurrency=p.concurrency, launch=launch, run_ids=[slug],
                            worker_env={"WORKER_POOL": pool} if pool else None)


def _enqueue_cmd(run_id: str, url_file: Path) -> list[str]:
    return [sys.executable, "-m", "productscraper", "enqueue", "--run", run_id, "--file",
            str(url_file), "--profile", "demo"]


def run_enqueue(lab: Lab, shop, p: Params, workers: int, urls: list[str]) -> Result:
    """(e) ``enqueue`` of known URLs into ``workers`` × ``scaling_concurrency`` workers."""
    latency = p.scaling_latency_ms
    slug = f"enqueue-{workers}w-{latency:g}ms"
    result = Result(f"enqueue {workers}×{p.scaling_concurrency} ({latency:g} ms)", "enqueue", latency,
                    len(urls), workers=workers, concurrency=p.scaling_concurrency)

    def launch(env: dict, run_dir: Path) -> list[MeasuredProcess]:
        url_file = run_dir / "urls.txt"
        url_file.write_text("".join(u + "\n" for u in urls))
        return [MeasuredProcess(_enqueue_cmd(slug, url_file), env=env, log=run_dir / "enqueue.log",
                                cwd=ROOT)]

    return _run_distributed(lab, shop, p, slug=slug, result=result, workers=workers,
                            concurrency=p.scaling_concurrency, launch=launch, run_ids=[slug])


def run_soak(lab: Lab, shop, p: Params, urls: list[str]) -> Result:
    """(f) one worker, ``p.soak`` tasks (the shop's URLs again in several runs): RSS drift."""
    n = p.soak
    runs = math.ceil(n / len(urls))
    run_ids = [f"soak-{i + 1}" for i in range(runs)]
    result = Result(f"soak 1×{p.concurrency}, {n} tasks ({p.latency_ms:g} ms)", "soak", p.latency_ms, n,
                    workers=1, concurrency=p.concurrency)
    rss: dict[int, float] = {}  # tasks done -> worker RSS (MB), every 500 tasks

    def launch(env: dict, run_dir: Path) -> list[MeasuredProcess]:
        commands = []
        for i, run_id in enumerate(run_ids):
            batch = urls[: n - i * len(urls)] if i == runs - 1 else urls
            url_file = run_dir / f"{run_id}.txt"
            url_file.write_text("".join(u + "\n" for u in batch))
            commands.append(shlex.join(_enqueue_cmd(run_id, url_file)))
        # One run after the other, in one shell (its rusage includes them all), while
        # the worker is already busy with the first run.
        return [MeasuredProcess(["sh", "-c", " && ".join(commands)], env=env,
                                log=run_dir / "enqueue.log", cwd=ROOT)]

    def on_poll(done: int, pool: Workers) -> None:
        mark = done // 500 * 500
        if mark and mark not in rss:
            rss[mark] = pool.rss() / MB

    _run_distributed(lab, shop, p, slug="soak", result=result, workers=1, concurrency=p.concurrency,
                     launch=launch, run_ids=run_ids, on_poll=on_poll)
    result.extra["rss_by_tasks_mb"] = {str(k): round(v, 1) for k, v in sorted(rss.items())}
    result.extra["rss_after_500_mb"] = rss.get(500)
    result.extra["rss_after_all_mb"] = result.extra.get("worker_rss_end_mb")
    if rss.get(500) and result.extra["rss_after_all_mb"]:
        result.extra["rss_growth"] = result.extra["rss_after_all_mb"] / rss[500] - 1
    return result
