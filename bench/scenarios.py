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
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pymongo.database import Database

from bench.lab import ROOT, POLL_S, Lab, Params, Result, ScenarioError, Window, Workers, _bin  # noqa: F401
from bench.measure import MB, ChunkLog, MeasuredProcess, tree_cpu
from productscraper.storage import ledger, runs
from productscraper.storage.clock import parse_iso
from productscraper.storage.count import count


def ledger_progress(db: Database, run_ids: list[str]) -> tuple[int, int, dict[str, int]]:
    """(terminal entries, queued entries, counts per state) of the runs."""
    counts = dict.fromkeys(ledger.STATES, 0)
    for run_id in run_ids:  # indexed counts, as `wait` reads them (storage.count)
        for state, n in ledger.counts(db, run_id).items():
            counts[state] += n
    return sum(counts[s] for s in ledger.TERMINAL), counts["queued"], counts


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


def run_sequential(lab: Lab, shop, p: Params, latency_ms: float, profile: str = "demo") -> Result:
    """(a) one page after another with urllib, on a sample, extrapolated linearly."""
    slug = f"sequential-{latency_ms:g}ms"
    env = lab.env(slug)
    sample = min(p.sequential_sample or p.products, p.products)
    result = Result(f"sequential ({latency_ms:g} ms)", "sequential", latency_ms, p.products,
                    workers=1, concurrency=1, listing_pages=p.listing_pages)
    window = Window(lab, shop)
    started = time.time()
    with MeasuredProcess([sys.executable, "-m", "bench.sequential", "--start-url", shop.listing_url,
                          "--profile", profile, "--run-id", slug, "--limit", str(sample)],
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
    if result.stored != n - out.get("failed", 0):
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


def run_plain(lab: Lab, shop, p: Params, latency_ms: float, profile: str = "demo",
              label: str = "") -> Result:
    """(b) ``scrapy crawl catalog``: listings and products in one process.

    ``profile``: the site profile (``books`` for the books corpus); ``label`` prefixes
    the scenario's name and slug (``books``).
    """
    slug = f"{label + '-' if label else ''}plain-{latency_ms:g}ms"
    env = lab.env(slug)
    db = lab.db(env)
    result = Result(f"{label + ': ' if label else ''}plain Scrapy, 1 process ({latency_ms:g} ms)", "plain",
                    latency_ms, p.products, workers=1, concurrency=p.concurrency,
                    listing_pages=p.listing_pages)
    if latency_ms:
        result.physical_limit_s = p.listing_pages * latency_ms / 1000
    chunk = ChunkLog(p.chunk)
    alive: list[tuple[int, float]] = []  # (stored, CPU) polled while the crawl runs
    cmd = _scrapy("crawl", "catalog", "-a", f"start_url={shop.listing_url}", "-a", f"profile={profile}",
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
    result.extra["cpu_by_process_s"]["plain crawl"] = usage.cpu_s
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
    result.extra["cpu_by_process_s"].update({"listing spider": result.spider_cpu_s,
                                             "workers": result.worker_cpu_s})
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
               per_task: int = 1, pool: str | None = None, profile: str = "demo",
               label: str = "") -> Result:
    """(c) ``scrapy crawl listings`` + ``workers`` warm Celery worker processes.

    ``per_task`` > 1 sets PRODUCTS_PER_TASK for the publisher (the listing spider);
    ``pool`` sets the workers' WORKER_POOL (default: the project's default pool);
    ``profile`` and ``label`` as in :func:`run_plain`.
    """
    prefix = label
    slug = (f"{prefix + '-' if prefix else ''}fanout-{workers}w-{latency_ms:g}ms"
            + (f"-{per_task}pt" if per_task > 1 else "") + (f"-{pool}" if pool else ""))
    label = (f"{prefix + ': ' if prefix else ''}fan-out {workers}×{p.concurrency}"
             + (f", {per_task} per task" if per_task > 1 else "") + (f", {pool} pool" if pool else ""))
    result = Result(f"{label} ({latency_ms:g} ms)", "fanout", latency_ms,
                    p.products, workers=workers, concurrency=p.concurrency, listing_pages=p.listing_pages)
    if latency_ms:
        result.physical_limit_s = p.listing_pages * latency_ms / 1000

    def launch(env: dict, run_dir: Path) -> list[MeasuredProcess]:
        cmd = _scrapy("crawl", "listings", "-a", f"start_url={shop.listing_url}", "-a", f"profile={profile}",
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
